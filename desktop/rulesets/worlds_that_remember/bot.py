"""How the app plays a Worlds That Remember seat, at its two levels (docs/systems/
worlds-that-remember.md, "Playing with the app's seats"). It reads only its legal actions, its
seat's view and the exact odds of a pool, and decides in one pass over them (the odds of a pool
are worked out once and kept): no search.

Worlds That Remember is cooperative: the app's seats play beside the people, not against them. A
roll is worth (`worth`, the same sum the versus measure counts once the dice land): the chance of
a Clean Success or better, plus, per axis, the chance that its highest die lands in its top third,
counted for CONTROL, EFFECT and OPPORTUNITY, against for DANGER and, at half weight, COST. The
Fate die is rolled alone, so the Fate part is the same for every pool; the axes decide between
cards. Without the odds package (icepool missing) a simple estimate of the same chances is used.

**Standard.**

- **Its turn.** Adds every tag and gear of its character whose die reads a helpful axis (never a
  Risky DANGER die), and plays the Ready card whose pool is worth most. It forces an Unready card
  only when no Ready card can be played, or one is worth at least 0.15 more than any Ready card,
  and never at high Fatigue (it forces only while Fatigue + 1 stays at or below half the maximum).
  It pays for forcing with a Condition if it holds one, otherwise its least valuable Ready card.
  After its roll it ends the turn.
- **Its own roll.** Rolls once no other seat may still Support (it waits for them, returning None).
- **Another's roll (Support).** Supports when its die raises the roll's worth by more than the
  Fatigue costs (0.2 a point, `FATIGUE_WORTH`: six points become an Exhausted; never less than
  0.08) and the Fatigue keeps it below the maximum by at least one; it picks the tag whose die raises
  the worth most, and spends its least valuable Ready Action card. Otherwise it passes.
- **Owed removal.** Removes its least valuable card. **New Scene**: starts it.

**Learning.** Plays as a first-time player does, kindly to a table still learning: on its turn
the first Action card of its Ready Hand, with every tag the prompt ticks (a Risky tag's DANGER die
too), never forcing; it Supports only at Dawn and Day (1 Fatigue) while its Fatigue stays at or
below half the maximum, with a plain d6, spending its first Ready Action card; it rolls once the
others have answered; an owed removal takes its first removable card. It is not the random floor:
random play Supports nearly every roll (most of its legal answers are Supports) and tires out.

Bookkeeping (`aside`: gaining or clearing Conditions, setting Fatigue) is left to people.
"""


from __future__ import annotations

import functools

import msgspec

from desktop.engine.actions import Action, Onward, opening
from desktop.engine.levels import LEARNING, STANDARD, Level, LevelledPolicy

GOOD = {"CONTROL": 1.0, "EFFECT": 1.0, "OPPORTUNITY": 1.0, "DANGER": -1.0, "COST": -0.5}
AXES = {4: "COST", 6: "CONTROL", 8: "EFFECT", 10: "DANGER", 12: "OPPORTUNITY"}
HELPFUL = {6, 8, 12}
SUPPORT_GAIN = 0.08
FATIGUE_WORTH = 0.2  # what a point of Fatigue costs in a roll's worth (six of them: an Exhausted)
SUPPORT_GAIN_CONDITION = 0.02
FORCE_MARGIN = 0.15  # a forced card must be worth this much more than the best Ready card
SIZES = {"Careful": 6, "Forceful": 8, "Risky": 10, "Opportunistic": 12}  # a tag's die by its approach

LEVELS = (
    Level(LEARNING, "Learning",
          "Plays its first Ready card with every tag, never forces, and Supports only when it costs 1 Fatigue."),
    Level(STANDARD, "Standard",
          "Plays the card with the best odds, forces only when it pays, and Supports when its die helps most."),
)


@functools.lru_cache(maxsize=1024)
def worth(sizes: tuple[int, ...]) -> float:
    """The worth of a pool of Aspect dice (sorted sizes): see the module's policy."""
    try:
        from desktop.rulesets.worlds_that_remember.dice import Die, Pool, pool_odds
    except ImportError:  # pragma: no cover - icepool is a dependency; the estimate keeps the bot alive
        return _estimate(sizes)
    odds = pool_odds(Pool([Die(size) for size in sizes]))
    value = float(odds.fate["Clean Success"] + odds.fate["Strong Success"])
    for axis, bands in odds.bands.items():
        value += GOOD[axis] * float(bands["high"])
    return value


def _estimate(sizes: tuple[int, ...]) -> float:
    value = 8 / 20
    for size, axis in AXES.items():
        count = sizes.count(size)
        if count:
            value += GOOD[axis] * (1 - (1 - (size // 3) / size) ** count)
    return value


class WorldsThatRememberBot(LevelledPolicy):
    def ready(self) -> bool:
        """False while the odds it weighs pools with are loading on a background thread (a
        window asks before each move, so the first move never loads them at the table's expense);
        headless players call `choose` at once, which works them out where it runs. The learning
        level weighs no odds."""
        if not self.standard:
            return True
        from desktop.rulesets.worlds_that_remember.dice import odds

        odds.warm_up()
        return odds.ready()

    def choose(self, legal: list[Action], view=None) -> Action | None:
        found = opening(legal, view, self._random)
        if not isinstance(found, Onward):
            return found
        onward, by_kind = found
        seat = onward[0].player
        if "trash" in by_kind:
            if not self.standard:
                return by_kind["trash"][0]
            return min(by_kind["trash"], key=lambda act: self._card_worth(view, act.card))
        if "new_scene" in by_kind:
            return by_kind["new_scene"][0]
        if "roll" in by_kind:
            waiting = [other for other in view.extra.roll.waiting if other != seat] if view.extra.roll else []
            return None if waiting else by_kind["roll"][0]
        if "support" in by_kind or "pass" in by_kind:
            if not self.standard:
                return self._learner_support(view, seat, by_kind)
            return self._support(view, seat, by_kind)
        if "play" in by_kind or "force" in by_kind:
            if not self.standard:
                return by_kind.get("play", by_kind.get("end_turn", [None]))[0]
            return self._turn(view, seat, by_kind)
        if "end_turn" in by_kind:
            return by_kind["end_turn"][0]
        return self._random.choice(onward)

    # ---- reading the view --------------------------------------------------------------------

    @staticmethod
    def _definition(view, card: str):
        from desktop.rulesets.worlds_that_remember.cards import card as card_def

        definition = view.definition_of(card)
        return card_def(definition) if definition is not None else None

    def _ready(self, view, seat: str) -> list[tuple[str, object]]:
        return [(entry.id, self._definition(view, entry.id)) for entry in view.zones[f"ready:{seat}"].cards if entry]

    @staticmethod
    def _tags(view, seat: str):
        from desktop.rulesets.worlds_that_remember.cards import Tag

        character = view.extra.characters[seat]
        return [Tag(tag.label, tag.approach) for tag in [*character.tags, *character.gear]]

    def _pool(self, view, seat: str, card, labels: list[str]) -> tuple[int, ...]:
        from desktop.rulesets.worlds_that_remember.cards import ConditionDef
        from desktop.rulesets.worlds_that_remember.pools import pool_dice

        tags = [tag for tag in self._tags(view, seat) if tag.label in labels]
        conditions = [found for _, found in self._ready(view, seat) if isinstance(found, ConditionDef)]
        dice = pool_dice(card, tags, conditions, view.extra.phase == "Dusk")
        return tuple(sorted(die.size for die in dice))

    def _helpful(self, view, seat: str, labels: list[str]) -> list[str]:
        sizes = {tag.label: SIZES[tag.approach]
                 for tag in self._tags(view, seat)}
        return [label for label in labels if sizes.get(label) in HELPFUL]

    def _card_worth(self, view, card: str) -> float:
        from desktop.rulesets.worlds_that_remember.cards import ActionDef

        found = self._definition(view, card)
        if not isinstance(found, ActionDef):
            return -1.0  # a Condition is worth nothing to keep Ready
        return worth(tuple(sorted(self._printed(found))))

    @staticmethod
    def _printed(card) -> list[int]:
        from desktop.rulesets.worlds_that_remember.pools import tag_die

        return [tag_die(tag).size for tag in card.tags] + list(card.dice)

    # ---- decisions ---------------------------------------------------------------------------

    def _learner_support(self, view, seat: str, by_kind: dict[str, list[Action]]) -> Action | None:
        passing = by_kind.get("pass", [None])[0]
        cost = view.extra.support_cost()
        fatigue = view.counters.get(seat, {}).get("fatigue", 0)
        if cost != 1 or fatigue + cost > view.extra.fatigue_max // 2:
            return passing
        plain = [action for action in by_kind.get("support", []) if not action.tag]
        return plain[0] if plain else passing

    def _turn(self, view, seat: str, by_kind: dict[str, list[Action]]) -> Action:
        best, best_worth = None, -9.0
        for action in by_kind.get("play", []):
            chosen = self._helpful(view, seat, action.tags)
            value = worth(self._pool(view, seat, self._definition(view, action.card), chosen))
            if value > best_worth:
                best, best_worth = msgspec.structs.replace(action, tags=chosen), value
        forced = self._force(view, seat, by_kind.get("force", []), best_worth if best else None)
        if forced is not None:
            return forced
        if best is not None:
            return best
        return by_kind.get("end_turn", [None])[0]

    def _force(self, view, seat: str, forces: list[Action], best: float | None) -> Action | None:
        fatigue = view.counters.get(seat, {}).get("fatigue", 0)
        if not forces or fatigue + 1 > view.extra.fatigue_max // 2:
            return None
        worths = {card: self._card_worth(view, card) for card, _ in self._ready(view, seat)}
        scored = []
        for action in forces:
            chosen = self._helpful(view, seat, action.tags)
            value = worth(self._pool(view, seat, self._definition(view, action.card), chosen))
            scored.append((value, -worths.get(action.discard, 0.0), action.card, action.discard, chosen, action))
        value, _, _, _, chosen, action = max(scored, key=lambda item: item[:4])
        if best is not None and value < best + FORCE_MARGIN:
            return None
        return msgspec.structs.replace(action, tags=chosen)

    def _support(self, view, seat: str, by_kind: dict[str, list[Action]]) -> Action | None:
        from desktop.rulesets.worlds_that_remember.cards import ConditionDef

        passing = by_kind.get("pass", [None])[0]
        supports = by_kind.get("support", [])
        roll = view.extra.roll
        cost = view.extra.support_cost()
        fatigue = view.counters.get(seat, {}).get("fatigue", 0)
        if not supports or roll is None or cost is None or fatigue + cost >= view.extra.fatigue_max:
            return passing
        sizes = tuple(sorted(die.size for die in roll.dice))
        base = worth(sizes)
        ready = dict(self._ready(view, seat))
        conditions = [card for card, found in ready.items() if isinstance(found, ConditionDef)]
        sizes_of = {tag.label: SIZES[tag.approach]
                    for tag in self._tags(view, seat)}
        options = []
        for action in supports:
            size = sizes_of.get(action.tag, 6) if action.tag else 6
            gain = worth(tuple(sorted((*sizes, size)))) - base
            paid = action.card in conditions
            options.append((gain + (0.5 if paid else 0.0), -self._card_worth(view, action.card), action.card, action.tag, gain, paid, action))
        *_, gain, paid, action = max(options, key=lambda item: item[:4])
        if gain >= max(SUPPORT_GAIN_CONDITION if paid else SUPPORT_GAIN, FATIGUE_WORTH * cost):
            return action
        return passing
