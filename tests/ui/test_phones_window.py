"""The window with phones (issue 28): Game > Phones... turns the server on (on 127.0.0.1 in tests)
and shows each seat's code, drawn as segno makes it; the panel follows the server (a phone
paired, gone, unpaired: a new code, the old token refused); turned off or the window closed, the
server stops. Real phones (WebSocket clients on 127.0.0.1) play their seats: the curtain comes up
only for the seat at the screen, and after every step nothing of a phone seat's hand or question
is on the window (scene, log, texts, dialogs)."""

from __future__ import annotations

import socket

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGroupBox
from table_helpers import faces_on_table, give, started_game

from desktop.model import GameSession
from desktop.phones import lan, protocol
from desktop.rulesets.twilight_imperium import actions as a
from desktop.ui import phones_panel
from desktop.ui.phones_switch import HOST_VARIABLE, NO_NETWORK
from desktop.ui.qr_code import modules
from tests.phones.phone_client import Phones
from tests.ui.test_privacy import visible_texts
from tests.ui.windows import shown


@pytest.fixture(autouse=True)
def loopback(monkeypatch):
    """Every server of these tests listens on 127.0.0.1 only."""
    monkeypatch.setenv(HOST_VARIABLE, "127.0.0.1")


@pytest.fixture
def phones(qtbot):
    found = Phones(qtbot)
    yield found
    found.close()


@pytest.fixture
def table(qtbot, people):
    """`open(game)`: the real window on `game` with a person at the screen, phones turned on
    through the Game menu; (session, window, server, panel). Closed after the test."""
    windows = []

    def open_(game):
        session = GameSession(game)
        window = shown(qtbot, session)
        people(window)
        windows.append(window)
        window.menus.phones_action.trigger()
        switch = window.phones
        assert switch.on, window.statusBar().currentMessage()
        qtbot.waitUntil(switch.panel.isVisible)
        return session, window, switch.server, switch.panel

    yield open_
    for window in windows:
        window.phones.close()


def pair(phones, server, seat: str):
    """A real phone paired with `seat` by the address its QR code holds; (phone, token)."""
    phone = phones.phone(server.address)
    phone.send({"type": "join", "secret": server.invitation(seat).url.rsplit("/join/", 1)[1]})
    token = phone.expect("paired")["token"]
    phone.expect("view")
    return phone, token


def painted(widget) -> list[list[bool]]:
    """The modules as painted on screen: each module's centre read back from the widget."""
    image = widget.grab().toImage()
    rows = widget.rows
    area = widget.square()
    size = area.width() // len(rows)
    ratio = image.width() / widget.width()
    found = []
    for y in range(len(rows)):
        line = []
        for x in range(len(rows)):
            px = round((area.x() + x * size + size / 2) * ratio)
            py = round((area.y() + y * size + size / 2) * ratio)
            line.append(QColor(image.pixel(px, py)).lightness() < 128)
        found.append(line)
    return found


def secrets_of(server) -> list[str]:
    return [part for invite in server.invitations() for part in (invite.url.rsplit("/", 1)[1], invite.code)]


def hidden_names(session, seats) -> set[str]:
    """The names of the cards in those seats' hands (only they may read them)."""
    names = set()
    for seat in seats:
        view = session.game.view(seat)
        for card in view.zones[f"hand:{seat}"].cards:
            names.add(view.card_name(card.id))
    return names


def assert_nothing_of(window, session, seats) -> None:
    """What the window shows holds nothing of those seats' hands or questions."""
    secret = hidden_names(session, seats)
    texts = visible_texts(window)
    leaked = sorted({name for name in secret for text in texts if text and name in text})
    assert leaked == [], f"the window shows {leaked}"
    assert not [item for item in faces_on_table(window) if item.zone in {f"hand:{seat}" for seat in seats}]
    dialog = window.questions.dialog
    assert dialog is None or window.questions._prompt.seat not in seats
    assert all(asked.seat not in seats for asked in session.screen_questions())


def offered(phone, kind: str) -> int:
    """The index of the phone's own entry of `kind` in its newest view, once it has one (a view
    comes once the change is over)."""
    def index() -> int | None:
        offers = phone.latest_view()["feed"]["offers"]
        return next((offer["index"] for offer in offers if offer["kind"] == kind and offer["mine"]), None)

    phone.phones.qtbot.waitUntil(lambda: index() is not None)
    return index()


def take(phone, kind: str) -> dict:
    """The phone takes its entry of `kind`; built on a view a newer one was on its way to replace,
    it is refused ("look again"), and taken again from the newer view, as the page does."""
    for _try in range(5):
        reply = phone.take(offered(phone, kind))
        if reply["type"] != "refused" or reply["sentence"] != protocol.STALE:
            break
    assert reply["type"] == "taken", reply
    return reply


def phone_takes(phone, kind: str) -> dict:
    """The phone takes its seat's entry of `kind`, then answers its questions as they open."""
    reply = take(phone, kind)
    while questions := phone.latest_view()["feed"]["questions"]:
        question = questions[0]
        value = question["default"] if question["default"] is not None else (True if question["kind"] == "confirm" else 0)
        reply = phone.answer(question["id"], value)
        assert reply["type"] == "taken", reply
    return reply


# ---- the menu, the panel and its codes ------------------------------------------------------------


def test_the_menu_turns_the_phones_on_and_draws_each_seats_code(qtbot, table):
    session, window, server, panel = table(started_game())
    assert server.running and server.address.startswith("http://127.0.0.1:")
    assert not panel.isModal()
    for seat in ("ann", "bo", "cy"):
        invitation = server.invitation(seat)
        card = panel.cards[seat]
        assert card.qr.isVisible() and card.qr.rows == modules(invitation.url)
        assert painted(card.qr) == modules(invitation.url)  # as segno makes it, quiet zone kept
        assert card.code.text() == invitation.code
        assert invitation.page.removesuffix("/") in card.address.text()
        assert card.state.text() == phones_panel.SAYS[phones_panel.WAITING]
    # The codes are on the panel's labels only: no title, tooltip, status bar or log holds them.
    elsewhere = [window.windowTitle(), panel.windowTitle(), window.statusBar().currentMessage(),
                 window.log.toPlainText()]
    for widget in [window, *window.findChildren(type(window.centralWidget()))]:
        elsewhere += [widget.toolTip(), widget.accessibleName(), widget.accessibleDescription()]
    for secret in secrets_of(server):
        assert not [text for text in elsewhere if secret in text]


def test_the_codes_are_dark_on_light_whatever_the_theme(qtbot, table):
    session, window, server, panel = table(started_game())
    window.use_theme("dark")
    qr = panel.cards["ann"].qr
    assert painted(qr) == modules(server.invitation("ann").url)
    corner = qr.grab().toImage().pixel(qr.square().x() + 1, qr.square().y() + 1)
    assert QColor(corner).lightness() > 200  # the quiet zone is light
    window.use_theme("light")


def test_a_paired_phone_shows_on_the_panel_and_the_seats_and_away_when_it_goes(qtbot, table, phones):
    session, window, server, panel = table(started_game())
    phone, _token = pair(phones, server, "bo")
    card = panel.cards["bo"]
    qtbot.waitUntil(lambda: card.state.text() == phones_panel.SAYS[phones_panel.CONNECTED])
    assert not card.qr.isVisible() and not card.code.isVisible() and card.unpair.isVisible()
    assert session.remote_seats == {"bo"}
    seat_box = window.seats.findChild(QGroupBox, "seat-bo")
    assert "on a phone" in seat_box.state.text() and not seat_box.button.isVisible()
    phones.run(phone._close())
    qtbot.waitUntil(lambda: card.state.text() == phones_panel.SAYS[phones_panel.AWAY])
    assert card.unpair.isVisible() and session.remote_seats == {"bo"}


def test_unpair_makes_a_new_code_and_the_old_token_is_refused(qtbot, table, phones):
    session, window, server, panel = table(started_game())
    phone, token = pair(phones, server, "cy")
    card = panel.cards["cy"]
    qtbot.waitUntil(card.unpair.isVisible)
    old = card.code.text()
    qtbot.mouseClick(card.unpair, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: card.state.text() == phones_panel.SAYS[phones_panel.WAITING])
    assert phone.expect("unpaired")
    fresh = server.invitation("cy")
    assert card.code.text() == fresh.code != old and card.qr.rows == modules(fresh.url)
    assert session.remote_seats == set()
    again = phones.phone(server.address)
    again.send({"type": "resume", "token": token})
    assert again.expect("refused")["sentence"]


def test_a_renewed_code_is_drawn_again(qtbot, table):
    session, window, server, panel = table(started_game())
    before = server.invitation("ann").url
    server.pairing.invite("ann")  # as the server renews an expired code
    server.invited.emit("ann")
    assert server.invitation("ann").url != before
    assert panel.cards["ann"].qr.rows == modules(server.invitation("ann").url)


def test_turning_the_phones_off_stops_the_server_and_on_again_brings_the_phones_back(qtbot, table, phones):
    session, window, server, panel = table(started_game())
    pair(phones, server, "bo")
    qtbot.waitUntil(lambda: session.remote_seats == {"bo"})
    qtbot.mouseClick(panel.off, Qt.MouseButton.LeftButton)
    assert not server.running and not panel.isVisible()
    assert session.remote_seats == set()
    window.menus.phones_action.trigger()
    assert server.running and panel.isVisible() and session.remote_seats == {"bo"}


def test_closing_the_window_stops_the_server(qtbot, table):
    session, window, server, panel = table(started_game())
    address = server.address
    window.close()
    assert not server.running and window.phones.server is None
    with pytest.raises(OSError):
        host, port = address.removeprefix("http://").split(":")
        socket.create_connection((host, int(port)), timeout=2).close()


def test_with_no_local_network_the_window_says_so_and_starts_nothing(qtbot, monkeypatch, people):
    monkeypatch.delenv(HOST_VARIABLE)
    monkeypatch.setattr(lan, "candidates", lambda: [])
    window = shown(qtbot, GameSession(started_game()))
    people(window)
    window.menus.phones_action.trigger()
    assert NO_NETWORK in window.statusBar().currentMessage()
    assert not window.phones.on and window.phones.panel is None


def test_the_wizard_asks_whether_players_use_their_phones(qtbot):
    from desktop.ui.wizard import NewGameWizard

    wizard = NewGameWizard()
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.next()
    wizard.seats_page.phones.setChecked(True)
    wizard.next()
    chosen = wizard.new_game()
    assert chosen is not None and chosen.phones


# ---- the curtain with phones -------------------------------------------------------------------


def test_the_curtain_comes_up_only_for_the_seat_at_the_screen(qtbot, table, phones):
    game = started_game()
    # Names no public text uses ("Sabotage" names the answer window every seat gets).
    for seat, name in (("bo", "Ghost Ship"), ("bo", "Morale Boost"), ("cy", "Lucky Shot"), ("cy", "Public Disgrace")):
        give(game, seat, name)
    played = give(game, "ann", "Economic Initiative")
    session, window, server, panel = table(game)
    covered: list[str] = []
    session.curtainRequested.connect(covered.append)
    bo, _ = pair(phones, server, "bo")
    cy, _ = pair(phones, server, "cy")
    panel.close()
    on_phones = ("bo", "cy")
    assert session.remote_seats == set(on_phones)
    assert_nothing_of(window, session, on_phones)

    assert window.curtain.isVisible() and session.pending_viewer == "ann"  # Ann plays at the screen
    window.curtain.button.click()
    assert session.viewer == "ann"
    assert_nothing_of(window, session, on_phones)
    # Ann plays a card at the screen; Bo and Cy answer it out of turn on their phones.
    assert session.submit(a.Play(player="ann", card=played))
    assert not window.seats.buttons["bo"].isVisible() and not window.seats.buttons["cy"].isVisible()
    assert not [offer for offer in session.offers() if offer.seat in on_phones]
    assert session.viewer == "ann" and not window.curtain.isVisible()
    assert_nothing_of(window, session, on_phones)
    for phone in (bo, cy):
        phone_takes(phone, "let_resolve")
        assert_nothing_of(window, session, on_phones)
    assert session.submit(a.Resolve(player="ann"))  # her action: Bo's turn, on his phone
    assert session.game.state.active == "bo"
    assert not window.curtain.isVisible() and session.viewer is None and session.pending_viewer is None
    assert_nothing_of(window, session, on_phones)

    # A question open on Bo's phone is never the screen's: no dialog, nothing of it on the window.
    offered(bo, "end_turn")  # Bo's phone has the view of his turn
    take(bo, "reveal")
    asked = bo.latest_view()["feed"]["questions"]
    assert asked and session.open_questions("bo")
    qtbot.waitUntil(lambda: not window.questions._later.isActive())  # the window has looked at them
    assert window.questions.dialog is None
    assert_nothing_of(window, session, on_phones)
    bo.send({"type": "cancel", "id": bo.next_id(), "version": bo.latest_view()["version"], "question": asked[0]["id"]})
    assert bo.reply()["type"] == "taken"

    for phone, seat in ((bo, "bo"), (cy, "cy")):
        assert session.game.state.active == seat
        phone_takes(phone, "end_turn")
        assert_nothing_of(window, session, on_phones)
    assert session.game.state.active == "ann"
    assert covered == ["ann"] and window.curtain.isVisible()  # back to the screen's seat, and only there


def test_with_every_seat_holding_secrets_on_a_phone_the_curtain_never_comes(qtbot, table, phones):
    game = started_game()
    for seat, name in (("ann", "Bunker"), ("bo", "Ghost Ship"), ("cy", "Lucky Shot")):
        give(game, seat, name)
    session, window, server, panel = table(game)
    covered: list[str] = []
    session.curtainRequested.connect(covered.append)
    held = {seat: pair(phones, server, seat)[0] for seat in ("ann", "bo", "cy")}
    panel.close()
    assert not window.curtain.isVisible() and session.viewer is None
    for _round in range(2):
        for seat in ("ann", "bo", "cy"):
            qtbot.waitUntil(lambda seat=seat: session.game.state.active == seat)
            phone_takes(held[seat], "end_turn")
            assert not window.curtain.isVisible() and session.viewer is None
            assert_nothing_of(window, session, ("ann", "bo", "cy"))
    assert covered == []


def test_news_at_the_screen_is_seen_then_hidden_while_a_phone_answers(qtbot, table, phones):
    session, window, server, panel = table(started_game())
    pair(phones, server, "bo")
    panel.close()
    window.curtain.button.click()  # Ann looks
    assert session.submit(a.Politics(player="ann"))  # she draws 2; Bo answers Politics on his phone
    assert session.viewer == "ann" and window.handover.isVisible() and not window.curtain.isVisible()
    assert window.handover.button.text() == "Hide my hand"
    qtbot.mouseClick(window.handover.button, Qt.MouseButton.LeftButton)
    assert session.viewer is None and not window.curtain.isVisible()
    assert not [item for item in faces_on_table(window) if item.zone == "hand:ann"]


def test_return_closes_the_panel_and_leaves_the_phones_on_and_tab_reaches_its_buttons(qtbot, table, phones):
    session, window, server, panel = table(started_game())
    pair(phones, server, "bo")
    unpair = panel.cards["bo"].unpair
    qtbot.waitUntil(unpair.isVisible)
    reached = set()
    for _ in range(8):
        qtbot.keyClick(panel.focusWidget() or panel, Qt.Key.Key_Tab)
        reached.add(panel.focusWidget())
    assert {unpair, panel.off, panel.close_button} <= reached
    panel.close_button.setFocus()
    qtbot.keyClick(panel.close_button, Qt.Key.Key_Return)
    assert not panel.isVisible() and server.running and session.remote_seats == {"bo"}


def test_a_seat_paired_with_its_question_on_screen_answers_it_on_its_phone(qtbot, phones):
    game = started_game()
    played = give(game, "ann", "Economic Initiative")
    session = GameSession(game)
    window = shown(qtbot, session)  # nobody answers the window's dialog here: it stays open
    window.curtain.button.click()
    window._card_activated(played, "hand:ann")  # Enter on her card: "go on with this card?"
    qtbot.waitUntil(lambda: window.questions.dialog is not None and window.questions.dialog.isVisible())
    asked = session.screen_questions()[0]
    assert asked.seat == "ann"
    window.menus.phones_action.trigger()
    try:
        phone, _ = pair(phones, window.phones.server, "ann")
        qtbot.waitUntil(lambda: window.questions.dialog is None)  # gone from the screen with her hand
        assert session.viewer is None and session.question(asked.talk) is not None  # not dropped
        assert session.screen_questions() == []
        qtbot.waitUntil(lambda: [q["text"] for q in phone.latest_view()["feed"]["questions"]] == [asked.text])
    finally:
        window.phones.close()
