"""A round of every system played on phone pages in a real browser (Chromium driven by
Playwright), each phone paired by its seat's pairing address, against a real phone server on
127.0.0.1: out-of-turn answers on the phones of the seats asked, Tempo's players planning at the
same time, and the real window showing the table while the phones play (it asks nothing of a
phone's seat and follows the game). Each phone acts only by tapping what its page shows."""

from __future__ import annotations

import re

from desktop.engine.demo import demo_game
from desktop.model import opening
from tests.phones.phone_client import new_session


def kinds(session) -> list[tuple[str, str]]:
    return [(action.player, type(action).__name__) for action in session.game.actions]


def phones_for(browser, server, seats):
    return {seat: browser.phone(server.invitation(seat).url) for seat in seats}


def window_on_table(qtbot, session):
    """The real window showing the table the phones play at, as on the shared screen."""
    from desktop.ui.main_window import MainWindow

    window = MainWindow(session)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    return window


def screen_follows(qtbot, session, window, server) -> None:
    """The shared screen shows the game as it is now and asked nothing of the phones' seats. Then
    the phones are turned off while the window is still there, as the window's own close does
    (the seats given back to the screen change the game's view, which the window reads)."""
    qtbot.waitUntil(lambda: window.header.text() == session.table().headline, timeout=10_000)
    assert window.questions.dialog is None
    server.stop()


def no_problems(phones) -> None:
    for seat, phone in phones.items():
        assert phone.problems == [], f"{seat}'s page: {phone.problems}"


def test_twilight_imperium_a_round_on_three_phones_while_the_window_shows_the_table(serve, browser, qtbot):
    from desktop.ui.main_window import MainWindow

    session = new_session("twilight-imperium")
    window = MainWindow(session)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    server = serve(session)
    phones = phones_for(browser, server, ["ann", "bo", "cy"])
    ann, bo, cy = phones["ann"], phones["bo"], phones["cy"]
    assert session.remote_seats == {"ann", "bo", "cy"}

    # The table's own entry, taken on a phone: its question is asked there.
    ann.take("Enter the initiative order")
    ann.asked(re.compile("Initiative order"))
    ann.submit()
    ann.says("Your turn: take an action")
    qtbot.waitUntil(lambda: "Action phase" in window.header.text(), timeout=10_000)

    # Politics: each other seat answers out of turn, on its own phone.
    ann.take("Use Politics (draw 2)")
    bo.status("turn")
    bo.says("Answer now: follow Politics or decline")
    cy.says("Nothing to do now.")
    bo.take("Answer Politics")
    bo.choose("Decline")
    bo.submit()
    cy.says("Answer now: follow Politics or decline")
    cy.take("Answer Politics")
    cy.submit()  # its default: follow
    bo.says("Your turn: take an action")

    # Everyone passes for the phase, each confirming on their phone.
    for phone in (bo, cy, ann):
        phone.take("Pass for the phase")
        phone.asked(re.compile("Pass for the phase"))
        phone.tap("Yes")
    assert kinds(session) == [
        ("ann", "SetInitiative"), ("ann", "Politics"), ("bo", "PoliticsSecondary"), ("cy", "PoliticsSecondary"),
        ("bo", "PassPhase"), ("cy", "PassPhase"), ("ann", "PassPhase"),
    ]
    headline = session.ruleset.table(session.game.view(None)).headline
    assert "Action phase" not in headline
    qtbot.waitUntil(lambda: window.header.text() == headline, timeout=10_000)  # the shared screen shows it
    ann.says("Your turn: draw action cards")
    assert window.questions.dialog is None  # nothing of the phones' was asked on the shared screen
    no_problems(phones)


def test_worlds_that_remember_support_out_of_turn_and_the_turn_goes_on(serve, browser, qtbot):
    session = new_session("worlds-that-remember")
    window = window_on_table(qtbot, session)
    server = serve(session)
    phones = phones_for(browser, server, ["ann", "bo", "cy"])
    ann, bo, cy = phones["ann"], phones["bo"], phones["cy"]
    ann.take("Play a Ready card")
    ann.asked("Which Ready card?")
    assert ann.submit_all() == 3  # the card, the intent, the tags: each at its default
    bo.says(re.compile("^You may respond: Support Ann's"))
    cy.says(re.compile("^You may respond: Support Ann's"))
    bo.take("Support the roll")
    bo.asked("Which Ready card do you spend?")
    bo.submit()
    bo.asked("Which of your tags sizes the die?")
    bo.submit()
    bo.asked("How do you help Ann? (one sentence)")  # opened at words of the rules' own
    bo.submit()
    cy.take("Do not Support this roll")
    # Ann may roll without waiting for Cy: the test waits for Cy's answer to be taken first, or a
    # roll tapped while the machine is loaded closes the window before Cy's tap arrives.
    qtbot.waitUntil(lambda: ("cy", "Pass") in kinds(session), timeout=10_000)
    ann.take(re.compile("^Roll "))
    ann.take("End the turn")
    bo.says(re.compile("^Your turn: play a Ready card"))
    ann.says("Nothing to do now.")
    assert kinds(session) == [("ann", "Play"), ("bo", "Support"), ("cy", "Pass"), ("ann", "Roll"), ("ann", "EndTurn")]
    no_problems(phones)
    screen_follows(qtbot, session, window, server)


def test_future_imperfect_checks_set_and_resolved_on_the_players_phones(serve, browser, qtbot):
    session = new_session("future-imperfect")
    window = window_on_table(qtbot, session)
    server = serve(session)
    phones = phones_for(browser, server, ["ann", "bo", "cy"])
    ann, bo, cy = phones["ann"], phones["bo"], phones["cy"]
    for seat, checker, phone in (("bo", "Bo", bo), ("cy", "Cy", cy)):
        ann.take("Set a simple check")
        ann.choose(checker)
        ann.submit()
        ann.submit_all()
        phone.says("Your turn: draw the resolution card")
        phone.take("Draw the resolution card")
        # The checker takes a result, and draws an extension card for an exceptional one.
        while own := [offer.label for offer in session.offers_of(seat) if offer.seat == seat]:
            phone.take(own[0])
            phone.submit_all()
            assert len(session.game.actions) < 12
        ann.says(re.compile("^Your turn: set a check"))
    players = [player for player, _ in kinds(session)]
    assert players[:2] == ["ann", "bo"] and "cy" in players
    no_problems(phones)
    screen_follows(qtbot, session, window, server)


def test_price_of_power_a_covert_action_answered_on_every_other_phone(serve, browser, qtbot):
    session = opening.session_for(demo_game("price-of-power"), demo=True)
    window = window_on_table(qtbot, session)
    server = serve(session)
    phones = phones_for(browser, server, ["ann", "bo", "cy", "dee"])
    ann, bo, cy, dee = phones["ann"], phones["bo"], phones["cy"], phones["dee"]
    before = len(session.game.actions)
    # The battle under way: the attacker takes a loan (a confirmation) and is done, then the
    # defender answers out of turn; the table's own entry ends the battle from a third phone.
    cy.says("Answer now: play Battle Actions, then say done")
    cy.take("Take a Loan (+5 Ducats)")
    cy.asked(re.compile("Take a Loan"))
    cy.tap("Yes")
    cy.take("Done with Battle Actions")
    dee.says("Answer now: play Battle Actions, then say done")
    dee.take("Done with Battle Actions")
    ann.take("End the battle")
    # Cy's turn: a covert action, which every other seat may counter, each on their phone.
    cy.says(re.compile("^Your turn: take a turn"))
    cy.take("Fabricate Claims (covert)")
    cy.asked(re.compile("^How many Claims?"))
    cy.submit()
    for phone in (dee, ann, bo):
        phone.says("Answer now: counter Fabricate Claims or pass")
        phone.take("Pass")
    done = kinds(session)[before:]
    assert [player for player, _ in done[-3:]] == ["dee", "ann", "bo"]
    assert cy.text("#says") != "Answer now: counter Fabricate Claims or pass"
    no_problems(phones)
    screen_follows(qtbot, session, window, server)


def test_tempo_two_players_plan_at_the_same_time_and_the_round_ends(serve, browser, qtbot):
    session = new_session("tempo")
    window = window_on_table(qtbot, session)
    server = serve(session)
    phones = phones_for(browser, server, ["ann", "bo", "cy"])
    ann, bo, cy = phones["ann"], phones["bo"], phones["cy"]
    for phone in (ann, bo):
        phone.says(re.compile("^Plan now: plan two actions for"))
    for _ in range(2):
        # Both open their question at once; Bo answers first, then Ann.
        ann.take("Plan an action")
        bo.take("Plan an action")
        ann.status("answer")
        bo.status("answer")
        assert len(session.open_questions("ann")) == 1 and len(session.open_questions("bo")) == 1
        bo.submit()
        ann.submit()
    # The one at the head of the table plans for the others at the table, on a phone too.
    for _ in range(4):
        cy.take("Plan an action")
        cy.submit()
    planned = kinds(session)
    assert len(planned) == 8 and {player for player, _ in planned[:4]} == {"ann", "bo"}
    # Each lets the tempo pass when it comes to them, to the end of the round.
    while not re.match(r"Round 2\b", session.ruleset.table(session.game.view(None)).headline):
        acting = next(seat for seat in ("ann", "bo", "cy")
                      if any("not now" in offer.label for offer in session.offers_of(seat) if offer.seat == seat))
        phones[acting].take(re.compile("not now"))
        assert len(session.game.actions) < 30
    ann.says(re.compile("^Plan now"))
    bo.says(re.compile("^Plan now"))
    no_problems(phones)
    screen_follows(qtbot, session, window, server)
