"""Tempo Combat's Characters dock through the real window: each character's Exertion as a bar out
of its maximum, its HP and conditions where the viewer may read them, the reactions it may use
now as Respond buttons, and Advance disabled with its reason while the count cannot go on."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QProgressBar, QPushButton

from table_helpers import Answers, window_on

from desktop.engine.demo import demo_game
from desktop.rulesets.tempo import actions as a
from tests.rulesets.tempo.helpers import new, plans, st, take, to_turn


def panel_of(window):
    return window.findChild(QPushButton, "tempo-advance").parentWidget()


def test_each_player_character_has_its_exertion_as_a_bar_and_advance_says_why_it_waits(qtbot):
    session, window = window_on(qtbot, demo_game("tempo"), Answers())
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
    session, window = window_on(qtbot, game, Answers())
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


def test_at_its_maximum_the_bar_says_so():
    from PySide6.QtWidgets import QApplication as App

    App.instance() or App([])
    from desktop.ui.systems.tempo.panel import exertion_bar

    game = new()
    row = next(r for r in game.view("ann").extra.rows if r.id == "ann")
    import msgspec

    full = msgspec.structs.replace(row, exertion=row.max_exertion)
    bar = exertion_bar(full)
    assert bar.format() == f"Exertion {row.max_exertion}/{row.max_exertion} (maximum)"
    assert "chunk" in bar.styleSheet()
