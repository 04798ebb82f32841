"""A new game's options are parsed once, by the base of the contract (engine/options.py): every
system's defaults parse; a bad value or an unknown option is refused with one sentence naming the
option and what it takes; the system reads typed values; a save keeps the options as text."""

from __future__ import annotations

import pytest

from desktop.engine import Game, GameSetup, SetupError, registry
from desktop.engine.options import Option, OptionValues, parse_options
from desktop.engine.seating import seats_from_names
from tests.rulesets.toy import every_ruleset_id

RULESETS = every_ruleset_id()
pytestmark = pytest.mark.usefixtures("toy_ruleset")
PLAYERS = ["Ann", "Bo Li", "Cy"]


def seats_for(ruleset, names=PLAYERS):
    low, high = ruleset.players
    return seats_from_names(list(names[:high]), low, high, ruleset.title)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_systems_options_parse_their_defaults(ruleset_id):
    ruleset = registry.get(ruleset_id)
    seats = seats_for(ruleset)
    parsed = ruleset.parse_options({}, seats)
    assert set(parsed) == {option.key for option in ruleset.options}
    # An option left out reads as its default written out.
    written = ruleset.parse_options({option.key: option.default for option in ruleset.options}, seats)
    assert dict(parsed) == dict(written)
    for option in ruleset.options:
        value = parsed[option.key]
        if option.number is not None:
            assert isinstance(value, int) and option.number[0] <= value <= option.number[1]
        elif option.choices is not None and sorted(option.choices) == ["off", "on"]:
            assert value is (option.default == "on")
        elif option.choices is not None:
            assert value in option.choices
        elif option.names == "seats":
            assert value == ()
        elif option.names == "seat":
            assert value is None or value in {seat.id for seat in seats}


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_bad_value_is_refused_naming_the_option_and_what_it_takes(ruleset_id):
    ruleset = registry.get(ruleset_id)
    players = PLAYERS[: ruleset.players[1]]
    for option in ruleset.options:
        if option.number is not None:
            low, high = option.number
            bad, takes = [str(high + 1), "lots"], [f"whole number from {low} to {high}"]
        elif option.choices is not None:
            bad, takes = ["neither"], option.choices
        elif option.names:
            bad, takes = ["Zed"], ["not one of the players", "Ann"]
        else:
            continue  # free text: the system reads it (a list of cards, a character's name)
        for value in bad:
            with pytest.raises(SetupError) as refusal:
                Game.new(GameSetup(ruleset=ruleset_id, players=players, seed=1, options={option.key: value}))
            sentence = str(refusal.value)
            assert sentence.startswith(f"The option {option.key} ") and sentence.endswith(".")
            for word in takes:
                assert word in sentence, (sentence, word)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_an_unknown_option_is_refused_naming_the_options_there_are(ruleset_id):
    ruleset = registry.get(ruleset_id)
    with pytest.raises(SetupError) as refusal:
        Game.new(GameSetup(ruleset=ruleset_id, players=PLAYERS[: ruleset.players[1]], seed=1,
                           options={"magic": "1"}))
    sentence = str(refusal.value)
    assert sentence.startswith(f"{ruleset.title} has no option 'magic'; ")
    for option in ruleset.options:
        assert option.key in sentence


def test_values_are_typed_and_read_in_any_case_with_spaces_around():
    declared = (
        Option(key="on", label="A switch", default="off", choices=["on", "off"], help="."),
        Option(key="size", label="A number", default="3", choices=["3", "4"], number=(1, 10), help="."),
        Option(key="mode", label="A choice", default="fast", choices=["fast", "slow"], help="."),
        Option(key="lead", label="A seat", default="", names="seat", help="."),
        Option(key="crew", label="Seats", default="", names="seats", help="."),
        Option(key="note", label="Text", default="", help="."),
    )
    seats = seats_from_names(PLAYERS, 1, 8, "A game")
    values = parse_options(declared, {"on": " ON", "size": " 9 ", "mode": "Slow", "lead": "bo li",
                                      "crew": "Cy, Ann,, cy", "note": "  as typed "}, seats, "A game")
    assert values.on is True and values.size == 9 and values.mode == "slow"  # a number beyond the form's choices
    assert values.lead == "bo-li" and values.crew == ("cy", "ann")  # each named once, in order
    assert values.note == "as typed"
    assert values["size"] == 9 and len(values) == 6
    defaults = parse_options(declared, {}, seats, "A game")
    assert defaults.on is False and defaults.lead is None and defaults.crew == () and defaults.note == ""


def test_the_parsed_options_cannot_be_changed():
    values = OptionValues({"size": 3})
    with pytest.raises(AttributeError):
        values.size = 4
    with pytest.raises(TypeError):
        values["size"] = 4  # type: ignore[index]
    with pytest.raises(AttributeError, match="no option 'nope'"):
        _ = values.nope


def test_the_setup_keeps_the_options_as_text_for_the_save():
    """A save stores the options as the players gave them (docs/save-format.md); the typed values
    are the state's, worked out again each time the game is loaded."""
    setup = GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo"], seed=3,
                      options={"hand_limit": " 9", "agenda": "OFF", "yssaril": "bo"})
    game = Game.new(setup)
    assert game.setup.options == {"hand_limit": " 9", "agenda": "OFF", "yssaril": "bo"}
    assert game.state.counters["ann"]["hand_limit"] == 9 and not game.state.agenda_phase
    assert game.state.counters["bo"]["yssaril"] == 1
    again = Game.replay(game.setup, [])
    assert again.state.counters["ann"]["hand_limit"] == 9
