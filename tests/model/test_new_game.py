"""A new game set up through the model alone (desktop/model/new_game.py), as any front end does:
no widget, no engine call of its own."""

from __future__ import annotations

import pytest

from desktop.model import new_game as opening

TI = "twilight-imperium"


def test_a_front_end_sets_up_a_game_from_its_choices_and_names_the_app_seats():
    ruleset = opening.system(TI)
    assert TI in [system.id for system in opening.systems()]
    choices = opening.Choices(system=TI, players=("Ann", "Bo", "Cy"), seed=7,
                              options=opening.default_options(ruleset))

    made = opening.NewGame.of(opening.build(choices), app_places=[2])

    assert made.setup.players == ["Ann", "Bo", "Cy"] and made.setup.seed == 7 and made.setup.ruleset == TI
    assert made.app_seats == {made.game.state.seat_ids()[2]: "standard"}
    assert opening.build(choices).state == made.game.state  # the same choices: the same game


def test_a_refused_setup_is_one_sentence_and_builds_nothing():
    with pytest.raises(opening.Refused, match="players"):
        opening.build(opening.Choices(system=TI, players=("Ann",), seed=1))
    with pytest.raises(opening.Refused, match="no rule system called"):
        opening.build(opening.Choices(system="chess", players=("Ann", "Bo"), seed=1))


def test_a_deck_file_that_cannot_be_read_is_refused_in_the_same_way(tmp_path):
    broken = tmp_path / "deck.json"
    broken.write_text("{not json")
    choices = opening.Choices(system=TI, players=("Ann", "Bo"), seed=1, deck_file=str(broken))
    with pytest.raises(opening.Refused, match="deck.json is not valid JSON"):
        opening.build(choices)


def test_a_new_game_offers_no_edition_kept_for_old_saves():
    for ruleset in opening.systems():
        offered = opening.new_game_options(ruleset)
        assert not any(option.legacy for option in offered)
        assert {option.key for option in offered} <= set(opening.default_options(ruleset))
