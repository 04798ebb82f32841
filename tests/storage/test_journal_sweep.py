"""An autosave damaged at any one line, in any of five ways, for every system: the game resumes
with exactly the lines before the damage, the player is told which line is the first damaged
one, and never is a game that did not happen rebuilt without a word (docs/save-format.md
section 4, "What resuming promises").

Each journal is a short game played at random from the system's demo setup: actions, undos, and
seats handed to the app and back. Every line of it is damaged in turn by flipping a bit in it,
cutting it short, deleting it, duplicating it, or inserting before it a well-formed line that
is numbered as the line it displaces but is not chained to the line before it. `pytest -m soak`
sweeps longer games, with a flip at every byte of every line.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import msgspec
import pytest

from desktop.engine import Game, GameSetup, registry
from desktop.storage import SaveError, recent
from desktop.storage.journal import SEALED, VERSION, Event, Journal, is_kept_aside, resume
from desktop.storage.seals import sealed

# Every system the app ships (not the tests' own, which other modules register for a while).
SYSTEMS = sorted(r.id for r in registry.all_rulesets() if type(r).__module__.startswith("desktop.rulesets."))


@dataclass
class Played:
    """A journal's bytes and, after each of its lines (index 0: the header alone), the game's
    actions and the seats the app plays."""

    data: bytes
    actions: list[list]
    seats: list[dict[str, str]]

    @property
    def lines(self) -> list[bytes]:
        return self.data.split(b"\n")[:-1]


def play(system: str, folder, events: int, seed: int) -> Played:
    demo = registry.get(system).demo()
    setup = GameSetup(ruleset=system, players=list(demo.players), seed=demo.seed, options=dict(demo.options))
    game = Game.new(setup)
    journal = Journal.start(game, "Sweep", folder=folder)
    rng = random.Random(f"{system}-{seed}")
    seats: dict[str, str] = {}
    after_actions, after_seats = [[]], [{}]
    kinds = set()
    while len(after_actions) <= events or (len(kinds) < 3 and len(after_actions) <= 3 * events):
        roll = rng.random()
        if roll < 0.1 or len(after_actions) in (4, events - 6):  # a seat to the app, and back
            seat = rng.choice(game.state.seat_ids())
            level = None if seat in seats else "standard"
            journal.record_seat(seat, level)
            seats = {**seats, seat: level} if level else {k: v for k, v in seats.items() if k != seat}
            kinds.add("seat")
        elif roll < 0.35 and game.can_undo():
            game.undo()
            journal.record_undo()
            kinds.add("undo")
        else:
            legal = game.legal_actions()
            rng.shuffle(legal)
            for action in legal:  # one after which the game goes on (not one that ends it)
                game.apply(action)
                if game.legal_actions():
                    break
                game.retract()
            journal.record(action)
            kinds.add("do")
        after_actions.append(list(game.actions))
        after_seats.append(dict(seats))
    journal.close()
    assert kinds == {"seat", "undo", "do"}, f"{system}: the sweep must cross every kind of line"
    data = journal.path.read_bytes()
    journal.path.unlink()
    return Played(data, after_actions, after_seats)


def _flip(line: bytes, at: int | None = None) -> bytes:
    at = len(line) // 2 if at is None else at
    return line[:at] + bytes([line[at] ^ 0x01]) + line[at + 1:]


def _forged(number: int) -> bytes:
    """A line as the app writes one, numbered `number`, sealed, but chained to no line of this
    journal: an undo (the rules would often allow it) where it does not belong."""
    return sealed(b"0" * 16, msgspec.json.encode(Event(n=number, undo=True)))[0]


# How each way damages line `i` (0-based) of `lines`.
DAMAGE = {
    "flip": lambda lines, i: lines[:i] + [_flip(lines[i])] + lines[i + 1:],
    "truncate": lambda lines, i: lines[:i] + [lines[i][: len(lines[i]) // 2]] + lines[i + 1:],
    "delete": lambda lines, i: lines[:i] + lines[i + 1:],
    "duplicate": lambda lines, i: lines[: i + 1] + lines[i:],
    "insert": lambda lines, i: lines[:i] + [_forged(i + 1)] + lines[i:],
}


def expected(kind: str, i: int, count: int) -> int | None:
    """The number of the first damaged line when line `i` (0-based) of `count` lines is damaged
    in this way; None when nothing is damaged that any reader could see: the last line deleted
    (a journal that ends a line earlier is the journal of the game one line earlier)."""
    if kind == "delete":
        return None if i == count - 1 else i + 1
    if kind == "duplicate":
        return i + 2
    return i + 1


def check(played: Played, kind: str, i: int, path, keep_going: bool = False) -> None:
    lines = played.lines
    damaged = b"\n".join(DAMAGE[kind](lines, i)) + b"\n"
    path.write_bytes(damaged)
    where = f"{kind} at line {i + 1}"
    line = expected(kind, i, len(lines))
    if line == 1:  # the header holds the setup: nothing to rebuild, and the refusal says where
        with pytest.raises(SaveError) as refusal:
            resume(path)
        assert "cannot be read: line 1, which holds the game's setup, is damaged" in str(refusal.value), where
        assert "\n" not in str(refusal.value), where
        assert recent.summary(path) is None, f"{where}: the start screen lists only what opens"
        return
    resumed = resume(path)
    assert path.read_bytes() == damaged, f"{where}: resume only reads"
    # Every intact line before the damage is kept, and nothing after it.
    before = len(lines) - 1 if line is None else line - 1  # lines before the first damaged one
    assert resumed.game.actions == played.actions[before - 1], where
    assert resumed.app_seats == played.seats[before - 1], where
    if line is None:
        assert resumed.damage is None and resumed.warnings == [], where
        assert recent.summary(path).damaged_line == 0, where
        return
    # The first damaged line is named, and the start screen says the same before it is opened.
    assert resumed.damage is not None and resumed.damage.line == line, where
    listed = recent.summary(path)
    assert listed.damaged_line == line and listed.step == len(resumed.game.actions), where
    [sentence] = resumed.warnings
    assert sentence.startswith(f"Line {line} of the autosave is damaged, so the game goes on"), where
    if keep_going:
        journal = Journal.go_on(resumed, path)
        journal.record(resumed.game.legal_actions()[0])
        journal.close()
        assert resumed.damage.aside.read_bytes() == damaged and is_kept_aside(resumed.damage.aside)
        again = resume(path)
        assert again.damage is None and again.game.actions[:-1] == resumed.game.actions, where
        assert again.app_seats == resumed.app_seats, where


@pytest.fixture(scope="module")
def journals(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sweep")
    return {system: play(system, folder, events=24, seed=1) for system in SYSTEMS}


def test_every_system_is_swept():
    assert len(SYSTEMS) >= 5


@pytest.mark.parametrize("kind", DAMAGE)
@pytest.mark.parametrize("system", SYSTEMS)
def test_a_journal_damaged_at_any_line_keeps_exactly_the_lines_before_it_and_names_it(system, kind, journals, tmp_path):
    played = journals[system]
    for i in range(len(played.lines)):
        check(played, kind, i, tmp_path / f"{kind}-{i}.jsonl", keep_going=i % 5 == 2)


def test_the_intact_journal_resumes_without_a_word(journals, tmp_path):
    for system, played in journals.items():
        path = tmp_path / f"{system}.jsonl"
        path.write_bytes(played.data)
        resumed = resume(path)
        assert resumed.game.actions == played.actions[-1] and resumed.warnings == [], system
        assert resumed.app_seats == played.seats[-1], system


def test_every_line_carries_its_number_and_a_seal(journals):
    for played in journals.values():
        for number, line in enumerate(played.lines, start=1):
            fields = msgspec.json.decode(line)
            assert list(fields)[-1] == "h" and len(fields["h"]) == 16
            assert fields.get("n", 1) == number


def test_a_journal_of_an_older_version_still_opens_and_goes_on_sealed(journals, tmp_path):
    """A journal written before lines were sealed (versions 1 to 3: a header and one
    `{"do": ..., "undo": ...}` per line) resumes as before; going on in it writes it again in
    this version's format, the same game, every line sealed."""
    played = journals["twilight-imperium"]
    header = msgspec.json.decode(played.lines[0])
    header.pop("h")
    header["version"] = SEALED - 1
    old = [msgspec.json.encode(header)]
    for line in played.lines[1:]:
        event = msgspec.json.decode(line)
        if "do" in event:
            old.append(msgspec.json.encode({"do": event["do"], "undo": False}))
        elif event.get("undo"):
            old.append(msgspec.json.encode({"do": None, "undo": True}))
    path = tmp_path / "old.jsonl"
    path.write_bytes(b"\n".join(old) + b"\n")
    resumed = resume(path)
    assert resumed.game.actions == played.actions[-1] and resumed.warnings == []
    assert resumed.version == SEALED - 1 and resumed.app_seats == {}
    Journal.go_on(resumed, path).close()
    upgraded = path.read_bytes().split(b"\n")
    assert msgspec.json.decode(upgraded[0])["version"] == VERSION
    again = resume(path)
    assert again.game.actions == played.actions[-1] and again.warnings == [] and again.version == VERSION
    # Damage in it is now found where it is: a line deleted from the middle.
    lines = upgraded[:-1]
    path.write_bytes(b"\n".join(lines[:3] + lines[4:]) + b"\n")
    assert resume(path).damage.line == 4


@pytest.mark.soak
@pytest.mark.parametrize("system", SYSTEMS)
def test_soak_longer_journals_and_a_flip_at_every_byte(system, request, tmp_path):
    if "soak" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a long run: pytest -m soak")
    for seed in range(2, 6):
        played = play(system, tmp_path, events=150, seed=seed)
        for kind in DAMAGE:
            for i in range(len(played.lines)):
                check(played, kind, i, tmp_path / "swept.jsonl", keep_going=i % 37 == 5)
    played = play(system, tmp_path, events=30, seed=9)
    lines = played.lines
    for i, line in enumerate(lines):
        for at in range(len(line)):
            damaged = b"\n".join(lines[:i] + [_flip(line, at)] + lines[i + 1:]) + b"\n"
            path = tmp_path / "flipped.jsonl"
            path.write_bytes(damaged)
            if i == 0:
                with pytest.raises(SaveError):
                    resume(path)
                continue
            resumed = resume(path)
            assert resumed.damage.line == i + 1, (i, at)
            assert resumed.game.actions == played.actions[i - 1], (i, at)
