"""One damaged line anywhere in an autosave: the game resumes with every action before it, the
player is told in one sentence what was left out, and the damaged file is kept beside it
(docs/save-format.md section 4). Every line position, seven kinds of damage."""

from __future__ import annotations

import random

import msgspec
import pytest

from desktop.engine import Game, GameSetup
from desktop.storage import SaveError
from desktop.storage.journal import Journal, is_kept_aside, latest, resume
from desktop.storage.paths import autosave_dir

pytestmark = pytest.mark.usefixtures("toy_ruleset")

SETUP = GameSetup(ruleset="toy-duel", players=["Ann", "Bo", "Cy"], seed=90210)


def played(count: int = 30, seed: int = 7) -> tuple[bytes, list[list]]:
    """A journal of `count` events (actions and undos) as the app writes it, and the game's
    actions after each of its lines (index 0: after the header).

    An undo is recorded only where it leaves nothing more to undo (the action before it drew a
    card): there a second, duplicated undo is refused by the rules and so is seen as damage.
    Where two undos in a row are both allowed, a duplicated undo line is indistinguishable from
    a player pressing Undo twice, and no reader could tell.
    """
    game = Game.new(SETUP)
    journal = Journal.start(game, "Sweep", folder=autosave_dir())
    rng = random.Random(seed)
    after = [[]]
    undos = 0
    while len(after) <= count:
        if len(game.actions) - game.undo_floor == 1 and rng.random() < 0.5:
            game.undo()
            journal.record_undo()
            undos += 1
        else:
            legal = game.legal_actions()
            action = rng.choice(legal)
            game.apply(action)
            journal.record(action)
        after.append(list(game.actions))
    journal.close()
    assert undos >= 3, "the sweep must cross undo lines too"
    data = journal.path.read_bytes()
    journal.path.unlink()
    return data, after


def _flip(line: bytes) -> bytes:
    middle = len(line) // 2
    return line[:middle] + bytes([line[middle] ^ 0x04]) + line[middle + 1:]


DAMAGE = {
    "truncated": lambda lines, i: lines[:i] + [lines[i][: len(lines[i]) // 2]] + lines[i + 1:],
    "flipped byte": lambda lines, i: lines[:i] + [_flip(lines[i])] + lines[i + 1:],
    "invalid utf-8": lambda lines, i: lines[:i] + [lines[i][:5] + b"\xff\xfe" + lines[i][5:]] + lines[i + 1:],
    "removed": lambda lines, i: lines[:i] + lines[i + 1:],
    "duplicated": lambda lines, i: lines[: i + 1] + lines[i:],
    "wrong json type": lambda lines, i: lines[:i] + [b"[" + lines[i] + b"]"] + lines[i + 1:],
    "garbage inserted": lambda lines, i: lines[:i] + [b"\x00\x1bgarbage{]"] + lines[i:],
}


@pytest.fixture(scope="module")
def journal_and_history(toy_ruleset):
    return played()


@pytest.mark.parametrize("kind", DAMAGE)
def test_a_journal_damaged_at_any_one_line_resumes_with_every_action_before_it(kind, journal_and_history, tmp_path):
    data, after = journal_and_history
    lines = data.split(b"\n")[:-1]
    checked = 0
    for index in range(len(lines)):
        damaged = b"\n".join(DAMAGE[kind](lines, index)) + b"\n"
        path = tmp_path / f"{kind.replace(' ', '-')}-{index}.jsonl"
        path.write_bytes(damaged)
        where = f"{kind} at line {index + 1}"
        if index == 0 and kind != "duplicated":  # the header holds the setup: nothing to rebuild
            with pytest.raises(SaveError) as refusal:
                resume(path)
            assert "\n" not in str(refusal.value), where
            assert path.read_bytes() == damaged, where
            continue
        # The actions of the lines before the damage (a duplicated line's first copy is intact).
        before = after[index] if kind == "duplicated" else after[index - 1]
        resumed = resume(path)
        assert resumed.game.actions[: len(before)] == before, where
        assert path.read_bytes() == damaged, f"{where}: resume only reads"
        if resumed.damage is None:
            continue  # damage no reader could see (a byte flipped inside a name, say), or a torn last line
        [sentence] = resumed.warnings
        assert "\n" not in sentence and sentence.endswith("."), where
        assert f"Line {resumed.damage.line} of the autosave is damaged" in sentence, where
        assert resumed.damage.aside.name in sentence, where
        # Going on keeps the damaged file whole beside it and appends after the actions kept.
        journal = Journal.go_on(resumed, path)
        journal.record(resumed.game.legal_actions()[0])
        journal.close()
        assert resumed.damage.aside.read_bytes() == damaged, where
        assert is_kept_aside(resumed.damage.aside)
        again = resume(path)
        assert again.damage is None, where
        assert again.game.actions[:-1] == resumed.game.actions, where
        checked += 1
    assert checked >= len(lines) // 3, f"{kind}: too few positions were seen as damage"


def test_the_sentence_says_what_was_kept_and_what_was_left_out(journal_and_history, tmp_path):
    data, after = journal_and_history
    lines = data.split(b"\n")[:-1]
    actions_before = next(i for i in range(len(after)) if len(after[i]) == 4 and len(after[i + 1]) == 5)
    line = actions_before + 2  # the line of the fifth action
    lines[line - 1] = b"damaged beyond reading"
    path = autosave_dir() / ("ab" * 16 + ".jsonl")
    path.write_bytes(b"\n".join(lines) + b"\n")
    resumed = resume(path)
    assert resumed.game.actions == after[actions_before]
    assert resumed.warnings == [
        f"Line {line} of the autosave is damaged, so the game goes on from the 4 actions before it "
        f"and the {len(lines) - line + 1} lines from there to the end were left out; the damaged "
        f"autosave is kept as {resumed.damage.aside.name}."
    ]
    assert resumed.damage.aside.parent == path.parent
    assert resumed.damage.aside.name.startswith(f"{path.stem}.damaged-")
    Journal.go_on(resumed, path).close()
    # The copy is neither listed, continued nor pruned as a game of its own.
    assert latest() == path
    from desktop.storage import recent

    assert [game.path for game in recent.recent_files()] == [path]


def test_an_undo_the_game_could_not_have_made_stops_the_replay(tmp_path):
    game = Game.new(SETUP)
    journal = Journal.start(game, folder=tmp_path)
    draw = next(action for action in game.legal_actions() if action.type == "draw")
    game.apply(draw)
    journal.record(draw)
    journal.record_undo()  # a draw cannot be undone: a card was seen
    journal.close()
    resumed = resume(journal.path)
    assert resumed.game.actions == [draw]
    assert resumed.damage.line == 3


def test_an_intact_journal_with_undos_resumes_without_a_word(journal_and_history, tmp_path):
    data, after = journal_and_history
    path = tmp_path / "intact.jsonl"
    path.write_bytes(data)
    resumed = resume(path)
    assert resumed.game.actions == after[-1] and resumed.warnings == [] and resumed.damage is None
    expected = Game.replay(SETUP, after[-1])
    assert msgspec.msgpack.encode(resumed.game.state) == msgspec.msgpack.encode(expected.state)
