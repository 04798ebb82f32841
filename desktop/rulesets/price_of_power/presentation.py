"""How a Price of Power table reads: the redacted view (its records, with the public facts a later
panel needs, are in `seen.py`), the table description and the stages (who may act now). The
cards' faces are in `faces.py`, the words for every action in `words.py`.
"""

from __future__ import annotations

from desktop.engine.errors import RuleError
from desktop.engine.presentation import (
    CardBack,
    CounterSpec,
    Stage,
    Table,
    View,
    ZoneSpec,
    title_parts,
)
from desktop.engine.views import base_view
from desktop.rulesets.price_of_power import draws, phases, play_checks
from desktop.rulesets.price_of_power.cards import (
    DIE_WORDS,
    POWER_WORDS,
    POWERS,
    TRIGGER_WORDS,
    Ability,
)
from desktop.rulesets.price_of_power.core import card_def, cost_of, cubes_on, slot_of
from desktop.rulesets.price_of_power.faces import TONES, face_of, icons
from desktop.rulesets.price_of_power.seen import (
    ActionSeen,
    BattleSeen,
    CovertSeen,
    DieSeen,
    DisplaySeen,
    PoPTable,
    TriggerSeen,
)
from desktop.rulesets.price_of_power.state import (
    COVERT_ZONE,
    CUBES,
    DISPLAY_LIMIT,
    DUCATS_MAX,
    HAND_LIMIT,
    INTEREST_MAX,
    KEEP_ON_RESHUFFLE,
    PHASE_LABELS,
    POWER_MAX,
    PoPState,
    deck_zone,
    discard_zone,
)
from desktop.rulesets.price_of_power.words import describe, question, value_label

__all__ = ["describe", "finished", "question", "stages", "table", "value_label", "view"]  # the base reads these


# ---- the view ----------------------------------------------------------------------------------


def action_reason(state: PoPState, seat: str, card: str, ability: Ability) -> str:
    """Why the owner cannot use this action now, in public words; "" if it can."""
    try:
        play_checks.check_use(state, _probe(state, seat, card, ability))
    except RuleError as refusal:
        return short_reason(state, card, ability, str(refusal))
    return ""


def _probe(state: PoPState, seat: str, card: str, ability: Ability):
    from desktop.rulesets.price_of_power import actions as a

    target = next((other for other in state.seat_ids() if other != seat), None) if ability.targeted else None
    return a.Use(player=seat, card=card, action=ability.name, target=target, dice=("infantry",) * ability.wild_dice,
                 confirm=True)


def short_reason(state: PoPState, card: str, ability: Ability, sentence: str) -> str:
    if card in state.fresh:
        return "played this turn"
    left = cubes_on(state, card)
    if left < ability.cubes:
        return f"needs {ability.cubes} uses, {left} left"
    if "needs" in sentence and " has " in sentence:
        return sentence[sentence.index("needs"):].split(";")[0]
    if "already used" in sentence:
        return "already used by your side this battle round"
    if ability.timing == "turn":
        return "not your turn"
    if ability.timing == "battle":
        return "only in your Play Battle Actions step"
    return "only when its trigger holds"


def view(state: PoPState, viewer: str | None) -> View:
    battle = state.battle
    trigger = state.trigger
    extra = PoPTable(
        deck_key=state.deck_key, round=state.round, phase=state.phase, phase_label=PHASE_LABELS[state.phase],
        draw_step=state.draw_step, first=state.order()[0], order=state.order(), active=state.active,
        passed=list(state.passed), event_taken=list(state.event_taken), turns_taken=dict(state.taken), drawing=draws.drawer(state),
        keeping=draws.keeper(state), upkeep=phases.upkeep_seat(state),
        backs={
            zone: [card_def(state, card).deck for card in state.zones[zone].cards]
            for seat in state.seat_ids() for zone in (f"hand:{seat}", f"drawn:{seat}")
        },
        staying={power: min(KEEP_ON_RESHUFFLE, len(state.zones[discard_zone(power)].cards))
                 if len(state.zones[discard_zone(power)].cards) > KEEP_ON_RESHUFFLE else 0 for power in POWERS},
        display={seat: [_display_seen(state, seat, card) for card in state.display(seat)] for seat in state.seat_ids()},
        covert=[
            CovertSeen(name=play.name, player=play.player, kind=play.form, card=play.card, target=play.target,
                       waiting=play.window.waiting(), passed=list(play.window.passed), paid=play.paid)
            for play in state.covert
        ],
        trigger=None if trigger is None else TriggerSeen(seat=trigger.opener, event=trigger.event, text=trigger.text),
        battle=None if battle is None else BattleSeen(
            attacker=battle.attacker, defender=battle.defender, sea=battle.sea, round=battle.round, step=battle.step,
            used={side: [use.what for use in battle.used.find(by=side)] for side in ("attacker", "defender")},
            dice=[DieSeen(side=d.side, die=d.die, source=d.source, round=d.round, chosen=d.chosen) for d in battle.dice],
            note=battle.note,
        ),
        owed=list(state.owed), loans=state.loans, event_required=state.event_required,
        practice=_practice_words(state, viewer),
    )
    deck_key = state.deck_key
    return base_view(state, viewer, lambda definition: face_of(deck_key, definition), extra)


def _practice_words(state: PoPState, viewer: str | None) -> str:
    from desktop.rulesets.price_of_power.scenarios import PRACTICES

    return PRACTICES.told(state, viewer)  # the learner's alone: they name the cards in its hand


def _display_seen(state: PoPState, seat: str, card: str) -> DisplaySeen:
    definition = card_def(state, card)
    actions = []
    for ability in definition.actions:
        cost = cost_of(state, seat, ability)
        text = f"{cost.power} {POWER_WORDS[cost.power_type]}" + (f" (was {ability.cost})" if cost.power != ability.cost else "")
        if cost.ducats:
            text += f" + {cost.ducats} Ducats"
        actions.append(ActionSeen(
            name=ability.name, cost=text, cubes=ability.cubes, icons=icons(ability), takes_turn=ability.spends_turn,
            reason=action_reason(state, seat, card, ability),
        ))
    return DisplaySeen(card=card, slot=slot_of(state, card) or 0, cubes=cubes_on(state, card), squares=definition.squares,
                       fresh=card in state.fresh, actions=actions)


# ---- the table ---------------------------------------------------------------------------------

COUNTERS: dict[str, tuple[str, int, int, bool]] = {
    "adm": ("ADM", 0, POWER_MAX, False),
    "dip": ("DIP", 0, POWER_MAX, False),
    "mil": ("MIL", 0, POWER_MAX, False),
    "ducats": ("Ducats", 0, DUCATS_MAX, False),
    "interest": ("Interest tokens", 0, INTEREST_MAX, False),
    "interregnum": ("Interregnum", 0, 1, True),
    "board": ("Cubes on the board", 0, CUBES, False),
}


def supply_seen(values: dict[str, int], display: list[DisplaySeen]) -> int:
    """The seat's supply as everyone reads it (core.supply, from the view's public counts)."""
    used = sum(values.get(key, 0) for key in ("adm", "dip", "mil", "board")) + sum(entry.cubes for entry in display)
    return CUBES - used


# Three decks, three backs: its colour (as its faces' band) and its short name.
BACKS = {power: CardBack(label=POWER_WORDS[power], tone=TONES[power]) for power in POWERS}


def backs_words(backs: list[str]) -> str:
    counts = [f"{backs.count(power)} {POWER_WORDS[power]}" for power in POWERS if backs.count(power)]
    return ", ".join(counts)


def table(seen: View) -> Table:
    extra: PoPTable = seen.extra
    zones = seen.zones
    specs = []
    for power in POWERS:
        deck, pile = zones[deck_zone(power)], zones[discard_zone(power)]
        # The seat drawing now lifts the top card of any deck: the drop on its drawn cards asks
        # the rules (`drops`), which refuse an empty deck or a setup draw out of order in words.
        # Titles by the power's short name ("MIL deck: 11"): six piles side by side at 1280x720
        # leave a pile about 80 pixels for its title, and "Administrative" alone is wider.
        specs.append(ZoneSpec(zone=deck.id, role="deck", layout="pile", parts=title_parts(f"{POWER_WORDS[power]} deck", f": {deck.count}"),
                              hint="empty: a draw from it (Ctrl+D) shuffles its discards in",
                              drag_from=seen.viewer is not None and extra.drawing == seen.viewer,
                              backs=[power] * deck.count))
        staying = extra.staying[power]
        stay = (f" (top {staying} stay on reshuffle)",) if staying else ()
        specs.append(ZoneSpec(zone=pile.id, role="discard", layout="cascade",
                              parts=title_parts(f"{POWER_WORDS[power]} discard", f": {pile.count}", *stay),
                              hint="empty: cards played or let go land here face up, the last on top"))
    covert = zones[COVERT_ZONE]
    specs.append(ZoneSpec(zone=COVERT_ZONE, role="play", layout="row", parts=title_parts("Waiting to be countered", f": {covert.count}"),
                          hint="a Covert card waits here while the others answer"))
    counters: list[CounterSpec] = []
    marks: dict[str, list[str]] = {}
    status: dict[str, str] = {}
    for seat in seen.seats:
        own = seen.viewer == seat.id
        hand, drawn = zones[f"hand:{seat.id}"], zones[f"drawn:{seat.id}"]
        backs = extra.backs.get(hand.id, [])
        where = (f" ({backs_words(backs)})",) if backs else ()
        # The limit last, as an aside: a narrow zone drops it first and keeps the count.
        title = (title_parts("hand", f": {hand.count}", *where, f" (limit {HAND_LIMIT}, checked at Step C)",
                             owner=f"{seat.name}'s ")
                 if own else title_parts(seat.name, f": {hand.count} card{'s' if hand.count != 1 else ''}", *where))
        specs.append(ZoneSpec(zone=hand.id, role="hand", seat=seat.id, layout="fan", parts=title, drag_from=own,
                              hint="drag a card to your display, your court or its discard pile to play it",
                              backs=backs))  # which deck each card came from is public (its back)
        drawn_backs = extra.backs.get(drawn.id, [])
        specs.append(ZoneSpec(
            zone=drawn.id, role="pile", seat=seat.id, layout="row", drag_from=own,
            parts=title_parts("drawn cards", f": {drawn.count}", *((f" ({backs_words(drawn_backs)})",) if drawn_backs else ()),
                              owner=f"{seat.name}'s "),
            hint="drag to your hand to keep (2 Ducats), to its discard pile to let go", backs=drawn_backs,
            # The looking seat chooses from its drawn cards (six at setup, three in a round):
            # spread side by side, each reads, rather than piled a card wide beside the display.
            spread=drawn.count if own and drawn.count > 1 else 0,
        ))
        shown = len(extra.display.get(seat.id, []))
        specs.append(ZoneSpec(zone=f"display:{seat.id}", role="display", seat=seat.id, layout="row", slots=DISPLAY_LIMIT,
                              parts=title_parts("display", f": {shown}/{DISPLAY_LIMIT}", owner=f"{seat.name}'s "),
                              hint="Display cards with their cubes; their actions from the turn after they are played"))
        court = zones[f"court:{seat.id}"]
        specs.append(ZoneSpec(zone=court.id, role="play", seat=seat.id, layout="row", parts=title_parts("court", f": {court.count}", owner=f"{seat.name}'s "),
                              hint="appointed characters: a Ruler, one Advisor per power type, Generals and Admirals"))
        values = seen.counters.get(seat.id, {})
        for key, (label, low, high, flag) in COUNTERS.items():
            if key == "interest" and not extra.loans:
                continue
            counters.append(CounterSpec(entity=seat.id, key=key, label=label, value=values.get(key, 0), low=low,
                                        high=high, editable=True, flag=flag))
        # The supply is worked out, never entered: it reads in the seat's status, not as a count.
        cubes = supply_seen(values, extra.display.get(seat.id, []))
        marks[seat.id] = [mark for mark, on in (
            ("turn", extra.active == seat.id), ("passed", seat.id in extra.passed),
            ("event taken", seat.id in extra.event_taken), ("first player", extra.first == seat.id),
        ) if on]
        status[seat.id] = (
            f"ADM {values.get('adm', 0)} \u00b7 DIP {values.get('dip', 0)} \u00b7 MIL {values.get('mil', 0)} \u00b7 "
            f"{values.get('ducats', 0)} Ducats \u00b7 {hand.count} in hand \u00b7 "
            # A number stays with its word when the line wraps ("22 cubes", not "22 / cubes").
            f"{max(0, cubes)}\u00a0cubes in supply" + (f" ({-cubes} short: correct the counts)" if cubes < 0 else "")
            + f" \u00b7 {values.get('board', 0)}\u00a0cubes on the board"
        )
    return Table(headline=headline(seen), banner=banner(seen), zones=specs, counters=counters, marks=marks, status=status,
                 backs=BACKS)


def headline(seen: View) -> str:
    extra: PoPTable = seen.extra
    text = f"Round {extra.round} \u00b7 {extra.phase_label}"
    if extra.phase == "draw":
        step = {"setup": "Setup draw", "setup-keep": "Setup: keep up to 4", "draw": "1B draw", "keep": "1C keep"}[extra.draw_step]
        who = extra.drawing or extra.keeping
        text += f" \u00b7 {step}" + (f": {seen.seat_name(who)}" if who else "")
    elif extra.phase == "action" and extra.active:
        text += f" \u00b7 {seen.seat_name(extra.active)}'s turn \u00b7 {len(extra.passed)} of {len(seen.seats)} passed"
    elif extra.phase == "cleanup" and extra.owed:
        text += f" \u00b7 Step C: {seen.seat_name(extra.owed[0].player)} discards to {HAND_LIMIT}"
    elif extra.phase == "income" and extra.upkeep:
        text += f" \u00b7 {seen.seat_name(extra.upkeep)}'s upkeep"
    return text


def banner(seen: View) -> str:
    extra: PoPTable = seen.extra
    parts: list[str] = []  # a practice's step is over the table, in the window's practice strip
    for duty in extra.owed[:1]:
        parts.append(f"{seen.seat_name(duty.player)} holds more than {HAND_LIMIT} cards: discard down to {HAND_LIMIT} now.")
    if extra.covert:
        top = extra.covert[-1]
        aim = f" at {seen.seat_name(top.target)}" if top.target else ""
        waiting = seen.seat_name(top.waiting[0]) if top.waiting else "nobody"
        parts.append(f"{seen.seat_name(top.player)}'s {top.name}{aim} waits: each other player in turn may counter it; {waiting} answers now.")
    if extra.trigger:
        what = extra.trigger.text or TRIGGER_WORDS[extra.trigger.event]
        parts.append(f"{seen.seat_name(extra.trigger.seat)}: {what}. They may play Reactions, then pass.")
    if extra.battle:
        battle = extra.battle
        side = {"attacker": battle.attacker, "defender": battle.defender}.get(battle.step)
        step = (f"{seen.seat_name(side)} plays Battle Actions ({battle.step})" if battle.step != "between"
                else "next round or end the battle")
        dice = ", ".join(f"{DIE_WORDS[d.die]} ({d.source})" for d in battle.dice)
        parts.append(
            f"Battle round {battle.round}: {seen.seat_name(battle.attacker) if battle.attacker else 'a non-player realm'} "
            f"against {seen.seat_name(battle.defender) if battle.defender else 'a non-player realm'}: {step}."
            + (f" Dice added: {dice}." if dice else "")
        )
    return "\n".join(parts)


# ---- who may act now ---------------------------------------------------------------------------


def finished(state: PoPState) -> str | None:
    """The system's end: the round is over (Phase 5's hand limit met, the table waiting to start
    the next round); None again once it starts."""
    done = state.phase == "cleanup" and not state.busy() and state.battle is None
    return f"Round {state.round} is over." if done else None


def stages(state: PoPState) -> list[Stage]:
    if state.owed:
        return [Stage(seat=state.owed[0].player, kind="discard", label=f"discard down to {HAND_LIMIT} (Step C)")]
    if state.covert:
        top = state.covert[-1]
        return [Stage(seat=top.window.waiting()[0], kind="answer", label=f"counter {top.name} or pass")]
    if state.trigger is not None:
        return [Stage(seat=state.trigger.opener, kind="answer", label="play Reactions to what happened, or pass")]
    battle = state.battle
    if battle is not None:
        if battle.step != "between":
            return [Stage(seat=battle.seat_of(battle.step), kind="answer", label="play Battle Actions, then say done")]
        return [Stage(seat=seat, kind="table", label="next round of battle, or end it", private=False)
                for seat in state.seat_ids()]
    if state.phase == "draw":
        seat = draws.drawer(state)
        if seat is not None:
            return [Stage(seat=seat, kind="turn", label="draw a card from a deck of your choice")]
        seat = draws.keeper(state)
        if seat is not None:
            return [Stage(seat=seat, kind="turn", label="keep or let go each drawn card")]
    if state.phase == "action" and state.active is not None:
        return [Stage(seat=state.active, kind="turn", label="take a turn: a card, a Basic Action or pass")]
    if state.phase == "income":
        seat = phases.upkeep_seat(state)
        if seat is not None:
            return [Stage(seat=seat, kind="answer", label="pay your Advisors' upkeep or let them go", private=False)]
    what = "declare battles, or move on to Phase 4" if state.phase == "peace" else "start the next round"
    return [Stage(seat=seat, kind="table", label=what, private=False) for seat in state.seat_ids()]


