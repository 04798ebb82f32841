"""How the app plays a Future Imperfect seat, at its two levels (docs/systems/future-imperfect.md,
"The app's seats"). It reads only its legal actions and its seat's view (everything in Future
Imperfect is public but the deck's order) and decides in one pass: well under a millisecond.

Future Imperfect has no out-of-turn windows: a seat only ever answers its own check or, as the
Master, sets the next one. A player's only choice is which result of the resolution card to take
(and, with several exceptional results open, which to keep); the Master's is which check to set.

**Standard.**

- **As the Master.** It sets a simple check for each character in turn, its own NPC's last (at a
  real table the Master makes the NPCs' checks too: the NPC acts between the players' turns): the
  character's trait die drawn at random, a skill level from 1 to 5, TN 7 (the rulebook's average
  difficulty). In a game of one it sets its own character's checks.
- **As a player (and for its NPC).** It takes the largest result; an exceptional one first on a
  tie (it goes on and can only grow). With several exceptional results open after an extension
  card it keeps the one whose total, with half a die more where the card makes it exceptional
  again (what the next extension adds on average), is largest. It draws whenever it is its turn
  to draw.
- **The end.** It ends the session only when it plays every seat: after three checks per
  character, its NPC's included; with a person at the table the end is the people's.

**Learning.** The same turns, as a first game plays them. As the Master it sets simple checks,
skill 1 to 5 as the standard does, a little easier for the players: TN 6, one below the rulebook's
average, so they succeed more often while they learn; its own NPC's at TN 7 (an easier TN for
every check would lift a random player's results as much as its own reading lifts its NPC's:
docs/performance.md, "Future Imperfect"). As a player it reads the card
from the top row down and takes the first result that reaches the TN (else the largest): it never
looks further for a better margin, so its successes are as frequent but plainer (fewer bumps,
smaller magnitudes). Not the random floor: a random row throws successes away, which teaches
nothing.
"""

from __future__ import annotations

from desktop.engine.actions import moves_on
from desktop.engine.levels import LEARNING, STANDARD, Level, LevelledPolicy
from desktop.rulesets.future_imperfect import actions as a
from desktop.rulesets.future_imperfect.cards import CF
from desktop.rulesets.future_imperfect.presentation import card_in_view

CHECKS_PER_PLAYER = 3  # a short session: the app ends it after this many checks for each player
FAIR_TN = 7  # the standard Master's TN: the rulebook's average difficulty
GENTLE_TN = 6  # the learning Master's TN for the players' checks: one easier than the average
HIGHEST_SKILL = 5  # both Masters' skill levels run 1 to 5

LEVELS = (
    Level(LEARNING, "Learning",
          "As the Master sets the players easier simple checks (TN 6); as a player takes the first "
          "result that reaches the TN."),
    Level(STANDARD, "Standard",
          "As the Master sets fair checks (TN 7, skill 1 to 5) for each character, its NPC's too; as "
          "a player takes the largest result and keeps the exceptional one likeliest to grow."),
)


class FIPolicy(LevelledPolicy):
    def choose(self, legal: list, view=None):
        ending = [act for act in legal if isinstance(act, a.EndSession)]
        legal = [act for act in legal if not isinstance(act, a.EndSession)]
        if ending and view is not None and self._session_done(view):
            return ending[0]
        if not legal:
            return None
        for kind in (a.DrawResolution, a.DrawExtension):
            found = [act for act in legal if isinstance(act, kind)]
            if found:
                return found[0]
        takes = [act for act in legal if isinstance(act, a.Take)]
        if takes and view is not None:
            return self._take(takes, view)
        extends = [act for act in legal if isinstance(act, a.Extend)]
        if extends and view is not None:
            return max(extends, key=lambda act: self._kept(act, view))
        checks = [act for act in legal if isinstance(act, a.SetCheck)]
        if checks:
            return self._set_check(checks, view)
        onward = [act for act in legal if moves_on(act)]
        return self._random.choice(onward) if onward else None

    # ---- as the Master ------------------------------------------------------------------------

    def _set_check(self, checks: list[a.SetCheck], view) -> a.SetCheck:
        """The next character in turn (the players in seat order, then its own NPC), a trait drawn."""
        master = checks[0].player
        seats = list(dict.fromkeys(act.who for act in checks))
        order = [seat for seat in seats if seat != master] + [master] if len(seats) > 1 else seats
        who = order[(view.extra.checks if view is not None else 0) % len(order)]
        trait = self._random.choice([act.trait for act in checks if act.who == who])
        skill = self._random.randint(1, HIGHEST_SKILL)
        tn = FAIR_TN if self.standard or who == master else GENTLE_TN
        return a.SetCheck(player=master, who=who, trait=trait, skill=skill, tn=tn)

    @staticmethod
    def _session_done(view) -> bool:
        """Between checks, once each character made CHECKS_PER_PLAYER (a check set is not called off)."""
        check = view.extra.check
        between = check is None or check.phase == "done"
        return between and view.extra.checks >= CHECKS_PER_PLAYER * max(1, len(view.seats))

    # ---- as a player ---------------------------------------------------------------------------

    def _take(self, takes: list[a.Take], view) -> a.Take:
        check = view.extra.check
        card = card_in_view(view, check.cards[0])

        def worth(act: a.Take) -> tuple[int, int]:
            value = card.cell(act.row, check.trait)
            return (value if value != CF else -1, int(check.exceptional and value >= check.trait))

        if not self.standard:  # from the top row down: the first that reaches the TN
            reaching = [act for act in sorted(takes, key=lambda act: act.row) if worth(act)[0] >= check.tn]
            if reaching:
                return reaching[0]
        return max(takes, key=worth)

    @staticmethod
    def _kept(act: a.Extend, view) -> float:
        """The total so far, with half a die more where this card makes the row exceptional again."""
        check = view.extra.check
        value = card_in_view(view, check.cards[-1]).cell(act.row, check.trait)
        again = check.exceptional and value != CF and value >= check.trait
        return check.totals[check.rows.index(act.row)] + (check.trait / 2 if again else 0)
