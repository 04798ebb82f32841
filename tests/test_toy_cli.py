"""The toy duel (tests/rulesets/toy) through the `actiondeck` command, run in-process: a system
the command line has never heard of is set up, listed, played, refused and replayed as one seat
saw it."""

from __future__ import annotations

import json
import re

import pytest

from desktop.engine import Game
from desktop.engine.views import may_see
from desktop.storage import load_save
from tests.rulesets.toy import CARDS

pytestmark = pytest.mark.usefixtures("toy_ruleset")


def assert_refusal(done: tuple[int, str, str], sentence: str) -> None:
    status, out, err = done
    assert status == 2 and out == ""
    assert err.splitlines() == [f"actiondeck: {sentence}"]


def new_game(cli, path, seed=5, players="Ann,Bo,Cy") -> None:
    status, out, err = cli("new", "toy-duel", "--players", players, "--seed", seed, "-o", path)
    assert status == 0, err
    assert out.startswith(f"New Toy duel game for {players.replace(',', ', ')} (seed {seed})")


def legal(cli, path, *player) -> list[dict]:
    status, out, err = cli("actions", path, *(("--player", player[0]) if player else ()))
    assert status == 0, err
    return json.loads(out)


def play(cli, path, action: dict) -> str:
    status, out, err = cli("play", path, json.dumps(action))
    assert status == 0, err
    return out


def test_rulesets_new_actions_and_play(cli, tmp_path):
    status, out, _ = cli("rulesets")
    assert status == 0 and "toy-duel" in out.splitlines()
    save = tmp_path / "g.json"
    new_game(cli, save)

    everyone = legal(cli, save)
    assert {"type": "draw", "player": "ann"} in everyone
    assert {"type": "end_turn", "player": "ann"} in everyone
    assert {action["type"] for action in legal(cli, save, "bo")} == {"show"}  # not Bo's turn

    out = play(cli, save, {"type": "draw", "player": "ann"})
    assert out.splitlines()[0] == "Ann draws 1 card."
    assert re.fullmatch(r"You drew (Spark|Bolt|Snare|Block|Relic|Feast|Lull)\.", out.splitlines()[1])
    saved = save.read_bytes()

    assert_refusal(cli("play", save, '{"type": "end_turn", "player": "bo"}'), "It is Ann's turn, not yours.")
    assert_refusal(cli("play", save, '{"type": "polish", "player": "ann", "card": "t01"}'),
                   "You can polish only a Relic on your own shelf.")
    status, out, err = cli("play", save, '{"type": "fly", "player": "ann"}')
    assert status == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith("actiondeck: That is not an action of Toy duel")
    assert save.read_bytes() == saved  # nothing written by a refusal

    play(cli, save, {"type": "end_turn", "player": "ann"})
    assert {"type": "draw", "player": "bo"} in legal(cli, save, "bo")


# Each seat draws, plays its first card that needs no target, and ends its turn.
def take_turns(cli, save) -> None:
    for seat in ("ann", "bo", "cy"):
        play(cli, save, {"type": "draw", "player": seat})
        plays = [a for a in legal(cli, save, seat) if a["type"] == "play" and a.get("target") is None]
        if plays:
            play(cli, save, plays[0])
        play(cli, save, {"type": "end_turn", "player": seat})


def seen_by(game: Game, seat: str | None) -> set[str]:
    """Every card `seat` could see at some point of the game (after setup and each action)."""
    replayed = Game.new(game.setup)
    seen: set[str] = set()

    def look() -> None:
        state = replayed.state
        seen.update(card for zone in state.zones.values() for card in zone.cards if may_see(state, zone, card, seat))

    look()
    for action in game.actions:
        replayed.apply(action)
        look()
    return seen


def test_replay_as_a_seat_names_no_card_it_never_saw(cli, tmp_path):
    # A seed where Bo ends up holding a kind of card that Ann never saw a copy of.
    for seed in range(1, 60):
        save = tmp_path / f"g{seed}.json"
        new_game(cli, save, seed=seed)
        take_turns(cli, save)
        game = load_save(save)[0]
        ann_saw = {game.state.cards[card] for card in seen_by(game, "ann")}
        secret = {game.state.cards[card] for card in game.state.zones["grip:bo"].cards} - ann_saw
        if secret:
            break
    else:
        pytest.fail("no seed leaves Bo a card Ann never saw")
    titles = {CARDS[definition].name for definition in secret}
    public_saw = {game.state.cards[card] for card in seen_by(game, None)}
    hidden_from_table = {CARDS[d].name for d in {game.state.cards[c] for c in game.state.cards} - public_saw}

    status, as_ann, err = cli("replay", save, "--as", "ann")
    assert status == 0, err
    assert f"step {len(game.actions)} as Ann saw it" in as_ann
    status, as_ann_json, _ = cli("replay", save, "--as", "ann", "--json")
    status, public, _ = cli("replay", save)
    status, as_bo, _ = cli("replay", save, "--as", "bo")
    for title in titles:
        word = re.compile(rf"\b{title}\b")
        assert not word.search(as_ann), f"Ann's replay names {title}"
        assert not word.search(as_ann_json), f"Ann's replay names {title}"
        assert word.search(as_bo), f"Bo's own replay does not show his {title}"
    for definition in secret:
        assert f'"{definition}"' not in as_ann_json
    for card in game.state.zones["grip:bo"].cards:
        if game.state.cards[card] in secret:
            assert f'"{card}"' not in as_ann_json
    for title in hidden_from_table:
        assert not re.search(rf"\b{title}\b", public), f"the public replay names {title}"
    assert "You drew" not in public and "You drew" in as_ann

    status, out, err = cli("replay", save, "--as", "dee")
    assert_refusal((status, out, err), "There is no player 'dee' in this game; the players are ann, bo, cy.")
