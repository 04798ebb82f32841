"""A Price of Power card's face: its deck's colour, its cost and the icons of its abilities,
its portrait to Appoint, and the numbers beside the words for a painter."""

from __future__ import annotations

import functools

import msgspec

from desktop.engine.presentation import Face, FaceField, Tone
from desktop.rulesets.price_of_power.cards import (
    DECK_NAMES,
    DIE_WORDS,
    POWER_WORDS,
    TRIGGER_WORDS,
    Ability,
    CardDef,
    card_set,
)

TONES: dict[str, Tone] = {"adm": "gold", "dip": "blue", "mil": "red"}


# ---- faces -------------------------------------------------------------------------------------


class FaceData(msgspec.Struct, frozen=True, kw_only=True):
    """A card's numbers for a painter: its deck, its costs, its squares."""

    deck: str
    cost: int
    ducats: int
    squares: int
    portrait: str


def icons(ability: Ability, display_squares: int = 0) -> str:
    marks = []
    if display_squares:
        marks.append(f"\u2122 Display ({display_squares} squares)")
    if ability.battle:
        marks.append("\u20ac Battle Action")
    if ability.trigger:
        marks.append("\u00a3 Reaction")
    if ability.covert:
        marks.append("\u221e Covert")
    if not ability.takes_turn and ability.timing == "turn":
        marks.append("does not take the Turn")
    return " \u00b7 ".join(marks)


def price(ability: Ability) -> str:
    text = f"{ability.cost} {POWER_WORDS[ability.power]}"
    if ability.ducats:
        text += f" + {ability.ducats} Ducat{'s' if ability.ducats != 1 else ''}"
    return text


def ability_lines(ability: Ability) -> str:
    parts = []
    if ability.trigger:
        parts.append("When " + (ability.when if ability.trigger == "other" else TRIGGER_WORDS[ability.trigger]) + ".")
    if ability.requires:
        parts.append(f"Requires {ability.requires}.")
    if ability.dice:
        parts.append("Dice: " + ", ".join(DIE_WORDS[die] for die in ability.dice) + ".")
    if ability.text:
        parts.append(ability.text)
    return " ".join(parts)


@functools.lru_cache(maxsize=4096)
def face_of(deck_key: str, definition: str) -> Face:
    """A card's face, made once per card set and card: it reads only the card's printed text, and
    a set's key names its content (the shipped set, or an imported file's hash). A view made every
    face again, 50 a view late in a game, about 1 ms an action."""
    return face(card_set(deck_key)[definition])


def face(card: CardDef) -> Face:
    play = card.play
    kind = "Display card" if card.display else "Battle Action" if play.battle else "Reaction" if play.trigger else "Action"
    fields = [FaceField(price(play), "stat", "Cost")]
    marks = icons(play, card.squares)
    if marks:
        fields.append(FaceField(marks, "tag"))
    if ability_lines(play):
        fields.append(FaceField(ability_lines(play), "text"))
    for action in card.actions:
        cubes = f"{action.cubes} cube{'s' if action.cubes != 1 else ''}"
        marks = icons(action)
        fields.append(FaceField(
            f"{action.name} \u2014 {price(action)}, {cubes}" + (f" ({marks})" if marks else "") + f": {ability_lines(action)}",
            "text",
        ))
    character = card.character
    hire = {
        "advisor": f"hire {character.hire} Ducats, upkeep {character.upkeep}, +{character.skill} {POWER_WORDS[character.power]}"
                   + (f", -{character.discount} {POWER_WORDS[character.power]} on its cards" if character.discount else ""),
        "ruler": "free in an Interregnum, skills " + "/".join(str(skill) for skill in character.skills),
    }.get(character.kind, f"hire {character.hire} MIL")
    fields.append(FaceField(f"{character.name} \u00b7 {character.title} ({character.portrait} portrait) \u00b7 {hire}", "stat", "Appoint"))
    return Face(
        title=card.name, tone=TONES[card.deck], kind=f"{DECK_NAMES[card.deck]} \u00b7 {kind}", fields=fields,
        data=FaceData(deck=card.deck, cost=play.cost, ducats=play.ducats, squares=card.squares, portrait=character.portrait),
    )
