"""The learner's table points at the cards its practice step names (engine/practice.py, `pointed`
and `Practices.points`): read from the learner's own view, so a card hidden from it (another
seat's hand, a face-down deck, a card of its own lying face down) is never named, and narrowed to
the copy the step's actions take (the one in the hand, not its twin in the deck). Every shipped
system's first game is walked step by step, the app moving the other seats as the window does."""

from __future__ import annotations

import pytest

from desktop.bots import RandomBot
from desktop.engine.practice import pointed
from desktop.engine.presentation import CardMarks, SeatSeen, SeenCard, View, ZoneSeen
from desktop.model.app_moves import next_move
from desktop.model.learning import lesson_game

SYSTEMS = ["twilight-imperium", "worlds-that-remember", "future-imperfect", "price-of-power", "tempo"]


def zone(zone_id, owner, *cards, visibility="owner"):
    return ZoneSeen(id=zone_id, label=zone_id, visibility=visibility, owner=owner, count=len(cards),
                    cards=list(cards))


def table_seen(**marks) -> View:
    """Ann's view: a copy of "dash" in her hand and one in her deck shown to her, one lying face
    down in front of her, Bo's hand hidden (no ids) and a copy in the shared discard."""
    zones = [
        zone("hand:ann", "ann", SeenCard("c1", "dash"), SeenCard("c2", "rest")),
        zone("deck:ann", "ann", SeenCard("c3", "dash")),
        zone("front:ann", "ann", SeenCard("c4", "dash"), visibility="public"),
        zone("hand:bo", "bo", None, None),
        zone("discard", None, SeenCard("c5", "dash"), visibility="public"),
    ]
    return View(ruleset="drilled", viewer="ann", step=3, seats=[SeatSeen("ann", "Ann"), SeatSeen("bo", "Bo")],
                zones={z.id: z for z in zones}, counters={},
                marks={"c4": CardMarks(face_up=False), **marks})


def test_the_copies_the_step_takes_are_pointed_at_and_never_one_lying_face_down():
    seen = table_seen()
    assert pointed(seen, "dash", "ann", frozenset({"c1"})) == ("c1",)  # the hand's, not the deck's twin
    assert pointed(seen, "dash", "ann") == ("c1", "c3")  # no action says which: the seat's face-up copies
    assert pointed(seen, "dash", "bo") == ("c5",)  # Bo's copies are hidden: the shared one, where there is one
    assert pointed(seen, "dash", "ann", frozenset({"c4"})) == ("c1", "c3")  # face down: never pointed at
    assert pointed(seen, "nothing", "ann") == ()


def test_a_card_hidden_from_the_viewer_is_never_pointed_at_whatever_the_step_names():
    seen = table_seen(c1=CardMarks(face_up=False), c3=CardMarks(face_up=False))
    assert pointed(seen, "dash", "ann", frozenset({"c1", "c3", "c4"})) == ("c5",)
    assert pointed(seen, "dash", "bo", frozenset({"bo-secret"})) == ("c5",)  # an id it does not see names nothing


def face_up_for(view) -> dict[str, str]:
    """Every card `view` shows its viewer face up, by id: its definition."""
    found = {}
    for seen_zone in view.zones.values():
        if seen_zone.visibility == "hidden":
            continue
        for entry in seen_zone.cards:
            marks = view.marks.get(entry.id) if entry is not None else None
            if entry is not None and (marks is None or marks.face_up):
                found[entry.id] = entry.face
    return found


def walked(system):
    """Each step of `system`'s first game, as (the game, the step expected), the learner taking
    the step's action and the app's bots every other seat's, to the end of the practice."""
    new = lesson_game(system)
    game = new.game
    practices = game.ruleset.practices
    bots = {seat: game.ruleset.bot(1, level) or RandomBot(1) for seat, level in new.app_seats.items()}
    learner, run = practices.learner(game.state), game.state.practice
    steps = practices.scenarios[run.scenario].steps
    for _ in range(300):
        step = steps[run.step] if run.step < len(steps) else None
        yield game, learner, step
        if step is None:
            return
        move = next((act for act in game.legal_actions(learner) if practices.matches(game.state, step, act)), None)
        if move is None:
            found = next_move(game, game.stages(), bots)
            assert found is not None, f"nobody takes step {run.step + 1} of {system}'s lesson"
            move = found[1]
        game.apply(move)
    pytest.fail(f"{system}'s lesson did not end")


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_step_of_every_lesson_points_only_at_cards_the_learner_sees_face_up(system):
    pointing = []
    for game, learner, step in walked(system):
        view = game.view(learner)
        cards = view.practice.cards
        shown = face_up_for(view)
        assert set(cards) <= set(shown), (step, cards)
        definition, _ = game.ruleset.practices.names(game.state, step) if step is not None else ("", "")
        assert {shown[card] for card in cards} <= {definition}  # the step's card and no other
        for seat in game.state.seat_ids():
            if seat != learner:
                assert game.view(seat).practice is None  # another seat's view holds no practice
        assert game.view(None).practice is None
        pointing.append(len(cards))
    assert pointing[-1] == 0  # once done, nothing is pointed at


def test_the_lessons_point_at_the_copy_in_the_learners_hand():
    steps = [(step, game.view(learner)) for game, learner, step in walked("worlds-that-remember")]
    first = steps[0][1]
    assert [first.definition_of(card) for card in first.practice.cards] == ["slip-past"]
    held = {entry.id for entry in first.zones["ready:ann"].cards}
    assert set(first.practice.cards) <= held  # not its twin in the Unready deck
    assert [view.practice.cards for step, view in steps[1:5]] == [()] * 4  # steps naming no card
    forcing = steps[5][1]
    assert [forcing.definition_of(card) for card in forcing.practice.cards] == ["remember-the-old-ways"]
    for system in ("twilight-imperium", "price-of-power", "tempo"):
        game, learner, step = next(walked(system))
        assert len(game.view(learner).practice.cards) == 1, system
