"""Nothing of another seat's hidden cards reaches a phone, over the wire, for every system: two
games that differ only in cards the phone's seat cannot see (the others' hands and hidden plans,
the bottom of a face-down deck) send that seat's phone byte-identical messages, at every step of
its own moves."""

from __future__ import annotations

import pytest

from desktop.bots import RandomBot
from desktop.engine import Game, GameSetup, registry
from desktop.model import GameSession
from desktop.model.app_moves import next_move
from tests.phones.phone_client import PLAYERS

SEAT = "ann"
ADVANCE = 12  # steps played before the phones join, until other seats hold hidden cards
AT_LEAST = 3  # steps played first, so that the others have hidden plans where they make any
MOVES = 4  # the phone's own moves compared


def shipped() -> list[str]:
    return sorted(ruleset.id for ruleset in registry.all_rulesets()
                  if type(ruleset).__module__.startswith("desktop.rulesets."))


def others_hidden(game: Game) -> list[list[str]]:
    """The card instances `SEAT` cannot see, by zone: every card of another seat's zone it sees
    as a back, and the bottom half of a face-down pile (what a few moves cannot draw)."""
    view = game.view(SEAT)
    found = []
    for zone_id, seen in view.zones.items():
        cards = game.state.zones[zone_id].cards
        if all(entry is not None for entry in seen.cards):
            continue
        if seen.owner not in (None, SEAT):
            found.append([card for card, entry in zip(cards, seen.cards) if entry is None])
        elif seen.visibility == "hidden":
            found.append(cards[: len(cards) // 2])
    return found


def others_hold_hidden(game: Game) -> bool:
    return any(seen.owner not in (None, SEAT) and None in seen.cards for seen in game.view(SEAT).zones.values())


class GoesOn:
    """A seat's bot that never ends the game."""

    def __init__(self, bot) -> None:
        self.bot = bot

    def choose(self, legal, view):
        return self.bot.choose([action for action in legal if not getattr(type(action), "ends", False)], view)


def advanced(system: str) -> tuple[Game, Game]:
    """Two games played alike (the seats' bots) to where other seats hold hidden cards and
    `SEAT` may act (or as far as `ADVANCE` steps go, then to where `SEAT` may act); the
    second's hidden cards are then changed (`differ`)."""
    games = [Game.new(GameSetup(ruleset=system, players=PLAYERS, seed=3)) for _ in range(2)]
    first = games[0]
    bots = {seat: GoesOn(first.ruleset.bot(n) or RandomBot(n)) for n, seat in enumerate(first.state.seat_ids())}
    for step in range(2 * ADVANCE):
        if step >= AT_LEAST and first.legal_actions(SEAT) and (others_hold_hidden(first) or step >= ADVANCE):
            break
        others_first = sorted(first.stages(), key=lambda stage: stage.seat == SEAT)
        move = next_move(first, others_first, bots)
        assert move is not None, f"{system}: nobody moves"
        for game in games:
            game.apply(move[1])
    differ(games[1])
    assert games[0].state.cards != games[1].state.cards, "the twins do not differ"
    assert games[0].view(SEAT) == games[1].view(SEAT)
    return games[0], games[1]


def differ(game: Game) -> None:
    """Each zone's hidden cards get other cards' faces: the definitions of all of them, moved
    round by one across the zones, so what each zone holds changes."""
    instances = [card for cards in others_hidden(game) for card in cards]
    faces = [game.state.cards[card] for card in instances]
    turned = faces[1:] + faces[:1]
    for card, face in zip(instances, turned):
        game.state.cards[card] = face


def phone_of(serve, phones, game: Game):
    server = serve(GameSession(game))
    phone = phones.phone(server.address)
    phone.send({"type": "join", "secret": server.invitation(SEAT).url.rsplit("/join/", 1)[1]})
    phone.expect("paired")  # its token is random: not compared
    phone.expect("view")
    return phone


@pytest.mark.parametrize("system", shipped())
def test_a_phone_is_sent_nothing_of_the_other_seats_hidden_cards(serve, phones, system):
    one, other = advanced(system)
    twins = [phone_of(serve, phones, game) for game in (one, other)]
    for phone in twins:
        del phone.received[: [i for i, text in enumerate(phone.received) if '"type":"paired"' in text][0] + 1]
        phone.cursor = 0
    assert twins[0].received == twins[1].received
    for _ in range(MOVES):
        feed = twins[0].latest_view()["feed"]
        if feed["questions"]:
            question = feed["questions"][0]
            value = question["default"] if question["default"] is not None else (True if question["kind"] == "confirm" else 0)
            replies = [phone.answer(question["id"], value) for phone in twins]
        elif feed["offers"]:
            replies = [phone.take(0) for phone in twins]
        else:
            break
        assert replies[0] == replies[1]
        assert twins[0].received == twins[1].received, f"{system}: the phones were told different things"
