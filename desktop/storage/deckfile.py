"""Reading a card file a player transcribed (docs/save-format.md section 6).

Only the file is read here: its cards are checked by the rule system when a game is set up with
them, and copied into the save.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from desktop.engine.text import shown
from desktop.storage import limits
from desktop.storage.errors import SaveError


def read_deck(path: Path, records=None) -> list[dict]:
    """The records of the deck file at `path`, as the rule system reads them (`records(data)`,
    usually `RulesetBase.deck_records`); a SaveError sentence if it has none."""
    path = Path(path)
    name = shown(path.name)
    raw = limits.read_limited(path, limits.MAX_BYTES, "a deck file")
    try:
        data = msgspec.json.decode(raw)
    except UnicodeDecodeError:
        problem = f"The deck file {name} is not text: it holds bytes that are not UTF-8."
    except msgspec.DecodeError as error:
        problem = f"The deck file {name} is not valid JSON: {shown(error)}."
    except RecursionError:
        problem = f"The deck file {name} is nested too deeply to be a deck of cards."
    else:
        problem = None
    if problem:
        raise SaveError(problem)
    if records is not None:
        from desktop.engine import SetupError

        try:
            return records(data)
        except SetupError as refusal:
            raise SaveError(f"The deck file {name}: {refusal}") from None
    cards = data.get("cards") if isinstance(data, dict) else data
    if not isinstance(cards, list):
        raise SaveError(
            f'The deck file {name} must hold a list of cards (or an object with "cards").'
        )
    return cards
