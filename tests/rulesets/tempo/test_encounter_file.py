"""The encounter file: characters, their stats, the NPCs, read field by field with one sentence per
problem naming the character (its number and name) and the field; hostile files refused with a
sentence or played (as tests/test_hostile_inputs.py does for the other systems' files)."""

from __future__ import annotations

import json
import random
from itertools import chain
from pathlib import Path

import msgspec
import pytest

from desktop.engine import Game, GameSetup, SetupError, registry
from desktop.rulesets.tempo.encounter import problems, read_encounter
from desktop.shipped import resource_path
from desktop.storage.deckfile import read_deck
from tests.hostile import corpus
from tests.hostile.judging import failed, game_problem, played_a_little, run_family
from tests.rulesets.tempo.helpers import sheet

SAMPLE = resource_path("tempo", "sample-encounter.json")
LEAST = 500


def sample() -> list[dict]:
    return json.loads(SAMPLE.read_text(encoding="utf-8"))["characters"]


def test_the_sample_encounter_reads_and_seats_its_characters():
    assert problems(sample()) == []
    game = Game.new(GameSetup(ruleset="tempo", players=["Ann", "Bo", "GM"], seed=1, deck=sample()))
    assert [(c.id, c.seat, c.side) for c in game.state.characters] == [
        ("ann", "ann", "pc"), ("bo", "bo", "pc"), ("orc", "gm", "npc"), ("goblin", "gm", "npc")]
    assert game.state.counters["orc"]["hp"] == 14 and not game.state.character("orc").may_exert


@pytest.mark.parametrize(("changes", "sentence"), [
    ({"hp": -2}, "Character 1 (Ann): its hp must be a whole number from 0 to 999, not -2."),
    ({"for": "2"}, "Character 1 (Ann): its for must be a whole number from -10 to 10, not the text '2'."),
    ({"side": "ally"}, "Character 1 (Ann): its side must be pc or npc, not the text 'ally'."),
    ({"speed": True}, "Character 1 (Ann): its speed must be a whole number from 0 to 99, not true."),
    ({"colour": "red"}, ("Character 1 (Ann): a character has no field 'colour'; its fields are name, side, player, "
                        "for, hp, max_hp, speed, momentum, mana, stats, weapons, held, items, spells, reactions, "
                        "abilities, paradigms, paradigm, action_sets, exert, conditions, defeated_at_0_hp.")),
    ({"defeated_at_0_hp": True}, ("Character 1 (Ann): a player character at 0 HP is not defeated (it may be "
                                  "Dying): leave out its defeated_at_0_hp.")),
    ({"held": ["Axe"]}, "Character 1 (Ann): it holds 'Axe', which is not one of its weapons."),
    ({"weapons": [{"name": "Bow", "speed": "fast"}]}, ("Character 1 (Ann), weapon 1: its speed must be quick, "
                                                       "standard or slow, not the text 'fast'.")),
    ({"abilities": [{"name": "Zap"}]}, ("Character 1 (Ann), ability 1: it needs a tempo, or the action it counts as "
                                       "(whose tempo it takes).")),
    ({"abilities": [{"name": "Zap", "action": "fly"}]}, ("Character 1 (Ann), ability 1: its action must be one of "
                                                        "rest, scan, mark, quick_attack, help, move, guard, "
                                                        "standard_attack, inventory, hide, slow_attack, shift, "
                                                        "magic, not the text 'fly'.")),
    ({"spells": [{"name": "Zap", "tempo": 12}]}, ("Character 1 (Ann), spell 1: its tempo must be a whole number from "
                                                 "0 to 9, not 12.")),
    ({"stats": {"LUCK": 3}}, ("Character 1 (Ann): its stats have no 'LUCK'; they are STR, DEX, AWR, INT, INS, "
                             "Defence, Deflection, Sturdy.")),
    ({"hp": 20, "max_hp": 12}, "Character 1 (Ann): its hp 20 is above its max_hp 12."),
])
def test_each_problem_is_one_sentence_naming_the_character_and_the_field(changes, sentence):
    assert problems([{**sheet("Ann"), **changes}, sheet("Orc", "npc")]) == [sentence]


def test_every_problem_of_a_file_is_listed_and_the_first_refuses_it():
    records = [{**sheet("Ann"), "hp": "x"}, {**sheet("Orc", "npc"), "player": "Ann"}, sheet("ann")]
    found = problems(records)
    assert found == [
        "Character 1 (Ann): its hp must be a whole number from 0 to 999, not the text 'x'.",
        "Character 2 (Orc): an NPC is played by the GM seat: leave out its player.",
        "Character 3 (ann): another character has the same name; give each a different one.",
    ]
    with pytest.raises(SetupError, match="The encounter file cannot be used: Character 1"):
        read_encounter(records)


def test_a_file_without_player_characters_or_with_a_stranger_is_refused_in_a_sentence():
    assert problems([sheet("Orc", "npc")]) == ['The encounter: it has no player character (side "pc").']
    with pytest.raises(SetupError, match="Cy's player 'Cy' is not at the table"):
        Game.new(GameSetup(ruleset="tempo", players=["Ann", "GM"], seed=1, deck=[sheet("Cy"), sheet("Orc", "npc")]))
    with pytest.raises(SetupError, match="Bo plays no character in this encounter"):
        Game.new(GameSetup(ruleset="tempo", players=["Ann", "Bo", "GM"], seed=1,
                           deck=[sheet("Ann"), sheet("Orc", "npc")]))


def test_a_file_for_another_system_is_refused():
    with pytest.raises(SetupError, match="not Tempo Combat"):
        registry.get("tempo").deck_records({"system": "price-of-power", "characters": []})


# ---- hostile files --------------------------------------------------------------------------------


def load(path: Path) -> str | None:
    records = read_deck(path, registry.get("tempo").deck_records)
    game = played_a_little(Game.new(GameSetup(ruleset="tempo", players=["Ann", "Bo", "GM"], seed=3, deck=records)),
                           40, last=True)
    for viewer in [*game.state.seat_ids(), None]:
        game.ruleset.table(game.view(viewer))
    return game_problem(game)


def declared() -> list[tuple[str, object]]:
    one = sheet("Ann")
    return [
        ("10,000 characters", [{**one, "name": f"C{n}"} for n in range(10_000)]),
        ("25 characters", [{**one, "name": f"C{n}", "player": "Ann"} for n in range(25)]),
        ("10,000 weapons", [{**one, "weapons": [{"name": f"w{n}"} for n in range(10_000)]}]),
        ("hp 2**64", [{**one, "hp": 2**64}]),
        ("a name of 5,000 characters", [{**one, "name": "x" * 5000}]),
        ("a control character in a name", [{**one, "name": "Ann\x1b[2J"}]),
        ("a weapon nested deeply", [{**one, "weapons": [{"name": [[[["x"]]]]}]}]),
        ("an ability of every action", [{**one, "abilities": [{"name": f"a{n}", "action": "move", "tag": "free"}
                                                             for n in range(12)]}]),
        ("no characters", []),
        ("not a list", {"system": "tempo", "characters": "Ann"}),
    ]


def test_hostile_encounter_files_are_refused_with_a_sentence_or_played(tmp_path):
    rng = random.Random(corpus.SEED + 17)
    raw = SAMPLE.read_bytes()
    inputs = chain(
        corpus.mutated(raw, rng, {"cut": 6, "flip": 120, "garbage": 60, "swap": 240, "key": 60}),
        ((label, msgspec.json.encode(records)) for label, records in declared()),
    )
    count, failures = run_family("Tempo Combat encounter files", load, tmp_path / "encounter.json", inputs)
    assert not failures, failed(count, failures)
    assert count >= LEAST
