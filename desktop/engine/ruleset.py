"""What a rule system provides to the engine: the platform contract (docs/architecture.md).

A system is one object registered by id. `RulesetBase` gives the parts most systems share
(offers built from `legal_actions`, drops answered from them, plain labels); a system overrides
what it does differently.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import msgspec

from desktop.engine.actions import Action
from desktop.engine.errors import RuleError, SetupError
from desktop.engine.state import GameState, LogEntry


@dataclass
class Outcome:
    """What one applied action did: its log lines and whether it revealed information.

    `reveals` is true for draws, shuffles and rolls: they close the undo window behind them,
    because a card once seen cannot be un-seen. `changes` is filled in by the engine.
    """

    log: list[LogEntry] = field(default_factory=list)
    reveals: bool = False
    changes: Any = None  # a desktop.engine.changes.ChangeSet once applied

    def say(self, text: str, seat: str | None = None) -> None:
        self.log.append(LogEntry(text, seat))


class Option(msgspec.Struct, frozen=True, kw_only=True):
    """A setting of a new game, with its default and the help a player reads in the wizard."""

    key: str
    label: str
    default: str
    help: str
    choices: list[str] | None = None  # None: free text


class Demo(msgspec.Struct, frozen=True, kw_only=True):
    """A ready game to look at: players, seed, options and the actions that lead to it."""

    players: list[str]
    seed: int
    actions: list[Action]
    options: dict[str, str] = msgspec.field(default_factory=dict)


class RulesetBase:
    """Defaults of the contract. A system sets the metadata and implements the rules."""

    id: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str] = ""
    players: ClassVar[tuple[int, int]] = (2, 8)  # the player-count range
    options: ClassVar[tuple[Option, ...]] = ()
    action_type: ClassVar[Any]  # the tagged union of this system's Action classes

    # ---- rules (a system implements these) -------------------------------------------------

    def setup(self, players: list[str], options: dict[str, str], seed: int, deck: list[dict] | None) -> GameState:
        raise NotImplementedError

    def apply(self, state: GameState, action: Action) -> Outcome:
        """Mutates `state`, or raises RuleError having changed nothing."""
        raise NotImplementedError

    def legal_actions(self, state: GameState, player: str | None = None) -> list[Action]:
        raise NotImplementedError

    def stages(self, state: GameState) -> list:
        """Which seats may act now and how (list of presentation.Stage)."""
        raise NotImplementedError

    def view(self, state: GameState, viewer: str | None):
        """The typed, redacted state (presentation.View) that `viewer` may see."""
        raise NotImplementedError

    def table(self, view) -> Any:
        """The table description (presentation.Table) built from a view alone."""
        raise NotImplementedError

    def demo(self) -> Demo:
        raise SetupError(f"There is no demo game for {self.title} yet.")

    # ---- words -------------------------------------------------------------------------------

    def describe(self, action: Action, view) -> str:
        """The label of one concrete action, for a button or a log of choices."""
        return action.type.replace("_", " ").capitalize()

    def offer_label(self, kind: str, choices: list[Action], view) -> str:
        """The label of an entry grouping several actions of one kind."""
        if len(choices) == 1:
            return self.describe(choices[0], view)
        return getattr(type(choices[0]), "title", kind.replace("_", " ").capitalize())

    def value_label(self, ask, value: Any, view) -> str:
        """How a chosen value reads: a seat's name, a card's title, a choice's words."""
        if ask.kind == "seat":
            return view.seat_name(value) if value is not None else "nobody"
        if ask.kind == "card":
            return view.card_name(value)
        if isinstance(value, bool):
            return "Yes" if value else "No"
        return str(value)

    def question(self, ask, action: Action, view) -> str:
        """The wording of a prompt's question for the action taking shape."""
        return ask.question

    # ---- moving cards --------------------------------------------------------------------------

    def drops(self, state: GameState, seat: str, card: str, from_zone: str, to_zone: str) -> list[Action]:
        """The legal actions a drag of `card` from `from_zone` onto `to_zone` may mean.

        Raises RuleError with the sentence saying why none exists. The default finds the legal
        actions of `seat` that name `card` and move it to `to_zone` (by `destination`).
        """
        found = [
            action
            for action in self.legal_actions(state, seat)
            if getattr(action, "card", None) == card and self.destination(state, action) == to_zone
        ]
        if not found:
            raise RuleError("That card cannot go there now.")
        return found

    def destination(self, state: GameState, action: Action) -> str | None:
        """The zone a card-moving action sends its card to, if it moves one."""
        return None

    def legacy_options(self, format_version: int) -> dict[str, str]:
        """Options that replay a game saved in an older file format exactly as it was played
        (after a rules correction). Default: none."""
        return {}

    def bot(self, seed: int | None = None):
        """A bot for a seat played by the app: an object with `choose(legal, view) -> Action | None`
        (`view`: what its seat may see). None: the platform's random floor (desktop/bots)."""
        return

    def deck_records(self, data: Any) -> list[dict]:
        """What a deck file holds, as the list `setup` takes: by default its card records (a
        list, or an object's "cards")."""
        cards = data.get("cards") if isinstance(data, dict) else data
        if not isinstance(cards, list):
            raise SetupError('it must hold a list of cards (or an object with "cards").')
        return cards

    def counter_action(self, entity: str, key: str, value: int) -> Action:
        """The bookkeeping action that sets a counter by hand (for editable counters)."""
        raise RuleError("These counts cannot be changed by hand.")
