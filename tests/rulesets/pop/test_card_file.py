"""The card file players fill from their own copy: read field by field, one sentence per problem
naming the card and the field; the command line and a game's setup take it (docs/systems/
price-of-power.md, "The card file")."""

from __future__ import annotations

import json

import pytest

from desktop.engine import Game, GameSetup, SetupError, registry
from desktop.rulesets.price_of_power.deck import problems, read_cards

from .helpers import RULESET, shipped_records


def card(**changes) -> dict:
    base = {"id": "x", "name": "Test Card", "deck": "adm", "cost": 1, "text": "Gain 1 Ducat.",
            "character": {"name": "Tess", "kind": "advisor", "hire": 1}}
    return {**base, **changes}


def with_decks(*cards: dict) -> list[dict]:
    """The cards given, and one card of each deck after them (a file needs all three decks)."""
    filler = [card(id=f"filler-{power}", name=f"Filler {power}", deck=power) for power in ("adm", "dip", "mil")]
    return [*cards, *filler]


def test_the_shipped_sample_reads_without_a_problem():
    assert problems(shipped_records()) == []
    cards = read_cards(shipped_records())
    assert sum(definition.copies for definition in cards.values()) == 56


@pytest.mark.parametrize("changes, sentence", [
    ({"cost": 11}, "Card 1 (Test Card): its cost must be a whole number from 0 to 10, not 11."),
    ({"cost": "2"}, "Card 1 (Test Card): its cost must be a whole number from 0 to 10, not the text '2'."),
    ({"deck": "religion"}, "Card 1 (Test Card): its deck must be adm, dip or mil, not the text 'religion'."),
    ({"ducats": -1}, "Card 1 (Test Card): its ducats must be a whole number from 0 to 20, not -1."),
    ({"takes_turn": "yes"}, "Card 1 (Test Card): its takes_turn must be true or false, not the text 'yes'."),
    ({"colour": "red"}, "Card 1 (Test Card): a card has no field 'colour'; its fields are id, name, deck, cost, ducats, copies, text, takes_turn, covert, targeted, requires, battle, dice, trigger, when, gain, draw, squares, actions, character."),
    ({"name": ""}, "Card 1: its name is empty."),
    ({"name": "A\x1b[2J"}, "Card 1: its name contains a control character."),
    ({"dice": ["cavalry"]}, "Card 1 (Test Card): only a Battle Action adds Battle Dice; mark it \"battle\": true or remove its dice."),
    ({"battle": True, "dice": ["horse"]}, "Card 1 (Test Card): its dice must be a list of at most 6 of infantry, cavalry, artillery or any (\"any\" is the ? die), not a list."),
    ({"trigger": "rain"}, "Card 1 (Test Card): its trigger must be war-declared, army-attacked, cannot-pay, ruler-discarded, covert-action or other, not the text 'rain'."),
    ({"trigger": "other"}, "Card 1 (Test Card): a Reaction whose trigger is \"other\" says when it is played in its field when."),
    ({"battle": True, "trigger": "war-declared"}, "Card 1 (Test Card): it is a Battle Action or a Reaction, not both."),
    ({"squares": 3}, "Card 1 (Test Card): a Display card (3 squares) lists 1 to 4 actions, not 0."),
    ({"actions": [{"name": "Go", "cost": 1}]}, "Card 1 (Test Card): only a Display card (with squares) has actions; give it its squares or remove the actions."),
    ({"squares": 2, "actions": [{"name": "Go", "cost": 1, "cubes": 3}]}, "Card 1 (Test Card), action 1 (Go): it spends 3 cubes, more than the card's 2 squares."),
    ({"squares": 2, "actions": [{"name": "Go"}]}, "Card 1 (Test Card), action 1 (Go): it has no cost, a whole number from 0 to 10."),
    ({"squares": 2, "actions": [{"name": "Go", "cost": 1}, {"name": "Go", "cost": 0}]}, "Card 1 (Test Card), action 2 (Go): another action of the card has this name; each needs its own (it is chosen by name)."),
    ({"character": None}, "Card 1 (Test Card): every card depicts a character: its character must be an object with a name and a kind (the seed's 6)."),
    ({"character": {"name": "Tess", "kind": "general", "hire": 3}}, "Card 1 (Test Card), character: its hire must be a whole number from 1 to 2, not 3."),
    ({"character": {"name": "Tess", "kind": "ruler", "upkeep": 1}}, "Card 1 (Test Card), character: only an Advisor has upkeep; a Ruler has none."),
    ({"character": {"name": "Tess", "kind": "queen"}}, "Card 1 (Test Card), character: its kind must be advisor, ruler, general or admiral, not the text 'queen'."),
    ({"gain": {"adm": 11}}, "Card 1 (Test Card), gain: its adm must be a whole number from 0 to 10, not 11."),
])
def test_each_problem_is_one_sentence_naming_the_card_and_the_field(changes, sentence):
    found = problems(with_decks(card(**changes)))
    assert found[0] == sentence
    assert all("\n" not in text and text.endswith(".") for text in found)


def test_every_problem_of_a_file_is_listed_and_a_game_is_refused_with_the_first():
    records = with_decks(card(cost=99), card(id="y", name="Other", deck="mil", copies=0), card(id="x", name="Twin"))
    found = problems(records)
    assert found == [
        "Card 1 (Test Card): its cost must be a whole number from 0 to 10, not 99.",
        "Card 2 (Other): its copies must be a whole number from 1 to 10, not 0.",
    ]
    assert problems(with_decks(card(), card(name="Twin"))) == [
        "Card 2 (Twin): its id 'x' is the id of card 1 too; each card needs its own."
    ]
    with pytest.raises(SetupError) as refusal:
        Game.new(GameSetup(ruleset=RULESET, players=["Ann", "Bo"], seed=1, deck=records))
    assert str(refusal.value).startswith("Card 1 (Test Card): its cost must be a whole number from 0 to 10, not 99 (")
    assert "more problem" in str(refusal.value) and str(refusal.value).endswith(".")


def test_a_file_needs_every_deck_and_a_list_of_cards():
    assert problems([card()]) == [
        "The card file: it has no card of the Diplomatic deck; each of the three decks needs at least one.",
        "The card file: it has no card of the Military deck; each of the three decks needs at least one.",
    ]
    assert problems({"cards": []})[0].startswith("A Price of Power card file holds a list")
    assert problems([5])[0] == "Card 1: it must be an object with fields such as id, name, deck and cost, not 5."


def test_a_played_card_file_is_used_by_a_game_and_its_save():
    from desktop.storage.savefile import decode_save, game_from_record, save_bytes

    records = with_decks(card(id="mine", name="My Own Card", copies=3))
    game = Game.new(GameSetup(ruleset=RULESET, players=["Ann", "Bo"], seed=1, deck=records))
    assert len(game.state.cards) == 6 and game.state.deck_key.startswith("imported-")
    again = game_from_record(decode_save(save_bytes(game)))
    assert again.state.cards == game.state.cards


def test_the_deck_records_of_a_file_refuse_another_system_and_read_the_object_form():
    ruleset = registry.get(RULESET)
    records = shipped_records()
    assert ruleset.deck_records({"system": "price-of-power", "cards": records}) == records
    assert ruleset.deck_records(records) == records
    with pytest.raises(SetupError, match="This card file is for the text 'twilight-imperium', not for Price of Power."):
        ruleset.deck_records({"system": "twilight-imperium", "cards": records})
    with pytest.raises(SetupError, match="^Card 1 "):
        ruleset.deck_records([card(cost=-3)])


def test_the_command_line_reads_a_card_file_and_names_its_problem(cli, tmp_path):
    good = tmp_path / "mine.json"
    good.write_text(json.dumps({"system": "price-of-power", "cards": shipped_records()}))
    status, _, err = cli("new", RULESET, "--players", "Ann,Bo", "--deck", good, "-o", tmp_path / "a.json")
    assert status == 0, err
    bad = tmp_path / "bad.json"
    broken = shipped_records()
    broken[4]["cost"] = "three"
    bad.write_text(json.dumps(broken))
    status, out, err = cli("new", RULESET, "--players", "Ann,Bo", "--deck", bad, "-o", tmp_path / "b.json")
    assert status == 2 and not out
    assert "Card 5 (Grain Stores): its cost must be a whole number from 0 to 10, not the text 'three'" in err
    assert not (tmp_path / "b.json").exists()

