"""The summary at a game's end (engine/summary.py): every system's game played to its end by a
person and the app has a summary with the platform's sections and the system's own, naming no
card that is hidden at the end and was never shown to everyone; what each system counts is right
on a game arranged for it; the text export holds every section."""

from __future__ import annotations

import re

import pytest

from desktop.engine import Game, GameSetup
from desktop.engine.summary import Record, summarize
from tests.engine.game_ends import SYSTEMS, play

# The sections each system's summary has at the end of a game: the platform's first two, then the
# system's, and the platform's "At the end" last.
PLATFORM = ["The players", "Who did what"]
LAST = "At the end"
SECTIONS = {
    "twilight-imperium": ["Action cards played"],
    "worlds-that-remember": ["Rolls and checks won", "Support"],
    "future-imperfect": [],  # a session may end before any check: its checks are shown when there are some
    "price-of-power": ["Cards played"],
    "tempo": ["Actions taken", "Damage"],
}


def hidden_names(game: Game) -> set[str]:
    """Names of the cards some seat holds unseen by the others at the end, that no line everyone
    read ever named: what a summary must never say."""
    public = game.view(None)
    seen = {entry.id for zone in public.zones.values() for entry in zone.cards if entry is not None}
    said = "\n".join(entry.text for entries in game.log for entry in entries if entry.seat is None)
    names = set()
    for seat in game.state.seat_ids():
        view = game.view(seat)
        for zone in view.zones.values():
            for entry in zone.cards:
                if entry is not None and entry.id not in seen:
                    names.add(view.card_name(entry.id))
    return {name for name in names if not re.search(rf"\b{re.escape(name)}\b", said)}


def give(game: Game, seat: str, name: str) -> str:
    """A copy of the named card moved from the deck into `seat`'s hand (the tally reads the
    actions, not a replay, so the arranged hand counts as dealt)."""
    deck = game.state.zones["deck"].cards
    card = next(card for card in deck if game.ruleset.card_def(game.state, card).name == name)
    deck.remove(card)
    game.state.zones[f"hand:{seat}"].cards.append(card)
    return card


def leaks(text: str, names: set[str]) -> list[str]:
    return sorted(name for name in names if re.search(rf"\b{re.escape(name)}\b", text))


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_systems_game_ends_with_a_summary_that_leaks_no_hidden_card(system):
    checked = 0
    for seed in range(3):
        ending = play(system, "person", seed, keep=True)
        game = ending.game
        summary = summarize(game, dict.fromkeys(ending.app_seats, "the app (Standard)"))
        assert summary.ended == ending.ended and summary.ended is not None
        titles = [section.title for section in summary.sections]
        assert titles[:2] == PLATFORM and titles[-1] == LAST
        assert all(title in titles for title in SECTIONS[system]), titles
        text = summary.text()
        assert text.splitlines()[0] == summary.title and summary.title.startswith(game.ruleset.title)
        for title in titles:
            assert f"\n{title}\n" in text
        hidden = hidden_names(game)
        assert not leaks(text, hidden), f"seed {seed}: the summary names hidden cards"
        checked += len(hidden)
    assert system == "future-imperfect" or checked, "no hidden card at any end: the check checked nothing"


def test_who_played_each_seat_and_each_seats_moves_by_kind():
    from desktop.rulesets.twilight_imperium import actions as a

    game = Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo"], seed=3))
    game.apply(a.SetInitiative(player="ann", order=["ann", "bo"]))
    game.apply(a.EndTurn(player="ann"))
    summary = summarize(game, {"bo": "the app (Learning)"})
    assert summary.ended is None and summary.title.endswith("the game goes on.")
    players, moves = summary.sections[0], summary.sections[1]
    assert players.lines == ("Ann: a person", "Bo: the app (Learning)", "2 moves in all.")
    assert moves.lines == ("Ann: 2 moves: Enter the initiative order \u00d71, End turn \u00d71.", "Bo: 0 moves.")
    assert [(figure.label, figure.value) for figure in moves.figures] == [("Ann", 2), ("Bo", 0)]


def test_twilight_imperium_counts_cards_resolved_and_cancelled_by_sabotage():
    from desktop.rulesets.twilight_imperium import actions as a

    game = Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo", "Cy"], seed=11))
    game.apply(a.SetInitiative(player="ann", order=["ann", "bo", "cy"]))
    played = give(game, "ann", "Economic Initiative")
    sabotage = give(game, "bo", "Sabotage")
    game.apply(a.Play(player="ann", card=played, confirm=True))
    game.apply(a.Play(player="bo", card=sabotage))
    sections = {section.title: section for section in summarize(game).sections}
    assert sections["Action cards played"].lines[0] == "Ann: Economic Initiative (cancelled by Bo's Sabotage)."
    assert sections["Sabotage"].lines == ("Bo cancelled Ann's Economic Initiative.",)


def test_tempo_counts_strikes_and_the_damage_of_hits_as_each_turn_ends():
    from desktop.rulesets.tempo import actions as a
    from tests.rulesets.tempo.helpers import advance, new, plans, take, to_turn

    game = plans(new(), {"ann": ["quick_attack", "move"], "bo": ["move", "hide"],
                         "orc": ["mark", "slow_attack"], "goblin": ["quick_attack", "move"]})
    to_turn(game, "ann", 3)
    take(game, "ann", "quick_attack", weapon="Dagger", target="goblin")
    game.apply(a.Declare(player="ann", event="hit", character="goblin", damage=4))
    advance(game)
    sections = {section.title: section for section in summarize(game).sections}
    damage = sections["Damage"]
    assert "Ann: 1 Strike, 4 damage dealt, 0 taken." in damage.lines
    assert "Goblin: 0 Strikes, 0 damage dealt, 4 taken." in damage.lines
    assert sections["Actions taken"].lines[0] == "Ann: Quick Attack."


def test_a_record_replays_the_game_step_by_step():
    ending = play("worlds-that-remember", "app", 1, keep=True)
    record = Record(ending.game)
    steps = list(record.steps())
    assert [step.action for step in steps] == ending.game.actions
    assert steps[-1].state.scene_over and record.first_state().step == 0
