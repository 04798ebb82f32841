"""Helpers for the Worlds That Remember tests: games with chosen cards where they are needed, and
bot-only games (the soak)."""

from __future__ import annotations

import msgspec

from desktop.engine import Game, GameSetup, RuleError
from desktop.engine.state import move_card

RULESET = "worlds-that-remember"


def new_game(players=("Ann", "Bo", "Cy"), seed=7, deck=None, **options: str) -> Game:
    return Game.new(GameSetup(ruleset=RULESET, players=list(players), seed=seed, options=options, deck=deck))


def snapshot(game: Game) -> bytes:
    return msgspec.msgpack.encode(game.state)


def find(game: Game, seat: str, definition: str, zones=("ready", "unready", "spent")) -> str:
    """A card of `definition` in the seat's zones (or the supply, for "supply")."""
    for kind in zones:
        zone = "supply" if kind == "supply" else f"{kind}:{seat}"
        for card in game.state.zones[zone].cards:
            if game.state.cards[card] == definition:
                return card
    raise AssertionError(f"{seat} has no {definition} in {zones}")


def put(game: Game, seat: str, definition: str, kind: str = "ready", source=("ready", "unready", "spent", "supply")) -> str:
    """Moves a card of `definition` into the seat's `kind` zone (ready, unready or spent); returns it.
    A Condition comes from the supply; in the Ready Hand it is shown to everyone, as when drawn.
    A full Ready Hand gives its first other card in exchange (to the seat's Unready deck when the
    card came from the supply), so the hand keeps its size."""
    card = find(game, seat, definition, (kind, *(zone for zone in source if zone != kind)))
    start = game.state.zone_of(card).id
    target = f"{kind}:{seat}"
    if start != target:
        ready = game.state.zones[target].cards
        if kind == "ready" and len(ready) >= game.state.hand_size:
            back = next(other for other in ready if game.state.cards[other] != definition)
            away = f"unready:{seat}" if start == "supply" else start
            move_card(game.state, back, target, away)
            if away.startswith("unready:"):  # under the deck: the top card stays the top card
                cards = game.state.zones[away].cards
                cards.insert(0, cards.pop())
        move_card(game.state, card, start, target)
    if kind == "ready" and definition in CONDITIONS and card not in game.state.revealed:
        game.state.revealed.append(card)
    return card


def empty(game: Game, seat: str, kind: str, to: str = "spent") -> None:
    """Moves every card of one of the seat's zones to another of its zones."""
    for card in list(game.state.zones[f"{kind}:{seat}"].cards):
        move_card(game.state, card, f"{kind}:{seat}", f"{to}:{seat}")


def hand(game: Game, seat: str) -> list[str]:
    return [game.state.cards[card] for card in game.state.zones[f"ready:{seat}"].cards]


def refused(game: Game, action, sentence: str) -> None:
    """The action is refused with exactly `sentence`, and the game is as it was."""
    before, actions, log = snapshot(game), list(game.actions), list(game.log)
    try:
        game.apply(action)
    except RuleError as refusal:
        assert str(refusal) == sentence
    else:
        raise AssertionError(f"{action} was accepted; expected: {sentence}")
    assert snapshot(game) == before and game.actions == actions and game.log == log


CONDITIONS = {"exhausted", "wounded", "shaken", "hunted", "lost", "grieving"}


def bot_game(seed: int, players: list[str], options: dict[str, str] | None = None, bots=None, limit: int = 5000,
             consequences: bool = False):
    """Plays a Scene with app seats only, as the session drives them: each stage in order asks
    its seat's bot; the first that chooses acts. Returns the game once the Scene is over.
    A refused action raises RuleError; a table that waits for nobody raises AssertionError.

    `consequences`: the table records a Condition for the roller after every Catastrophe or
    Failure (bookkeeping the bots leave to people), so decks fill up and owed removals happen."""
    from desktop.rulesets.worlds_that_remember.bot import WorldsThatRememberBot

    game = Game.new(GameSetup(ruleset=RULESET, players=players, seed=seed, options=options or {}))
    seats = game.state.seat_ids()
    bots = bots or {seat: WorldsThatRememberBot(seed) for seat in seats}
    while not game.state.scene_over:
        for stage in game.stages():
            choice = bots[stage.seat].choose(game.legal_actions(stage.seat), game.view(stage.seat))
            if choice is not None:
                break
        else:
            raise AssertionError(f"no app seat acts at step {game.state.step}: {game.stages()}")
        outcome = game.apply(choice)
        if consequences and choice.type == "roll" and any(
            entry.text.endswith(("Catastrophe.", "Failure.")) for entry in outcome.log
        ):
            gains = [act for act in game.legal_actions(choice.player) if act.type == "gain_condition"]
            if gains:
                game.apply(gains[game.state.step % len(gains)])
        if game.state.step > limit:
            raise AssertionError(f"the Scene did not end in {limit} actions")
    return game
