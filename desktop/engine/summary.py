"""The summary a player reads when a game ends: who did what, the cards played, the checks won,
the damage dealt. Built from the game's record alone (its actions, the log lines everyone reads,
its states replayed from the setup) and holding only what every seat may see at the end.

The platform writes what every system has: how the game ended and who played each seat, each
seat's moves by kind, and the counts the table shows everyone at the end. A system adds what it
counts in its own words with its `tally` (`RulesetBase.summary`): sections of lines and figures,
read from a `Record`. A tally names only what was public when it happened (a card played face up,
a roll's result, a count on the table), never a card in a hand or a plan still face down
(tests/engine/test_summary.py checks every system's at its end against every hidden card).

`Summary.text()` is the summary as plain text, for a file or the clipboard; the window shows the
same sections (desktop/ui/summary_panel.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

import msgspec

if TYPE_CHECKING:
    from desktop.engine.actions import Action
    from desktop.engine.game import Game
    from desktop.engine.state import GameState

MOST_KINDS = 6  # a seat's kinds of move named in full; the rest counted as "other moves"


def plural(count: int, word: str, many: str = "") -> str:
    """"1 move", "3 moves" ("1 victory", "2 victories" with `many`)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


class Figure(msgspec.Struct, frozen=True):
    """One bar of a section's chart: whose (a seat's or a character's name), how many, in words."""

    label: str
    value: int
    text: str = ""


class Section(msgspec.Struct, frozen=True):
    """A part of the summary: a title, its lines, and figures a panel may draw as bars."""

    title: str
    lines: tuple[str, ...] = ()
    figures: tuple[Figure, ...] = ()


class Summary(msgspec.Struct, frozen=True):
    title: str  # "<the system's title>: the session is over (round 3)."
    ended: str | None  # the system's sentence for its end (None: the game goes on)
    sections: tuple[Section, ...]

    def text(self) -> str:
        """The summary as plain text: the title, then each section under its title."""
        out = [self.title, "=" * min(len(self.title), 78)]
        for section in self.sections:
            out += ["", section.title, "-" * min(len(section.title), 78)]
            out += section.lines
            # A figure's words, unless its section's lines say them already.
            out += [f"{figure.label}: {figure.text or figure.value}" for figure in section.figures
                    if not any(f"{figure.label}: {figure.text}" in line for line in section.lines)]
        return "\n".join(out) + "\n"


class Step(NamedTuple):
    index: int  # the action's place in the game, from 0
    action: Action
    lines: list[str]  # the log lines everyone reads
    state: GameState  # the state just after it (the replay's own: read it, never keep it)


class Record:
    """A finished (or running) game as a tally reads it: the actions, the public log lines, the
    final state and its public view, and `steps()`, the game replayed from its setup."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.ruleset = game.ruleset
        self.state = game.state
        self.actions = game.actions
        self._public = None

    def name(self, seat: str | None) -> str:
        return self.public().seat_name(seat)

    def public(self):
        """The view nobody's seat adds to: what every seat sees now."""
        if self._public is None:
            self._public = self.ruleset.view(self.state, None)
        return self._public

    def lines(self, index: int) -> list[str]:
        """The log lines of action `index` that everyone reads."""
        return [entry.text for entry in self.game.log[index] if entry.seat is None]

    def first_state(self) -> GameState:
        """The state the game began in, before its first action."""
        from desktop.engine.game import Game

        return Game.new(self.game.setup).state

    def steps(self, since: tuple[int, GameState] | None = None) -> Iterator[Step]:
        """Each action again, from the setup on, with the state just after it. The replay's
        state changes under the caller at the next step: what a tally needs, it reads then.
        `since` (index, state): go on from the state after this game's first `index` actions,
        which a tally kept from an earlier replay (it is changed in place): a system whose
        summary opens at every scene's end replays only the moves since the last one."""
        from desktop.engine.game import Game

        if since is None:
            start, state = 0, Game.new(self.game.setup).state
        else:
            start, state = since
        apply = self.ruleset.apply
        for index in range(start, len(self.actions)):
            action = self.actions[index]
            apply(state, action)
            state.step += 1
            yield Step(index, action, self.lines(index), state)


def kind_words(action: Action) -> str:
    """A kind of move in the system's words: its title, else its type read as words."""
    return getattr(type(action), "title", "") or action.type.replace("_", " ").capitalize()


def summarize(game: Game, players: dict[str, str] | None = None) -> Summary:
    """The summary of `game` as it stands: its end (if reached), who played each seat (`players`:
    seat -> words such as "the app (Standard)"; a person where not given), each seat's moves, the
    system's own sections, then the public counts at the end."""
    record = Record(game)
    ended = game.ruleset.finished(game.state)
    heading = f"{game.ruleset.title}: {ended[0].lower() + ended[1:] if ended else 'the game goes on.'}"
    # What the system counts comes before the counts left on the table: it is what a player reads for.
    sections = [_players(record, players or {}), _moves(record), *game.ruleset.summary(record),
                _counts(record, "At the end" if ended else "On the table now")]
    return Summary(title=heading, ended=ended, sections=tuple(section for section in sections if section.lines or section.figures))


def _players(record: Record, players: dict[str, str]) -> Section:
    seats = record.state.seats
    lines = [f"{seat.name}: {players.get(seat.id, 'a person')}" for seat in seats]
    lines.append(f"{plural(len(record.actions), 'move')} in all.")
    return Section("The players", tuple(lines))


def _moves(record: Record) -> Section:
    """Each seat's moves, by kind: every kind is public (each move writes a line everyone reads)."""
    by_seat: dict[str, Counter] = {seat.id: Counter() for seat in record.state.seats}
    for action in record.actions:
        if action.player in by_seat:
            by_seat[action.player][kind_words(action)] += 1
    lines, figures = [], []
    for seat in record.state.seats:
        kinds = by_seat[seat.id]
        total = sum(kinds.values())
        name = record.name(seat.id)
        figures.append(Figure(name, total, plural(total, "move")))
        if not total:
            lines.append(f"{name}: 0 moves.")
            continue
        shown = kinds.most_common(MOST_KINDS)
        words = [f"{kind} \u00d7{count}" for kind, count in shown]
        rest = total - sum(count for _, count in shown)
        if rest:
            words.append(f"{plural(rest, 'other move')}")
        lines.append(f"{name}: {plural(total, 'move')}: {', '.join(words)}.")
    return Section("Who did what", tuple(lines), tuple(figures))


def _counts(record: Record, title: str) -> Section:
    """The counts the table shows everyone at the end, by whose they are."""
    view = record.public()
    table = record.ruleset.table(view)
    by_entity: dict[str, list[str]] = {}
    for counter in table.counters:
        if not counter.public:
            continue
        if counter.flag:
            if counter.value:
                by_entity.setdefault(counter.entity, []).append(counter.label)
            continue
        by_entity.setdefault(counter.entity, []).append(f"{counter.label} {counter.value}")
    for zone in view.zones.values():  # a seat's own piles and hand, counted as the table counts them
        if zone.owner is not None:
            owner = f"{view.seat_name(zone.owner)}'s "
            label = zone.label[len(owner):] if zone.label.startswith(owner) else zone.label
            by_entity.setdefault(zone.owner, []).append(f"{label[:1].upper()}{label[1:]} {zone.count}")
    lines = tuple(f"{view.seat_name(entity)}: {', '.join(words)}." for entity, words in by_entity.items())
    return Section(title, lines)
