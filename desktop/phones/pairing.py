"""Which phone holds which seat: one-time pairing secrets and codes, per-seat tokens, and how many
wrong tries a phone may make (docs/phones.md, "What pairing promises").

- Each seat not yet paired has an invitation: a secret for its pairing address (`/join/<secret>`,
  in the seat's QR code) and a short code of 6 characters for typing, from an alphabet without
  look-alikes (no 0 and O, no 1, I and L). Either works once, for `LIFE` seconds; a new
  invitation replaces the seat's last one.
- A phone that pairs gets the seat's token (`TOKEN_BYTES` random bytes, 192 bits) to keep in its
  own storage; with it, it comes back to the seat after a reload, a sleep or a dropped Wi-Fi.
  A seat has one token at a time: pairing it again (another phone) or unpairing it revokes the
  last one.
- A phone's address may get `TRIES` things wrong (a secret, a code or a token) per `WINDOW`
  seconds; then every try is refused until the window has moved on.

Secrets, codes and tokens are kept only as their SHA-256 digests (looked up by digest, never
compared character by character) and never written to a log, a title, a file or a sentence.
No Qt: the phone server keeps one `Pairing` on the UI thread.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0 O, 1 I L: read aloud and typed without doubt
CODE_LENGTH = 6
SECRET_BYTES = 16  # 128 bits in the pairing address
TOKEN_BYTES = 24  # 192 bits kept by the paired phone
LIFE = 600.0  # seconds an invitation works
TRIES = 10  # wrong secrets, codes or tokens a phone's address may send per WINDOW
WINDOW = 60.0

WRONG = "That pairing code is not valid: it may have been used already or have expired. Ask for the seat's code again."
TOO_MANY = "Too many wrong tries from this phone: wait a minute, then try again."
NOT_PAIRED = "This phone no longer holds a seat: scan the seat's code at the table again."


@dataclass(frozen=True)
class Invite:
    """How a phone pairs with `seat`: the secret of its address, its short code, until when."""

    seat: str
    secret: str = field(repr=False)
    code: str = field(repr=False)
    expires: float

    def path(self) -> str:
        return f"/join/{self.secret}"


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8", "replace")).digest()


def normal_code(text: str) -> str:
    """A typed code as it is kept: capitals, without spaces or dashes."""
    return "".join(ch for ch in text.upper() if ch not in " -")


class Pairing:
    def __init__(self, seats: Iterable[str], clock: Callable[[], float] = time.monotonic) -> None:
        self.seats = list(seats)
        self.clock = clock
        self._invites: dict[str, Invite] = {}  # seat -> its invitation, while not redeemed
        self._secrets: dict[bytes, str] = {}  # digest of a secret or a code -> seat
        self._tokens: dict[bytes, str] = {}  # digest of a token -> seat
        self._token_of: dict[str, bytes] = {}  # seat -> its token's digest
        self._wrong: dict[str, list[float]] = {}  # address -> times of its wrong tries

    # ---- invitations -------------------------------------------------------------------------

    def invite(self, seat: str) -> Invite:
        """A new invitation for `seat`, replacing its last one (which no longer works)."""
        if seat not in self.seats:
            raise KeyError(seat)
        self._forget_invite(seat)
        codes = {invite.code for invite in self._invites.values()}
        code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
        while code in codes:
            code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
        invite = Invite(seat, secrets.token_urlsafe(SECRET_BYTES), code, self.clock() + LIFE)
        self._invites[seat] = invite
        self._secrets[_digest(invite.secret)] = seat
        self._secrets[_digest(invite.code)] = seat
        return invite

    def invitation(self, seat: str) -> Invite | None:
        """`seat`'s invitation while it works (None: redeemed, or out of date)."""
        invite = self._invites.get(seat)
        return invite if invite is not None and invite.expires > self.clock() else None

    def out_of_date(self) -> list[str]:
        """The seats whose invitation has expired and that hold no phone: to be invited again."""
        now = self.clock()
        return [seat for seat, invite in self._invites.items() if invite.expires <= now and seat not in self._token_of]

    def _forget_invite(self, seat: str) -> None:
        invite = self._invites.pop(seat, None)
        if invite is not None:
            self._secrets.pop(_digest(invite.secret), None)
            self._secrets.pop(_digest(invite.code), None)

    # ---- pairing and coming back -------------------------------------------------------------

    def redeem(self, secret: str, address: str) -> tuple[str, str] | str:
        """(seat, its new token) for a phone at `address` showing `secret` (the address's secret,
        or the code typed), which then no longer works; else the sentence refusing it."""
        if self._limited(address):
            return TOO_MANY
        seat = self._secrets.get(_digest(secret)) or self._secrets.get(_digest(normal_code(secret)))
        invite = self._invites.get(seat) if seat is not None else None
        if invite is None or invite.expires <= self.clock():
            self._wrong_try(address)
            return WRONG
        self._forget_invite(seat)
        return seat, self._new_token(seat)

    def seat_of(self, token: str, address: str) -> str:
        """The seat a phone at `address` comes back to with `token`; raises LookupError with the
        sentence when the token holds none (revoked, or never given)."""
        if self._limited(address):
            raise LookupError(TOO_MANY)
        seat = self._tokens.get(_digest(token))
        if seat is None:
            self._wrong_try(address)
            raise LookupError(NOT_PAIRED)
        return seat

    def _new_token(self, seat: str) -> str:
        self._revoke(seat)
        token = secrets.token_urlsafe(TOKEN_BYTES)
        self._tokens[_digest(token)] = seat
        self._token_of[seat] = _digest(token)
        return token

    def unpair(self, seat: str) -> Invite:
        """`seat`'s phone no longer holds it (a lost phone): its token is revoked, and a new
        invitation is made."""
        self._revoke(seat)
        return self.invite(seat)

    def _revoke(self, seat: str) -> None:
        digest = self._token_of.pop(seat, None)
        if digest is not None:
            self._tokens.pop(digest, None)

    def paired(self) -> list[str]:
        """The seats a phone holds, in the seats' order."""
        return [seat for seat in self.seats if seat in self._token_of]

    # ---- wrong tries -------------------------------------------------------------------------

    def _recent(self, address: str) -> list[float]:
        since = self.clock() - WINDOW
        times = [moment for moment in self._wrong.get(address, ()) if moment > since]
        if times:
            self._wrong[address] = times
        else:
            self._wrong.pop(address, None)
        return times

    def _limited(self, address: str) -> bool:
        return len(self._recent(address)) >= TRIES

    def _wrong_try(self, address: str) -> None:
        self._wrong.setdefault(address, []).append(self.clock())
        if len(self._wrong) > 10_000:  # a flood of addresses: keep only those with recent tries
            for other in list(self._wrong):
                self._recent(other)
