"""The seeded generator of a game; its whole state is one small value kept in the game state.

The state is a plain value (an int or a short string), so undo snapshots stay tiny, a save needs no
generator dump, and the sequence is identical on every Python and platform. The API is functional:
every call takes a state and returns the new one.

Two generators, chosen by the seed alone (`GameSetup.seed`, which saves and journals store):

* Seeds from 2**64 up (every seed `new_seed()` makes: 128 random bits from the operating system,
  with bit 128 set) use BLAKE2b in keyed counter mode. The key is a hash of the seed; output number
  `c` is the 8-byte keyed BLAKE2b of the counter `c`. Its state is the string
  `"b2:<key, 64 hex digits>:<counter>"`.
* Seeds below 2**64 (every save made before this generator existed, and a small seed typed by a
  person, as in `actiondeck new --seed 7`, for a reproducible game) keep SplitMix64 exactly as
  before: the state is one int, and old saves replay to exactly the same game.

Why: seeds used to be 32 bits and SplitMix64's whole state is one 64-bit int that its outputs give
away (each output is an invertible function of the state). A seat that knows its own hand could try
every 32-bit seed until the shuffle dealt that hand (about 35 s) and then knew every hand and the
deck order. Now the seed has 128 random bits, far beyond brute force, and a keyed PRF's outputs
reveal nothing of its key: the cards a seat has seen do not let it work out the cards it has not.
The state holds the key, so it must never reach a seat: views (`desktop.engine.views`) leave it out.

Why SplitMix64 stays for small seeds: a seed picks its generator forever, or a save would load as a
different game. A typed-in small seed is public to whoever typed it anyway, so a stronger generator
would hide nothing from them. (A seed of 2**64 or more typed into a version before this one was cut
to its low 64 bits; such a save, if one exists, now deals differently.)
"""

from __future__ import annotations

import hashlib
import secrets

_MASK = (1 << 64) - 1
LEGACY_LIMIT = 1 << 64  # seeds below this use SplitMix64 (all seeds of saves made before BLAKE2b)
_PREFIX = "b2:"
_KEY_HEX = 64  # 32-byte key
_PERSON = b"actiondeck.rng1"  # domain separation of the key derivation (at most 16 bytes)

State = int | str


def new_seed() -> int:
    """A fresh seed for a new game: 128 random bits from the OS, plus bit 128 set, so that it is
    at least 2**128 (above LEGACY_LIMIT: it always picks the BLAKE2b generator)."""
    return secrets.randbits(128) | (1 << 128)


def is_legacy_seed(seed: int) -> bool:
    return seed < LEGACY_LIMIT


def seed_state(seed: int) -> State:
    if is_legacy_seed(seed):
        return seed & _MASK  # negatives too, exactly as before
    data = seed.to_bytes((seed.bit_length() + 7) // 8, "big")
    key = hashlib.blake2b(data, digest_size=32, person=_PERSON).hexdigest()
    return f"{_PREFIX}{key}:0"


# ---- SplitMix64 (legacy seeds) ---------------------------------------------------------------


def _splitmix(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


# ---- BLAKE2b keyed counter mode ----------------------------------------------------------------


class _Stream:
    """A parsed BLAKE2b state, so that a shuffle parses the string and keys the hash once."""

    __slots__ = ("_keyed", "counter", "key")

    def __init__(self, state: str) -> None:
        try:
            prefix, key, counter = state.split(":")
            if prefix + ":" != _PREFIX or len(key) != _KEY_HEX:
                raise ValueError
            self.key = key
            self.counter = int(counter)
            if not 0 <= self.counter <= _MASK:
                raise ValueError
            self._keyed = hashlib.blake2b(key=bytes.fromhex(key), digest_size=8)
        except ValueError:
            raise ValueError(f"Not a generator state: {state[:8]!r}...") from None

    def next(self) -> int:
        block = self._keyed.copy()
        block.update(self.counter.to_bytes(8, "little"))
        self.counter += 1
        return int.from_bytes(block.digest(), "little")

    def below(self, n: int, limit: int) -> int:
        while True:
            value = self.next()
            if value < limit:
                return value % n

    def state(self) -> str:
        return f"{_PREFIX}{self.key}:{self.counter}"


# ---- the API -----------------------------------------------------------------------------------


def _check(state: State) -> None:
    if isinstance(state, bool) or not isinstance(state, int | str):
        raise TypeError(f"A generator state is an int or a str, not {type(state).__name__}.")


def next_u64(state: State) -> tuple[State, int]:
    """Returns (new_state, value), value uniform in [0, 2**64)."""
    _check(state)
    if isinstance(state, int):
        return _splitmix(state)
    stream = _Stream(state)
    value = stream.next()
    return stream.state(), value


def _limit(n: int) -> int:
    if not 0 < n <= 1 << 64:
        raise ValueError("n must be between 1 and 2**64")
    return (1 << 64) - ((1 << 64) % n)


def below(state: State, n: int) -> tuple[State, int]:
    """A uniform integer in [0, n), without modulo bias."""
    limit = _limit(n)
    _check(state)
    if isinstance(state, str):
        stream = _Stream(state)
        value = stream.below(n, limit)
        return stream.state(), value
    return _splitmix_below(state, n, limit)


def _splitmix_below(state: int, n: int, limit: int) -> tuple[int, int]:
    while True:
        state, value = _splitmix(state)
        if value < limit:
            return state, value % n


def shuffle(state: State, items: list) -> State:
    """Fisher-Yates in place; returns the new generator state."""
    _check(state)
    if isinstance(state, str):
        stream = _Stream(state)
        for i in range(len(items) - 1, 0, -1):
            j = stream.below(i + 1, _limit(i + 1))
            items[i], items[j] = items[j], items[i]
        return stream.state()
    for i in range(len(items) - 1, 0, -1):
        state, j = _splitmix_below(state, i + 1, _limit(i + 1))
        items[i], items[j] = items[j], items[i]
    return state
