"""A game in progress: the setup, the state, the applied actions, their log and the undo window.

The list of actions is the truth: replaying it from the setup gives the state again, which is what
save files, the autosave journal and tests rely on.
"""

from __future__ import annotations

import msgspec

from desktop.engine import registry
from desktop.engine.actions import Action
from desktop.engine.changes import ChangeSet, diff
from desktop.engine.errors import RuleError
from desktop.engine.ruleset import Outcome, RulesetBase
from desktop.engine.state import GameState, LogEntry


class GameSetup(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    ruleset: str
    players: list[str]
    seed: int
    options: dict[str, str] = msgspec.field(default_factory=dict)
    deck: list[dict] | None = None


class Game:
    # Undo snapshots kept at most (older actions can no longer be undone): memory stays bounded
    # however long a game runs without a draw.
    UNDO_LIMIT = 200

    def __init__(self, setup: GameSetup, ruleset: RulesetBase, state: GameState) -> None:
        self.setup = setup
        self.ruleset = ruleset
        self.state = state
        self.actions: list[Action] = []
        self.log: list[list[LogEntry]] = []
        # Snapshots before each undoable action, as msgpack bytes: 200 live states held thousands
        # of lists and structs that every full garbage collection walked (15-25 ms a pause in a
        # game of eight seats); bytes are not walked, and are smaller.
        self._before: list[bytes] = []
        self.undo_floor = 0  # actions before this index can no longer be undone
        self._last_before: GameState | None = None  # for retract(), whatever the action revealed

    @classmethod
    def new(cls, setup: GameSetup) -> Game:
        from desktop.engine.text import check_setup

        check_setup(setup.ruleset, setup.players, setup.options)  # before anything is built from it
        ruleset = registry.get(setup.ruleset)
        state = ruleset.setup(list(setup.players), dict(setup.options), setup.seed, setup.deck)
        return cls(setup, ruleset, state)

    # How many of the last actions a loaded game can still undo (if no draw came after them).
    UNDO_AFTER_LOAD = 50

    @classmethod
    def replay(cls, setup: GameSetup, actions: list[Action]) -> Game:
        """Rebuilds a game by applying `actions` in order; raises RuleError naming the bad step.

        All but the last few actions take the fast path without undo snapshots; the last ones
        are applied as in play, so a game resumed after a crash can still undo them.
        """
        game = cls.new(setup)
        tail = max(0, len(actions) - cls.UNDO_AFTER_LOAD)
        for number, action in enumerate(actions, start=1):
            try:
                if number > tail:
                    game.apply(action)
                    continue
                outcome = game.ruleset.apply(game.state, action)
            except RuleError as refusal:
                raise RuleError(f"Action {number} ({action.type}) cannot be replayed: {refusal}") from None
            game.state.step += 1
            game.actions.append(action)
            game.log.append(outcome.log)
            game.undo_floor = len(game.actions)
        return game

    def decode_action(self, data: dict | str | bytes) -> Action:
        """The one way data becomes an action (command line, app, saves, journal): checked for
        unsafe or oversized text first (engine/text.py), then decoded strictly."""
        from desktop.engine.text import ACTION_CHARS, check_action, shown

        try:
            if not isinstance(data, dict):
                if len(data) > ACTION_CHARS:
                    raise RuleError(f"That is not an action: it is longer than {ACTION_CHARS:,} characters.")
                data = msgspec.json.decode(data)
            check_action(data)
            return msgspec.convert(data, self.ruleset.action_type)
        except msgspec.ValidationError as problem:  # well-formed, the wrong shape: said in words
            from desktop.engine.actions import explain

            reason = explain(problem, data, self.ruleset.action_type)
            raise RuleError(f"That is not an action of {self.ruleset.title}: {reason}.") from None
        except msgspec.DecodeError as problem:
            raise RuleError(f"That is not an action of {self.ruleset.title}: it is not well-formed JSON ({shown(problem, 120)}).") from None
        except UnicodeError:
            raise RuleError("That is not an action: it holds bytes that are not valid UTF-8 text.") from None
        except RecursionError:
            raise RuleError("That is not an action: it is nested too deeply.") from None

    def decode_actions(self, items: list) -> list[Action]:
        """Many actions (a save's, a journal's) in one typed pass, then their texts checked as
        `decode_action` checks them; where anything is amiss, one by one with `decode_action`,
        whose refusal names what is wrong. (One by one, 10,000 actions took a third of a second.)"""
        from desktop.engine.text import LIST_LIMIT, TEXT_LIMIT, problem

        try:
            actions = msgspec.convert(items, list[self.ruleset.action_type])
        except (msgspec.ValidationError, TypeError, RecursionError):
            actions = None
        if actions is not None:
            for action in actions:
                for name in action.__struct_fields__:
                    value = getattr(action, name)
                    if isinstance(value, str) and problem(value, TEXT_LIMIT):
                        break
                    if isinstance(value, (list, dict)) and (len(value) > LIST_LIMIT or not all(
                        isinstance(item, str) and not problem(item, TEXT_LIMIT) for item in value
                    )):
                        break
                else:
                    continue
                actions = None  # something to refuse: said by the careful path below
                break
        if actions is None:
            actions = [self.decode_action(item) for item in items]
        return actions

    def apply(self, action: Action) -> Outcome:
        """Applies a legal action; a refusal raises RuleError and leaves the game as it was.

        The outcome carries the change-set: what the action touched.
        """
        snapshot = self.state.snapshot()
        before = self.state.restored(snapshot)
        try:
            outcome = self.ruleset.apply(self.state, action)
        except BaseException:
            self.state = before  # a refusal (or a bug) must never leave a half-applied action
            raise
        self.state.step += 1
        self.actions.append(action)
        self.log.append(outcome.log)
        self._last_before = before
        if outcome.reveals:
            self._before.clear()
            self.undo_floor = len(self.actions)
        else:
            self._before.append(snapshot)
            if len(self._before) > self.UNDO_LIMIT:
                self._before.pop(0)
                self.undo_floor += 1
        # The log reads only an entry with lines in it (an action that logged nothing names none).
        logged = frozenset({len(self.log) - 1}) if outcome.log else frozenset()
        outcome.changes = diff(before, self.state, log=logged)
        return outcome

    def can_undo(self) -> bool:
        return len(self.actions) > self.undo_floor

    def undo(self) -> Action:
        action, _ = self.undo_with_changes()
        return action

    def undo_with_changes(self) -> tuple[Action, ChangeSet]:
        if not self.can_undo():
            raise RuleError("Nothing can be undone: a draw or a shuffle has revealed cards since.")
        after = self.state
        self.state = after.restored(self._before.pop())
        self.log.pop()
        self._last_before = None
        return self.actions.pop(), diff(after, self.state, log=frozenset({len(self.log)}))  # its entry, taken back

    def retract(self) -> ChangeSet:
        """Takes back the last action whatever it revealed: only for an action that could not be
        recorded (the autosave failed), so that the game and its journal never disagree."""
        if self._last_before is None:
            raise RuleError("There is no action to take back.")
        after = self.state
        self.state = self._last_before
        self._last_before = None
        self.actions.pop()
        self.log.pop()
        taken = frozenset({len(self.log)})
        if self._before:  # the action's own snapshot (an action that revealed left none)
            self._before.pop()
        self.undo_floor = min(self.undo_floor, len(self.actions))
        return diff(after, self.state, log=taken)

    def legal_actions(self, player: str | None = None) -> list[Action]:
        return self.ruleset.legal_actions(self.state, player)

    def unlisted_actions(self, seat: str) -> list[Action]:
        """What `seat` may also do that the legal list leaves out (asked for, never listed)."""
        return self.ruleset.unlisted_actions(self.state, seat)

    def view(self, viewer: str | None):
        """The typed, redacted state `viewer` may see (presentation.View)."""
        return self.ruleset.view(self.state, viewer)

    def stages(self) -> list:
        """Which seats may act now, and how (presentation.Stage)."""
        return self.ruleset.stages(self.state)

    def log_for(self, viewer: str | None) -> list[str]:
        """The log lines `viewer` may read (None: only the public lines)."""
        return [
            entry.text
            for entries in self.log
            for entry in entries
            if entry.seat is None or entry.seat == viewer
        ]


def options_of_edition(ruleset_id: str, options: dict, version: int) -> dict:
    """`options` of a game kept in file format `version`, with its system's options of that era
    where it names none (`RulesetBase.legacy_options`): the rules it was played by. An unknown
    system's are left as they are: building the game refuses it, naming it. (Storage asks here
    when it reads an older file: which systems exist is the engine's, not the files'.)"""
    from desktop.engine.errors import SetupError

    try:
        ruleset = registry.get(ruleset_id)
    except SetupError:
        return options
    return {**ruleset.legacy_options(version), **options}
