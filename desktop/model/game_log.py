"""The game's log as each viewer may read it: the lines since the last reading, or the latest
ones for a new reader, the moves of the app's seats marked. The cost follows the lines read,
not the length of the game."""

from __future__ import annotations

import weakref

APP_MARK = "[app] "


class LogReader:
    def __init__(self, session) -> None:
        # Weakly: the session holds this part, and a cycle would leave the session (a QObject) to
        # the garbage collector, which may delete it at any moment, from any thread.
        self._session = weakref.proxy(session)  # its game and who is looking now
        self._app_moves: set[int] = set()  # indices of the actions the app's seats took

    def by_the_app(self, index: int) -> None:
        """The action at `index` is (about to be) taken by a seat the app plays."""
        self._app_moves.add(index)

    def forget_after(self, count: int) -> None:
        """Only the first `count` actions stand (an undo, or a move that was refused)."""
        if count <= max(self._app_moves, default=-1):
            self._app_moves = {index for index in self._app_moves if index < count}

    def opening(self) -> str:
        """The first line while nothing has happened yet."""
        game = self._session.game
        names = ", ".join(seat.name for seat in game.state.seats)
        return f"A new game of {game.ruleset.title} for {names}. The banner above the table says what can be done."

    def update(self, mark, most: int = 0) -> tuple[list[str], tuple, bool]:
        """The lines the viewer has not been shown since `mark` (a value this returned before, or
        None), the new mark, and whether the log must start again (another viewer, or lines
        taken back by an undo); a new start gives the `most` recent lines only (0: all)."""
        log, viewer = self._session.game.log, self._session.viewer
        start = 0
        if mark is not None:
            seen_viewer, count, last = mark
            if seen_viewer == viewer and count <= len(log) and (count == 0 or log[count - 1] is last):
                start = count
        restart = start == 0
        new_mark = (viewer, len(log), log[-1] if log else None)
        if restart and most:
            return self._last_lines(most), new_mark, True
        lines = []
        for index in range(start, len(log)):
            lines += self._lines_of(index)
        return lines, new_mark, restart

    def _lines_of(self, index: int) -> list[str]:
        prefix = APP_MARK if index in self._app_moves else ""
        viewer = self._session.viewer
        entries = self._session.game.log[index]
        return [prefix + entry.text for entry in entries if entry.seat is None or entry.seat == viewer]

    def _last_lines(self, most: int) -> list[str]:
        """The viewer's `most` latest lines, read from the end of the game back."""
        found: list[list[str]] = []
        count = 0
        for index in range(len(self._session.game.log) - 1, -1, -1):
            lines = self._lines_of(index)
            found.append(lines)
            count += len(lines)
            if count >= most:
                break
        return [line for lines in reversed(found) for line in lines][-most:]
