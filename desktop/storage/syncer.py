"""Flushes an open file to the disk on a thread of its own, as soon as something was written.

The autosave journal writes each action's line at once (the operating system then holds it,
which a crash of the app cannot lose) and asks for the fsync here, which makes it survive a
power cut too. An fsync waits for the disk: under a millisecond on this machine's SSD, 5 to 30
ms on a laptop's slower disk or a busy one, and it used to be waited for on the UI thread at
every action. Several lines written while one fsync runs are covered by the next one.

A failed fsync is kept and raised by the next `check` (the journal's next line), so the player
hears of it at the next action, as of a failed write.
"""

from __future__ import annotations

import threading

from desktop.storage.durable import fsync_file

IDLE_SECONDS = 2.0  # a thread with nothing to sync for this long ends; the next line starts one


class Syncer:
    def __init__(self, fd: int, name: str = "journal-sync") -> None:
        self._fd = fd
        self._name = name
        self._wanted = 0  # lines asked for
        self._done = 0  # lines covered by a finished fsync
        self._error: OSError | None = None
        self._closing = False
        self._thread: threading.Thread | None = None
        self._cond = threading.Condition()

    def request(self) -> None:
        """Something was written: fsync it soon."""
        with self._cond:
            self._wanted += 1
            if self._thread is None:
                # A daemon: it never holds the app open; `close` waits for the last fsync itself.
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()
            self._cond.notify()

    def check(self) -> None:
        """Raises the OSError of a failed fsync, once."""
        with self._cond:
            error, self._error = self._error, None
        if error is not None:
            raise error

    def wait(self) -> None:
        """Returns once everything asked for so far is on the disk (or its fsync failed)."""
        with self._cond:
            while self._done < self._wanted:
                self._cond.wait()

    def close(self) -> None:
        """Waits for the last fsync; the thread then ends at once."""
        with self._cond:
            while self._done < self._wanted:
                self._cond.wait()
            self._closing = True
            thread = self._thread
            self._cond.notify_all()
        if thread is not None:
            thread.join()

    def _run(self) -> None:
        while True:
            with self._cond:
                if self._done == self._wanted and not self._closing:
                    self._cond.wait(IDLE_SECONDS)
                if self._done == self._wanted:
                    self._thread = None  # idle or closing: a new line starts a new thread
                    return
                target = self._wanted
            error = None
            try:
                fsync_file(self._fd)
            except OSError as problem:
                error = problem
            with self._cond:
                self._done = target
                if error is not None:
                    self._error = error
                self._cond.notify_all()
