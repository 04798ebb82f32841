"""What a refusal and an accepted game must be, for every hostile-input test, and how a family of
hostile inputs is judged (tests/test_hostile_inputs.py, and the systems' own files:
tests/rulesets/pop/test_hostile_card_file.py, tests/rulesets/tempo/test_encounter_file.py)."""

from __future__ import annotations

from pathlib import Path

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


def played_a_little(game: Game, moves: int, last: bool = False) -> Game:
    """`game` moved on by up to `moves` of its legal actions that move the game (bookkeeping,
    `aside`, left out), the first of each list (the last, with `last`): an accepted file's words
    reach the log."""
    for _ in range(moves):
        legal = [act for act in game.legal_actions() if not getattr(type(act), "aside", False)]
        if not legal:
            break
        game.apply(legal[-1] if last else legal[0])
    return game


def judged(load, path: Path, raw: bytes | None) -> str | None:
    """Runs `load(path)` (`raw` written there first, unless None); a failure description, or None
    if it refused well or accepted well. The file must come out as it went in."""
    if raw is not None:
        path.write_bytes(raw)
    try:
        result = load(path)
    except REFUSALS as refusal:
        failure = sentence_problem(str(refusal))
    except Exception as crash:  # noqa: BLE001 - any other exception is what this test looks for
        failure = f"crashed: {type(crash).__name__}: {crash!s:.300}"
    else:
        failure = result
    if raw is not None and path.read_bytes() != raw:
        failure = "the file was changed"
    return failure


def run_family(name: str, load, path: Path, inputs) -> tuple[int, list[str]]:
    """Judges each (label, bytes) of `inputs` as the file `path`: how many were judged, and each
    one that failed, in a line (the test asserts none failed and that enough were tried)."""
    count, failures = 0, []
    for label, raw in inputs:
        count += 1
        failure = judged(load, path, raw)
        if failure:
            failures.append(f"{label}: {failure}")
    print(f"\n{name}: {count} hostile inputs")
    return count, failures


def failed(count: int, failures: list[str]) -> str:
    """The message of a family's failures: how many, and the first ten."""
    return f"{len(failures)} of {count} failed, for example:\n" + "\n".join(failures[:10])
