"""What the summary at the end counts for Price of Power (engine/summary.py): each player's cards
played (Actions, Battle Actions, Reactions, Covert Actions, Display cards used), the characters
appointed to their Court, the battles declared, and the Loans taken and repaid. Read from the
actions alone: each of those cards is named to everyone as it is played, used or appointed, and a
card's id names the same card for the whole game."""

from __future__ import annotations

from collections import Counter

from desktop.engine.summary import Figure, Section, plural
from desktop.rulesets.price_of_power.core import card_def


def _names(cards: list[str]) -> str:
    """"Cavalry Charge ×2, Road Building": each card once, with how often."""
    counted = Counter(cards)
    return ", ".join(name + (f" \u00d7{count}" if count > 1 else "") for name, count in counted.items())


def sections(record) -> tuple[Section, ...]:
    state = record.state
    seats = [seat.id for seat in state.seats]
    played: dict[str, list[str]] = {seat: [] for seat in seats}
    court: dict[str, list[str]] = {seat: [] for seat in seats}
    battles = Counter()
    loans, repaid = Counter(), Counter()
    for action in record.actions:
        if action.player not in played:
            continue
        if action.type in ("play", "use"):
            played[action.player].append(card_def(state, action.card).name)
        elif action.type == "appoint":
            character = card_def(state, action.card).character
            court[action.player].append(f"{character.name} ({character.title})")
        elif action.type == "declare_battle":
            where = "at sea" if action.sea else "on land"
            battles[(record.name(action.attacker) if action.attacker else "A non-player realm",
                     record.name(action.defender) if action.defender else "a non-player realm", where)] += 1
        elif action.type == "loan":
            loans[action.player] += 1
        elif action.type == "repay":
            repaid[action.player] += 1
    cards = Section(
        "Cards played",
        tuple(f"{record.name(seat)}: {_names(played[seat]) or 'none'}." for seat in seats),
        tuple(Figure(record.name(seat), len(played[seat]), plural(len(played[seat]), "card")) for seat in seats),
    )
    appointed = Section("Appointed to the Court", tuple(
        f"{record.name(seat)}: {', '.join(court[seat])}." for seat in seats if court[seat]))
    fought = Section("Battles declared", tuple(
        f"{attacker} attacked {defender} {where}: {plural(count, 'battle')}."
        for (attacker, defender, where), count in battles.items()))
    money = Section("Loans", tuple(
        f"{record.name(seat)} took {plural(loans[seat], 'Loan')} and repaid {repaid[seat]}."
        for seat in seats if loans[seat] or repaid[seat]))
    return cards, appointed, fought, money
