"""Tempo Combat: planning, the 0-9 timeline, player characters before NPCs, reactions, Exert and
Exertion (docs/systems/tempo.md).

Each round every character plans two different actions; then the count runs from tempo 0 to 9,
and at each tempo every player character (in seat order) takes the actions it holds there, then
every NPC. Reactions answer what happens in a turn; player characters Exert themselves for more,
at the price of Exertion. The board, its distances and its dice stay on your table: the app keeps
the plans, the count, the sheets and the rules of the seed.
"""

from __future__ import annotations

from desktop.engine import rng
from desktop.engine.editions import FOURTH, edition_option
from desktop.engine.errors import RuleError, SetupError
from desktop.engine.levels import LEARNING, STANDARD
from desktop.engine.options import ON_OFF, Option, OptionValues
from desktop.engine.registry import register
from desktop.engine.ruleset import Demo, RulesetBase
from desktop.engine.seating import seat_id
from desktop.engine.state import Entity, Zone
from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo import presentation, rules, scenarios, sections, tally
from desktop.rulesets.tempo.core import action_ids
from desktop.rulesets.tempo.encounter import Sheet, builtin, problems, read_encounter, records_of
from desktop.rulesets.tempo.legal import legal_actions, unlisted_actions
from desktop.rulesets.tempo.planning import card_parts, hand, row
from desktop.rulesets.tempo.policy import LEVELS
from desktop.rulesets.tempo.state import Character, TempoState
from desktop.rulesets.tempo.versus import VERSUS

OPTIONS = (
    Option(key="gm", label="GM seat", default="", names="seat", empty="the last seat on the list",
           help="The player who plays the GM and every NPC (unless chosen, the last seat on the list). Let the app play that seat for solo play."),
    Option(key="npcs", label="NPCs in the built-in encounter", default="2", choices=[str(n) for n in range(1, 9)],
           number=(1, 8),
           help="How many NPCs the built-in encounter sets against the player characters (an encounter file says its own)."),
    Option(key="plans", label="Who sees plans", default="party", choices=["party", "secret", "open"],
           help="\"party\": a player character's plan is seen by every player seat, never by the GM; \"secret\": by its own seat alone; \"open\": every plan by everyone."),
    Option(key="pc_order", label="Order of player characters", default="seat", choices=["seat", "free"],
           help="\"seat\": at each tempo the player characters act in seat order; \"free\": any of them acts first."),
    Option(key="recover_amount", label="Exertion a Recover removes", default="1", choices=["1", "2", "3"], number=(1, 3),
           help="How much Exertion the Recover of a Shift removes after a Rest (the seed gives no amount)."),
    Option(key="dying", label="Dying", default="manual", choices=["manual", "auto"],
           help="\"manual\": the GM sets the Dying condition; \"auto\": a character at 0 HP is Dying."),
    Option(key="practice", label="Practice scenarios", default="off", choices=ON_OFF,
           help="The first player may start a practice scenario as the game's first action."),
    edition_option("an NPC at 0 HP stands and acts, an Attack no weapon could fit may be planned, every plan "
                   "binds the Unique Action Restriction during the count, and the end of a scene Reclaims no "
                   "Mana", FOURTH),
)


class TempoCombat(RulesetBase):
    id = "tempo"
    title = "Tempo Combat"
    description = (
        "A fight between your heroes and their enemies. Each round every character picks two "
        "actions, and each action has its tempo, a moment from 0 to 9; then the count runs from "
        "0 to 9, and each action is taken when its tempo comes. One seat is the game master, who "
        "plays the enemies: the app can play that seat for you. The map and the dice stay on "
        "your table."
    )
    players = (2, 8)
    options = OPTIONS
    deck_file = "Encounter file"
    action_type = a.TempoAction
    # Its own words, held out of the platform (tests/test_system_words.py).
    vocabulary = ("timeline", "exert", "exertion", "mana", "momentum", "npc", "gm", "strike", "prone",
                  "debuff", "teamwork")
    handlers = rules.HANDLERS
    after = rules.AFTER
    legal = staticmethod(legal_actions)
    unlisted = staticmethod(unlisted_actions)
    unlisted_hint = "a GM's grant, say"  # the Turn menu's Other actions..., in its tooltip
    presentation = presentation
    tally = staticmethod(tally.sections)  # the summary's actions, Strikes, damage, the defeated (tally.py)
    rule_sections = sections.BY_ACTION  # what a refusal of each kind cites (RuleError.rule)
    practices = scenarios.PRACTICES

    def start(self, seats, options: OptionValues, seed, deck=None) -> TempoState:
        edition4 = options.edition == FOURTH
        gm = options.gm or seats[-1].id
        players_seats = [seat for seat in seats if seat.id != gm]
        sheets = read_encounter(deck) if deck is not None else builtin([seat.name for seat in players_seats], options.npcs)
        characters = _seat(sheets, players_seats, gm)
        state = TempoState(
            ruleset=self.id, seats=seats, cards={}, zones={}, counters={}, rng=rng.seed_state(seed), gm=gm,
            plans=options.plans, pc_order=options.pc_order, recover_amount=options.recover_amount,
            auto_dying=options.dying == "auto", practice_on=options.practice,
            encounter="file" if deck is not None else "built-in", characters=characters, edition4=edition4,
        )
        party = [seat.id for seat in players_seats]
        for char, sheet in zip(characters, sheets, strict=True):
            if options.plans == "open":
                visibility, seen_by = "public", []
            elif char.side == "pc":
                visibility, seen_by = "owner", [s for s in party if s != char.seat] if options.plans == "party" else []
            else:
                visibility, seen_by = "owner", []
            cards = []
            for action in action_ids(char):
                card = f"c{len(state.cards) + 1:03d}"
                state.cards[card] = f"{char.id}:{action}"
                cards.append(card)
            state.zones[hand(char.id)] = Zone(id=hand(char.id), label=f"{char.name}'s actions", visibility=visibility,
                                              owner=char.seat, cards=cards, seen_by=list(seen_by))
            state.zones[row(char.id)] = Zone(id=row(char.id), label=f"{char.name}'s timeline", visibility=visibility,
                                             owner=char.seat, seen_by=list(seen_by))
            state.counters[char.id] = {
                "hp": sheet.hp, "max_hp": sheet.max_hp, "for": sheet.for_, "speed": sheet.speed, "momentum": sheet.momentum,
                "exertion": 0, "mana": sheet.mana, "mana_scene": 0, "mana_day": 0, "mana_ever": 0,
            }
            state.entities.append(Entity(id=char.id, name=char.name, controller=char.seat))
            if char.defeated_at_0 and sheet.hp == 0 and not edition4:
                char.dead = char.defeated = True  # an NPC the file sets at 0 HP starts the fight defeated
        return state

    def deck_records(self, data) -> list[dict]:
        records = records_of(data)
        found = problems(records)
        if found:
            raise SetupError(found[0])
        return records

    def drops(self, state: TempoState, seat: str, card: str, from_zone: str, to_zone: str) -> list[a.Action]:
        """An action card dragged onto its character's row: planned at its tempo; during the count
        an Extra or Free card added, a planned action changed for it (T9), or at the end of a turn
        an Exert for another action of its kind (T29). A card moved along its row: an Exert that
        moves it (T30; the table keeps the completions that reach the column dropped on). Dragged
        back to the hand during Planning: taken back."""
        try:
            character, action = card_parts(state, card)
        except RuleError:
            raise RuleError("That is not an action card at this table.", rule=sections.AT_THE_TABLE) from None
        char = state.character(character)
        if char.seat != seat:
            raise RuleError(f"{char.name}'s cards are played by {state.seat_name(char.seat)}.", rule=sections.AT_THE_TABLE)
        legal = legal_actions(state, seat)
        if from_zone == hand(character) and to_zone == row(character):
            found = [act for act in legal if isinstance(act, (a.Plan, a.Change)) and act.card == card]
            found += [act for act in legal if isinstance(act, a.Exert) and act.use == "another"
                      and act.character == character and act.action == action]
            if found:
                return found
            from desktop.rulesets.tempo.planning import check_plan

            check_plan(state, a.Plan(player=seat, card=card))  # raises the rule's sentence
            raise RuleError(f"{self.card_name(state, seat, card)} needs its tempo: use the Plan button.", rule=sections.AT_THE_TABLE)
        if from_zone == row(character) and to_zone == row(character):
            entry = next((e for e in state.entries if e.card == card and e.status == "planned"), None)
            if entry is None:
                raise RuleError(f"{self.card_name(state, seat, card)} was taken: a taken action stays where it was (D9).", rule=sections.ROUND)
            found = [act for act in legal if isinstance(act, a.Exert) and act.use == "move" and act.entry == entry.id]
            if found:
                return found
            if state.phase == "planning":
                raise RuleError(f"{self.card_name(state, seat, card)} goes to its own tempo; only an Exert, at the end "
                                f"of a turn, moves it (T30).", rule=sections.EXERT)
            from desktop.rulesets.tempo.exert import check_exert

            check_exert(state, a.Exert(player=seat, character=character, use="move", entry=entry.id,
                                       tempo=9 if entry.tempo != 9 else 8))  # raises the rule's sentence
            raise RuleError(f"{self.card_name(state, seat, card)} cannot move now.", rule=sections.AT_THE_TABLE)
        if from_zone == row(character) and to_zone == hand(character):
            found = [act for act in legal if isinstance(act, a.Unplan) and act.card == card]
            if found:
                return found
            raise RuleError("Planning is over: a planned action is changed for another (T9), not taken back.", rule=sections.ROUND)
        raise RuleError(f"{char.name}'s action cards go onto {char.name}'s own row.", rule=sections.AT_THE_TABLE)

    def counter_action(self, entity: str, key: str, value: int, by: str = "") -> a.Action:
        # A character's counts are kept by the GM or by its own seat: the seat changing it acts
        # (the check names who may). With nobody named, the character's id stands, and the
        # check refuses it in words.
        return a.SetCounter(player=by or entity, character=entity, counter=key, value=value)

    def seat_role(self, index, names, options) -> str | None:
        # The GM seat is named by the option `gm`, else the last; a name no longer at the table
        # is let go, as the options form lets it go, and the last seat is the GM again.
        chosen, named = seat_id(options.get("gm") or ""), [seat_id(name) for name in names]
        gm = named.index(chosen) if chosen and chosen in named else len(names) - 1
        return "The game master (GM): plays the enemies. To play alone, let the app play this seat." if index == gm else None

    def demo(self) -> Demo:
        from desktop.rulesets.tempo.demo import demo

        return demo()

    levels = LEVELS  # its own learning and standard levels (policy.py)
    versus = VERSUS  # the table's dice, the scene's end and the outcome, headless (versus.py)
    policies = dict.fromkeys((LEARNING, STANDARD), "desktop.rulesets.tempo.policy:TempoPolicy")


def _seat(sheets: list[Sheet], players_seats, gm: str) -> list[Character]:
    """Characters from the sheets, each with its seat: a player character's named player (or the
    player seats in turn), an NPC the GM's."""
    by_name = {seat.name.lower(): seat.id for seat in players_seats} | {seat.id: seat.id for seat in players_seats}
    characters: list[Character] = []
    used: set[str] = set()
    turn = 0
    for sheet in sheets:
        if sheet.side == "pc":
            if sheet.player:
                seat = by_name.get(sheet.player.lower()) or by_name.get(seat_id(sheet.player))
                if seat is None:
                    raise SetupError(f"{sheet.name}'s player {sheet.player[:40]!r} is not at the table (or is the GM).")
            else:
                seat = players_seats[turn % len(players_seats)].id
                turn += 1
        else:
            seat = gm
        base = seat_id(sheet.name)
        cid, n = base, 2
        while cid in used:
            cid, n = f"{base}-{n}", n + 1
        used.add(cid)
        characters.append(Character(
            id=cid, name=sheet.name, side=sheet.side, seat=seat, weapons=list(sheet.weapons), held=list(sheet.held),
            loaded=[w.name for w in sheet.weapons if w.reload], items=list(sheet.items), spells=list(sheet.spells),
            reactions=list(sheet.reactions), abilities=list(sheet.abilities), stats=dict(sheet.stats),
            action_sets=sheet.action_sets, paradigms=list(sheet.paradigms), paradigm=sheet.paradigm,
            conditions=list(sheet.conditions), may_exert=sheet.side == "pc" or sheet.exert,
            defeated_at_0=sheet.side == "npc" and sheet.defeated_at_0_hp,
        ))
    for seat in players_seats:
        if not any(char.seat == seat.id for char in characters):
            raise SetupError(f"{seat.name} plays no character in this encounter: give them one, or leave them out.")
    return characters


TEMPO = register(TempoCombat())
__all__ = ["TEMPO", "TempoCombat"]
