"""A seat's "Change counts" through the model alone (desktop/model/counts.py), as any front end
drives it: whose counts the seat looking may change, and the counts changed together sent as one
action: every count or none, one undo step, one journal line, a refusal in one sentence."""

from __future__ import annotations

import msgspec
import pytest
from table_helpers import started_game

from desktop.engine import Game, GameSetup
from desktop.model import GameSession, counts
from desktop.rulesets.twilight_imperium import actions as a
from desktop.storage.journal import Journal, resume
from tests.model.headless import Headless
from tests.rulesets.tempo.helpers import new as tempo_game


def state_bytes(session: GameSession) -> bytes:
    return msgspec.msgpack.encode(session.game.state)


def looking(game: Game, seat: str) -> GameSession:
    session = GameSession(game)
    session.viewer = seat
    return session


def test_a_seats_box_offers_its_counts_and_the_gm_each_npcs_in_turn(qtbot):
    session = looking(started_game(), "ann")
    mine, = counts.sheets(session, "ann")
    assert (mine.entity, mine.name) == ("ann", "Ann")
    assert [spec.key for spec in mine.counts] == ["hand_limit", "strategy_tokens", "neural_motivator", "yssaril"]

    tempo = looking(tempo_game(), "gm")
    assert [(sheet.entity, sheet.name) for sheet in counts.sheets(tempo, "gm")] == [("orc", "Orc"), ("goblin", "Goblin")]
    tempo.viewer = "ann"  # a player keeps their own character's counts, and nobody else's
    assert [sheet.entity for sheet in counts.sheets(tempo, "ann")] == ["ann"]
    assert counts.sheets(tempo, "gm") == [] and counts.sheets(tempo, "bo") == []


def test_two_counts_changed_together_are_one_action_one_undo_and_one_journal_line(qtbot, tmp_path):
    game = started_game()
    journal = Journal.start(game, folder=tmp_path)
    session = GameSession(game, journal)
    session.viewer = "ann"
    before, lines, steps = state_bytes(session), len(game.actions), session.undo_stack.count()

    assert counts.change(session, "ann", "ann", {"hand_limit": 8, "strategy_tokens": 3, "yssaril": 0})

    assert game.state.counters["ann"]["hand_limit"] == 8 and game.state.counters["ann"]["strategy_tokens"] == 3
    assert game.actions[-1] == a.SetCounter(player="ann", counter="hand_limit", value=8, also={"strategy_tokens": 3})
    assert len(game.actions) == lines + 1 and session.undo_stack.count() == steps + 1
    assert session.undo_says() == "Undo: Change 2 counts"
    journal.flush()
    assert len(resume(journal.path).game.actions) == lines + 1  # one line, and it replays
    assert resume(journal.path).game.state.counters["ann"]["strategy_tokens"] == 3
    session.undo_stack.undo()
    assert state_bytes(session) == before  # one undo takes both back
    journal.close()


def test_a_refusal_of_the_second_count_changes_none_and_says_one_sentence(qtbot):
    game = started_game()
    game.apply(a.SetCounter(player="ann", counter="yssaril", value=1))
    session = looking(game, "ann")
    before, actions, steps = state_bytes(session), len(game.actions), session.undo_stack.count()
    with qtbot.waitSignal(session.refused) as refusal:
        assert not counts.change(session, "bo", "bo", {"hand_limit": 9, "yssaril": 1})
    assert refusal.args == ["Ann already plays the Yssaril Tribes."]
    assert session.notices == ["Ann already plays the Yssaril Tribes."]
    assert state_bytes(session) == before and len(game.actions) == actions
    assert session.undo_stack.count() == steps


def test_counts_left_as_they_were_are_not_sent_and_nothing_changed_is_no_action(qtbot):
    session = looking(started_game(), "ann")
    assert counts.change(session, "ann", "ann", {"hand_limit": 7, "strategy_tokens": 4})
    assert session.game.actions[-1] == a.SetCounter(player="ann", counter="strategy_tokens", value=4)
    assert b'"also"' not in msgspec.json.encode(session.game.actions[-1])  # the form older files hold
    taken = len(session.game.actions)
    assert not counts.change(session, "ann", "ann", {"hand_limit": 7})
    assert len(session.game.actions) == taken and session.notices == []


def test_a_count_the_seat_looking_may_not_change_is_refused_in_words(qtbot):
    tempo = looking(tempo_game(), "ann")
    before = state_bytes(tempo)
    with qtbot.waitSignal(tempo.refused) as refusal:
        assert not counts.change(tempo, "gm", "orc", {"hp": 1})
    assert refusal.args == ["Orc's counts cannot be changed from here now."]
    with qtbot.waitSignal(tempo.refused) as refusal:
        assert not counts.change(tempo, "ann", "ann", {"hp": 5, "luck": 2})
    assert refusal.args == ["Ann has no count 'luck' that may be changed from here."]
    assert state_bytes(tempo) == before


def test_a_read_only_copy_changes_no_count(qtbot, tmp_path):
    session = looking(started_game(), "ann")
    session.copy_of = tmp_path / "elsewhere.json"
    with qtbot.waitSignal(session.refused):
        assert not counts.change(session, "ann", "ann", {"hand_limit": 9})
    assert session.game.state.counters["ann"]["hand_limit"] == 7


class Dialog:
    """A front end's answers: the sheet chosen by position, and the counts given back."""

    def __init__(self, whose: int | None, values: dict[str, int] | None):
        self.whose, self.values, self.asked = whose, values, []

    def choose(self, title, options):
        self.asked.append((title, options))
        return self.whose

    def counters(self, name, specs):
        self.asked.append((name, [spec.key for spec in specs]))
        return None if self.values is None else {**{spec.key: spec.value for spec in specs}, **self.values}


def test_take_asks_whose_then_the_counts_and_sets_them_as_one_action(qtbot):
    session = looking(tempo_game(), "gm")
    front = Dialog(whose=1, values={"hp": 3, "momentum": 2})
    assert counts.take(session, "gm", front)
    assert front.asked[0] == (counts.WHOSE, ["Orc", "Goblin"]) and front.asked[1][0] == "Goblin: counts"
    assert session.game.state.value("goblin", "hp") == 3 and session.game.state.value("goblin", "momentum") == 2
    assert session.undo_stack.count() == 1
    assert not counts.take(session, "gm", Dialog(whose=None, values={"hp": 1}))  # left at "whose?"
    assert not counts.take(session, "gm", Dialog(whose=0, values=None))  # the dialog cancelled
    assert session.undo_stack.count() == 1


@pytest.mark.parametrize("ruleset_id", ["twilight-imperium", "price-of-power", "future-imperfect", "tempo"])
def test_a_game_with_counts_set_together_saves_and_replays(ruleset_id):
    """The action's wire form (`also`) goes through a save's decoding and replays to the same state."""
    from desktop.storage.savefile import decode_save, game_from_record, save_bytes

    game = tempo_game() if ruleset_id == "tempo" else Game.new(GameSetup(ruleset=ruleset_id, players=["Ann", "Bo"], seed=4))
    viewer = "gm" if ruleset_id == "tempo" else "ann"
    by_entity: dict[str, list] = {}
    for spec in game.ruleset.table(game.view(viewer)).counters:
        if spec.editable and not spec.flag and spec.high > spec.value:
            by_entity.setdefault(spec.entity, []).append(spec)
    entity, specs = next((entity, specs) for entity, specs in by_entity.items() if len(specs) >= 2)
    pair = specs[:2]
    game.apply(game.ruleset.counts_action(entity, {spec.key: spec.value + 1 for spec in pair}, by=viewer))
    again = game_from_record(decode_save(save_bytes(game)))
    assert again.actions == game.actions
    assert msgspec.msgpack.encode(again.state) == msgspec.msgpack.encode(game.state)


def test_the_players_read_once_that_an_npcs_counts_were_corrected_and_never_the_values(qtbot):
    session = looking(tempo_game(), "gm")
    assert counts.change(session, "gm", "goblin", {"hp": 3, "momentum": 2})
    gm_lines = session.log_lines()
    assert "GM sets Goblin's HP to 3." in gm_lines and "GM sets Goblin's Momentum to 2." in gm_lines
    session.viewer = "bo"
    told = [line for line in session.log_lines() if "Goblin" in line]
    assert told == ["GM corrects a count of Goblin."]


# ---- answered as data, by a front end with no widgets (tests/model/headless.py's way) ----------


def test_change_counts_is_a_talk_the_seat_answers_as_data_whose_then_the_counts_together(qtbot):
    """Nothing waits for a person: the take returns with "Whose counts?" open for the GM as data;
    the counts follow as one question of bounded numbers; the answer is one action, one undo."""
    session = looking(tempo_game(), "gm")
    assert not counts.take(session, "gm")  # no front end answering at once: left open

    whose, = session.open_questions("gm")
    assert (whose.seat, whose.title, whose.kind, whose.text) == ("gm", "Change counts", "choice", counts.WHOSE)
    assert [option.label for option in whose.options] == ["Orc", "Goblin"]
    assert session.open_questions("ann") == []  # the GM's, not a player's
    assert session.answer("gm", whose.id, 1)

    form, = session.open_questions("gm")
    assert (form.talk, form.kind, form.text) == (whose.talk, "counts", "Goblin: counts")
    specs = {option.value.key: option.value for option in form.options}
    assert "hp" in specs and "momentum" in specs and form.initial["hp"] == specs["hp"].value
    assert form.answered == ((counts.WHOSE, "Goblin"),)
    assert session.game.actions == []

    assert session.answer("gm", form.id, {**form.initial, "hp": 3, "momentum": 2})

    assert session.outcome(form.talk) is True and session.open_questions("gm") == []
    assert session.game.state.value("goblin", "hp") == 3 and session.game.state.value("goblin", "momentum") == 2
    assert len(session.game.actions) == 1 and session.undo_stack.count() == 1


def test_counts_answered_by_another_seat_or_out_of_bounds_are_refused_and_the_question_stays(qtbot):
    session = looking(tempo_game(), "ann")
    before = state_bytes(session)
    counts.take(session, "ann")  # a player's own counts: one sheet, no "whose?"
    form, = session.open_questions("ann")
    assert form.kind == "counts" and form.text == "Ann: counts"
    high = next(option.value for option in form.options if option.value.key == "hp").high

    with qtbot.waitSignal(session.refused) as refusal:
        assert not session.answer("bo", form.id, {"hp": 1})
    assert refusal.args == ["That question is Ann's to answer, not yours."]
    with qtbot.waitSignal(session.refused) as refusal:
        assert not session.answer("ann", form.id, {"hp": high + 1})
    assert refusal.args == [f"HP is a number from 0 to {high}."]
    for wrong in ({"luck": 2}, {"hp": "3"}, {"hp": True}, [3]):
        with qtbot.waitSignal(session.refused):
            assert not session.answer("ann", form.id, wrong)

    assert session.open_questions("ann") == [form] and state_bytes(session) == before


def test_counts_left_or_refused_by_the_rules_change_nothing_and_close_the_talk(qtbot):
    session = looking(tempo_game(), "gm")
    counts.take(session, "gm")
    whose, = session.open_questions("gm")
    assert session.cancel("gm", whose.id)  # Escape at "whose?"
    assert session.open_questions("gm") == [] and session.outcome(whose.talk) is False

    game = started_game()
    game.apply(a.SetCounter(player="ann", counter="yssaril", value=1))
    session = looking(game, "ann")
    before, steps = state_bytes(session), session.undo_stack.count()
    counts.take(session, "bo")
    form, = session.open_questions("ann")
    assert form.text == "Bo: counts"
    with qtbot.waitSignal(session.refused) as refusal:
        assert session.answer("ann", form.id, {"hand_limit": 9, "yssaril": 1})  # taken as an answer
    assert refusal.args == ["Ann already plays the Yssaril Tribes."]
    assert session.outcome(form.talk) is False and session.open_questions("ann") == []
    assert state_bytes(session) == before and session.undo_stack.count() == steps


def test_the_counts_question_closes_when_the_screen_changes_hands(qtbot):
    session = looking(tempo_game(), "gm")
    counts.take(session, "gm")
    asked, = session.open_questions("gm")
    session.request_viewer("ann")
    session.viewer = "ann"
    assert session.every_question() == [] and session.outcome(asked.talk) is False


def test_the_headless_front_end_changes_a_count_as_its_own_seat_mid_game_and_the_game_plays_on(qtbot, tmp_path):
    """A front end with no widgets, no seat looking at any screen: the GM's own front end changes
    Goblin's HP between moves (its questions answered as data), a player's cannot, and the game
    plays on to its end; the journal holds the change as one line among the moves and replays."""
    game = tempo_game()
    session = GameSession(game, Journal.start(game, folder=tmp_path))
    front = Headless(session, seed=2)
    for _ in range(3):
        front.make(front.intents())
    hp = game.state.value("goblin", "hp")
    wanted = hp - 1 if hp > 1 else hp + 1
    steps = session.undo_stack.count()

    assert not counts.take(session, "gm", by="bo")  # Bo's front end: nothing of the GM's to change
    assert session.every_question() == []
    assert front.change_counts("gm", "gm", "Goblin", {"hp": wanted})

    assert game.state.value("goblin", "hp") == wanted and session.undo_stack.count() == steps + 1
    assert front.moves[-1].action == game.actions[-1]
    assert front.play().endswith(".")
    assert [move.action for move in front.moves] == game.actions and session.every_question() == []
    session.close()
    replayed, _ = resume(session.journal.path)
    assert replayed.actions == game.actions
