"""Anyone at the table doing anything, in any order, through the real window: clicks on every
enabled button of its panels (the curtain's, the seats', the actions', a system's docks), the
Turn menu's entries, drags of any card onto any zone, keys on the table, undo, redo and hiding
the hands, the window resized, with answers picked at random (declining some). After every step nothing has failed,
no card is lost or in two places, and no face is up that the seat looking may not see.

A few hundred steps a system by default; `pytest -m soak` plays thousands."""

from __future__ import annotations

import random

import pytest
import shiboken6
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QCheckBox,
    QLineEdit,
    QListWidget,
    QSpinBox,
    QToolBar,
)
from table_helpers import drag_to, faces_on_table

from desktop.engine import Game, GameSetup, registry
from desktop.ui.table.items import CardItem

NAMES = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]
SYSTEMS = [ruleset_id for ruleset_id in registry.ids() if not ruleset_id.startswith("toy")]
STEPS, SOAK_STEPS = 150, 2500


class AnyAnswer:
    """A person answering the window's real dialogs at random, as they show: a choice (or
    Escape, now and then), a number in range, a yes or a no, an order shuffled, some of a list
    ticked, new counts or none. Any other modal window a step opened (a file dialog, a message)
    is closed, as a person would, so the run goes on."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self._seen: set[int] = set()
        self.questions = 0  # the question dialog's questions met

    def look(self) -> None:
        from desktop.ui.counters_dialog import CountersDialog
        from desktop.ui.question_dialog import QuestionDialog

        dialog = QApplication.activeModalWidget()
        if dialog is None or not shiboken6.isValid(dialog) or not dialog.isVisible():
            return
        if isinstance(dialog, QuestionDialog):
            self._question(dialog)
        elif isinstance(dialog, CountersDialog):
            if self.rng.random() < 0.3:
                dialog.reject()
                return
            for box in dialog.boxes.values():
                if self.rng.random() < 0.3:
                    box.setValue(self.rng.randint(box.minimum(), box.maximum()))
            QTest.keyClick(dialog, Qt.Key.Key_Return)
        else:
            dialog.close()

    def _question(self, dialog) -> None:
        asked = dialog.prompt.next()
        if asked is None or dialog.buttons is None:
            return
        key = getattr(asked, "id", id(asked))
        if key in self._seen:
            return
        default = next((button for button in dialog.buttons.buttons() if button.isDefault()), None)
        if default is None or not default.isEnabled():
            return  # a preface's Yes is armed a moment later
        self._seen.add(key)
        self.questions += 1
        keys = QApplication.focusWidget() or dialog
        if self.rng.random() < 0.1:
            QTest.keyClick(keys, Qt.Key.Key_Escape)
            return
        kind = "preface" if getattr(asked, "preface", False) else asked.ask.kind
        body = dialog.body
        listing = body if isinstance(body, QListWidget) else body.findChild(QListWidget) if body else None
        if kind in ("seat", "card", "choice") and listing is not None and listing.count():
            listing.setCurrentRow(self.rng.randrange(listing.count()))
        elif kind == "order" and listing is not None:
            for _ in range(listing.count()):
                listing.insertItem(self.rng.randrange(listing.count()), listing.takeItem(0))
        elif kind == "subset":
            for box in body.findChildren(QCheckBox):
                box.setChecked(self.rng.random() < 0.5)
        elif kind == "number" and isinstance(body, QSpinBox):
            if self.rng.random() < 0.5:
                body.setValue(self.rng.randint(body.minimum(), max(body.minimum(), min(body.maximum(), body.minimum() + 20))))
        elif kind == "text" and isinstance(body, QLineEdit) and not body.text().strip():
            body.setText("by the river")
        elif kind == "confirm" and self.rng.random() < 0.2:
            no = next(button for button in dialog.buttons.buttons() if button is not default)
            QTest.mouseClick(no, Qt.MouseButton.LeftButton)
            return
        QTest.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Return)


def buttons(window) -> list[QAbstractButton]:
    """Every button a person could press now; the toolbar's are left to the steps that name them
    (Save and Open would ask for a file)."""
    found = []
    for button in window.findChildren(QAbstractButton):
        if isinstance(button.parent(), QToolBar) or not button.isVisible() or not button.isEnabled():
            continue
        found.append(button)
    return found


def step(rng: random.Random, window, session) -> None:
    roll = rng.random()
    view = window.table_view
    if roll < 0.5:
        choices = buttons(window)
        if choices:
            rng.choice(choices).click()
    elif roll < 0.7:
        cards = [item for item in view.scene().items()
                 if isinstance(item, CardItem) and item.draggable and item.isVisible()]
        zones = list(view.zones.values())
        if cards and zones:
            zone = rng.choice(zones)
            try:
                drag_to(rng.choice(cards), zone.sceneBoundingRect().center())
            except AssertionError:
                pass  # the card is covered by others: a person would pick another
    elif roll < 0.8:
        if window.menus.turn.isEnabled():
            window.menus.turn.aboutToShow.emit()  # as it opens: its entries written
            entries = [entry for entry in window.menus.turn_menu.entries if entry.isVisible() and entry.isEnabled()]
            if entries:
                rng.choice(entries).trigger()
    elif roll < 0.9:
        # A key on the table, or on whatever has the focus (the curtain's button, a panel's).
        if rng.random() < 0.5:
            view.setFocus()
        target = QApplication.focusWidget() or window
        key = rng.choice([Qt.Key.Key_Tab, Qt.Key.Key_Tab, Qt.Key.Key_Return, Qt.Key.Key_Escape, Qt.Key.Key_Space])
        QTest.keyClick(target, key)
    elif roll < 0.97:
        rng.choice([window.menus.undo_action, window.menus.redo_action, window.menus.hide_action]).trigger()
    else:  # the window dragged to another size, a laptop's to a large screen's
        window.resize(rng.randint(900, 1920), rng.randint(600, 1080))


def assert_table_holds(window, session, count: int) -> None:
    state = session.game.state
    placed = [card for zone in state.zones.values() for card in zone.cards]
    assert len(placed) == len(set(placed)), "a card is in two places at once"
    assert sorted(placed) == sorted(state.cards) and len(state.cards) == count, "a card was lost or invented"
    seen = session.view().seen_cards()
    shown = {item.card_id for item in faces_on_table(window)}
    assert shown <= seen, f"faces up that {session.viewer or 'nobody'} may not see: {sorted(shown - seen)}"


def play(qtbot, system: str, steps: int, seed: int) -> None:
    from desktop.model import GameSession
    from desktop.ui.main_window import MainWindow

    rng = random.Random(f"{system}-{seed}")
    ruleset = registry.get(system)
    low, high = ruleset.players
    players = NAMES[: rng.choice([low, high, (low + high) // 2])]
    game = Game.new(GameSetup(ruleset=system, players=players, seed=seed))
    session = GameSession(game)
    window = MainWindow(session)  # its own asker: the real dialogs, answered at random
    person = AnyAnswer(rng)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    guard = QTimer(window)
    guard.timeout.connect(person.look)
    guard.start(20)
    count = len(game.state.cards)
    for _ in range(steps):
        step(rng, window, session)
        for _ in range(2):
            QApplication.processEvents()
        assert_table_holds(window, session, count)
    guard.stop()
    while (dialog := QApplication.activeModalWidget()) is not None:  # left open by the last step:
        dialog.reject()  # closed, so that no later test finds it on screen
        QApplication.processEvents()


@pytest.mark.parametrize("system", SYSTEMS)
def test_anything_in_any_order_breaks_nothing_and_shows_no_hidden_face(qtbot, system):
    play(qtbot, system, STEPS, seed=1)


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(2, 6))
@pytest.mark.parametrize("system", SYSTEMS)
def test_a_long_evening_of_anything_breaks_nothing(qtbot, request, system, seed):
    if "soak" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a long run: pytest -m soak")
    play(qtbot, system, SOAK_STEPS, seed)

