"""Readings of a Future Imperfect check that the rules, the legal actions and the presentation
share: a card's definition, the rows a check may take and which are exceptional, and the words
a check is told in."""

from __future__ import annotations

from desktop.rulesets.future_imperfect.cards import CF, Card, dice_text, is_exceptional
from desktop.rulesets.future_imperfect.deck import deck_for
from desktop.rulesets.future_imperfect.state import Check, FIState


def card_of(state: FIState, card: str) -> Card:
    return deck_for(state.deck_key)[int(state.cards[card][1:])]


def selectable(card: Card, check: Check) -> list[int]:
    """The rows of the trait's column the player may take: 1 to the skill's row, CF left out."""
    return [row for row in range(1, check.skill + 1) if card.cell(row, check.trait) != CF]


def exceptional(card: Card, check: Check, row: int) -> bool:
    return check.exceptional and is_exceptional(card.cell(row, check.trait), check.trait)


def words(items: list, joiner: str = "and") -> str:
    names = [str(item) for item in items]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {joiner} " + names[-1]


def plural(count: int, word: str) -> str:
    if count == 1:
        return f"1 {word}"
    return f"{count} {word[:-1]}ies" if word.endswith("y") else f"{count} {word}s"


def check_label(check: Check) -> str:
    effect = f", effect ({check.effect_row})d{check.effect}" if check.complex else ""
    needed = f", {plural(check.needed, 'victory')} needed" if check.needed else ""
    return f"{dice_text(check.skill, check.trait)} against TN {check.tn}{effect}{needed}"
