"""How a Tempo Combat table reads: the redacted view (the timeline's rows with their chips, each
character's public sheet, Scan snapshots), the table (a track of ten tempo columns, a row per
character, player characters above NPCs), and the stages (stages.py:
who plans, who acts now, who may react), re-exported for the ruleset.

What each seat sees (D5, D6): a player character's plan is seen by the seats that see its row
(its player and, by default, the other player seats), never by the GM seat or the NPC bot until
it is taken; an NPC's plan, tempo included, only by the GM seat until it is taken (the other
seats read "2 actions left"); an NPC's sheet only by the GM seat, the other seats reading its
plainly visible conditions and their Scan snapshots.
"""

from __future__ import annotations

from desktop.engine.presentation import (
    CounterSpec,
    Table,
    TitleParts,
    TrackMark,
    View,
    ZoneSpec,
    title_parts,
)
from desktop.engine.views import base_view, may_see
from desktop.rulesets.tempo import count, planning, reactions
from desktop.rulesets.tempo.core import VISIBLE_CONDITIONS, action_name, max_exertion
from desktop.rulesets.tempo.faces import face
from desktop.rulesets.tempo.looks import chip_looks
from desktop.rulesets.tempo.seen import (
    ChipSeen,
    ReactionSeen,
    RowSeen,
    ScanSeen,
    TempoTable,
    TriggerSeen,
    TurnSeen,
)
from desktop.rulesets.tempo.special_checks import QUESTIONS
from desktop.rulesets.tempo.stages import DECIDED_WORDS, finished, stages
from desktop.rulesets.tempo.state import Character, TempoState
from desktop.rulesets.tempo.words import describe, question, value_label

__all__ = ["describe", "finished", "question", "stages", "table", "value_label", "view"]

TRACK = "tempo"
PART_LABELS = {"pcs": "player characters acting", "npcs": "NPCs acting"}



def sees_row(state: TempoState, viewer: str | None, char: Character) -> bool:
    """Whether the viewer sees the character's plan: the seats that see its row."""
    zone = state.zones[planning.row(char.id)]
    return zone.visibility == "public" or (viewer is not None and (viewer == zone.owner or viewer in zone.seen_by))


def sees_sheet(state: TempoState, viewer: str | None, char: Character) -> bool:
    return char.side == "pc" or viewer == state.gm


def _passed(state: TempoState, entry) -> bool:
    """Whether the count went by a planned action's tempo without it being taken."""
    if state.phase != "count":
        return False
    return entry.tempo < state.tempo or (entry.tempo == state.tempo and entry.character in state.waived)


def _row(state: TempoState, viewer: str | None, char: Character, on_now: set[str]) -> RowSeen:
    """`on_now`: the characters that may begin a turn now (`count.on_now`), worked out once per view."""
    sheet = sees_sheet(state, viewer, char)
    plans = sees_row(state, viewer, char)
    values = state.counters[char.id]
    zone = state.zones[planning.row(char.id)]
    chips = []
    now = state.phase == "count" and char.id in on_now
    for entry in state.entries:
        if entry.character != char.id or (entry.status == "planned" and not plans):
            continue
        card = entry.card if entry.card is not None and entry.card in zone.cards and may_see(state, zone, entry.card, viewer) else ""
        chips.append(ChipSeen(entry=entry.id, action=action_name(char, entry.action), tempo=entry.tempo, usual=entry.usual,
                              tag=entry.tag, status=entry.status, spell=entry.spell, words=entry.words, card=card,
                              normal_move=entry.tag not in ("extra", "free"),
                              acting=state.turn is not None and state.turn.entry == entry.id,
                              passed=entry.status == "planned" and _passed(state, entry),
                              reactions=list(entry.reactions),
                              blocked=count.why_not(state, char, entry) if now and entry.status == "planned"
                              and entry.tempo == state.tempo else ""))
    turn = state.turn
    known = reactions.known(char) if sheet else []
    return RowSeen(
        id=char.id, name=char.name, side=char.side, seat=char.seat, dead=char.dead, sheet=sheet,
        hp=values["hp"] if sheet else -1, max_hp=values["max_hp"] if sheet else -1,
        speed=values["speed"] if sheet else -1, momentum=values["momentum"] if sheet else -1,
        exertion=values["exertion"], max_exertion=max_exertion(state, char.id) if sheet else -1,
        exerted_scene=char.exerted_scene,
        mana=[values[key] for key in ("mana", "mana_scene", "mana_day", "mana_ever")] if sheet else [],
        conditions=[c for c in char.conditions if sheet or c in VISIBLE_CONDITIONS],
        weapons=[f"{w.name} ({w.speed.capitalize()}{', held' if w.name in char.held else ''}"
                 f"{', loaded' if w.reload and w.name in char.loaded else ', Reload' if w.reload else ''})"
                 for w in char.weapons] if sheet else [],
        reactions=[ReactionSeen(name=r.name, tempo=r.tempo, used=len(state.uses.find(r.name, by=char.id)),
                                per_round=r.per_round, text=r.text, prerequisite=r.prerequisite) for r in known],
        reaction_free=turn is None or char.id not in turn.reacted,
        resting=char.resting, guarding=char.guarding or "",
        left=sum(1 for e in state.entries if e.character == char.id and e.status == "planned"),
        chips=chips, defeated=char.defeated,
    )


def view(state: TempoState, viewer: str | None) -> View:
    from desktop.rulesets.tempo.scenarios import PRACTICES

    turn = state.turn
    turn_seen = None
    if turn is not None:
        actor = state.character(turn.character)
        entry = state.entry(turn.entry)
        turn_seen = TurnSeen(
            character=actor.id, action=action_name(actor, entry.action) if entry else "", tempo=turn.tempo,
            normal_move=turn.normal_move, reacted=list(turn.reacted),
            triggers=[TriggerSeen(id=t.id, kind=t.kind, subject=t.subject, text=t.text, damage=t.damage,
                                  intercepted_by=turn.intercepted.get(str(t.id), "")) for t in turn.triggers],
        )
    on_now = count.on_now(state)  # once per view: each row asked it again
    on_ids = {char.id for char in on_now}
    on = [char.id for char in on_now if char.side == "pc" or viewer == state.gm]
    extra = TempoTable(
        round=state.round, scene=state.scene, phase=state.phase, tempo=state.tempo, part=state.part, gm=state.gm,
        plans=state.plans, pc_order=state.pc_order, planners=planning.planners(state), on=on, turn=turn_seen,
        rows=[_row(state, viewer, char, on_ids) for char in state.order()],
        scans=[ScanSeen(by=s.by, target=s.target, question=QUESTIONS[s.question], round=s.round, tempo=s.tempo,
                        text=s.text) for s in state.scans],
        asked=[f"{state.character(s.by).name} asks about {state.character(s.target).name}: {QUESTIONS[s.question]}"
               + (f" ({s.text})" if s.question == 6 else "") for s in state.asked] if viewer == state.gm else [],
        practice=PRACTICES.told(state, viewer),
        decided=count.decided(state),
    )
    owners = {char.id: char for char in state.characters}

    def public(entity: str, key: str) -> bool:
        char = owners.get(entity)
        return char is not None and char.side == "pc"

    def faced(definition: str):
        character, action = definition.split(":", 1)
        return face(owners[character], action)

    return base_view(state, viewer, faced, extra, public_counters=public)


# ---- the table ---------------------------------------------------------------------------------

COUNTER_LABELS = {
    "hp": ("HP", 0, 999), "max_hp": ("Max HP", 1, 999), "for": ("FOR", -10, 10), "speed": ("Speed", 0, 999),
    "momentum": ("Momentum", 0, 999), "exertion": ("Exertion", 0, 999), "mana": ("Mana", 0, 999),
    "mana_scene": ("Mana (scene)", 0, 999), "mana_day": ("Mana (day)", 0, 999), "mana_ever": ("Mana (indefinite)", 0, 999),
}


def _row_title(row: RowSeen, seen: View) -> TitleParts:
    """The name, then its counts: a narrow row drops them from the last, keeping the name."""
    if row.dead:
        return title_parts(f"{row.name}: {'defeated' if row.defeated else 'dead'}")
    exertion = f"Exertion {row.exertion}/{row.max_exertion}" if row.max_exertion >= 0 else ""
    hp = f"HP {row.hp}/{row.max_hp}" if row.hp >= 0 else ""
    left = f"{row.left} action{'s' if row.left != 1 else ''} left"
    return title_parts(row.name, *(f" \u00b7 {part}" for part in (hp, exertion, left) if part))


def table(seen: View) -> Table:
    extra: TempoTable = seen.extra
    specs: list[ZoneSpec] = []
    counters: list[CounterSpec] = []
    for row in extra.rows:
        own = seen.viewer == row.seat
        actions, line = seen.zones[f"actions:{row.id}"], seen.zones[f"timeline:{row.id}"]
        specs.append(ZoneSpec(zone=line.id, role="track", seat=row.seat, layout="row", slots=10, track=TRACK,
                              parts=_row_title(row, seen), drag_from=own and not row.dead,  # moved by Exert (T30)
                              hint="its actions at their tempos, 0 to 9: drop an action card here to plan it",
                              inactive=row.dead))  # D16: a row out of the fight is greyed
        # A seat playing several characters (the GM) shows their hands side by side: each titled by
        # its name alone, which a narrow zone keeps ("Orc's actions" would keep only "actions").
        several = sum(1 for other in extra.rows if other.seat == row.seat) > 1
        specs.append(ZoneSpec(zone=actions.id, role="hand", seat=row.seat, layout="fan", drag_from=own and not row.dead,
                              parts=(title_parts(row.name, f": {actions.count}") if several
                                     else title_parts("actions", f": {actions.count}", owner=f"{row.name}'s ")),
                              hint="drag an action card onto the row: it goes to its own tempo"))
        readable = seen.counters.get(row.id, {})
        # Its counts are kept by the GM or its own seat (D18), while that seat looks; a dead
        # character's stay as they fell.
        keeps = seen.viewer is not None and seen.viewer in (extra.gm, row.seat) and not row.dead
        for key, (label, low, high) in COUNTER_LABELS.items():
            if key in readable:
                value = readable[key]
                counters.append(CounterSpec(
                    entity=row.id, key=key, label=label, value=value, low=low,
                    high=value if key == "exertion" else high,  # by hand it is only lowered (a Rest)
                    public=row.side == "pc", editable=keeps, seat=row.seat))
    marks: dict[str, list[str]] = {}
    status: dict[str, str] = {}
    acting = {row.seat for row in extra.rows if row.id in extra.on}
    for seat in seen.seats:
        marks[seat.id] = [mark for mark, on in (
            ("GM", seat.id == extra.gm), ("planning", seat.id in extra.planners), ("turn", seat.id in acting),
        ) if on]
        rows = [row for row in extra.rows if row.seat == seat.id]
        if seat.id == extra.gm:
            status[seat.id] = f"GM: {sum(1 for row in rows if not row.dead)} NPCs standing"
        else:
            status[seat.id] = " \u00b7 ".join(
                f"{row.name} HP {row.hp}/{row.max_hp}, Exertion {row.exertion}/{row.max_exertion}" for row in rows)
    if extra.phase == "planning":
        mark = TrackMark(track=TRACK, current=-1, note="Planning", acting=[])
    else:
        rows = [extra.turn.character] if extra.turn is not None else list(extra.on)
        mark = TrackMark(track=TRACK, current=extra.tempo, note=PART_LABELS[extra.part].replace(" acting", "")
                         .replace("player characters", "PCs") + " acting", acting=[f"timeline:{row}" for row in rows])
    return Table(headline=headline(seen), banner=banner(seen), zones=specs, counters=counters, marks=marks,
                 status=status, tracks=[mark], looks=chip_looks(extra.rows))


def headline(seen: View) -> str:
    extra: TempoTable = seen.extra
    text = f"Round {extra.round} \u00b7 Scene {extra.scene}"
    if extra.phase == "planning":
        waiting = ", ".join(seen.seat_name(seat) for seat in extra.planners)
        return f"{text} \u00b7 Planning" + (f": {waiting} to plan" if waiting else "")
    text += f" \u00b7 Tempo {extra.tempo} \u00b7 {PART_LABELS[extra.part]}"
    if extra.turn is not None:
        text += f" \u00b7 {seen.seat_name(extra.turn.character)}'s {extra.turn.action}"
    elif extra.on:
        text += f" \u00b7 {', '.join(seen.seat_name(c) for c in extra.on)} to act"
    return text


def banner(seen: View) -> str:
    extra: TempoTable = seen.extra
    parts: list[str] = []  # a practice's step is over the table, in the window's practice strip
    turn = extra.turn
    if turn is not None:
        move = "with its Normal Move" if turn.normal_move else "no Normal Move (Extra or Free)"
        parts.append(f"{seen.seat_name(turn.character)}'s turn ({turn.action}, {move}): reactions, Exert at the end of "
                     f"the turn, then Advance.")
    if extra.asked:
        parts.append(f"Scan questions for the GM: {len(extra.asked)}.")
    for row in extra.rows:
        for chip in row.chips:
            if chip.blocked:
                parts.append(f"{row.name}'s {chip.action} cannot be taken now: {chip.blocked} Let the tempo pass, "
                             f"or change it (T9).")
    if extra.decided:
        parts.append(f"The fight is decided, {DECIDED_WORDS[extra.decided]}: the GM ends the scene (D30).")
    elif all(row.dead for row in extra.rows):
        parts.append("Nobody stands: end the scene.")
    return "\n".join(parts)
