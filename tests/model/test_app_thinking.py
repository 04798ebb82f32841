"""The app's seats decide off the UI thread (issue 29, model/app_thinking.py): the window stays
free while a bot thinks, however long; a decision made on a game that changed meanwhile (a
person's move, an undo) is never submitted but made again on the game as it is; a session closed
meanwhile gets nothing; and a seeded game plays exactly as when the app decided on the spot."""

from __future__ import annotations

import threading

import pytest

from desktop.bots import bot_for
from desktop.engine import Game, GameSetup
from desktop.engine.demo import demo_game
from desktop.engine.levels import STANDARD
from desktop.model import GameSession
from desktop.model.app_moves import next_move
from desktop.model.app_thinking import THREAD_NAME, in_flight, think
from tests.rulesets.toy import actions as a

pytestmark = pytest.mark.usefixtures("toy_ruleset")


class Shared:
    """What the test and every copy of its bot share (the app copies a bot before it chooses)."""

    def __init__(self) -> None:
        self.go = threading.Event()  # the first choice waits for it: a bot that thinks for long
        self.asked: list[tuple[str, int]] = []  # (the thread it chose on, Bo's gems as it saw them)
        self.returned = 0  # choices made

    def __deepcopy__(self, memo):
        return self


class Copier:
    """Ann's bot: sets Ann's gems to what it sees of Bo's, once (its own memory says when)."""

    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.moves = 0

    def choose(self, legal, view=None):
        self.shared.asked.append((threading.current_thread().name, view.counters["bo"]["gems"]))
        if len(self.shared.asked) == 1:
            assert self.shared.go.wait(timeout=60), "the test never let the bot finish"
        self.shared.returned += 1
        if self.moves:
            return None
        self.moves += 1
        return a.SetCount(player="ann", counter="gems", value=view.counters["bo"]["gems"])


@pytest.fixture
def table(qtbot):
    """Ann is the app's seat, with a bot that thinks until the test lets it go; Bo, a person, is at
    the screen. Yields the session, the bot's shared record and Bo's gems at the start."""
    game = Game.new(GameSetup(ruleset="toy-duel", players=["Ann", "Bo"], seed=11))
    session = GameSession(game)
    session.bot_pause_ms = 0
    session.viewer = "bo"
    shared = Shared()
    yield session, shared, game.state.counters["bo"]["gems"]
    shared.go.set()
    session.close()


def hand_ann_to(session, shared) -> None:
    session.set_app_seat("ann", True)
    session.app_seats["ann"] = Copier(shared)


def gems(session, seat: str) -> int:
    return session.game.state.counters[seat]["gems"]


def settled(session) -> bool:
    return not session.apps.thinking and not session._bot_timer.isActive()


def test_a_bot_that_thinks_for_long_leaves_the_session_free_for_a_persons_move(qtbot, table):
    session, shared, _ = table
    hand_ann_to(session, shared)
    qtbot.waitUntil(lambda: len(shared.asked) == 1)  # the bot is thinking, and goes on thinking
    assert shared.asked[0][0] == THREAD_NAME != threading.current_thread().name
    assert session.submit(a.SetCount(player="bo", counter="gems", value=5))  # taken meanwhile
    assert session.game.actions == [a.SetCount(player="bo", counter="gems", value=5)]
    assert not shared.go.is_set() and session.apps.thinking


def test_a_decision_made_before_a_persons_move_is_thrown_away_and_made_again(qtbot, table):
    session, shared, before = table
    hand_ann_to(session, shared)
    qtbot.waitUntil(lambda: len(shared.asked) == 1)
    assert session.submit(a.SetCount(player="bo", counter="gems", value=before + 3))
    shared.go.set()
    qtbot.waitUntil(lambda: len(session.game.actions) == 2 and settled(session))
    # Decided again on the game Bo changed; the first decision (Bo's old gems) never submitted.
    assert [seen for _, seen in shared.asked[:2]] == [before, before + 3]
    assert session.game.actions[1] == a.SetCount(player="ann", counter="gems", value=before + 3)
    assert gems(session, "ann") == before + 3
    # The bot remembers the one move it made, not the decision thrown away.
    assert session.app_seats["ann"].moves == 1


def test_a_decision_made_before_an_undo_is_thrown_away_and_made_again(qtbot, table):
    session, shared, before = table
    assert session.submit(a.SetCount(player="bo", counter="gems", value=before + 4))
    hand_ann_to(session, shared)
    qtbot.waitUntil(lambda: len(shared.asked) == 1)
    session.undo_stack.undo()  # Bo takes his move back while the app thinks
    assert session.game.actions == []
    shared.go.set()
    qtbot.waitUntil(lambda: len(session.game.actions) == 1 and settled(session))
    assert [seen for _, seen in shared.asked[:2]] == [before + 4, before]
    assert session.game.actions == [a.SetCount(player="ann", counter="gems", value=before)]


def test_a_session_closed_while_the_app_thinks_gets_nothing(qtbot, table):
    session, shared, _ = table
    refusals = []
    session.refused.connect(refusals.append)
    hand_ann_to(session, shared)
    qtbot.waitUntil(lambda: len(shared.asked) == 1)
    session.close()
    shared.go.set()
    qtbot.waitUntil(lambda: not session.apps.thinking)  # the decision came back, and was dropped
    assert session.game.actions == [] and refusals == []
    assert not session._bot_timer.isActive()


def test_the_apps_thread_holds_no_process_open_and_an_exit_waits_for_its_decision_alone(qtbot, table):
    """The command line waits for "actiondeck-" threads before the process ends (desktop/cli.py):
    the app's thread is waited for until the decision in flight is made, and no longer; a daemon
    waiting for the next decision, it holds no process open."""
    session, shared, _ = table
    hand_ann_to(session, shared)
    qtbot.waitUntil(lambda: len(shared.asked) == 1)
    worker = next(thread for thread in threading.enumerate() if thread.name == THREAD_NAME)
    made_when_joined = []
    exiting = threading.Thread(target=lambda: (worker.join(), made_when_joined.append(shared.returned)), daemon=True)
    exiting.start()
    shared.go.set()
    qtbot.waitUntil(lambda: bool(made_when_joined))
    assert made_when_joined[0] >= 1  # it waited for the decision in flight
    assert worker.daemon and worker.is_alive()


def test_a_decision_whose_owner_is_gone_goes_nowhere(qtbot):
    """Nothing of a session gone keeps a decision's owner alive, nor fails when it comes back."""
    game = Game.new(GameSetup(ruleset="toy-duel", players=["Ann", "Bo"], seed=3))
    done = threading.Event()

    class Owner:
        def decided(self, decision):
            raise AssertionError("delivered to an owner that is gone")

    class Bot:
        def choose(self, legal, view=None):
            done.set()
            return legal[0]

    owner = Owner()
    think(game, {"ann": Bot()}, None, owner.decided)
    del owner
    qtbot.waitUntil(done.is_set)
    qtbot.waitUntil(lambda: in_flight() == 0)  # it came back to the UI thread, to nobody


@pytest.mark.parametrize("system", ["toy-duel", "twilight-imperium", "price-of-power"])
def test_seeded_app_seats_play_what_they_played_deciding_on_the_spot(qtbot, system):
    """Every seat the app's, seeded: the window's seats, deciding off the UI thread, play the same
    actions as the same bots deciding on the spot (`next_move` as `actiondeck versus` calls it)."""
    count = 30
    if system == "toy-duel":
        made = lambda: Game.new(GameSetup(ruleset="toy-duel", players=["Ann", "Bo", "Cy"], seed=5))  # noqa: E731
    else:
        made = lambda: demo_game(system)  # noqa: E731
    game = made()
    first = len(game.actions)
    seats = game.state.seat_ids()
    bots = {seat: bot_for(game.ruleset, STANDARD, number) for number, seat in enumerate(seats)}
    while len(game.actions) < first + count:
        move = next_move(game, game.stages(), bots)
        assert move is not None
        game.apply(move[1])

    session = GameSession(made())
    session.bot_pause_ms = 0
    for number, seat in enumerate(seats):
        session.set_app_seat(seat, True, seed=number)
    qtbot.waitUntil(lambda: len(session.game.actions) >= first + count, timeout=20_000)
    session.close()
    assert session.game.actions[: first + count] == game.actions
