"""The system's bot, its demo and its practice scenarios."""

from __future__ import annotations

import time

import msgspec
import pytest

from desktop.engine import Game, GameSetup, registry
from desktop.engine.demo import demo_game
from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power.bot import PriceOfPowerBot
from desktop.rulesets.price_of_power.scenarios import SCENARIOS, scenario_demo

from .helpers import RULESET, do, give, new, said, set_power, state, to_actions

NAMES = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay"]
SOAK_OPTIONS = [{}, {"duplicate_display": "replace"}, {"counter_chain": "off"},
                {"loans": "off", "event_required": "off"}, {"setup_draw": "off"}]


def bot_game(number: int, rounds: int = 3) -> Game:
    players = NAMES[: 2 + number % 5]
    game = Game.new(GameSetup(ruleset=RULESET, players=players, seed=number, options=SOAK_OPTIONS[number % 5]))
    bots = {seat: PriceOfPowerBot(number) for seat in game.state.seat_ids()}
    for _ in range(5000):
        if game.state.round > rounds:
            break
        seat = game.stages()[0].seat
        game.apply(bots[seat].choose(game.legal_actions(seat), game.view(seat)))
    assert game.state.round > rounds, "the bots did not finish their rounds"
    return game


def soak(games: int) -> tuple[int, float, dict]:
    start, actions, kinds = time.perf_counter(), 0, {}
    for number in range(games):
        game = bot_game(number)
        actions += len(game.actions)
        for action in game.actions:
            kinds[action.type] = kinds.get(action.type, 0) + 1
    return actions, time.perf_counter() - start, kinds


def test_twenty_bot_only_games_of_three_rounds_finish_without_a_refused_action():
    actions, _, kinds = soak(20)
    assert actions > 20 * 100
    for kind in ("draw", "keep", "release", "appoint", "play", "use", "pass", "done", "upkeep", "pass_phase"):
        assert kinds.get(kind), f"the bots never took {kind}"


@pytest.mark.soak
def test_a_thousand_bot_only_games(request):
    if "soak" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a long run: pytest -m soak")
    actions, seconds, kinds = soak(1000)
    print(f"\n1,000 bot-only games of 3 rounds: {actions:,} actions in {seconds:.1f} s; {kinds}")


def test_the_bot_counters_a_covert_action_aimed_at_it_when_it_can_pay():
    game = to_actions(new(["Ann", "Bo", "Cy"]))
    set_power(game, "ann", dip=6)
    steal, = give(game, "ann", "dip-steal-secrets")
    give(game, "bo", "dip-counterespionage")
    give(game, "cy", "dip-counterespionage")
    do(game, a.Play(player="ann", card=steal, target="cy"))
    bot = PriceOfPowerBot(1)
    assert bot.choose(game.legal_actions("bo"), game.view("bo")) == a.Pass(player="bo"), "not aimed at Bo"
    do(game, a.Pass(player="bo"))
    choice = bot.choose(game.legal_actions("cy"), game.view("cy"))
    assert choice.type == "play" and game.state.cards[choice.card] == "dip-counterespionage"


def test_the_bot_plays_every_battle_action_it_can_then_says_done():
    game = to_actions(new())
    set_power(game, "ann", mil=6)
    give(game, "ann", "mil-cavalry-charge", "mil-shock-tactics")
    do(game, a.DeclareBattle(player="ann", attacker="ann", defender="bo"))
    bot = PriceOfPowerBot(2)
    seen = []
    while game.state.battle.step == "attacker":
        choice = bot.choose(game.legal_actions("ann"), game.view("ann"))
        seen.append(choice.type)
        do(game, choice)
    assert seen == ["play", "play", "done"]
    assert {die.die for die in game.state.battle.dice} == {"cavalry", "infantry"}


def test_the_bot_uses_a_display_action_and_discards_the_fewest_cubes_for_a_third():
    game = to_actions(new())
    spy, mint = give(game, "ann", "dip-spy-network", "adm-royal-mint", zone="display")
    set_power(game, "ann", mil=6, adm=0, dip=0, ducats=5)  # too few Ducats to want an Advisor
    state(game).card_states[mint] = state(game).card_states[mint].__class__(tokens=1)
    give(game, "ann", "mil-military-academy")
    choice = PriceOfPowerBot(3).choose(game.legal_actions("ann"), game.view("ann"))
    assert choice.type == "play" and choice.replace == mint
    set_power(game, "ann", dip=2)
    choice = PriceOfPowerBot(3).choose(game.legal_actions("ann"), game.view("ann"))
    assert choice.type == "use" and choice.card == spy


def test_the_bot_reads_only_its_own_view():
    game = bot_game(3, rounds=1)
    assert game.state.round == 2


def test_the_demo_has_four_players_display_cards_and_a_battle():
    game = demo_game(RULESET)
    assert len(game.state.seats) == 4
    assert sum(len(game.state.display(seat)) for seat in game.state.seat_ids()) >= 2
    assert game.state.battle is not None and game.state.battle.step == "attacker"
    assert registry.get(RULESET).demo().actions == game.actions


def walk(name: str) -> Game:
    """Plays a practice through, taking each step the scenario asks for."""
    from desktop.engine.practice import card_step_done, seat_at

    demo = scenario_demo(name)
    game = Game.new(GameSetup(ruleset=RULESET, players=demo.players, seed=demo.seed, options=demo.options))
    for act in demo.actions:
        game.apply(act)
    scenario = SCENARIOS[name]
    for _ in range(40):
        run = game.state.practice
        if run.step >= len(scenario.steps):
            break
        step = scenario.steps[run.step]
        seat = seat_at(game.state, step.seat)
        legal = [act for act in game.legal_actions(seat) if card_step_done(game.state, step, act)]
        if name == "display" and step.card == "dip-embassy":
            legal = [act for act in legal if game.state.cards.get(act.replace) == "adm-royal-mint"]
        if name == "paying" and step.card == "adm-printing-press":
            legal = [msgspec.structs.replace(act, modifier=-2, reason="an Idea") for act in legal]
        if not legal:  # a step of another seat between (the defender's Battle Actions...)
            legal = [act for act in game.legal_actions(game.stages()[0].seat) if not getattr(type(act), "aside", False)]
            legal = [act for act in legal if act.type in ("play", "done", "pass", "pass_phase", "discard", "advance")][:1]
        game.apply(legal[0])
    assert game.state.practice.step == len(scenario.steps), name
    return game


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_each_practice_plays_through_with_a_sentence_at_each_step(name):
    game = walk(name)
    lines = [line for line in game.log_for("ann") if line.startswith("Practice: ")]
    assert len(lines) == 2 + len(SCENARIOS[name].steps), lines
    assert lines[-1] == f"Practice: {SCENARIOS[name].end}"


def test_the_practices_show_what_they_teach():
    game = walk("reshuffle")
    assert "keeping the top 5 as the discard pile" in " ".join(game.log_for(None))
    game = walk("display")
    assert not game.state.display("ann") or all(game.state.cards[c] != "dip-spy-network" for c in game.state.display("ann"))
    game = walk("counter")
    assert game.state.display("ann") == []
    game = walk("cleanup")
    assert len(game.state.hand("ann")) == 5 and len(game.state.display("ann")) == 2


def test_a_practice_is_the_first_action_of_a_practice_game():
    game = new(practice="on")
    listed = [act.scenario for act in game.legal_actions("ann") if act.type == "practice"]
    assert listed == list(SCENARIOS)
    assert not [act for act in game.legal_actions("bo") if act.type == "practice"]
    do(game, a.Practice(player="ann", scenario="battle"))
    assert said(game) == "Ann starts a practice: A round of battle."
    assert said(game, "ann").startswith("Ann starts a practice: A round of battle. Practice: A round of battle. Phase 3.")
    assert game.view("ann").extra.practice.startswith("Declare a battle") and game.view("bo").extra.practice == ""
    assert not [act for act in game.legal_actions("ann") if act.type == "practice"]
    game = new()
    from desktop.engine import RuleError

    with pytest.raises(RuleError, match="practice option on"):
        game.apply(a.Practice(player="ann", scenario="battle"))


def test_a_game_of_a_card_file_offers_no_practice():
    """The practices arrange the shipped cards: with a card file none is offered (it was offered,
    then refused), and one sent anyway is refused in a sentence."""
    from desktop.engine import RuleError

    from .helpers import shipped_records

    game = new(deck=shipped_records(), practice="on")
    assert game.state.deck_key != "builtin"
    assert not [act for act in game.legal_actions("ann") if act.type == "practice"]
    with pytest.raises(RuleError, match="use the shipped sample cards; start a game without a card file"):
        game.apply(a.Practice(player="ann", scenario="battle"))


def test_the_bot_passes_after_eight_turns_in_a_round_even_with_cards_it_could_play():
    game = to_actions(new())
    give(game, "ann", "adm-census")
    game.state.taken = {"ann": 8}
    assert PriceOfPowerBot(4).choose(game.legal_actions("ann"), game.view("ann")) == a.PassPhase(player="ann")
    game.state.taken = {"ann": 7}
    assert PriceOfPowerBot(4).choose(game.legal_actions("ann"), game.view("ann")).type == "play"


def test_the_recorded_demo_opening_is_the_one_the_bot_plays():
    """The demo starts from a recorded opening; it must still be the one the system's own bot
    plays with these rules and cards."""
    import msgspec

    from desktop.rulesets.price_of_power.demo import played_opening
    from desktop.rulesets.price_of_power.demo_opening import OPENING
    from desktop.rulesets.price_of_power.scenarios import DEMO_PLAYERS, DEMO_SEED

    players, seed, actions = played_opening()
    assert (list(players), seed) == (list(DEMO_PLAYERS), DEMO_SEED)
    assert msgspec.to_builtins(list(actions)) == OPENING, (
        "The recorded demo opening is out of date: run python -m desktop.rulesets.price_of_power.demo")
