"""Future Imperfect (desktop/rulesets/future_imperfect): the rulebook's worked examples from a deck
file holding the cells they name, the shipped deck against its dice, deck import refusals, the
remaining-deck odds against a brute-force count, the rules' refusals, and the headless commands."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction
from pathlib import Path

import msgspec
import pytest

from desktop.engine import Game, GameSetup, RuleError, SetupError
from desktop.engine.demo import demo_game
from desktop.rulesets.future_imperfect import actions as a
from desktop.rulesets.future_imperfect import generator
from desktop.rulesets.future_imperfect.cards import CF, DICE, corners
from desktop.rulesets.future_imperfect.deck import builtin_deck, read_cards
from desktop.rulesets.future_imperfect.faces import read_face
from desktop.rulesets.future_imperfect.odds import check_odds, remaining, view_odds
from desktop.rulesets.future_imperfect.scenarios import SCENARIOS, scenario_demo
from desktop.shipped import resource_path

FIXTURES = Path(__file__).parent / "fi"
RULEBOOK = FIXTURES / "rulebook-deck.json"
SYSTEM = "future-imperfect"


def records(path: Path = RULEBOOK) -> list[dict]:
    return json.loads(path.read_text())["cards"]


def game(*stack: int, players=("Master", "Sid"), deck=RULEBOOK, **options) -> Game:
    """A game with `stack` on top of the deck (the first drawn first)."""
    options = {key: str(value) for key, value in options.items()}
    if stack:
        options["stack"] = ", ".join(str(impulse) for impulse in stack)
    return Game.new(GameSetup(ruleset=SYSTEM, players=list(players), seed=7, options=options,
                              deck=None if deck is None else records(deck)))


def legal(g: Game, kind: type) -> list:
    return [action for action in g.legal_actions() if isinstance(action, kind)]


def take_values(g: Game) -> dict[int, int]:
    """Row -> value of the results the player may take now."""
    check = g.state.check
    card = g.ruleset.view(g.state, None).faces[g.state.cards[check.cards[0]]]
    data = read_face(card)
    return {act.row: data.cause[act.row - 1][DICE.index(check.trait)] for act in legal(g, a.Take)}


def drawn(g: Game) -> list[int]:
    """The impulses of the cards lying on the table."""
    return [int(g.state.cards[card][1:]) for card in g.state.zones["drawn"].cards]


def used(g: Game) -> list[int]:
    """The impulses of the cards the check drew, wherever they are now."""
    return [int(g.state.cards[card][1:]) for card in g.state.check.cards]


def discarded(g: Game) -> list[int]:
    return [int(g.state.cards[card][1:]) for card in g.state.zones["discard"].cards]


def log(g: Game) -> str:
    return "\n".join(g.log_for(None))


# ---- the rulebook's worked examples ------------------------------------------------------------------


def test_sid_d6_at_skill_3_may_choose_6_1_or_1_on_card_34():
    g = game(34, exceptional="off")
    g.apply(a.SetCheck(player="master", who="sid", trait=6, skill=3, tn=5))
    g.apply(a.DrawResolution(player="sid"))
    assert drawn(g) == [34]
    assert take_values(g) == {1: 6, 2: 1, 3: 1}
    assert "Sid may take any of these results: 6, 1 or 1." in log(g)


def test_sid_2d10_chain_totals_19_with_card_34_then_card_10():
    g = game(34, 10, bumps="on")
    g.apply(a.SetCheck(player="master", who="sid", trait=10, skill=2, tn=11))
    g.apply(a.DrawResolution(player="sid"))
    assert take_values(g) == {1: 7, 2: 10}
    g.apply(a.Take(player="sid", row=2))  # 10 on a d10: exceptional
    assert g.state.check.phase == "extend" and legal(g, a.Take) == []
    g.apply(a.DrawExtension(player="sid"))
    check = g.state.check
    assert used(g) == [34, 10]
    assert check.phase == "done" and check.result.outcome == "success"
    assert (check.result.total, check.result.bumps) == (19, 2)
    assert "Bumps: 19 beats 11 by 8; one bump per full 4: 2 bumps." in log(g)
    assert g.state.counters["sid"]["bumps"] == 2


def test_xenes_4d10_chain_totals_30_across_cards_34_11_and_10():
    g = game(34, 11, 10, players=("Master", "Xenes"), bumps="on")
    g.apply(a.SetCheck(player="master", who="xenes", trait=10, skill=4, tn=13))
    g.apply(a.DrawResolution(player="xenes"))
    assert take_values(g) == {1: 7, 2: 10, 3: 3, 4: 7}
    g.apply(a.Take(player="xenes", row=2))
    g.apply(a.DrawExtension(player="xenes"))  # card 11: its row 2 is 11, exceptional again
    assert drawn(g) == [34, 11] and g.state.check.phase == "extend" and g.state.check.totals == [21]
    g.apply(a.DrawExtension(player="xenes"))  # card 10: its row 2 is 9
    check = g.state.check
    assert used(g) == [34, 11, 10]
    assert check.result.outcome == "success" and check.result.total == 30 and check.result.bumps == 4
    # Why the 11 on card 10 could not be taken and its CF did not count: only row 2 extends, and
    # critical failures come from the resolution card alone.
    assert check.rows == [2] and check.offered == [[2], [2]]
    text = log(g)
    assert "the 11 in row 3 cannot be taken" in text
    assert "the CF in row 4 is no critical failure (only the resolution card can fail critically)" in text
    with pytest.raises(RuleError):
        g.ruleset.apply(g.state.copy(), a.Extend(player="xenes", row=3))


def test_kayla_succeeds_with_4d8_against_tn_7_and_scores_2_victories_from_magnitude_17():
    g = game(27, players=("Master", "Kayla"))
    g.apply(a.SetComplexCheck(player="master", who="kayla", trait=8, skill=4, tn=7, effect=10, effect_row=3))
    g.apply(a.DrawResolution(player="kayla"))
    assert take_values(g) == {1: 1, 2: 7, 3: 7, 4: 2}
    g.apply(a.Take(player="kayla", row=2))
    result = g.state.check.result
    assert (result.outcome, result.total, result.magnitude, result.victories) == ("success", 7, 17, 2)
    assert "Each full 6 is a victory: 2 victories; the 5 left over is lost." in log(g)
    assert g.state.counters["kayla"]["victories"] == 2


def test_a_higher_threshold_scores_fewer_victories():
    g = game(27, players=("Master", "Kayla"), victory=8)
    g.apply(a.SetComplexCheck(player="master", who="kayla", trait=8, skill=4, tn=7, effect=10, effect_row=3))
    g.apply(a.DrawResolution(player="kayla"))
    g.apply(a.Take(player="kayla", row=3))
    assert g.state.check.result.victories == 2  # 17 // 8
    g2 = game(27, players=("Master", "Kayla"))
    g2.apply(a.SetComplexCheck(player="master", who="kayla", trait=8, skill=4, tn=7, effect=10, effect_row=3))
    g2.apply(a.DrawResolution(player="kayla"))
    g2.apply(a.Take(player="kayla", row=1))  # 1 against TN 7
    assert g2.state.check.result.outcome == "failure" and g2.state.check.result.victories == 0


def test_chuk_4d12_critically_fails_on_the_cf_in_the_exact_cell():
    g = game(45, players=("Master", "Chuk"))
    g.apply(a.SetCheck(player="master", who="chuk", trait=12, skill=4, tn=9))
    g.apply(a.DrawResolution(player="chuk"))
    assert g.state.check.phase == "done" and g.state.check.result.outcome == "critical"
    assert legal(g, a.Take) == []
    assert "The exact cell (row 4, d12) holds CF: a critical failure." in log(g)


def test_a_cf_outside_the_exact_cell_is_passed_over():
    g = game(45, players=("Master", "Chuk"))
    g.apply(a.SetCheck(player="master", who="chuk", trait=12, skill=5, tn=2))
    g.apply(a.DrawResolution(player="chuk"))
    assert g.state.check.phase == "choose" and sorted(take_values(g)) == [1, 2, 3, 5]
    assert "Row 4 holds CF: a CF outside the exact cell counts for nothing and cannot be taken." in log(g)


def test_several_exceptional_cells_are_chosen_after_seeing_the_extension_card():
    """The rulebook's 4d4 example: exceptional 4s in rows 1 and 4; the extension card would make
    6 or 10; 10 is kept. (The 6 that card 21 adds to row 4 is exceptional on a d4, so by the rule
    that chain goes on; the rulebook's sketch stops there.)"""
    g = game(20, 21, 22, players=("Master", "Someone"))
    g.apply(a.SetCheck(player="master", who="someone", trait=4, skill=4, tn=30))
    g.apply(a.DrawResolution(player="someone"))
    g.apply(a.Take(player="someone", row=1))
    assert g.state.check.rows == [1, 4]
    g.apply(a.DrawExtension(player="someone"))
    check = g.state.check
    assert check.phase == "pick" and dict(zip(check.rows, check.totals)) == {1: 6, 4: 10}
    assert {act.row for act in legal(g, a.Extend)} == {1, 4}
    g.apply(a.Extend(player="someone", row=4))
    assert g.state.check.phase == "extend" and g.state.check.totals == [10]
    g.apply(a.DrawExtension(player="someone"))
    assert g.state.check.result.total == 11 and g.state.check.result.outcome == "failure"
    assert used(g) == [20, 21, 22]


def test_without_the_exceptional_rule_an_exceptional_cell_is_just_its_number():
    g = game(34, 10, exceptional="off")
    g.apply(a.SetCheck(player="master", who="sid", trait=10, skill=2, tn=11))
    g.apply(a.DrawResolution(player="sid"))
    g.apply(a.Take(player="sid", row=2))
    assert g.state.check.result.total == 10 and g.state.check.result.outcome == "failure"
    assert used(g) == [34]


def test_every_card_used_goes_to_the_discard_pile_when_the_check_is_completed():
    """The seed: "After completing the check, place the card in the discard pile"."""
    g = game(34, 11, 10, players=("Master", "Xenes"))
    g.apply(a.SetCheck(player="master", who="xenes", trait=10, skill=4, tn=13))
    for act in (a.DrawResolution(player="xenes"), a.Take(player="xenes", row=2), a.DrawExtension(player="xenes")):
        g.apply(act)
    assert drawn(g) == [34, 11]  # still being used: the chain goes on
    g.apply(a.DrawExtension(player="xenes"))
    assert g.state.check.phase == "done" and drawn(g) == []
    assert discarded(g) == [34, 11, 10] and len(g.state.zones["deck"].cards) == 51
    assert "The 3 cards of the check go to the discard pile." in log(g)
    assert used(g) == [34, 11, 10] and g.state.check.result.total == 30  # the record of the check stays
    # a critical failure and a simple failure are discarded alike
    g = game(45, players=("Master", "Chuk"))
    g.apply(a.SetCheck(player="master", who="chuk", trait=12, skill=4, tn=9))
    g.apply(a.DrawResolution(player="chuk"))
    assert g.state.check.result.outcome == "critical" and drawn(g) == [] and discarded(g) == [45]


# ---- the shipped deck --------------------------------------------------------------------------------


def shipped():
    return builtin_deck()[1]


def test_the_shipped_deck_is_the_generators_output():
    on_disk = json.loads(resource_path("future-imperfect", "deck.json").read_text())
    made = generator.deck_file()
    assert on_disk == json.loads(msgspec.json.encode(made))
    assert read_cards(on_disk["cards"]) == generator.generate()


@pytest.mark.parametrize("die", DICE)
def test_each_cause_column_follows_its_die_within_one_card(die):
    column = DICE.index(die)
    exact = Fraction(54, die)
    for row in range(5):
        faces = Counter(generator.face_of(card.cause[row][column], die) for card in shipped())
        assert set(faces) == set(range(1, die + 1))
        assert all(abs(count - exact) <= 1 for count in faces.values()), (row + 1, die, faces)
        values = [card.cause[row][column] for card in shipped()]
        assert values.count(CF) == 1, "one CF per cell: a critical failure has a chance of 1 in 54"
        assert all(value == CF or 1 <= value <= 2 * die for value in values)


@pytest.mark.parametrize("die", DICE)
def test_each_effect_column_is_a_running_sum_of_rolls_of_its_die(die):
    column = DICE.index(die)
    for row in range(5):
        rolls = Counter(
            card.effect[row][column] - (card.effect[row - 1][column] if row else 0) for card in shipped()
        )
        assert set(rolls) == set(range(1, die + 1)), (row + 1, die, rolls)
        assert all(abs(count - Fraction(54, die)) <= 1 for count in rolls.values())


def test_the_corners_have_their_stated_counts():
    cards = shipped()
    assert [card.impulse for card in cards] == list(range(54))
    steps, suits = Counter(card.step for card in cards), Counter(card.suit for card in cards)
    assert steps == {**dict.fromkeys(range(1, 14), 4), 0: 1, 14: 1}
    assert suits == {**dict.fromkeys(range(1, 5), 13), 0: 1, 5: 1}
    assert Counter(card.yes for card in cards) == {True: 27, False: 27}
    for card in cards:
        if 1 <= card.step <= 13:
            assert card.impulse == 4 * (card.step - 1) + card.suit
        assert card.yes == (card.suit in (2, 3, 5))
    assert (cards[0].step, cards[0].suit, cards[53].step, cards[53].suit) == (0, 0, 14, 5)


def test_the_shipped_deck_holds_every_cell_the_rulebook_names():
    cards = shipped()
    assert [cards[34].cell(r, 6) for r in (1, 2, 3)] == [6, 1, 1]
    assert [cards[34].cell(r, 10) for r in (1, 2, 3, 4)] == [7, 10, 3, 7]
    assert cards[34].effect_cell(2, 6) == 8
    assert [cards[10].cell(r, 10) for r in (2, 3, 4)] == [9, 11, CF]
    assert cards[11].cell(2, 10) == 11
    assert [cards[27].cell(r, 8) for r in (1, 2, 3, 4)] == [1, 7, 7, 2] and cards[27].effect_cell(3, 10) == 17
    assert cards[45].cell(4, 12) == CF


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_each_practice_scenario_unfolds_on_the_shipped_deck(name):
    demo = scenario_demo(name)
    g = Game.replay(GameSetup(ruleset=SYSTEM, players=demo.players, seed=demo.seed, options=demo.options), demo.actions)
    scenario = SCENARIOS[name]
    assert g.state.check.who == scenario.character.lower()
    who = g.state.check.who
    g.apply(a.DrawResolution(player=who))
    while g.state.check.phase != "done":
        options = g.legal_actions(who)
        # the best result for success: the largest value, exceptional first
        if isinstance(options[0], a.Take):
            g.apply(max(options, key=lambda act: take_values(g)[act.row]))
        else:
            g.apply(options[0])
    result = g.state.check.result
    expected = {"sid": ("success", 19, 2), "xenes": ("success", 30, 4), "kayla": ("success", 7, 0),
                "chuk": ("critical", 0, 0), "sid-bravery": ("success", None, None)}[name]
    assert result.outcome == expected[0]
    if expected[1] is not None:
        assert (result.total, result.bumps) == expected[1:]
    assert used(g)[: len(scenario.cards)] == list(scenario.cards)
    if name == "kayla":
        assert (result.magnitude, result.victories) == (17, 2)


def test_the_demo_opens_on_the_choice_of_a_scenario():
    g = demo_game(SYSTEM)
    offered = legal(g, a.Practice)
    assert sorted(act.scenario for act in offered) == sorted(SCENARIOS)
    labels = {g.ruleset.describe(act, g.view(None)) for act in offered}
    assert "Practice: Xenes's hack (a chain of three cards)" in labels
    g.apply(a.Practice(player="master", scenario="sid"))
    assert g.stages()[0].seat == "sid"
    assert "The deck is stacked for the example: card 34 on top, then card 10." in log(g)


# ---- importing a deck -----------------------------------------------------------------------------------


def refused(cards: list) -> str:
    with pytest.raises(SetupError) as refusal:
        Game.new(GameSetup(ruleset=SYSTEM, players=["Master"], seed=1, deck=cards))
    return str(refusal.value)


def test_a_transcribed_deck_plays():
    g = game(34)
    assert g.state.deck_key.startswith("imported-")
    g.apply(a.AskOracle(player="master"))
    assert "Master asks the oracle and draws card 34: its yes/no corner says YES." in log(g)


def test_a_bad_cell_is_refused_with_the_card_and_the_cell_named():
    cards = records()
    cards[34]["cause"][1][3] = 23
    assert refused(cards) == (
        "Card 34, cause grid row 2, d10: 23 is not a result; a d10 cell holds a whole number from 1 to 20, or CF."
    )
    cards = records()
    cards[7]["cause"][0][0] = "cf!"
    assert refused(cards).startswith('Card 7, cause grid row 1, d4: "cf!" is not a result')
    cards = records()
    cards[12]["effect"][2][2] = 3
    assert refused(cards) == (
        "Card 12, effect grid row (3), d8: 3 is not above row (2) (4); effect values rise down each column."
    )
    cards = records()
    cards[12]["effect"][0][4] = "CF"
    assert refused(cards).startswith("Card 12, effect grid row (1), d12: CF has no place in the effect grid")


def test_a_partial_deck_is_refused():
    cards = records()
    del cards[17]
    assert refused(cards) == (
        "The deck has 53 cards; a Future Imperfect deck has all 54, one for each impulse 0 to 53: "
        "impulse 17 is missing."
    )


def test_a_duplicate_impulse_is_refused():
    cards = records()
    cards[18] = dict(cards[17])
    assert refused(cards) == (
        "Impulse 17 appears twice in the deck (records 18 and 19); each impulse 0 to 53 is on exactly one card."
    )


def test_wrong_corners_shapes_and_fields_are_refused():
    cards = records()
    cards[34]["step"] = 8
    assert refused(cards) == "Card 34 says step 8 and suit 2, but impulse 34 is step 9, suit 2 (the 10 of diamonds)."
    cards = records()
    cards[34]["oracle"] = "no"
    assert refused(cards) == "Card 34 (the 10 of diamonds) says no; red cards and the red joker say yes, the others no."
    cards = records()
    cards[5]["cause"] = cards[5]["cause"][:4]
    assert refused(cards).startswith("Card 5's cause grid is not 5 rows of 5 cells")
    cards = records()
    cards[5]["colour"] = "red"
    assert refused(cards) == "Card 5 has an unknown field 'colour'; a card has impulse, step, suit, oracle, cause, effect."
    cards = records()
    cards[9]["impulse"] = 54
    assert refused(cards) == "Record 10 has the impulse 54; an impulse is a whole number from 0 to 53."
    assert refused([]).startswith("The deck has 0 cards")


def test_the_corner_rule_gives_the_impulse_formula():
    for impulse in range(1, 53):
        step, suit, _ = corners(impulse)
        assert impulse == 4 * (step - 1) + suit


# ---- the odds -----------------------------------------------------------------------------------------


def brute(pool, trait, skill, tn, exceptional=True, effect=None, threshold=6):
    """Every resolution card and every sequence of extension cards counted one by one, the player
    taking whatever gives the better chance (found by counting the same way), with Fractions."""
    col = DICE.index(trait)

    def chain(open_rows, rest):
        if max(total for _, total in open_rows) >= tn:
            return Fraction(1)
        if not rest:
            return Fraction(0)
        count = Fraction(0)
        for j, extension in enumerate(rest):
            others = rest[:j] + rest[j + 1:]
            best = Fraction(0)
            for row, total in open_rows:
                value = extension.cause[row][col]
                if value != CF and value >= trait:
                    best = max(best, chain([(row, total + value)], others))
                else:
                    best = max(best, Fraction(int(total + value >= tn)))
            count += best
        return count / len(rest)

    success, critical, victories = Fraction(0), Fraction(0), Counter()
    for i, card in enumerate(pool):
        rest = pool[:i] + pool[i + 1:]
        cells = [card.cause[row][col] for row in range(skill)]
        if cells[-1] == CF:
            critical += 1
            continue
        choices = []
        for value in cells:
            if value == CF:
                continue
            if exceptional and value >= trait:
                choices.append(chain([(r, v) for r, v in enumerate(cells) if v != CF and v >= trait], rest))
            else:
                choices.append(Fraction(int(value >= tn)))
        chance = max(choices)
        success += chance
        if effect is not None and chance:
            victories[card.effect[effect[1] - 1][DICE.index(effect[0])] // threshold] += chance
    n = len(pool)
    return success / n, critical / n, {k: v / n for k, v in victories.items()}


def rich_pool(seed: int, size: int):
    """A small deck cut from the shipped one, with many exceptional cells (to exercise chains and
    choices after an extension card)."""
    import random

    picker = random.Random(seed)
    cards = list(shipped())
    exceptional = [c for c in cards if sum(v >= 4 for v in (c.cause[r][0] for r in range(5))) >= 2]
    others = [c for c in cards if c not in exceptional]
    return picker.sample(exceptional, size // 2) + picker.sample(others, size - size // 2)


CASES = [
    (4, 5, 9, True, None), (4, 5, 14, True, (6, 2)), (4, 3, 6, True, (4, 1)), (6, 4, 10, True, None),
    (10, 4, 13, True, (10, 3)), (12, 2, 11, True, None), (4, 5, 9, False, (8, 5)), (8, 1, 9, True, None),
]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("trait, skill, tn, exceptional, effect", CASES)
def test_the_odds_equal_a_brute_force_count(seed, trait, skill, tn, exceptional, effect):
    pool = rich_pool(seed, 9)
    odds = check_odds(pool, trait, skill, tn, exceptional, effect, exact=True)
    success, critical, victories = brute(pool, trait, skill, tn, exceptional, effect)
    assert (odds.success, odds.critical) == (success, critical)
    assert odds.failure == 1 - success - critical
    if effect is not None:
        assert dict(odds.victories) == victories
        assert sum(chance for _, chance in odds.victories) == odds.success
    floats = check_odds(pool, trait, skill, tn, exceptional, effect)
    assert abs(floats.success - float(success)) < 1e-12 and abs(floats.critical - float(critical)) < 1e-12


def test_the_odds_are_taken_over_the_cards_still_in_the_deck():
    g = game(34, 11, 10, players=("Master", "Xenes"), deck=None)
    g.apply(a.SetCheck(player="master", who="xenes", trait=10, skill=4, tn=13))
    for act in (a.DrawResolution(player="xenes"), a.Take(player="xenes", row=2),
                a.DrawExtension(player="xenes"), a.DrawExtension(player="xenes")):
        g.apply(act)
    g.apply(a.SetComplexCheck(player="master", who="xenes", trait=4, skill=3, tn=6, effect=8, effect_row=2))
    view = g.view(None)
    left = remaining(view)
    assert len(left) == 51 and {34, 11, 10}.isdisjoint(card.impulse for card in left)
    assert {card.impulse for card in left} == {int(g.state.cards[c][1:]) for c in g.state.zones["deck"].cards}
    odds = view_odds(view, exact=True)
    success, critical, victories = brute(left, 4, 3, 6, True, (8, 2))
    assert (odds.cards, odds.success, odds.critical, dict(odds.victories)) == (51, success, critical, victories)
    g.apply(a.DrawResolution(player="xenes"))
    assert view_odds(g.view(None)) is None  # drawn: the odds are of what comes before


def test_the_odds_match_every_order_of_a_small_deck_played_through_the_engine():
    """Six cards left in the deck, every order of them dealt and played (skill 1: no choice): the
    share of successes and of critical failures is the odds. Cards 1, 2 and 4 hold an exceptional
    4 in row 1 of d4, card 47 CF, cards 5 and 14 a 2 and a 3."""
    g0 = game(deck=None, players=("Master",))
    deck = g0.state.zones["deck"].cards
    keep = [card for card in deck if int(g0.state.cards[card][1:]) in (1, 2, 4, 47, 5, 14)]
    trait, tn = 4, 7
    successes = criticals = games = 0
    odds = None
    for order in itertools.permutations(keep):
        g = game(deck=None, players=("Master",))
        state = g.state
        state.zones["discard"].cards = [c for c in state.zones["deck"].cards if c not in keep]
        state.zones["deck"].cards = list(reversed(order))
        g.apply(a.SetCheck(player="master", who="master", trait=trait, skill=1, tn=tn))
        if odds is None:
            odds = view_odds(g.view(None), exact=True)
        g.apply(a.DrawResolution(player="master"))
        while g.state.check.phase != "done":
            g.apply(g.legal_actions("master")[0])
        games += 1
        successes += g.state.check.result.outcome == "success"
        criticals += g.state.check.result.outcome == "critical"
    assert odds.cards == 6 and 0 < successes < games and criticals == games // 6
    assert (odds.success, odds.critical) == (Fraction(successes, games), Fraction(criticals, games))


# ---- the rules' refusals and the solo tools ------------------------------------------------------------


def test_only_the_master_sets_checks_and_only_the_checks_player_resolves_it():
    g = game(34, players=("Master", "Sid", "Bo"))
    with pytest.raises(RuleError, match=r"Only the Master \(Master\) sets checks\."):
        g.apply(a.SetCheck(player="sid", who="sid", trait=10, skill=2, tn=11))
    g.apply(a.SetCheck(player="master", who="sid", trait=10, skill=2, tn=11))
    with pytest.raises(RuleError, match="It is Sid's check, not Bo's."):
        g.apply(a.DrawResolution(player="bo"))
    with pytest.raises(RuleError, match="not resolved yet"):
        g.apply(a.SetCheck(player="master", who="bo", trait=4, skill=1, tn=2))
    with pytest.raises(RuleError, match="the resolution card is not drawn yet"):
        g.apply(a.Take(player="sid", row=1))
    g.apply(a.DrawResolution(player="sid"))
    with pytest.raises(RuleError, match=r"Sid may take a result from row 1 or 2 of the d10 column\."):
        g.apply(a.Take(player="sid", row=3))
    with pytest.raises(RuleError, match="Only a check whose resolution card is not drawn yet"):
        g.apply(a.CancelCheck(player="master"))


def test_bad_numbers_are_refused():
    g = game()
    for bad, sentence in (
        ({"trait": 10, "skill": 6, "tn": 5}, "The skill level is a whole number from 1 to 5."),
        ({"trait": 10, "skill": 2, "tn": 0}, "The target number is a whole number from 1 to 60."),
    ):
        with pytest.raises(RuleError, match=sentence.replace(".", r"\.")):
            g.apply(a.SetCheck(player="master", who="sid", **bad))
    with pytest.raises(RuleError, match="The effect row is a whole number from 1 to 5."):
        g.apply(a.SetComplexCheck(player="master", who="sid", trait=4, effect=6, effect_row=9))
    with pytest.raises(RuleError):
        g.decode_action({"type": "set_check", "player": "master", "who": "sid", "trait": 7})


def test_a_called_off_check_leaves_the_deck_as_it_was():
    g = game(34)
    g.apply(a.SetCheck(player="master", who="sid", trait=10, skill=2, tn=11))
    g.apply(a.CancelCheck(player="master"))
    assert g.state.check is None and g.can_undo()
    with pytest.raises(RuleError, match=r"The Master \(Master\) draws from the deck as an oracle\."):
        g.apply(a.DrawPlayingCard(player="sid"))
    g.apply(a.DrawPlayingCard(player="master"))
    assert "Master draws a playing card: card 34 is the 10 of diamonds (step 9, suit 2)." in log(g)


def test_a_fixed_order_draws_card_0_first_and_a_solo_draw_is_discarded_by_the_next():
    g = game(deck=None, order="fixed", players=("Solo",))
    g.apply(a.AskOracle(player="solo"))
    assert drawn(g) == [0] and "its yes/no corner says NO" in log(g)
    g.apply(a.AskOracle(player="solo"))
    assert drawn(g) == [1] and [int(g.state.cards[c][1:]) for c in g.state.zones["discard"].cards] == [0]
    assert "The 1 card on the table goes to the discard pile." in log(g)


def test_the_deck_reshuffles_when_it_runs_out_even_in_a_chain():
    g = game(deck=None, order="fixed", players=("Solo",))
    for _ in range(53):
        g.apply(a.DrawPlayingCard(player="solo"))
    assert len(g.state.zones["deck"].cards) == 1
    g.apply(a.SetCheck(player="solo", who="solo", trait=4, skill=5, tn=60))
    g.apply(a.DrawResolution(player="solo"))  # the last card; the discard is shuffled in at once
    assert "The deck ran out: the discard pile is shuffled into a new deck of 53." in log(g)
    assert len(g.state.zones["deck"].cards) == 53


def test_setup_options_are_checked():
    for options, sentence in (
        ({"victory": "0"}, "The option victory must be a whole number from 1 to 30."),
        ({"stack": "34, x"}, "The option stack lists 'x'; it takes impulses 0 to 53 separated by commas."),
        ({"stack": "3,3"}, "The option stack lists impulse 3 twice."),
        ({"bumps": "maybe"}, "The option bumps must be on or off."),
        ({"order": "sorted"}, "The option order must be shuffled or fixed."),
    ):
        with pytest.raises(SetupError) as refusal:
            Game.new(GameSetup(ruleset=SYSTEM, players=["Master"], seed=1, options=options))
        assert str(refusal.value) == sentence
    with pytest.raises(SetupError, match="played by 1 to 8 players"):
        Game.new(GameSetup(ruleset=SYSTEM, players=[f"P{n}" for n in range(9)], seed=1))


def test_a_check_needs_no_hidden_card_so_nobody_needs_the_screen_alone():
    g = game(34)
    # Between checks the Master sets the next one; any other seat may end the session.
    assert [(s.seat, s.kind, s.private) for s in g.stages()] == [("master", "turn", False), ("sid", "table", False)]
    g.apply(a.SetCheck(player="master", who="sid", trait=10, skill=2, tn=11))
    assert [(s.seat, s.kind, s.private) for s in g.stages()] == [("sid", "turn", False)]


def test_the_resolution_cards_face_marks_the_cells_the_check_offers():
    g = game(27, players=("Master", "Kayla"))
    g.apply(a.SetComplexCheck(player="master", who="kayla", trait=8, skill=4, tn=7, effect=10, effect_row=3))
    g.apply(a.DrawResolution(player="kayla"))
    face = g.view(None).faces["i27"]
    mark = read_face(face).mark
    assert (mark.kind, mark.die, mark.rows, mark.exact, mark.effect) == ("resolution", 8, (1, 2, 3, 4), 4, (3, 10))
    assert face.plain_text().endswith("resolution: d8 rows 1, 2, 3, 4; exact row 4; effect (3)d10")


# ---- the headless commands ------------------------------------------------------------------------------


def test_new_actions_play_and_replay_from_the_command_line(cli, tmp_path):
    save = tmp_path / "fi.json"
    status, out, err = cli("new", SYSTEM, "--players", "Master,Sid", "--seed", 9, "--option", "stack=34,10",
                           "--option", "bumps=on", "--deck", RULEBOOK, "-o", save)
    assert status == 0, err
    assert out.startswith("New Future Imperfect game for Master, Sid (seed 9)")
    status, out, _ = cli("actions", save, "--player", "sid")
    assert status == 0 and json.loads(out) == [{"type": "end_session", "player": "sid"}]  # between checks
    status, out, _ = cli("actions", save, "--player", "master")
    kinds = Counter(act["type"] for act in json.loads(out))
    assert kinds == {"set_check": 10, "set_complex_check": 50, "set_contest": 2, "ask_oracle": 1, "draw_playing_card": 1,
                     "end_session": 1}
    for action in (
        {"type": "set_check", "player": "master", "who": "sid", "trait": 10, "skill": 2, "tn": 11},
        {"type": "draw_resolution", "player": "sid"},
    ):
        status, out, err = cli("play", save, json.dumps(action))
        assert status == 0, err
    assert "Sid draws the resolution card: card 34." in out
    status, out, _ = cli("actions", save)
    assert json.loads(out) == [{"type": "take", "player": "sid", "row": 1}, {"type": "take", "player": "sid", "row": 2}]
    for action in ({"type": "take", "player": "sid", "row": 2}, {"type": "draw_extension", "player": "sid"}):
        status, out, err = cli("play", save, json.dumps(action))
        assert status == 0, err
    assert "19 against TN 11: success." in out and "2 bumps" in out
    status, out, err = cli("play", save, json.dumps({"type": "take", "player": "sid", "row": 1}))
    assert status == 2 and out == "" and err.startswith("actiondeck: There is no check to take a result of")
    status, out, _ = cli("replay", save)
    assert status == 0
    assert "Future Imperfect: step 4." in out and "Extension card: card 10." in out
    status, out, _ = cli("replay", save, "--json")
    report = json.loads(out)
    assert report["state"]["check"]["result"]["total"] == 19 and len(report["steps"]) == 4
    status, out, _ = cli("replay", save, "--as", "sid", "--json")
    view = json.loads(out)["view"]
    assert view["zones"]["deck"]["cards"] == [None] * view["zones"]["deck"]["count"]


def test_a_bad_deck_file_is_refused_on_the_command_line(cli, tmp_path):
    cards = records()
    cards[10]["cause"][3][3] = 0
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(cards))
    status, out, err = cli("new", SYSTEM, "--players", "Master", "--deck", bad, "-o", tmp_path / "g.json")
    assert status == 2 and out == ""
    assert err.strip() == (
        "actiondeck: Card 10, cause grid row 4, d10: 0 is not a result; a d10 cell holds a whole number from 1 to 20, or CF."
    )


def test_the_apps_seats_set_checks_and_take_the_best_result():
    from desktop.model.app_moves import ends
    from desktop.rulesets.future_imperfect.bot import FIBot

    def legal(g, seat):  # as the app's seats get them with a person at the table: no end of the session
        return [act for act in g.legal_actions(seat) if not ends(act)]

    g = game(34, 10, players=("Master", "Sid"))
    bot = FIBot(1)
    for _ in range(4):
        stage = g.stages()[0]
        g.apply(bot.choose(legal(g, stage.seat), g.view(stage.seat)))
    check = g.state.check
    assert check.who == "sid" and check.tn == 7 and len(check.cards) >= 1
    if check.skill >= 2 and check.trait == 10:
        assert check.rows[0] == 2  # the exceptional 10 of card 34, not its 7
    for _ in range(40):  # a long run: it always finds something to do
        stage = g.stages()[0]
        g.apply(bot.choose(legal(g, stage.seat), g.view(stage.seat)))
    assert g.state.checks >= 5
    three = game(players=("Master", "Ann", "Bo"))
    for _ in range(30):
        stage = three.stages()[0]
        three.apply(bot.choose(legal(three, stage.seat), three.view(stage.seat)))
    set_for = [act.who for act in three.actions if isinstance(act, a.SetCheck)]
    assert set_for[:4] == ["ann", "bo", "master", "ann"]  # each character in turn, the Master's NPC last


def test_the_app_playing_every_seat_ends_the_session_after_three_checks_a_character():
    from desktop.rulesets.future_imperfect.bot import FIBot

    g = game(players=("Master", "Ann", "Bo"))
    bot = FIBot(3)
    while not g.state.ended:
        stage = g.stages()[0]  # offered the end between checks, as every seat is the app's
        g.apply(bot.choose(g.legal_actions(stage.seat), g.view(stage.seat)))
    assert g.state.checks == 9 and g.state.check.phase == "done"  # three each: Ann, Bo and the Master's NPC
    assert g.ruleset.finished(g.state) == "The session is over (9 checks)."
    assert g.stages() == [] and g.legal_actions() == []


# ---- corrections from the table: the deck file's order, victories required, contests -------------


def test_a_fixed_order_follows_the_deck_file_not_the_impulses():
    listed = list(reversed(records()))  # a deck file listing card 53 first
    g = Game.new(GameSetup(ruleset=SYSTEM, players=["Solo"], seed=7, options={"order": "fixed"}, deck=listed))
    g.apply(a.AskOracle(player="solo"))
    g.apply(a.AskOracle(player="solo"))
    assert drawn(g) == [52] and discarded(g) == [53]
    # games saved before (edition 2) drew impulse 0 first whatever the file's order, and still do
    g = Game.new(GameSetup(ruleset=SYSTEM, players=["Solo"], seed=7, options={"order": "fixed", "edition": "2"},
                           deck=listed))
    g.apply(a.AskOracle(player="solo"))
    assert drawn(g) == [0]
    assert g.ruleset.legacy_options(2) == {"edition": "2"} and g.ruleset.legacy_options(3) == {}


def table(g: Game):
    return g.ruleset.table(g.view(None))


def kayla(victories: int) -> Game:
    g = game(27, players=("Master", "Kayla"))
    g.apply(a.SetComplexCheck(player="master", who="kayla", trait=8, skill=4, tn=7, effect=10, effect_row=3,
                              victories=victories))
    return g


def test_the_master_announces_the_victories_required_and_the_end_says_whether_they_were_reached():
    g = kayla(5)
    assert g.state.check.needed == 5
    view = g.view(None)
    assert view.extra.check.needed == 5
    assert table(g).headline == "Kayla: 4d8 against TN 7, effect (3)d10, 5 victories needed"
    assert "The Master announces that Kayla needs 5 victories." in log(g)
    g.apply(a.DrawResolution(player="kayla"))
    g.apply(a.Take(player="kayla", row=2))
    assert (g.state.check.result.magnitude, g.state.check.result.victories) == (17, 2)
    assert "Kayla needed 5 victories and scored 2 victories: not reached; 3 victories still to win." in log(g)
    assert "5 needed: not reached" in table(g).banner
    g = kayla(2)
    g.apply(a.DrawResolution(player="kayla"))
    g.apply(a.Take(player="kayla", row=2))
    assert "Kayla needed 2 victories and scored 2 victories: reached." in log(g)
    with pytest.raises(RuleError, match="The victories required are a whole number from 0 to 30."):
        game().apply(a.SetComplexCheck(player="master", who="sid", trait=8, effect=6, victories=31))


def contest_game() -> Game:
    return game(1, 2, 3, 4, players=("Master", "Sid", "Bo"))  # plain cards: cause 2, effect rows 2 4 6 8 10


def contest_check(g: Game, who: str, effect_row: int) -> None:
    g.apply(a.SetComplexCheck(player="master", who=who, trait=4, skill=1, tn=2, effect=6, effect_row=effect_row))
    g.apply(a.DrawResolution(player=who))
    g.apply(a.Take(player=who, row=1))


def test_a_contest_is_two_complex_checks_and_the_greater_magnitude_wins():
    g = contest_game()
    assert a.SetContest(player="master", who="sid", against="bo") in g.legal_actions("master")
    g.apply(a.SetContest(player="master", who="sid", against="bo"))
    assert "Master opens a contest: Sid against Bo." in log(g)
    assert table(g).headline == "Contest Sid against Bo: Sid's check next"
    assert [stage.label for stage in g.stages()] == ["set Sid's check for the contest"]
    assert {act.type for act in g.legal_actions("master")} == {"set_complex_check", "cancel_check", "ask_oracle",
                                                                "draw_playing_card"}
    with pytest.raises(RuleError, match="The contest Sid against Bo is decided by magnitude: set a complex check for Sid."):
        g.apply(a.SetCheck(player="master", who="sid", trait=4))
    with pytest.raises(RuleError, match="The contest Sid against Bo waits for Sid's check, not Bo's."):
        g.apply(a.SetComplexCheck(player="master", who="bo", trait=4, effect=6))
    contest_check(g, "sid", 3)  # magnitude 6
    assert "The contest goes on: the Master sets Bo's check." in log(g)
    assert table(g).headline == "Contest Sid against Bo: Bo's check next"
    with pytest.raises(RuleError, match="waits for Bo's check: set it, or call the contest off, before a practice"):
        g.state.practice_on = True
        g.apply(a.Practice(player="master", scenario="sid"))
    contest_check(g, "bo", 1)  # magnitude 2
    assert "The contest: magnitude Sid's 6 against Bo's 2: Sid wins." in log(g)
    assert g.state.contest.winner == "sid" and g.view(None).extra.contest.winner == "sid"
    assert table(g).headline == "Contest Sid against Bo: Sid wins"
    # the next check leaves the decided contest behind
    g.apply(a.SetCheck(player="master", who="bo", trait=4))
    assert g.state.contest is None


def test_a_contest_of_equal_magnitudes_is_a_tie_and_a_failure_has_none():
    g = contest_game()
    g.apply(a.SetContest(player="master", who="sid", against="bo"))
    contest_check(g, "sid", 2)
    contest_check(g, "bo", 2)
    assert "The contest: magnitude Sid's 4 against Bo's 4: a tie." in log(g) and g.state.contest.winner is None
    g = contest_game()
    g.apply(a.SetContest(player="master", who="sid", against="bo"))
    contest_check(g, "sid", 1)
    g.apply(a.SetComplexCheck(player="master", who="bo", trait=4, skill=1, tn=9, effect=6))  # 2 cannot reach 9
    g.apply(a.DrawResolution(player="bo"))
    g.apply(a.Take(player="bo", row=1))
    assert "The contest: magnitude Sid's 2 against Bo's 0 (failure): Sid wins." in log(g)


def test_a_contest_is_refused_with_a_sentence_and_may_be_called_off_between_its_checks():
    g = contest_game()
    for action, sentence in (
        (a.SetContest(player="sid", who="sid", against="bo"), r"Only the Master \(Master\) sets contests."),
        (a.SetContest(player="master", who="sid", against="sid"), "A contest needs two characters: Sid cannot compete against themself."),
        (a.SetContest(player="master", who="sid", against="zed"), "There is no player 'zed' at this table to compete."),
    ):
        with pytest.raises(RuleError, match=sentence):
            g.apply(action)
    g.apply(a.SetContest(player="master", who="sid", against="bo"))
    with pytest.raises(RuleError, match="set it, or call the contest off, before opening another"):
        g.apply(a.SetContest(player="master", who="bo", against="sid"))
    g.apply(a.CancelCheck(player="master"))
    assert g.state.contest is None and "Master calls off the contest Sid against Bo." in log(g)
