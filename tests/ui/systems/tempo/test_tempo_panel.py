"""Tempo Combat's Characters dock through the real window: each character's Exertion as a bar out
of its maximum, its HP and conditions where the viewer may read them, the reactions it may use
now as Respond buttons, and Advance disabled with its reason while the count cannot go on."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QProgressBar, QPushButton, QWidget

from desktop.engine.changes import EVERYTHING
from desktop.engine.demo import demo_game
from desktop.rulesets.tempo import actions as a
from desktop.ui.systems.tempo.panel import CharactersPanel
from tests.rulesets.tempo.helpers import new, plans, st, take, to_turn
from tests.table_helpers import window_on


def panel_of(window):
    from desktop.ui.systems.tempo.panel import CharactersBody

    return window.findChild(CharactersBody, "tempo-characters")


def test_each_player_character_has_its_exertion_as_a_bar_and_advance_says_why_it_waits(qtbot):
    session, window = window_on(qtbot, demo_game("tempo"))
    body = panel_of(window)
    view = session.view()
    for row in view.extra.rows:
        bar = window.findChild(QProgressBar, f"exertion:{row.id}")
        if row.max_exertion < 0:  # an NPC's sheet the viewer may not read: no bar to give it away
            assert bar is None
            continue
        assert bar is not None and (bar.value(), bar.maximum()) == (row.exertion, row.max_exertion)
        assert bar.format().startswith(f"Exertion {row.exertion}/{row.max_exertion}")
    advance = body.advance
    legal = [act for act in session.legal_actions() if isinstance(act, a.Advance)]
    assert advance.isEnabled() == bool(legal)
    if not legal:
        assert body.reason.text().startswith("Not now: ") and "Not now:" in advance.toolTip()


def test_a_reaction_usable_now_is_a_respond_button_that_takes_it(qtbot):
    game = plans(new(), {"ann": ["scan", "hide"], "bo": ["quick_attack", "rest"],
                         "orc": ["help", "slow_attack"], "goblin": ["move", "shift"]})
    to_turn(game, "bo", 3)
    take(game, "bo", "quick_attack", weapon="Dirk", target="goblin")
    session, window = window_on(qtbot, game)
    if session.viewer != "bo":
        session.request_viewer("bo")
        window.curtain.button.click()
    QApplication.processEvents()
    button = window.findChild(QPushButton, "react:bo:Dual Wield")
    assert button is not None and button.isEnabled() and button.text() == "Bo: Respond: Dual Wield"
    assert set(panel_of(window).respond) == {("bo", "Dual Wield")}  # only what may be used now
    assert panel_of(window).advance.isEnabled()  # a turn is under way: Advance ends it
    button.click()
    qtbot.waitUntil(lambda: st(session.game).turn.reacted == ["bo"], timeout=3000)
    assert ("bo", "Dual Wield") not in panel_of(window).respond  # used: no longer offered


def test_at_its_maximum_the_bar_says_so_and_paints_in_the_warning_colour_in_both_themes(qapp):
    import msgspec

    from desktop.ui import palette, style
    from desktop.ui.systems.tempo.panel import exertion_bar

    style.install()
    row = next(r for r in new().view("ann").extra.rows if r.id == "ann")
    full = msgspec.structs.replace(row, exertion=row.max_exertion)
    before = palette.theme()
    try:
        for theme in ("light", "dark"):
            palette.use(theme)
            bar = exertion_bar(full)
            bar.resize(200, 24)
            assert bar.format() == f"Exertion {row.max_exertion}/{row.max_exertion} (maximum)"
            assert near(chunk_colour(bar), palette.color("problem")), chunk_colour(bar).name()
            bar.show_row(msgspec.structs.replace(row, exertion=1))  # below it again: the theme's colour
            assert bar.format() == f"Exertion 1/{row.max_exertion}"
            assert near(chunk_colour(bar), QApplication.palette().color(QPalette.ColorRole.Highlight))
        # A bar at its maximum when the theme changes looks like one made in the new theme.
        bar.show_row(full)
        palette.use("light")
        QApplication.processEvents()  # the palette's change reaches the bar
        fresh = exertion_bar(full)
        fresh.resize(200, 24)
        assert bar.grab().toImage() == fresh.grab().toImage()
    finally:
        palette.use(before)


def chunk_colour(bar) -> QColor:
    """The colour of the bar's filled part, left of its text."""
    image = bar.grab().toImage()
    return image.pixelColor(6, image.height() // 2)


def near(painted: QColor, colour: QColor) -> bool:
    """The same colour within what Fusion's shading of a bar's chunk changes (a few percent)."""
    return all(abs(p - c) <= 40 for p, c in zip(painted.getRgb()[:3], colour.getRgb()[:3]))


# ---- the widgets are kept and changed in place ---------------------------------------------------


def panel(window) -> CharactersPanel:
    return window.findChild(CharactersPanel)


def widgets(body) -> dict[int, QWidget]:
    """Every widget of the dock's column, by its Qt object's address (a wrapper is not the object)."""
    return {shiboken6.getCppPointer(w)[0]: w for w in body.findChildren(QWidget)}


def shown(body) -> list[str]:
    """What the dock shows, top to bottom: each line, button and bar's text."""
    QApplication.processEvents()  # laid out
    seen = [w for w in body.findChildren(QWidget) if w.isVisibleTo(body)]
    texts = []
    for widget in sorted(seen, key=lambda w: w.y()):
        if isinstance(widget, QProgressBar):
            texts.append(widget.format())
        elif isinstance(widget, (QLabel, QPushButton)):
            texts.append(widget.text())
    return texts


def expected(session) -> list[str]:
    """What the dock should show for the game now, from the view and the legal actions."""
    extra = session.view().extra
    legal = session.legal_actions()
    lines = ["Advance"]
    if not any(isinstance(act, a.Advance) for act in legal):
        lines.append("Not now: ...")
    usable = {(act.character, act.reaction) for act in legal if isinstance(act, a.React)}
    lines += [f"{row.name}: Respond: {r.name}" for row in extra.rows for r in row.reactions
              if not row.dead and row.seat not in session.app_seats and (row.id, r.name) in usable]
    acting = set(extra.on) | ({extra.turn.character} if extra.turn is not None else set())
    for row in extra.rows:
        lines.append(row.name + (" (acting)" if row.id in acting else "") + (": dead" if row.dead else ""))
        if row.dead:
            continue
        facts = [f"HP {row.hp}/{row.max_hp}"] if row.hp >= 0 else []
        facts += ["exerted this scene"] if row.exerted_scene else []
        facts += [", ".join(row.conditions)] if row.conditions else []
        if facts:
            lines.append(" \u00b7 ".join(facts))
        if row.max_exertion >= 0:
            lines.append(f"Exertion {row.exertion}/{row.max_exertion}"
                         + (" (maximum)" if row.exertion >= row.max_exertion else ""))
    return lines


def same_lines(got: list[str], wanted: list[str]) -> bool:
    return len(got) == len(wanted) and all(
        g.startswith("Not now: ") if w == "Not now: ..." else g == w for g, w in zip(got, wanted))


class Changes(QObject):
    """Counts what Qt is told about the dock's widgets: a paint, a layout, a widget shown or
    hidden, made or removed, its tooltip, font, palette or enabled state changed."""

    KINDS = frozenset({QEvent.Type.Paint, QEvent.Type.LayoutRequest, QEvent.Type.Show, QEvent.Type.Hide,
             QEvent.Type.ChildAdded, QEvent.Type.ChildRemoved, QEvent.Type.ToolTipChange,
             QEvent.Type.EnabledChange, QEvent.Type.FontChange, QEvent.Type.PaletteChange,
             QEvent.Type.StyleChange, QEvent.Type.Resize, QEvent.Type.Move, QEvent.Type.UpdateRequest})

    def __init__(self, body):
        super().__init__()
        self.body, self.seen = body, []

    def eventFilter(self, watched, event) -> bool:
        if event.type() in self.KINDS and isinstance(watched, QWidget) and (
                watched is self.body or self.body.isAncestorOf(watched)):
            self.seen.append((watched.objectName() or type(watched).__name__, event.type().name))
        return False


def settle() -> None:
    for _ in range(5):
        QApplication.processEvents()


def test_a_refresh_with_nothing_changed_makes_no_widget_and_changes_none(qtbot):
    _session, window = window_on(qtbot, demo_game("tempo"))
    body = panel_of(window)
    settle()
    before = widgets(body)
    looks = {key: state(w) for key, w in before.items()}
    lines = shown(body)
    changes = Changes(body)
    QApplication.instance().installEventFilter(changes)
    try:
        for _ in range(3):
            panel(window).refresh()
        settle()
    finally:
        QApplication.instance().removeEventFilter(changes)
    assert widgets(body).keys() == before.keys()  # no widget made, none deleted
    assert {key: state(w) for key, w in before.items()} == looks
    assert changes.seen == []  # nothing laid out, shown, hidden or painted again
    assert shown(body) == lines


def state(widget: QWidget) -> tuple:
    text = widget.text() if isinstance(widget, (QLabel, QPushButton)) else ""
    bar = (widget.value(), widget.maximum(), widget.format()) if isinstance(widget, QProgressBar) else ()
    return (widget.objectName(), text, bar, widget.isHidden(), widget.isEnabled(), widget.toolTip(),
            widget.accessibleName())


def person_step(session) -> None:
    """What the people at the table do next: end a turn, else take the action held now, else wait."""
    legal = session.legal_actions()
    for kind in (a.Advance, a.Take, a.Wait):
        found = [act for act in legal if isinstance(act, kind)]
        if found:
            assert session.submit(found[0])
            return
    raise AssertionError(f"nothing to do: {legal}")


def test_across_a_round_the_widgets_are_kept_and_their_texts_follow_the_game(qtbot):
    game = plans(new(), {"ann": ["quick_attack", "guard"], "bo": ["rest", "move"],
                         "orc": ["help", "slow_attack"], "goblin": ["quick_attack", "move"]})
    session, window = window_on(qtbot, game)
    body = panel_of(window)
    first = widgets(body)
    assert same_lines(shown(body), expected(session))
    acting_seen = set()
    for _ in range(60):
        if st(session.game).round == 2:
            break
        person_step(session)
        lines = shown(body)
        assert same_lines(lines, expected(session)), (lines, expected(session))
        acting_seen |= {line for line in lines if line.endswith("(acting)")}
        now = widgets(body)
        assert first.keys() <= now.keys()  # every widget kept, the same objects
        made = [w for key, w in now.items() if key not in first]
        assert all(isinstance(w, QPushButton) for w in made)  # only Respond buttons, when more are offered
    assert st(session.game).round == 2
    assert len(acting_seen) >= 3  # the "(acting)" mark went from character to character


def test_respond_buttons_come_and_go_and_one_clicked_after_refreshes_takes_its_reaction_once(qtbot):
    game = plans(new(), {"ann": ["scan", "hide"], "bo": ["quick_attack", "rest"],
                         "orc": ["help", "slow_attack"], "goblin": ["move", "shift"]})
    to_turn(game, "bo", 3)
    session, window = window_on(qtbot, game)
    body = panel_of(window)
    assert not [line for line in shown(body) if "Respond" in line]  # nothing to react to yet
    assert window.findChild(QPushButton, "react:bo:Dual Wield") is None
    strike = next(act for act in session.legal_actions() if isinstance(act, a.Take) and act.player == "bo"
                  and act.weapon == "Dirk" and act.target == "goblin")
    assert session.submit(strike)
    if session.viewer != "bo":
        session.request_viewer("bo")
        window.curtain.button.click()
    assert [line for line in shown(body) if "Respond" in line] == ["Bo: Respond: Dual Wield"]
    for _ in range(4):  # the dock refreshed again and again: still one button, taking it once
        panel(window).refresh()
        session.changed.emit(EVERYTHING)
    button = window.findChild(QPushButton, "react:bo:Dual Wield")
    assert button is not None and button.isVisible() and button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: st(session.game).turn.reacted == ["bo"], timeout=3000)
    QApplication.processEvents()
    assert sum(isinstance(act, a.React) for act in session.game.actions) == 1
    assert not [line for line in shown(body) if "Respond" in line]  # used: no longer offered
    assert window.findChild(QPushButton, "react:bo:Dual Wield") is None  # hidden, kept, nameless


def test_a_character_that_leaves_the_view_is_hidden_and_comes_back_in_the_views_order(qapp):
    from desktop.ui.systems.tempo.panel import CharactersBody

    rows = new().view("gm").extra.rows  # Ann, Bo, Orc, Goblin: the GM reads every sheet
    body = CharactersBody()
    body.resize(300, 600)
    body.show()
    body.show_rows(rows, set())
    everyone = shown(body)
    ann, bo, orc, goblin = (everyone[1 + 3 * n:4 + 3 * n] for n in range(4))  # name, facts, bar
    assert everyone == ["Advance", *ann, *bo, *orc, *goblin] and bo[0] == "Bo"
    made = widgets(body)
    body.show_rows([rows[0], rows[2], rows[3]], {"orc"})  # Bo gone, the Orc acting
    assert shown(body) == ["Advance", *ann, "Orc (acting)", *orc[1:], *goblin]
    body.show_rows(list(reversed(rows)), set())
    assert shown(body) == ["Advance", *goblin, *orc, *bo, *ann]
    body.show_rows(rows, set())
    assert shown(body) == everyone
    assert widgets(body).keys() == made.keys()  # the same widgets throughout, hidden and shown again
    body.close()


def test_advance_reason_and_respond_buttons_coming_and_going_move_no_character_line(qtbot):
    """Advance's reason ("Not now: ...") and the Respond buttons come and go at nearly every
    action: the part of the column they sit in keeps the most height it has needed, so the
    characters' lines under it stay where they are (each move repainted every line)."""
    from types import SimpleNamespace as Row

    from desktop.ui.systems.tempo.panel import CharactersBody

    body = CharactersBody()
    qtbot.addWidget(body)
    body.resize(300, 700)
    body.show()
    rows = [Row(id=who, name=who.title(), dead=False, hp=5, max_hp=7, exerted_scene=False, conditions=[],
                max_exertion=3, exertion=1) for who in ("ann", "orc")]

    def show(reason: str, responds: int) -> int:
        body.show_advance(not reason, reason)
        body.show_offers([("ann", "ann", f"React {n}", "Ann", "does a thing") for n in range(responds)])
        body.show_rows(rows, set())
        for _ in range(3):
            qtbot.wait(1)  # the layout's requests delivered
        return body.lines["ann"].name.y()

    show("", 0)
    most = show("Planning is not over: Bo, Cy and Dee still to plan their two cards.", 2)
    assert show("", 0) == most  # the reason and the buttons gone: Ann's lines stay put
    assert show("Nothing to advance now.", 1) == most


def test_a_bar_whose_exertion_changes_is_painted_with_it_on_screen(qtbot):
    """The bar is painted with the window's next paint, not at once inside the change (the
    change sets it with its updates off): what the screen shows then is the new bar."""
    import msgspec
    from PySide6.QtGui import QGuiApplication

    from desktop.ui.systems.tempo.panel import exertion_bar

    row = next(r for r in new().view("ann").extra.rows if r.id == "ann")
    holder = QWidget()
    qtbot.addWidget(holder)
    bar = exertion_bar(msgspec.structs.replace(row, exertion=0))
    bar.setParent(holder)
    bar.setGeometry(10, 10, 240, 24)
    holder.resize(260, 44)
    holder.show()
    qtbot.waitExposed(holder)

    def on_screen():
        shot = QGuiApplication.primaryScreen().grabWindow(holder.winId()).toImage()
        return shot.copy(bar.geometry()).convertToFormat(bar.grab().toImage().format())

    for exertion in (1, 2, row.max_exertion, 0):
        bar.show_row(msgspec.structs.replace(row, exertion=exertion))
        assert bar.value() == min(exertion, bar.maximum())
        qtbot.waitUntil(lambda: on_screen() == bar.grab().toImage())
