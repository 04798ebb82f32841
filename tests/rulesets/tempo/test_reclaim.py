"""Reclaim out of combat (issue 26, item 19; T55): at the end of a scene the Mana committed for
the scene and indefinitely comes back (D31: none committed for the day); a Shallow Rest reclaims
1 Mana committed for the day, a Deep Rest all of it."""

from __future__ import annotations

from desktop.rulesets.tempo import actions as a
from tests.rulesets.tempo.helpers import (
    ANN,
    BO,
    GOBLIN,
    ORC,
    advance,
    lines,
    new,
    plans,
    refused,
    st,
    take,
    to_turn,
)

PLANS = {"ann": [("magic", -1, "Spark"), "move"], "bo": ["move", "hide"], "orc": ["mark", "slow_attack"],
         "goblin": ["move", "shift"]}


def mana(game, character: str) -> tuple[int, int, int, int]:
    values = st(game).counters[character]
    return values["mana"], values["mana_scene"], values["mana_day"], values["mana_ever"]


def cast(game, tier: str, amount: int = 2) -> None:
    to_turn(game, "ann", 5)
    take(game, "ann", "magic", amount=amount, tier=tier)
    advance(game)


def test_T55_D31_the_end_of_a_scene_reclaims_the_scene_and_the_indefinite_mana():
    game = plans(new(), PLANS)
    cast(game, "scene")
    st(game).counters["ann"]["mana_ever"], st(game).counters["ann"]["mana_day"] = 1, 1  # from earlier spells
    assert mana(game, "ann") == (1, 2, 1, 1)
    outcome = game.apply(a.EndScene(player="gm"))
    assert mana(game, "ann") == (4, 0, 1, 0)  # the day's stays committed; none more committed for it
    assert "Ann Reclaims 3 Mana committed for the scene and indefinitely at the end of the scene (T55); Mana 4." \
        in lines(outcome)


def test_T55_an_npcs_reclaim_is_told_to_the_gm_alone():
    shaman = {**ORC, "name": "Shaman", "mana": 4}
    game = new([ANN, BO, shaman, GOBLIN])
    st(game).counters["shaman"]["mana"], st(game).counters["shaman"]["mana_scene"] = 2, 2
    game.apply(a.EndScene(player="gm"))
    said = "Shaman Reclaims 2 Mana committed for the scene and indefinitely at the end of the scene (T55); Mana 4."
    assert said in game.log_for("gm") and said not in game.log_for("ann") and said not in game.log_for(None)


def test_T55_a_shallow_rest_reclaims_one_mana_of_the_day_and_a_deep_rest_all():
    game = new()
    values = st(game).counters["ann"]
    values["mana"], values["mana_scene"], values["mana_day"], values["mana_ever"] = 0, 1, 2, 1
    listed = [act for act in game.legal_actions("ann") if isinstance(act, a.Rest)]
    assert listed == [a.Rest(player="ann", character="ann", depth="shallow"),
                      a.Rest(player="ann", character="ann", depth="deep")]
    outcome = game.apply(a.Rest(player="ann", character="ann", depth="shallow"))
    assert mana(game, "ann") == (1, 1, 1, 1)
    assert lines(outcome) == ["Ann takes a Shallow Rest: Reclaims 1 Mana (T55); Mana 1."]
    game.apply(a.Rest(player="ann", character="ann", depth="deep"))
    assert mana(game, "ann") == (4, 0, 0, 0)
    refused(game, a.Rest(player="ann", character="ann", depth="shallow"), "no Mana committed for the day")
    refused(game, a.Rest(player="ann", character="ann", depth="deep"), "no committed Mana")
    assert not any(isinstance(act, a.Rest) for act in game.legal_actions("ann"))


def test_T55_a_rest_is_its_own_seats_and_out_of_combat():
    game = plans(new(), PLANS)
    st(game).counters["ann"]["mana_day"] = 1
    refused(game, a.Rest(player="bo", character="ann", depth="shallow"), "Ann rests when Ann says so.")
    to_turn(game, "ann", 4)
    take(game, "ann", "move", option="move")
    refused(game, a.Rest(player="ann", character="ann", depth="shallow"), "a Rest is out of combat")


def test_T55_games_of_edition_4_reclaim_nothing_at_the_end_of_a_scene():
    game = plans(new(edition="4"), PLANS)
    cast(game, "scene")
    game.apply(a.EndScene(player="gm"))
    assert mana(game, "ann") == (1, 2, 0, 0)
