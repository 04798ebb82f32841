"""The Help menu: the rules of the game shown (F1), "What can I do now?" (Shift+F1), and About.

`HelpDesk` makes the menu's entries once per window and the Help window when first asked for
(desktop/ui/help_window.py), and follows the game the window shows: the rules open at that
system's page, and a refusal citing a rule (`session.refusal_rule`, shown in the banner with
"Read the rule") opens that page at the rule's section. F1 does so too while such a refusal is
in the banner, so the rule is a key away.
"""

from __future__ import annotations

import weakref


class HelpDesk:
    """The Help menu's entries and the one Help window of a main window."""

    def __init__(self, window, menu, about) -> None:
        from PySide6.QtGui import QAction, QKeySequence

        self._window = weakref.ref(window)  # the window owns the menus: no cycle through Qt objects
        self.help_window = None  # made when first opened
        self.rules_action = QAction("&Rules of this game", window)
        self.rules_action.setShortcut(QKeySequence(QKeySequence.StandardKey.HelpContents))
        self.rules_action.setToolTip("The rules as the app plays them, searchable, in a window beside the table")
        self.rules_action.triggered.connect(self.rules)
        self.now_action = QAction("&What can I do now?", window, shortcut=QKeySequence("Shift+F1"))
        self.now_action.setToolTip("The moves open now, in words, and who the table waits for")
        self.now_action.triggered.connect(self.what_now)
        # The rules pages send a newcomer to Learn to play: it is here too, not on the start
        # screen alone, which a game under way has left behind.
        self.learn_action = QAction("&Learn to play this game", window)
        self.learn_action.setToolTip("A short game against the app, step by step; this game is kept to continue")
        self.learn_action.triggered.connect(self.learn)
        menu.addAction(self.rules_action)
        menu.addAction(self.now_action)
        menu.addAction(self.learn_action)
        menu.addSeparator()
        menu.addAction("&About Action Deck", lambda: about(window))
        window.heading.read_rule = self.read_rule  # the banner's "Read the rule"
        window.practice_strip.read_rule = self.read_rule  # a practice step's "(Rules: ...)"

    def follow(self, session) -> None:
        """The window shows `session` now: "What can I do now?" follows its changes, and Learn to
        play is that system's lesson, where it has one."""
        from desktop.model.learning import lessons

        session.changed.connect(self._changed)
        lesson = next((found for found in lessons() if found.system == session.ruleset.id), None)
        self.learn_action.setVisible(lesson is not None)
        if lesson is not None:
            self.learn_action.setText(f"&Learn to play {lesson.title}")
        if self.help_window is not None:
            self.help_window.session_changed()

    def _changed(self, _changes=None) -> None:
        if self.help_window is not None:
            self.help_window.session_changed()

    def opened(self):
        """The Help window, made on first use, parented to the main window (it closes with it)."""
        if self.help_window is None:
            from desktop.ui.help_window import HelpWindow

            window = self._window()
            self.help_window = HelpWindow(window, lambda: getattr(self._window(), "session", None))
        return self.help_window

    def system(self) -> str | None:
        window = self._window()
        session = getattr(window, "session", None)
        return session.ruleset.id if session is not None else None

    def rules(self) -> None:
        """F1: the rules of the game shown, at the rule the banner's refusal cites if one does."""
        window = self._window()
        if window is not None and window.heading.rule and window.problem.isVisible():
            self.read_rule(window.heading.rule)
            return
        self.opened().open(self.system())

    def learn(self) -> None:
        window = self._window()
        system = self.system()
        if window is not None and system is not None:
            window.learnRequested.emit(system)

    def what_now(self) -> None:
        from desktop.ui.help_window import NOW

        self.opened().open(NOW)

    def read_rule(self, rule: str) -> None:
        """The rules page of the game shown, at the section `rule` names."""
        self.opened().open(self.system(), rule)
