"""Price of Power's app seats (desktop/rulesets/price_of_power/bot.py, versus.py): each level plays
whole rounds with no move refused, the same way for the same seed; each out-of-turn answer
(Counterespionage, Reactions, Battle Actions) is taken where it helps; in games of the app against
itself the table's stand-in declares what happens to each seat, so the Reactions are offered; the
outcome counts what each seat's cards did."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desktop.engine import registry
from desktop.engine.levels import LEARNING, RANDOM, STANDARD
from desktop.model import versus
from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power.bot import PriceOfPowerBot
from desktop.rulesets.price_of_power.versus import Board, counted
from tests.bots.versus_twice import played_twice

from .helpers import RULESET, do, give, new, set_power, to_actions, to_phase

RULES = registry.get(RULESET)


def choice(game, seat: str, level: str = STANDARD, seed: int = 1):
    return PriceOfPowerBot(seed, level).choose(game.legal_actions(seat), game.view(seat))


def test_its_levels_are_its_own_and_random_stays_the_floor():
    assert [level.id for level in RULES.levels] == [LEARNING, STANDARD]
    assert all(level.description for level in RULES.levels)
    for level in (LEARNING, STANDARD):
        assert RULES.bot(1, level).level == level
    assert RULES.bot(1, RANDOM).__class__.__name__ != "PriceOfPowerBot"


# ---- Counterespionage ------------------------------------------------------------------------


def covert_table(spare: int = 1):
    """Ann to play a Covert Action with the DIP for it; Bo, first to answer, holds `spare`
    Counterespionage and the DIP to play it."""
    game = to_actions(new(["Ann", "Bo", "Cy"]))
    set_power(game, "ann", dip=6)
    set_power(game, "bo", dip=3)
    give(game, "bo", *["dip-counterespionage"] * spare)
    give(game, "ann", "dip-steal-secrets")
    return game


def covert_at(target: str | None, spare: int = 1, game=None):
    """Ann plays Steal Secrets at `target` (or Fabricates Claims, at nobody)."""
    game = game or covert_table(spare)
    if target is None:
        do(game, a.Fabricate(player="ann", claims=1))
    else:
        steal = next(card for card in game.state.hand("ann") if game.state.cards[card] == "dip-steal-secrets")
        do(game, a.Play(player="ann", card=steal, target=target))
    return game


def is_counter(game, found) -> bool:
    return found.type == "play" and game.state.cards[found.card] == "dip-counterespionage"


@pytest.mark.parametrize(("target", "spare", "level", "counters"), [
    ("bo", 1, STANDARD, True),  # aimed at it: always
    ("cy", 1, STANDARD, False),  # aimed at another, its only one: kept to guard its own realm
    ("cy", 2, STANDARD, True),  # one to spare
    (None, 2, STANDARD, True),
    ("bo", 1, LEARNING, False),  # a learner's covert cards take effect
])
def test_counterespionage_is_played_where_it_helps(target, spare, level, counters):
    game = covert_at(target, spare)
    assert is_counter(game, choice(game, "bo", level)) is counters


def test_once_passed_it_counters_with_its_only_counterespionage():
    game = covert_at("cy", 1)
    game.state.passed.append("bo")
    assert is_counter(game, choice(game, "bo"))


def test_it_counters_the_counterespionage_aimed_at_its_own_play_and_not_another_counter():
    game = covert_at("cy", 1)
    give(game, "cy", "dip-counterespionage")
    give(game, "ann", "dip-counterespionage")
    set_power(game, "cy", dip=3)
    do(game, a.Pass(player="bo"))
    counter = next(act for act in game.legal_actions("cy") if is_counter(game, act))
    do(game, counter)  # Cy counters Ann's Steal Secrets
    assert game.stages()[0].seat == "ann"
    assert is_counter(game, choice(game, "ann"))  # Ann's own play goes ahead if she counters back
    # Bo, with one to spare, is asked first about Cy's counter: a counter of another's play.
    game2 = covert_at("cy", 2)
    give(game2, "cy", "dip-counterespionage")
    set_power(game2, "cy", dip=3)
    do(game2, a.Pass(player="bo"))
    do(game2, next(act for act in game2.legal_actions("cy") if is_counter(game2, act)))
    do(game2, a.Pass(player="ann"))
    assert game2.stages()[0].seat == "bo"
    assert choice(game2, "bo") == a.Pass(player="bo")


# ---- Reactions -------------------------------------------------------------------------------


@pytest.mark.parametrize(("event", "card"), [
    ("war-declared", "dip-casus-belli"), ("war-declared", "mil-call-to-arms"), ("army-attacked", "mil-hold-the-line"),
    ("cannot-pay", "adm-emergency-levy"), ("ruler-discarded", "adm-regency-council"), ("other", "adm-court-intrigue"),
])
@pytest.mark.parametrize("level", [LEARNING, STANDARD])
def test_a_reaction_is_played_when_its_event_is_declared_to_happen_to_it(event, card, level):
    game = to_actions(new(["Ann", "Bo", "Cy"]))
    set_power(game, "bo", adm=3, dip=3, mil=3)
    held, = give(game, "bo", card)
    do(game, a.Declare(player="bo", event=event))
    found = choice(game, "bo", level)
    assert found.type == "play" and found.card == held
    do(game, found)
    assert choice(game, "bo", level) == a.Pass(player="bo")  # nothing more to play: it passes


def test_a_reaction_whose_condition_is_its_own_words_waits_for_those_words():
    game = to_actions(new(["Ann", "Bo", "Cy"]))
    intrigue, = give(game, "bo", "adm-court-intrigue")
    game.state.trigger = None
    do(game, a.Declare(player="bo", event="other", text="a storm sinks a fleet"))
    assert choice(game, "bo") == a.Pass(player="bo")
    do(game, a.Pass(player="bo"))
    do(game, a.Declare(player="bo", event="other", text="Another player takes a Loan"))
    assert choice(game, "bo").card == intrigue


def test_its_army_attacked_it_appoints_a_general_as_a_reaction():
    game = to_actions(new(["Ann", "Bo", "Cy"]))
    set_power(game, "bo", mil=3)
    general, = give(game, "bo", "mil-cavalry-charge")  # its character is a General
    do(game, a.Declare(player="bo", event="army-attacked"))
    assert choice(game, "bo") == a.Appoint(player="bo", card=general)


# ---- Battle Actions --------------------------------------------------------------------------


def test_standard_plays_every_battle_action_a_learner_one_a_step():
    for level, expected in ((STANDARD, ["play", "play", "done"]), (LEARNING, ["play", "done"])):
        game = to_actions(new())
        set_power(game, "ann", mil=6)
        give(game, "ann", "mil-cavalry-charge", "mil-shock-tactics")
        do(game, a.DeclareBattle(player="ann", attacker="ann", defender="bo"))
        bot, seen = PriceOfPowerBot(2, level), []
        while game.state.battle.step == "attacker":
            found = bot.choose(game.legal_actions("ann"), game.view("ann"))
            seen.append(found.type)
            do(game, found)
        assert seen == expected, level


# ---- whole rounds ----------------------------------------------------------------------------


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    levels=st.lists(st.sampled_from([LEARNING, STANDARD]), min_size=2, max_size=6),
)
def test_every_level_plays_the_round_to_its_end_never_refused_and_the_same_for_a_seed(seed, levels):
    first, again = played_twice(RULESET, levels, seed)
    assert first.reached_end and first.refused == 0 and first.stalled is None
    assert first.ended == "Round 1 is over."
    assert first.game.actions == again.game.actions and first.record() == again.record()


def test_a_random_seat_among_them_reaches_the_end_too():
    found = versus.play(RULESET, [RANDOM, STANDARD, LEARNING], 5)
    assert found.reached_end and found.refused == 0


def test_the_stand_in_declares_what_happens_to_the_seats_and_they_answer():
    """Over a few games the table's stand-in declares events and battles; the seats get their
    Reaction and Battle Action chances and take them."""
    kinds: dict[str, list[int]] = {}
    for seed in range(12):
        found = versus.play(RULESET, [STANDARD] * 4, seed)
        assert found.reached_end and found.table_actions >= 0
        for kind, (taken, possible) in found.answers.get(STANDARD, {}).items():
            kinds.setdefault(kind, [0, 0])
            kinds[kind][0] += taken
            kinds[kind][1] += possible
    assert any(kind.startswith("Reaction") for kind in kinds), kinds
    assert kinds["Battle Actions"][0] > 0
    reactions = [pair for kind, pair in kinds.items() if kind.startswith("Reaction")]
    assert all(taken == possible for taken, possible in reactions)  # every Reaction chance taken


def test_the_stand_in_draws_a_turns_events_once():
    board = Board(1)
    game = to_actions(new(["Ann", "Bo", "Cy"]))
    turn = a.PassPhase(player="ann")
    drawn = [board.before(game.state, turn) for _ in range(40)]
    assert sum(1 for found in drawn if found) <= 1  # the same turn: drawn once
    to_phase(game, "peace")
    first = Board(2).before(game.state, a.Advance(player="ann"))
    assert all(act in game.legal_actions(act.player) for act in first[:1])


def test_the_outcome_counts_cards_that_took_effect_and_covert_plays_that_hurt():
    game = covert_table()
    start = game.state.copy()
    covert_at("bo", game=game)
    for seat in ("bo", "cy"):
        do(game, a.Pass(player=seat))  # Steal Secrets takes effect against Bo
    found = counted(start.copy(), game.actions)
    assert found.figures["ann"]["took_effect"] == 1 and found.figures["bo"]["hurt_by"] == 1
    assert found.scores["bo"] == -2.0
    countered = covert_table()
    covert_at("bo", game=countered)
    do(countered, next(act for act in countered.legal_actions("bo") if is_counter(countered, act)))
    for seat in ("cy", "ann"):
        do(countered, a.Pass(player=seat))
    found = counted(start.copy(), countered.actions)
    assert found.figures["ann"]["prevented"] == 1 and found.figures["ann"]["took_effect"] == 0
    assert found.figures["bo"]["took_effect"] == 1 and found.figures["bo"]["hurt_by"] == 0
    assert found.scores == {"ann": 0.0, "bo": 1.0, "cy": 0.0}


def test_actiondeck_versus_plays_price_of_power_to_the_round_end(cli):
    status, out, err = cli("versus", "--system", RULESET, "--games", 2, "--levels", "standard,learning,standard",
                           "--seed", 3)
    assert status == 0 and err == ""
    for game in (json.loads(line) for line in out.splitlines()):
        assert game["reached_end"] and game["end"] == "Round 1 is over." and game["refused"] == 0
        assert game["measure"] and set(game["scores"]) == {seat["seat"] for seat in game["seats"]}


def test_at_a_table_with_people_what_happens_to_an_app_seat_is_declared_for_it_and_it_reacts(qtbot):
    """The events that happen to the app's side are offered to it: a person declares for the seat
    the app plays (its entry is asked of whoever chose it: no screen to pass), and the seat answers
    its Reaction window with the Reaction that fits, then passes."""
    from desktop.model import opening, taking

    game = to_actions(new(["Ann", "Bo", "Cy"]))
    set_power(game, "bo", mil=3)
    call, = give(game, "bo", "mil-call-to-arms")
    table = opening.session_for(game, name="Reactions")
    table.bot_pause_ms = 60_000  # the app moves when the test steps it
    table.set_app_seat("bo", True, level=STANDARD)
    table.confirm_viewer()  # Ann, whose turn it is, looks
    assert table.viewer == "ann"
    declare = next(offer for offer in table.offers_of("bo") if offer.kind == "declare" and offer.seat == "bo")
    assert taking.for_offer(table, declare, by="ann").seat == "ann"  # asked of Ann, who chose it
    assert table.submit(a.Declare(player="bo", event="war-declared"))
    for expected in (a.Play(player="bo", card=call), a.Pass(player="bo")):
        moves = len(table.game.actions)
        table.apps.step()  # the app decides off the UI thread; its move comes back to this one
        qtbot.waitUntil(lambda moves=moves: len(table.game.actions) > moves)
        assert table.game.actions[-1] == expected
    assert table.game.state.trigger is None
    table.close()
