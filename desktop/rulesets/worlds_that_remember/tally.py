"""What the summary at the end counts for Worlds That Remember (engine/summary.py): each
character's rolls (the card rolled and its tier, the checks won: a Success of any kind), and the
Support each gave and took. Read from the game replayed: a roll's Fate and tier are on the table
for everyone the moment it is rolled, as is every card played, forced or spent on a Support."""

from __future__ import annotations

from collections import Counter

from desktop.engine.summary import Figure, Section, plural


def won(tier: str) -> bool:
    return tier.endswith("Success")  # Costly, Clean or Strong (a Twist is neither)


def sections(record) -> tuple[Section, ...]:
    seats = [seat.id for seat in record.state.seats]
    rolls: dict[str, list[str]] = {seat: [] for seat in seats}
    wins = Counter()
    gave = Counter()
    took = Counter()
    for step in record.steps():
        action, state = step.action, step.state
        if action.type == "roll" and state.last_roll is not None:
            roll = state.last_roll
            rolls.setdefault(roll.player, []).append(f"{roll.card} (Fate {roll.fate}, {roll.tier})")
            wins[roll.player] += won(roll.tier)
        elif action.type == "support" and state.roll is not None:
            gave[action.player] += 1
            took[state.roll.player] += 1
    checks = Section(
        "Rolls and checks won",
        tuple(f"{record.name(seat)}: {', '.join(rolls[seat]) or 'no rolls'}." for seat in seats),
        tuple(Figure(record.name(seat), wins[seat], f"{wins[seat]} won of {plural(len(rolls[seat]), 'roll')}")
              for seat in seats),
    )
    support = Section("Support", tuple(
        f"{record.name(seat)} gave Support {plural(gave[seat], 'time')} and had it {plural(took[seat], 'time')}."
        for seat in seats if gave[seat] or took[seat]))
    return checks, support
