"""Every panel updates from the change-set: the log, the offers' buttons, the Turn menu and each
system's own panel read again only when a change names what they show, and then show it as it is
now. Through the real window (its own asker: no question is asked here), with spies counting what
each panel reads."""

from __future__ import annotations

import pytest
from table_helpers import started_game, turn_menu_entries

from desktop.engine import Game
from desktop.engine.changes import ChangeSet
from desktop.engine.demo import demo_game
from desktop.model import counts
from desktop.ui.offer_words import offer_text
from tests.ui.at_the_screen import real_window


class Count:
    """Wraps a callable, counting the calls."""

    def __init__(self, wrapped):
        self.wrapped, self.calls = wrapped, 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return self.wrapped(*args, **kwargs)


def spy(monkeypatch, owner, name: str) -> Count:
    counting = Count(getattr(owner, name))
    monkeypatch.setattr(owner, name, counting)
    return counting


def log_lines(window) -> list[str]:
    return window.log.toPlainText().splitlines()


# ---- the window's own panels -----------------------------------------------------------------------


def test_the_log_reads_only_a_change_naming_new_entries_and_then_appends_only_their_lines(qtbot, monkeypatch):
    session, window = real_window(qtbot, started_game())
    reads = spy(monkeypatch, session.log, "update")
    shown = log_lines(window)
    # A change that names no log entry (cards moved, nothing logged): the log is not read.
    session.changed.emit(ChangeSet(zones=frozenset({"deck"}), moved=True))
    assert reads.calls == 0 and log_lines(window) == shown
    # An action that logged lines: read once, its lines appended under the ones shown.
    action = next(act for act in session.legal_actions() if act.player == session.viewer)
    assert session.submit(action)
    assert reads.calls == 1
    new = [entry.text for entry in session.game.log[-1] if entry.seat in (None, session.viewer)]
    assert new and log_lines(window) == shown + new


def test_the_offers_and_the_turn_menu_read_again_only_when_what_they_are_worked_out_from_moved(qtbot, monkeypatch):
    session, window = real_window(qtbot, started_game())
    offers = spy(monkeypatch, session, "offers")
    session.hide_hands()  # nobody looks now: the offers read differently
    assert offers.calls == 1
    session.hide_hands()  # again: nobody looked already, the game did not move, the app plays no seat
    assert offers.calls == 1
    session.request_viewer("ann")
    window.curtain.button.click()
    assert offers.calls >= 2 and session.viewer == "ann"
    before = offers.calls
    action = next(act for act in session.legal_actions() if act.player == "ann")
    assert session.submit(action)  # the game moved: read again, and shown as they are now
    assert offers.calls == before + 1
    texts = [offer_text(session.view(), offer) for offer in session.offers()]
    assert [button.text() for button in window.actions.buttons] == texts
    entries = [words.replace("&&", "&") for words, _key, _entry in turn_menu_entries(qtbot, window)]
    assert entries == texts


# ---- the systems' panels ---------------------------------------------------------------------------


def test_the_dice_dock_waits_for_a_roll_through_changes_that_name_none_of_its_state(qtbot, monkeypatch):
    from desktop.rulesets.worlds_that_remember import actions as a
    from desktop.ui.systems.worlds_that_remember.extension import FULL, Extension

    session, window = real_window(qtbot, Game.new(demo_game("worlds-that-remember").setup))
    dock = window.host.findChild(Extension)
    assert session.view().extra.roll is None
    notes = spy(monkeypatch, dock, "_lock")  # run at each refresh of the dock
    seat = session.viewer
    assert counts.change(session, seat, seat, {"fatigue": 1})  # a count set by hand
    assert notes.calls == 0
    play = next(act for act in session.legal_actions() if isinstance(act, a.Play) and act.player == seat)
    assert session.submit(play)  # a roll opens: the dock shows it
    assert notes.calls == 1 and dock.shown == FULL
    assert dock.note.text().startswith(f"{session.view().seat_name(seat)} rolls ")
    # While the roll is open the dock follows every step (whether the roller may roll now).
    assert counts.change(session, seat, seat, {"fatigue": 2})
    assert notes.calls == 2


class Reading:
    """A panel's session, counting the views it reads."""

    def __init__(self, session):
        self._session, self.views = session, 0

    def view(self):
        self.views += 1
        return self._session.view()

    def __getattr__(self, name):
        return getattr(self._session, name)


def test_the_battle_dock_reads_nothing_until_a_battle_is_declared(qtbot):
    from desktop.rulesets.price_of_power import actions as a
    from desktop.ui.systems.price_of_power.battle_panel import BattlePanel

    demo = demo_game("price-of-power")
    declare = next(index for index, act in enumerate(demo.actions) if isinstance(act, a.DeclareBattle))
    game = Game.new(demo.setup)
    for action in demo.actions[:declare]:
        game.apply(action)
    session, window = real_window(qtbot, game)
    panel = window.host.findChild(BattlePanel)
    panel.session = reading = Reading(session)
    assert counts.change(session, session.viewer, session.viewer, {"ducats": 11})  # no battle named
    assert reading.views == 0 and not panel.dock.isVisible()
    if session.viewer != demo.actions[declare].player:
        session.request_viewer(demo.actions[declare].player)
        window.curtain.button.click()
    assert session.submit(demo.actions[declare])
    assert reading.views >= 1 and panel.dock.isVisible()
    assert "Battle on land, round 1" in panel.body.headline.text()


def test_the_display_dock_is_built_again_only_when_what_it_shows_differs(qtbot, monkeypatch):
    from desktop.rulesets.price_of_power import actions as a
    from desktop.ui.systems.price_of_power.panel import DisplayActions

    demo = demo_game("price-of-power")
    first_play = next(index for index, act in enumerate(demo.actions) if isinstance(act, a.Play))
    game = Game.new(demo.setup)
    for action in demo.actions[:first_play - 2]:  # two Keeps of one seat before the first Play
        game.apply(action)
    session, window = real_window(qtbot, game)
    panel = window.host.findChild(DisplayActions)
    built = spy(monkeypatch, panel.body, "show_lines")
    # Steps of the game (so the dock looks) that change none of its cards, costs or legal uses.
    assert session.submit(demo.actions[first_play - 2])
    assert counts.change(session, session.viewer, session.viewer, {"interest": 1})
    assert built.calls == 0
    assert session.submit(demo.actions[first_play - 1])
    if window.curtain.isVisible():
        window.curtain.button.click()  # another seat looks: built again for it
    built.calls = 0
    play = demo.actions[first_play]
    assert session.submit(play)  # a Display card in play: the column is built again, with it
    assert built.calls == 1
    name = session.view().card_name(play.card)
    assert any(label.text().startswith(f"{name}: ") for label in panel.body.findChildren(type(window.problem)))


def test_the_characters_dock_reads_the_legal_actions_again_at_each_step_of_the_game_and_only_then(qtbot, monkeypatch):
    from desktop.rulesets.tempo import actions as a
    from desktop.ui.systems.tempo.panel import CharactersPanel

    session, window = real_window(qtbot, Game.new(demo_game("tempo").setup))
    panel = window.host.findChild(CharactersPanel)
    reads = spy(monkeypatch, panel, "advances")
    session.changed.emit(ChangeSet(cards=frozenset({"none"})))  # a mark changed, the game did not step
    assert reads.calls == 0
    for _ in range(3):  # steps of the game: read each time, and shown as they are now
        before = reads.calls
        action = next(act for act in session.legal_actions() if act.player == session.viewer)
        assert session.submit(action)
        assert reads.calls > before
        if window.curtain.isVisible():
            window.curtain.button.click()
        advance = [act for act in session.legal_actions() if isinstance(act, a.Advance)]
        assert panel.body.advance.isEnabled() == bool(advance)
        usable = {(act.character, act.reaction) for act in session.legal_actions() if isinstance(act, a.React)}
        assert set(panel.body.respond) <= usable


def test_the_check_panel_reads_the_legal_actions_again_at_each_step_of_the_game_and_only_then(qtbot, monkeypatch):
    from desktop.rulesets.future_imperfect import actions as a
    from desktop.ui.systems.future_imperfect.extension import Extension
    from desktop.ui.systems.future_imperfect.panel import STEP_KINDS

    session, window = real_window(qtbot, Game.new(demo_game("future-imperfect").setup))
    extension = window.host.findChild(Extension)
    reads = spy(monkeypatch, extension, "legal")
    session.changed.emit(ChangeSet(counters=frozenset({"none"})))  # a count changed, the game did not step
    assert reads.calls == 0
    assert not extension.panel.step_button.isVisibleTo(extension.panel)
    check = next(act for act in session.legal_actions() if isinstance(act, a.SetCheck))
    assert session.submit(check)  # the check is set: its draw is offered on the panel
    assert reads.calls == 1
    assert extension.panel.step_button.isVisibleTo(extension.panel)
    assert any(isinstance(act, STEP_KINDS) for act in session.legal_actions())


def test_a_panel_that_would_read_a_field_the_game_state_lacks_is_refused_at_its_install(qtbot):
    from desktop.engine.changes import Reads

    session, window = real_window(qtbot, Game.new(demo_game("worlds-that-remember").setup))
    wrong = Reads(extra=frozenset({"rolls"}))  # a field renamed in the ruleset, say
    with pytest.raises(ValueError, match="no field rolls"):
        window.host.follow(lambda _changes: None, wrong)
    with pytest.raises(ValueError, match="no field rolls"):
        window.host.follow(lambda _changes: None, lambda: wrong)
