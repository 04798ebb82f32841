"""`actiondeck versus`: games with every seat the app's, each at a level, to the end the system
states, one JSON line per game (desktop/model/versus.py); refusals in one sentence."""

from __future__ import annotations

import json

import pytest

TI = "twilight-imperium"


def lines(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def test_each_game_prints_one_json_line_and_reaches_its_end(cli):
    status, out, err = cli("versus", "--system", TI, "--games", 3, "--levels", "standard,learning,random",
                           "--seed", 11, "--rounds", 2)
    assert status == 0 and err == ""
    games = lines(out)
    assert [game["seed"] for game in games] == [11, 12, 13]
    for number, game in enumerate(games):
        assert game["system"] == TI and game["reached_end"] and game["refused"] == 0
        assert game["end"] == "The session is over (round 2)."
        assert game["actions"] > game["table_actions"] > 0
        levels = ["standard", "learning", "random"]
        turned = levels[-number:] + levels[:-number] if number else levels
        assert [seat["level"] for seat in game["seats"]] == turned  # the levels move a seat on each game
        assert set(game["scores"]) == {seat["seat"] for seat in game["seats"]}
        assert game["winners"] and set(game["winners"]) <= set(game["scores"])
        assert game["measure"] and set(game["figures"]["ann"]) >= {"took_effect", "hurt_by", "sabotages"}
        for kinds in game["answers"].values():
            assert all(0 <= taken <= possible for taken, possible in kinds.values())


def test_one_level_is_every_seats_and_fixed_seats_keep_their_places(cli):
    status, out, _ = cli("versus", "--system", TI, "--games", 2, "--seats", 2, "--levels", "learning",
                         "--seed", 5, "--rounds", 1, "--fixed-seats")
    assert status == 0
    for game in lines(out):
        assert [seat["level"] for seat in game["seats"]] == ["learning", "learning"] and game["reached_end"]


def test_a_system_with_an_end_of_its_own_reaches_it_unmeasured(cli, monkeypatch):
    """A system that declares no `versus` plays to its own end: the line says so, with no scores
    (Worlds That Remember, its own `versus` taken away: its Scene ends by its rules)."""
    from desktop.engine import registry

    monkeypatch.setattr(registry.get("worlds-that-remember"), "versus", None)
    status, out, _ = cli("versus", "--system", "worlds-that-remember", "--levels", "standard,random", "--seed", 2)
    (game,) = lines(out)
    assert status == 0 and game["reached_end"] and game["refused"] == 0 and "scores" not in game


@pytest.mark.parametrize(
    "args, words",
    [
        (["--system", "chess"], "no rule system called 'chess'"),
        (["--system", TI, "--levels", "standard,grandmaster"], "has no level 'grandmaster'; its levels are learning, standard, random"),
        (["--system", TI, "--seats", "3", "--levels", "standard,random"], "2 levels for 3 seats"),
        (["--system", TI, "--levels", "standard"] + ["--seats", "9"], "played by 2 to 8 seats; 9 were given"),
        (["--system", TI, "--games", "0"], "--games and --rounds must be at least 1"),
    ],
)
def test_what_cannot_be_played_is_refused_in_one_sentence(cli, args, words):
    status, out, err = cli("versus", *args)
    assert status == 2 and out == ""
    assert words in err and err.count("\n") == 1
