"""What the seats the app plays do next: the first of them the stages let act, and its bot's
choice, each bot reading only what its seat may see, like a person at the table. No Qt: the
session paces the moves (a pause people can follow) and submits them like a click.

An answer window comes first: a seat the app plays that may answer out of turn (a `respond`
stage: cancel a card resolving, support a roll, react) is asked before any seat moves the
game past it, so the app's seats answer each other's cards too. And while a person may still
answer, the app's seats do not move past the window (resolve their card, roll their pool): they
wait for that person's answer or pass, however long it takes.
"""

from __future__ import annotations

from desktop.engine import Action, Game
from desktop.engine.presentation import Stage


def bots_ready(bots) -> bool:
    """Whether every bot may choose now (`Ruleset.bot`: a bot without `ready` always may; one
    whose odds are still loading off the UI thread says not yet)."""
    return all(getattr(bot, "ready", None) is None or bot.ready() for bot in bots)


def ends(action: Action) -> bool:
    """An action that ends the game where its players choose the end (`ends = True` on its type:
    "End the session")."""
    return getattr(type(action), "ends", False)


def next_move(game: Game, stages: list[Stage], app_seats: dict) -> tuple[str, Action] | None:
    """The first app seat that may act now, and its choice; None when none moves."""
    everyone_app = all(seat in app_seats for seat in game.state.seat_ids())
    answering = [stage for stage in stages if stage.kind == "respond"]
    for stage in answering:
        if stage.seat in app_seats:
            choice = _choice(game, app_seats[stage.seat], stage.seat, everyone_app)
            if choice is not None:
                return stage.seat, choice
    if any(stage.seat not in app_seats for stage in answering):
        return None  # a person may still answer: the window waits for them
    for stage in stages:
        bot = app_seats.get(stage.seat)
        if bot is None or stage.kind == "respond":
            continue
        if stage.kind == "table" and not everyone_app:
            # The table's own steps are for the people at it, when there are any; a practice's
            # step the words give this seat is the app's all the same.
            choice = practice_step(game, stage.seat)
        else:
            choice = _choice(game, bot, stage.seat, everyone_app)
        if choice is not None:
            return stage.seat, choice
    return None


def _choice(game: Game, bot, seat: str, everyone_app: bool) -> Action | None:
    legal = game.legal_actions(seat)
    if not everyone_app:  # ending the session is the people's choice, when there are any
        legal = [action for action in legal if not ends(action)]
    return practice_step(game, seat, legal) or bot.choose(legal, game.view(seat))


def practice_step(game: Game, seat: str, legal: list[Action] | None = None) -> Action | None:
    """In a practice, the next step where it is this seat's (not the learner's): taken as its
    words say, whatever the seat's level would choose (engine/practice.py, `app_move`). The
    seat's legal actions are worked out only during a practice, where not given."""
    practices = game.ruleset.practices
    if practices is None or getattr(game.state, "practice", None) is None:
        return None
    legal = game.legal_actions(seat) if legal is None else legal
    return practices.app_move(game.state, seat, legal, game.legal_actions)
