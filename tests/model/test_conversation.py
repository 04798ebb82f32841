"""The conversation as data (desktop/model/conversation.py): a move that still needs answers is a
question of one seat, read and answered through the session's API by any front end; no dialog,
no window. The model checks who answers, which question and which value, walks the prompt and
submits the action; several seats may have questions open at once."""

from __future__ import annotations

import msgspec
from table_helpers import give, started_game

from desktop.model import GameSession
from desktop.rulesets.twilight_imperium import actions as a


def state(session) -> bytes:
    return msgspec.msgpack.encode(session.game.state)


def offer_of(session, seat, kind):
    return next(offer for offer in session.offers_of(seat) if offer.kind == kind)


def refusals(session, qtbot):
    said: list[str] = []
    session.refused.connect(said.append)
    return said


def test_a_move_with_questions_is_an_open_question_of_its_seat_answered_as_data(qtbot):
    """Ann's Spy: whom it affects (Bo or Cy, in words), then whether it can fully resolve."""
    game = started_game()
    card = give(game, "ann", "Spy")
    session = GameSession(game)
    assert not session.take_offer(offer_of(session, "ann", "play"), by="ann")  # asked, not done
    asked, = session.open_questions("ann")
    assert asked.seat == "ann" and asked.kind == "seat" and not asked.preface
    assert [(option.value, option.label) for option in asked.options] == [("bo", "Bo"), ("cy", "Cy")]
    assert asked.answered == () and asked.title == "Play an action card"
    assert session.open_questions("bo") == []  # Bo is asked nothing

    assert session.answer("ann", asked.id, "cy")
    confirm, = session.open_questions("ann")
    assert confirm.kind == "confirm" and confirm.answered == ((asked.text, "Cy"),)
    assert session.answer("ann", confirm.id, True)

    assert session.open_questions("ann") == [] and session.outcome(asked.talk) is True
    assert session.game.actions[-1] == a.Play(player="ann", card=card, target_player="cy", confirm=True)


def test_a_question_of_another_seat_a_stale_question_and_a_value_not_offered_are_refused(qtbot):
    game = started_game()
    give(game, "ann", "Spy")
    session = GameSession(game)
    said = refusals(session, qtbot)
    session.take_offer(offer_of(session, "ann", "play"), by="ann")
    asked, = session.open_questions("ann")
    before = state(session)

    assert not session.answer("bo", asked.id, True)  # Bo answering Ann's question
    assert not session.answer("ann", asked.id + 100, True)  # no such question
    assert not session.answer("ann", asked.id, "dee")  # not one of the seats offered
    assert not session.cancel("bo", asked.id)  # nor may Bo leave it for her

    assert state(session) == before and session.open_questions("ann") == [asked]
    assert said == ["That question is Ann's to answer, not yours.",
                    "That question is no longer open: the game moved on, or it was answered.",
                    "That is not one of the choices offered.",
                    "That question is Ann's to answer, not yours."]


def test_a_choice_among_seats_lists_its_options_with_their_words_and_checks_the_value(qtbot):
    from desktop.engine import Game, GameSetup

    game = Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo", "Cy"], seed=3))
    session = GameSession(game)
    said = refusals(session, qtbot)
    entry = next(offer for offer in session.offers_of("bo") if offer.kind == "set_initiative")
    assert entry.seat is None  # the table's own entry
    session.take_offer(entry, by="bo")
    asked, = session.open_questions("cy")  # the table's: whoever is at the table answers it
    assert asked.seat is None and asked.kind == "order"
    assert [option.label for option in asked.options] == ["Ann", "Bo", "Cy"]
    assert asked.initial == ["ann", "bo", "cy"]

    assert not session.answer("cy", asked.id, ["cy", "cy", "ann"])  # not an order of every seat
    assert session.answer("cy", asked.id, ["cy", "ann", "bo"])

    assert said == ["The answer puts every entry in an order, each once."]
    assert session.game.actions[-1].order == ["cy", "ann", "bo"]


def test_an_offer_chosen_for_another_seat_is_that_seats_question(qtbot):
    """Ann's front end chooses "Bo: Pass": nothing is done; Bo is asked, naming who chose it.
    No (or a cancel) leaves him every choice; Yes passes."""
    game = started_game()
    give(game, "bo", "Sabotage")
    game.apply(a.Declare(player="ann", event="combat-round-start"))
    session = GameSession(game)
    before = state(session)
    assert not session.take_offer(offer_of(session, "bo", "pass"), by="ann")
    assert session.open_questions("ann") == [] and state(session) == before
    asked, = session.open_questions("bo")
    assert asked.preface and asked.chooser == "ann"
    assert asked.text == "Ann chose \u201cPass\u201d for you. Do it now? No leaves the choice to you."
    assert not session.answer("ann", asked.id, True)

    assert session.answer("bo", asked.id, False)  # No: nothing is done for him
    assert state(session) == before and session.outcome(asked.talk) is False

    session.take_offer(offer_of(session, "bo", "pass"), by="ann")
    asked, = session.open_questions("bo")
    assert session.answer("bo", asked.id, True)
    assert session.game.actions[-1] == a.Pass(player="bo")


def test_several_seats_plan_at_once_and_answer_in_any_order(qtbot):
    """Tempo Combat's planning: Ann and Bo both have a plan taking shape; Bo answers first, and
    Ann's question is still hers, kept to what the rules allow after his plan."""
    from tests.rulesets.tempo.helpers import card, new

    session = GameSession(new())
    for seat in ("ann", "bo"):
        session.take_offer(offer_of(session, seat, "plan"), by=seat)
    ann, = session.open_questions("ann")
    bo, = session.open_questions("bo")
    assert ann.kind == bo.kind == "card" and ann.talk != bo.talk
    move = card(session.game, "bo", "move")
    assert session.answer("bo", bo.id, move)
    while (bo_next := session.open_questions("bo")):
        assert session.answer("bo", bo_next[0].id, bo_next[0].options[0].value)
    assert session.game.actions[-1].player == "bo" and session.game.actions[-1].card == move

    ann_now, = session.open_questions("ann")  # still open, still Ann's
    hide = card(session.game, "ann", "hide")
    assert session.answer("ann", ann_now.id, hide)
    while (ann_next := session.open_questions("ann")):
        assert session.answer("ann", ann_next[0].id, ann_next[0].options[0].value)
    assert session.game.actions[-1].player == "ann" and session.game.actions[-1].card == hide


def test_what_was_answered_so_far_is_part_of_the_question(qtbot):
    from tests.rulesets.tempo.helpers import card, new

    session = GameSession(new())
    session.take_offer(offer_of(session, "ann", "plan"), by="ann")
    first, = session.open_questions("ann")
    magic = card(session.game, "ann", "magic")
    session.answer("ann", first.id, magic)
    second, = session.open_questions("ann")
    assert second.answered == ((first.text, next(o.label for o in first.options if o.value == magic)),)


def test_a_cancel_drops_the_move_and_the_game_is_unchanged(qtbot):
    game = started_game()
    give(game, "ann", "Spy")
    session = GameSession(game)
    before = state(session)
    session.take_offer(offer_of(session, "ann", "play"), by="ann")
    asked, = session.open_questions("ann")
    assert session.cancel("ann", asked.id)
    assert session.open_questions("ann") == [] and state(session) == before
    assert session.outcome(asked.talk) is False


def test_a_question_is_kept_to_what_the_rules_still_allow_after_the_game_changes(qtbot):
    """Ann's plan is taking shape when a plan of hers is made elsewhere: her question is asked
    again without that card (the old one is no longer open); once she has nothing left to plan,
    it is closed."""
    from desktop.rulesets.tempo import actions as t
    from tests.rulesets.tempo.helpers import card, new

    session = GameSession(new())
    said = refusals(session, qtbot)
    session.take_offer(offer_of(session, "ann", "plan"), by="ann")
    before, = session.open_questions("ann")
    move = card(session.game, "ann", "move")
    assert move in [option.value for option in before.options]
    session.submit(t.Plan(player="ann", card=move))

    after, = session.open_questions("ann")
    assert after.id != before.id and move not in [option.value for option in after.options]
    assert not session.answer("ann", before.id, move)
    assert said == ["That question is no longer open: the game moved on, or it was answered."]


def test_a_question_the_game_moved_past_is_closed(qtbot):
    """Ann's Spy is taking shape when her turn ends (ended elsewhere): it can no longer be played
    now, so its question is closed, and nothing is played."""
    game = started_game()
    give(game, "ann", "Spy")
    session = GameSession(game)
    session.take_offer(offer_of(session, "ann", "play"), by="ann")
    asked, = session.open_questions("ann")
    session.submit(a.EndTurn(player="ann"))
    assert session.open_questions("ann") == [] and session.question(asked.talk) is None
    assert session.game.actions[-1] == a.EndTurn(player="ann")


def test_handing_a_seat_to_the_app_is_asked_of_that_seat(qtbot):
    session = GameSession(started_game())
    assert not session.choose_app_seat("ann", True, by="bo")
    asked, = session.open_questions("ann")
    assert asked.preface and asked.text.startswith("Bo asked for the app to play Ann")
    assert not session.answer("bo", asked.id, True) and "ann" not in session.app_seats
    assert session.answer("ann", asked.id, True)
    assert "ann" in session.app_seats
