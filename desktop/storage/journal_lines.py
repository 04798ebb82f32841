"""The autosave journal's format: its header and its lines, written (`journal_bytes`) and read
back as far as they prove themselves (`intact_lines`, `read_events`). journal.py appends the
lines as the game goes; resuming.py rebuilds a game from them. Journals of versions 1-3 (no
numbers, no seals) are read here too."""

from __future__ import annotations

import msgspec

from desktop import __version__
from desktop.engine import GameSetup
from desktop.engine.levels import well_formed
from desktop.engine.text import TEXT_LIMIT, problem, shown
from desktop.storage import migrations
from desktop.storage.appseats import AppSeat
from desktop.storage.errors import SaveError
from desktop.storage.limits import MAX_ACTIONS
from desktop.storage.seals import sealed, unsealed, written_seal

KIND = "actiondeck-journal"
# 2: a version-1 journal's game gets its system's options of that era; 3: a version-2 journal's
# game, the rules edition it was played by (savefile.VERSION, migrations.py); 4: every line has
# its number and a chained seal (seals.py), and lines may say who the app plays; 5: a journal of
# version 4 or before gets the rules edition its game was played by (migrations.py); 6: a seat's
# line may give a level other than "standard" (savefile.VERSION).
VERSION = 6
SEALED = 4  # the first version whose lines are numbered and sealed
WHAT = "an Action Deck autosave"
MAX_LINES = 2 * MAX_ACTIONS  # every action, and as many undos
DAMAGED = ".damaged-"  # in the name of a damaged journal kept aside: never listed nor resumed


class JournalHeader(msgspec.Struct, kw_only=True):
    journal: str
    version: int
    app_version: str
    setup: GameSetup
    name: str = ""


class Entry(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A line of a journal of version 1 to 3: an action, or an undo."""

    do: dict | None = None
    undo: bool = False


class Event(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """A line of a journal of version 4 (before its seal): its number, and one of an action
    (`do`), an undo, or a seat changing hands (`seat`, with `app` when the app now plays it at
    that setting, without it when a person does)."""

    n: int
    do: dict | None = None
    undo: bool = False
    seat: str | None = None
    app: AppSeat | None = None

    @property
    def well_formed(self) -> bool:
        kinds = (self.do is not None) + bool(self.undo) + (self.seat is not None)
        return kinds == 1 and (self.app is None or (self.seat is not None and well_formed(self.app.level)))


def journal_bytes(setup: GameSetup, name: str, actions, seats: dict[str, str]) -> bytes:
    """A whole journal of this version: its header, then a line for each action and for each
    seat the app plays, every line numbered and sealed."""
    header = JournalHeader(journal=KIND, version=VERSION, app_version=__version__, setup=setup, name=name)
    line, previous = sealed(b"", msgspec.json.encode(header))
    lines = [line]
    events = [Event(n=0, do=action.to_dict()) for action in actions]
    events += [Event(n=0, seat=seat, app=AppSeat(level=level)) for seat, level in seats.items()]
    for number, event in enumerate(events, start=2):
        event.n = number
        line, previous = sealed(previous, msgspec.json.encode(event))
        lines.append(line)
    return b"\n".join(lines) + b"\n"


def read_header(line: bytes, label: str) -> JournalHeader:
    # Every refusal names line 1: the first damaged line, as for any other line.
    damaged = f"{label} cannot be read: line 1, which holds the game's setup, is damaged"
    try:
        header = msgspec.json.decode(line, type=JournalHeader)
    except UnicodeDecodeError:
        raise SaveError(f"{damaged} (it holds bytes that are not text).") from None
    except msgspec.DecodeError as error:
        raise SaveError(f"{damaged} ({shown(str(error).rstrip('.'))}).") from None
    except RecursionError:
        raise SaveError(f"{damaged} (it is nested too deeply).") from None
    # A header with a seal must prove itself before anything in it (its kind, its version) is
    # believed.
    if written_seal(line) is not None and not header_proves_itself(line, header.version):
        raise SaveError(f"{damaged} (it does not match its seal).")
    # The same versions as a save (savefile.decode_save): 1 up to this one.
    if header.journal != KIND or not 1 <= header.version <= VERSION:
        raise SaveError(f"{label} is not one this version can read.")
    if not header_proves_itself(line, header.version):
        raise SaveError(f"{damaged} (it has no seal).")
    if header.version < VERSION:
        options = migrations.options_of_version(header.setup.ruleset, dict(header.setup.options), header.version)
        header.setup = msgspec.structs.replace(header.setup, options=options)
    # The same checks as a save's own texts (savefile._check_record).
    for field in ("name", "app_version"):
        trouble = problem(getattr(header, field), TEXT_LIMIT)
        if trouble:
            raise SaveError(f"{label} cannot be read: its {field} {trouble}.")
    return header


def header_proves_itself(line: bytes, version: int) -> bool:
    """Whether a journal's first line, declaring `version`, is as it was written: a sealed line
    matches its seal (whatever its version says: a damaged version must not turn it into an
    older, unsealed journal), and a journal of version 4 on has one."""
    if written_seal(line) is not None:
        return unsealed(b"", line) is not None
    return version < SEALED


def version_of(first: bytes) -> int:
    """The version a journal's first line declares (0 when it declares none that reads)."""
    try:
        return msgspec.json.decode(first, type=_Version).version
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return 0


class _Version(msgspec.Struct):
    version: int = 0


def intact_lines(first: bytes, rest: bytes) -> tuple[list[bytes], int | None, int]:
    """The bodies (without their seals) of the lines after a sealed header `first` that prove
    themselves, in order up to the first that does not; the number of that line (None: none, or
    only a torn last line); and the number of the file's last line.

    A line proves itself when its seal is the hash of the previous line's seal and its own
    bytes (seals.py). The last line may be torn: written in part when the app died, so without
    its newline, and then it is dropped without a word; a last line that ends with its newline
    was written whole, and if it does not prove itself it is damage like any other."""
    lines = rest.split(b"\n") if rest else []
    whole = not lines or lines[-1] == b""
    if lines and lines[-1] == b"":
        lines.pop()
    last = len(lines) + 1
    previous = written_seal(first) or b""
    bodies = []
    for index, line in enumerate(lines):
        opened = unsealed(previous, line)
        if opened is None:
            torn = index == len(lines) - 1 and not whole
            return bodies, None if torn else index + 2, last
        body, previous = opened
        bodies.append(body)
    return bodies, None, last


def read_events(version: int, first: bytes, rest: bytes) -> tuple[list[Event], int | None, int]:
    """The events of a journal's lines after its header, up to the first line that is not one
    (see `intact_lines` for a sealed journal), the number of that line (None: none) and the
    number of the last line. In a journal before version 4 any line that decodes as an action or
    an undo is taken, and a last line that does not is taken for a torn one."""
    if version >= SEALED:
        bodies, stop, last = intact_lines(first, rest)
        events = []
        for number, body in enumerate(bodies, start=2):
            event = _event(body)
            if event is None or event.n != number or not event.well_formed:
                return events, number, last  # sealed, yet never written so
            events.append(event)
        return events, stop, last
    lines = rest.split(b"\n") if rest else []
    if lines and lines[-1] == b"":
        lines.pop()  # the newline that ends the last line
    if lines and old_event(lines[-1], 0) is None:
        lines.pop()  # the torn last line
    last = len(lines) + 1
    events = []
    for number, line in enumerate(lines, start=2):
        event = old_event(line, number)
        if event is None:
            return events, number, last
        events.append(event)
    return events, None, last


def _event(body: bytes) -> Event | None:
    try:
        return msgspec.json.decode(body, type=Event)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return None


def old_event(line: bytes, number: int) -> Event | None:
    """A line of a journal before version 4 as an event (numbered `number`), or None when it
    is neither an action nor an undo (or both: never written so)."""
    try:
        entry = msgspec.json.decode(line, type=Entry)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return None
    if entry.undo == (entry.do is not None):
        return None
    return Event(n=number, do=entry.do, undo=entry.undo)
