"""What the summary at the end counts for Tempo Combat (engine/summary.py): each character's
actions taken, its Strikes, the damage it dealt and took (the hits declared, taken as each turn
ends, by the one who took them: an Interceptor), a player character's HP lost in all (Exertion at
the scene's end too), and who was defeated. Read from the game replayed, and only what the table
shows everyone: an action once taken is face up, a hit's damage is said aloud; an NPC's HP stays
the GM's, so only the damage it took is counted, never what it has left.

The summary opens at every scene's end, and a scene ends every few dozen moves: replaying the
whole game each time grew with the game (0.15 s at action 3,000, on a thread that shares the
interpreter with the table). So the counts are kept as they stood at the last tally, with the
replay's state there (`_Running`), and the next tally of the same game goes on from them: it
replays only the moves since. What is kept is named by the game's setup and every action up to
there, and the replay is the same from the same setup and actions, so a game that went another
way (an undo, another game) starts again from its setup."""

from __future__ import annotations

import threading
from collections import Counter

from desktop.engine.summary import Figure, Section, plural
from desktop.rulesets.tempo.core import action_name

KEEP = 2  # games whose running counts are kept (a window's game, and one more)
STORY = 8  # a character's actions named one by one up to this many; past it, counted by name


def _hits(turn) -> list[tuple[str, str, int]]:
    """(striker, victim, damage) of each hit with damage in a turn, taken as it ends."""
    return [(found.by or turn.character, turn.intercepted.get(str(found.id), found.subject), found.damage)
            for found in turn.triggers if found.kind == "hit" and found.damage]


class _Running:
    """The counts after the first `done` actions of a game, and the replayed state there as
    msgpack bytes (kept unchanged: each tally that goes on from it restores its own copy)."""

    def __init__(self, hp: dict[str, int]) -> None:
        self.done = 0
        self.state: tuple[type, bytes] | None = None
        self.taken: dict[str, list[str]] = {}
        self.strikes: Counter = Counter()
        self.dealt: Counter = Counter()
        self.took: Counter = Counter()
        self.lost: Counter = Counter()  # a player character's HP lost in all (its HP is on the table)
        self.hp = hp
        self.turn_seen = None  # the turn under way at the last step: its hits land as it ends

    def copy(self) -> _Running:
        other = _Running(dict(self.hp))
        other.done, other.state, other.turn_seen = self.done, self.state, self.turn_seen
        other.taken = {char: list(names) for char, names in self.taken.items()}
        other.strikes, other.dealt = Counter(self.strikes), Counter(self.dealt)
        other.took, other.lost = Counter(self.took), Counter(self.lost)
        return other

    def count(self, step) -> None:
        """What one replayed step adds."""
        state = step.state
        turn_seen = self.turn_seen
        if turn_seen is not None and (state.turn is None or state.turn.entry != turn_seen[0]):
            for striker, victim, damage in turn_seen[1]:
                self.dealt[striker] += damage
                self.took[victim] += damage
        turn = state.turn
        self.turn_seen = None if turn is None else (turn.entry, _hits(turn))
        if step.action.type == "take" and turn is not None:
            char = state.character(turn.character)
            entry = state.entry(turn.entry)
            self.taken.setdefault(char.id, []).append(action_name(char, entry.action) if entry is not None else "an action")
            self.strikes[char.id] += any(found.kind == "attack" and found.subject == char.id for found in turn.triggers)
        hp = self.hp
        for char in state.characters:
            if char.side == "pc":
                now = state.value(char.id, "hp")
                if now < hp.get(char.id, now):
                    self.lost[char.id] += hp[char.id] - now
                hp[char.id] = now


# (setup, the actions counted, their counts): the last few tallies, newest last.
_kept: list[tuple[object, tuple, _Running]] = []
_lock = threading.Lock()  # tallies run on the summary's own threads


def _going_on(record) -> _Running:
    """The counts kept for this game's longest counted beginning, as a copy; else fresh ones."""
    actions, setup = record.actions, record.game.setup
    with _lock:
        for kept_setup, counted, running in reversed(_kept):
            done = len(counted)
            if done <= len(actions) and kept_setup == setup and list(counted) == actions[:done]:
                return running.copy()
    start = record.first_state()
    return _Running({char.id: start.value(char.id, "hp") for char in start.characters if char.side == "pc"})


def _keep(record, running: _Running) -> None:
    with _lock:
        _kept[:] = [kept for kept in _kept if kept[0] != record.game.setup][-(KEEP - 1):]
        _kept.append((record.game.setup, tuple(record.actions), running))


def counted(record) -> _Running:
    """The counts over every action of `record`, going on from the last tally of the same game."""
    running = _going_on(record)
    since = None
    if running.state is not None:
        kind, snapshot = running.state
        since = (running.done, kind.restored(snapshot))
    state = None
    for step in record.steps(since):
        running.count(step)
        state = step.state
    if state is not None:
        running.state, running.done = (type(state), state.snapshot()), len(record.actions)
        _keep(record, running)  # read from now on, never changed: each going on copies it
    return running


def _taken_words(taken: list[str]) -> str:
    """A character's actions in the order taken, as a scene's story reads; past `STORY` of them
    (a session of many scenes), each action's name and how often, the most taken first: the list
    of every action grew with the game, and the summary laid out a longer paragraph at every
    scene's end."""
    if not taken:
        return "none"
    if len(taken) <= STORY:
        return ", ".join(taken)
    counts = Counter(taken).most_common()  # ties in the order first taken
    return f"{plural(len(taken), 'action')}: " + ", ".join(f"{name} \u00d7{count}" for name, count in counts)


def sections(record) -> tuple[Section, ...]:
    running = counted(record)
    characters = list(record.state.characters)
    names = {char.id: char.name for char in characters}
    taken, strikes, dealt, took, lost = running.taken, running.strikes, running.dealt, running.took, running.lost
    actions = Section("Actions taken", tuple(f"{names[char]}: {_taken_words(taken.get(char, []))}." for char in names))
    damage = Section(
        "Damage",
        tuple(f"{names[char]}: {plural(strikes[char], 'Strike')}, {dealt[char]} damage dealt, {took[char]} taken"
              + (f", {lost[char]} HP lost in all." if char in lost else ".") for char in names),
        tuple(Figure(names[char], dealt[char], f"{dealt[char]} damage dealt") for char in names),
    )
    down = [char.name for char in record.state.characters if char.dead or char.defeated]
    defeated = Section("Defeated", (f"{', '.join(down)}.",) if down else ())
    return actions, damage, defeated
