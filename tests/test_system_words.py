"""Every system's words stay out of the platform.

Each ruleset declares its own words (`RulesetBase.vocabulary`: its terms, its dice, its zones'
ids); with its id and title they make the system's vocabulary. None of them may appear in the
engine, the model, the bots or the generic ui (`desktop/ui` outside `ui/systems/`, where a
system's own Qt pieces go): not in code, not in a string a player reads, not in a comment or a
docstring. A comment naming a system is how a system's case creeps into generic code: it is
the example that the code was written for.

A word is found whole, in any case, with a plural "s"; a name written in CamelCase is read as
its words ("TempoPanel" holds "tempo"), and `_` separates words ("tempo_row" holds it too).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from desktop.engine import registry

ROOT = Path(__file__).resolve().parents[1]
GENERIC = ["engine", "model", "bots", "ui", "phones"]  # ui/systems/ is where a system's own Qt pieces go
ALLOWED = ["aspect ratio"]  # ordinary phrases that hold a system's word


def shipped() -> list:
    """The systems the app ships (not a test's own, which another test module may have registered)."""
    return [ruleset for ruleset in registry.all_rulesets() if type(ruleset).__module__.startswith("desktop.rulesets.")]


def words_of(ruleset) -> list[str]:
    """A system's vocabulary: its declared words, its id (as written in a package name and in
    prose too) and its title."""
    names = [ruleset.id, ruleset.id.replace("-", "_"), ruleset.id.replace("-", " "), ruleset.title.lower()]
    return list(dict.fromkeys(names + [word.lower() for word in ruleset.vocabulary]))


def pattern(word: str) -> re.Pattern:
    """`word` whole (no letter joined to it where it starts or ends with a letter), or its plural."""
    before = r"(?<![a-z])" if word[0].isalpha() else ""
    after = r"s?(?![a-z])" if word[-1].isalpha() else ""
    return re.compile(before + re.escape(word) + after)


def vocabularies(rulesets) -> dict[str, list[tuple[str, re.Pattern]]]:
    return {ruleset.id: [(word, pattern(word)) for word in words_of(ruleset)] for ruleset in rulesets}


def readable(line: str) -> str:
    """A line as the check reads it: CamelCase names split into words, in lower case, the
    allowed phrases left out."""
    line = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", line).lower()
    for phrase in ALLOWED:
        line = line.replace(phrase, " ")
    return line


def system_words(text: str, vocabulary: dict[str, list[tuple[str, re.Pattern]]]) -> list[tuple[int, str, str]]:
    """(line number, system id, word) of each system word `text` holds."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        seen = readable(line)
        for system, words in vocabulary.items():
            found += [(number, system, word) for word, found_at in words if found_at.search(seen)]
    return found


SYSTEMS = shipped()
VOCABULARY = vocabularies(SYSTEMS)


def test_every_shipped_system_declares_its_own_words():
    """A system without words could not be held out; a word its own package and page never use
    is not its word (a misspelling the check would never find)."""
    assert len(SYSTEMS) >= 5
    for ruleset in SYSTEMS:
        assert ruleset.vocabulary, f"{ruleset.id} declares no vocabulary"
        package = ruleset.id.replace("-", "_")
        texts = [path.read_text(encoding="utf-8") for path in (ROOT / "desktop" / "rulesets" / package).rglob("*.py")]
        texts += [path.read_text(encoding="utf-8") for path in (ROOT / "desktop" / "ui" / "systems").rglob(f"{package}*/**/*.py")]
        page = ROOT / "docs" / "systems" / f"{ruleset.id}.md"
        if page.is_file():
            texts.append(page.read_text(encoding="utf-8"))
        own = "\n".join(readable(text) for text in texts)
        for word in ruleset.vocabulary:
            assert word == word.lower(), f"{ruleset.id}: {word!r} is not in lower case"
            assert pattern(word).search(own), f"{ruleset.id} never uses its word {word!r}"


def test_the_check_finds_a_word_in_code_in_strings_in_comments_and_in_docstrings():
    sample = (
        '"""Draws the Exertion bar."""\n'  # 1: a docstring
        "from desktop.rulesets.price_of_power import cards\n"  # 2: an import
        "class TempoPanel:\n"  # 3: a CamelCase name
        "    tempo_row = 3  # a GM's grant\n"  # 4: a name with _, a comment
        '    label = "2 NPCs, 15 Ducats"\n'  # 5: plurals in a string
        '    zone = f"hand:{seat}"\n'  # 6: a zone id's prefix
        "    ok = 'the aspect ratio; a fateful dawning; similar; dipped; strikethrough'\n"  # 7: none
    )
    found = system_words(sample, VOCABULARY)
    assert {(line, word) for line, _, word in found} == {
        (1, "exertion"), (2, "price_of_power"), (3, "tempo"), (4, "tempo"), (4, "gm"), (5, "npc"), (5, "ducat"),
        (6, "hand:"),
    }
    assert {system for line, system, _ in found if line == 6} == {"twilight-imperium", "price-of-power"}


@pytest.mark.parametrize("ruleset", SYSTEMS, ids=lambda ruleset: ruleset.id)
def test_the_check_sees_every_word_of_every_system(ruleset):
    """Each declared word, its id and its title, set in a line of generic code, is found and
    named as that system's."""
    for word in words_of(ruleset):
        found = system_words(f"# an example: {word.title()} here\n", VOCABULARY)
        assert (1, ruleset.id, word) in found, f"{ruleset.id}'s {word!r} would pass unseen"


def generic_files() -> list[Path]:
    files = []
    for package in GENERIC:
        folder = ROOT / "desktop" / package
        files += [path for path in sorted(folder.rglob("*.py")) if "systems" not in path.relative_to(folder).parts]
    # The phone page shows any system's view as the window does: its words come from the view.
    files += [path for path in sorted((ROOT / "desktop" / "phones" / "page").rglob("*"))
              if path.suffix in (".html", ".js", ".css")]
    return files


@pytest.mark.parametrize("path", generic_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_platform_names_no_system(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    found = system_words("\n".join(lines), VOCABULARY)
    said = [f"line {line}: {word!r} ({system}): {lines[line - 1].strip()}" for line, system, word in found]
    assert not said, f"{path.relative_to(ROOT)} names a system's words; say it in the system's package:\n" + "\n".join(said)
