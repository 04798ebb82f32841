"""How the app plays a Tempo Combat seat, at its two levels (docs/systems/tempo.md, "The app's
seats"): the GM seat's NPCs, or a player seat's characters (a companion). It reads only its seat's
view and its legal actions (the NPC side never sees a player character's plan) and decides in one
pass over them: no search, well under a millisecond a choice.

**Standard.** The bot of bot.py (`TempoBot`: the earliest Attack its held weapons allow, every
action taken at its tempo, the scene ended when one side is down, D30), sharpened:

- **Free attacks.** A Free ability that counts as an Attack (Bo's Flurry) is planned first, each
  round: it ignores the Unique Action Restriction, so it is a Strike more.
- **Guard the weaker ally.** Its second action is Guard when a standing ally has fewer HP than
  the guard (the foes' Strikes at it have Disadvantage, and the guard may Intercept; guarding an
  ally with more HP keeps nobody up longer); otherwise Mark (an NPC) or Scan (a player character).
- **Focus.** It strikes the foe it can drop soonest: the lowest HP it may read, a Guarded foe
  (Strikes at it have Disadvantage) counted 4 HP more; a foe whose HP it cannot read comes after
  those it can, in the GM's order, so a party strikes the same NPC. It Guards the weakest ally.
- **Reactions.** Dual Wield, Teamwork and a sheet's reactions always (each is a Strike more, a
  roll helped, or what the sheet says); Intercept only when it helps: the guard has more HP than
  the guarded ally, or the Strike would drop the ally, and the guard outlives the damage.
- **Exert.** In its own character's turn, once a round, where the rules let it (a player
  character; an NPC whose sheet says it Exerts, the GM's choice): another Attack this round (T29,
  a Strike more) when one may still be taken, else 1d4 Momentum; only while the Exertion after it
  stays within the maximum and below the character's HP (each point is damage at the end of the
  scene, which must not drop it).

**Learning.** The same turns, with a first game's handicaps: it plans the Slow Attack (tempo 7,
the Attack any weapon allows) rather than the earliest its weapons allow, so the other side's
quicker Strikes land first (a GM at this level gives the players the round's first blows); it
strikes a foe drawn at random (no focus), never Guards (so it never Intercepts), plans no Free
ability, and never Exerts. It still answers with the reactions it has (Dual Wield, Teamwork, its
sheet's): a learner sees each rule do what it says. Not the random floor: that one ends the scene
at its first move.
"""

from __future__ import annotations

from desktop.engine.actions import Action
from desktop.engine.levels import LEARNING, STANDARD, Level
from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo.bot import ATTACK_BY_SPEED, TempoBot

ATTACKS = frozenset(ATTACK_BY_SPEED.values())
GUARDED_COST = 4  # HP a Guarded foe counts for more: Strikes at it have Disadvantage
HIDDEN = 999  # a foe whose HP it cannot read
LATE_ATTACK = ATTACK_BY_SPEED["Slow"]  # the learning level's Attack: any weapon allows it (tempo 7)

LEVELS = (
    Level(LEARNING, "Learning",
          "Strikes late in the round (Slow Attack), at a foe drawn at random; never Guards or Exerts; uses "
          "the reactions it has."),
    Level(STANDARD, "Standard",
          "Focuses the foe it can drop soonest, Guards and Intercepts where that helps, Exerts for another "
          "Attack, and plans its Free attacks."),
)


class TempoPolicy(TempoBot):
    # ---- reactions ---------------------------------------------------------------------------

    def _react(self, reacts: list[a.React]) -> a.React | None:
        if not self.standard:
            return next((act for act in reacts if act.reaction != "Intercept"), None)
        return next((act for act in reacts if self.helps(act)), None)

    def helps(self, act: a.React) -> bool:
        """Whether a reaction helps its side: Intercept only where it keeps an ally up longer."""
        if act.reaction != "Intercept":
            return True
        guard = self.rows.get(act.character)
        found = next((t for t in self.extra.turn.triggers if t.id == act.trigger), None) if self.extra.turn else None
        ally = self.rows.get(found.subject) if found is not None else None
        if guard is None or ally is None or guard.hp < 0 or ally.hp < 0:
            return False
        damage = found.damage
        outlives = guard.hp > damage
        return outlives and (guard.hp > ally.hp or (damage > 0 and ally.hp <= damage))

    # ---- Exert ---------------------------------------------------------------------------------

    def _exert(self, onward: list[Action], actor) -> a.Exert | None:
        if not self.standard or actor is None or (actor.id, self.extra.round) in self._exerted:
            return None
        if actor.exertion + 1 > actor.max_exertion or actor.exertion + 1 >= actor.hp:
            return None  # over its maximum, or the end of the scene would drop it
        mine = [act for act in onward if isinstance(act, a.Exert) and act.character == actor.id]
        another = [act for act in mine if act.use == "another" and act.action in ATTACKS and not act.spell]
        if another and self.foes_stand(actor):
            wanted = self.attack_of(actor)
            choice = min(another, key=lambda act: (act.action != wanted, act.tempo))
        else:
            choice = next((act for act in mine if act.use == "momentum"), None)
            if choice is not None and actor.exertion > actor.max_exertion - 2:
                choice = None  # Momentum is worth less: kept 2 below the maximum, as bot.py
        if choice is not None:
            self._exerted.add((actor.id, self.extra.round))
        return choice

    # ---- planning ------------------------------------------------------------------------------

    def wanted(self, row) -> list[str]:
        attack = self.attack_of(row)
        if not self.standard and attack in ATTACKS:
            attack = LATE_ATTACK  # a first game's Attack: the one any weapon allows, struck late
        guard = self.standard and any(
            r.side == row.side and r.id != row.id and not self.down(r) and 0 <= r.hp < row.hp for r in self.extra.rows)
        second = "guard" if guard else ("mark" if row.side == "npc" else "scan")
        rest = [kind for kind in ("move", "mark", "scan", "hide", "rest", "shift", "help") if kind != second]
        if not self.standard:
            rest = [kind for kind in rest if kind != "guard"]
        return [attack, second, *rest]

    def _plan(self, onward: list[Action]) -> Action | None:
        if self.standard and self.extra.phase == "planning":
            free = self._free_attack(onward)
            if free is not None:
                return free
        return super()._plan(onward)

    def _free_attack(self, onward: list[Action]) -> a.Plan | None:
        """A Free ability that counts as an Attack its held weapons fit, not yet planned."""
        for act in onward:
            if not isinstance(act, a.Plan) or act.tempo != -1 or act.spell:
                continue
            face = self.view.face_of(act.card)
            data = getattr(face, "data", None)
            if data is None or data.tag != "free" or data.counts_as not in ATTACKS:
                continue
            row = self.rows.get(self._owner(act.card))
            if row is not None and self.foes_stand(row) and self.attack_of(row) == data.counts_as:
                return act
        return None

    # ---- the count -----------------------------------------------------------------------------

    def _take(self, onward: list[Action]) -> Action | None:
        takes = [act for act in onward if isinstance(act, a.Take) and self._sensible(act)]
        if takes and not self.standard:
            due = min(takes, key=self._rank).entry  # the action due, aimed at random
            return self._random.choice([act for act in takes if act.entry == due])
        return super()._take(onward)

    def _rank(self, act: a.Take) -> tuple:
        if not self.standard:
            return super()._rank(act)
        me, target = self._actor(act.entry), self.rows.get(act.target)
        kind = next((chip.action for chip in me.chips if chip.entry == act.entry), "") if me is not None else ""
        friendly = kind in ("Guard", "Help")
        foe = target is not None and me is not None and (target.side != me.side) != friendly
        if foe:
            known = target.hp if target.hp >= 0 else HIDDEN
            order = (known + (GUARDED_COST if "Guarded" in target.conditions else 0), self._index(act.target))
        else:
            order = (target.hp if target is not None and target.hp >= 0 else HIDDEN, self._index(act.target))
        option = {"load": 0, "swap": 1, "consume": 2, "clear": 0, "teamwork": 1, "move": 0, "jump": 1}.get(act.option, 0)
        return (0 if foe else 1, order, option, act.question, -int(act.success), act.weapon, act.target,
                act.amount, act.tier, act.item)
