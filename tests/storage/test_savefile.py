"""Save files: a round trip keeps the game, and every bad file is refused with one sentence and is
never overwritten (DESIGN.md sections 2 and 4; docs/save-format.md)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from desktop.engine import Game, GameSetup
from desktop.rulesets.twilight_imperium import actions as a
from desktop.storage import (
    SaveError,
    durable,
    load_save,
    read_save,
    save_bytes,
    savefile,
    write_save,
)
from desktop.storage.savefile import decode_save, game_from_record

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = "__import__('os').system('x')"


def new_game(seed: int = 7, **options: str) -> Game:
    return Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo", "Cy"], seed=seed, options=options))


def played_game() -> Game:
    """A game in round 1, after Politics: cards in hands, the deck shuffled, turns moved on."""
    game = new_game(yssaril="Cy")
    game.apply(a.SetInitiative(player="bo", order=["bo", "cy", "ann"]))
    game.apply(a.Politics(player="bo"))
    game.apply(a.PoliticsSecondary(player="cy", follow=True))
    cy = game.state.hand("cy")
    game.apply(a.Discard(player="cy", card=cy[0]))
    game.apply(a.PoliticsSecondary(player="ann", follow=False))
    game.apply(a.Declare(player="ann", event="combat-round-start"))
    return game


def record(**changes) -> dict:
    """A valid save as JSON-ready data, with `changes` applied (None removes a field)."""
    data = msgspec.json.decode(save_bytes(played_game(), name="Friday"))
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


def encode(data) -> bytes:
    return msgspec.json.encode(data)


def assert_one_sentence(message: str) -> None:
    assert message, "an empty refusal"
    assert "\n" not in message, f"more than one line: {message!r}"
    assert message.endswith("."), f"not a sentence: {message!r}"
    assert not re.search(r"[.!?] +[A-Z]", message.rstrip(".")), f"more than one sentence: {message!r}"
    assert "Traceback" not in message


def refused(raw: bytes, *words: str) -> str:
    """decode + rebuild must refuse `raw` with one sentence containing `words`."""
    with pytest.raises(SaveError) as refusal:
        game_from_record(decode_save(raw))
    message = str(refusal.value)
    assert_one_sentence(message)
    for word in words:
        assert word.lower() in message.lower(), f"{word!r} not in {message!r}"
    return message


def refused_on_disk(tmp_path: Path, raw: bytes, *words: str) -> str:
    """load_save refuses the file with a sentence and leaves it byte for byte as it was."""
    path = tmp_path / "game.json"
    path.write_bytes(raw)
    with pytest.raises(SaveError) as refusal:
        load_save(path)
    assert path.read_bytes() == raw
    message = str(refusal.value)
    assert_one_sentence(message)
    for word in words:
        assert word.lower() in message.lower(), f"{word!r} not in {message!r}"
    return message


# ---- round trip ------------------------------------------------------------------------------


def test_save_then_load_gives_the_same_game(tmp_path):
    game = played_game()
    path = tmp_path / "friday.json"
    write_save(game, path, name="Friday")
    loaded, saved = load_save(path)
    assert msgspec.msgpack.encode(loaded.state) == msgspec.msgpack.encode(game.state)
    assert loaded.actions == game.actions
    assert loaded.setup == game.setup
    assert saved.name == "Friday"
    assert saved.format == "actiondeck-save" and saved.version == savefile.VERSION


def test_a_save_is_plain_json_with_the_setup_and_the_actions():
    game = played_game()
    data = msgspec.json.decode(save_bytes(game))
    assert data["format"] == "actiondeck-save" and data["version"] == savefile.VERSION
    assert data["ruleset"] == "twilight-imperium"
    assert data["players"] == ["Ann", "Bo", "Cy"] and data["seed"] == 7
    assert data["options"] == {"yssaril": "Cy"}
    assert data["actions"][0] == {"type": "set_initiative", "order": ["bo", "cy", "ann"], "player": "bo"}
    assert len(data["actions"]) == len(game.actions)


def test_an_imported_deck_travels_inside_the_save():
    deck = [
        {"id": "sabotage", "name": "Sabotage", "windows": ["sabotage"], "timing": "t", "text": "x", "copies": 2},
        {"id": "boost", "name": "Boost", "windows": ["combat-round-start"], "timing": "t", "text": "y"},
    ]
    game = Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo"], seed=3, deck=deck))
    loaded = game_from_record(decode_save(save_bytes(game)))
    assert loaded.setup.deck == deck
    assert sorted(loaded.state.cards.values()) == ["boost", "sabotage", "sabotage"]


# ---- refusals --------------------------------------------------------------------------------


def test_a_truncated_file_is_refused(tmp_path):
    raw = save_bytes(played_game())
    for cut in (1, len(raw) // 3, len(raw) // 2, len(raw) - 2):
        message = refused_on_disk(tmp_path, raw[:cut], "cut off")
        assert message == "The file ends too early: it was cut off while being written or copied."
    refused_on_disk(tmp_path, b"", "ends too early")


def test_malformed_json_is_refused(tmp_path):
    refused_on_disk(tmp_path, b'{"format": "actiondeck-save", "version": 1,, }', "not well-formed JSON")
    refused_on_disk(tmp_path, b"\xff\xfe garbage \x00", "not a valid save")
    refused_on_disk(tmp_path, save_bytes(played_game()) + b"\n{}", "not well-formed JSON")


@pytest.mark.parametrize(
    "raw",
    [
        b'{"hello": "world"}',
        b"[1, 2, 3]",
        b'"actiondeck-save"',
        b"42",
        b"null",
        b'{"format": "actiondeck-journal", "version": 1}',
        b'{"format": 5, "version": 1}',
        b'{"format": ["actiondeck-save"], "version": 1}',
    ],
)
def test_json_that_is_not_a_save_is_refused(tmp_path, raw):
    assert refused_on_disk(tmp_path, raw) == "The file is not an Action Deck save."


def test_a_newer_format_version_is_refused(tmp_path):
    raw = encode(record(version=savefile.VERSION + 1))
    message = refused_on_disk(tmp_path, raw, "newer Action Deck", "update Action Deck")
    assert f"format {savefile.VERSION + 1}" in message


@pytest.mark.parametrize("version", [0, -1, "1", 1.5, True, None, 10**30])
def test_an_impossible_format_version_is_refused(tmp_path, version):
    data = record()
    data["version"] = version
    message = refused_on_disk(tmp_path, encode(data))
    assert "not well-formed JSON" not in message  # the JSON is fine; the version is not


def test_an_oversized_file_is_refused_before_it_is_read(tmp_path, monkeypatch):
    raw = save_bytes(played_game())
    monkeypatch.setattr(savefile, "MAX_BYTES", len(raw) - 1)
    path = tmp_path / "big.json"
    path.write_bytes(raw)
    read = []
    monkeypatch.setattr(Path, "read_bytes", lambda self: read.append(self) or b"")
    with pytest.raises(SaveError) as refusal:
        read_save(path)
    assert read == [], "an oversized file was read"
    assert "too large" in str(refusal.value)
    assert_one_sentence(str(refusal.value))
    monkeypatch.undo()
    monkeypatch.setattr(savefile, "MAX_BYTES", len(raw) - 1)
    refused(raw, "too large")
    refused_on_disk(tmp_path, raw, "too large")


def test_a_missing_file_or_a_folder_is_refused(tmp_path):
    with pytest.raises(SaveError, match="There is no file"):
        load_save(tmp_path / "nowhere.json")
    with pytest.raises(SaveError, match="is a folder"):
        load_save(tmp_path)


@pytest.mark.parametrize(
    "field, value, where",
    [
        ("seed", "seven", "$.seed"),
        ("seed", 7.5, "$.seed"),
        ("players", "Ann,Bo", "$.players"),
        ("players", [1, 2], "$.players[0]"),
        ("options", {"hand_limit": 5}, "$.options"),
        ("options", ["agenda"], "$.options"),
        ("actions", {"type": "pass"}, "$.actions"),
        ("actions", ["pass"], "$.actions[0]"),
        ("deck", "builtin", "$.deck"),
        ("name", 12, "$.name"),
        ("ruleset", None, "ruleset"),
    ],
)
def test_wrong_or_missing_field_types_are_refused(field, value, where):
    data = record()
    if value is None:
        del data[field]
    else:
        data[field] = value
    message = refused(encode(data), "The save file has a mistake")
    assert where in message


def test_unknown_fields_are_refused():
    message = refused(encode(record(evil=True)), "unknown field", "evil")
    assert message.startswith("The save file has a mistake")
    data = record()
    data["actions"][0]["cheat"] = 1
    refused(encode(data), "has no field 'cheat'")


def test_an_action_list_that_does_not_replay_is_refused():
    data = record()
    data["actions"].insert(1, {"type": "pass_phase", "player": "ann"})  # not Ann's turn
    message = refused(encode(data), "cannot be rebuilt", "Action 2 (pass_phase)", "turn")
    assert "Bo" in message
    data = record()
    data["actions"].append({"type": "fly", "player": "ann"})
    refused(encode(data), "cannot be rebuilt", "not an action")


def test_an_unknown_ruleset_and_a_bad_setup_are_refused():
    refused(encode(record(ruleset="chess", actions=[])), "no rule system called 'chess'")
    refused(encode(record(players=["Ann"], actions=[])), "2 to 8 players")
    refused(encode(record(players=["Ann", "ann"], actions=[])), "same name")
    refused(encode(record(options={"cheats": "on"}, actions=[])), "has no option 'cheats'")
    refused(encode(record(options={"hand_limit": "lots"}, actions=[])), "whole number")


@pytest.fixture
def no_execution(monkeypatch):
    """Fails the test if anything in a file gets executed."""

    def forbidden(*args, **kwargs):
        raise AssertionError("a file made the app run something")

    for name in ("system", "popen", "execv", "execvp", "spawnv"):
        if hasattr(os, name):
            monkeypatch.setattr(os, name, forbidden)
    monkeypatch.setattr(subprocess, "Popen", forbidden)
    monkeypatch.setattr("builtins.eval", forbidden)
    monkeypatch.setattr("builtins.exec", forbidden)


def test_hostile_content_is_refused_and_never_run(no_execution):
    def with_first_action(**fields):
        data = record()
        data["actions"][0] = {**data["actions"][0], **fields}
        return encode(data)

    start = {"type": "set_initiative", "order": ["ann", "bo", "cy"], "player": "ann"}
    hostile_play = {"type": "play", "player": "ann", "card": HOSTILE}
    refused(encode(record(actions=[start, hostile_play])), "cannot be rebuilt", "not in ann's hand")
    refused(with_first_action(type=HOSTILE), "not an action")
    refused(with_first_action(player=HOSTILE), "no player")
    refused(encode(record(ruleset=HOSTILE, actions=[])), "no rule system")
    refused(encode(record(options={HOSTILE: "1"}, actions=[])), "has no option")
    refused(encode(record(options={"yssaril": HOSTILE}, actions=[])), "not one of the players")
    refused(encode(record(actions=[{"type": "set_counter", "player": "ann", "counter": HOSTILE, "value": 1}])), "not an action")
    deck = [{"id": HOSTILE, "name": HOSTILE, "windows": [HOSTILE], "timing": "t", "text": "x"}]
    refused(encode(record(deck=deck, actions=[])), "imported deck has a mistake")
    deck = [{"id": "x", "name": "X", "windows": ["action"], "timing": "t", "text": "x", "copies": 10**6}]
    refused(encode(record(deck=deck, actions=[])), "1 to 20")
    deck = [{"id": "x", "name": "X", "windows": ["action"], "timing": "t", "text": "x", "__class__": "os"}]
    refused(encode(record(deck=deck, actions=[])), "unknown field")


def test_absurd_numbers_and_nesting_are_refused_with_a_sentence(tmp_path, no_execution):
    huge = b"9" * 5000
    valid = save_bytes(played_game())
    cases = [
        valid.replace(b'"seed": 7', b'"seed": ' + huge),
        valid.replace(b'"seed": 7', b'"seed": 1e999'),
        valid.replace(b'"version": %d' % savefile.VERSION, b'"version": ' + huge),
        valid.replace(b'"name": ""', b'"name": "", "junk": ' + b"[" * 100_000 + b"]" * 100_000),
        valid.replace(b'"deck": null', b'"deck": ' + b"[" * 50_000 + b"]" * 50_000),
        b'{"format": "actiondeck-save", "version": 1, "x": ' + b"{\"a\":" * 50_000 + b"1" + b"}" * 50_001,
    ]
    for raw in cases:
        assert raw != valid
        refused_on_disk(tmp_path, raw)


# ---- writing safely --------------------------------------------------------------------------


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_write_atomic_writes_the_bytes_and_leaves_no_temp_file(tmp_path):
    path = tmp_path / "game.json"
    durable.write_atomic(path, b"first")
    durable.write_atomic(path, b"second")
    assert path.read_bytes() == b"second"
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("failing", ["replace", "fsync", "write"])
def test_a_failed_write_leaves_the_old_file_intact(tmp_path, monkeypatch, failing):
    path = tmp_path / "game.json"
    old = save_bytes(played_game(), name="old")
    path.write_bytes(old)
    before = sorted(os.listdir(tmp_path))

    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")

    if failing == "replace":
        monkeypatch.setattr(durable.os, "replace", boom)
    elif failing == "fsync":
        monkeypatch.setattr(durable, "fsync_file", boom)
    else:
        real_fdopen = os.fdopen

        class HalfWriter:
            def __init__(self, handle):
                self.handle = handle

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.handle.close()
                return False

            def write(self, data):
                self.handle.write(data[: len(data) // 2])
                raise OSError(28, "No space left on device")

            def __getattr__(self, name):
                return getattr(self.handle, name)

        monkeypatch.setattr(durable.os, "fdopen", lambda fd, mode: HalfWriter(real_fdopen(fd, mode)))
    with pytest.raises(OSError):
        durable.write_atomic(path, b"new and different")
    assert path.read_bytes() == old
    assert sorted(os.listdir(tmp_path)) == before
    # the same failure through write_save is a SaveError sentence
    with pytest.raises(SaveError) as refusal:
        write_save(new_game(), path)
    assert_one_sentence(str(refusal.value))
    assert "could not be saved" in str(refusal.value) and "No space left" in str(refusal.value)
    assert path.read_bytes() == old
    assert leftovers(tmp_path) == []


def test_a_crash_in_the_middle_of_a_save_leaves_the_previous_save(tmp_path):
    """A separate process dies (os._exit) after writing the temp file, before the rename."""
    path = tmp_path / "game.json"
    old = save_bytes(played_game(), name="old")
    path.write_bytes(old)
    script = (
        "import os, sys\n"
        "from pathlib import Path\n"
        "from desktop.storage import durable\n"
        "durable.fsync_file = lambda fd: os._exit(9)\n"
        "durable.write_atomic(Path(sys.argv[1]), b'{\"format\": \"actiondeck-save\"' * 1000)\n"
    )
    done = subprocess.run([sys.executable, "-c", script, str(path)], cwd=ROOT, capture_output=True, check=False)
    assert done.returncode == 9
    assert path.read_bytes() == old
    loaded, _ = load_save(path)
    assert loaded.actions == played_game().actions


def test_a_save_into_a_missing_folder_is_a_sentence(tmp_path):
    with pytest.raises(SaveError) as refusal:
        write_save(new_game(), tmp_path / "no" / "such" / "folder" / "game.json")
    assert_one_sentence(str(refusal.value))
    assert "could not be saved" in str(refusal.value)


def test_a_game_saved_by_the_first_release_keeps_its_rules(tmp_path):
    """A save of format 1 replays with the card rules of its time, though they were corrected
    since (here Direct Hit played by the ship's owner, which the printed card forbids)."""
    from pathlib import Path

    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "legacy-seed-2024-long.json"
    assert b'"version": 1' in fixture.read_bytes() or b'"version":1' in fixture.read_bytes()
    game, record = load_save(fixture)
    assert record.version == savefile.VERSION and record.options["card_rules"] == "0.1"
    assert len(game.actions) == 642
    # the same game in a new save keeps the option, and so replays the same way
    again = tmp_path / "again.json"
    write_save(game, again)
    assert load_save(again)[0].state == game.state


@pytest.mark.parametrize("ruleset_id", ["twilight-imperium", "worlds-that-remember", "future-imperfect"])
def test_a_save_of_format_2_replays_by_the_rules_it_was_played_by(ruleset_id):
    """The corrections from the table came with format 3: a game saved before keeps edition 2
    (a second Morale Boost, Support paid with a Condition, the impulse order stay as played)."""
    from desktop.engine.editions import EDITION, SECOND

    game = Game.new(GameSetup(ruleset=ruleset_id, players=["Ann", "Bo"], seed=3))
    data = msgspec.json.decode(save_bytes(game))
    data["version"] = 2
    data["options"] = {}
    loaded = game_from_record(decode_save(encode(data)))
    assert loaded.setup.options.get(EDITION) == SECOND
    fresh = msgspec.json.decode(save_bytes(game))
    assert fresh["version"] == savefile.VERSION and EDITION not in fresh["options"]  # new games: today's rules


# ---- who the app plays ---------------------------------------------------------------------------


def test_a_save_keeps_who_the_app_plays_and_at_what_setting(tmp_path):
    game = played_game()
    path = tmp_path / "friday.json"
    write_save(game, path, "Friday", {"bo": "standard"})
    assert msgspec.json.decode(path.read_bytes())["app_seats"] == {"bo": {"level": "standard"}}
    loaded, saved = load_save(path)
    assert saved.app_seats == {"bo": savefile.AppSeat(level="standard")}
    assert loaded.actions == game.actions


def test_a_save_of_format_3_has_no_app_seats_and_opens():
    data = record(app_seats=None)
    data["version"] = 3
    saved = decode_save(encode(data))
    assert saved.version == savefile.VERSION and saved.app_seats == {}
    game_from_record(saved)


@pytest.mark.parametrize(
    "seats, words",
    [
        ({"zed": {"level": "standard"}}, ["app_seats names 'zed', who is not a player of this game"]),
        ({"bo": {"level": "Grand master!"}}, ["mistake", "app_seats gives 'bo' the level 'Grand master!'"]),
        ({"bo": {"level": "x" * 41}}, ["mistake", "which is not a level"]),
        ({"bo": {"level": "standard", "evil": 1}}, ["mistake", "evil"]),
        ({"bo": "standard"}, ["mistake", "app_seats"]),
        (["bo"], ["mistake", "$.app_seats"]),
    ],
)
def test_app_seats_that_are_not_the_games_or_not_a_setting_are_refused(seats, words):
    refused(encode(record(app_seats=seats)), *words)
