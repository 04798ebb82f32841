"""The rulebook's worked examples as practice scenarios: the deck is stacked with the cards the
example names and the Master's check is set, so the example unfolds step by step.

Sid's leap is also walked step by step (`STEPS`: the engine's practice, engine/practice.py), told
to the player making the check: it is the system's first game, which Learn to play starts with
that player a person and the Master the app's (`PRACTICES`).

The demo game opens with "Play a practice scenario" (the platform lists one demo per system, so
the scenario is picked by an action); `scenario_demo(name)` is each scenario as a ready game.
"""

from __future__ import annotations

import msgspec

from desktop.engine.errors import RuleError
from desktop.engine.practice import Lesson, PracticeRun, Practices, check_on, scenario_named
from desktop.engine.practice import Scenario as Walked
from desktop.engine.ruleset import Demo, Outcome
from desktop.rulesets.future_imperfect import actions as a
from desktop.rulesets.future_imperfect.state import Check, FIState


class Scenario(msgspec.Struct, frozen=True, kw_only=True):
    title: str
    character: str  # the seat named so makes the check (else the first player who is not the Master)
    story: str
    trait: int
    skill: int
    tn: int
    cards: tuple[int, ...]  # impulses, the first drawn first
    effect: int = 0
    effect_row: int = 0
    victories: int = 0  # the victories the Master announces
    hint: str = ""


SCENARIOS: dict[str, Scenario] = {
    "sid": Scenario(
        title="Sid's leap (an exceptional chain)", character="Sid", trait=10, skill=2, tn=11, cards=(34, 10),
        story="Sid Scorpio, three GPR commissars on his heels, leaps for the bumper of a passing hover "
              "taxi. The Master calls it incredibly difficult: TN 11. Sid's Dexterity is 2d10.",
        hint="Draw the resolution card (34), take the exceptional 10 in row 2, then draw the extension "
             "card (10): 10 + 9 = 19, a success with 2 bumps.",
    ),
    "xenes": Scenario(
        title="Xenes's hack (a chain of three cards)", character="Xenes", trait=10, skill=4, tn=13, cards=(34, 11, 10),
        story="Xenes hacks the spaceport's computer to erase Sid's record. Security is tight and vigilant: "
              "TN 13. Xenes has 4d10 in CompTech: Hacking.",
        hint="Card 34 reads 7, 10, 3, 7: take the exceptional 10. Card 11's row 2 is 11, exceptional again; "
             "card 10's row 2 is 9: 30 in all. Card 10's 11 (row 3) cannot be taken and its CF (row 4) "
             "does not count on an extension card.",
    ),
    "kayla": Scenario(
        title="Kayla's force field (a complex check)", character="Kayla", trait=8, skill=4, tn=7, cards=(27,),
        effect=10, effect_row=3, victories=5,
        story="Kayla Argent works the access panel of a force field (TN 7; 5 victories disable it) with "
              "4d8 in Security Systems and an encryption scope giving (3)d10.",
        hint="Card 27 reads 1, 7, 7, 2: take a 7 for a success. The effect cell (3)d10 holds 17: two "
             "victories, one point short of three.",
    ),
    "chuk": Scenario(
        title="Chuk's bulkhead (a critical failure)", character="Chuk", trait=12, skill=4, tn=9, cards=(45,),
        story="Chuk, Strength 4d12, tries to lift a heavy bulkhead: TN 9.",
        hint="Card 45 has CF in row 4 of the d12 column, the exact cell of 4d12: a critical failure, "
             "whatever the other rows say.",
    ),
    "sid-bravery": Scenario(
        title="Sid's nerve (reading the cause grid)", character="Sid", trait=6, skill=3, tn=5, cards=(34,),
        story="Sid, Essence d6 and Bravery 3, keeps his nerve (TN 5).",
        hint="Card 34's d6 column gives 6, 1 or 1 (rows 1 to 3): take the 6, exceptional on a d6.",
    ),
}
DEMO_PLAYERS = ["Master", "Sid", "Xenes", "Kayla", "Chuk"]
DEMO_SEED = 54
DEMO_OPTIONS = {"practice": "on", "exceptional": "on", "bumps": "on"}
DEMO_SEED_LESSON = DEMO_SEED
DEMO_OPTIONS_LESSON = {"exceptional": "on", "bumps": "on"}  # with the practice option on


def performer(state: FIState, scenario: Scenario) -> str:
    wanted = scenario.character.lower()
    for seat in state.seats:
        if seat.id == wanted or seat.name.lower() == wanted:
            return seat.id
    others = [seat for seat in state.seat_ids() if seat != state.master]
    return others[0] if others else state.master


def stack(state: FIState, impulses: tuple[int, ...]) -> None:
    """Puts these cards on top of the deck, the first to be drawn first, from wherever they are."""
    by_impulse = {int(definition[1:]): card for card, definition in state.cards.items()}
    deck = state.zones["deck"].cards
    for impulse in reversed(impulses):
        card = by_impulse[impulse]
        zone = state.zone_of(card)
        zone.cards.remove(card)
        deck.append(card)


def practice(state: FIState, act: a.Practice, outcome: Outcome) -> None:
    from desktop.rulesets.future_imperfect.rules import (
        clear_table,
        require_idle,
        require_no_contest,
        start_check,
    )

    check_on(state.practice_on)
    if act.player != state.master:
        raise RuleError(f"Only the Master ({state.seat_name(state.master)}) starts a practice scenario.")
    scenario = scenario_named(SCENARIOS, act.scenario)
    require_idle(state)
    require_no_contest(state, "a practice scenario")
    clear_table(state, outcome)
    stack(state, scenario.cards)
    outcome.say(f"Practice: {scenario.title}. {scenario.story}")
    outcome.say(
        f"The deck is stacked for the example: card {scenario.cards[0]} on top"
        + "".join(f", then card {n}" for n in scenario.cards[1:]) + "."
    )
    check = Check(who=performer(state, scenario), trait=scenario.trait, skill=scenario.skill, tn=scenario.tn,
                  effect=scenario.effect, effect_row=scenario.effect_row, needed=scenario.victories,
                  exceptional=True, bumps=True,
                  threshold=6, scenario=act.scenario)
    start_check(state, check, outcome)
    outcome.say(f"What to look for: {scenario.hint}")
    outcome.reveals = True  # where the stacked cards are is known now
    walked = PRACTICES.scenarios[act.scenario]
    state.practice = PracticeRun(scenario=act.scenario) if walked.steps else None
    if walked.steps:
        outcome.say(f"Practice: {walked.steps[0].do}", seat=PRACTICES.learner(state))


# ---- walked step by step -------------------------------------------------------------------------


class Step(msgspec.Struct, frozen=True, kw_only=True):
    do: str  # what to do now, and the rule that acts
    kind: str  # the action type that completes the step, taken by the check's player
    row: int = 0  # a result taken from this row (0: any)


STEPS: dict[str, tuple[Step, ...]] = {
    "sid": (
        Step(do="The Master has set the check: Sid's Dexterity, 2d10, against TN 11. You make it: draw the "
                "resolution card (Rules: A simple check).", kind="draw_resolution"),
        Step(do="Card 34's d10 column reads 7, 10, 3, 7 in rows 1 to 4, and a skill of 2 lets you take a result "
                "from rows 1 and 2. Take the 10 in row 2: a result at or above its die's size is exceptional.",
             kind="take", row=2),
        Step(do="Exceptional: the result goes on. Draw an extension card: only the same cell counts, row 2 of "
                "the d10 column, and it is added to your 10 (Rules: Exceptional results).", kind="draw_extension"),
    ),
}
ENDS = {
    "sid": "Card 10's row 2 reads 9: 10 + 9 = 19 against TN 11, a success, and it beats the TN by 8: one bump "
           "for each full 4, 2 bumps. The Master sets the next check when the story calls for one.",
}


def _learner(state: FIState) -> str:
    """The player making the worked example's check (the Master outside one)."""
    run = state.practice
    return performer(state, SCENARIOS[run.scenario]) if run is not None else state.master


def _matches(state: FIState, step: Step, act: a.Action) -> bool:
    if act.type != step.kind or act.player != _learner(state):
        return False
    return not step.row or getattr(act, "row", 0) == step.row


PRACTICES = Practices(
    action=a.Practice,
    scenarios={name: Walked(title=scenario.title, story=scenario.story, steps=STEPS.get(name, ()),
                            end=ENDS.get(name, scenario.hint)) for name, scenario in SCENARIOS.items()},
    arrange=lambda state, name: None,  # the worked example's own handler stacks the deck (`practice`)
    matches=_matches, who_learns=_learner,
    # The app is the Master, at its learning level: its next checks are simple ones, TN 6.
    lesson=Lesson(scenario="sid", players=("Master", "Sid"), seed=DEMO_SEED_LESSON, options=DEMO_OPTIONS_LESSON,
                  teaches="Try something risky: draw a card and read off its grid whether you succeed."),
)


def demo() -> Demo:
    return Demo(players=list(DEMO_PLAYERS), seed=DEMO_SEED, actions=[], options=dict(DEMO_OPTIONS))


def scenario_demo(name: str) -> Demo:
    """One scenario as a ready game: the demo with the scenario already chosen."""
    return Demo.practice(a.Practice, DEMO_PLAYERS, DEMO_SEED, name, DEMO_OPTIONS)
