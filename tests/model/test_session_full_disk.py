"""Undo and Redo on a full disk: they go through the same write-or-take-back path as an action, so
the window (the session and its undo stack) and the autosave on disk always agree, and the
autosave goes on once the disk has room (docs/save-format.md section 4)."""

from __future__ import annotations

import pytest

from desktop.engine import Game, GameSetup
from desktop.model import GameSession
from desktop.storage.journal import Journal, resume
from tests.rulesets.toy import actions as a

pytestmark = pytest.mark.usefixtures("toy_ruleset")


def full_disk(*_args, **_kwargs):
    raise OSError(28, "No space left on device")


@pytest.fixture
def session(qtbot, tmp_path):
    game = Game.new(GameSetup(ruleset="toy-duel", players=["Ann", "Bo"], seed=11))
    session = GameSession(game, Journal.start(game, folder=tmp_path))
    session.viewer = "ann"  # a seat takes back only its own moves (desktop/model/authority.py)
    for value in (7, 8, 9):  # bookkeeping that reveals nothing: each can be undone
        assert session.submit(a.SetCount(player="ann", counter="gems", value=value))
    yield session
    session.close()


def on_disk(session: GameSession) -> list:
    return resume(session.journal.path).game.actions


def assert_agree(session: GameSession) -> None:
    """The table, the undo stack and the autosave tell the same game."""
    actions = session.game.actions
    assert on_disk(session) == actions
    assert session.undo_stack.index() == len(actions)
    assert [session.undo_stack.command(i).action for i in range(session.undo_stack.index())] == actions


def test_a_failed_undo_changes_nothing_says_why_and_the_journal_goes_on(session, qtbot, monkeypatch):
    assert_agree(session)
    before = list(session.game.actions)
    with monkeypatch.context() as patch:
        patch.setattr("desktop.storage.journal.os.write", full_disk)
        with qtbot.waitSignal(session.refused) as refusal:
            session.undo_stack.undo()  # what Edit > Undo and its key do
    assert refusal.args == [
        "The game could not be autosaved: No space left on device, so nothing was undone and "
        "nothing is lost; try again when the disk has room."
    ]
    assert session.game.actions == before
    assert_agree(session)
    # The disk has room again: undo, redo and new actions are all journalled.
    session.undo_stack.undo()
    assert session.game.actions == before[:-1]
    assert_agree(session)
    session.undo_stack.redo()
    assert session.game.actions == before
    assert_agree(session)
    assert session.submit(a.SetCount(player="bo", counter="gems", value=3))
    assert_agree(session)


def test_a_failed_redo_changes_nothing_says_why_and_the_journal_goes_on(session, qtbot, monkeypatch):
    session.undo_stack.undo()
    session.undo_stack.undo()
    undone = list(session.game.actions)
    assert on_disk(session) == undone and session.undo_stack.canRedo()
    with monkeypatch.context() as patch:
        patch.setattr("desktop.storage.journal.os.write", full_disk)
        with qtbot.waitSignal(session.refused) as refusal:
            session.undo_stack.redo()
    assert refusal.args[0].startswith("The game could not be autosaved: No space left on device, so "
                                      "the action was not taken")
    assert session.game.actions == undone
    assert on_disk(session) == undone
    assert session.undo_stack.index() == len(undone) and session.undo_stack.canRedo()
    session.undo_stack.redo()
    session.undo_stack.redo()
    assert len(session.game.actions) == 3
    assert_agree(session)


def test_undo_is_offered_only_when_the_engine_can_undo(session, qtbot, monkeypatch):
    """The undo stack never promises more than the engine keeps (Game.UNDO_LIMIT snapshots)."""
    monkeypatch.setattr(Game, "UNDO_LIMIT", 2)
    game = Game.new(GameSetup(ruleset="toy-duel", players=["Ann", "Bo"], seed=11))
    short = GameSession(game)
    short.viewer = "ann"
    for value in (1, 2, 3, 4):
        assert short.submit(a.SetCount(player="ann", counter="gems", value=value))
    short.undo_stack.undo()
    short.undo_stack.undo()
    assert not game.can_undo()
    assert not short.undo_stack.canUndo()
    short.undo_stack.undo()  # a key pressed anyway: nothing happens, nothing escapes
    assert len(game.actions) == 2


def test_the_app_tries_again_after_a_failed_autosave_and_goes_on_once_the_disk_has_room(qtbot, tmp_path, monkeypatch):
    """A seat the app plays whose move could not be autosaved (a full disk) does not stop for
    good: it tries again shortly, the log says so once, and it plays on by itself once the disk
    has room, every move in the autosave."""
    monkeypatch.setattr("desktop.model.app_seats.BOT_RETRY_MS", 5)
    game = Game.new(GameSetup(ruleset="toy-duel", players=["Ann", "Bo"], seed=11))
    session = GameSession(game, Journal.start(game, folder=tmp_path))
    session.bot_pause_ms = 0
    refusals = []
    session.refused.connect(refusals.append)
    tries = []

    def full(*_args, **_kwargs):
        tries.append(1)
        raise OSError(28, "No space left on device")

    for seat in ("ann", "bo"):  # the app plays every seat; its first move comes once the disk is full
        session.set_app_seat(seat, True, seed=1)
    with monkeypatch.context() as patch:
        patch.setattr("desktop.storage.journal.os.write", full)
        qtbot.waitUntil(lambda: len(tries) >= 4, timeout=5000)  # it tried, then tried again
        assert game.actions == [] and on_disk(session) == []
    assert len(refusals) == 1 and refusals[0].startswith("The game could not be autosaved: No space left")
    qtbot.waitUntil(lambda: len(game.actions) >= 3, timeout=5000)  # room again: it plays on
    session._bot_timer.stop()
    assert on_disk(session) == game.actions
    session.close()


def test_a_move_after_an_undo_drops_the_undone_move_and_redo_offers_nothing(qtbot):
    """The stack's own bookkeeping (plain Python since QUndoStack crashed under the collector):
    Undo steps back, Redo forward, and a new move in between ends what was undone."""
    game = Game.new(GameSetup(ruleset="toy-duel", players=["Ann", "Bo"], seed=11))
    session = GameSession(game)
    session.viewer = "ann"
    stack = session.undo_stack
    for value in (1, 2, 3):
        assert session.submit(a.SetCount(player="ann", counter="gems", value=value))
    stack.undo()
    assert (stack.index(), stack.count(), stack.canRedo()) == (2, 3, True)
    stack.redo()
    assert (stack.index(), game.actions[-1].value) == (3, 3)
    stack.undo()
    assert session.submit(a.SetCount(player="ann", counter="gems", value=9))
    assert (stack.index(), stack.count(), stack.canRedo()) == (3, 3, False)
    assert [stack.command(i).action.value for i in range(stack.count())] == [1, 2, 9]
    assert stack.command(3) is None and "Set" in stack.undo_says()
