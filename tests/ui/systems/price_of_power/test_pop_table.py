"""Price of Power through the real window: drawing by dragging the top card of a deck, keeping
and paying, playing, appointing, Display cards and Covert Actions, each move made with the
table's own widgets (presses, moves and releases on the view) and handed to the session."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF

from desktop.engine import Game, GameSetup
from tests.table_helpers import drag, drag_to, window_on
from tests.ui.at_the_screen import AtTheScreen


def new_game(players=("Ann", "Bo", "Cy"), seed=7, **options) -> Game:
    return Game.new(GameSetup(ruleset="price-of-power", players=list(players), seed=seed,
                              options={key: str(value) for key, value in options.items()}))


def seat_text(window, seat: str) -> str:
    return window.seats._boxes[seat].info.text()


def top_of(window, zone_id):
    zone = window.table_view.zones[zone_id]
    assert zone.cards, f"{zone_id} shows no card"
    return zone.cards[-1]


# ---- 1. drawing by dragging the top card of a deck ----------------------------------------------


def test_the_drawing_seat_draws_by_dragging_the_top_card_of_two_different_decks(qtbot, monkeypatch):
    game = new_game(setup_draw="off")
    session, window = window_on(qtbot, game)
    assert session.viewer == "ann"
    table = window.table_view
    decks = {power: len(game.state.zones[f"deck:{power}"].cards) for power in ("adm", "dip", "mil")}
    adm = top_of(window, "deck:adm")
    assert adm.card_id is None and adm.face is None and adm.draggable  # a back, named by nothing
    drag(monkeypatch, adm, table.zones["drawn:ann"])
    assert session.game.actions[-1].type == "draw" and session.game.actions[-1].deck == "adm"
    drag(monkeypatch, top_of(window, "deck:mil"), table.zones["drawn:ann"])
    assert session.game.actions[-1].type == "draw" and session.game.actions[-1].deck == "mil"
    state = session.game.state
    assert len(state.zones["deck:adm"].cards) == decks["adm"] - 1
    assert len(state.zones["deck:mil"].cards) == decks["mil"] - 1
    assert len(state.zones["deck:dip"].cards) == decks["dip"]
    drawn = state.zones["drawn:ann"].cards
    assert [state.cards[card].split("-")[0] for card in drawn] == ["adm", "mil"]
    # Ann sees the two faces she drew, on the table in her drawn cards.
    assert {item.card_id for item in table.zones["drawn:ann"].cards} == set(drawn)


def test_a_deck_dragged_elsewhere_or_by_a_seat_not_drawing_draws_nothing(qtbot, monkeypatch):
    game = new_game(setup_draw="off")
    session, window = window_on(qtbot, game)
    table = window.table_view
    # Dropped on the discard pile: refused in words, nothing drawn, the card glides home.
    drag(monkeypatch, top_of(window, "deck:dip"), table.zones["discard:dip"])
    assert not session.game.actions
    assert "drawn cards" in window.problem.text()
    # Bo looking while Ann draws: no deck is a drag source for him.
    session.request_viewer("bo")
    window.curtain.button.click()
    assert session.viewer == "bo"
    assert not any(item.draggable for item in table.zones["deck:adm"].cards)


# ---- 2. keeping and paying, the draw secret from the other seats --------------------------------


def pass_screen(qtbot, window, session, to: str) -> None:
    """The seat looking has seen its news and passes the screen; `to` lifts the curtain."""
    from PySide6.QtCore import Qt

    if window.handover.isVisible():
        qtbot.mouseClick(window.handover.button, Qt.MouseButton.LeftButton)
    assert window.curtain.isVisible()
    window.curtain.button.click()
    assert session.viewer == to


def deck_of(session, card: str) -> str:
    from desktop.rulesets.price_of_power.core import card_def

    return card_def(session.game.state, card).deck


def draw_by_dragging(monkeypatch, window, seat: str, decks) -> None:
    for power in decks:
        drag(monkeypatch, top_of(window, f"deck:{power}"), window.table_view.zones[f"drawn:{seat}"])


def hidden_from_viewer(window, session, seat: str) -> None:
    """Another seat's secret cards reach the viewer's table only as backs with counts and decks."""
    from table_helpers import faces_on_table

    state = session.game.state
    secret = set(state.zones[f"drawn:{seat}"].cards) | set(state.zones[f"hand:{seat}"].cards)
    assert not secret & {item.card_id for item in faces_on_table(window)}
    for zone_id in (f"drawn:{seat}", f"hand:{seat}"):
        zone = window.table_view.zones[zone_id]
        assert len(zone.cards) == len(state.zones[zone_id].cards)
        assert all(item.card_id is None and item.face is None and not item.draggable for item in zone.cards)


def test_each_seat_draws_in_secret_then_keeps_for_two_ducats_and_lets_go_by_dragging(qtbot, monkeypatch):
    from desktop.rulesets.price_of_power.cards import POWER_WORDS

    game = new_game(players=("Ann", "Bo"), setup_draw="off")
    session, window = window_on(qtbot, game)
    table = window.table_view
    draw_by_dragging(monkeypatch, window, "ann", ("adm", "dip", "mil"))
    # Ann sees her three cards, then passes the screen; Bo sees three backs and from which decks.
    assert window.handover.isVisible()
    pass_screen(qtbot, window, session, "bo")
    hidden_from_viewer(window, session, "ann")
    title = table.zones["drawn:ann"].title
    assert all(f"1 {POWER_WORDS[power]}" in title for power in ("adm", "dip", "mil")), title
    draw_by_dragging(monkeypatch, window, "bo", ("mil", "mil", "adm"))
    pass_screen(qtbot, window, session, "ann")
    # 1C: Ann keeps two cards for 2 Ducats each (dragged to her hand) and lets one go.
    drawn = list(session.game.state.zones["drawn:ann"].cards)
    ducats = session.game.state.counters["ann"]["ducats"]
    for card in drawn[:2]:
        drag(monkeypatch, table.zones["drawn:ann"].card(card), table.zones["hand:ann"])
    assert session.game.state.counters["ann"]["ducats"] == ducats - 4
    assert f"{ducats - 4} Ducats" in seat_text(window, "ann")  # public, at her seat
    assert session.game.state.zones["hand:ann"].cards == drawn[:2]
    gone = drawn[2]
    drag(monkeypatch, table.zones["drawn:ann"].card(gone), table.zones[f"discard:{deck_of(session, gone)}"])
    assert session.game.state.zones[f"discard:{deck_of(session, gone)}"].cards[-1] == gone
    # Bo keeps next: at his turn Ann's hand is two backs, with the decks they came from.
    pass_screen(qtbot, window, session, "bo")
    hidden_from_viewer(window, session, "ann")
    hand_title = table.zones["hand:ann"].title
    assert "2 cards" in hand_title and all(POWER_WORDS[deck_of(session, c)] in hand_title for c in drawn[:2])
    # the card let go is public: face up on its discard pile for Bo too
    assert top_of(window, f"discard:{deck_of(session, gone)}").card_id == gone


def test_a_keep_that_cannot_be_paid_is_refused_with_what_is_missing(qtbot, monkeypatch):
    game = new_game(players=("Ann", "Bo"), setup_draw="off")
    game.state.counters["ann"]["ducats"] = 3
    session, window = window_on(qtbot, game)
    draw_by_dragging(monkeypatch, window, "ann", ("adm", "adm", "dip"))
    pass_screen(qtbot, window, session, "bo")
    draw_by_dragging(monkeypatch, window, "bo", ("dip", "dip", "dip"))
    pass_screen(qtbot, window, session, "ann")
    table = window.table_view
    first, second, _ = session.game.state.zones["drawn:ann"].cards
    drag(monkeypatch, table.zones["drawn:ann"].card(first), table.zones["hand:ann"])
    drag(monkeypatch, table.zones["drawn:ann"].card(second), table.zones["hand:ann"])
    assert session.game.state.counters["ann"]["ducats"] == 1
    assert second in session.game.state.zones["drawn:ann"].cards  # nothing lost, the card stays
    assert window.problem.text() == "Not allowed: Keeping a card costs 2 Ducats; Ann has 1 (1 short)."


def test_the_setup_draw_takes_one_card_from_each_deck_and_keeps_four_for_free(qtbot, monkeypatch):
    game = new_game(players=("Ann", "Bo"))  # round 1's Draw Cards is the setup draw
    session, window = window_on(qtbot, game)
    table = window.table_view
    draw_by_dragging(monkeypatch, window, "ann", ("mil", "mil", "mil", "mil"))
    # A fifth Military card would leave too few draws for the other two decks: refused in words.
    drag(monkeypatch, top_of(window, "deck:mil"), table.zones["drawn:ann"])
    assert "draw from the Administrative and Diplomatic decks first" in window.problem.text()
    assert len(session.game.state.zones["drawn:ann"].cards) == 4
    draw_by_dragging(monkeypatch, window, "ann", ("dip", "adm"))
    assert len(session.game.state.zones["drawn:ann"].cards) == 6
    pass_screen(qtbot, window, session, "bo")
    hidden_from_viewer(window, session, "ann")
    draw_by_dragging(monkeypatch, window, "bo", ("adm", "dip", "mil", "adm", "adm", "adm"))
    pass_screen(qtbot, window, session, "ann")
    ducats = session.game.state.counters["ann"]["ducats"]
    drawn = list(session.game.state.zones["drawn:ann"].cards)
    for card in drawn[:4]:
        drag(monkeypatch, table.zones["drawn:ann"].card(card), table.zones["hand:ann"])
    assert session.game.state.counters["ann"]["ducats"] == ducats  # free at setup
    drag(monkeypatch, table.zones["drawn:ann"].card(drawn[4]), table.zones["hand:ann"])
    assert "the most kept free at setup" in window.problem.text()
    assert session.game.state.zones["hand:ann"].cards == drawn[:4]


# ---- 3. playing, appointing, Display cards ------------------------------------------------------


def action_phase(players=("Ann", "Bo"), hand=(), display=(), ducats=None, **power):
    """Phase 2, Ann's turn (the round's Event taken), Ann holding `hand` and showing `display`
    (charged in full, played in an earlier turn)."""
    from tests.rulesets.pop.helpers import give, set_power, to_actions

    game = to_actions(new_game(players=players, setup_draw="off"))
    held = give(game, "ann", *hand)
    shown = give(game, "ann", *display, zone="display")
    if power:
        set_power(game, "ann", **power)
    if ducats is not None:
        set_power(game, "ann", ducats=ducats)
    return game, held, shown


def test_a_card_dragged_to_its_discard_pile_is_played_for_its_action_and_paid(qtbot, monkeypatch):
    game, (grain,), _ = action_phase(hand=("adm-grain-stores",), adm=3)
    session, window = window_on(qtbot, game)
    table = window.table_view
    drag(monkeypatch, table.zones["hand:ann"].card(grain), table.zones["discard:adm"])
    # Its question is answered in the real dialog as it shows: the move is made then.
    qtbot.waitUntil(lambda: bool(session.game.actions))
    last = session.game.actions[-1]
    assert last.type == "play" and last.card == grain
    state = session.game.state
    assert state.counters["ann"]["adm"] == 1  # its cost, 2 ADM, paid
    assert state.zones["discard:adm"].cards[-1] == grain
    assert state.active == "bo"  # the turn is spent: the screen goes to Bo
    assert window.curtain.isVisible()
    window.curtain.button.click()
    assert top_of(window, "discard:adm").card_id == grain  # public, face up for Bo


def test_a_card_played_by_enter_asks_first_then_what_to_do_with_it(qtbot):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    game, (grain,), _ = action_phase(hand=("adm-grain-stores",), adm=3)
    session, window = window_on(qtbot, game, person=AtTheScreen({"*": "Play"}))
    assert window.table_view.focus_card(grain)
    QTest.keyClick(window.table_view.viewport(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: bool(session.game.actions), timeout=3000)
    assert any("Grain Stores: go on with this card?" in text for text in window.person.asked)
    last = session.game.actions[-1]
    assert last.type == "play" and last.card == grain
    assert session.game.state.counters["ann"]["adm"] == 1


def test_a_character_appointed_by_dragging_to_the_court_leaves_the_turn_to_go_on(qtbot, monkeypatch):
    game, (reform,), _ = action_phase(hand=("adm-land-reform",), ducats=10)
    session, window = window_on(qtbot, game)
    table = window.table_view
    drag(monkeypatch, table.zones["hand:ann"].card(reform), table.zones["court:ann"])
    last = session.game.actions[-1]
    assert last.type == "appoint" and last.card == reform
    state = session.game.state
    assert state.zones["court:ann"].cards == [reform]
    assert state.counters["ann"]["ducats"] == 8  # its Advisor's hire, 2 Ducats
    assert state.active == "ann" and not window.curtain.isVisible()  # a Minor Action: Ann goes on
    court = table.zones["court:ann"].card(reform)
    assert court is not None and court.face is not None
    assert "8 Ducats" in seat_text(window, "ann")


def test_a_display_card_played_by_dragging_sits_in_a_slot_with_its_cubes(qtbot, monkeypatch):
    game, (spy,), _ = action_phase(hand=("dip-spy-network",), dip=3)
    session, window = window_on(qtbot, game)
    table = window.table_view
    drag(monkeypatch, table.zones["hand:ann"].card(spy), table.zones["display:ann"])
    # Its question is answered in the real dialog as it shows: the move is made then.
    qtbot.waitUntil(lambda: bool(session.game.actions))
    assert session.game.actions[-1].type == "play"
    window.curtain.button.click()  # Bo's turn: he sees it too, public
    zone = table.zones["display:ann"]
    item = zone.card(spy)
    assert item is not None and item.marks.tokens == 3
    assert zone.slot_texts()[0].startswith("Spy Network (3 tokens")


def press_display_action(qtbot, window, card, action):
    from PySide6.QtCore import Qt

    from desktop.ui.systems.price_of_power.panel import DisplayBody

    button = window.findChild(DisplayBody, "pop-display-actions").buttons[(card, action)]
    assert button.isEnabled(), button.toolTip()
    made = len(window.session.game.actions)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    # Its question is answered in the real dialog as it shows: the move is made then.
    qtbot.waitUntil(lambda: len(window.session.game.actions) > made)


def test_a_display_action_used_until_its_last_cube_discards_the_card(qtbot):
    from PySide6.QtCore import Qt

    from desktop.rulesets.price_of_power import actions as a

    game, _, (mint,) = action_phase(display=("adm-royal-mint",), adm=5)
    session, window = window_on(qtbot, game)
    table = window.table_view
    press_display_action(qtbot, window, mint, "Strike Coin")  # 1 cube of 3
    assert table.zones["display:ann"].card(mint).marks.tokens == 2
    # Bo's turn: he passes for the phase, and the turn comes back to Ann.
    window.curtain.button.click()
    passing = next(button for offer, button in zip(window.actions._offers, window.actions.buttons)
                   if offer.seat == "bo" and offer.kind == "pass_phase")
    made = len(session.game.actions)
    qtbot.mouseClick(passing, Qt.MouseButton.LeftButton)  # its question answered in the real dialog
    qtbot.waitUntil(lambda: len(session.game.actions) > made, timeout=3000)
    assert session.game.actions[-1].type == "pass_phase"
    window.curtain.button.click()
    assert session.viewer == "ann" and session.game.state.active == "ann"
    press_display_action(qtbot, window, mint, "Debase the Currency")  # its last 2 cubes
    assert isinstance(session.game.actions[-1], a.Use)
    state = session.game.state
    assert mint not in state.zones["display:ann"].cards and state.zones["discard:adm"].cards[-1] == mint
    assert table.zones["display:ann"].card(mint) is None
    assert top_of(window, "discard:adm").card_id == mint
    assert table.zones["display:ann"].slot_texts() == ["empty slot", "empty slot"]


def test_a_third_display_card_dropped_on_a_slot_replaces_the_card_in_it(qtbot, monkeypatch):
    game, (academy,), (mint, spy) = action_phase(hand=("mil-military-academy",),
                                                 display=("adm-royal-mint", "dip-spy-network"), mil=3)
    session, window = window_on(qtbot, game)
    table = window.table_view
    zone = table.zones["display:ann"]
    drag_to(table.zones["hand:ann"].card(academy), zone.card(spy).sceneBoundingRect().center())
    qtbot.waitUntil(lambda: bool(session.game.actions), timeout=3000)
    last = session.game.actions[-1]
    assert last.type == "play" and last.card == academy and last.replace == spy
    assert not any("which one goes" in question for question in window.person.asked)  # the drop said it
    state = session.game.state
    assert set(state.zones["display:ann"].cards) == {mint, academy}
    assert state.zones["discard:dip"].cards[-1] == spy


def test_a_third_display_card_dropped_beside_the_slots_asks_which_one_goes(qtbot, monkeypatch):
    game, (academy,), (mint, spy) = action_phase(hand=("mil-military-academy",),
                                                 display=("adm-royal-mint", "dip-spy-network"), mil=3)
    session, window = window_on(qtbot, game, person=AtTheScreen({"which one goes": "Royal Mint"}))
    table = window.table_view
    box = table.zones["display:ann"].box  # on the zone's title, above its slots
    drag_to(table.zones["hand:ann"].card(academy), QPointF(box.x + box.width / 2, box.y + 8))
    qtbot.waitUntil(lambda: bool(session.game.actions), timeout=3000)
    assert any("which one goes" in question for question in window.person.asked)
    last = session.game.actions[-1]
    assert last.type == "play" and last.card == academy and last.replace == mint
    assert set(session.game.state.zones["display:ann"].cards) == {spy, academy}


# ---- 4. a Covert Action countered, the screen going to every other seat in turn -----------------


def offer_button(window, text: str):
    found = [b for b in window.actions.buttons if getattr(b, "text", lambda: "")() == text]
    assert found, [getattr(b, "text", lambda: "")() for b in window.actions.buttons]
    return found[0]


def test_a_covert_action_asks_every_other_seat_in_turn_and_one_counters_it(qtbot, monkeypatch):
    from PySide6.QtCore import Qt

    from desktop.rulesets.price_of_power.state import COVERT_ZONE
    from tests.rulesets.pop.helpers import give

    game, (steal,), _ = action_phase(players=("Ann", "Bo", "Cy", "Di"), hand=("dip-steal-secrets",), dip=4)
    (counter,) = give(game, "cy", "dip-counterespionage")
    session, window = window_on(qtbot, game, person=AtTheScreen({"*": "Cy"}))  # Steal Secrets aims at Cy
    curtains: list[str] = []
    session.curtainRequested.connect(curtains.append)
    table = window.table_view
    drag(monkeypatch, table.zones["hand:ann"].card(steal), table.zones[COVERT_ZONE])
    qtbot.waitUntil(lambda: bool(session.game.actions), timeout=3000)
    assert session.game.state.counters["ann"]["dip"] == 2  # its cost paid when played
    # Each other seat in turn from Ann's left is asked, the one without Counterespionage too:
    # the screen passes to Bo, who sees the card waiting and passes.
    assert curtains == ["bo"] and window.curtain.isVisible()
    window.curtain.button.click()
    assert top_of(window, COVERT_ZONE).card_id == steal  # public while it waits
    qtbot.mouseClick(offer_button(window, "Bo: Pass"), Qt.MouseButton.LeftButton)
    # Then Cy, who holds Counterespionage and plays it by dragging it onto the waiting card.
    assert curtains == ["bo", "cy"]
    window.curtain.button.click()
    made = len(session.game.actions)
    drag(monkeypatch, table.zones["hand:cy"].card(counter), table.zones[COVERT_ZONE])
    qtbot.waitUntil(lambda: len(session.game.actions) > made, timeout=3000)
    assert session.game.actions[-1].type == "play" and session.game.actions[-1].card == counter
    # Counterespionage is covert too: from Cy's left, Di, Ann and Bo may counter it; all pass.
    for seat, name in (("di", "Di"), ("ann", "Ann"), ("bo", "Bo")):
        assert curtains[-1] == seat and window.curtain.isVisible()
        window.curtain.button.click()
        qtbot.mouseClick(offer_button(window, f"{name}: Pass"), Qt.MouseButton.LeftButton)
    assert curtains[:5] == ["bo", "cy", "di", "ann", "bo"]
    state = session.game.state
    # Countered: Steal Secrets is discarded, its cost stays paid, Ann's turn is spent.
    assert set(state.zones["discard:dip"].cards[-2:]) == {steal, counter}
    assert state.counters["ann"]["dip"] == 2
    assert not state.zones[COVERT_ZONE].cards
    assert state.active != "ann"


# ---- every card's cost and deck colour, at 1280x720 ---------------------------------------------


@pytest.mark.parametrize("seats", [2, 6])
def test_every_card_on_the_table_shows_its_cost_and_its_decks_colour_at_1280x720(qtbot, seats):
    from PySide6.QtGui import QColor, QImage, QPainter
    from test_clipping import price_of_power_mid_game

    from desktop.ui import palette
    from desktop.ui.systems.price_of_power.painter import MIN_PX, cost_badge
    from desktop.ui.table.items import CardItem

    session, window = window_on(qtbot, price_of_power_mid_game(seats))
    window.grab()
    window.table_view.scene().setFocusItem(None)  # no focus ring over a band
    cards = [item for item in window.table_view.scene().items() if isinstance(item, CardItem) and item.face is not None]
    assert len(cards) >= 5
    for item in cards:
        width, height = item.size()
        badge, px = cost_badge(width, height)
        assert px >= MIN_PX, f"{item.title} at {width}x{height}: its cost is set at {px} px"
        image = QImage(round(width), round(height), QImage.Format.Format_ARGB32)
        image.fill(QColor(0, 0, 0, 0))
        painter = QPainter(image)
        item.paint(painter, None)
        painter.end()
        tone = palette.tone(item.face.tone)
        band = max(12.0, height * 0.19)
        assert image.pixelColor(round(width) - 4, round(band / 2)).rgb() == tone.rgb(), item.title
        ink = {image.pixelColor(x, y).rgb() for x in range(int(badge.left()), int(badge.right()))
               for y in range(int(badge.top()), min(int(badge.bottom()), round(height) - 1))}
        assert len(ink) > 2, f"{item.title}: nothing written where its cost goes"


def test_a_face_drawn_from_its_picture_shows_its_own_cost(qtbot):
    """The face is drawn from a picture made once per card and size: two cards alike but for
    their cost (an imported deck's) never share one."""
    import msgspec
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter

    from desktop.rulesets.price_of_power.cards import card_set
    from desktop.rulesets.price_of_power.faces import face_of
    from desktop.ui.systems.price_of_power.painter import paint

    game = new_game()
    cheap = face_of(game.state.deck_key, next(iter(card_set(game.state.deck_key))))
    dear = msgspec.structs.replace(cheap, data=msgspec.structs.replace(cheap.data, cost=cheap.data.cost + 3))

    def drawn(face) -> QImage:
        image = QImage(120, 168, QImage.Format.Format_ARGB32)
        image.fill(QColor(0, 0, 0, 0))
        painter = QPainter(image)
        assert paint(painter, QRectF(0, 0, 120, 168), face)
        painter.end()
        return image

    assert drawn(cheap) == drawn(cheap)
    assert drawn(dear) != drawn(cheap)


# ---- the backs: which deck a card came from is public, its face is not ---------------------------


def test_every_face_down_card_shows_the_back_of_its_deck_and_nothing_more(qtbot, monkeypatch):
    """The three decks have backs of their own (a colour and a short name): the decks show
    theirs, and the cards another seat drew show the deck each came from, as at a real table;
    their items still carry nothing that names the card."""
    game = new_game(setup_draw="off")
    session, window = window_on(qtbot, game)
    table = window.table_view
    drag(monkeypatch, top_of(window, "deck:mil"), table.zones["drawn:ann"])
    drag(monkeypatch, top_of(window, "deck:adm"), table.zones["drawn:ann"])
    for power, word in (("adm", "ADM"), ("dip", "DIP"), ("mil", "MIL")):
        back = top_of(window, f"deck:{power}").back
        assert back is not None and back.label == word
    session.request_viewer("bo")
    window.curtain.button.click()
    drawn = table.zones["drawn:ann"].cards
    assert [item.card_id for item in drawn] == [None, None]
    assert [item.back.label for item in drawn] == ["MIL", "ADM"]
    assert drawn[0].accessible_text().startswith("face-down MIL card")
    tones = {item.back.tone for item in drawn}
    assert len(tones) == 2  # two decks, two colours


def test_a_narrow_discard_pile_drops_its_aside_and_count_but_keeps_its_name(qtbot):
    """Its title comes in parts from the ruleset ("MIL discard", ": 7", " (top 5 stay on
    reshuffle)"): too narrow for the whole, the pile drops the aside, then the count, and keeps
    its name (the old regexes, finding no count at the end, kept only "MIL"); the whole is read
    in its tooltip."""
    game = new_game(players=("Ann", "Bo", "Cy", "Di"))
    deck, pile = game.state.zones["deck:mil"], game.state.zones["discard:mil"]
    for card in list(deck.cards)[:7]:
        deck.cards.remove(card)
        pile.cards.append(card)
    session, window = window_on(qtbot, game)
    window.resize(1280, 720)
    window.grab()  # paints the table: the titles are fitted as they are drawn
    zone = window.table_view.zones["discard:mil"]
    assert zone.title == "MIL discard: 7 (top 5 stay on reshuffle)"
    assert zone.shown_title() in ("MIL discard: 7", "MIL discard")  # as the font's width allows
    assert zone.toolTip() == zone.title
