"""Twilight Imperium action cards (DESIGN.md section 3.4), played through `Game` scenario by scenario.

Every refusal is checked three ways: it raises RuleError, the game is exactly as it was (state bytes,
actions and log), and its sentence names the rule that was broken.
"""

from __future__ import annotations

import msgspec
import pytest

from desktop.engine import Game, GameSetup, RuleError
from desktop.engine.presentation import SeenCard
from desktop.rulesets.twilight_imperium import actions as a
from desktop.rulesets.twilight_imperium.cards import builtin_deck

RULESET = "twilight-imperium"


# ---- helpers ---------------------------------------------------------------------------------


def new_game(players=("Ann", "Bo", "Cy"), seed=7, **options: str) -> Game:
    return Game.new(GameSetup(ruleset=RULESET, players=list(players), seed=seed, options=options))


def snapshot(game: Game) -> bytes:
    return msgspec.msgpack.encode(game.state)


def name_of(game: Game, card: str) -> str:
    return game.ruleset.card_def(game.state, card).name


def give(game: Game, seat: str, name: str) -> str:
    """Moves one copy of the card called `name` from the deck into `seat`'s hand; returns its id."""
    deck = game.state.zones["deck"].cards
    for card in reversed(deck):
        if name_of(game, card) == name:
            deck.remove(card)
            game.state.zones[f"hand:{seat}"].cards.append(card)
            return card
    raise AssertionError(f"no {name} left in the deck")


def give_filler(game: Game, seat: str, count: int) -> list[str]:
    """Moves `count` cards that fit no declared window (agenda riders) into `seat`'s hand."""
    riders = ["Construction Rider", "Diplomacy Rider", "Imperial Rider", "Leadership Rider",
              "Politics Rider", "Technology Rider", "Trade Rider", "Warfare Rider"]
    return [give(game, seat, riders[i]) for i in range(count)]


def hand(game: Game, seat: str) -> list[str]:
    return game.state.zones[f"hand:{seat}"].cards


def hand_names(game: Game, seat: str) -> list[str]:
    return [name_of(game, card) for card in hand(game, seat)]


def zone(game: Game, zone_id: str) -> list[str]:
    return game.state.zones[zone_id].cards


def refused(game: Game, action: a.Action, *words: str) -> str:
    """Asserts `action` is refused, changes nothing, and that its sentence contains `words`."""
    before = snapshot(game)
    actions, log = list(game.actions), list(game.log)
    with pytest.raises(RuleError) as refusal:
        game.apply(action)
    assert snapshot(game) == before, "a refused action changed the state"
    assert game.actions == actions and game.log == log
    message = str(refusal.value)
    for word in words:
        assert word.lower() in message.lower(), f"{word!r} not in {message!r}"
    assert message.endswith(".") and "\n" not in message
    return message


def start_action_phase(game: Game, order=("ann", "bo", "cy")) -> None:
    game.apply(a.SetInitiative(player=order[0], order=list(order)))
    assert game.state.phase == "action"


def to_status_phase(game: Game) -> None:
    """Every seat passes for the rest of the action phase, in turn."""
    while game.state.phase == "action":
        game.apply(a.PassPhase(player=game.state.active))
    assert game.state.phase == "status"


def log_text(game: Game, viewer: str | None = None) -> str:
    return "\n".join(game.log_for(viewer))


# ---- setup -----------------------------------------------------------------------------------


def test_setup_deals_nothing_and_hides_the_80_card_deck():
    game = new_game()
    state = game.state
    assert state.seat_ids() == ["ann", "bo", "cy"]
    assert [seat.name for seat in state.seats] == ["Ann", "Bo", "Cy"]
    assert len(state.cards) == 80
    assert sorted(zone(game, "deck")) == sorted(state.cards)
    assert state.zones["deck"].visibility == "hidden"
    assert zone(game, "discard") == [] and zone(game, "play") == []
    for seat in ("ann", "bo", "cy"):
        assert hand(game, seat) == []
        assert state.zones[f"hand:{seat}"].visibility == "owner"
        assert state.counters[seat]["hand_limit"] == 7
    assert state.phase == "strategy" and state.round == 1
    # 59 names; Sabotage and the six combat cards come four times each
    names = [name_of(game, card) for card in state.cards]
    assert len(set(names)) == 59
    assert names.count("Sabotage") == 4 and names.count("Morale Boost") == 4
    assert names.count("War Effort") == 1


def test_the_seed_decides_the_shuffle():
    assert zone(new_game(seed=7), "deck") == zone(new_game(seed=7), "deck")
    assert zone(new_game(seed=7), "deck") != zone(new_game(seed=8), "deck")


def test_the_deck_is_hidden_and_hands_show_only_their_count_to_others():
    game = new_game()
    mine = give(game, "ann", "Sabotage")
    for viewer in ("bo", None):
        view = game.view(viewer)
        assert view.zones["deck"].cards == [None] * 79
        assert view.zones["hand:ann"].count == 1 and view.zones["hand:ann"].cards == [None]
        assert "sabotage" not in view.faces
    own = game.view("ann").zones["hand:ann"].cards
    assert own == [SeenCard(mine, "sabotage")]


def test_a_player_may_reveal_a_card_to_everyone():
    game = new_game()
    card = give(game, "ann", "Sabotage")
    give(game, "ann", "Veto")
    game.apply(a.Reveal(player="ann", cards=[card]))
    assert game.view("bo").zones["hand:ann"].cards == [SeenCard(card, "sabotage"), None]
    refused(game, a.Reveal(player="bo", cards=[card]), "Bo can reveal only cards in their own hand")


# ---- initiative and the status phase ---------------------------------------------------------


def test_set_initiative_starts_the_action_phase_with_the_first_player():
    game = new_game()
    refused(game, a.SetInitiative(player="ann", order=["ann", "bo"]), "every player exactly once")
    refused(game, a.SetInitiative(player="ann", order=["ann", "bo", "bo"]), "every player exactly once")
    game.apply(a.SetInitiative(player="cy", order=["bo", "cy", "ann"]))
    assert game.state.phase == "action"
    assert game.state.initiative == ["bo", "cy", "ann"]
    assert game.state.active == "bo"
    refused(game, a.SetInitiative(player="ann", order=["ann", "bo", "cy"]), "strategy phase")
    refused(game, a.EndTurn(player="ann"), "Bo's turn")
    game.apply(a.EndTurn(player="bo"))
    assert game.state.active == "cy"


def test_status_phase_draws_go_in_initiative_order():
    game = new_game()
    start_action_phase(game, ("cy", "ann", "bo"))
    refused(game, a.StatusDraw(player="cy"), "status phase")
    to_status_phase(game)
    refused(game, a.StatusDraw(player="ann"), "Cy draws next", "initiative order")
    refused(game, a.AdvancePhase(player="ann"), "Cy has not drawn")
    assert [x for x in game.legal_actions() if x.type == "status_draw"] == [a.StatusDraw(player="cy")]
    game.apply(a.StatusDraw(player="cy"))
    refused(game, a.StatusDraw(player="cy"), "Ann draws next")
    refused(game, a.StatusDraw(player="bo"), "Ann draws next")
    game.apply(a.StatusDraw(player="ann"))
    game.apply(a.StatusDraw(player="bo"))
    assert [len(hand(game, s)) for s in ("ann", "bo", "cy")] == [1, 1, 1]
    assert len(zone(game, "deck")) == 77
    refused(game, a.StatusDraw(player="ann"), "every player has drawn")
    game.apply(a.AdvancePhase(player="ann"))
    assert game.state.phase == "agenda"
    game.apply(a.AdvancePhase(player="ann"))
    assert (game.state.phase, game.state.round, game.state.initiative) == ("strategy", 2, [])


def test_without_agenda_phase_the_status_phase_leads_to_the_next_round():
    game = new_game(agenda="off")
    start_action_phase(game)
    to_status_phase(game)
    for seat in ("ann", "bo", "cy"):
        game.apply(a.StatusDraw(player=seat))
    game.apply(a.AdvancePhase(player="bo"))
    assert (game.state.phase, game.state.round) == ("strategy", 2)


def test_drawn_cards_are_named_only_to_the_drawer():
    game = new_game()
    start_action_phase(game)
    to_status_phase(game)
    game.apply(a.StatusDraw(player="ann"))
    drawn = name_of(game, hand(game, "ann")[0])
    assert f"You drew {drawn}." in game.log_for("ann")
    assert "Ann draws 1 action card." in game.log_for("bo")
    assert not any(line.startswith("You drew") for line in game.log_for("bo") + game.log_for(None))


def test_neural_motivator_draws_two_before_the_next_player():
    game = new_game(neural_motivator="Ann")
    start_action_phase(game, ("ann", "bo", "cy"))
    to_status_phase(game)
    game.apply(a.StatusDraw(player="ann"))
    assert len(hand(game, "ann")) == 2 and len(hand(game, "bo")) == 0
    assert game.state.status_drawn == ["ann"]
    refused(game, a.StatusDraw(player="ann"), "Bo draws next")
    game.apply(a.StatusDraw(player="bo"))
    game.apply(a.StatusDraw(player="cy"))
    assert [len(hand(game, s)) for s in ("ann", "bo", "cy")] == [2, 1, 1]


def test_yssaril_draws_one_extra_and_discards_for_scheming_before_anyone_acts():
    game = new_game(yssaril="Bo")
    start_action_phase(game, ("bo", "cy", "ann"))
    to_status_phase(game)
    war_effort = give(game, "bo", "War Effort")
    game.apply(a.StatusDraw(player="bo"))
    assert len(hand(game, "bo")) == 3  # War Effort plus the draw of 1 and the Scheming extra
    # nobody may act, not even Bo with anything but a discard
    refused(game, a.StatusDraw(player="cy"), "Bo must first discard", "Scheming")
    refused(game, a.Declare(player="ann", event="strategy-cards-returned"), "Scheming")
    refused(game, a.Reveal(player="bo", cards=[war_effort]), "Scheming")
    assert game.legal_actions() == [a.Discard(player="bo", card=c) for c in hand(game, "bo")]
    assert game.legal_actions("cy") == []
    refused(game, a.Discard(player="cy", card=war_effort), "Bo must first discard")
    game.apply(a.Discard(player="bo", card=war_effort))
    assert len(hand(game, "bo")) == 2
    assert zone(game, "discard") == [war_effort]
    assert "Bo discards War Effort for Scheming." in game.log_for(None)
    # one discard settles it; a second one is not asked for
    refused(game, a.Discard(player="bo", card=hand(game, "bo")[0]), "only when the hand limit or Scheming")
    game.apply(a.StatusDraw(player="cy"))
    assert len(hand(game, "cy")) == 1


# ---- the hand limit --------------------------------------------------------------------------


def test_at_eight_cards_the_player_discards_down_before_anything_else():
    game = new_game()
    start_action_phase(game, ("ann", "bo", "cy"))
    to_status_phase(game)
    kept = give_filler(game, "ann", 7)
    game.apply(a.StatusDraw(player="ann"))
    assert len(hand(game, "ann")) == 8
    # nothing else happens first: not Bo's draw, not a reveal, not a declared event
    refused(game, a.StatusDraw(player="bo"), "Ann holds more than 7", "discard down to 7")
    refused(game, a.Reveal(player="ann", cards=[kept[0]]), "discard down to 7")
    refused(game, a.Declare(player="cy", event="strategy-cards-returned"), "discard down to 7")
    assert {x.type for x in game.legal_actions()} == {"discard"}
    game.apply(a.Discard(player="ann", card=kept[0]))
    assert len(hand(game, "ann")) == 7 and kept[0] in zone(game, "discard")
    assert "Ann discards Construction Rider to keep within the hand limit." in game.log_for(None)
    game.apply(a.StatusDraw(player="bo"))


def test_over_the_limit_even_playing_a_card_waits_for_the_discard():
    game = new_game()
    start_action_phase(game)
    war_effort = give(game, "ann", "War Effort")
    fillers = give_filler(game, "ann", 6)
    assert a.Play(player="ann", card=war_effort) in game.legal_actions("ann")
    # an effect lowers Ann's hand limit to 5: she holds 7 and must discard 2 at once
    game.apply(a.SetCounter(player="ann", counter="hand_limit", value=5))
    refused(game, a.Play(player="ann", card=war_effort), "discard down to 5")
    refused(game, a.EndTurn(player="ann"), "discard down to 5")
    game.apply(a.Discard(player="ann", card=fillers[0]))
    refused(game, a.Play(player="ann", card=war_effort), "discard down to 5")
    game.apply(a.Discard(player="ann", card=fillers[1]))
    assert game.state.obligations == []
    game.apply(a.Play(player="ann", card=war_effort))
    assert zone(game, "play") == [war_effort]


def test_set_counter_changes_the_hand_limit():
    game = new_game()
    start_action_phase(game, ("ann", "bo", "cy"))
    to_status_phase(game)
    give_filler(game, "ann", 7)
    game.apply(a.SetCounter(player="ann", counter="hand_limit", value=8))
    assert game.state.counters["ann"]["hand_limit"] == 8
    assert game.state.counters["bo"]["hand_limit"] == 7
    game.apply(a.StatusDraw(player="ann"))
    assert len(hand(game, "ann")) == 8 and game.state.obligations == []
    game.apply(a.StatusDraw(player="bo"))
    refused(game, a.SetCounter(player="bo", counter="hand_limit", value=31), "between 0 and 30")


def test_the_hand_limit_option_sets_every_starting_limit():
    game = new_game(hand_limit="3")
    assert {game.state.counters[s]["hand_limit"] for s in ("ann", "bo", "cy")} == {3}


# ---- Politics --------------------------------------------------------------------------------


def test_politics_primary_draws_two_and_secondary_costs_a_token():
    game = new_game()
    start_action_phase(game, ("ann", "bo", "cy"))
    game.apply(a.Politics(player="ann"))
    assert len(hand(game, "ann")) == 2
    assert game.state.secondary.waiting == ["bo", "cy"]
    # the table waits for the secondary answers
    refused(game, a.EndTurn(player="ann"), "Politics is waiting")
    assert {x.type for x in game.legal_actions("ann")} <= {"reveal"}
    assert a.PoliticsSecondary(player="bo", follow=True) in game.legal_actions("bo")
    # the secondary goes round the table from the primary: Cy answers after Bo
    refused(game, a.PoliticsSecondary(player="cy", follow=False), "Bo answers Politics first")
    assert not any(x.type == "politics_secondary" for x in game.legal_actions("cy"))
    game.apply(a.PoliticsSecondary(player="bo", follow=True))
    assert game.state.counters["bo"]["strategy_tokens"] == 1
    assert len(hand(game, "bo")) == 2
    refused(game, a.PoliticsSecondary(player="bo", follow=True), "no politics secondary ability is waiting")
    game.apply(a.PoliticsSecondary(player="cy", follow=False))
    assert game.state.counters["cy"]["strategy_tokens"] == 2
    assert hand(game, "cy") == []
    assert game.state.secondary is None
    assert game.state.active == "bo"  # Politics was Ann's action for this turn
    assert len(zone(game, "deck")) == 76


def test_politics_secondary_without_a_strategy_token_is_refused():
    game = new_game()
    start_action_phase(game, ("ann", "bo", "cy"))
    game.apply(a.SetCounter(player="cy", counter="strategy_tokens", value=0))
    game.apply(a.Politics(player="ann"))
    game.apply(a.PoliticsSecondary(player="bo", follow=False))
    assert a.PoliticsSecondary(player="cy", follow=True) not in game.legal_actions("cy")
    assert a.PoliticsSecondary(player="cy", follow=False) in game.legal_actions("cy")
    refused(game, a.PoliticsSecondary(player="cy", follow=True), "no command token", "strategy pool")
    game.apply(a.PoliticsSecondary(player="cy", follow=False))
    assert hand(game, "cy") == [] and hand(game, "bo") == []
    assert game.state.counters["cy"]["strategy_tokens"] == 0


def test_politics_is_used_once_a_round():
    game = new_game(agenda="off")
    start_action_phase(game, ("ann", "bo", "cy"))
    game.apply(a.Politics(player="ann"))
    game.apply(a.PoliticsSecondary(player="bo", follow=False))
    game.apply(a.PoliticsSecondary(player="cy", follow=False))
    refused(game, a.Politics(player="bo"), "already been used this round")
    assert a.Politics(player="bo") not in game.legal_actions("bo")
    refused(game, a.Politics(player="cy"), "Bo's turn")
    to_status_phase(game)
    for seat in ("ann", "bo", "cy"):
        game.apply(a.StatusDraw(player=seat))
    game.apply(a.AdvancePhase(player="ann"))
    start_action_phase(game, ("bo", "cy", "ann"))
    game.apply(a.Politics(player="bo"))  # a new round: Politics can be used again
    assert game.state.secondary.waiting == ["cy", "ann"]


def test_a_politics_draw_over_the_limit_stops_the_table_until_the_discard():
    game = new_game()
    start_action_phase(game, ("ann", "bo", "cy"))
    give_filler(game, "bo", 6)
    game.apply(a.Politics(player="ann"))
    game.apply(a.PoliticsSecondary(player="bo", follow=True))
    assert len(hand(game, "bo")) == 8
    refused(game, a.PoliticsSecondary(player="cy", follow=False), "Bo holds more than 7")
    game.apply(a.Discard(player="bo", card=hand(game, "bo")[0]))
    game.apply(a.PoliticsSecondary(player="cy", follow=False))
    assert game.state.active == "bo"


# ---- "Action" cards --------------------------------------------------------------------------


def test_action_cards_are_played_only_on_your_own_turn_in_the_action_phase():
    game = new_game()
    war_effort = give(game, "ann", "War Effort")
    refused(game, a.Play(player="ann", card=war_effort), "Action card", "action phase")
    start_action_phase(game, ("bo", "ann", "cy"))
    refused(game, a.Play(player="ann", card=war_effort), "Bo's turn")
    assert a.Play(player="ann", card=war_effort) not in game.legal_actions("ann")
    game.apply(a.EndTurn(player="bo"))
    # an open window blocks component actions
    game.apply(a.Declare(player="cy", event="combat-round-start"))
    refused(game, a.Play(player="ann", card=war_effort), "timing window", "is open")
    for seat in ("ann", "bo", "cy"):
        game.apply(a.Pass(player=seat))
    assert game.state.window is None
    game.apply(a.Play(player="ann", card=war_effort))
    assert zone(game, "play") == [war_effort]
    assert game.state.active == "ann"  # the turn ends when the card has resolved
    refused(game, a.EndTurn(player="ann"), "War Effort is still resolving")
    refused(game, a.Resolve(player="bo"), "Only Ann")
    game.apply(a.Resolve(player="ann"))
    assert zone(game, "play") == [] and zone(game, "discard") == [war_effort]
    assert game.state.active == "cy"
    assert any(line.startswith("War Effort resolves:") for line in game.log_for(None))


def test_an_action_card_cannot_be_played_in_a_window():
    game = new_game()
    start_action_phase(game)
    war_effort = give(game, "ann", "War Effort")
    game.apply(a.Declare(player="ann", event="system-activated"))
    refused(game, a.Play(player="ann", card=war_effort), "every player must pass")


def test_cards_not_in_your_hand_cannot_be_played():
    game = new_game()
    start_action_phase(game)
    war_effort = give(game, "bo", "War Effort")
    # named by its id and the seat: the name of a card in another hand is not given away
    message = refused(game, a.Play(player="ann", card=war_effort), f"The card '{war_effort}' is not in Ann's hand.")
    assert "War Effort" not in message
    refused(game, a.Play(player="ann", card=zone(game, "deck")[-1]), "is not in Ann's hand")
    refused(game, a.Play(player="zed", card=war_effort), "no player 'zed'")


# ---- timing windows --------------------------------------------------------------------------


def test_a_window_takes_fitting_cards_and_refuses_others_with_a_sentence():
    game = new_game()
    start_action_phase(game)
    boost = give(game, "bo", "Morale Boost")
    flank = give(game, "cy", "Flank Speed")
    refused(game, a.Play(player="bo", card=boost), "start of a combat round", "no such timing window")
    game.apply(a.Declare(player="ann", event="combat-round-start"))
    message = refused(game, a.Play(player="cy", card=flank), "Flank Speed", "no such timing window")
    assert "a player activates a system" in message.lower()
    assert a.Play(player="bo", card=boost) in game.legal_actions("bo")
    assert not any(x.type == "play" for x in game.legal_actions("cy"))
    game.apply(a.Play(player="bo", card=boost, target="Bo's carriers in Mecatol Rex"))
    game.apply(a.Resolve(player="bo"))
    assert zone(game, "discard") == [boost]
    assert played(game) == ["Morale Boost"]


def test_declared_events_belong_to_their_phase():
    game = new_game()
    refused(game, a.Declare(player="ann", event="combat-round-start"), "only in the action phase")
    refused(game, a.Declare(player="ann", event="launch-nukes"), "not an event")
    game.apply(a.Declare(player="ann", event="strategy-phase-start"))
    refused(game, a.Declare(player="bo", event="strategy-card-chosen"), "every player must pass")


def played(game: Game) -> list[str]:
    """The names of the cards that resolved in the open window."""
    return [use.what for use in game.state.window.played.used]


def test_the_same_name_twice_in_one_window_needs_a_different_target():
    game = new_game()
    start_action_phase(game)
    first = give(game, "ann", "Shields Holding")  # scope "named": the hits the play names
    second = give(game, "bo", "Shields Holding")
    third = give(game, "cy", "Shields Holding")
    game.apply(a.Declare(player="ann", event="space-combat-hits"))
    game.apply(a.Play(player="ann", card=first, target="The hits on Ann's flagship"))
    game.apply(a.Resolve(player="ann"))
    # the same units, written a little differently, are still the same target
    refused(
        game, a.Play(player="bo", card=second, target="  the hits on ann's FLAGSHIP "),
        "Shields Holding was already played in this timing window", "same units",
    )
    game.apply(a.Play(player="bo", card=second, target="The hits on Bo's carrier"))
    game.apply(a.Resolve(player="bo"))
    assert played(game) == ["Shields Holding", "Shields Holding"]
    # in the next window the name is free again
    for seat in ("ann", "bo", "cy"):
        game.apply(a.Pass(player=seat))
    game.apply(a.Declare(player="ann", event="space-combat-hits"))
    game.apply(a.Play(player="cy", card=third, target="The hits on Ann's flagship"))


def test_a_second_morale_boost_of_one_player_is_refused_whatever_its_target_says():
    """Morale Boost adds 1 to every combat roll of its player's units: a second copy by the same
    player affects the same units, however the target is worded; the opponent's copy does not."""
    game = new_game()
    start_action_phase(game)
    first, second = give(game, "ann", "Morale Boost"), give(game, "ann", "Morale Boost")
    opponents = give(game, "bo", "Morale Boost")
    game.apply(a.Declare(player="ann", event="combat-round-start"))
    game.apply(a.Play(player="ann", card=first, target="Ann's fleet at Mecatol Rex"))
    game.apply(a.Resolve(player="ann"))
    refused(
        game, a.Play(player="ann", card=second, target="the dreadnoughts"),
        "Ann already played Morale Boost in this timing window", "all of Ann's units", "whatever its target says",
    )
    assert not any(x.type == "play" for x in game.legal_actions("ann"))
    game.apply(a.Play(player="bo", card=opponents, target="Ann's fleet at Mecatol Rex"))  # Bo's own units
    game.apply(a.Resolve(player="bo"))
    assert played(game) == ["Morale Boost", "Morale Boost"]


def test_a_card_about_the_event_itself_is_played_once_per_window(monkeypatch):
    """Veto throws out "that agenda": any second copy in the window affects the same agenda."""
    from desktop.rulesets.twilight_imperium import cards

    _, deck = cards.builtin_deck()
    monkeypatch.setitem(deck, "veto", msgspec.structs.replace(deck["veto"], copies=2))  # a deck with two
    game = new_game()
    first, second = give(game, "ann", "Veto"), give(game, "bo", "Veto")
    start_action_phase(game)
    to_status_phase(game)
    for seat in ("ann", "bo", "cy"):
        game.apply(a.StatusDraw(player=seat))
    game.apply(a.AdvancePhase(player="ann"))
    assert game.state.phase == "agenda"
    game.apply(a.Declare(player="cy", event="agenda-revealed"))
    game.apply(a.Play(player="ann", card=first, target="the first agenda"))
    game.apply(a.Resolve(player="ann"))
    refused(game, a.Play(player="bo", card=second, target="another agenda"),
            "Veto was already played in this timing window", "what the event itself is about")


def test_the_window_closes_when_every_seat_has_passed():
    game = new_game()
    start_action_phase(game)
    boost = give(game, "cy", "Morale Boost")
    game.apply(a.Declare(player="bo", event="combat-round-start"))
    refused(game, a.EndTurn(player="ann"), "timing window", "every player must pass")
    game.apply(a.Pass(player="ann"))
    refused(game, a.Pass(player="ann"), "already passed")
    game.apply(a.Pass(player="bo"))
    assert game.state.window is not None
    # playing and resolving a card gives everyone a new chance to respond
    game.apply(a.Play(player="cy", card=boost))
    refused(game, a.Pass(player="ann"), "Morale Boost is still resolving")
    game.apply(a.Resolve(player="cy"))
    assert game.state.window.passed == []
    for seat in ("ann", "bo", "cy"):
        game.apply(a.Pass(player=seat))
    assert game.state.window is None
    assert any("closes" in line for line in game.log_for(None))
    refused(game, a.Pass(player="ann"), "No timing window is open")
    game.apply(a.EndTurn(player="ann"))


def test_a_player_who_passed_cannot_play_in_that_window():
    game = new_game()
    start_action_phase(game)
    boost = give(game, "bo", "Morale Boost")
    game.apply(a.Declare(player="ann", event="combat-round-start"))
    game.apply(a.Pass(player="bo"))
    refused(game, a.Play(player="bo", card=boost), "passed in this timing window")


def test_declarer_and_other_cards_follow_whom_the_event_happened_to():
    game = new_game()
    start_action_phase(game)
    flank = give(game, "ann", "Flank Speed")  # who = declarer
    bunker_ann = give(game, "ann", "Bunker")  # who = other
    game.apply(a.Declare(player="bo", event="system-activated"))
    refused(game, a.Play(player="ann", card=flank), "only by Bo", "to whom the event happened")
    for seat in ("ann", "bo", "cy"):
        game.apply(a.Pass(player=seat))
    game.apply(a.Declare(player="ann", event="system-activated"))
    game.apply(a.Play(player="ann", card=flank))
    game.apply(a.Resolve(player="ann"))
    for seat in ("ann", "bo", "cy"):
        game.apply(a.Pass(player=seat))
    game.apply(a.Declare(player="ann", event="invasion-start"))
    refused(game, a.Play(player="ann", card=bunker_ann), "happens to another player")
    for seat in ("ann", "bo", "cy"):
        game.apply(a.Pass(player=seat))
    game.apply(a.Declare(player="cy", event="invasion-start"))
    game.apply(a.Play(player="ann", card=bunker_ann))
    game.apply(a.Resolve(player="ann"))
    assert zone(game, "discard") == [flank, bunker_ann]


# ---- Sabotage --------------------------------------------------------------------------------


def test_sabotage_cancels_and_a_second_copy_may_then_be_played():
    game = new_game()
    start_action_phase(game)
    first = give(game, "ann", "Morale Boost")
    second = give(game, "ann", "Morale Boost")
    sabotage = give(game, "bo", "Sabotage")
    game.apply(a.Declare(player="ann", event="combat-round-start"))
    game.apply(a.Play(player="ann", card=first, target="Ann's dreadnoughts"))
    assert a.Play(player="bo", card=sabotage) in game.legal_actions("bo")
    game.apply(a.Play(player="bo", card=sabotage))
    assert game.state.resolving is None
    assert zone(game, "play") == []
    assert sorted(zone(game, "discard")) == sorted([first, sabotage])
    assert played(game) == []  # the cancelled card does not count as played
    assert any("cancelled" in line and "Morale Boost" in line for line in game.log_for(None))
    game.apply(a.Play(player="ann", card=second, target="Ann's dreadnoughts"))
    game.apply(a.Resolve(player="ann"))
    assert played(game) == ["Morale Boost"]


def test_sabotage_cannot_cancel_your_own_card_or_nothing():
    game = new_game()
    start_action_phase(game)
    boost = give(game, "ann", "Morale Boost")
    own = give(game, "ann", "Sabotage")
    refused(game, a.Play(player="ann", card=own), "Sabotage can only be played when another player plays")
    game.apply(a.Declare(player="ann", event="combat-round-start"))
    refused(game, a.Play(player="ann", card=own), "Sabotage can only be played when another player plays")
    game.apply(a.Play(player="ann", card=boost))
    refused(game, a.Play(player="ann", card=own), "Ann cannot Sabotage their own Morale Boost")
    assert a.Play(player="ann", card=own) not in game.legal_actions("ann")


def test_only_sabotage_may_answer_a_resolving_card_and_sabotage_cannot_be_sabotaged():
    game = new_game()
    start_action_phase(game)
    boost = give(game, "ann", "Morale Boost")
    other_boost = give(game, "cy", "Morale Boost")
    sabotage_bo = give(game, "bo", "Sabotage")
    sabotage_cy = give(game, "cy", "Sabotage")
    game.apply(a.Declare(player="ann", event="combat-round-start"))
    game.apply(a.Play(player="ann", card=boost))
    refused(game, a.Play(player="cy", card=other_boost), "only Sabotage can be played on it")
    game.apply(a.Play(player="bo", card=sabotage_bo))
    refused(game, a.Play(player="cy", card=sabotage_cy), "other than Sabotage")


def test_sabotaging_an_action_card_ends_the_turn():
    game = new_game()
    start_action_phase(game)
    war_effort = give(game, "ann", "War Effort")
    sabotage = give(game, "cy", "Sabotage")
    game.apply(a.Play(player="ann", card=war_effort))
    game.apply(a.Play(player="cy", card=sabotage))
    assert sorted(zone(game, "discard")) == sorted([war_effort, sabotage])
    assert game.state.resolving is None
    assert game.state.active == "bo"


# ---- targets and requirements ----------------------------------------------------------------


def test_offensive_cards_cannot_target_yourself():
    game = new_game()
    start_action_phase(game)
    direct_hit = give(game, "ann", "Direct Hit")
    game.apply(a.Declare(player="bo", event="sustain-damage"))  # Bo's ship sustains Ann's hit
    refused(game, a.Play(player="ann", card=direct_hit, target_player="ann"), "offensive", "cannot target themself")
    refused(game, a.Play(player="ann", card=direct_hit), "needs a target player")
    refused(game, a.Play(player="ann", card=direct_hit, target_player="zed"), "no target player 'zed'")
    plays = [x for x in game.legal_actions("ann") if x.type == "play"]
    assert {x.target_player for x in plays} == {"bo", "cy"}
    game.apply(a.Play(player="ann", card=direct_hit, target_player="cy"))
    assert game.state.resolving.target_player == "cy"
    assert "Ann plays Direct Hit against Cy." in game.log_for(None)


def test_an_offensive_action_card_cannot_target_yourself():
    game = new_game()
    start_action_phase(game)
    jamming = give(game, "ann", "Signal Jamming")
    refused(game, a.Play(player="ann", card=jamming, target_player="ann"), "cannot target themself")
    game.apply(a.Play(player="ann", card=jamming, target_player="bo"))


def test_a_card_with_a_requirement_needs_the_players_to_confirm():
    game = new_game()
    start_action_phase(game)
    retreat = give(game, "ann", "Skilled Retreat")
    deployment = give(game, "bo", "Frontline Deployment")
    game.apply(a.Declare(player="ann", event="combat-round-start"))
    refused(game, a.Play(player="ann", card=retreat), "an adjacent system", "confirm")
    assert a.Play(player="ann", card=retreat, confirm=True) in game.legal_actions("ann")
    game.apply(a.Play(player="ann", card=retreat, confirm=True))
    game.apply(a.Resolve(player="ann"))
    for seat in ("ann", "bo", "cy"):
        game.apply(a.Pass(player=seat))
    game.apply(a.EndTurn(player="ann"))
    refused(game, a.Play(player="bo", card=deployment), "a planet you control", "fully resolve")
    game.apply(a.Play(player="bo", card=deployment, confirm=True))


# ---- the deck --------------------------------------------------------------------------------


def test_an_empty_deck_is_refilled_at_once_from_the_discard():
    game = new_game()
    start_action_phase(game, ("ann", "bo", "cy"))
    to_status_phase(game)
    deck = zone(game, "deck")
    discard = zone(game, "discard")
    last = deck[-1]
    discard.extend(deck[:-1])
    del deck[:-1]
    game.apply(a.StatusDraw(player="ann"))
    assert hand(game, "ann") == [last]
    # refilled at once, before the next player draws
    assert len(zone(game, "deck")) == 79 and zone(game, "discard") == []
    assert any("shuffled" in line for line in game.log_for(None))
    game.apply(a.StatusDraw(player="bo"))
    assert len(hand(game, "bo")) == 1 and len(zone(game, "deck")) == 78


def test_the_reshuffle_happens_in_the_middle_of_a_draw():
    game = new_game(neural_motivator="Ann")
    start_action_phase(game, ("ann", "bo", "cy"))
    to_status_phase(game)
    deck, discard = zone(game, "deck"), zone(game, "discard")
    discard.extend(deck[:-1])
    del deck[:-1]
    game.apply(a.StatusDraw(player="ann"))  # draws the last card, then one from the new deck
    assert len(hand(game, "ann")) == 2
    assert len(zone(game, "deck")) == 78 and zone(game, "discard") == []


def run_the_deck_dry(game: Game) -> None:
    """The deck runs out on a draw while the discard pile is empty (the other cards are out of
    the reshuffle's reach, in the play area)."""
    start_action_phase(game, ("ann", "bo", "cy"))
    to_status_phase(game)
    deck = zone(game, "deck")
    zone(game, "play").extend(deck[:-1])
    del deck[:-1]
    game.apply(a.StatusDraw(player="ann"))
    assert zone(game, "deck") == [] and zone(game, "discard") == []


def test_a_deck_that_ran_out_with_no_discard_is_reshuffled_as_soon_as_a_card_is_discarded():
    game = new_game(hand_limit="0")
    run_the_deck_dry(game)
    drawn = hand(game, "ann")[0]
    game.apply(a.Discard(player="ann", card=drawn))  # down to the hand limit of 0
    assert zone(game, "deck") == [drawn] and zone(game, "discard") == []
    assert "shuffled into a new action deck of 1" in log_text(game)
    game.apply(a.StatusDraw(player="bo"))
    assert hand(game, "bo") == [drawn]


def test_edition_2_keeps_the_rules_of_games_saved_in_format_2():
    """A game saved before these corrections replays as it was played: a second Morale Boost of
    one player with other words, and no reshuffle when a card is discarded later."""
    from desktop.engine import registry

    assert registry.get(RULESET).legacy_options(2) == {"edition": "2"}
    assert registry.get(RULESET).legacy_options(1) == {"edition": "2", "card_rules": "0.1"}
    assert registry.get(RULESET).legacy_options(3) == {}
    game = new_game(hand_limit="0", edition="2")
    run_the_deck_dry(game)
    game.apply(a.Discard(player="ann", card=hand(game, "ann")[0]))
    assert zone(game, "deck") == [] and len(zone(game, "discard")) == 1
    game = new_game(edition="2")
    start_action_phase(game)
    first, second = give(game, "ann", "Morale Boost"), give(game, "ann", "Morale Boost")
    game.apply(a.Declare(player="ann", event="combat-round-start"))
    game.apply(a.Play(player="ann", card=first, target="Ann's fleet at Mecatol Rex"))
    game.apply(a.Resolve(player="ann"))
    game.apply(a.Play(player="ann", card=second, target="the dreadnoughts"))
    with pytest.raises(Exception, match="The option edition must be current or 2."):
        new_game(edition="1")


def test_with_deck_and_discard_empty_there_is_nothing_to_draw():
    game = new_game()
    start_action_phase(game, ("ann", "bo", "cy"))
    to_status_phase(game)
    removed = list(zone(game, "deck"))
    hand(game, "cy").extend(removed[:7])
    zone(game, "play").extend(removed[7:])  # out of reach of the reshuffle
    zone(game, "deck").clear()
    game.apply(a.StatusDraw(player="ann"))
    assert hand(game, "ann") == []
    assert any("nothing to draw" in line for line in game.log_for(None))


# ---- undo ------------------------------------------------------------------------------------


def test_a_play_can_be_undone_but_a_draw_closes_the_undo_window():
    game = new_game()
    start_action_phase(game, ("ann", "bo", "cy"))
    assert game.can_undo()  # entering the initiative reveals nothing
    boost = give(game, "ann", "Morale Boost")
    game.apply(a.Declare(player="ann", event="combat-round-start"))
    before = snapshot(game)
    game.apply(a.Play(player="ann", card=boost))
    assert game.can_undo()
    assert game.undo() == a.Play(player="ann", card=boost)
    assert snapshot(game) == before
    assert boost in hand(game, "ann")
    for seat in ("ann", "bo", "cy"):
        game.apply(a.Pass(player=seat))
    to_status_phase(game)
    game.apply(a.StatusDraw(player="ann"))
    assert not game.can_undo()
    with pytest.raises(RuleError, match="Nothing can be undone"):
        game.undo()
    game.apply(a.Reveal(player="ann", cards=[boost]))
    assert not game.can_undo()  # a reveal shows cards too


# ---- more of the same rules, in combination ----------------------------------------------------


def test_scheming_is_discarded_before_the_hand_limit_is_applied():
    game = new_game(yssaril="Bo")
    start_action_phase(game, ("bo", "cy", "ann"))
    to_status_phase(game)
    give_filler(game, "bo", 7)
    game.apply(a.StatusDraw(player="bo"))
    assert len(hand(game, "bo")) == 9
    assert [duty.kind for duty in game.state.obligations] == ["scheming", "hand_limit"]
    refused(game, a.StatusDraw(player="cy"), "for Scheming")
    game.apply(a.Discard(player="bo", card=hand(game, "bo")[0]))
    assert "for Scheming" in game.log_for(None)[-1]
    refused(game, a.StatusDraw(player="cy"), "Bo holds more than 7")
    game.apply(a.Discard(player="bo", card=hand(game, "bo")[0]))
    assert "to keep within the hand limit" in game.log_for(None)[-1]
    assert len(hand(game, "bo")) == 7 and game.state.obligations == []
    game.apply(a.StatusDraw(player="cy"))


def test_sabotage_may_be_played_after_passing_in_the_window():
    game = new_game()
    start_action_phase(game)
    boost = give(game, "ann", "Morale Boost")
    sabotage = give(game, "cy", "Sabotage")
    game.apply(a.Declare(player="ann", event="combat-round-start"))
    game.apply(a.Pass(player="cy"))
    game.apply(a.Play(player="ann", card=boost))
    game.apply(a.Play(player="cy", card=sabotage))
    assert game.state.resolving is None and game.state.window.passed == []


def test_spy_takes_a_random_card_seen_only_by_the_two_players():
    game = new_game()
    start_action_phase(game)
    spy = give(game, "ann", "Spy")
    refused(game, a.Play(player="ann", card=spy, target_player="bo"), "confirm")
    taken = give(game, "bo", "Veto")
    game.apply(a.Reveal(player="bo", cards=[taken]))
    game.apply(a.Play(player="ann", card=spy, target_player="bo", confirm=True))
    game.apply(a.Resolve(player="ann"))
    assert hand(game, "ann") == [taken] and hand(game, "bo") == []
    assert taken not in game.state.revealed  # face up only while it was in Bo's hand
    assert "You took Veto." in game.log_for("ann")
    assert "Ann took your Veto." in game.log_for("bo")
    assert not any("You took" in line or "took your" in line for line in game.log_for("cy"))
    assert game.view("cy").zones["hand:ann"].cards == [None]
    assert not game.can_undo()
    assert game.state.active == "bo"


def test_a_revealed_card_is_public_until_it_leaves_the_hand():
    game = new_game()
    start_action_phase(game)
    boost = give(game, "ann", "Morale Boost")
    game.apply(a.Reveal(player="ann", cards=[boost]))
    assert game.state.revealed == [boost]
    game.apply(a.Declare(player="ann", event="combat-round-start"))
    game.apply(a.Play(player="ann", card=boost))
    assert game.state.revealed == []
    assert game.view("bo").zones["play"].cards == [SeenCard(boost, "morale-boost")]


def test_the_last_player_in_the_action_phase_keeps_taking_turns():
    game = new_game()
    start_action_phase(game, ("ann", "bo", "cy"))
    game.apply(a.PassPhase(player="ann"))
    game.apply(a.PassPhase(player="bo"))
    assert game.state.active == "cy"
    game.apply(a.EndTurn(player="cy"))
    assert game.state.active == "cy" and game.state.phase == "action"
    refused(game, a.EndTurn(player="ann"), "Cy's turn")
    game.apply(a.PassPhase(player="cy"))
    assert game.state.phase == "status" and game.state.active is None


# ---- the card data, checked against the printed cards ------------------------------------------


def test_direct_hit_is_played_by_the_player_who_scored_the_hit_not_the_ships_owner():
    game = new_game()
    start_action_phase(game)
    owners_copy = give(game, "bo", "Direct Hit")
    hitters_copy = give(game, "ann", "Direct Hit")
    game.apply(a.Declare(player="bo", event="sustain-damage"))  # Bo's ship used Sustain Damage
    refused(game, a.Play(player="bo", card=owners_copy, target_player="ann"), "another player")
    game.apply(a.Play(player="ann", card=hitters_copy, target_player="bo"))
    assert game.state.resolving.card == hitters_copy


def test_cripple_defenses_chooses_one_planet_of_anyone_even_without_pds():
    game = new_game()
    start_action_phase(game)
    card = give(game, "ann", "Cripple Defenses")
    definition = game.ruleset.card_def(game.state, card)
    assert not definition.offensive and definition.requirement == ""
    # no target player and no confirmation needed: any one planet may be chosen
    game.apply(a.Play(player="ann", card=card, target="Mecatol Rex"))
    assert "Ann plays Cripple Defenses as a component action on Mecatol Rex." in game.log_for(None)


def test_upgrade_names_cruisers_only():
    _, defs = builtin_deck()
    upgrade = defs["upgrade"]
    assert "cruiser" in upgrade.text and "destroyer" not in (upgrade.text + upgrade.requirement).lower()


def test_a_copy_with_an_empty_target_counts_as_the_same_effect_as_one_with_a_target():
    game = new_game()
    start_action_phase(game)
    first = give(game, "ann", "Shields Holding")  # scope "named"
    second = give(game, "bo", "Shields Holding")
    game.apply(a.Declare(player="ann", event="space-combat-hits"))
    game.apply(a.Play(player="ann", card=first, target="my fleet in Jord"))
    game.apply(a.Resolve(player="ann"))
    refused(game, a.Play(player="bo", card=second), "same units or effect")
    refused(game, a.Play(player="bo", card=second, target="My fleet in  JORD"), "same units or effect")
    game.apply(a.Play(player="bo", card=second, target="Bo's fleet in Jord"))
