"""The phone page in a real browser (Chromium, driven by Playwright) against a real phone server on
127.0.0.1 over a real session: phones paired by their seats' pairing addresses, acting as their
seats by tapping what the page shows (docs/phones.md, "The phone page")."""

from __future__ import annotations

from tests.phones.phone_client import new_session


def test_two_phones_pair_by_their_addresses_and_play_a_check(serve, browser):
    """Ann (who sets the checks) sets one for Bo on her phone, answering each question at its
    default but the one she changes; Bo's phone is asked to draw and does."""
    session = new_session("future-imperfect")
    server = serve(session)
    ann = browser.phone(server.invitation("ann").url)
    bo = browser.phone(server.invitation("bo").url)
    assert server.paired_seats() == ["ann", "bo"]
    ann.says("Your turn: set a check")
    ann.status("turn")
    bo.says("Nothing to do now.")
    bo.status("wait")
    assert ann.text("#seat") == "Ann" and bo.text("#seat") == "Bo"

    ann.take("Set a simple check")
    ann.status("answer")
    ann.asked("Who makes the check?")
    ann.choose("Bo")
    ann.submit()
    assert ann.submit_all() == 3  # the trait die, the skill level, the target number, at their defaults
    assert [type(action).__name__ for action in session.game.actions] == ["SetCheck"]
    assert session.game.actions[0].player == "ann"

    bo.status("turn")
    bo.says("Your turn: draw the resolution card")
    ann.says("Nothing to do now.")
    bo.take("Draw the resolution card")
    assert [action.player for action in session.game.actions] == ["ann", "bo"]
    assert ann.problems == [] and bo.problems == []
