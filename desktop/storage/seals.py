"""How each line of an autosave journal proves it is the next one (docs/save-format.md section 4).

Every line of a journal of version 4 or later ends with a last field `"h"`, its **seal**: 16 hex
digits of a BLAKE2b hash (8 bytes) of the previous line's seal followed by this line's own bytes
without the seal. The first line's "previous seal" is empty. So the seals form a chain from the
header on: a byte changed anywhere, a line cut short, left out, repeated, moved or slipped in
breaks the chain at that very line, and every line before it still proves itself.

Why a chain rather than a sequence number and a checksum per line: a number and a checksum catch
a line left out or repeated only if the number is right and the line's own sum is right, while a
line copied in from another journal of the same game (or the same line written twice by a stray
copy) carries a right sum; the chain ties each line to every line before it and to the header,
which holds the game's setup. Lines still carry their number (`"n"`) for people reading the file;
the chain is what is checked. The hash guards against damage, not against a forger: anyone can
recompute it, and the file is the player's own.

The bytes hashed are the bytes as written (msgspec's compact JSON, fields in a fixed order), not
a re-encoding: a line whose spacing or key order was changed by hand is a changed line.
"""

from __future__ import annotations

import hashlib

SEAL_DIGITS = 16  # hex digits: 64 bits; a damaged line passes by chance once in 2**64
_PERSON = b"actiondeck-line"  # BLAKE2b's personalisation: these hashes are for this use only
_OPEN = b',"h":"'
_CLOSE = b'"}'
_TAIL = len(_OPEN) + SEAL_DIGITS + len(_CLOSE)


def seal(previous: bytes, body: bytes) -> bytes:
    """The seal of a line whose unsealed bytes are `body`, after a line sealed `previous`."""
    return hashlib.blake2b(previous + body, digest_size=SEAL_DIGITS // 2, person=_PERSON).hexdigest().encode()


def sealed(previous: bytes, body: bytes) -> tuple[bytes, bytes]:
    """`body` (the compact JSON of an object with at least one field) as a sealed line, and its
    seal: the seal is added as the object's last field."""
    mark = seal(previous, body)
    return body[:-1] + _OPEN + mark + _CLOSE, mark


def unsealed(previous: bytes, line: bytes) -> tuple[bytes, bytes] | None:
    """(the line's body, its seal) if `line` is the sealed line that follows a line sealed
    `previous`; None otherwise (damaged, cut, or not the next line)."""
    mark = written_seal(line)
    if mark is None:
        return None
    body = line[:-_TAIL] + b"}"
    return (body, mark) if seal(previous, body) == mark else None


def written_seal(line: bytes) -> bytes | None:
    """The seal a line says it has (unchecked), or None when it has none in the right place."""
    if len(line) <= _TAIL + 1 or line[-_TAIL:-_TAIL + len(_OPEN)] != _OPEN or not line.endswith(_CLOSE):
        return None
    return line[-SEAL_DIGITS - len(_CLOSE):-len(_CLOSE)]
