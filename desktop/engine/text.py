"""Limits on what a player or a file may put into a game, and a safe way to quote text back.

Names, notes and targets reach the table, the log and the terminal: a control character there
could move the cursor or rewrite a line, and an enormous string or list could fill the screen
or the memory. Every setup passes `check_setup` and every action `check_action` before anything
is built from them.
"""

from __future__ import annotations

import re

from desktop.engine.errors import RuleError, SetupError

NAME_LIMIT = 40  # a player's name, a rule system's id, an option's name
TEXT_LIMIT = 200  # free text: a note, a target, an option's value, a game's name
LIST_LIMIT = 100  # items in one list of an action: seat orders and card lists are far shorter
DEPTH_LIMIT = 4  # lists within lists in an action; real actions go two deep
ACTION_CHARS = 64 * 1024  # the JSON of one action
MAX_PLAYERS = 20  # above any rule system's own range, which it checks itself
MAX_OPTIONS = 20
MAX_DECK_CARDS = 1000  # cards an imported deck may create, copies included; real decks have ~80

# C0 and C1 controls (a terminal acts on them), the two Unicode line breaks (they would split a
# one-line message) and lone surrogates (what Python makes of bytes that are not UTF-8).
# Control characters, line and paragraph separators, lone surrogates, and the bidirectional
# controls that can make a name display as something else (U+202A-202E, U+2066-2069).
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def problem(text: str, limit: int) -> str | None:
    """What is wrong with `text` as a value of at most `limit` characters, as the end of a
    sentence naming it ("... is longer than 200 characters"), or None."""
    if not isinstance(text, str):
        return "is not text"
    if len(text) > limit:
        return f"is longer than {limit} characters"
    found = _UNSAFE.search(text)
    if found is None:
        return None
    if "\ud800" <= found.group() <= "\udfff":
        return "is not valid text (it holds bytes that are not UTF-8)"
    return "contains a control character"


def capitalized(text: str) -> str:
    """`text` with its first letter made a capital, the rest as it is ("the Royal Mint" starts a
    sentence as "The Royal Mint")."""
    return text[:1].upper() + text[1:]


def shown(text: object, limit: int | None = 200) -> str:
    """`text` safe to quote in a message: unsafe characters escaped, cut to `limit`."""
    text = str(text)
    if limit is not None and len(text) > limit:
        text = text[: limit - 3] + "..."
    return _UNSAFE.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


QUOTE_LIMIT = 40  # characters of one value a quoted message repeats ('...' or `...`)
_QUOTED = re.compile(r"'[^']*'|`[^`]*`|\"[^\"]*\"")


def clipped(message: object, limit: int = 200) -> str:
    """Another's message (a decoder's, a system's) made safe to end a sentence with, in at most
    about `limit` characters. A long value it quotes is cut inside its quotes, and if that is not
    enough, the middle of the message: its end, where it often names the field ("- at
    `$.cards[0].windows[0]`"), is kept. (`shown` cuts the end, which is right for a name.)"""

    def cut(found: re.Match) -> str:
        word = found.group()
        return word if len(word) <= QUOTE_LIMIT + 2 else f"{word[: QUOTE_LIMIT - 2]}...{word[-1]}"

    text = _QUOTED.sub(cut, str(message))
    if len(text) > limit:
        head = (limit - 3) * 2 // 3
        text = f"{text[:head]}...{text[head - limit + 3:]}"
    return shown(text, None)


def check_setup(ruleset: str, players: list, options: dict) -> None:
    """Refuses (SetupError) a setup whose texts or counts no real game has."""
    trouble = problem(ruleset, NAME_LIMIT)
    if trouble:
        raise SetupError(f"The rule system's id {trouble}.")
    if len(players) > MAX_PLAYERS:
        raise SetupError(f"A game has at most {MAX_PLAYERS} players, not {len(players)}.")
    for number, name in enumerate(players, start=1):
        trouble = problem(name, NAME_LIMIT)
        if trouble:
            raise SetupError(f"The name of player {number} {trouble}.")
    if len(options) > MAX_OPTIONS:
        raise SetupError(f"A game has at most {MAX_OPTIONS} options, not {len(options)}.")
    for key, value in options.items():
        trouble = problem(key, NAME_LIMIT)
        if trouble:
            raise SetupError(f"The name of an option {trouble}.")
        trouble = problem(value, TEXT_LIMIT)
        if trouble:
            raise SetupError(f"The value of the option {key} {trouble}.")


def check_action(data: object) -> None:
    """Refuses (RuleError, naming the field) an action's data holding a string that is too long
    or unsafe, a list that is too long, or lists nested too deeply, at any depth."""
    pending: list[tuple[object, str, int]] = [(data, "", 0)]
    while pending:  # a loop, not recursion: the depth of the data decides nothing here
        value, field, depth = pending.pop()
        if isinstance(value, str):
            trouble = problem(value, TEXT_LIMIT)
            if trouble:
                raise RuleError(f"The action's {field or 'text'} {trouble}.")
        elif isinstance(value, (dict, list)):
            if depth >= DEPTH_LIMIT:
                raise RuleError("The action is nested too deeply to be an action.")
            if len(value) > LIST_LIMIT:
                raise RuleError(f"The action's {field or 'data'} has more than {LIST_LIMIT} items.")
            if isinstance(value, list):
                pending += [(item, f"{field} item {n}".strip(), depth + 1) for n, item in enumerate(value, 1)]
                continue
            for key, item in value.items():
                trouble = problem(key, NAME_LIMIT)
                if trouble:
                    raise RuleError(f"The name of a field of the action {trouble}.")
                pending.append((item, f"{field} {key}".strip(), depth + 1))
