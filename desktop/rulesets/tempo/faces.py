"""An action card's face: its name on a band coloured by what it does, its tempo, what it counts
as for the Unique Action Restriction, and its words."""

from __future__ import annotations

import functools

import msgspec

from desktop.engine.presentation import Face, FaceField, Tone
from desktop.rulesets.tempo.core import KINDS, ability_index
from desktop.rulesets.tempo.state import Ability, Character

TONES: dict[str, Tone] = {
    "quick_attack": "red", "standard_attack": "red", "slow_attack": "red", "magic": "purple", "move": "green",
    "hide": "green", "rest": "grey", "shift": "grey", "guard": "blue", "help": "blue", "scan": "gold", "mark": "gold",
    "inventory": "plain",
}


class FaceData(msgspec.Struct, frozen=True, kw_only=True):
    """The numbers a painter may want: the tempo (-1: it varies) and the tag."""

    tempo: int
    tag: str
    counts_as: str


def face(character: Character, action: str) -> Face:
    index = ability_index(action)
    if index is not None and index < len(character.abilities):
        return _ability_face(character.abilities[index])
    return _face(action)


@functools.cache
def _ability_face(ability: Ability) -> Face:
    named = KINDS.get(ability.action)
    tempo = ability.tempo if ability.tempo is not None else (named.tempo if named else None)
    kind = {"extra": "Extra action", "free": "Free action"}.get(ability.tag, "Ability action")
    fields = [FaceField(f"Tempo {tempo}" if tempo is not None else "Tempo: varies", "timing")]
    if named:
        fields.append(FaceField(f"Counts as {named.name} (T14)", "tag"))
    if ability.tag:
        fields.append(FaceField("No Normal Move" + (", ignores the Unique Action Restriction" if ability.tag == "free"
                                                     else ", obeys the Unique Action Restriction"), "tag"))
    if ability.text:
        fields.append(FaceField(ability.text))
    return Face(title=ability.name, tone=TONES.get(ability.action, "plain"), kind=kind, fields=fields,
                data=FaceData(tempo=-1 if tempo is None else tempo, tag=ability.tag, counts_as=ability.action))


@functools.cache
def _face(action: str) -> Face:
    kind = KINDS[action]
    fields = [FaceField(f"Tempo {kind.tempo}" if kind.tempo is not None else "Tempo: varies (the spell's, or chosen)",
                        "timing"), FaceField(kind.text)]
    if kind.uar == "attack":
        fields.append(FaceField("Every Attack is one action for the Unique Action Restriction", "tag"))
    return Face(title=kind.name, tone=TONES.get(action, "plain"), kind="Action", fields=fields,
                data=FaceData(tempo=-1 if kind.tempo is None else kind.tempo, tag="", counts_as=kind.uar))
