"""The limits on what a file or a player may declare (docs/save-format.md section 7), one at a time,
at the limit and just over it."""

from __future__ import annotations

import os
import re
from pathlib import Path

import msgspec
import pytest

from desktop.engine import Game, GameSetup, RuleError, SetupError
from desktop.engine.text import check_action, problem, shown
from desktop.storage import SaveError, limits, load_save, save_bytes
from desktop.storage.deckfile import read_deck
from desktop.storage.limits import read_limited
from desktop.storage.savefile import decode_save, game_from_record

CARD = {"name": "X", "windows": ["action"], "timing": "t", "text": "x"}


def one_sentence(error: Exception) -> str:
    message = str(error)
    assert message.endswith(".") and "\n" not in message, message
    assert not re.search(r"[\x00-\x1f\x7f-\x9f]", message), message
    return message


def setup(**changes) -> GameSetup:
    fields = {"ruleset": "twilight-imperium", "players": ["Ann", "Bo"], "seed": 1, **changes}
    return GameSetup(**fields)


# ---- reading ---------------------------------------------------------------------------------


def test_an_ordinary_file_is_read_whole(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"x\r\n" * 1000)
    assert read_limited(path, 3000, "a test file") == b"x\r\n" * 1000


@pytest.mark.skipif(os.name != "posix", reason="links need a privilege on Windows")
def test_links_are_followed_to_an_ordinary_file_and_a_loop_is_a_sentence(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"x")
    link = tmp_path / "link"
    link.symlink_to(path)
    assert read_limited(link, 1000, "a test file") == b"x"
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    with pytest.raises(SaveError) as refusal:
        read_limited(loop, 100, "a test file")
    assert "cannot be read" in one_sentence(refusal.value)


def test_one_byte_over_the_limit_is_refused(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"x" * 1001)
    with pytest.raises(SaveError) as refusal:
        read_limited(path, 1000, "a test file")
    assert one_sentence(refusal.value) == "f is too large to be a test file (1,001 bytes; the most is 1,000 bytes)."


def test_a_file_that_lies_about_its_size_is_read_only_up_to_the_limit():
    status = Path("/proc/self/status")
    if not status.exists():
        pytest.skip("needs /proc")
    assert status.stat().st_size == 0  # what it claims
    with pytest.raises(SaveError) as refusal:
        read_limited(status, 100, "a test file")
    assert one_sentence(refusal.value).endswith("(it holds more than the most, 100 bytes).")


@pytest.mark.parametrize(
    "size, told",
    [
        (8 * 1024 * 1024 + 1, "(8,388,609 bytes; the most is 8,388,608 bytes)"),
        (8 * 1024 * 1024 + 40_000, "(8,428,608 bytes; the most is 8,388,608 bytes)"),  # 8.04 MB
        (8 * 1024 * 1024 + 60_000, "(8.1 MB; the most is 8.0 MB)"),
        (12 * 1024 * 1024, "(12.0 MB; the most is 8.0 MB)"),
    ],
)
def test_the_size_of_a_file_too_large_never_reads_as_the_limit(tmp_path, size, told):
    """'8.0 MB; the most is 8.0 MB' said nothing: where the rounded amounts would be the same,
    both are given in bytes."""
    path = tmp_path / "big.json"
    with open(path, "wb") as handle:
        handle.truncate(size)  # sparse: nothing is written
    with pytest.raises(SaveError) as refusal:
        read_limited(path, 8 * 1024 * 1024, "an Action Deck save")
    assert one_sentence(refusal.value) == f"big.json is too large to be an Action Deck save {told}."


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_a_device_is_refused_without_being_read(device):
    if not Path(device).exists():
        pytest.skip(f"no {device}")
    with pytest.raises(SaveError) as refusal:
        read_limited(Path(device), limits.MAX_BYTES, "an Action Deck save")
    assert "not an ordinary file" in one_sentence(refusal.value)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_with_no_writer_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(SaveError) as refusal:
        read_limited(fifo, limits.MAX_BYTES, "an Action Deck save")
    assert "it is a device, a pipe or a socket" in one_sentence(refusal.value)


def test_a_folder_and_a_missing_file_are_sentences(tmp_path):
    for path, words in ((tmp_path, "is a folder"), (tmp_path / "no", "There is no file")):
        with pytest.raises(SaveError) as refusal:
            read_limited(path, 100, "a test file")
        assert words in one_sentence(refusal.value)


def test_a_path_with_control_characters_is_quoted_escaped(tmp_path):
    with pytest.raises(SaveError) as refusal:
        load_save(tmp_path / "a\x1b[2Jb.json")
    assert "a\\u001b[2Jb.json" in one_sentence(refusal.value)


# ---- text ------------------------------------------------------------------------------------


def test_player_names_up_to_40_characters():
    Game.new(setup(players=["A" * 40, "Bo"]))
    with pytest.raises(SetupError) as refusal:
        Game.new(setup(players=["Ann", "B" * 41]))
    assert one_sentence(refusal.value) == "The name of player 2 is longer than 40 characters."


@pytest.mark.parametrize("bad", ["\x1b[31m", "\x00", "\x85", "\u2028", "\t", "\udcff"])
def test_no_control_character_in_a_name_an_option_or_a_ruleset(bad):
    for changes in ({"players": ["Ann", f"Bo{bad}"]}, {"options": {"yssaril": f"Bo{bad}"}},
                    {"options": {f"k{bad}": "1"}}, {"ruleset": f"twilight{bad}"}):
        with pytest.raises(SetupError) as refusal:
            Game.new(setup(**changes))
        message = one_sentence(refusal.value)
        assert "control character" in message or "not valid text" in message


def test_counts_in_a_setup_are_capped():
    with pytest.raises(SetupError, match="at most 20 players"):
        Game.new(setup(players=[f"p{n}" for n in range(21)]))
    with pytest.raises(SetupError, match="at most 20 options"):
        Game.new(setup(options={f"k{n}": "v" for n in range(21)}))


def test_action_text_up_to_200_characters_and_no_control_characters():
    check_action({"type": "end_turn", "player": "ann", "note": "n" * 200})
    cases = {
        "The action's note is longer than 200 characters.": {"note": "n" * 201},
        "The action's target contains a control character.": {"target": "a\x1b]0;x\x07"},
        "The action's order item 2 contains a control character.": {"order": ["ann", "b\x00"]},
        "The action's cards has more than 100 items.": {"cards": ["ac01"] * 101},
        "The action is nested too deeply to be an action.": {"cards": [[[["x"]]]]},
        "The name of a field of the action contains a control character.": {"\x1b": 1},
    }
    for sentence, fields in cases.items():
        with pytest.raises(RuleError) as refusal:
            check_action({"type": "end_turn", "player": "ann", **fields})
        assert one_sentence(refusal.value) == sentence


def test_decode_action_checks_text_whatever_the_form():
    game = Game.new(setup())
    for data in ({"type": "end_turn", "player": "ann", "note": "\x1b[2J"},
                 '{"type": "end_turn", "player": "ann", "note": "\\u001b[2J"}',
                 b'{"type": "end_turn", "player": "ann", "note": "\\u001b[2J"}'):
        with pytest.raises(RuleError, match="note contains a control character"):
            game.decode_action(data)
    for data in ('{"type": "pass", "player": "\udcff"}', b'{"type": "pass", "player": "\xff"}'):
        with pytest.raises(RuleError) as refusal:
            game.decode_action(data)
        assert "UTF-8" in one_sentence(refusal.value)
    with pytest.raises(RuleError, match="longer than 65,536 characters"):
        game.decode_action('{"type": "pass", "player": "' + "a" * 70_000 + '"}')


def test_shown_escapes_and_cuts():
    assert shown("a\x1b[2J\udcffb") == "a\\u001b[2J\\udcffb"
    assert shown("x" * 300, limit=10) == "xxxxxxx..."
    assert problem("Zoë 李", 40) is None


# ---- declared sizes --------------------------------------------------------------------------


def test_a_deck_of_1000_cards_counting_copies_is_the_most():
    Game.new(setup(deck=[{**CARD, "id": f"c{n}", "copies": 20} for n in range(50)]))
    with pytest.raises(SetupError) as refusal:
        Game.new(setup(deck=[{**CARD, "id": f"c{n}", "copies": 20} for n in range(51)]))
    assert "more than 1,000 cards counting copies" in one_sentence(refusal.value)
    with pytest.raises(SetupError) as refusal:
        Game.new(setup(deck=[{**CARD, "id": f"c{n}"} for n in range(1001)]))
    assert one_sentence(refusal.value) == "The deck lists 1,001 cards; a deck may have at most 1,000."


def test_the_400000_card_save_of_the_issue_is_refused_at_once(tmp_path):
    deck = [{**CARD, "id": f"c{n}", "copies": 20} for n in range(20_000)]
    record = msgspec.json.decode(save_bytes(Game.new(setup())))
    path = tmp_path / "big.json"
    path.write_bytes(msgspec.json.encode({**record, "deck": deck}))
    with pytest.raises(SaveError) as refusal:
        load_save(path)
    assert "The deck lists 20,000 cards" in one_sentence(refusal.value)


def test_card_texts_are_checked():
    with pytest.raises(SetupError) as refusal:
        Game.new(setup(deck=[{**CARD, "id": "c", "text": "x" * 1001}]))
    assert one_sentence(refusal.value) == "The text of card 1 in the deck is longer than 1000 characters."
    with pytest.raises(SetupError, match="name of card 1 in the deck contains a control character"):
        Game.new(setup(deck=[{**CARD, "id": "c", "name": "\x1b[2J"}]))


def test_a_save_may_hold_100000_actions(monkeypatch):
    record = msgspec.json.decode(save_bytes(Game.new(setup())))
    raw = msgspec.json.encode({**record, "actions": [{"type": "pass", "player": "ann"}] * 100_001})
    with pytest.raises(SaveError) as refusal:
        decode_save(raw)
    assert one_sentence(refusal.value) == "The file holds 100,001 actions; a save may hold at most 100,000."


def test_a_saves_own_name_is_checked():
    record = msgspec.json.decode(save_bytes(Game.new(setup())))
    with pytest.raises(SaveError, match="its name contains a control character"):
        game_from_record(decode_save(msgspec.json.encode({**record, "name": "\x1b[2J"})))


def test_a_deck_file_that_is_not_utf8_is_a_sentence(tmp_path):
    path = tmp_path / "deck.json"
    path.write_bytes(b'[{"id": "\xff"}]')
    with pytest.raises(SaveError) as refusal:
        read_deck(path)
    assert one_sentence(refusal.value) == "The deck file deck.json is not text: it holds bytes that are not UTF-8."
