"""A Tempo Combat bot for the seats the app plays: the GM seat's NPCs, or a seat's player
characters (a companion). It reads only its seat's view and its legal actions: the NPC side never
sees a player character's plan (the view holds none), and it changes no plan on what it guesses.

NPC policy (the GM seat):

- **Planning.** Each NPC plans an Attack and one more action. The Attack is the earliest its held
  weapons allow (a Quick weapon: Quick Attack at 3; a Standard one: Standard Attack at 5; else Slow
  Attack at 7). The second is Guard when another standing NPC is hurt (below its Max HP), otherwise
  Mark.
- **Targets.** It strikes the standing player character with the lowest HP (player sheets are
  public), ties in seat order, never one already down (0 HP) while another stands; it Guards the
  standing NPC with the lowest HP.
- **The count.** It takes each action at its tempo and never lets a tempo pass, unless the action
  cannot be taken (no weapon fits), then it waits.
- **Reactions.** It uses every reaction it is offered (Intercept while guarding, Dual Wield,
  Teamwork, its sheet's), saying yes to their board facts; the person at the table may undo.
- **Questions.** A Scan question its sheet cannot answer gets "the GM gives no answer".
- It never Exerts (NPCs do not). It ends the scene when one side is all down (D30), and plans
  nothing more once no player character stands.

Player-character policy (a companion):

- **Planning.** An Attack as above (a Reload weapon not loaded: Inventory to load it instead),
  and Guard when another standing player character is hurt, otherwise Scan (question 1: HP).
- **Targets.** The first Marked NPC, else the first standing NPC in the GM's order; it Guards the
  standing ally with the lowest HP. Help: clears a condition if the ally has one, else Teamwork.
  It never strikes, Marks or Scans an ally; with no foe standing it lets its tempos pass, and
  plans nothing more.
  Inventory: loads a Reload weapon, else draws a stowed weapon, else consumes an item.
- **Exert.** Only for 1d4 Momentum during its own turn, at most once a round, and only while its
  Exertion is at least 2 below its maximum (the end of a scene costs that Exertion as damage).
- Reactions, the count and Advance: as the NPC side.

Advance: it ends only the turns of its own characters, after its reactions and Exerts (another
seat's turn is ended by that seat; the table's own Advance is pressed by the people when any seat
is theirs).

Its own Strikes: before it ends its own character's turn, it rolls for the Strike it made, as a
person rolls at the table: a hit on 3 or more on a d6, for 1d6 damage, declared (D25). It is
asked then only when the app plays every seat (the table's own steps are the people's while any
seat is theirs, `model/app_moves.py`): with a person at the table, the person says whether a
Strike hit.
"""

from __future__ import annotations

from desktop.engine.actions import Action, moves_on
from desktop.engine.levels import STANDARD, LevelledPolicy
from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo.core import KINDS

NAMES = {kind.name: kind.id for kind in KINDS.values()}
ATTACK_BY_SPEED = {"Quick": "quick_attack", "Standard": "standard_attack", "Slow": "slow_attack"}
SPEED_ORDER = ("Quick", "Standard", "Slow")
FRIENDLY = ("Guard", "Help")  # aimed at an ally; every other action with a target aims at a foe
HIT_ON = 3  # its Strike hits on this or more on a d6
DAMAGE_DIE = 6  # and deals 1d6


class TempoBot(LevelledPolicy):
    rolls_strikes = True  # it rolls its own character's Strike when the app plays every seat

    def __init__(self, seed: int | None = None, level: str = STANDARD) -> None:
        super().__init__(seed, level)
        self._exerted: set[tuple[str, int]] = set()
        self._rolled: set[tuple] = set()  # the turns whose Strike it rolled for

    def choose(self, legal: list[Action], view=None) -> Action | None:
        onward = [act for act in legal if moves_on(act) and not isinstance(act, a.Practice)]
        if not onward:
            return None
        if view is None or view.extra is None:
            return onward[0]
        self.view, self.extra = view, view.extra
        self.rows = {row.id: row for row in self.extra.rows}
        reacts = [act for act in onward if isinstance(act, a.React)]
        chosen = self._react(reacts) if reacts else None
        if chosen is not None:
            return chosen
        if self.extra.turn is not None:
            return self._in_turn(onward, legal)
        ends = [act for act in onward if isinstance(act, a.EndScene) and act.player == self.extra.gm]
        if ends and self.extra.decided:
            return ends[0]  # D30: one side is all down; the GM ends the scene
        for pick in (self._answer, self._plan, self._take):
            found = pick(onward)
            if found is not None:
                return found
        return None

    def _react(self, reacts: list[a.React]) -> a.React | None:
        """The reaction it uses of those offered (None: none now): the first, as this policy
        uses every reaction it is offered."""
        return reacts[0]

    def down(self, row) -> bool:
        """Out of the fight as its seat sees it: dead, defeated, or at 0 HP (an HP it may read)."""
        return row.dead or row.hp == 0

    def foes_stand(self, row) -> bool:
        return any(other.side != row.side and not self.down(other) for other in self.extra.rows)

    # ---- a turn under way ------------------------------------------------------------------

    def _in_turn(self, onward: list[Action], legal: list[Action]) -> Action | None:
        turn = self.extra.turn
        actor = self.rows.get(turn.character)
        exerting = self._exert(onward, actor)
        if exerting is not None:
            return exerting
        if actor is None or actor.seat != onward[0].player:
            return None  # another seat's turn: its player (or its bot) ends it
        hit = self._roll(turn, legal)
        if hit is not None:
            return hit
        return next((act for act in onward if isinstance(act, a.Advance)), None)

    def _exert(self, onward: list[Action], actor) -> a.Exert | None:
        """A player character's Exert for Momentum in its own turn, once a round, kept 2 below
        its maximum Exertion."""
        for act in onward:
            if (isinstance(act, a.Exert) and act.use == "momentum" and actor is not None and act.character == actor.id
                    and actor.side == "pc" and actor.exertion <= actor.max_exertion - 2
                    and (actor.id, self.extra.round) not in self._exerted):
                self._exerted.add((actor.id, self.extra.round))
                return act
        return None

    def _roll(self, turn, legal: list[Action]) -> a.Declare | None:
        """Its own character's Strike, rolled once: a hit (declared with its damage), or a miss;
        never where the table rolls (`rolls_strikes` off: app-versus-app games, versus.py)."""
        if not self.rolls_strikes:
            return None
        struck = any(t.kind == "attack" and t.subject == turn.character for t in turn.triggers)
        key = (self.extra.scene, self.extra.round, turn.tempo, turn.character, turn.action)
        if not struck or key in self._rolled or any(t.kind == "hit" for t in turn.triggers):
            return None
        self._rolled.add(key)
        offered = next((act for act in legal if isinstance(act, a.Declare) and act.event == "hit"), None)
        if offered is None or self._random.randint(1, 6) < HIT_ON:
            return None
        return a.Declare(player=offered.player, event="hit", character=offered.character,
                         damage=self._random.randint(1, DAMAGE_DIE))

    # ---- planning ----------------------------------------------------------------------------

    def wanted(self, row) -> list[str]:
        """The two actions of its policy, then what it falls back to."""
        attack = self.attack_of(row)
        hurt = [r for r in self.extra.rows if r.side == row.side and r.id != row.id and not r.dead
                and 0 <= r.hp < r.max_hp]
        second = "guard" if hurt else ("mark" if row.side == "npc" else "scan")
        return [attack, second, "move", "mark", "scan", "hide", "rest", "shift", "help"]

    def attack_of(self, row) -> str:
        held = [w for w in row.weapons if ", held" in w]
        if any("Reload" in w and "loaded" not in w for w in held) and row.side == "pc":
            return "inventory"
        for speed in SPEED_ORDER:
            if any(f"({speed}" in w for w in held):
                return ATTACK_BY_SPEED[speed]
        return "inventory"

    def _plan(self, onward: list[Action]) -> Action | None:
        plans = [act for act in onward if isinstance(act, a.Plan) and act.tempo == -1 and not act.spell]
        if not plans or self.extra.phase != "planning":
            return None
        plans = [act for act in plans if (row := self.rows.get(self._owner(act.card))) is not None
                 and self.foes_stand(row)]  # no foe stands: the fight is over, it plans no more
        by_row: dict[str, dict[str, a.Plan]] = {}
        for act in plans:
            face = self.view.face_of(act.card)
            if face is None or face.title not in NAMES:
                continue  # abilities and Magic are left to people
            character = self._owner(act.card)
            by_row.setdefault(character, {})[NAMES[face.title]] = act
        for character, offered in by_row.items():
            row = self.rows[character]
            for action in self.wanted(row):
                if action in offered:
                    return offered[action]
        return None

    def _owner(self, card: str) -> str:
        for zone_id, zone in self.view.zones.items():
            if zone_id.startswith("actions:") and any(entry is not None and entry.id == card for entry in zone.cards):
                return zone_id.split(":", 1)[1]
        return ""

    # ---- the count ---------------------------------------------------------------------------

    def _take(self, onward: list[Action]) -> Action | None:
        takes = [act for act in onward if isinstance(act, a.Take) and self._sensible(act)]
        if takes:
            return min(takes, key=self._rank)
        waits = [act for act in onward if isinstance(act, a.Wait)]
        return waits[0] if waits else None

    def _sensible(self, act: a.Take) -> bool:
        """No Strike, Mark or Scan at an ally, none at a foe already down, no Guard or Help of a
        foe or of a fallen ally: an action aimed at nobody it should aim at is let pass."""
        if not act.target:
            return True
        me, target = self._actor(act.entry), self.rows.get(act.target)
        if me is None or target is None:
            return False
        kind = next((chip.action for chip in me.chips if chip.entry == act.entry), "")
        if kind in FRIENDLY:
            return target.side == me.side and not target.dead
        return target.side != me.side and not self.down(target)

    def _rank(self, act: a.Take) -> tuple:
        me = self._actor(act.entry)
        target = self.rows.get(act.target)
        kind = next((chip.action for chip in me.chips if chip.entry == act.entry), "") if me is not None else ""
        friendly = kind in ("Guard", "Help")
        foe = target is not None and me is not None and (target.side != me.side) != friendly
        if me is not None and me.side == "npc":
            order = (target.hp if target is not None and target.hp >= 0 else 999) if foe else 999
        else:
            marked = target is not None and "Marked" in target.conditions
            order = (0 if marked else 1, self._index(act.target)) if foe else (2, 0)
        ally_hp = target.hp if target is not None and not foe and target.hp >= 0 else 999
        option = {"load": 0, "swap": 1, "consume": 2, "clear": 0, "teamwork": 1, "move": 0, "jump": 1}.get(act.option, 0)
        return (0 if foe else 1, order, ally_hp, option, act.question, -int(act.success), act.weapon, act.target,
                act.amount, act.tier, act.item)

    def _actor(self, entry: int):
        for row in self.extra.rows:
            if any(chip.entry == entry for chip in row.chips):
                return row
        return None

    def _index(self, character: str) -> int:
        return next((n for n, row in enumerate(self.extra.rows) if row.id == character), 99)

    def _answer(self, onward: list[Action]) -> Action | None:
        return next((act for act in onward if isinstance(act, a.Answer)), None)
