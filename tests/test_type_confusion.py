"""The type-confusion sweep (tests/hostile/sweep.py): in every file format a player can hand Action
Deck (each system's card file in each of its shapes, a save and an autosave of every system),
every field given each wrong type in turn (a list, an object, text, long text, numbers at their
edges, true, false, null) is refused with one sentence, or gives a game that shows to every seat,
plays a few legal actions, and saves and loads: never a traceback.

A seeded sample runs by default; the whole sweep (some 150,000 files) with `pytest -m soak`.
"""

from __future__ import annotations

import pytest
from hostile import sweep

SAMPLE = 25  # cases a format, by default
FORMATS = {fmt.name: fmt for fmt in sweep.formats()}


def check(fmt: sweep.Format, cases, folder) -> None:
    count, failures = sweep.run(fmt, cases, folder)
    print(f"\n{fmt.name}: {count} files")
    assert not failures, f"{len(failures)} of {count} failed, for example:\n" + "\n".join(failures[:12])


@pytest.mark.parametrize("name", list(FORMATS))
def test_a_sample_of_wrong_types_in_every_field_is_refused_or_played(name, tmp_path):
    fmt = FORMATS[name]
    check(fmt, sweep.sample(fmt, SAMPLE, seed=len(name)), tmp_path)


@pytest.mark.soak
@pytest.mark.parametrize("name", list(FORMATS))
def test_every_wrong_type_in_every_field_is_refused_or_played(name, tmp_path, request):
    if "soak" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a long run: pytest -m soak")
    fmt = FORMATS[name]
    check(fmt, fmt.cases(), tmp_path)


def test_the_sweep_reaches_every_field_of_every_format():
    """Each format is the file the app reads, and valid as it is: the sweep's changes are the only
    reason a case is refused."""
    assert {name.split()[0] for name in FORMATS} == {
        "twilight-imperium", "price-of-power", "tempo", "worlds-that-remember", "future-imperfect",
    }
    for fmt in FORMATS.values():
        assert sum(1 for _ in fmt.cases()) >= 100, fmt.name


@pytest.mark.parametrize("name", list(FORMATS))
def test_each_format_as_it_is_is_accepted(name, tmp_path):
    fmt = FORMATS[name]
    file = tmp_path / "file.json"
    file.write_bytes(fmt.encode(fmt.data))
    assert sweep.played(fmt.load(file), sweep.random.Random(1)) is None


@pytest.mark.parametrize("wrong", [["move"], {"kind": "move"}, 5, True])
def test_a_tempo_ability_whose_action_is_not_text_is_refused_naming_it(wrong, tmp_path):
    """The crash of issue 26: `new --deck`, and every save and autosave holding such a file."""
    fmt = FORMATS["tempo encounter"]
    file = tmp_path / "encounter.json"
    file.write_bytes(fmt.case(("characters", 0, "abilities", 0, "action"), wrong))
    with pytest.raises(sweep.REFUSALS) as refused:
        fmt.load(file)
    assert "Character 1 (Ann), ability 1" in str(refused.value) and "its action" in str(refused.value)
    for name in ("tempo save", "tempo autosave"):
        saved = FORMATS[name]
        path = next(path for path in sweep.paths(saved.data) if path[-3:] == ("abilities", 0, "action"))
        file.write_bytes(saved.case(path, wrong))
        with pytest.raises(sweep.REFUSALS) as refused:
            saved.load(file)
        assert sweep.sentence_problem(str(refused.value)) is None, name


def test_a_value_a_reader_let_through_with_the_wrong_type_is_refused_naming_it():
    """The readers check each field by hand; msgspec then checks what they built against its
    declared types (engine/records.py `typed`), so a field a reader forgot is still refused."""
    from desktop.engine import SetupError
    from desktop.engine.records import typed
    from desktop.rulesets.tempo.encounter import Sheet
    from desktop.rulesets.tempo.state import Ability

    sheet = Sheet(name="Ann", side="pc", abilities=(Ability(name="Flurry", action=["move"]),))
    with pytest.raises(SetupError) as refused:
        typed([sheet], list[Sheet], "The encounter file")
    assert str(refused.value).startswith("The encounter file holds a value of the wrong type: Expected `str`")
    assert str(refused.value).endswith("- at `$[0].abilities[0].action`.")
    assert typed([Sheet(name="Ann", side="pc")], list[Sheet], "The encounter file")[0].name == "Ann"
