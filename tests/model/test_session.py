"""The session: the one way the GUI changes a game."""

from __future__ import annotations

import msgspec
from table_helpers import give, started_game

from desktop.engine.changes import EVERYTHING
from desktop.model import GameSession
from desktop.rulesets.twilight_imperium import actions as a
from desktop.storage.journal import Journal, resume


def test_a_legal_action_changes_the_game_and_says_so(qtbot):
    session = GameSession(started_game())
    with qtbot.waitSignal(session.changed):
        assert session.submit(a.EndTurn(player="ann"))
    assert session.game.state.active == "bo"


def test_a_refusal_comes_back_as_a_sentence_and_changes_nothing(qtbot):
    session = GameSession(started_game())
    before = msgspec.msgpack.encode(session.game.state)
    with qtbot.waitSignal(session.refused) as signal:
        assert not session.submit(a.EndTurn(player="bo"))
    assert signal.args == ["It is Ann's turn, not Bo's."]  # a refusal names the seat it means
    assert msgspec.msgpack.encode(session.game.state) == before


def test_the_undo_stack_follows_the_engine_and_a_draw_closes_it(qtbot):
    game = started_game()
    card = give(game, "ann", "Economic Initiative")
    session = GameSession(game)
    session.viewer = "ann"  # a seat takes back only its own move (desktop/model/authority.py)
    before = msgspec.msgpack.encode(session.game.state)
    session.submit(a.Play(player="ann", card=card))
    assert session.undo_stack.canUndo()
    session.undo_stack.undo()
    assert msgspec.msgpack.encode(session.game.state) == before
    session.undo_stack.redo()
    assert session.game.state.resolving.card == card
    session.submit(a.Resolve(player="ann"))
    session.submit(a.Politics(player="bo"))  # draws: nothing before it can be undone
    assert not session.undo_stack.canUndo()
    assert not session.game.can_undo()


def test_a_change_of_the_seat_that_must_look_asks_for_the_curtain(qtbot):
    session = GameSession(started_game())
    session.viewer = "ann"
    with qtbot.waitSignal(session.curtainRequested) as signal:
        session.submit(a.EndTurn(player="ann"))
    assert signal.args == ["bo"]
    assert session.viewer is None  # no hand is shown until Bo confirms
    session.confirm_viewer()
    assert session.viewer == "bo"


def test_every_accepted_action_and_undo_is_journaled_and_resumes(qtbot, tmp_path):
    game = started_game()
    card = give(game, "ann", "Economic Initiative")
    journal = Journal.start(game, folder=tmp_path)
    session = GameSession(game, journal)
    session.submit(a.EndTurn(player="ann"))
    session.submit(a.EndTurn(player="bo"))
    session.viewer = "bo"  # Bo takes back his own move
    session.undo_stack.undo()
    session.close()
    resumed, _ = resume(journal.path)
    # The helper moved a card by hand, which the journal cannot know: compare the turn order.
    assert resumed.state.active == session.game.state.active == "bo"
    assert [x.type for x in resumed.actions] == ["set_initiative", "end_turn"]
    assert card


def test_a_save_is_written_off_the_ui_thread_and_announced(qtbot, tmp_path):
    session = GameSession(started_game())
    target = tmp_path / "game.json"
    with qtbot.waitSignal(session.saved, timeout=5000):
        session.save(target)
    assert target.read_bytes().startswith(b"{")
    assert session.save_path == target


def test_spy_takes_a_random_card_seen_only_by_the_two_players(qtbot):
    game = started_game()
    spy = give(game, "ann", "Spy")
    taken = give(game, "bo", "Sabotage")
    session = GameSession(game)
    assert session.submit(a.Play(player="ann", card=spy, target_player="bo", confirm=True))
    assert session.submit(a.Resolve(player="ann"))

    assert session.game.state.hand("ann") == [taken]
    assert session.game.state.hand("bo") == []
    assert "You took Sabotage." in session.game.log_for("ann")
    assert "Ann took your Sabotage." in session.game.log_for("bo")
    assert not any("Sabotage" in line for line in session.game.log_for("cy"))
    assert not session.game.can_undo()  # a card was seen: the undo window is closed


def test_a_reopened_game_can_still_undo_back_to_the_last_reveal(qtbot):
    """The journal holds every action: reopened, the game undoes what its engine still can."""
    import msgspec

    from desktop.engine import Game
    from desktop.rulesets.twilight_imperium import actions as act
    from tests.table_helpers import started_game

    played = started_game()
    played.apply(act.Declare(player="ann", event="combat-round-start"))  # nothing revealed: undoable
    before_last = msgspec.msgpack.encode(played.state)
    played.apply(act.Pass(player="ann"))
    reopened = GameSession(Game.replay(played.setup, list(played.actions)))
    reopened.viewer = "ann"  # her own pass
    assert reopened.undo_stack.canUndo()
    reopened.undo_stack.undo()
    assert msgspec.msgpack.encode(reopened.game.state) == before_last


def test_save_as_onto_a_game_open_elsewhere_is_refused_and_writes_nothing(qtbot, tmp_path):
    from desktop.storage.lock import GameLock
    from tests.table_helpers import started_game

    target = tmp_path / "friday.json"
    target.write_bytes(b"another game's save")
    session = GameSession(started_game())
    with GameLock.take(target), qtbot.waitSignal(session.saveFailed) as failed:  # another window has it open
        session.save(target, wait=True)
    assert "is open in another Action Deck window" in failed.args[0]
    assert target.read_bytes() == b"another game's save"
    with qtbot.waitSignal(session.saved):
        session.save(target, wait=True)  # closed there: now it is saved, and this window holds it
    assert target.read_bytes() != b"another game's save"


def test_who_holds_secrets_follows_every_change_of_the_game(qtbot):
    """`has_secrets` is worked out once per change of the game (the Undo entry asks it of each
    seat at every refresh): through actions and undos of every system, it always answers what
    the public view says at that moment."""
    import random

    from desktop.engine import Game, GameSetup, registry

    for ruleset in sorted(registry.ids()):
        game = Game.new(GameSetup(ruleset=ruleset, players=["Ann", "Bo", "Cy"], seed=4))
        session = GameSession(game)
        picker = random.Random(ruleset)
        for step in range(40):
            zones = session.game.view(None).zones.values()
            for seat in session.game.state.seat_ids():
                assert session.has_secrets(seat) == any(
                    zone.owner == seat and zone.visibility == "owner" for zone in zones), (ruleset, step, seat)
            if step % 7 == 6 and session.game.can_undo():
                session.game.undo_with_changes()
                session._after_change(EVERYTHING)
                continue
            legal = [act for act in session.legal_actions() if not getattr(type(act), "ends", False)]
            if not legal:
                break
            session.submit(picker.choice(legal))
