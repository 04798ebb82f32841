"""How a Twilight Imperium table reads: the redacted view, the table description, the stages
(who may act now) and the words for every action. The generic table renders only this.
"""

from __future__ import annotations

import msgspec

from desktop.engine.actions import Action
from desktop.engine.mechanics import Owed
from desktop.engine.presentation import (
    CounterSpec,
    Face,
    FaceField,
    Stage,
    Table,
    Tone,
    View,
    ZoneSpec,
    title_parts,
)
from desktop.engine.views import base_view
from desktop.rulesets.twilight_imperium.cards import CardDef, deck_for
from desktop.rulesets.twilight_imperium.checks import card_def
from desktop.rulesets.twilight_imperium.events import EVENTS, PHASE_LABELS
from desktop.rulesets.twilight_imperium.state import TIState

AGENDA_WINDOWS = {"agenda-phase-start", "agenda-revealed", "speaker-votes", "player-elected", "votes-cast"}
COMBAT_WINDOWS = {
    "combat-round-start", "combat-round-end", "space-combat-hits", "sustain-damage",
    "space-cannon-hits", "ship-destroyed", "space-combat-won", "retreat-declared",
}

# label, range, flag (shown by its label alone when set)
COUNTERS: dict[str, tuple[str, int, int, bool]] = {
    "hand_limit": ("Hand limit", 0, 30, False),
    "strategy_tokens": ("Strategy tokens", 0, 16, False),
    "neural_motivator": ("Neural Motivator", 0, 1, True),
    "yssaril": ("Yssaril (Scheming)", 0, 1, True),
}


# ---- the view ----------------------------------------------------------------------------------


class WindowSeen(msgspec.Struct, frozen=True, kw_only=True):
    event: str
    label: str
    declarer: str
    played: list[str]
    passed: list[str]


class ResolvingSeen(msgspec.Struct, frozen=True, kw_only=True):
    card: str
    player: str
    target_player: str | None
    target: str


class TITable(msgspec.Struct, frozen=True, kw_only=True):
    """The public part of the Twilight Imperium state: every seat may read all of it."""

    deck_key: str  # which card definitions the game uses (the built-in deck or an imported one)
    round: int
    phase: str
    phase_label: str
    initiative: list[str]
    active: str | None
    passed: list[str]
    status_drawn: list[str]
    politics_used: bool
    window: WindowSeen | None
    resolving: ResolvingSeen | None
    obligations: list[Owed]
    secondary: list[str] | None
    ended: bool = False  # the players ended the session


def tone_for(card: CardDef) -> Tone:
    kinds = set(card.windows)
    if "action" in kinds:
        return "gold"
    if "sabotage" in kinds:
        return "red"
    if kinds & AGENDA_WINDOWS:
        return "blue"
    if kinds & COMBAT_WINDOWS:
        return "grey"
    return "green"


def face(card: CardDef) -> Face:
    timing = card.timing
    if card.is_action:
        timing = "ACTION" if card.timing.lower() == "action" else f"ACTION: {card.timing}"
    return Face(
        title=card.name,
        tone=tone_for(card),
        kind="Action" if card.is_action else "",
        fields=[FaceField(timing, "timing"), FaceField(card.text, "text")],
    )


def view(state: TIState, viewer: str | None) -> View:
    deck = deck_for(state.deck_key)
    window, resolving = state.window, state.resolving
    extra = TITable(
        deck_key=state.deck_key,
        round=state.round,
        phase=state.phase,
        phase_label=PHASE_LABELS[state.phase],
        initiative=list(state.initiative),
        active=state.active,
        passed=list(state.passed),
        status_drawn=list(state.status_drawn),
        politics_used=state.politics_used,
        window=None if window is None else WindowSeen(
            event=window.event,
            label=EVENTS[window.event][1],
            declarer=window.declarer,
            played=[use.what for use in window.played.used],
            passed=list(window.passed),
        ),
        resolving=None if resolving is None else ResolvingSeen(
            card=resolving.card,
            player=resolving.player,
            target_player=resolving.target_player,
            target=resolving.target,
        ),
        obligations=list(state.obligations),
        secondary=None if state.secondary is None else list(state.secondary.waiting),
        ended=state.ended,
    )
    return base_view(state, viewer, lambda definition: face(deck[definition]), extra)


# ---- the table ---------------------------------------------------------------------------------


def table(seen: View) -> Table:
    extra: TITable = seen.extra
    zones = seen.zones
    specs = [
        ZoneSpec(zone="deck", role="deck", parts=title_parts("Action deck", f": {zones['deck'].count}"), layout="pile"),
        ZoneSpec(zone="play", role="play", title="Play area", hint="drop a card here to play it"),
        ZoneSpec(
            zone="discard", role="discard", parts=title_parts("Discard pile", f": {zones['discard'].count}"),
            layout="pile", hint="drop a card here when you must discard",
        ),
    ]
    counters: list[CounterSpec] = []
    marks: dict[str, list[str]] = {}
    status: dict[str, str] = {}
    for seat in seen.seats:
        hand = zones[f"hand:{seat.id}"]
        values = seen.counters.get(seat.id, {})
        limit = values.get("hand_limit", 7)
        own = seen.viewer == seat.id
        title = (
            title_parts("hand", f" ({hand.count} of {limit})",
                        ": drag a card to the play area to play it, or press Enter on it", owner=f"{seat.name}'s ")
            if own else title_parts(f"{seat.name}: {hand.count} action card{'' if hand.count == 1 else 's'}")
        )
        specs.append(ZoneSpec(zone=hand.id, role="hand", parts=title, seat=seat.id, layout="fan", drag_from=own))
        for key, (label, low, high, flag) in COUNTERS.items():
            counters.append(CounterSpec(
                entity=seat.id, key=key, label=label, value=values.get(key, 0),
                low=low, high=high, editable=True, flag=flag,
            ))
        marks[seat.id] = [
            mark for mark, on in (("turn", extra.active == seat.id), ("passed", seat.id in extra.passed)) if on
        ]
        status[seat.id] = f"Action cards: {hand.count}"
    return Table(
        headline=headline(seen), banner=banner(seen), zones=specs, counters=counters,
        marks=marks, status=status,
    )


def headline(seen: View) -> str:
    extra: TITable = seen.extra
    text = f"Round {extra.round} \u00b7 {extra.phase_label}"
    if extra.ended:
        return text + " \u00b7 the session is over"
    if extra.active:
        text += f" \u00b7 {seen.seat_name(extra.active)}'s turn"
    return text


def banner(seen: View) -> str:
    extra: TITable = seen.extra
    if extra.ended:
        return "The session is over: nothing more is played in this game. Undo takes its end back."
    parts = []
    for duty in extra.obligations:
        who = seen.seat_name(duty.player)
        if duty.kind == "scheming":
            parts.append(f"{who} must discard one action card for Scheming (drag it to the discard pile).")
        else:
            limit = seen.counters[duty.player]["hand_limit"]
            parts.append(f"{who} holds too many action cards: discard down to {limit} now (drag to the discard pile).")
    if extra.resolving:
        who = seen.seat_name(extra.resolving.player)
        parts.append(
            f"{who}'s card is resolving: other players may Sabotage it; {who} presses Resolve when it takes effect."
        )
    if extra.window:
        passed = ", ".join(seen.seat_name(s) for s in extra.window.passed) or "nobody yet"
        parts.append(
            f"Timing window open: {extra.window.label} (happens to {seen.seat_name(extra.window.declarer)}). "
            f"Passed: {passed}."
        )
    if extra.secondary:
        waiting = ", ".join(seen.seat_name(s) for s in extra.secondary)
        parts.append(f"Politics: waiting for {waiting} to follow or decline.")
    return "\n".join(parts)


# ---- who may act now ---------------------------------------------------------------------------


def finished(state: TIState) -> str | None:
    """The card game has no end of its own: the players end the session (EndSession), in the
    status or the agenda phase, where the board game ends."""
    return f"The session is over (round {state.round})." if state.ended else None


def stages(state: TIState) -> list[Stage]:
    if state.ended:
        return []  # nobody acts: the session is over
    if state.obligations:
        duty = state.obligations[0]
        what = "discard one card for Scheming" if duty.kind == "scheming" else "discard down to the hand limit"
        return [Stage(seat=duty.player, kind="discard", label=what)]
    if state.resolving is not None:
        card = card_def(state, state.resolving.card).name
        player = state.resolving.player
        found = [Stage(seat=player, kind="turn", label=f"resolve {card}", private=False)]
        return found + [
            Stage(seat=seat, kind="respond", label=f"Sabotage {card}, or let it resolve")
            for seat in state.seat_ids() if seat != player and seat not in state.resolving.let_resolve
        ]
    if state.window is not None:
        label = EVENTS[state.window.event][1]
        return [
            Stage(seat=seat, kind="respond", label=f"play a card for \u201c{label}\u201d or pass")
            for seat in state.window.waiting()
        ]
    if state.secondary is not None:
        return [Stage(seat=state.secondary.waiting[0], kind="answer", label="follow Politics or decline")]
    if state.phase == "action" and state.active is not None:
        return [Stage(seat=state.active, kind="turn", label="take an action")]
    if state.phase == "status":
        waiting = [s for s in state.initiative if s not in state.status_drawn]
        if waiting:
            return [Stage(seat=waiting[0], kind="turn", label="draw action cards")]
    what = "enter the initiative order" if state.phase == "strategy" else "move on to the next phase"
    return [Stage(seat=seat, kind="table", label=what, private=False) for seat in state.seat_ids()]


# ---- words -------------------------------------------------------------------------------------


def describe(action: Action, seen: View) -> str:
    kind = action.type
    if kind == "set_counter" and action.also:
        return f"Change {1 + len(action.also)} counts"
    if kind == "play":
        label = f"Play {seen.card_name(action.card)}"
        if action.target_player:
            label += f" against {seen.seat_name(action.target_player)}"
        return label
    if kind == "discard":
        return f"Discard {seen.card_name(action.card)}"
    if kind == "reveal":
        return "Reveal " + ", ".join(seen.card_name(card) for card in action.cards)
    if kind == "resolve":
        resolving = seen.extra.resolving
        return f"Resolve {seen.card_name(resolving.card)}" if resolving else "Resolve"
    if kind == "let_resolve":
        resolving = seen.extra.resolving
        return f"Let {seen.card_name(resolving.card)} resolve (no Sabotage)" if resolving else "Let it resolve"
    if kind == "politics_secondary":
        return "Follow Politics (1 strategy token, draw 2)" if action.follow else "Decline Politics"
    if kind == "declare":
        return f"Declare: {EVENTS[action.event][1]}" if action.event in EVENTS else "Declare an event"
    return {
        "pass": "Pass",
        "end_turn": "End turn (board action)",
        "pass_phase": "Pass for the phase",
        "politics": "Use Politics (draw 2)",
        "status_draw": "Draw action cards",
        "advance_phase": "Next phase",
        "end_session": "End the session",
        "set_initiative": "Enter the initiative order",
        "set_counter": "Change a count",
    }.get(kind, kind.replace("_", " ").capitalize())


def value_label(ask, value, seen: View) -> str | None:
    """The words of an event, of cards to reveal, of following Politics; None for the default."""
    if ask.field == "event":
        return EVENTS[value][1] if value in EVENTS else str(value)
    if ask.field == "cards":
        return ", ".join(seen.card_name(card) for card in value)
    if ask.field == "follow":
        return "Follow: spend 1 strategy token and draw 2" if value else "Decline"
    return None


def question(ask, action: Action, seen: View) -> str | None:
    """A card that must fully resolve asks with its requirement; None for the ask's question."""
    if ask.field != "confirm" or action.type != "play":
        return None
    definition = seen.definition_of(action.card)
    if definition is None:
        return None
    card = deck_for(seen.extra.deck_key)[definition]
    return f"{card.name} needs {card.requirement}.\n\nCan it fully resolve now?"
