"""A seat's move is taken only by that seat (issue 26): undo, a choice made for another seat,
handing a seat to the app, a pass and a reaction. Each test goes through the real window as the
seat looking, and through the real question dialog where a question is asked."""

from __future__ import annotations

from contextlib import contextmanager

import msgspec
import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from table_helpers import give, started_game

from desktop.rulesets.twilight_imperium import actions as a
from desktop.ui.question_dialog import QuestionDialog
from tests.ui.windows import choose_player, played_by_app


def state(session) -> bytes:
    return msgspec.msgpack.encode(session.game.state)


def lift(qtbot, window, seat_name: str) -> None:
    """The named player takes the screen: a click on the curtain's button."""
    assert window.curtain.isVisible() and seat_name in window.curtain.button.text(), window.curtain.button.text()
    qtbot.mouseClick(window.curtain.button, Qt.MouseButton.LeftButton)


def press(qtbot, window, keys: str) -> None:
    qtbot.keySequence(window.focusWidget() or window, keys)


def redo(qtbot, window) -> None:
    """The window's Redo key (Ctrl+Y or Ctrl+Shift+Z, as the platform has it)."""
    press(qtbot, window, window.menus.redo_action.shortcut().toString())


def refusal(window) -> str:
    return window.problem.text() if window.problem.isVisible() else ""


class Answering:
    """A person at the real question dialog: whenever one is open, reads its question and
    answers it with `key` (Return waits until the dialog's Yes is armed, as a reader would)."""

    def __init__(self, key=Qt.Key.Key_Return):
        self.key = key
        self.asked: list[str] = []
        self._timer = QTimer()
        self._timer.setInterval(20)
        self._timer.timeout.connect(self._look)
        self._timer.start()

    def _look(self) -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QuestionDialog) or not dialog.isVisible() or dialog.buttons is None:
            return
        default = next((b for b in dialog.buttons.buttons() if b.isDefault()), None)
        if self.key != Qt.Key.Key_Escape and (default is None or not default.isEnabled()):
            return  # not armed yet
        text = dialog.question.text()
        if not self.asked or self.asked[-1] != text:
            self.asked.append(text)
        QTest.keyClick(dialog.focusWidget() or dialog, self.key)

    def stop(self) -> None:
        self._timer.stop()


@contextmanager
def answering(key=Qt.Key.Key_Return):
    """A person at the real question dialog (`Answering`) for the length of the block."""
    person = Answering(key)
    try:
        yield person
    finally:
        person.stop()


def lift_and_answer(qtbot, window, seat_name: str, key) -> list[str]:
    """The named player takes the screen and answers, with `key`, what it is asked there; what
    it was asked, once the dialog has closed."""
    with answering(key) as person:
        lift(qtbot, window, seat_name)
        qtbot.waitUntil(lambda: bool(person.asked) and QApplication.activeModalWidget() is None)
    return person.asked


class EndsTurns:
    """An app seat that ends its turn whenever it may (a known answer, for a test)."""

    def choose(self, legal, view=None):
        return next((action for action in legal if action.type == "end_turn"), None)


# ---- undo and redo: only the seat looking takes back its own move ----------------------------


def test_bo_looking_cannot_undo_anns_planned_hide(qtbot, window_of):
    """The report's own steps: Ann plans Move and Hide, passes the screen; Bo presses Ctrl+Z."""
    game, session, window = planned_and_told(qtbot, window_of)  # Ann sees her plan, then passes the screen
    qtbot.mouseClick(window.handover.button, Qt.MouseButton.LeftButton)
    lift(qtbot, window, "Bo")
    before = state(session)

    press(qtbot, window, "Ctrl+Z")

    assert state(session) == before, "Bo took back Ann's plan"
    assert refusal(window) == "Not allowed: Undo takes back only your own move: the last one is Ann's."
    assert session.viewer == "bo"


def test_the_seat_looking_undoes_and_redoes_its_own_move(qtbot, window_of):
    session, window = window_of(started_game())
    lift(qtbot, window, "Ann")
    before = state(session)
    session.submit(a.Declare(player="ann", event="combat-round-start"))
    session.submit(a.Pass(player="ann"))  # Ann's own pass in the window she opened
    after = state(session)

    press(qtbot, window, "Ctrl+Z")
    assert session.game.actions[-1].type == "declare" and not refusal(window)
    press(qtbot, window, "Ctrl+Z")  # the board event is the table's own entry: hers to take back too
    assert state(session) == before
    redo(qtbot, window)
    redo(qtbot, window)
    assert state(session) == after


def test_with_nobody_looking_only_the_tables_own_entries_are_undone(qtbot, window_of):
    session, window = window_of(started_game())
    lift(qtbot, window, "Ann")
    session.submit(a.Declare(player="ann", event="combat-round-start"))
    session.submit(a.Pass(player="ann"))
    press(qtbot, window, "Ctrl+H")  # Hide hands: nobody looks
    assert session.viewer is None and not window.curtain.isVisible()
    before = state(session)

    press(qtbot, window, "Ctrl+Z")

    assert state(session) == before
    assert refusal(window) == ("Not allowed: Nobody is looking: undo takes back only the move of the player "
                               "looking, and the last one is Ann's. Show your hand first.")


def test_a_table_entry_is_undone_by_whoever_is_at_the_screen(qtbot, window_of):
    from desktop.engine import Game, GameSetup

    game = Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo", "Cy"], seed=3))
    session, window = window_of(game)
    before = state(session)
    assert session.viewer is None
    session.submit(a.SetInitiative(player="bo", order=["ann", "bo", "cy"]))  # entered by whoever
    lift(qtbot, window, "Ann")  # Ann's turn: she looks, and the order was wrong
    press(qtbot, window, "Ctrl+Z")
    assert state(session) == before and not refusal(window)


def test_alone_against_the_app_undo_takes_back_your_move_and_the_apps_answers(qtbot, window_of):
    """One person against the app: Ctrl+Z takes back the player's own last move and the moves
    the app made after it, in one step; Ctrl+Shift+Z brings them all back."""
    session, window = window_of(started_game(), app_seats=("bo", "cy"))
    session.app_seats.update(bo=EndsTurns(), cy=EndsTurns())
    assert session.viewer == "ann" and not window.curtain.isVisible()
    before = state(session)
    session.submit(a.EndTurn(player="ann"))
    qtbot.waitUntil(lambda: session.game.state.active == "ann", timeout=10_000)  # Bo and Cy moved
    session.bot_pause_ms = 60_000  # the app waits while the test reads the table
    moved = list(session.game.actions)
    assert [action.player for action in moved[-2:]] == ["bo", "cy"]
    after = state(session)

    press(qtbot, window, "Ctrl+Z")

    assert state(session) == before and not refusal(window)
    redo(qtbot, window)
    assert state(session) == after and session.game.actions == moved


def test_a_person_cannot_undo_an_app_seats_move_alone(qtbot, window_of):
    """With only the app's moves left to take back (the person's own is behind a seen card), the
    refusal names the seat the app plays."""
    session, window = window_of(started_game(), app_seats=("bo", "cy"))
    session.app_seats.update(bo=EndsTurns(), cy=EndsTurns())
    session.game.undo_floor = len(session.game.actions)  # as after a draw: Ann's moves are fixed
    session.undo_stack.clear()
    session.submit(a.EndTurn(player="ann"))
    session.game.undo_floor = len(session.game.actions)
    session.undo_stack.clear()
    qtbot.waitUntil(lambda: session.game.state.active == "ann", timeout=10_000)
    session.bot_pause_ms = 60_000
    before = state(session)
    press(qtbot, window, "Ctrl+Z")
    assert state(session) == before
    assert refusal(window) == "Not allowed: Undo takes back only your own move: the last one is Cy's, played by the app."



# ---- a choice made for another seat is asked of it, never taken for it -------------------------


def offer_button(window, text: str):
    found = [b for b in window.actions.buttons if b.text() == text]
    assert found, [b.text() for b in window.actions.buttons]
    return found[0]


@pytest.mark.parametrize("key", [Qt.Key.Key_Escape, Qt.Key.Key_Return])
def test_a_pass_chosen_for_bo_is_asked_of_bo_when_he_looks(qtbot, window_of, key):
    """Ann chose "Bo: Pass"; Bo, holding Sabotage, is asked when he lifts the curtain. Escape
    leaves him his own choices (nothing recorded); Return passes."""
    game = started_game()
    give(game, "bo", "Sabotage")
    session, window = window_of(game)
    lift(qtbot, window, "Ann")
    session.submit(a.Declare(player="ann", event="combat-round-start"))
    before = state(session)
    qtbot.mouseClick(offer_button(window, "Bo: Pass"), Qt.MouseButton.LeftButton)
    assert state(session) == before and window.curtain.isVisible()

    asked = lift_and_answer(qtbot, window, "Bo", key)

    assert asked == ["Ann chose \u201cPass\u201d for you. Do it now? No leaves the choice to you."]
    assert session.viewer == "bo"
    if key == Qt.Key.Key_Escape:
        assert state(session) == before, "the pass was recorded for Bo"
        assert offer_button(window, "Bo: Pass").isEnabled()  # his own choices are open
    else:
        assert session.game.actions[-1] == a.Pass(player="bo")


def test_a_one_click_entry_chosen_with_nobody_looking_is_asked_too(qtbot, window_of):
    """An entry with no question of its own ("Ann: Pass") chosen while nobody looks: the screen
    goes to Ann, and she is asked before anything is done."""
    session, window = window_of(started_game())
    lift(qtbot, window, "Ann")
    session.submit(a.Declare(player="ann", event="combat-round-start"))
    press(qtbot, window, "Ctrl+H")
    before = state(session)
    qtbot.mouseClick(offer_button(window, "Ann: Pass"), Qt.MouseButton.LeftButton)
    asked = lift_and_answer(qtbot, window, "Ann", Qt.Key.Key_Escape)
    assert asked == ["Someone at the table chose \u201cPass\u201d for you. Do it now? "
                            "No leaves the choice to you."]
    assert state(session) == before


def test_end_the_battle_chosen_by_dee_for_ann_is_asked_of_ann(qtbot, window_of):
    """Price of Power, between rounds of a battle: Dee chose "Ann: End the battle"; Ann is asked
    when she looks, and the battle ends only on her Yes."""
    from desktop.rulesets.price_of_power import actions as p
    from tests.rulesets.pop.helpers import do
    from tests.rulesets.pop.test_battles import battle

    game = battle(["Ann", "Bo", "Cy", "Dee"])
    do(game, p.Done(player="ann"))
    do(game, p.Done(player="bo"))
    session, window = window_of(game)
    qtbot.mouseClick(window.seats.buttons["dee"], Qt.MouseButton.LeftButton)
    lift(qtbot, window, "Dee")
    before = state(session)
    qtbot.mouseClick(offer_button(window, "Ann: End the battle"), Qt.MouseButton.LeftButton)
    assert state(session) == before
    asked = lift_and_answer(qtbot, window, "Ann", Qt.Key.Key_Return)
    assert asked == ["Dee chose \u201cEnd the battle\u201d for you. Do it now? No leaves the choice to you."]
    assert session.game.actions[-1] == p.EndBattle(player="ann")


def test_alone_against_the_app_your_own_entry_with_hands_hidden_is_just_yours(qtbot, window_of):
    """One person against the app hid the hand and clicks their own entry: nobody else is at the
    table, so nothing is asked as if someone had chosen for them; it is done."""
    session, window = window_of(started_game(), app_seats=("bo", "cy"), pause_ms=60_000)
    press(qtbot, window, "Ctrl+H")
    assert session.viewer is None
    with answering(Qt.Key.Key_Escape) as person:
        qtbot.mouseClick(offer_button(window, "Ann: End turn (board action)"), Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: session.game.actions[-1] == a.EndTurn(player="ann") or bool(person.asked))
    assert person.asked == [] and session.viewer == "ann"


# ---- "Played by the app": only the seat itself hands itself to the app -------------------------


def test_bo_looking_cannot_hand_ann_to_the_app_ann_is_asked(qtbot, window_of):
    """Bo ticks "Played by the app" on Ann's seat: nothing is handed over; the screen passes to
    Ann, who is asked. Escape keeps her seat hers."""
    session, window = window_of(started_game())
    lift(qtbot, window, "Ann")
    qtbot.mouseClick(window.seats.buttons["bo"], Qt.MouseButton.LeftButton)
    lift(qtbot, window, "Bo")
    box = window.seats.players["ann"]
    assert "Only Ann" in box.toolTip()

    choose_player(qtbot, window, "ann")

    assert "ann" not in session.app_seats and not played_by_app(window, "ann")
    assert window.curtain.isVisible() and session.viewer is None  # Bo sees nothing more of Ann's
    asked = lift_and_answer(qtbot, window, "Ann", Qt.Key.Key_Escape)
    assert asked == ["Bo asked for the app to play Ann from now on. Let the app play Ann? It plays Ann's "
                            "hand; choose \u201cA person\u201d for Ann to play Ann again."]
    assert "ann" not in session.app_seats and session.viewer == "ann"
    assert not played_by_app(window, "ann")


def test_ann_asked_says_yes_and_the_app_plays_her_seat(qtbot, window_of):
    session, window = window_of(started_game())
    lift(qtbot, window, "Ann")
    press(qtbot, window, "Ctrl+H")  # nobody looks
    choose_player(qtbot, window, "ann")
    assert "ann" not in session.app_seats
    with answering(Qt.Key.Key_Return) as person:
        lift(qtbot, window, "Ann")
        qtbot.waitUntil(lambda: "ann" in session.app_seats)
    assert person.asked[0].startswith("Someone at the table asked for the app to play Ann")
    assert session.viewer != "ann" and played_by_app(window, "ann")


def test_the_seat_looking_hands_itself_to_the_app_and_anyone_takes_a_seat_back(qtbot, window_of):
    session, window = window_of(started_game(), pause_ms=60_000)  # the app waits while the test reads
    lift(qtbot, window, "Ann")
    choose_player(qtbot, window, "ann", "learning")  # her own seat: hers to hand over, at a level
    assert session.app_seat_levels() == {"ann": "learning"} and played_by_app(window, "ann")
    assert session.viewer is None and window.seats.players["ann"].currentText() == "The app: Learning"
    choose_player(qtbot, window, "ann", "")  # taken back: a person plays Ann again
    assert "ann" not in session.app_seats and not played_by_app(window, "ann")
    assert window.curtain.isVisible() and "Ann" in window.curtain.button.text()


# ---- an answer window waits for the people who may answer it ----------------------------------


class Scripted:
    """An app seat with a known policy, for a test: plays an Action card on its turn and resolves
    it; answers a card resolving with Sabotage when `sabotage`, else lets it resolve."""

    def __init__(self, sabotage: bool = False):
        self.sabotage = sabotage
        self.asked = 0

    def choose(self, legal, view=None):
        self.asked += 1
        kinds = {action.type: action for action in reversed(legal)}
        for kind in ("resolve", "play" if self.sabotage or "let_resolve" not in kinds else "", "let_resolve",
                     "end_turn"):
            if kind in kinds:
                return kinds[kind]
        return None


def bos_turn_with_a_card(app_seats, **bots):
    game = started_game()
    give(game, "bo", "Economic Initiative")
    game.apply(a.EndTurn(player="ann"))  # Bo's turn: the app plays his card
    return game


def test_the_app_resolves_its_card_only_once_the_person_has_answered(qtbot, window_of):
    """Ann alone against the app: Bo plays a card; Cy (the app) is asked first and lets it
    resolve; Bo waits for Ann, however long, until she lets it resolve herself."""
    game = bos_turn_with_a_card(("bo", "cy"))
    session, window = window_of(game, app_seats=("bo", "cy"), bots={"bo": Scripted(), "cy": Scripted()})
    qtbot.mouseClick(window.seats.buttons["ann"], Qt.MouseButton.LeftButton)  # alone: no curtain
    assert session.viewer == "ann"
    qtbot.waitUntil(lambda: session.game.state.resolving is not None)
    qtbot.waitUntil(lambda: "cy" in session.game.state.resolving.let_resolve)
    qtbot.waitUntil(lambda: not session._bot_timer.isActive())  # the app looked, and waits
    assert session.game.state.resolving is not None, "the app resolved before Ann answered"
    assert session.game.actions[-1] == a.LetResolve(player="cy")

    qtbot.mouseClick(offer_button(window, "Ann: Let Economic Initiative resolve (no Sabotage)"),
                     Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: session.game.state.resolving is None)
    actions = list(session.game.actions)
    assert actions.index(a.Resolve(player="bo")) == actions.index(a.LetResolve(player="ann")) + 1


def test_a_person_may_sabotage_an_app_seats_card_while_it_waits(qtbot, window_of):
    game = bos_turn_with_a_card(("bo", "cy"))
    sabotage = give(game, "ann", "Sabotage")
    session, window = window_of(game, app_seats=("bo", "cy"), bots={"bo": Scripted(), "cy": Scripted()})
    qtbot.mouseClick(window.seats.buttons["ann"], Qt.MouseButton.LeftButton)  # alone: no curtain
    assert session.viewer == "ann"
    qtbot.waitUntil(lambda: session.game.state.resolving is not None)
    qtbot.waitUntil(lambda: not session._bot_timer.isActive())
    qtbot.mouseClick(offer_button(window, "Ann: Play Sabotage"), Qt.MouseButton.LeftButton)
    assert session.game.state.resolving is None
    assert a.Play(player="ann", card=sabotage) in session.game.actions
    assert not any(action.type == "resolve" for action in session.game.actions)


def test_app_seats_are_asked_to_sabotage_each_others_cards(qtbot, window_of):
    """Every seat the app's: Bo plays a card, and Cy, holding Sabotage, is asked before Bo
    resolves it (the app never asked an app seat before)."""
    game = bos_turn_with_a_card(("ann", "bo", "cy"))
    give(game, "cy", "Sabotage")
    session, window = window_of(game, app_seats=("ann", "bo", "cy"), bots={"ann": Scripted(), "bo": Scripted(), "cy": Scripted(sabotage=True)})
    session.sync_viewer()
    qtbot.waitUntil(lambda: any(action.player == "cy" for action in session.game.actions))
    played = [(action.player, action.type) for action in session.game.actions[2:]]
    assert played[:3] == [("bo", "play"), ("ann", "let_resolve"), ("cy", "play")], played
    assert not any(kind == "resolve" for _, kind in played)


def test_two_people_each_answer_behind_the_curtain_before_the_app_resolves(qtbot, window_of):
    """Ann and Cy are people, Bo the app: each has a Respond button; the app waits for both."""
    game = bos_turn_with_a_card(("bo",))
    session, window = window_of(game, app_seats=("bo",), bots={"bo": Scripted()})
    session.sync_viewer()
    qtbot.waitUntil(lambda: session.game.state.resolving is not None)
    assert not window.curtain.isVisible()  # answering out of turn asks for no curtain by itself
    for seat, name in (("ann", "Ann"), ("cy", "Cy")):
        qtbot.waitUntil(lambda: not session._bot_timer.isActive())
        assert session.game.state.resolving is not None
        button = window.seats.buttons[seat]
        assert button.text().startswith("Respond: "), button.text()
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        lift(qtbot, window, name)
        qtbot.mouseClick(offer_button(window, f"{name}: Let Economic Initiative resolve (no Sabotage)"),
                         Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: session.game.state.resolving is None)
    assert session.game.actions[-1] == a.Resolve(player="bo")


# ---- no stale "Pass to ..." ----------------------------------------------------------------------


def planned_and_told(qtbot, window_of):
    """Tempo Combat: Ann plans Move and Hide; she is told her plan and asked to pass to Bo."""
    from desktop.rulesets.tempo import actions as t
    from tests.rulesets.tempo.helpers import card, new

    game = new()
    session, window = window_of(game)
    lift(qtbot, window, "Ann")
    session.submit(t.Plan(player="ann", card=card(game, "ann", "move")))
    session.submit(t.Plan(player="ann", card=card(game, "ann", "hide")))
    assert window.handover.isVisible() and window.handover.button.text() == "Pass to Bo"
    return game, session, window


def test_a_plan_taken_back_leaves_no_pass_to_prompt(qtbot, window_of):
    from desktop.rulesets.tempo import actions as t
    from tests.rulesets.tempo.helpers import card

    game, session, window = planned_and_told(qtbot, window_of)
    session.submit(t.Unplan(player="ann", card=card(game, "ann", "hide")))  # Ann plans again
    assert session.handover is None and session.viewer == "ann"
    assert not window.handover.isVisible(), "a stale 'Pass to Bo' over Ann's unfinished plan"


def test_hide_hands_over_a_pass_to_prompt_passes_the_screen(qtbot, window_of):
    """Hide hands while "Pass to Bo" waits: nobody looks, so nobody is asked to pass; the
    curtain asks for Bo, as the note would have."""
    game, session, window = planned_and_told(qtbot, window_of)
    press(qtbot, window, "Ctrl+H")
    assert not window.handover.isVisible()
    assert window.curtain.isVisible() and "Bo" in window.curtain.button.text()
    lift(qtbot, window, "Bo")
    assert session.viewer == "bo" and not window.handover.isVisible()


# ---- what a seat may do for another: the docs and the code say the same ------------------------


def docs_section(title: str) -> str:
    from pathlib import Path

    text = Path(__file__).parents[2].joinpath("docs", "table.md").read_text(encoding="utf-8")
    start = text.index(f"### {title}")
    return text[start:text.index("\n#", start + 1)]


def test_what_a_seat_may_do_for_another_is_listed_in_the_docs_as_in_the_code():
    """docs/table.md lists what one seat may do for another; the model's list and the systems'
    own entries (kinds whose player is asked) are exactly that list, both ways."""
    import typing

    from desktop.engine import registry
    from desktop.model.authority import FOR_ANOTHER, table_kind

    section = docs_section("What a seat may do for another")
    bullets = [line[2:] for line in section.splitlines() if line.startswith("- ")]
    assert bullets == list(FOR_ANOTHER)
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in section.splitlines()
            if line.startswith("| ") and not line.startswith(("| system", "| ---"))]
    listed = {(system, entry) for system, entry, _ in rows}
    in_code = set()
    for ruleset_id in registry.ids():
        ruleset = registry.get(ruleset_id)
        for kind in typing.get_args(ruleset.action_type):
            if table_kind(kind):
                in_code.add((ruleset.title.split(" action cards")[0], kind.title))
    assert listed == in_code
