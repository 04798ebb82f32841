"""What a change-set names, and what a reader of the game reads (`Reads`): a reader whose data a
change does not name has nothing to do; one whose data it names reads again."""

from __future__ import annotations

import pytest

from desktop.engine import Game, GameSetup
from desktop.engine.changes import EVERYTHING, ChangeSet, Reads, diff


def wtr_game() -> Game:
    return Game.new(GameSetup(ruleset="worlds-that-remember", players=["Ann", "Bo", "Cy"], seed=3))


def test_the_system_own_fields_that_changed_are_named_and_only_they():
    game = wtr_game()
    before = game.state.copy()
    after = game.state.copy()
    after.turn += 1
    changes = diff(before, after)
    assert changes.extra == {"turn"} and changes.table
    assert not changes.moved  # the step did not move: no action was applied
    assert diff(before, before.copy()) == ChangeSet()


def test_an_action_names_its_log_entry_when_it_logged_a_line_and_an_undo_names_the_one_it_took_back():
    game = wtr_game()
    outcome = None
    while outcome is None or not outcome.log:
        legal = [act for act in game.legal_actions() if not getattr(type(act), "ends", False)]
        outcome = game.apply(legal[0])
    assert outcome.changes.moved and outcome.changes.log == {len(game.log) - 1}
    while not game.can_undo():
        legal = [act for act in game.legal_actions() if not getattr(type(act), "ends", False)]
        game.apply(legal[0])
    index = len(game.log) - 1
    _, changes = game.undo_with_changes()
    assert changes.moved and changes.log == {index}


@pytest.mark.parametrize("reads, changes, named", [
    (Reads(extra=frozenset({"roll"})), ChangeSet(extra=frozenset({"turn"}), table=True, moved=True), False),
    (Reads(extra=frozenset({"roll"})), ChangeSet(extra=frozenset({"roll", "turn"}), table=True, moved=True), True),
    (Reads(moves=True), ChangeSet(zones=frozenset({"deck"}), moved=True), True),
    (Reads(moves=True), ChangeSet(zones=frozenset({"deck"})), False),
    (Reads(zones=frozenset({"hand:ann"})), ChangeSet(zones=frozenset({"deck"}), moved=True), False),
    (Reads(zones=frozenset({"hand:ann"})), ChangeSet(zones=frozenset({"deck", "hand:ann"}), moved=True), True),
    (Reads(zones=True), ChangeSet(zones=frozenset({"deck"})), True),
    (Reads(counters=True), ChangeSet(cards=frozenset({"c1"}), moved=True), False),
    (Reads(log=True), ChangeSet(moved=True, table=True, extra=frozenset({"turn"})), False),
    (Reads(log=True), ChangeSet(moved=True, log=frozenset({4})), True),
    (Reads(), EVERYTHING, True),  # another seat looks, or the app's seats changed
    (Reads(), None, True),  # nobody knows what changed
])
def test_a_reader_reads_again_only_when_the_change_names_what_it_reads(reads, changes, named):
    assert reads.named_by(changes) is named


def test_changes_taken_together_name_what_each_named():
    one = ChangeSet(extra=frozenset({"roll"}), table=True, moved=True, log=frozenset({3}))
    two = ChangeSet(extra=frozenset({"turn"}), table=True, moved=True, log=frozenset({2}))
    both = one.union(two)
    assert both.extra == {"roll", "turn"} and both.log == {2, 3} and both.moved


def test_a_reader_naming_a_field_the_state_lacks_is_found_out():
    state_type = type(wtr_game().state)
    assert Reads(extra=frozenset({"roll", "last_roll"})).unknown_fields(state_type) == set()
    assert Reads(extra=frozenset({"rolls", "zones"})).unknown_fields(state_type) == {"rolls", "zones"}
