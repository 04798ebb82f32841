"""Hostile input: every file, action and command line a player or an attacker can hand Action Deck
is either refused with one plain sentence or accepted as a valid game, never crashes it, never
changes the file it came from, and never takes more than a bounded amount of memory.

The inputs are seeded mutations of real files (tests/hostile/corpus.py): truncations after every
kind of byte, bit flips, invalid UTF-8, absurd numbers, deep nesting, huge strings and lists,
control characters, wrong types, unknown keys, edited journal lines, special files (/dev/zero, a
pipe, a folder, a symbolic link loop...) and decks that declare far more than they hold. Each
family checks that it made at least its share of the inputs; together at least 2,000 a run.
"""

from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from itertools import chain
from pathlib import Path

import msgspec
import pytest
from hostile import corpus, judging
from hostile.judging import REFUSALS, game_problem, judged, sentence_problem
from hostile.peak_memory import write_worst_files
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desktop.engine import Game, GameSetup, RuleError
from desktop.storage import load_save
from desktop.storage.deckfile import read_deck
from desktop.storage.journal import Journal, resume
from desktop.storage.limits import MAX_BYTES
from desktop.storage.savefile import decode_save, game_from_record

ROOT = Path(__file__).resolve().parents[1]
# The least each family makes; their sum is the promise of at least 2,000 inputs a run.
MINIMUM = {"save": 800, "journal": 550, "deck": 300, "action": 400, "special": 40}
MEMORY_LIMIT_MB = 500
assert sum(MINIMUM.values()) >= 2000


# ---- judging one input -----------------------------------------------------------------------


def load_save_file(path: Path) -> str | None:
    return game_problem(load_save(path)[0])


def load_journal(path: Path) -> str | None:
    resumed = resume(path)
    for warning in resumed.warnings:
        if sentence_problem(warning):
            return f"a warning is not a sentence: {warning!r:.200}"
    return game_problem(resumed.game)


def load_deck(path: Path) -> str | None:
    setup = GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo"], seed=3, deck=read_deck(path))
    return game_problem(Game.new(setup))


def run_family(name: str, load, path: Path, inputs) -> None:
    count, failures = judging.run_family(name, load, path, inputs)
    assert not failures, judging.failed(count, failures)
    assert count >= MINIMUM[name]


@pytest.fixture(scope="module")
def game() -> Game:
    return corpus.played_game()


# ---- files -----------------------------------------------------------------------------------


def test_hostile_save_files(game, tmp_path):
    rng = random.Random(corpus.SEED)
    raw = corpus.save_seed(game)
    sizes = {"cut": 12, "flip": 200, "garbage": 120, "swap": 300, "key": 60}
    decks = (
        (label, msgspec.json.encode({**msgspec.json.decode(raw), "deck": deck, "actions": []}))
        for label, deck in corpus.declared_decks()
    )
    run_family("save", load_save_file, tmp_path / "game.json", chain(corpus.mutated(raw, rng, sizes), decks))


def test_hostile_journals(game, tmp_path):
    rng = random.Random(corpus.SEED + 1)
    raw = corpus.journal_seed(game)
    header_end = raw.index(b"\n") + 1
    sizes = {"cut": 6, "flip": 120, "garbage": 80, "swap": 120, "key": 40}
    headers = (
        (f"header: {label}", mutant + b"\n" + raw[header_end:])
        for label, mutant in corpus.value_swaps(raw[: header_end - 1], rng, 60)
    )
    inputs = chain(
        corpus.mutated(raw, rng, sizes, corpus.line_value_swaps), corpus.line_edits(raw, rng, 120), headers
    )
    run_family("journal", load_journal, tmp_path / "autosave.jsonl", inputs)


def test_continuing_a_hostile_journal_keeps_every_intact_line(game, tmp_path):
    """What "Continue" does (open the journal to append) cuts at most a torn last line, or gives
    a whole last line its newline back: the journal then gives the same game, with no more
    warnings than before."""
    rng = random.Random(corpus.SEED + 2)
    raw = corpus.journal_seed(game)
    path = tmp_path / "autosave.jsonl"
    checked = 0
    for label, mutant in chain(corpus.line_edits(raw, rng, 60), corpus.truncations(raw, rng, 3)):
        path.write_bytes(mutant)
        try:
            before = resume(path)
        except REFUSALS:
            continue
        Journal(path).close()
        after = resume(path)
        assert after.game.actions == before.game.actions, label
        assert len(after.warnings) <= len(before.warnings), label
        last_line = mutant.rfind(b"\n", 0, len(mutant) - 1) + 1
        assert path.read_bytes() in (mutant, mutant + b"\n", mutant[:last_line]), label
        checked += 1
    assert checked >= 30


def test_hostile_deck_files(tmp_path):
    rng = random.Random(corpus.SEED + 3)
    raw = corpus.deck_seed()
    sizes = {"cut": 8, "flip": 100, "garbage": 60, "swap": 100, "key": 40}
    declared = ((label, msgspec.json.encode(deck)) for label, deck in corpus.declared_decks())
    run_family("deck", load_deck, tmp_path / "deck.json", chain(corpus.mutated(raw, rng, sizes), declared))


def special_paths(folder: Path) -> list[tuple[str, Path]]:
    """Things that are not ordinary files, or that lie about their size (what this system has)."""
    paths = []
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe")
        paths.append(("a pipe", folder / "pipe"))
    try:
        (folder / "loop").symlink_to(folder / "loop")
        (folder / "dangling").symlink_to(folder / "nowhere")
        paths += [("a symbolic link loop", folder / "loop"), ("a dangling link", folder / "dangling")]
    except OSError:
        pass  # Windows without the right to make links
    try:
        with socket.socket(socket.AF_UNIX) as server:
            server.bind(str(folder / "sock"))  # the socket stays in the folder once closed
        paths.append(("a socket", folder / "sock"))
    except (AttributeError, OSError):
        pass
    sparse = folder / "sparse"
    with open(sparse, "wb") as handle:
        handle.truncate(1 << 30)  # says 1 GB, takes no room
    over = folder / "over"
    over.write_bytes(b" " * (MAX_BYTES + 1))
    plain = folder / "plain"
    plain.write_bytes(b"{}")
    paths += [
        ("a folder", folder), ("a sparse 1 GB file", sparse), ("a file over the limit", over),
        ("a missing file", folder / "missing"), ("a name too long", folder / ("x" * 5000)),
        ("a file inside a file", plain / "inside"), ("a name with a NUL", folder / "a\x00b"),
        ("a name with control characters", folder / "\x1b[2J\x07"),
    ]
    for device in ("/dev/zero", "/dev/null", "/dev/urandom", "/proc/self/status", "/proc/self/mem"):
        if Path(device).exists():
            paths.append((device, Path(device)))
    return paths


def test_special_files_are_refused_without_reading_them(tmp_path):
    folder = tmp_path / "specials"
    folder.mkdir()
    count, failures = 0, []
    for label, path in special_paths(folder):
        for kind, load in (("save", load_save_file), ("journal", load_journal), ("deck", load_deck)):
            count += 1
            failure = judged(load, path, None)
            if failure is None and label != "a file inside a file":
                # none of these may be accepted: each is refused with a sentence
                try:
                    load(path)
                    failure = "accepted"
                except REFUSALS:
                    pass
            if failure:
                failures.append(f"{kind} from {label}: {failure}")
    print(f"\nspecial: {count} hostile inputs")
    assert not failures, "\n".join(failures)
    assert count >= MINIMUM["special"] or os.name != "posix"


# ---- actions ---------------------------------------------------------------------------------


def judge_action(game_bytes: bytes, data) -> str | None:
    game = game_from_record(decode_save(game_bytes))
    try:
        action = game.decode_action(data)
        game.apply(action)
    except RuleError as refusal:
        return sentence_problem(str(refusal))
    except Exception as crash:  # noqa: BLE001
        return f"crashed: {type(crash).__name__}: {crash!s:.300}"
    return game_problem(game)


def test_hostile_actions(game):
    rng = random.Random(corpus.SEED + 4)
    saved = corpus.save_seed(game)
    legal = [msgspec.json.encode(action.to_dict()) for action in game.legal_actions()]
    seeds = legal + [msgspec.json.encode(data) for data in (
        {"type": "end_turn", "player": "ann", "note": "moved"},
        {"type": "resolve", "player": "bo-li", "note": "two fighters lost"},
        {"type": "play", "player": "ann", "card": "ac01", "target_player": "bo-li", "target": "Jord",
         "confirm": True},
        {"type": "set_initiative", "player": "ann", "order": ["ann", "bo-li", "zoë"]},
        {"type": "reveal", "player": "zoë", "cards": ["ac01", "ac02"]},
        {"type": "set_counter", "player": "ann", "counter": "hand_limit", "value": 8},
        {"type": "declare", "player": "bo-li", "event": "combat-round-start"},
    )]
    inputs: list[tuple[str, object]] = []
    for number, seed in enumerate(seeds):
        inputs += list(corpus.value_swaps(seed, rng, 30, first=number * 7))
        inputs += list(corpus.byte_garbage(seed, rng, 8))
        inputs += list(corpus.key_swaps(seed, rng, 6))
        inputs += [(f"seed {number} as text", seed.decode("utf-8", "surrogateescape"))]
    inputs += [
        ("a lone surrogate in a str", '{"type": "pass", "player": "a\udcff"}'),
        ("bytes as from a shell", b'{"type": "pass", "player": "\xff"}'),
        ("a dict with a surrogate", {"type": "end_turn", "player": "ann", "note": "\ud800"}),
        ("a dict nested deeply", {"type": "reveal", "player": "ann", "cards": [[[[["x"]]]]]}),
        ("a dict with a huge list", {"type": "reveal", "player": "ann", "cards": ["ac01"] * 10_000}),
        ("a dict with a non-text key", {"type": "pass", "player": "ann", 5: 1}),
        ("a megabyte of JSON", b'{"type": "end_turn", "player": "ann", "note": "' + b"x" * 2**20 + b'"}'),
    ]
    failures = [f"{label}: {failure}" for label, data in inputs if (failure := judge_action(saved, data))]
    print(f"\naction: {len(inputs)} hostile inputs")
    assert not failures, f"{len(failures)} failed, for example:\n" + "\n".join(failures[:10])
    assert len(inputs) >= MINIMUM["action"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(st.characters(codec=None)),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=5), inner, max_size=5),
    max_leaves=12,
)


@settings(max_examples=300, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(["end_turn", "resolve", "play", "reveal", "set_initiative", "declare", "x"]),
    player=st.sampled_from(["ann", "bo-li", "zoë"]) | st.text(st.characters(codec=None), max_size=50),
    fields=st.dictionaries(
        st.sampled_from(["note", "target", "card", "cards", "order", "event", "confirm", "extra"]),
        json_values, max_size=3,
    ),
)
def test_any_action_data_is_refused_with_a_sentence_or_accepted(game_bytes, kind, player, fields):
    failure = judge_action(game_bytes, {"type": kind, "player": player, **fields})
    assert failure is None, failure


@pytest.fixture(scope="module")
def game_bytes(game) -> bytes:
    return corpus.save_seed(game)


# ---- the command line, in a real process -----------------------------------------------------


@pytest.mark.skipif(os.name != "posix", reason="bytes that are not UTF-8 in a command line, pipes")
def test_the_command_refuses_hostile_input_with_one_line(tmp_path, game):
    save = tmp_path / "g.json"
    save.write_bytes(corpus.save_seed(game))
    bad_utf8 = tmp_path / "bad.json"
    bad_utf8.write_bytes(corpus.save_seed(game).replace(b'"Ann"', b'"A\xffnn"', 1))
    deck_utf8 = tmp_path / "deck.json"
    deck_utf8.write_bytes(corpus.deck_seed().replace(b'"Sabotage"', b'"Sab\xc0\x80"', 1))
    big_deck = tmp_path / "bigdeck.json"
    big_deck.write_bytes(msgspec.json.encode(next(corpus.declared_decks())[1]))
    encounter = json.loads((ROOT / "resources" / "tempo" / "sample-encounter.json").read_bytes())
    encounter["characters"][0]["abilities"][0]["action"] = ["move"]  # the crash of issue 26
    bad_encounter = tmp_path / "encounter.json"
    bad_encounter.write_text(json.dumps(encounter))
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    new = ["new", "twilight-imperium", "--players", "Ann,Bo", "-o", str(tmp_path / "x.json")]
    cases = [
        ["actions", str(bad_utf8)],
        ["actions", "/dev/zero"],
        ["replay", str(fifo)],
        ["actions", str(loop)],
        ["actions", str(tmp_path)],
        ["play", str(save), b'{"type": "pass", "player": "\xff"}'],
        ["play", str(save), '{"type": "end_turn", "player": "ann", "note": "\\u001b[2J"}'],
        ["play", str(save), "[" * 100_000],
        ["play", str(save), '{"type": "resolve", "player": "ann", "note": "' + "x" * 100_000 + '"}'],
        ["actions", str(save), "--player", "a\x1b[2J"],
        ["actions", str(save), b"--pl\xffayer", "ann"],
        ["actions", str(save), "\x1b]0;owned\x07"],
        [b"act\xffions", str(save)],
        ["actions", os.fsencode(tmp_path) + b"/\xff.json"],
        ["new", "twilight-imperium", "--players", b"A\xffnn,Bo", "-o", str(tmp_path / "y.json")],
        ["new", "twilight-imperium", "--players", "A\x1b[31mnn,Bo", "-o", str(tmp_path / "y.json")],
        ["new", "twilight-imperium", "--players", ",".join(["p"] * 5000), "-o", str(tmp_path / "y.json")],
        ["new", "twilight-imperium", "--players", "A" * 100 + ",Bo", "-o", str(tmp_path / "y.json")],
        ["new", "tw\x1b[2J", "--players", "Ann,Bo", "-o", str(tmp_path / "y.json")],
        [*new, "--option", "yssaril=\x1b[2J"],
        [*new, "--option", "\x1b[2J"],
        [*new, "--option", b"k\xff=v"],
        [*new, "--deck", str(deck_utf8)],
        [*new, "--deck", "/dev/zero"],
        [*new, "--deck", str(fifo)],
        [*new, "--deck", str(big_deck)],
        ["new", "tempo", "--players", "Ann,Bo,Gm", "--deck", str(bad_encounter), "-o", str(tmp_path / "y.json")],
        [*new, "--seed", "1e999\x1b[2J"],
        ["new", "twilight-imperium", "--players", "Ann,Bo", "-o", str(tmp_path / ("x" * 5000))],
    ]
    before = save.read_bytes()

    def run(args):
        return subprocess.run(
            [sys.executable, "-m", "desktop.cli", *args], cwd=ROOT, capture_output=True,
            check=False, timeout=120,
        )

    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(run, cases))
    failures = []
    for args, done in zip(cases, results):
        lines = done.stderr.splitlines()
        text = done.stderr.decode("utf-8", "replace").strip()
        if (
            done.returncode != 2 or done.stdout or len(lines) != 1
            or not text.startswith("actiondeck: ") or "Traceback" in text
            or any(byte < 32 or byte == 127 for byte in done.stderr[:-1])
            or sentence_problem(text.removeprefix("actiondeck: "))
        ):
            failures.append(f"{args!r:.120}: status {done.returncode}, stderr {done.stderr[-300:]!r}")
    assert not failures, "\n".join(failures)
    assert save.read_bytes() == before
    assert not (tmp_path / "x.json").exists() and not (tmp_path / "y.json").exists()


# ---- memory ----------------------------------------------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="peak memory is read through resource or /proc")
def test_the_worst_files_stay_within_bounded_memory(tmp_path, record_property):
    """Files as large as the limit allows, shaped to cost the most memory once decoded, or
    declaring a 400,000-card deck, loaded in a fresh process whose peak memory is measured."""
    write_worst_files(tmp_path)
    done = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "hostile" / "peak_memory.py"), str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    record_property("peak_memory_mb", report["peak_mb"])
    print(f"\npeak memory loading the worst files: {report['peak_mb']} MB "
          f"(baseline {report['baseline_mb']} MB)")
    for item in report["outcomes"]:
        assert item["outcome"] != "accepted", item
        assert sentence_problem(item["outcome"]) is None, item
    assert report["peak_mb"] < MEMORY_LIMIT_MB


# ---- long values in a refusal ----------------------------------------------------------------


def test_a_refusal_quoting_a_long_value_keeps_the_end_of_its_sentence(tmp_path):
    """The value is cut inside its quotes; the end, naming the field, is kept."""
    deck = tmp_path / "deck.json"
    record = {"id": "a", "name": "X", "windows": ["x" * 300], "timing": "t", "text": "x"}
    deck.write_bytes(msgspec.json.encode({"cards": [record]}))
    with pytest.raises(REFUSALS) as refused:
        load_deck(deck)
    sentence = str(refused.value)
    assert sentence.endswith("- at `$[0].windows[0]`.") and sentence_problem(sentence) is None
    assert "x" * 41 not in sentence


def test_a_message_is_clipped_in_its_quotes_first_then_in_its_middle():
    from desktop.engine.text import clipped

    assert clipped("short 'value' - at `$.a`") == "short 'value' - at `$.a`"
    long_quote = clipped("Invalid value '" + "y" * 1000 + "' - at `$.b`")
    assert long_quote.endswith("...' - at `$.b`") and len(long_quote) < 80
    no_quotes = clipped("z" * 150 + " the end", limit=100)
    assert len(no_quotes) == 100 and no_quotes.endswith(" the end")
    assert clipped("a\x1b[2J 'b'") == "a\\u001b[2J 'b'"
