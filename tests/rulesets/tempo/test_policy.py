"""Tempo Combat's app seats (desktop/rulesets/tempo/policy.py) and its games app against app
(versus.py): each level plays whole scenes to their end with no move refused, the same way for the
same seed; the standard level Intercepts where that keeps an ally up and not otherwise, Dual
Wields, Exerts for another Attack (an NPC too, where its sheet lets the GM), plans its Free attack
and strikes the foe it can drop soonest; the learning level is gentler."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from desktop.bots import RandomBot, bot_for
from desktop.engine import registry
from desktop.engine.levels import LEARNING, RANDOM, STANDARD
from desktop.model import versus
from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo.policy import TempoPolicy
from desktop.shipped import resource_path
from tests.rulesets.tempo.helpers import (
    ANN,
    BO,
    GOBLIN,
    ORC,
    advance,
    new,
    plans,
    st,
    take,
    to_turn,
)

RULES = registry.get("tempo")
LEVELS = (LEARNING, STANDARD, RANDOM)


def choice(game, seat: str, level: str = STANDARD, seed: int = 1):
    return TempoPolicy(seed, level).choose(game.legal_actions(seat), game.view(seat))


def test_its_levels_are_its_own_and_random_stays_the_floor():
    assert [level.id for level in RULES.levels] == [LEARNING, STANDARD]
    assert bot_for(RULES, LEARNING, 1).level == LEARNING and bot_for(RULES, STANDARD, 1).level == STANDARD
    assert isinstance(bot_for(RULES, RANDOM, 1), RandomBot)


def struck_while_guarded(ann_hp: int, bo_hp: int, damage: int):
    """Ann Guards Bo at tempo 4; the Goblin's Strike hits Bo for `damage` at 5."""
    game = new()
    plans(game, {"ann": ["guard", "hide"], "bo": ["move", "standard_attack"], "orc": ["help", "slow_attack"],
                 "goblin": ["standard_attack", "shift"]})
    to_turn(game, "ann", 4)
    take(game, "ann", "guard", target="bo", confirm=True)
    advance(game)
    st(game).counters["ann"]["hp"], st(game).counters["bo"]["hp"] = ann_hp, bo_hp
    to_turn(game, "goblin", 5)
    take(game, "goblin", "standard_attack", weapon="Shiv", target="bo")
    game.apply(a.Declare(player="gm", event="hit", character="bo", damage=damage))
    return game


def test_standard_intercepts_for_a_weaker_ally_and_for_one_the_strike_would_drop():
    found = choice(struck_while_guarded(ann_hp=12, bo_hp=5, damage=3), "ann")
    assert isinstance(found, a.React) and found.reaction == "Intercept" and found.confirm
    found = choice(struck_while_guarded(ann_hp=6, bo_hp=4, damage=4), "ann")  # Bo would drop
    assert isinstance(found, a.React) and found.reaction == "Intercept"


def test_standard_lets_a_stronger_ally_take_a_strike_it_survives_and_never_intercepts_to_fall():
    assert choice(struck_while_guarded(ann_hp=5, bo_hp=12, damage=3), "ann") is None
    assert choice(struck_while_guarded(ann_hp=3, bo_hp=2, damage=4), "ann") is None  # Ann would fall instead


def test_every_level_takes_dual_wield_on_its_own_strike():
    for level in (LEARNING, STANDARD):
        game = plans(new(), {"ann": ["guard", "hide"], "bo": ["quick_attack", "move"], "orc": ["help", "slow_attack"],
                             "goblin": ["move", "shift"]})
        to_turn(game, "bo", 3)
        take(game, "bo", "quick_attack", weapon="Dirk", target="goblin")
        found = choice(game, "bo", level)
        assert isinstance(found, a.React) and found.reaction == "Dual Wield", level


def orc_striking(orc=None):
    """The Orc's Slow Attack at 7 is under way (its sheet lets it Exert where `orc` says)."""
    game = new([ANN, BO, orc or dict(ORC, exert=True), GOBLIN])
    plans(game, {"ann": ["hide", "move"], "bo": ["move", "shift"], "orc": ["help", "slow_attack"],
                 "goblin": ["move", "shift"]})
    to_turn(game, "orc", 7)
    take(game, "orc", "slow_attack", weapon="Axe", target="ann")
    return game


def test_standard_npc_exerts_for_another_attack_where_its_sheet_lets_the_gm():
    game = orc_striking()
    found = choice(game, "gm")
    assert isinstance(found, a.Exert) and found.character == "orc"
    assert found.use == "another" and found.action == "slow_attack"
    game.apply(found)
    assert st(game).counters["orc"]["exertion"] == 1


def test_the_learning_level_never_exerts_and_an_npc_whose_sheet_says_nothing_never_does():
    assert not isinstance(choice(orc_striking(), "gm", LEARNING), a.Exert)
    assert not isinstance(choice(orc_striking(dict(ORC)), "gm"), a.Exert)


def test_standard_stops_exerting_where_the_scene_end_would_drop_it():
    game = orc_striking()
    st(game).counters["orc"]["hp"] = 1
    assert not isinstance(choice(game, "gm"), a.Exert)


def test_standard_plans_a_free_attack_first_and_learning_does_not():
    game = new()
    found = choice(game, "ann")
    assert isinstance(found, a.Plan) and game.view("ann").face_of(found.card).title == "Flurry"
    found = choice(game, "ann", LEARNING)
    assert game.view("ann").face_of(found.card).title != "Flurry"


def test_standard_npcs_strike_the_player_character_they_can_drop_soonest():
    game = new()
    plans(game, {"ann": ["hide", "move"], "bo": ["move", "shift"], "orc": ["help", "slow_attack"],
                 "goblin": ["move", "shift"]})
    st(game).counters["bo"]["hp"] = 4
    to_turn(game, "orc", 7)
    found = choice(game, "gm")
    assert isinstance(found, a.Take) and found.target == "bo"


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 2**31), levels=hs.lists(hs.sampled_from(LEVELS), min_size=3, max_size=3))
def test_every_level_plays_a_scene_to_its_end_and_no_move_is_refused(seed, levels):
    game = versus.play("tempo", levels, seed)
    assert game.refused == 0 and game.stalled is None and game.reached_end
    assert game.ended == "Scene 1 is over."
    figures = game.standing.figures
    assert sum(found["won"] for found in figures.values()) in (0, 1, 2)  # one side wins, or nobody
    for kinds in game.answers.values():
        assert all(0 <= taken <= possible for taken, possible in kinds.values())


def test_the_same_seed_plays_the_same_scene():
    first = versus.play("tempo", [STANDARD, LEARNING, STANDARD], 41)
    again = versus.play("tempo", [STANDARD, LEARNING, STANDARD], 41)
    assert first.game.actions == again.game.actions and first.standing.scores == again.standing.scores


def test_the_side_down_loses_the_scene_and_the_winner_scores_it():
    game = versus.play("tempo", [STANDARD, STANDARD, STANDARD], 3)
    figures, scores = game.standing.figures, game.standing.scores
    pcs, gm = figures["ann"], figures["cy"]
    assert pcs["won"] + gm["won"] == 1 and pcs["dealt"] == gm["taken"] and pcs["taken"] == gm["dealt"]
    winner = "ann" if pcs["won"] else "cy"
    assert winner in game.standing.winners and scores[winner] >= 100


def test_actiondeck_versus_plays_tempo_scenes_to_their_end(cli):
    status, out, err = cli("versus", "--system", "tempo", "--games", 2, "--levels", "standard,learning,random",
                           "--seed", 5)
    assert status == 0 and err == ""
    for line in out.splitlines():
        game = json.loads(line)
        assert game["reached_end"] and game["refused"] == 0 and game["end"] == "Scene 1 is over."
        assert set(game["figures"]["ann"]) >= {"won", "dealt", "taken", "rounds", "exerts"}


def test_actiondeck_versus_takes_an_encounter_file_whose_npcs_exert(cli, tmp_path):
    """`actiondeck versus --deck`: the sample encounter with its NPCs allowed to Exert (D1): the
    standard GM Exerts for them, the learning GM never does, and every scene reaches its end."""
    encounter = json.loads(resource_path("tempo", "sample-encounter.json").read_text(encoding="utf-8"))
    for character in encounter["characters"]:
        if character["side"] == "npc":
            character["exert"] = True
    path = tmp_path / "exerting.json"
    path.write_text(json.dumps(encounter), encoding="utf-8")
    for level, exerts in ((STANDARD, True), (LEARNING, False)):
        status, out, err = cli("versus", "--system", "tempo", "--deck", path, "--seats", 3, "--levels", level,
                               "--games", 2, "--seed", 5, "--fixed-seats")
        assert status == 0 and err == ""
        games = [json.loads(line) for line in out.splitlines()]
        assert all(game["reached_end"] and game["refused"] == 0 for game in games)
        assert any(game["figures"]["cy"]["exerts"] > 0 for game in games) == exerts, level


def test_actiondeck_versus_refuses_an_encounter_file_it_cannot_read_in_one_sentence(cli, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"system": "tempo", "characters": [{"name": "Orc", "side": "npc", "hp": -2}]}', encoding="utf-8")
    status, out, err = cli("versus", "--system", "tempo", "--deck", path, "--seats", 3)
    assert status == 2 and out == "" and err.count("\n") == 1 and "Orc" in err


def planned_titles(game, seat: str, level: str) -> list[str]:
    """What the level plans for the seat's character, applied one plan at a time."""
    titles = []
    bot = TempoPolicy(1, level)
    while True:
        found = bot.choose(game.legal_actions(seat), game.view(seat))
        if not isinstance(found, a.Plan):
            return titles
        titles.append(game.view(seat).face_of(found.card).title)
        game.apply(found)


def test_standard_guards_a_weaker_ally_and_learning_never_guards():
    for level, guards in ((STANDARD, True), (LEARNING, False)):
        game = new()
        st(game).counters["bo"]["hp"] = 8
        titles = planned_titles(game, "ann", level)
        assert ("Guard" in titles) == guards, (level, titles)
    game = new()  # Bo has as many HP as Ann: guarding him keeps nobody up longer
    assert "Guard" not in planned_titles(game, "ann", STANDARD)


def test_every_level_answers_a_hit_with_its_sheets_reaction():
    for level in (LEARNING, STANDARD):
        game = plans(new(), {"ann": ["standard_attack", "hide"], "bo": ["move", "shift"], "orc": ["help", "slow_attack"],
                             "goblin": ["move", "shift"]})
        to_turn(game, "ann", 5)
        take(game, "ann", "standard_attack", weapon="Sword", target="orc")
        game.apply(a.Declare(player="ann", event="hit", character="orc", damage=3))
        found = choice(game, "gm", level)
        assert isinstance(found, a.React) and found.reaction == "Riposte" and found.character == "orc", level


def test_every_level_gives_teamwork_to_the_allys_skill_roll():
    for level in (LEARNING, STANDARD):
        game = plans(new(), {"ann": ["help", "hide"], "bo": ["inventory", "hide"], "orc": ["help", "slow_attack"],
                             "goblin": ["move", "shift"]})
        take(game, "ann", "help", target="bo", option="teamwork", confirm=True)
        advance(game)
        to_turn(game, "bo", 6)
        take(game, "bo", "inventory", option="swap", weapon="Knife", item="Crossbow")
        game.apply(a.Declare(player="bo", event="skill", character="bo"))
        found = choice(game, "ann", level)
        assert isinstance(found, a.React) and found.reaction == "Teamwork", level


def attacks_planned(levels: list[str], seed: int) -> dict[str, set[str]]:
    """Each character's Attacks planned over a whole scene app against app: character -> kinds."""
    game = versus.play("tempo", levels, seed).game
    cards = game.state.cards
    found: dict[str, set[str]] = {}
    for act in game.actions:
        if isinstance(act, a.Plan):
            character, action = cards[act.card].split(":", 1)
            if action.endswith("_attack"):
                found.setdefault(character, set()).add(action)
    return found


def test_the_learning_level_strikes_late_in_the_round_and_standard_strikes_first():
    """A learning GM's Goblin, two Quick knives in hand, plans only Slow Attacks (tempo 7) all
    scene, as do the learning player characters, so the other side's Strikes land first; the
    standard level plans the earliest its weapons allow (the Goblin's and Bo's Quick Attack)."""
    late = attacks_planned([LEARNING, LEARNING, LEARNING], 7)
    assert set(late) >= {"goblin", "bo"} and all(kinds == {"slow_attack"} for kinds in late.values()), late
    early = attacks_planned([STANDARD, STANDARD, STANDARD], 7)
    assert early["goblin"] == {"quick_attack"} and early["bo"] == {"quick_attack"}, early


def test_the_learning_gm_plans_a_slow_attack_for_an_npc_with_quick_weapons():
    """The Orc (a Greataxe) and the Goblin (two Quick knives) plan in turn: the learning GM's
    Attacks are both Slow ones, the standard GM's Goblin strikes at tempo 3."""
    for level, attacks in ((LEARNING, ["Slow Attack", "Slow Attack"]), (STANDARD, ["Slow Attack", "Quick Attack"])):
        game = plans(new(), {"ann": ["hide", "move"], "bo": ["move", "shift"]})
        titles = planned_titles(game, "gm", level)
        assert [title for title in titles if title.endswith("Attack")] == attacks, (level, titles)
