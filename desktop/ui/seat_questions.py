"""The window as one front end of the model's conversation: the seat looking answers its open
questions (its own and the table's, desktop/model/conversation.py) in the window's dialog.

Nothing waits in a call stack for a person. A choice at the table opens its talk in the model and
returns; then the window shows the first open question of the seat looking in the real
`QuestionDialog`, opened without waiting (`Asker.open_walk`: window-modal, answered through the
session as the person answers, `desktop/model/answering.SeatPrompt`), and the next talk once
that one closes. A question opened elsewhere (a move chosen for this seat while it was away, a
system's panel, another front end) is shown once the current event is over. The dialog goes
when the person does (the curtain comes up), when its question is over or when the game moved
past it; a question changed by another seat's move is shown again as it now stands.
"""

from __future__ import annotations

import weakref

from PySide6.QtCore import QTimer

from desktop.model.answering import SeatPrompt, Walked


class SeatQuestions:
    def __init__(self, window) -> None:
        # Weakly: the window holds this, and a cycle would leave the window to the garbage
        # collector, which may delete it at any moment, from any thread.
        self._window_ref = weakref.ref(window)
        # Questions are shown once the current event is over: a timer of the window's own, so
        # that nothing fires once the window is gone.
        self._later = QTimer(window)
        self._later.setSingleShot(True)
        self._later.setInterval(0)
        self._later.timeout.connect(self._now)
        self.dialog = None  # the question dialog open now
        self._prompt: SeatPrompt | None = None
        self._counts = False  # the dialog open now is the counts dialog
        self._dropped: tuple[str, int] | None = None  # (card, talk) of a drop being asked about
        self._let_go: SeatPrompt | None = None  # a dialog closed whose question stays open elsewhere

    @property
    def _window(self):
        return self._window_ref()

    @property
    def _session(self):
        window = self._window
        return None if window is None else window.session

    def serve(self) -> None:
        """Shows the first question open for the seat looking in the window's dialog. Nothing
        while the curtain is up, or while a dialog is open."""
        window, session = self._window, self._session
        if self.dialog is not None or session is None or window.curtain.isVisible():
            return
        found = session.screen_questions()
        if found:
            self._open(found[0])

    def _open(self, asked) -> None:
        prompt = SeatPrompt(self._session, asked.talk, self._session.viewer)
        self._prompt = prompt
        prompter = self._window.prompter
        self._counts = asked.kind == "counts"
        if self._counts:  # several counts together: the counts dialog
            self.dialog = prompter.open_counts(asked, prompt, lambda: self._closed(prompt))
        else:  # the question dialog, up to a question of counts (`Walked`)
            self.dialog = prompter.open_walk(asked.title, Walked(prompt), lambda: self._closed(prompt))

    def _closed(self, prompt: SeatPrompt) -> None:
        """The dialog closed, however: a move not made is dropped, a card dropped for it glides
        back, and the next open question is shown."""
        if prompt is not self._prompt:
            return
        walked, self.dialog, self._prompt = not self._counts, None, None
        current = prompt.current()
        if walked and current is not None and current.kind == "counts":  # answered up to the counts
            self._open(current)
            return
        if prompt is not self._let_go:
            prompt.leave()
        self._let_go = None
        if self._dropped is not None and self._dropped[1] == prompt.talk_id:
            # The drop has its answer: a move made put the card where the view says (`changed`);
            # one not made leaves it where it was dropped, and it glides back.
            self._dropped = None
            self._window.table_view.drop_answered()
        self.later()

    def dropped(self, card: str) -> bool:
        """A drop was taken: True when its question is on screen (the card stays where it was
        dropped until it is answered; it glides back if the move is not made)."""
        if self.dialog is None or self._prompt is None:
            return False
        self._dropped = (card, self._prompt.talk_id)
        return True

    def later(self) -> None:
        """Shows the open questions once the current event is over, not inside it."""
        if not self._later.isActive():
            self._later.start()

    def _now(self) -> None:
        dialog, prompt = self.dialog, self._prompt
        if dialog is not None and prompt is not None:
            current = prompt.current()
            if current is not None and current.seat is not None and current.seat != self._session.viewer:
                self._let_go = prompt  # its seat went to its own front end (a phone): asked there now
                dialog.reject()
            elif current is None:
                dialog.reject()  # the game moved past its move: nothing left to answer
            elif prompt.shown is not None and current.id != prompt.shown.id:
                dialog.show_current()  # another seat's move changed what it may choose
            return
        self.serve()

    def close(self) -> None:
        """The person leaves (the curtain comes up, another game): the dialog goes, and its move."""
        if self.dialog is not None:
            self.dialog.reject()
