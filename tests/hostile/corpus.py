"""Real files (a save, an autosave journal, a deck file, actions) and seeded mutations of them.

Every generator is deterministic: the same inputs each run, so a failure can be replayed. Each
input is a (label, bytes) pair; the label says how it was made.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import msgspec

from desktop.engine import Game, GameSetup
from desktop.storage import save_bytes
from desktop.storage.journal import Entry, JournalHeader

ROOT = Path(__file__).resolve().parents[2]
SEED = 20261123

# What a hostile file puts where a value should be: raw JSON text, so that it can also be what
# an encoder would never write (invalid UTF-8, lone surrogates, absurd numbers, deep nesting).
TOKENS: list[bytes] = [
    b"null", b"true", b"0", b"-1", b"1.5", b"1e999", b"-1e999", b"9" * 5000, b"-" + b"9" * 30,
    b"18446744073709551616", str(2**128 + 5).encode(), b"-0", b"1E400",
    b'""', b'" "', b'"' + b"x" * 100_000 + b'"', b'"' + "\u00e9".encode() * 300 + b'"',
    b'"\\u001b[2J\\u001b[H"', b'"\\u0000"', b'"\\u0085"', b'"\\u2028"', b'"\\u009b31m"',
    b'"\\ud800"', b'"\\udc00x"', b'"\xff\xfe"', b'"\xc0\x80"', b'"\xed\xa0\x80"', b'"a\xe2\x82"',
    b'"ann\\nbo"', b'"\\t"', b"[]", b"{}", b"[" * 100_000 + b"]" * 100_000,
    b'{"a":' * 50_000 + b"1" + b"}" * 50_000, b"[" + b"0," * 200_000 + b"0]",
    b"[" + b"{}," * 20_000 + b"{}]", b'["a"' + b',"a"' * 20_000 + b"]",
    b'{"type": "pass", "player": "ann"}', b'["ann", "ann", "ann"]', b'"ann"', b'"ac01"',
]


def _deck_records() -> list[dict]:
    data = json.loads((ROOT / "resources" / "cards" / "twilight-imperium.json").read_bytes())
    return data["cards"][:14]


def played_game() -> Game:
    """A game with an imported deck, plays, notes and targets: what real files hold."""
    setup = GameSetup(
        ruleset="twilight-imperium", players=["Ann", "Bo Li", "Zoë"], seed=42,
        options={"yssaril": "Zoë", "hand_limit": "9"}, deck=_deck_records(),
    )
    game = Game.new(setup)
    rng = random.Random(SEED)
    weight = {"play": 12, "politics": 6, "politics_secondary": 4, "resolve": 3, "discard": 2}
    for _ in range(70):
        legal = game.legal_actions()
        if not legal:
            break
        choice = rng.choices(legal, [weight.get(action.type, 1) for action in legal])[0]
        data = choice.to_dict()
        if "note" in data:
            data["note"] = "moved a carrier to Mecatol Rex"
        if data.get("target") == "":
            data["target"] = "the PDS on Jord"
        game.apply(game.decode_action(data))
    return game


def save_seed(game: Game) -> bytes:
    return save_bytes(game, name="Friday night")


def journal_seed(game: Game) -> bytes:
    header = JournalHeader(
        journal="actiondeck-journal", version=1, app_version="0.1.0", setup=game.setup,
        name="Friday night",
    )
    lines = [msgspec.json.encode(header)]
    lines += [msgspec.json.encode(Entry(do=action.to_dict())) for action in game.actions]
    return b"\n".join(lines) + b"\n"


def deck_seed() -> bytes:
    return msgspec.json.format(msgspec.json.encode({"system": "twilight-imperium", "cards": _deck_records()}))


# ---- mutations -------------------------------------------------------------------------------


def truncations(raw: bytes, rng: random.Random, per_kind: int) -> Iterator[tuple[str, bytes]]:
    """Cut after every kind of byte (a brace, a quote, a digit, a letter, a space, an escape, a
    byte of a multi-byte character...): `per_kind` positions of each."""
    kinds: dict[str, list[int]] = {}
    for position, byte in enumerate(raw):
        char = chr(byte)
        kind = char if char in '{}[]:,"\\\n' else "digit" if char.isdigit() else \
            "space" if char == " " else "letter" if char.isalpha() else "utf8" if byte > 127 else "other"
        kinds.setdefault(kind, []).append(position)
    for kind, positions in sorted(kinds.items()):
        for position in rng.sample(positions, min(per_kind, len(positions))):
            yield f"cut after {kind!r} at {position}", raw[: position + 1]
    yield "empty", b""
    yield "first byte", raw[:1]
    yield "last byte missing", raw[:-1]


def bit_flips(raw: bytes, rng: random.Random, count: int) -> Iterator[tuple[str, bytes]]:
    for _ in range(count):
        position, bit = rng.randrange(len(raw)), rng.randrange(8)
        flipped = bytearray(raw)
        flipped[position] ^= 1 << bit
        yield f"bit {bit} flipped at {position}", bytes(flipped)


def byte_garbage(raw: bytes, rng: random.Random, count: int) -> Iterator[tuple[str, bytes]]:
    """Invalid UTF-8, NULs, control bytes and deletions at random places."""
    junk = [b"\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\xe2\x82", b"\x00", b"\x1b[2J", b"\x85",
            b"\xf4\x90\x80\x80", b"\r", b"\n", b"\x7f"]
    quotes = [index for index, byte in enumerate(raw) if byte == ord('"')]
    for number in range(count):
        position = rng.choice(quotes) + 1 if number % 2 else rng.randrange(len(raw))
        piece = junk[number % len(junk)]
        if number % 5 == 4:
            stop = min(len(raw), position + rng.randrange(1, 40))
            yield f"bytes {position}-{stop} deleted", raw[:position] + raw[stop:]
        else:
            yield f"{piece!r} inserted at {position}", raw[:position] + piece + raw[position:]


def _paths(value, path=()) -> Iterator[tuple]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _replaced(data, path: tuple, marker: str):
    if not path:
        return marker
    copy = list(data) if isinstance(data, list) else dict(data)
    copy[path[0]] = _replaced(data[path[0]], path[1:], marker)
    return copy


def value_swaps(raw: bytes, rng: random.Random, count: int, first: int = 0) -> Iterator[tuple[str, bytes]]:
    """A value somewhere in the JSON replaced by a hostile token (wrong types, absurd numbers,
    huge or unsafe strings, invalid UTF-8, deep nesting, huge lists), from TOKENS[first] on."""
    data = msgspec.json.decode(raw)
    paths = list(_paths(data))
    marker = "@@hostile@@"
    for number in range(first, first + count):
        path = rng.choice(paths)
        token = TOKENS[number % len(TOKENS)]
        text = msgspec.json.encode(_replaced(data, path, marker))
        yield f"{'/'.join(map(str, path))} = {token[:30]!r}", text.replace(f'"{marker}"'.encode(), token, 1)


def line_value_swaps(raw: bytes, rng: random.Random, count: int) -> Iterator[tuple[str, bytes]]:
    """`value_swaps` for JSON lines: a value of one event line (not the header) replaced."""
    lines = raw.split(b"\n")
    for number in range(count):
        where = rng.randrange(1, len(lines) - 1)
        label, line = next(value_swaps(lines[where], rng, 1, first=number))
        yield f"line {where + 1}: {label}", b"\n".join([*lines[:where], line, *lines[where + 1 :]])


def key_swaps(raw: bytes, rng: random.Random, count: int) -> Iterator[tuple[str, bytes]]:
    """Objects given an unknown, unsafe, duplicated or invalid key."""
    keys = [b'"evil"', b'"\\u001b[2J"', b'"\xff"', b'"' + b"k" * 10_000 + b'"', b'"type"',
            b'"player"', b'"__class__"', b'"\\ud800"', b'"format"', b'"copies"']
    braces = [index for index, byte in enumerate(raw) if byte == ord("{")]
    for number in range(count):
        position = rng.choice(braces) + 1
        key = keys[number % len(keys)]
        token = TOKENS[rng.randrange(len(TOKENS))] if number % 3 else b"1"
        yield f"key {key[:20]!r} added at {position}", raw[:position] + key + b":" + token + b"," + raw[position:]


def line_edits(raw: bytes, rng: random.Random, count: int) -> Iterator[tuple[str, bytes]]:
    """A journal's lines dropped, doubled, swapped, merged, or replaced with garbage."""
    lines = raw.split(b"\n")[:-1]
    garbage = [b"", b"garbage", b"\xff\xfe", b"{", b"[" * 10_000, b'{"do": null, "undo": true}',
               b'{"do": {"type": "teleport", "player": "ann"}}', b'{"undo": "yes"}', b"\x00" * 50,
               b'{"do": {"type": "end_turn", "player": "ann", "note": "\\u001b[2J"}}']
    for number in range(count):
        edited = list(lines)
        where = rng.randrange(len(edited))
        operation = number % 6
        if operation == 0:
            del edited[where]
        elif operation == 1:
            edited.insert(where, edited[where])
        elif operation == 2:
            other = rng.randrange(len(edited))
            edited[where], edited[other] = edited[other], edited[where]
        elif operation == 3 and where + 1 < len(edited):
            edited[where : where + 2] = [edited[where] + edited[where + 1]]
        else:
            edited.insert(where, garbage[number % len(garbage)])
        ending = b"" if number % 7 == 0 else b"\n"
        yield f"line edit {operation} at line {where + 1}", b"\n".join(edited) + ending


def declared_decks() -> Iterator[tuple[str, list]]:
    """Decks that claim far more than they are: the 4.8 GB save of the issue, and its cousins."""
    card = {"name": "X", "windows": ["action"], "timing": "t", "text": "x"}
    yield "400,000 cards: 20,000 records of 20 copies", [
        {**card, "id": f"c{n}", "copies": 20} for n in range(20_000)
    ]
    yield "1,001 records", [{**card, "id": f"c{n}"} for n in range(1001)]
    yield "51 records of 20 copies", [{**card, "id": f"c{n}", "copies": 20} for n in range(51)]
    yield "copies 10**6", [{**card, "id": "c", "copies": 10**6}]
    yield "copies 2**64", [{**card, "id": "c", "copies": 2**64}]
    yield "copies -1", [{**card, "id": "c", "copies": -1}]
    yield "no cards", []
    yield "a text of 5,000 characters", [{**card, "id": "c", "text": "x" * 5000}]
    yield "a control character in a name", [{**card, "id": "c", "name": "X\x1b[2J"}]
    yield "a line break in the timing", [{**card, "id": "c", "timing": "a\u2028b"}]
    yield "10,000 windows", [{**card, "id": "c", "windows": ["action"] * 10_000}]


def mutated(raw: bytes, rng: random.Random, sizes: dict[str, int], swaps=value_swaps):
    """The real file, then its mutants of each kind, as many as `sizes` says: "cut"
    (truncations), "flip" (bit flips), "garbage" (bytes of garbage), "swap" (values swapped, by
    `swaps`), "key" (keys swapped)."""
    yield "the real file", raw
    yield from truncations(raw, rng, sizes["cut"])
    yield from bit_flips(raw, rng, sizes["flip"])
    yield from byte_garbage(raw, rng, sizes["garbage"])
    yield from swaps(raw, rng, sizes["swap"])
    yield from key_swaps(raw, rng, sizes["key"])
