"""What the seats the app plays do next: the first of them the stages let act, and its bot's
choice, each bot reading only what its seat may see, like a person at the table. No Qt: the
session paces the moves (a pause people can follow) and submits them like a click.
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
    for stage in stages:
        bot = app_seats.get(stage.seat)
        if bot is None or (stage.kind == "table" and not everyone_app):
            continue  # the table's own steps are for the people at it, when there are any
        legal = game.legal_actions(stage.seat)
        if not everyone_app:  # ending the session is the people's choice, when there are any
            legal = [action for action in legal if not ends(action)]
        choice = bot.choose(legal, game.view(stage.seat))
        if choice is not None:
            return stage.seat, choice
    return None
