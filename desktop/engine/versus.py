"""What a system declares for games the app plays against itself, every seat the app's at a level
(`actiondeck versus`, tests/benchmarks/bench_levels.py): its `Ruleset.versus`, a `Versus`.

- **The end.** A game ends where its system states (`Ruleset.finished`). Where the players choose
  the end ("End the session"), the seats' bots are never offered it; the game ends once
  `time_to_end` says so, by the first seat that may end it (so every level plays as long).
- **The table's moves.** What the people at the table do that no seat's bot does, such as
  declaring what happened on a board the app does not keep: the `TableStandIn` plays them, before
  a bot's move that needs them (the events of a turn on the board, before that turn ends).
- **The seats' bots.** `seat_bot` may wrap each (the table's dice rolled alike at every level).
- **The outcome.** `standing(game)`: the system's own scoring where it has one, else a stated
  measure (`Standing.measure` says which), per seat, and the seats that did best.
- **The chances to answer.** Which kind of out-of-turn chance a seat has now (`answer_kind`) and
  whether a move takes it rather than passing (`answers`), counted per level.

A system without a `Versus` plays headless all the same: to its end, measured by nothing more than
whether it reached it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from desktop.engine.actions import Action


@dataclass
class Standing:
    """How one game came out: `scores` by seat on the system's measure (higher is better),
    `figures` the counts behind them, `winners` the seats with the best score (several: a tie)."""

    measure: str
    scores: dict[str, float]
    figures: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def winners(self) -> list[str]:
        best = max(self.scores.values(), default=None)
        return [seat for seat, score in self.scores.items() if score == best]


class TableStandIn:
    """The people's moves at a table where every seat is the app's (a board's events)."""

    def before(self, state, action: Action) -> list[Action]:
        """What the table does before `action` is applied, in order (each applied once the rules
        accept it, the seats answering in between); nothing by default."""
        return []


class Versus:
    """A system's declaration for app-versus-app games; every part has a default."""

    length_word = "rounds"  # what `length` counts, for the command line's help

    def time_to_end(self, state, length: int | None) -> bool:
        """Whether the app's seats end a session the players end, now (`length`: how long the
        command line asked for, None: the system's own choice). Never, by default."""
        return False

    def table(self, seed: int) -> TableStandIn | None:
        return None

    def seat_bot(self, bot, level: str, seed: int):
        """The bot a seat plays these games with: `bot` itself by default. A system may wrap it,
        so that what the table does at every level alike (its dice, say) is done the same for
        each, or so that the random floor is not offered a move that ends the game at once."""
        return bot

    def standing(self, game) -> Standing | None:
        return None

    def answering(self, stage) -> bool:
        """Whether a stage is a chance to answer out of turn (counted by `answer_kind`): the
        `respond` stages by default; a system whose windows the table waits for says its own."""
        return stage.kind == "respond"

    def answer_kind(self, state, seat: str) -> str | None:
        """The kind of out-of-turn chance `seat` has now, in a word or two, or None."""
        return None

    def answers(self, action: Action) -> bool:
        """Whether `action` takes the chance (plays a card, supports, reacts) rather than passing."""
        return False
