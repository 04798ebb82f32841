"""`actiondeck replay SAVE --as SEAT` shows only what that seat saw."""

from __future__ import annotations

import json

from desktop import cli
from desktop.engine import Game, GameSetup
from desktop.rulesets.twilight_imperium import actions as a
from desktop.rulesets.twilight_imperium.cards import builtin_deck
from desktop.storage import write_save


def played_game() -> Game:
    """Three players draw from Politics; Bo follows, Cy declines; Bo plays a card later."""
    game = Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo", "Cy"], seed=2))
    for action in (
        a.SetInitiative(player="ann", order=["ann", "bo", "cy"]),
        a.Politics(player="ann"),
        a.PoliticsSecondary(player="bo", follow=True),
        a.PoliticsSecondary(player="cy", follow=True),
    ):
        game.apply(action)
    return game


def names_seen_by(game: Game, seat: str) -> set[str]:
    """Card names `seat` could ever have read: its own draws and every public card."""
    seen = set()
    for entries in game.log:
        for entry in entries:
            if entry.seat == seat and entry.text.startswith("You drew "):
                seen.add(entry.text.removeprefix("You drew ").rstrip("."))
    for zone in game.state.zones.values():
        if zone.visibility == "public":
            seen |= {game.ruleset.card_def(game.state, card).name for card in zone.cards}
    return seen


def test_replay_as_a_seat_shows_no_face_that_seat_never_saw(tmp_path, capsys):
    game = played_game()
    save = tmp_path / "game.json"
    write_save(game, save)
    _, defs = builtin_deck()
    everything = {card.name for card in defs.values()}
    in_hands = {
        seat: {game.ruleset.card_def(game.state, c).name for c in game.state.hand(seat)}
        for seat in game.state.seat_ids()
    }

    for seat in game.state.seat_ids():
        assert cli.main(["replay", str(save), "--as", seat]) == 0
        text = capsys.readouterr().out
        assert cli.main(["replay", str(save), "--as", seat, "--json"]) == 0
        report = capsys.readouterr().out
        never_seen = everything - names_seen_by(game, seat)
        for name in never_seen:
            assert name not in text, f"{seat} reads {name} in the text replay"
            assert name not in report, f"{seat} reads {name} in the JSON replay"
        assert in_hands[seat] <= {n for n in everything if n in text}, "a seat's own hand is shown"
        data = json.loads(report)
        assert "state" not in data  # the whole state (every hand, the generator) never
        others = [step for step in data["steps"] if "action" in step and step["action"]["player"] != seat]
        assert others == []


def test_replay_as_an_unknown_seat_is_refused(tmp_path, capsys):
    save = tmp_path / "game.json"
    write_save(played_game(), save)
    assert cli.main(["replay", str(save), "--as", "zed"]) == 2
    assert "There is no player 'zed'" in capsys.readouterr().err
