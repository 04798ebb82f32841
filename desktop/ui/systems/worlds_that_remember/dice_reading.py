"""What the dice dock (extension.py) reads from the game's view: the latest roll as the panel's
`Rolled`, the tag buttons of practice mode, whether this turn has rolled, and the note under the
odds. Plain functions of the view, apart from the dock's widgets, so that what the dock says
can be read without building it."""

from __future__ import annotations

from desktop.rulesets.worlds_that_remember import pools
from desktop.rulesets.worlds_that_remember.cards import Tag
from desktop.rulesets.worlds_that_remember.dice.rolls import AXES, Die, Rolled
from desktop.rulesets.worlds_that_remember.state import DUSK


def rolled_from(last) -> Rolled:
    """The view's latest roll (`LastRoll`) as the panel's `Rolled`."""
    return Rolled(
        fate=last.fate, tier=last.tier,
        dice=[(Die(die.size, die.source), die.value) for die in last.dice],
        axes=dict(last.axes),
    )


def practice_tags(view, seat: str | None) -> list[tuple[str, int]]:
    """The tag buttons of practice mode: `seat`'s tags and gear, a Support die, Dusk's die."""
    found: list[tuple[str, int]] = []
    character = view.extra.characters.get(seat) if seat else None
    if character is not None:
        for tag in [*character.tags, *character.gear]:
            die = pools.tag_die(Tag(tag.label, tag.approach))
            found.append((die.source, die.size))
    found.append((f"{AXES[pools.DEFAULT_SUPPORT]} (Support, no tag)", pools.DEFAULT_SUPPORT))
    found.append(("COST (Dusk)", 4))
    return found


def rolled_this_turn(extra) -> bool:
    last = extra.last_roll
    return last is not None and last.turn == extra.turn and last.player == extra.active and not extra.scene_over


def dock_note(view, app_seats) -> str:
    """The note under the odds: the open roll, who may still Support, whether the app rolls it;
    with no roll, what practice is and the last roll. Dusk's d4 either way."""
    extra = view.extra
    roll = extra.roll
    dusk = " At Dusk every roll gains a d4 COST." if extra.phase == DUSK else ""
    if roll is not None:
        who = view.seat_name(roll.player)
        text = f"{who} rolls {view.card_name(roll.card)}: \u201c{roll.intent}\u201d"
        if roll.waiting:
            names = [view.seat_name(seat) for seat in roll.waiting]
            text += f" {', '.join(names)} may still Support ({extra.support_cost()} Fatigue)."
        if roll.player in app_seats:
            text += f" {who} is played by the app, which rolls by itself."
        return text + dusk
    seat = view.viewer or extra.active
    name = extra.characters[seat].name if seat in extra.characters else view.seat_name(seat)
    text = (f"No roll is open. Practise here: {name}'s tags, Support and any dice build a pool "
            "and show its odds; a practice roll changes nothing in the game.")
    last = extra.last_roll
    if last is not None:
        text += f" Last roll: {view.seat_name(last.player)} rolled {last.card}, Fate {last.fate}, {last.tier}."
    return text + dusk
