"""What a refusal and an accepted game must be, for every hostile-input test."""

from __future__ import annotations

import msgspec

from desktop.engine import Game, RuleError, SetupError
from desktop.engine.text import problem
from desktop.storage import SaveError, save_bytes
from desktop.storage.savefile import decode_save, game_from_record

REFUSALS = (SaveError, SetupError, RuleError)


def sentence_problem(message: str) -> str | None:
    """What makes `message` not one plain sentence, or None."""
    if not message or not message.endswith("."):
        return f"not a sentence: {message!r:.300}"
    if "\n" in message or "\r" in message or "Traceback" in message:
        return f"more than one line: {message!r:.300}"
    if problem(message, 10_000):
        return f"unsafe text or over 10,000 characters: {message!r:.300}"
    return None


def game_problem(game: Game) -> str | None:
    """What makes an accepted game not a valid one, or None: its texts must be safe to show and
    it must survive a save and a load unchanged."""
    texts = list(game.setup.players) + [entry.text for entries in game.log for entry in entries]
    for action in game.actions:
        texts += [value for value in msgspec.to_builtins(action).values() if isinstance(value, str)]
    for text in texts:
        if problem(text, 10_000):
            return f"an accepted game shows unsafe text: {text!r:.200}"
    again = game_from_record(decode_save(save_bytes(game)))
    if again.actions != game.actions:
        return "an accepted game does not survive a save and a load"
    return None
