"""A stand-in for a session's log as the log panel reads it (desktop/ui/log_panel.py), for the log
tests: every line again to a reader who has none yet."""

from __future__ import annotations


class Lines:
    def __init__(self, reader: str | None, count: int):
        self.lines = [f"{reader or 'Everyone'} reads line {index}, long enough to wrap in a narrow log panel"
                      for index in range(count)]

    def update(self, mark, most):
        return self.lines[-most:], len(self.lines), mark is None

    def opening(self) -> str:
        return "A new game."
