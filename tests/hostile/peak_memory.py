"""Loads the worst hostile files in this fresh process; prints its peak memory and every outcome.

Run by tests/test_hostile_inputs.py as `python tests/hostile/peak_memory.py FOLDER` after
`write_worst_files(FOLDER)`. Each file is as large as the limit allows and shaped to cost the most memory once decoded (an empty object is
3 bytes in a file and 64 in memory), or declares far more than it holds.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from desktop.engine import Game, GameSetup, RuleError, SetupError
from desktop.storage import SaveError, load_save
from desktop.storage.deckfile import read_deck
from desktop.storage.journal import resume
from desktop.storage.limits import MAX_BYTES

SAVE_HEAD = (
    b'{"format":"actiondeck-save","version":1,"app_version":"x","ruleset":"twilight-imperium",'
    b'"players":["Ann","Bo"],"seed":1,'
)
JOURNAL_HEAD = (
    b'{"journal":"actiondeck-journal","version":1,"app_version":"x","setup":{"ruleset":'
    b'"twilight-imperium","players":["Ann","Bo"],"seed":1'
)
CARD = b'{"id":"c%d","name":"X","windows":["action"],"timing":"t","text":"x","copies":20}'


def filled(head: bytes, item: bytes, tail: bytes, separator: bytes = b",") -> bytes:
    """`head`, then as many `item`s as fit under the limit, then `tail`."""
    count = (MAX_BYTES - 64 - len(head) - len(tail)) // (len(item) + len(separator))
    return head + item + (separator + item) * (count - 1) + tail


def write_worst_files(folder: Path) -> None:
    """Writes the files (in the test's process, so that building them is not measured) and a
    manifest of what each one is."""
    reveal = b'{"do":{"type":"reveal","player":"ann","cards":[' + b",".join([b'"a"'] * 100) + b"]}}"
    big_deck = b"[" + b",".join(CARD % n for n in range(20_000)) + b"]"
    files = [
        ("save", "actions: empty objects", filled(SAVE_HEAD + b'"actions":[', b"{}", b"]}")),
        ("save", "deck: empty objects", filled(SAVE_HEAD + b'"deck":[', b"{}", b"]}")),
        ("save", "players: one-letter names", filled(
            SAVE_HEAD.replace(b'"players":["Ann","Bo"],', b"") + b'"players":[', b'"a"', b"]}")),
        ("save", "an action: one-letter strings", filled(
            SAVE_HEAD + b'"actions":[{"type":"reveal","player":"ann","cards":[', b'"a"', b"]}]}")),
        ("save", "actions: lists of one-letter strings", filled(
            SAVE_HEAD + b'"actions":[', reveal[6:-1], b"]}")),
        ("save", "options: many keys", filled(SAVE_HEAD + b'"options":{', b'"k":"v"', b"}}")),
        ("save", "a deck of 400,000 cards", SAVE_HEAD + b'"deck":' + big_deck + b"}"),
        ("journal", "events: lists of one-letter strings", filled(JOURNAL_HEAD + b"}}\n", reveal, b"\n", b"\n")),
        ("journal", "header: a deck of empty objects", filled(JOURNAL_HEAD + b',"deck":[', b"{}", b"]}}\n")),
        ("journal", "empty lines", filled(JOURNAL_HEAD + b"}}\n", b"", b"\n", b"\n")),
        ("journal", "damaged events", filled(JOURNAL_HEAD + b"}}\n", b'{"do":{}}', b"\n", b"\n")),
        ("deck", "empty objects", filled(b"[", b"{}", b"]")),
        ("deck", "one-letter strings", filled(b"[", b'"a"', b"]")),
        ("deck", "400,000 cards", big_deck),
    ]
    manifest = []
    for number, (kind, label, data) in enumerate(files):
        path = folder / f"{number:02d}.{kind}"
        path.write_bytes(data)
        manifest.append({"kind": kind, "label": label, "path": str(path), "size": len(data)})
    manifest.append({"kind": "save", "label": "/dev/zero", "path": "/dev/zero", "size": None})
    (folder / "manifest.json").write_text(json.dumps(manifest))


def load(kind: str, path: Path) -> str:
    try:
        if kind == "save":
            load_save(path)
        elif kind == "journal":
            resumed = resume(path)
            if resumed.damage is not None:  # opened on the lines before the damage, and said so
                return resumed.warnings[0]
        else:
            Game.new(GameSetup(ruleset="twilight-imperium", players=["A", "B"], seed=1, deck=read_deck(path)))
    except (SaveError, SetupError, RuleError) as refusal:
        return str(refusal)
    return "accepted"


def peak_mb() -> float:
    """This process's peak resident memory. On Linux ru_maxrss also counts the memory of the
    process that started this one (the kernel keeps the larger of the two across fork and
    exec), so the high-water mark of this process's own memory, VmHWM, is read instead."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource  # not on Windows, where the test that runs this is skipped

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1024 / 1024 if sys.platform == "darwin" else peak / 1024  # bytes there, KiB here


def main(folder: Path) -> None:
    outcomes = []
    start = peak_mb()
    for item in json.loads((folder / "manifest.json").read_text()):
        outcomes.append({**item, "outcome": load(item["kind"], Path(item["path"]))})
    print(json.dumps({"baseline_mb": round(start, 1), "peak_mb": round(peak_mb(), 1), "outcomes": outcomes}))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
