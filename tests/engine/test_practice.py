"""The practice skeleton is the engine's (engine/practice.py): a system declares its scenarios, how
each arranges the table and which action completes a step; who may start one and when, the
refusals, the first words, the sentence after each step (run by the base's `apply`) and the
learner's words in its view are the same for every system."""

from __future__ import annotations

import msgspec
import pytest

from desktop.engine.actions import Action
from desktop.engine.errors import RuleError
from desktop.engine.practice import PracticeAction, PracticeRun, Practices, Scenario, practice_asks
from desktop.engine.ruleset import RulesetBase
from desktop.engine.state import GameState, Seat


class Practice(PracticeAction, frozen=True, tag="practice"):
    asks = practice_asks("Which drill?")


class Poke(Action, frozen=True, tag="poke"):
    target: str = ""


class Step(msgspec.Struct, frozen=True):
    do: str
    target: str


class DrillState(GameState, kw_only=True):
    practice_on: bool = True
    practice: PracticeRun | None = None
    arranged: str = ""
    fits: bool = True


SCENARIOS = {
    "drill": Scenario(title="The drill", story="Two pokes.", end="Well done.",
                      steps=(Step(do="Poke Bo.", target="bo"), Step(do="Poke Cy.", target="cy"))),
}


def arrange(state, name):
    state.arranged = name


def poke(state, action, outcome):
    outcome.say(f"{state.seat_name(action.player)} pokes.")


def drill(**changes) -> Practices:
    return Practices(action=Practice, scenarios=SCENARIOS, arrange=arrange,
                     matches=lambda state, step, act: isinstance(act, Poke) and act.target == step.target,
                     unfit=lambda state: "" if state.fits else "This table is too small for the drill.", **changes)


def system(practices: Practices) -> RulesetBase:
    class Drilled(RulesetBase):
        id = "drilled"
        title = "Drilled"
        handlers = {Practice: practices.start, Poke: poke}

    Drilled.practices = practices
    return Drilled()


def table(**changes) -> DrillState:
    return DrillState(ruleset="drilled", seats=[Seat("ann", "Ann"), Seat("bo", "Bo"), Seat("cy", "Cy")], cards={},
                      zones={}, counters={}, rng="", **changes)


def lines(outcome, seat=None):
    return [entry.text for entry in outcome.log if entry.seat == seat]


def test_only_the_first_seat_may_start_a_practice_and_only_as_the_first_action():
    practices = drill()
    assert practices.offers(table(), "ann") == [Practice(player="ann", scenario="drill")]
    assert practices.offers(table(), "bo") == []
    assert practices.offers(table(step=1), "ann") == []
    assert practices.offers(table(practice_on=False), "ann") == []
    assert practices.offers(table(fits=False), "ann") == []  # never offered where it would be refused


@pytest.mark.parametrize(("changes", "action", "sentence"), [
    ({"practice_on": False}, Practice(player="ann", scenario="drill"),
     "Practice scenarios are played in a game with the practice option on."),
    ({"step": 3}, Practice(player="ann", scenario="drill"), "A practice scenario is the first thing done in a new game."),
    ({}, Practice(player="bo", scenario="drill"), "Ann, the first player, starts the practice."),
    ({}, Practice(player="ann", scenario="nope"), "There is no practice scenario called 'nope'."),
    ({"fits": False}, Practice(player="ann", scenario="drill"), "This table is too small for the drill."),
])
def test_a_practice_that_cannot_start_is_refused_in_a_sentence_changing_nothing(changes, action, sentence):
    state = table(**changes)
    before = msgspec.msgpack.encode(state)
    with pytest.raises(RuleError) as refusal:
        system(drill()).apply(state, action)
    assert str(refusal.value) == sentence
    assert msgspec.msgpack.encode(state) == before


def test_starting_arranges_the_table_and_tells_the_learner_alone_the_story_and_the_first_step():
    state = table()
    outcome = system(drill()).apply(state, Practice(player="ann", scenario="drill"))
    assert state.arranged == "drill" and state.practice == PracticeRun(scenario="drill", step=0)
    assert lines(outcome) == ["Ann starts a practice: The drill."]
    assert lines(outcome, "ann") == ["Practice: The drill. Two pokes.", "Practice: Poke Bo."]
    assert not outcome.reveals
    # A system whose titles may name a hidden card keeps the title out of the table's log; one
    # that moves cards into place reveals.
    outcome = system(drill(names_it=False, reveals=True)).apply(table(), Practice(player="ann", scenario="drill"))
    assert lines(outcome) == ["Ann starts a practice."] and outcome.reveals


def test_the_base_tells_the_learner_each_next_step_after_the_action_that_completes_one():
    ruleset, state = system(drill()), table()
    ruleset.apply(state, Practice(player="ann", scenario="drill"))
    assert ruleset.practices.told(state, "ann") == "Poke Bo." and ruleset.practices.told(state, "bo") == ""
    outcome = ruleset.apply(state, Poke(player="ann", target="cy"))  # not the step expected
    assert lines(outcome, "ann") == [] and state.practice.step == 0
    outcome = ruleset.apply(state, Poke(player="bo", target="bo"))
    assert lines(outcome) == ["Bo pokes."] and lines(outcome, "ann") == ["Practice: Poke Cy."]
    outcome = ruleset.apply(state, Poke(player="ann", target="cy"))
    assert lines(outcome, "ann") == ["Practice: Well done."]
    assert ruleset.practices.told(state, "ann") == "Well done."
    outcome = ruleset.apply(state, Poke(player="ann", target="cy"))  # the practice is over
    assert lines(outcome, "ann") == [] and state.practice.step == 2


def test_words_of_the_practice_action():
    assert drill().label("drill") == "Practice: The drill"
    assert drill().label("gone") == "Practice"
    assert drill().told(table(), "ann") == ""  # no practice running


def test_every_system_words_the_start_of_a_practice_by_its_scenario_the_same_way():
    class Words:  # a system's presentation: its own words for its own actions only
        @staticmethod
        def describe(action, view):
            return f"Poke {action.target}"

    ruleset = system(drill())
    type(ruleset).presentation = Words
    assert ruleset.describe(Practice(player="ann", scenario="drill"), None) == "Practice: The drill"
    assert ruleset.describe(Poke(player="ann", target="bo"), None) == "Poke bo"
    assert Practice.title == "Practice scenario"
    assert [(ask.field, ask.kind, ask.question) for ask in Practice.asks] == [("scenario", "choice", "Which drill?")]
    assert msgspec.json.encode(Practice(player="ann", scenario="drill")) == (
        b'{"type":"practice","scenario":"drill","player":"ann"}')  # as every journal holds it


def test_a_practice_as_a_ready_game_is_started_by_the_first_seat_with_the_option_on():
    from desktop.engine.ruleset import Demo

    demo = Demo.practice(Practice, ["Master Ann", "Bo"], 5, "drill", {"loud": "yes"})
    assert (demo.players, demo.seed, demo.options) == (["Master Ann", "Bo"], 5, {"practice": "on", "loud": "yes"})
    assert demo.actions == [Practice(player="master-ann", scenario="drill")]


def test_the_learner_reads_the_step_numbered_and_the_last_sentence_once_done():
    from desktop.engine.presentation import PracticeSeen

    ruleset, state = system(drill()), table()
    assert ruleset.practices.seen(state, "ann") is None  # no practice running
    ruleset.apply(state, Practice(player="ann", scenario="drill"))
    assert ruleset.practices.seen(state, "ann") == PracticeSeen(title="The drill", step=1, steps=2, words="Poke Bo.")
    assert ruleset.practices.seen(state, "bo") is None and ruleset.practices.seen(state, None) is None
    ruleset.apply(state, Poke(player="ann", target="bo"))
    assert ruleset.practices.seen(state, "ann").step == 2
    ruleset.apply(state, Poke(player="ann", target="cy"))
    done = ruleset.practices.seen(state, "ann")
    assert done.done and (done.step, done.words) == (3, "Well done.")
    assert not PracticeSeen(title="", step=2, steps=2, words="").done


def test_a_step_no_move_of_the_learner_completes_is_the_apps_to_take_for_its_seat():
    """The app takes a step for the seat it plays where the learner cannot: Bo's poke of Bo is
    Bo's (the learner's pokes aim elsewhere here), and a step the learner may take is left to
    the learner, whoever else could take it too."""
    practices, state = drill(), table()
    system(practices).apply(state, Practice(player="ann", scenario="drill"))
    bo_pokes = [Poke(player="bo", target="bo"), Poke(player="bo", target="cy")]
    assert practices.app_move(state, "bo", bo_pokes, lambda seat: [Poke(player=seat, target="cy")]) == bo_pokes[0]
    assert practices.app_move(state, "bo", bo_pokes, lambda seat: [Poke(player=seat, target="bo")]) is None
    assert practices.app_move(state, "ann", [Poke(player="ann", target="bo")], lambda seat: []) is None  # the learner's
    assert practices.app_move(state, "bo", bo_pokes[1:], lambda seat: []) is None  # nothing of Bo's completes it
    state.practice.step = 2
    assert practices.app_move(state, "bo", bo_pokes, lambda seat: []) is None  # the practice is over


def test_the_view_and_the_table_carry_the_learners_step():
    from desktop.engine.presentation import Table, View

    class Words:
        @staticmethod
        def view(state, viewer):
            return View(ruleset="drilled", viewer=viewer, step=state.step, seats=[], zones={}, counters={})

        @staticmethod
        def table(view):
            return Table(headline="Drill")

    ruleset = system(drill())
    type(ruleset).presentation = Words
    state = table()
    assert ruleset.view(state, "ann").practice is None
    ruleset.apply(state, Practice(player="ann", scenario="drill"))
    seen = ruleset.view(state, "ann")
    assert seen.practice.words == "Poke Bo." and ruleset.table(seen).practice == seen.practice
    assert ruleset.view(state, "bo").practice is None and ruleset.table(ruleset.view(state, "bo")).practice is None


def test_a_practice_learned_by_another_seat_than_the_first():
    practices = drill(who_learns=lambda state: "bo")
    state = table()
    system(practices).apply(state, Practice(player="bo", scenario="drill"))
    assert practices.seen(state, "bo").words == "Poke Bo." and practices.seen(state, "ann") is None
