"""Price of Power's questions, driven through the real window and its real question dialog (the
window's own asker, no stand-in).

Issue 26, item 15: taking the round's Event asked six questions in a row (Event or another Basic
Action, its words, four costs). The Event is picked and resolved on the board: its entry now asks
nothing. A Basic Action still asks what it needs (its words and what it costs), and never whether
it is the Event. Item 20: each "?" die of a card is its own choice (one question listing every
mix), and Fabricate Claims asks how many Claims."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLineEdit, QListWidget, QSpinBox

from desktop.engine import Game, GameSetup
from desktop.ui.question_dialog import QuestionDialog
from tests.ui.at_the_screen import real_window


def at_anns_turn() -> Game:
    """Round 1's Action phase, Ann's turn, nobody has taken the Event."""
    game = Game.new(GameSetup(ruleset="price-of-power", players=["Ann", "Bo", "Cy"], seed=5,
                              options={"setup_draw": "off"}))
    from desktop.rulesets.price_of_power import actions as a

    for seat in ("ann", "bo", "cy"):
        for _ in range(3):
            game.apply(a.Draw(player=seat, deck="adm"))
    for seat in ("ann", "bo", "cy"):
        for card in list(game.state.drawn(seat)):
            game.apply(a.Release(player=seat, card=card))
    assert game.state.phase == "action" and game.state.active == "ann"
    return game


def button(window, text: str):
    return next(b for b in window.actions.buttons if b.isVisible() and b.text() == text)


class Questions:
    """Records each question the dialog puts on screen and answers it: typed words for a text,
    the offered value for a number (Return), escape when told to stop."""

    def __init__(self, words: str = "Move an army to Flanders", numbers: dict[str, int] | None = None,
                 choose: str = ""):
        self.asked: list[str] = []
        self.options: list[list[str]] = []  # each choice question's options, as listed
        self.words = words
        self.numbers = numbers or {}
        self.choose = choose
        self.ticks = 0

    def watch(self) -> None:
        QTimer.singleShot(0, self._answer)

    def _answer(self) -> None:
        dialogs = [w for w in QApplication.topLevelWidgets() if isinstance(w, QuestionDialog) and w.isVisible()]
        if dialogs:
            dialog = dialogs[0]
            text = dialog.question.text()
            if not self.asked or self.asked[-1] != text:
                self.asked.append(text)
                line = dialog.findChild(QLineEdit)
                spin = dialog.findChild(QSpinBox)
                listing = dialog.body if isinstance(dialog.body, QListWidget) else None
                if listing is not None:
                    labels = [listing.item(row).text() for row in range(listing.count())]
                    self.options.append(labels)
                    if self.choose in labels:
                        listing.setCurrentRow(labels.index(self.choose))
                elif spin is not None and spin.isVisible():
                    for key, value in self.numbers.items():
                        if key in text:
                            spin.setValue(value)
                elif line is not None and line.isVisible():
                    line.setText(self.words)
                dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
        self.ticks += 1
        if self.ticks < 300:  # a few seconds at most: the timer chain never outlives the test by much
            QTimer.singleShot(10, self._answer)


def test_taking_the_event_asks_nothing(qtbot):
    session, window = real_window(qtbot, at_anns_turn())
    questions = Questions()
    questions.watch()
    before = len(session.game.actions)
    qtbot.mouseClick(button(window, "Ann: Take the Event"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(session.game.actions) == before + 1)
    assert questions.asked == []
    assert session.game.actions[-1].type == "take_event"
    assert "ann" in session.game.state.event_taken and session.game.state.active == "bo"
    assert session.game.state.counters["ann"]["ducats"] == 15, "the Event costs nothing by itself"


def test_a_basic_action_asks_its_words_and_costs_and_never_whether_it_is_the_event(qtbot):
    session, window = real_window(qtbot, at_anns_turn())
    questions = Questions(numbers={"MIL": 1, "Ducats": 2})
    questions.watch()
    before = len(session.game.actions)
    qtbot.mouseClick(button(window, "Ann: Take a Basic Action"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(session.game.actions) == before + 1)
    assert [text.split("?")[0] for text in questions.asked] == [
        "Which Basic Action, in words", "ADM it costs", "DIP it costs", "MIL it costs", "Ducats it costs"]
    done = session.game.actions[-1]
    assert (done.type, done.event, done.name, done.mil, done.ducats) == ("basic", False, "Move an army to Flanders", 1, 2)
    assert session.game.state.counters["ann"]["mil"] == 2 and session.game.state.counters["ann"]["ducats"] == 13
    assert "ann" not in session.game.state.event_taken


def at_a_battle_with_two_question_mark_dice() -> Game:
    """Phase 3, Ann attacking Bo, Ann holding a card with two ? dice (and a Cavalry die)."""
    import json

    from desktop.rulesets.price_of_power import actions as a
    from desktop.shipped import resource_path

    records = json.loads(resource_path("cards", "price-of-power.json").read_text(encoding="utf-8"))["cards"]
    records.append({"id": "mil-envelopment", "name": "Double Envelopment", "deck": "mil", "cost": 1, "battle": True,
                    "dice": ["any", "cavalry", "any"], "text": "Add 1 Cavalry die and 2 Battle Dice of any type.",
                    "character": {"name": "Marshal Ode Brant", "kind": "general", "hire": 1}})
    game = Game.new(GameSetup(ruleset="price-of-power", players=["Ann", "Bo"], seed=5, deck=records))
    state = game.state
    state.phase, state.draw_step = "peace", "keep"
    card = next(card for card, kind in state.cards.items() if kind == "mil-envelopment")
    state.zone_of(card).cards.remove(card)
    state.hand("ann").append(card)
    game.apply(a.DeclareBattle(player="ann", attacker="ann", defender="bo"))
    return game


def test_each_question_mark_die_is_its_own_choice_in_the_dialog(qtbot):
    session, window = real_window(qtbot, at_a_battle_with_two_question_mark_dice())
    questions = Questions(choose="Cavalry and Artillery")
    questions.watch()
    before = len(session.game.actions)
    qtbot.mouseClick(button(window, "Ann: Play a card"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(session.game.actions) == before + 1)
    assert questions.asked[0] == "Which type of Battle Die does each ? die add?"
    assert questions.options[0] == ["2 Infantry", "Infantry and Cavalry", "Infantry and Artillery", "2 Cavalry",
                                    "Cavalry and Artillery", "2 Artillery"]
    played = session.game.actions[-1]
    assert (played.type, played.dice, played.die) == ("play", ("cavalry", "artillery"), "")
    added = [(die.die, die.chosen) for die in session.game.state.battle.dice]
    assert added == [("cavalry", True), ("cavalry", False), ("artillery", True)]


def test_fabricate_claims_asks_how_many_and_nothing_else(qtbot):
    session, window = real_window(qtbot, at_anns_turn())
    questions = Questions(numbers={"How many Claims": 1})
    questions.watch()
    before = len(session.game.actions)
    qtbot.mouseClick(button(window, "Ann: Fabricate Claims (covert)"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(session.game.actions) == before + 1)
    assert [text.split("?")[0] for text in questions.asked] == ["How many Claims"]
    done = session.game.actions[-1]
    assert (done.type, done.claims) == ("fabricate_claims", 1)
    assert session.game.state.counters["ann"]["dip"] == 1
    assert [stage.seat for stage in session.game.stages()] == ["bo"], "the others answer it in turn"
