"""Help inside the app, through the real window, for every system the app ships (issue 29): F1
opens the rules of the game shown at its page; the search finds a word across the pages and moves
to it (Enter, F3, Shift+F3); "What can I do now?" (Shift+F1) lists the moves the buttons offer, in
their words, and behind the curtain nothing of any hand; a refusal citing a rule opens the page at
that section ("Read the rule", or F1 while it shows)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QApplication

from desktop.model import GameSession
from desktop.ui import help_pages
from desktop.ui.help_window import NOW
from desktop.ui.offer_words import offer_text
from tests.demos import demo_played
from tests.rulesets.test_rule_sections import refusals_with_rules
from tests.ui.windows import shown

SYSTEMS = ["twilight-imperium", "worlds-that-remember", "future-imperfect", "price-of-power", "tempo"]
# A word each system's page says several times, searched for as a player would.
WORDS = {"twilight-imperium": "sabotage", "worlds-that-remember": "fatigue", "future-imperfect": "exceptional",
         "price-of-power": "ducats", "tempo": "exertion"}


@pytest.fixture
def demo_window(qtbot):
    """The real window, active, on `system`'s demo game, the seat the screen waits for looking."""

    def build(system: str):
        session = GameSession(demo_played(system))
        window = shown(qtbot, session, active=True)
        if window.curtain.isVisible():
            qtbot.mouseClick(window.curtain.button, Qt.MouseButton.LeftButton)
        window.questions.close()  # a question on arrival is not what these tests are about
        return session, window

    return build


def help_of(qtbot, window):
    qtbot.waitUntil(lambda: window.menus.help.help_window is not None and window.menus.help.help_window.isVisible())
    return window.menus.help.help_window


def page_title(system: str) -> str:
    return help_pages.page_of(system).title


def in_view(help_window, heading: str) -> bool:
    """Whether the heading `heading` names is on screen in the reader, near its top."""
    reader = help_window.reader
    document = reader.document()
    block = document.begin()
    while block.isValid():
        if block.blockFormat().headingLevel() and help_pages.names(block.text(), heading):
            top = document.documentLayout().blockBoundingRect(block).top() - reader.verticalScrollBar().value()
            return 0 <= top < reader.viewport().height() - reader.fontMetrics().lineSpacing()
        block = block.next()
    return False


@pytest.mark.parametrize("system", SYSTEMS)
def test_f1_opens_the_rules_of_the_game_shown_beside_the_table(qtbot, demo_window, system):
    session, window = demo_window(system)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    help_window = help_of(qtbot, window)
    assert help_window.page == system
    assert help_window.heading_in_view() == page_title(system)
    assert help_window.contents.currentItem().text(0) == page_title(system)
    # Non-modal: the table stays playable behind it, and its text is the table's size.
    assert not help_window.isModal() and QApplication.activeModalWidget() is None
    assert help_window.reader.document().defaultFont().pointSizeF() == window.font().pointSizeF()
    # Every system's page is listed, with its sections, below "What can I do now?".
    titles = [help_window.contents.topLevelItem(i).text(0) for i in range(help_window.contents.topLevelItemCount())]
    assert titles[0] == "What can I do now?" and set(map(page_title, SYSTEMS)) <= set(titles)
    # The Help keys work in the Help window too.
    help_window.activateWindow()
    qtbot.waitUntil(help_window.isActiveWindow)
    qtbot.keyClick(help_window, Qt.Key.Key_F1, Qt.KeyboardModifier.ShiftModifier)
    assert help_window.page == NOW
    qtbot.keyClick(help_window, Qt.Key.Key_F1)
    assert help_window.page == system


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_search_finds_a_word_across_the_pages_and_moves_to_each_hit(qtbot, demo_window, system):
    session, window = demo_window(system)
    window.menus.help.rules_action.trigger()
    help_window = help_of(qtbot, window)
    help_window.activateWindow()
    qtbot.waitUntil(help_window.isActiveWindow)
    qtbot.keyClick(help_window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert help_window.search.hasFocus()
    word = WORDS[system]
    qtbot.keyClicks(help_window.search, word)

    def at_hit() -> int:
        cursor = help_window.reader.textCursor()
        assert cursor.selectedText().casefold() == word
        assert help_window.reader.viewport().rect().contains(help_window.reader.cursorRect(cursor).center())
        return help_window.hit

    first = at_hit()
    assert help_window.hits[first][0] == system  # the page shown first
    on_page = [hit for hit in help_window.hits if hit[0] == system]
    assert len(on_page) > 2 and len(help_window.reader.extraSelections()) == len(on_page)  # every hit lit
    assert f"{first + 1} of {len(help_window.hits)}" in help_window.found.text()
    qtbot.keyClick(help_window.search, Qt.Key.Key_Return)
    assert at_hit() == first + 1
    qtbot.keyClick(help_window, Qt.Key.Key_F3)
    assert at_hit() == first + 2
    qtbot.keyClick(help_window, Qt.Key.Key_F3, Qt.KeyboardModifier.ShiftModifier)
    assert at_hit() == first + 1
    # Past the last hit of this page the next page's come: the search covers every page.
    for _ in range(len(help_window.hits)):
        if help_window.page != system:
            break
        qtbot.keyClick(help_window, Qt.Key.Key_F3)
    at_hit()
    assert help_window.page != system or len({hit[0] for hit in help_window.hits}) == 1
    qtbot.keyClick(help_window.search, Qt.Key.Key_Escape)  # clears the search
    assert help_window.search.text() == "" and help_window.reader.extraSelections() == []


@pytest.mark.parametrize("system", SYSTEMS)
def test_what_can_i_do_now_lists_the_moves_of_the_buttons_and_nothing_of_a_hand_behind_the_curtain(
        qtbot, demo_window, system):
    session, window = demo_window(system)
    looking = session.viewer  # None where nothing is hidden (the screen is everyone's)
    qtbot.keyClick(window, Qt.Key.Key_F1, Qt.KeyboardModifier.ShiftModifier)
    help_window = help_of(qtbot, window)
    assert help_window.page == NOW

    def said() -> str:
        return help_window.reader.document().toPlainText()

    view, offers = session.view(), session.offers()
    assert offers, "the demo has moves open"
    for offer in offers:
        assert offer_text(view, offer) in said()  # the buttons' own words
    assert (f"Your moves, {view.seat_name(looking)}" if looking else "Moves at the screen") in said()
    for stage in session.stages():
        assert view.seat_name(stage.seat) in said()  # who is to act, and why
    # The screen passes to another seat: the page, still open, says whom it waits for and no card
    # the last viewer held hidden.
    hidden = hidden_names(session, looking)
    other = next(seat for seat in session.game.state.seat_ids() if seat != looking and seat != session.viewer)
    session.request_viewer(other)
    if session.pending_viewer is None:  # a system hiding nothing: the screen simply changes hands
        assert not hidden
        return
    assert window.curtain.isVisible()
    assert f"The screen waits for {view.seat_name(other)}" in said()
    assert not [name for name in hidden if name in said()]
    assert "Your moves" not in said()


def hidden_names(session, seat: str) -> set[str]:
    """The names of the cards `seat` sees that the table does not (a name also shown is left out)."""
    own, public = session.game.view(seat), session.game.view(None)
    shown_names = {public.card_name(card) for card in public.seen_cards()}
    return {own.card_name(card) for card in own.seen_cards() - public.seen_cards()} - shown_names


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_refusal_citing_a_rule_opens_the_rules_at_that_section(qtbot, demo_window, system):
    session, window = demo_window(system)
    move, refusal = next(iter(refusals_with_rules(session.game)))
    assert not session.submit(move)
    assert window.problem.isVisible() and window.problem.text() == f"Not allowed: {refusal}"
    link = window.heading.rule_link
    assert link.isVisible() and window.heading.rule == refusal.rule
    assert window.problem.rect().contains(link.geometry())  # at the end of the refusal, not beside it
    qtbot.mouseClick(link, Qt.MouseButton.LeftButton, pos=link.rect().center())
    help_window = help_of(qtbot, window)
    assert help_window.page == system and in_view(help_window, refusal.rule)
    # F1, while the refusal shows, opens the same rule: the keyboard's way to it.
    help_window.show_page(NOW)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    assert help_window.page == system and in_view(help_window, refusal.rule)


def test_a_refusal_citing_no_rule_offers_none(qtbot, demo_window):
    session, window = demo_window("twilight-imperium")
    window.tell("The disk is full.")
    assert window.problem.isVisible() and not window.heading.rule_link.isVisible()


def test_links_open_pages_and_sections_and_nothing_else(qtbot, demo_window, monkeypatch):
    from PySide6.QtGui import QDesktopServices

    opened = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url.toString()))
    session, window = demo_window("tempo")
    window.menus.help.rules_action.trigger()
    help_window = help_of(qtbot, window)
    help_window.reader.anchorClicked.emit(QUrl("price-of-power.md#battles-p43-p49-defaults-d24-d27"))
    assert help_window.page == "price-of-power" and in_view(help_window, "Battles")
    help_window.reader.anchorClicked.emit(QUrl("#appoint"))
    assert help_window.page == "price-of-power" and in_view(help_window, "Appoint")
    for elsewhere in ("file:///etc/passwd", "../actions.md", "javascript:alert(1)"):
        help_window.reader.anchorClicked.emit(QUrl(elsewhere))
        assert help_window.page == "price-of-power" and help_window.note.isVisible()
        assert "nothing was opened" in help_window.note.text()
    assert opened == []
    help_window.reader.anchorClicked.emit(QUrl("https://example.org/rules"))
    assert opened == ["https://example.org/rules"]  # a web page opens in the browser, as a link does


def test_the_help_window_flag_opens_the_rules_beside_the_demo(qapp, tmp_path, monkeypatch):
    """`actiondeck --demo ID --help-window` (for a screenshot, or a first look) opens the rules
    of the game as F1 does."""
    from desktop.app import run_gui
    from desktop.ui.help_menu import HelpDesk

    opened = []
    monkeypatch.setattr(HelpDesk, "rules", lambda desk: opened.append(desk.system()))
    monkeypatch.setenv("ACTIONDECK_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("ACTIONDECK_STARTUP_PROBE", "1")  # the app returns once the table is filled
    assert run_gui(demo="tempo", help_window=True) == 0
    assert opened == ["tempo"]


def test_learn_to_play_is_in_the_help_menu_mid_game_and_starts_the_lesson_in_place_of_the_game(qtbot, demo_window):
    """The rules pages send a newcomer to Learn to play, which was on the start screen alone: a
    game under way had left it behind. Help > Learn to play starts the system's lesson in the
    window (the game it leaves goes as File > Open leaves one: `app.replace_session`)."""
    from desktop.app import learn_in

    session, window = demo_window("price-of-power")
    entry = window.menus.help.learn_action
    assert entry.isVisible() and entry.text().replace("&", "") == "Learn to play Price of Power"
    assert entry in window.menuBar().actions()[-1].menu().actions()
    window.learnRequested.connect(lambda system: learn_in(window, system))

    with qtbot.waitSignal(window.learnRequested) as asked:
        entry.trigger()

    assert asked.args == ["price-of-power"]
    lesson = window.session
    assert lesson is not session and lesson.game.state.practice is not None
    qtbot.waitUntil(window.practice_strip.isVisible)
    lesson.close()
