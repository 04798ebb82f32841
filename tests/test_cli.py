"""The `actiondeck` command's headless interface (DESIGN.md section 2), driven as a user would: in a
separate process, with its exit status, stdout, stderr and the files it leaves."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def run(tmp_path, private_data_dir):
    """Runs `python -m desktop.cli ARGS` from the repository root; returns the CompletedProcess.

    A bare file name argument ("g.json") stands for that file in tmp_path.
    """
    env = dict(os.environ)
    env["ACTIONDECK_DATA_DIR"] = str(private_data_dir)
    env.pop("ACTIONDECK_STARTUP_PROBE", None)

    def run(*args: str) -> subprocess.CompletedProcess:
        args = tuple(str(tmp_path / arg) if re.fullmatch(r"[\w.-]+\.json", arg) else arg for arg in args)
        return subprocess.run(
            [sys.executable, "-m", "desktop.cli", *args],
            cwd=ROOT, env=env, capture_output=True, check=False, text=True, timeout=120,
        )

    return run


@pytest.fixture
def save(run, tmp_path) -> Path:
    done = run("new", "twilight-imperium", "--players", "Ann,Bo,Cy", "--seed", "7", "-o", "g.json")
    assert done.returncode == 0, done.stderr
    return tmp_path / "g.json"


def assert_refusal(done: subprocess.CompletedProcess, *words: str) -> str:
    """Exit status 2 and one plain sentence on stderr, no traceback, nothing on stdout."""
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    line = lines[0]
    assert line.startswith("actiondeck: ") and line.endswith("."), line
    sentence = line.removeprefix("actiondeck: ")
    assert not re.search(r"[.!?] +[A-Z]", sentence.rstrip(".")), f"more than one sentence: {sentence}"
    for word in words:
        assert word.lower() in sentence.lower(), f"{word!r} not in {sentence!r}"
    return sentence


def test_rulesets_lists_twilight_imperium(run):
    done = run("rulesets")
    assert done.returncode == 0, done.stderr
    assert "twilight-imperium" in done.stdout.splitlines()


def test_new_writes_a_save_file(run, save):
    from desktop.storage import savefile

    data = json.loads(save.read_text())
    assert data["format"] == "actiondeck-save" and data["version"] == savefile.VERSION
    assert data["ruleset"] == "twilight-imperium"
    assert data["players"] == ["Ann", "Bo", "Cy"] and data["seed"] == 7
    assert data["actions"] == []


def test_new_with_options_and_a_deck(run, tmp_path):
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps({"cards": [
        {"id": "sab", "name": "Sabotage", "windows": ["sabotage"], "timing": "t", "text": "x", "copies": 3},
    ]}))
    done = run("new", "twilight-imperium", "--players", "Ann,Bo", "--seed", "1", "--option", "yssaril=Bo",
               "--deck", "deck.json", "-o", "d.json")
    assert done.returncode == 0, done.stderr
    data = json.loads((tmp_path / "d.json").read_text())
    assert data["options"] == {"yssaril": "Bo"}
    assert [card["id"] for card in data["deck"]] == ["sab"]
    replayed = json.loads(run("replay", "d.json", "--json").stdout)
    assert len(replayed["state"]["zones"]["deck"]["cards"]) == 3


def test_new_refuses_to_overwrite_without_force(run, save):
    before = save.read_bytes()
    assert_refusal(run("new", "twilight-imperium", "--players", "X,Y", "-o", "g.json"), "already exists", "--force")
    assert save.read_bytes() == before
    done = run("new", "twilight-imperium", "--players", "X,Y", "--seed", "3", "-o", "g.json", "--force")
    assert done.returncode == 0, done.stderr
    assert json.loads(save.read_text())["players"] == ["X", "Y"]


def test_new_refuses_a_bad_setup_without_writing(run, tmp_path):
    assert_refusal(run("new", "chess", "--players", "Ann,Bo", "-o", "x.json"), "no rule system called 'chess'")
    assert_refusal(run("new", "twilight-imperium", "--players", "Ann", "-o", "x.json"), "2 to 8 players")
    assert_refusal(run("new", "twilight-imperium", "--players", "Ann,Bo", "--option", "nope", "-o", "x.json"),
                   "KEY=VALUE")
    assert_refusal(run("new", "twilight-imperium", "--players", "Ann,Bo", "--option", "magic=1", "-o", "x.json"),
                   "has no option 'magic'; its options are agenda")
    assert not (tmp_path / "x.json").exists()


@pytest.mark.parametrize(
    "content, words",
    [
        (b"{not json", "not valid JSON"),
        (b'{"cards": 5}', "list of cards"),
        (b'[{"id": "x"}]', "imported deck has a mistake"),
        (b'[{"id": "x", "name": "X", "windows": ["fly"], "timing": "t", "text": "x"}]', "mistake"),
        (b"[" * 100_000 + b"]" * 100_000, "deck file"),
    ],
    ids=["malformed", "no list", "missing fields", "unknown window", "deeply nested"],
)
def test_new_refuses_a_bad_deck_file(run, tmp_path, content, words):
    (tmp_path / "deck.json").write_bytes(content)
    assert_refusal(run("new", "twilight-imperium", "--players", "Ann,Bo", "--deck", "deck.json", "-o", "x.json"),
                   words)
    assert not (tmp_path / "x.json").exists()


def test_every_listed_action_is_accepted_by_play(run, save, tmp_path):
    done = run("actions", "g.json")
    assert done.returncode == 0, done.stderr
    listed = json.loads(done.stdout)
    assert isinstance(listed, list) and listed
    assert all(isinstance(item, dict) and "type" in item and "player" in item for item in listed)
    assert {item["player"] for item in listed} == {"ann", "bo", "cy"}
    assert {"type": "set_initiative", "order": ["ann", "bo", "cy"], "player": "ann"} in listed
    # the first through the command itself
    first = run("play", "g.json", json.dumps(listed[0]))
    assert first.returncode == 0, first.stderr
    assert first.stdout.strip()  # what happened, in words
    assert json.loads(save.read_text())["actions"] == [listed[0]]


def test_each_action_the_command_lists_is_accepted(tmp_path, save, monkeypatch, capsys):
    """Every action `actions` prints, played on a copy of the save (in-process, for speed)."""
    from desktop.cli import main

    monkeypatch.chdir(tmp_path)
    # move the game on so that the list holds plays, Sabotage and windows: Politics, then a window
    for action in (
        {"type": "set_initiative", "order": ["ann", "bo", "cy"], "player": "ann"},
        {"type": "politics", "player": "ann"},
        {"type": "politics_secondary", "follow": True, "player": "bo"},
        {"type": "politics_secondary", "follow": True, "player": "cy"},
        {"type": "declare", "event": "combat-round-start", "player": "bo"},
    ):
        assert main(["play", "g.json", json.dumps(action)]) == 0
    capsys.readouterr()
    assert main(["actions", "g.json", "--all-seats"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert any(item["type"] == "pass" for item in listed)
    original = save.read_bytes()
    for item in listed:
        trial = tmp_path / "trial.json"
        trial.write_bytes(original)
        assert main(["play", "trial.json", json.dumps(item)]) == 0, item
    # --player narrows the list to that seat
    capsys.readouterr()
    assert main(["actions", "g.json", "--player", "cy"]) == 0
    mine = json.loads(capsys.readouterr().out)
    assert mine and all(item["player"] == "cy" for item in mine)
    assert mine == [item for item in listed if item["player"] == "cy"]


def test_actions_shows_only_what_every_seat_sees_unless_asked_for_the_whole_table(save, monkeypatch, capsys):
    """A shared screen: `actions SAVE` names no card in anybody's hand; `--player` adds that
    player's own; `--all-seats` names every card (docs/actions.md section 2)."""
    from desktop.cli import main
    from desktop.storage import load_save

    monkeypatch.chdir(save.parent)
    for action in (
        {"type": "set_initiative", "order": ["ann", "bo", "cy"], "player": "ann"},
        {"type": "politics", "player": "ann"},
        {"type": "politics_secondary", "follow": True, "player": "bo"},
        {"type": "politics_secondary", "follow": True, "player": "cy"},
    ):
        assert main(["play", "g.json", json.dumps(action)]) == 0
    game, _ = load_save(save)
    hands = {seat: set(game.state.zones[f"hand:{seat}"].cards) for seat in ("ann", "bo", "cy")}
    assert all(hands.values())

    def listed(*extra) -> list[dict]:
        capsys.readouterr()
        assert main(["actions", "g.json", *extra]) == 0
        return json.loads(capsys.readouterr().out)

    def cards_in(items) -> set[str]:
        return {value for item in items for value in json.dumps(item).split('"') if value in game.state.cards}

    public, everything = listed(), listed("--all-seats")
    assert public and cards_in(public).isdisjoint(set().union(*hands.values()))
    assert cards_in(everything) & hands["bo"] and cards_in(everything) & hands["cy"]
    assert all(item in everything for item in public)
    own = listed("--player", "bo")
    assert cards_in(own) & hands["bo"] and cards_in(own).isdisjoint(hands["ann"] | hands["cy"])
    assert main(["actions", "g.json", "--player", "bo", "--all-seats"]) == 2


def test_a_mistake_in_an_action_is_said_in_words(run, save):
    sentence = assert_refusal(
        run("play", "g.json", '{"type": "set_counter", "player": "ann", "counter": "hand_limit", "value": true}')
    )
    assert sentence == (
        "That is not an action of Twilight Imperium action cards: its field 'value' must be a whole "
        "number, not true."
    )
    assert "`" not in assert_refusal(run("play", "g.json", '{"type": "set_initiative", "player": "ann", "order": [1]}'),
                                     "item 1 of the field 'order' must be text, not 1")
    assert_refusal(run("play", "g.json", '{"type": "set_counter", "player": "ann", "counter": "luck", "value": 1}'),
                   "its field 'counter' cannot be the text 'luck'; it must be one of hand_limit")
    assert_refusal(run("play", "g.json", '{"type": "politics", "player": "ann", "evil": 1}'),
                   "a politics action has no field 'evil'; its fields are player")
    assert_refusal(run("play", "g.json", '{"type": "politics"}'), "a politics action needs the field 'player'")
    assert_refusal(run("play", "g.json", '{"type": "fly", "player": "ann"}'), "there is no action called 'fly'")
    assert_refusal(run("play", "g.json", "[1, 2]"), "an action is a JSON object")


def test_a_refusal_shortens_a_value_of_thousands_of_characters(run, save):
    sentence = assert_refusal(run("new", "twilight-imperium", "--players", "Ann,Bo", "--seed", "9" * 4301,
                                  "-o", "x.json"))
    assert len(sentence) < 200 and "(4,303 characters)" in sentence


@pytest.mark.skipif(os.name != "posix", reason="links, pipes and devices as POSIX has them")
def test_new_writes_only_over_an_ordinary_file(run, tmp_path):
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    assert_refusal(run("new", "twilight-imperium", "--players", "Ann,Bo", "-o", str(loop)),
                   "could not be saved", "symbolic links")
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    assert_refusal(run("new", "twilight-imperium", "--players", "Ann,Bo", "-o", str(fifo), "--force"),
                   "not an ordinary file")
    assert fifo.is_fifo()
    if os.geteuid() == 0:  # only root may make a device, and only root would have it replaced
        device = tmp_path / "null.json"
        os.mknod(device, 0o600 | 0o020000, os.makedev(1, 3))
        assert_refusal(run("new", "twilight-imperium", "--players", "Ann,Bo", "-o", str(device), "--force"),
                       "not an ordinary file")
        assert device.is_char_device()
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
        ["loop.json", "pipe.json"] + (["null.json"] if os.geteuid() == 0 else []))


def test_play_refuses_the_action_after_the_most_a_save_may_hold(tmp_path, monkeypatch, capsys):
    """The writer keeps the reader's limits: a save the app would refuse is never written."""
    from desktop.cli import main
    from desktop.storage import limits, savefile

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(limits, "MAX_ACTIONS", 2)
    monkeypatch.setattr(savefile, "MAX_ACTIONS", 2)
    assert main(["new", "twilight-imperium", "--players", "Ann,Bo", "--seed", "3", "-o", "g.json"]) == 0
    for action in ({"type": "set_initiative", "order": ["ann", "bo"], "player": "ann"},
                   {"type": "set_counter", "counter": "hand_limit", "value": 8, "player": "bo"}):
        assert main(["play", "g.json", json.dumps(action)]) == 0
    before = (tmp_path / "g.json").read_bytes()
    capsys.readouterr()
    assert main(["play", "g.json", json.dumps({"type": "set_counter", "counter": "hand_limit", "value": 9,
                                               "player": "bo"})]) == 2
    assert capsys.readouterr().err == (
        "actiondeck: The game already holds 2 actions, the most a save or an autosave may hold; no "
        "more can be played in it.\n"
    )
    assert (tmp_path / "g.json").read_bytes() == before


def test_an_illegal_play_is_refused_and_the_file_is_unchanged(run, save):
    before = save.read_bytes()
    assert_refusal(run("play", "g.json", '{"type": "pass", "player": "ann"}'), "No timing window is open")
    assert_refusal(run("play", "g.json", '{"type": "end_turn", "player": "bo"}'), "action phase")
    assert_refusal(run("play", "g.json", '{"type": "fly", "player": "bo"}'), "not an action")
    assert_refusal(run("play", "g.json", "{not json"), "not an action")
    assert_refusal(run("play", "g.json", '{"type": "pass", "player": "zed"}'), "no player 'zed'")
    assert save.read_bytes() == before


def test_actions_for_an_unknown_player_is_refused(run, save):
    assert_refusal(run("actions", "g.json", "--player", "zed"), "no player 'zed'")


@pytest.mark.parametrize("command", [("actions",), ("play", '{"type": "pass", "player": "ann"}'), ("replay",)])
def test_bad_save_files_are_refused_and_left_unchanged(run, save, tmp_path, command):
    good = save.read_bytes()
    newer = json.loads(good)
    newer["version"] = 99
    cases = {
        "truncated": (good[: len(good) // 2], "ends too early"),
        "malformed": (b'{"format": "actiondeck-save",, "version": 1}', "not well-formed JSON"),
        "newer": (json.dumps(newer).encode(), "newer Action Deck"),
        "not a save": (b'{"hello": 1}', "not an Action Deck save"),
        "missing": (None, "There is no file"),
    }
    for name, (content, words) in cases.items():
        path = tmp_path / f"{name}.json"
        if content is not None:
            path.write_bytes(content)
        assert_refusal(run(command[0], str(path), *command[1:]), words)
        if content is not None:
            assert path.read_bytes() == content, f"the {name} file was changed"
        else:
            assert not path.exists()


def test_replay_json_prints_every_step_and_the_state(run, save):
    for action in (
        {"type": "set_initiative", "order": ["bo", "cy", "ann"], "player": "ann"},
        {"type": "politics", "player": "bo"},
    ):
        assert run("play", "g.json", json.dumps(action)).returncode == 0
    done = run("replay", "g.json", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert [step["step"] for step in report["steps"]] == [1, 2]
    assert report["steps"][1]["action"] == {"type": "politics", "player": "bo"}
    assert any(line["seat"] == "bo" and line["text"].startswith("You drew") for line in report["steps"][1]["log"])
    state = report["state"]
    assert state["phase"] == "action" and state["initiative"] == ["bo", "cy", "ann"]
    assert len(state["zones"]["hand:bo"]["cards"]) == 2
    assert len(state["zones"]["deck"]["cards"]) == 78


def test_replay_text_shows_only_public_lines(run, save):
    assert run("play", "g.json", '{"type": "set_initiative", "order": ["ann", "bo", "cy"], "player": "ann"}').returncode == 0
    assert run("play", "g.json", '{"type": "politics", "player": "ann"}').returncode == 0
    done = run("replay", "g.json")
    assert done.returncode == 0, done.stderr
    assert "Ann draws 2 action cards." in done.stdout
    assert "You drew" not in done.stdout
    assert "Ann's hand: 2 card(s)" in done.stdout


def test_the_same_seed_gives_the_same_game(run, tmp_path):
    for name in ("a.json", "b.json"):
        assert run("new", "twilight-imperium", "--players", "Ann,Bo", "--seed", "99", "-o", name).returncode == 0
    states = [json.loads(run("replay", name, "--json").stdout)["state"] for name in ("a.json", "b.json")]
    assert states[0] == states[1]


def test_headless_subcommands_never_import_qt(tmp_path, save):
    code = (
        "import sys\n"
        "from desktop.cli import main\n"
        "main(['rulesets'])\n"
        "main(['actions', sys.argv[1]])\n"
        "main(['play', sys.argv[1], '{\"type\": \"set_initiative\", \"order\": [\"ann\", \"bo\", \"cy\"], \"player\": \"ann\"}'])\n"
        "main(['replay', sys.argv[1], '--json'])\n"
        "main(['new', 'twilight-imperium', '--players', 'A,B', '-o', sys.argv[1] + '.new'])\n"
        "assert 'PySide6' not in sys.modules, 'PySide6 was imported'\n"
        "assert 'shiboken6' not in sys.modules, 'shiboken6 was imported'\n"
        "print('no qt')\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(save)], cwd=ROOT, capture_output=True, check=False, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("no qt")


def test_rulesets_alone_does_not_import_qt():
    code = "import sys; from desktop.cli import main; main(['rulesets']); assert 'PySide6' not in sys.modules"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, check=False, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    ids = done.stdout.split()
    assert "twilight-imperium" in ids and ids == sorted(ids)  # one id a line


def test_an_oversized_deck_file_is_refused_before_it_is_read(tmp_path, monkeypatch, capsys):
    from desktop.cli import main
    from desktop.storage import limits

    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps([
        {"id": "sab", "name": "Sabotage", "windows": ["sabotage"], "timing": "t", "text": "x"},
    ]))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(limits, "MAX_BYTES", deck.stat().st_size - 1)
    assert main(["new", "twilight-imperium", "--players", "Ann,Bo", "--deck", "deck.json", "-o", "x.json"]) == 2
    assert "too large" in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()


def test_argparse_mistakes_are_one_sentence_too(run):
    assert_refusal(run("new", "twilight-imperium"), "the following arguments are required", "--help")
    assert_refusal(run("frob"), "invalid choice: 'frob'")
    assert_refusal(run("rulesets", "\x1b[2J"), "Unrecognized arguments: \\u001b[2J")


@pytest.mark.skipif(os.name != "posix", reason="POSIX file names and command lines")
def test_an_argument_that_is_not_utf8_is_refused(tmp_path, private_data_dir):
    env = {**os.environ, "ACTIONDECK_DATA_DIR": str(private_data_dir)}
    done = subprocess.run(
        [sys.executable, "-m", "desktop.cli", "new", "twilight-imperium", "--players", b"A\xffnn,Bo",
         "-o", str(tmp_path / "x.json")],
        cwd=ROOT, env=env, capture_output=True, check=False, timeout=120,
    )
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr == (
        b"actiondeck: Argument 4 of the command line is not valid text: it holds bytes that are not UTF-8.\n"
    )
    assert not (tmp_path / "x.json").exists()


@pytest.mark.skipif(os.name != "posix", reason="POSIX file names and command lines")
def test_a_path_with_control_characters_is_printed_escaped(run, tmp_path):
    done = run("new", "twilight-imperium", "--players", "Zoë,李", "--seed", "1", "-o", str(tmp_path / "a\x1b[2J.json"))
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout and "a\\u001b[2J.json" in done.stdout
    assert "Zoë, 李" in done.stdout
