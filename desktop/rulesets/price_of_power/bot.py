"""How the app plays a Price of Power seat, at its two levels (docs/systems/price-of-power.md,
"The app's seats"). It reads only its legal actions and its seat's view (it never reads another
hand: the card definitions it looks up are those of cards it sees), and decides in one pass over
them, with no search: well under a millisecond a choice.

**Standard.**

- **Draws.** From the deck of the power type it has most of (it can pay for those cards), ties
  in the order Administrative, Diplomatic, Military; at setup, the decks it still owes a draw
  first (the legal draws already say which).
- **Keeping.** It keeps a drawn card when it can pay for it now, or nearly (its power cost is at
  most its power of that type plus 2, its Ducats at most what it has left after keeping), or
  when the card's character is an Advisor it could hire into an empty slot; otherwise it lets the
  card go. At setup, where keeping is free, it keeps up to four by the same test, then any.
- **Its turn.** First a Minor Action: it appoints an Advisor into an empty slot while 4 Ducats stay,
  or a Ruler during an Interregnum. Then a Display card's turn action it can pay for, then the card
  worth most that it can pay for (the highest printed cost: a Display card first if it has room,
  replacing the Display card with the fewest cubes), aiming at the next seat. Then the round's
  Event if it is still owed, and otherwise it passes; after 8 turns in a round it passes anyway (free
  cards and Advisors' discounts could otherwise keep it playing for ever). It never takes or repays
  Loans (their Interest is the board's, every round after).
- **Battles.** In its Play Battle Actions step it plays every Battle Action it can pay for (a "?"
  die as Infantry), then says done; between rounds it fights a second round, then ends. In Phase
  3 it declares a land battle against the next seat when it holds a Battle Action, one time in two.
- **Counterespionage.** It counters a Covert Action aimed at it, always, when it can pay; one aimed
  at nobody or at another player only with a Counterespionage to spare (two or more in hand: the
  one kept guards its own realm) or once it has passed for the phase (its power buys no more
  Turns this round); and a Counterespionage aimed at its own Covert Action, always
  (countering it back lets its own play go ahead). It never counters a counter of another's play.
- **Reactions.** When something is declared to have happened to it, it plays every Reaction whose
  trigger holds (a Reaction whose condition is the card's own words, when nothing else is said or
  the words are its own), and appoints a General or Admiral whose army was attacked, or a Ruler
  during an Interregnum; then it passes.
- **Phases 4 and 5.** It pays an Advisor's upkeep when it can, otherwise lets it go; at Step C it
  discards the card it is furthest from paying for. It moves the phases on when it is asked to.

**Learning.** The same steps, played as a first game would: it draws from a deck drawn at random;
keeps a drawn card by the standard test (at setup, any four); appoints on its turn as the standard
level does, but never from the cards drawn at setup; plays a card it can pay for drawn at random (then a Display action), aimed at an opponent
drawn at random; in a battle plays one Battle Action a step and ends after the first round; never
declares a battle; never counters a Covert Action (a learner's covert cards take effect, so each
does what it says); still plays its Reactions (they help only itself); pays upkeep when it can;
at Step C discards a card drawn at random. Not the random floor: random play takes Loans and
declares battles for nothing, and a learner reads nothing from that.

Bookkeeping (`aside`: declaring what happened on the board, a character leaving, counts) is left
to the people at the table; in games of the app against itself the table's stand-in declares it
(versus.py).
"""

from __future__ import annotations

from desktop.engine.actions import Action, moves_on
from desktop.engine.levels import LEARNING, STANDARD, Level, LevelledPolicy
from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power.cards import POWERS, CardDef, card_set

TURNS_A_ROUND = 8  # it passes after this many turns in a round
SETUP_KEEPS = 4  # what setup keeps for free

LEVELS = (
    Level(LEARNING, "Learning",
          "Plays a card it can pay for, one Battle Action a step, its Reactions, and never counters a Covert Action."),
    Level(STANDARD, "Standard",
          "Plays Display cards and its dearest cards, every Battle Action and Reaction, and counters the Covert "
          "Actions that hurt it."),
)


class PriceOfPowerBot(LevelledPolicy):
    def choose(self, legal: list[Action], view=None) -> Action | None:
        onward = [action for action in legal if moves_on(action) and not isinstance(action, a.Practice)]
        if not onward:
            return None
        if view is None:
            return self._random.choice(onward)
        self.view = view
        self.me = onward[0].player
        self.values = view.counters.get(self.me, {})
        for pick in (self._discard, self._draw, self._keep, self._answer, self._battle_step, self._between,
                     self._upkeep, self._turn, self._peace):
            choice = pick(onward)
            if choice is not None:
                return choice
        return onward[0]

    # ---- reading cards ---------------------------------------------------------------------

    def card(self, card: str) -> CardDef:
        definition = self.view.definition_of(card)
        if definition is None:
            raise KeyError(card)
        return card_set(self.view.extra.deck_key)[definition]

    def gap(self, definition: CardDef) -> int:
        """How far it is from paying for the card's Action now (0: it can)."""
        play = definition.play
        short = max(0, play.cost - self.values.get(play.power, 0))
        return short + max(0, play.ducats - self.values.get("ducats", 0))

    def _of(self, legal: list[Action], kind: type) -> list:
        return [action for action in legal if isinstance(action, kind)]

    # ---- the steps -----------------------------------------------------------------------------

    def _discard(self, legal):
        found = self._of(legal, a.Discard)
        if not found:
            return None
        if not self.standard:
            return self._random.choice(found)
        return max(found, key=lambda act: self.gap(self.card(act.card)))

    def _draw(self, legal):
        found = self._of(legal, a.Draw)
        if not found:
            return None
        if not self.standard:
            return self._random.choice(found)
        return max(found, key=lambda act: (self.values.get(act.deck, 0), -POWERS.index(act.deck)))

    def _keep(self, legal):
        keeps, releases = self._of(legal, a.Keep), self._of(legal, a.Release)
        if not releases:
            return None
        setup = self.view.extra.draw_step == "setup-keep"
        if self.standard:
            for act in self._of(legal, a.Appoint):
                if self._worth_appointing(act):
                    return act
        card = releases[0].card
        keep = next((act for act in keeps if act.card == card), None)
        if keep is None:
            return releases[0]
        if not self.standard:
            return keep if setup or self._worth_keeping(self.card(card), setup) else releases[0]
        if self._worth_keeping(self.card(card), setup) or setup and self._random.random() < 0.5:
            return keep
        return releases[0]

    def _worth_keeping(self, definition: CardDef, setup: bool) -> bool:
        ducats_left = self.values.get("ducats", 0) - (0 if setup else 2)
        play = definition.play
        near = play.cost <= self.values.get(play.power, 0) + 2 and play.ducats <= ducats_left
        character = definition.character
        hire = character.kind == "advisor" and character.hire <= ducats_left and not self._advisor_in(character.power)
        return near or hire

    def _advisor_in(self, power: str) -> bool:
        for entry in self.view.zones[f"court:{self.me}"].cards:
            character = self.card(entry.id).character
            if character.kind == "advisor" and character.power == power:
                return True
        return False

    def _worth_appointing(self, act: a.Appoint) -> bool:
        character = self.card(act.card).character
        if character.kind == "ruler":
            return True
        return (character.kind == "advisor" and not self._advisor_in(character.power)
                and self.values.get("ducats", 0) - character.hire >= 4)

    def _answer(self, legal):
        """A Covert Action waiting for its answer, or what happened to it: the module's policy."""
        passes = self._of(legal, a.Pass)
        if not passes:
            return None
        extra = self.view.extra
        plays = self._of(legal, a.Play) + self._of(legal, a.Use)
        if extra.covert:
            counters = [act for act in plays if self._counters(act)]
            return counters[0] if counters and self._worth_countering(extra.covert) else passes[0]
        reactions = [act for act in plays if self._reacts(act, extra.trigger)]
        if reactions:
            return reactions[0]
        for act in self._of(legal, a.Appoint):
            return act
        return passes[0]

    def _counters(self, act) -> bool:
        definition = self.card(act.card)
        ability = definition.play if isinstance(act, a.Play) else next(
            (found for found in definition.actions if found.name == act.action), definition.play)
        return ability.counters

    def _worth_countering(self, covert) -> bool:
        if not self.standard:
            return False
        top = covert[-1]
        if top.kind == "counter":
            return len(covert) > 1 and covert[-2].player == self.me  # its own play goes ahead
        if top.target == self.me:
            return True
        held = sum(1 for entry in self.view.zones[f"hand:{self.me}"].cards
                   if entry is not None and self.card(entry.id).play.counters)
        return held >= 2 or self.me in self.view.extra.passed

    def _reacts(self, act, trigger) -> bool:
        """Whether a Reaction answers what was declared: a printed trigger holds as the rules
        checked it; a card's own condition only when nothing more was said, or its own words."""
        definition = self.card(act.card)
        ability = definition.play if isinstance(act, a.Play) else next(
            (found for found in definition.actions if found.name == act.action), definition.play)
        if ability.trigger != "other" or trigger is None:
            return True
        return not trigger.text.strip() or trigger.text.strip().lower() == ability.when.strip().lower()

    def _battle_step(self, legal):
        done = self._of(legal, a.Done)
        if not done:
            return None
        plays = [act for act in self._of(legal, a.Play) + self._of(legal, a.Use) if act.die in ("", "infantry")]
        if not self.standard:
            used = self.view.extra.battle.used
            side = "attacker" if self.view.extra.battle.attacker == self.me else "defender"
            if used.get(side):
                return done[0]  # one Battle Action a step
        return plays[0] if plays else done[0]

    def _between(self, legal):
        found = self._of(legal, a.NextRound)
        if not found:
            return None
        if self.view.extra.battle.round < (2 if self.standard else 1):
            return found[0]
        return self._of(legal, a.EndBattle)[0]

    def _upkeep(self, legal):
        found = self._of(legal, a.Upkeep)
        if not found:
            return None
        paying = [act for act in found if act.pay]
        return paying[0] if paying else found[0]

    def _turn(self, legal):
        if not self._of(legal, a.Basic):
            return None
        for act in self._of(legal, a.Appoint):
            if self._worth_appointing(act):
                return act
        nxt = self._next_seat() if self.standard else self._random.choice(self._others())
        if self.view.extra.turns_taken.get(self.me, 0) >= TURNS_A_ROUND:
            return self._end_of_turns(legal)
        uses = [act for act in self._of(legal, a.Use) if act.target in (None, nxt)]
        plays = [act for act in self._of(legal, a.Play) if act.target in (None, nxt) and act.die in ("", "infantry")]
        if not self.standard:
            if plays:
                return self._random.choice(plays)
            return uses[0] if uses else self._end_of_turns(legal)
        if uses:
            return uses[0]
        if plays:
            return max(plays, key=self._play_worth)
        return self._end_of_turns(legal)

    def _end_of_turns(self, legal):
        """The Event if it is owed, else a pass."""
        if self.view.extra.event_required and self.me not in self.view.extra.event_taken:
            event = self._of(legal, a.TakeEvent)
            if event:
                return event[0]
        found = self._of(legal, a.PassPhase)
        return found[0] if found else self._of(legal, a.Basic)[0]

    def _play_worth(self, act: a.Play) -> tuple:
        definition = self.card(act.card)
        fewest = 0
        if act.replace is not None:
            cubes = self.view.marks.get(act.replace)
            fewest = -(cubes.tokens if cubes is not None else 0)
        return (definition.display, definition.play.cost + definition.play.ducats, fewest)

    def _next_seat(self) -> str:
        order = self.view.extra.order
        return order[(order.index(self.me) + 1) % len(order)]

    def _others(self) -> list[str]:
        return [seat for seat in self.view.extra.order if seat != self.me]

    def _peace(self, legal):
        advance = self._of(legal, a.Advance)
        if not advance:
            return None
        if not self.standard:
            return advance[0]
        battles = [act for act in self._of(legal, a.DeclareBattle)
                   if act.attacker == self.me and act.defender == self._next_seat() and not act.sea]
        holds = any(entry is not None and self.card(entry.id).play.battle
                    for entry in self.view.zones[f"hand:{self.me}"].cards)
        if battles and holds and self.view.extra.phase == "peace" and self._random.random() < 0.5:
            return battles[0]
        return advance[0]
