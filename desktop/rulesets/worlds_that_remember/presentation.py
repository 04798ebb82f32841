"""How a Worlds That Remember table reads: the redacted view, the table description, the stages
(who may act now) and the words for every action. The generic table renders only this.
"""

from __future__ import annotations

import msgspec

from desktop.engine.actions import Action
from desktop.engine.presentation import (
    CounterSpec,
    Face,
    FaceField,
    Stage,
    Table,
    View,
    ZoneSpec,
    title_parts,
)
from desktop.engine.views import base_view
from desktop.rulesets.worlds_that_remember.cards import CardDef, ConditionDef
from desktop.rulesets.worlds_that_remember.cards import card as card_def
from desktop.rulesets.worlds_that_remember.checks import supporters_waiting
from desktop.rulesets.worlds_that_remember.dice.rolls import APPROACHES, AXES
from desktop.rulesets.worlds_that_remember.pools import words
from desktop.rulesets.worlds_that_remember.reading import current_pool, is_out, name, required_dice
from desktop.rulesets.worlds_that_remember.state import (
    CARDS_PER_PHASE,
    PHASES,
    SCENE_CARDS,
    SUPPORT_COST,
    LastRoll,
    WTRState,
)

# ---- the view ----------------------------------------------------------------------------------


class TagSeen(msgspec.Struct, frozen=True):
    label: str
    approach: str
    size: int


class CharacterSeen(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    tags: list[TagSeen]
    gear: list[TagSeen]


class DieSeen(msgspec.Struct, frozen=True):
    size: int
    source: str
    required: bool = False  # added by the rules (Dusk, a Condition), not chosen


class SupportSeen(msgspec.Struct, frozen=True, kw_only=True):
    """A Support of the open roll (the card it spent is not named: it may be shuffled away since)."""

    seat: str
    die: str
    narration: str


class RollSeen(msgspec.Struct, frozen=True, kw_only=True):
    card: str
    player: str
    intent: str
    tags: list[str]
    forced: bool
    dice: list[DieSeen]  # the Aspect dice as they stand (the Fate d20 is implied)
    supports: list[SupportSeen]
    passed: list[str]
    waiting: list[str]  # seats that may still Support


class WTRTable(msgspec.Struct, frozen=True, kw_only=True):
    """The public part of the Worlds That Remember state: every seat may read all of it."""

    scene: int
    phase: str
    played: int  # cards counted this Scene
    scene_over: bool
    order: list[str]
    active: str
    turn: int
    played_this_turn: bool
    forced_this_turn: bool
    hand_size: int
    refill: str
    fatigue_max: int
    at_max: str
    characters: dict[str, CharacterSeen]
    roll: RollSeen | None
    last_roll: LastRoll | None  # the latest roll's result: Fate, tier, every die, the axes
    owed: list[str]  # seats that must remove a card now, first one first
    out: list[str]  # seats out of the Scene (the "out" mode)

    def support_cost(self) -> int | None:
        return SUPPORT_COST.get(self.phase)


def _tags_seen(tags) -> list[TagSeen]:
    return [TagSeen(tag.label, tag.approach, APPROACHES[tag.approach]) for tag in tags]


def face(found: CardDef) -> Face:
    if isinstance(found, ConditionDef):
        return Face(
            title=found.name, tone=found.tone, kind="Condition",
            fields=[FaceField("CONDITION: triggers when drawn", "timing"), FaceField(found.text, "text")]
            + [FaceField(effect, "text") for effect in found.effects()],
        )
    fields = [FaceField("ACTION", "timing")]
    fields += [FaceField(f"{tag.label} \u00b7 {tag.approach} d{APPROACHES[tag.approach]}", "tag") for tag in found.tags]
    fields += [FaceField(f"+ d{size} {AXES[size]}", "stat") for size in found.dice]
    fields.append(FaceField(found.text, "text"))
    if found.keeps:
        fields.append(FaceField("Keeps: after its roll it returns to your Ready Hand.", "text"))
    return Face(title=found.name, tone="green" if found.keeps else "gold", kind="Action", fields=fields)


def view(state: WTRState, viewer: str | None) -> View:
    roll = state.roll
    roll_seen = None
    if roll is not None:
        required = required_dice(state)
        supports = current_pool(state)[-len(roll.supports):] if roll.supports else []
        roll_seen = RollSeen(
            card=roll.card, player=roll.player, intent=roll.intent, tags=list(roll.tags), forced=roll.forced,
            dice=[DieSeen(die.size, die.source, die in required) for die in current_pool(state)],
            supports=[
                SupportSeen(seat=s.seat, die=words(die), narration=s.narration)
                for s, die in zip(roll.supports, supports)
            ],
            passed=list(roll.window.passed),
            waiting=supporters_waiting(state),
        )
    extra = WTRTable(
        scene=state.scene, phase=state.phase, played=state.played, scene_over=state.scene_over,
        order=list(state.order), active=state.active, turn=state.turn,
        played_this_turn=state.played_this_turn, forced_this_turn=state.forced_this_turn,
        hand_size=state.hand_size, refill=state.refill, fatigue_max=state.fatigue_max, at_max=state.at_max,
        characters={
            seat: CharacterSeen(name=found.name, tags=_tags_seen(found.tags), gear=_tags_seen(found.gear))
            for seat, found in state.characters.items()
        },
        roll=roll_seen,
        last_roll=state.last_roll,
        owed=[duty.player for duty in state.owed],
        out=[seat for seat in state.order if is_out(state, seat)],
    )
    return base_view(state, viewer, lambda definition: face(card_def(definition)), extra)


# ---- the table ---------------------------------------------------------------------------------


def table(seen: View) -> Table:
    extra: WTRTable = seen.extra
    zones = seen.zones
    roll = extra.roll
    specs = [
        ZoneSpec(zone="play", role="play", title="In play" + (f": {seen.card_name(roll.card)}" if roll else ""),
                 hint="drop a Ready card here to play it, or an Unready card to force it"),
        ZoneSpec(zone="supply", role="pile", parts=title_parts("Condition supply", f": {zones['supply'].count}"), layout="pile"),
        ZoneSpec(zone="trash", role="trash", parts=title_parts("Removed", f": {zones['trash'].count}"), layout="pile",
                 hint="drop a card here when your deck is above 20"),
    ]
    counters: list[CounterSpec] = []
    marks: dict[str, list[str]] = {}
    status: dict[str, str] = {}
    for seat in seen.seats:
        own = seen.viewer == seat.id
        ready, deck, spent = (zones[f"{kind}:{seat.id}"] for kind in ("ready", "unready", "spent"))
        specs.append(ZoneSpec(
            zone=ready.id, role="hand", seat=seat.id, layout="fan", drag_from=own,
            parts=(title_parts("Ready Hand", f" ({ready.count} of {extra.hand_size})", ": drag a card to play it", owner="Your ")
                   if own else title_parts("Ready Hand", f": {ready.count}", owner=f"{seat.name}'s ")),
        ))
        specs.append(ZoneSpec(
            zone=deck.id, role="deck", seat=seat.id, layout="row" if own else "pile", drag_from=own,
            parts=(title_parts("Unready deck", f": {deck.count}", " (drag one to play to force it)", owner="Your ")
                   if own else title_parts("Unready deck", f": {deck.count}", owner=f"{seat.name}'s ")),
        ))
        specs.append(ZoneSpec(
            zone=spent.id, role="discard", seat=seat.id, layout="pile", parts=title_parts("Spent", f": {spent.count}"),
            hint="drop a Ready card here to Support the open roll" if own else "",
        ))
        fatigue = seen.counters.get(seat.id, {}).get("fatigue", 0)
        counters.append(CounterSpec(
            entity=seat.id, key="fatigue", label="Fatigue", value=fatigue, low=0, high=extra.fatigue_max,
            editable=True,
        ))
        marks[seat.id] = _marks(extra, seat.id)
        character = extra.characters[seat.id]
        size = ready.count + deck.count + spent.count + (1 if roll and roll.player == seat.id else 0)
        status[seat.id] = f"{character.name} \u00b7 Fatigue {fatigue} of {extra.fatigue_max} \u00b7 {size} cards"
    return Table(headline=headline(seen), banner=banner(seen), zones=specs, counters=counters,
                 marks=marks, status=status)


def _marks(extra: WTRTable, seat: str) -> list[str]:
    found = []
    if extra.active == seat and not extra.scene_over:
        found.append("turn")
    if extra.roll is not None:
        if seat in [s.seat for s in extra.roll.supports]:
            found.append("supported")
        elif seat in extra.roll.passed:
            found.append("passed")
    if seat in extra.out:
        found.append("out")
    return found


def headline(seen: View) -> str:
    """"Day · 4 of 6 cards to Dusk · Ann's turn"."""
    extra: WTRTable = seen.extra
    scene = f"Scene {extra.scene} \u00b7 " if extra.scene > 1 else ""
    if extra.scene_over:
        return f"Scene {extra.scene} is over \u00b7 start the next Scene"
    turn = f"{seen.seat_name(extra.active)}'s turn"
    if extra.played >= SCENE_CARDS:
        return f"{scene}Collapse \u00b7 the Scene ends with this turn \u00b7 {turn}"
    index = PHASES.index(extra.phase)
    toward = PHASES[index + 1] if index + 1 < len(PHASES) else "the end of the Scene"
    count = extra.played - CARDS_PER_PHASE * index
    return f"{scene}{extra.phase} \u00b7 {count} of {CARDS_PER_PHASE} cards to {toward} \u00b7 {turn}"


def _names(seen: View, seats: list[str]) -> str:
    names = [seen.seat_name(seat) for seat in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def banner(seen: View) -> str:
    extra: WTRTable = seen.extra
    parts = []
    for seat in extra.owed[:1]:
        who = seen.seat_name(seat)
        parts.append(f"{who}'s deck holds more than 20 cards: {who} must remove a card that is not a Condition (drag it to Removed).")
    if extra.scene_over:
        parts.append("The Scene is over. Start the next Scene when the table is ready: decks, Conditions and Fatigue carry over.")
    roll = extra.roll
    if roll is not None:
        who = seen.seat_name(roll.player)
        dice = " + ".join(["d20", *(f"d{die.size} {die.source}" for die in roll.dice)])
        text = f"{who} rolls {seen.card_name(roll.card)}: {dice}."
        if roll.waiting:
            cost = extra.support_cost()
            text += f" {_names(seen, roll.waiting)} may Support ({cost} Fatigue)."
        elif extra.support_cost() is None:
            text += f" {extra.phase} allows no Support."
        parts.append(text + f" {who} rolls when ready.")
    last = extra.last_roll
    if roll is None and last is not None and last.turn == extra.turn and not extra.scene_over:
        axes = ", ".join(f"{axis} {value}" for axis, value in last.axes.items())
        parts.append(
            f"{seen.seat_name(last.player)} rolled {last.card}: Fate {last.fate}, {last.tier}"
            + (f" ({axes})." if axes else ".")
        )
    return "\n".join(parts)


# ---- who may act now ---------------------------------------------------------------------------


def finished(state: WTRState) -> str | None:
    """The system's end: the Scene is over (after the turn of its 30th card, or with every
    character out); None again once the next Scene starts."""
    return f"Scene {state.scene} is over." if state.scene_over else None


def stages(state: WTRState) -> list[Stage]:
    if state.owed:
        return [Stage(seat=state.owed[0].player, kind="discard", label="remove a card: your deck is above 20")]
    if state.scene_over:
        return [Stage(seat=seat, kind="table", label="start the next Scene", private=False) for seat in state.order]
    roll = state.roll
    if roll is not None:
        title = card_def(state.cards[roll.card]).name
        found = [
            Stage(seat=seat, kind="respond", label=f"Support {name(state, roll.player)}'s {title} or pass")
            for seat in supporters_waiting(state)
        ]
        return found + [Stage(seat=roll.player, kind="turn", label=f"roll {title}", private=False)]
    return [Stage(seat=state.active, kind="turn", label="play a Ready card, force an Unready one, or end the turn")]


# ---- words -------------------------------------------------------------------------------------


def describe(action: Action, seen: View) -> str:
    kind = action.type
    if kind == "play":
        return f"Play {seen.card_name(action.card)}"
    if kind == "force":
        return f"Force {seen.card_name(action.card)} (discard {seen.card_name(action.discard)}, 1 Fatigue)"
    if kind == "support":
        return f"Support: spend {seen.card_name(action.card)} for a {support_words(action, seen)}"
    if kind == "trash":
        return f"Remove {seen.card_name(action.card)} from your deck"
    if kind == "gain_condition":
        return f"Gain {condition_name(action.condition)}"
    if kind == "clear_condition":
        return f"Recover from {seen.card_name(action.card)}"
    if kind == "set_fatigue":
        return f"Set Fatigue to {action.value}"
    if kind == "roll":
        roll = seen.extra.roll
        return f"Roll {seen.card_name(roll.card)}" if roll else "Roll"
    return {
        "pass": "Do not Support this roll",
        "end_turn": "End the turn",
        "new_scene": "Start the next Scene",
    }.get(kind, kind.replace("_", " ").capitalize())


def support_words(action: Action, seen: View) -> str:
    return tag_words(seen, action.player, action.tag)


def tag_words(seen: View, seat: str | None, label: str) -> str:
    """"d8 (Broad Shoulders, Forceful)", or "d6 (no tag)" for Support without a tag. The tag is
    looked up on `seat`'s character first (the one choosing), then on any other."""
    extra: WTRTable = seen.extra
    if not label:
        return "d6 (no tag)"
    characters = sorted(extra.characters.items(), key=lambda item: item[0] != seat)
    for _seat, character in characters:
        for tag in [*character.tags, *character.gear]:
            if tag.label == label:
                return f"d{tag.size} ({tag.label}, {tag.approach})"
    return label


def condition_name(condition: str) -> str:
    try:
        return card_def(condition).name
    except KeyError:
        return condition


def value_label(ask, value, seen: View) -> str | None:
    """The words of a tag, a Support die or a Condition kind; None for the platform's default."""
    if ask.field in ("tags", "tag"):
        return tag_words(seen, seen.viewer, value)
    if ask.field == "condition":
        return condition_name(value)
    return None


def question(ask, action: Action, seen: View) -> str:
    if ask.field == "intent":
        return f"What do you intend with {seen.card_name(action.card)}? (one short sentence)"
    if ask.field == "narration" and seen.extra.roll is not None:
        return f"How do you help {seen.seat_name(seen.extra.roll.player)}? (one sentence)"
    if ask.field == "discard":
        return f"Which Ready card do you discard to force {seen.card_name(action.card)}?"
    return ask.question

