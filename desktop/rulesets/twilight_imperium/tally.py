"""What the summary at the end counts for Twilight Imperium's action cards (engine/summary.py):
each player's cards played and what came of them (resolved, or cancelled by Sabotage), the
Sabotages played, and the cards aimed at each player. Read from the actions alone: a card played
is face up in the play area for everyone, a Sabotage in the discard pile, and a card's id names
the same card for the whole game."""

from __future__ import annotations

from collections import Counter

from desktop.engine.summary import Figure, Section, plural
from desktop.rulesets.twilight_imperium.checks import card_def


class _Played:
    def __init__(self, name: str) -> None:
        self.name = name
        self.how = "played"  # resolved / cancelled by <name>'s Sabotage

    def words(self) -> str:
        return f"{self.name} ({self.how})"


def sections(record) -> tuple[Section, ...]:
    state = record.state
    seats = [seat.id for seat in state.seats]
    played: dict[str, list[_Played]] = {seat: [] for seat in seats}
    cancelled: dict[str, list[str]] = {seat: [] for seat in seats}  # a Sabotage's player -> what it cancelled
    aimed = Counter()
    pending: tuple[str, _Played] | None = None
    for action in record.actions:
        if action.type == "play" and action.player in played:
            card = card_def(state, action.card)
            if card.is_sabotage:
                if pending is not None:
                    owner, victim = pending
                    victim.how = f"cancelled by {record.name(action.player)}'s Sabotage"
                    cancelled[action.player].append(f"{record.name(owner)}'s {victim.name}")
                pending = None
                continue
            entry = _Played(card.name)
            played[action.player].append(entry)
            pending = (action.player, entry)
            if action.target_player:
                aimed[action.target_player] += 1
        elif action.type == "resolve" and pending is not None:
            pending[1].how = "resolved"
            pending = None
    cards = Section(
        "Action cards played",
        tuple(f"{record.name(seat)}: {', '.join(entry.words() for entry in played[seat]) or 'none'}." for seat in seats),
        tuple(Figure(record.name(seat), resolved, f"{resolved} resolved of {len(played[seat])} played")
              for seat in seats for resolved in [sum(entry.how == "resolved" for entry in played[seat])]),
    )
    sabotage = Section("Sabotage", tuple(
        f"{record.name(seat)} cancelled {', '.join(cancelled[seat])}." for seat in seats if cancelled[seat]))
    targets = Section("Cards aimed at each player", tuple(
        f"{record.name(seat)}: {plural(aimed[seat], 'card')}." for seat in seats if aimed[seat]))
    return cards, sabotage, targets
