"""The screen a window is on is asked of the application (desktop/ui/screens.py), never of a
widget: PySide tied the screen a widget's own `screen()` returned to that widget's wrapper, and
when the garbage collector later freed the wrapper, the application's screen was deleted with it
(the next window or dialog crashed in `QScreen::virtualSiblings`)."""

from __future__ import annotations

import gc
import re
from pathlib import Path

import shiboken6
from PySide6.QtGui import QScreen
from PySide6.QtWidgets import QApplication, QWidget

from tests.table_helpers import started_game, window_on
from tests.ui.test_curtain_keys import NoQuestions

DESKTOP = Path(__file__).resolve().parents[2] / "desktop"


def screens_held_by_widgets() -> list[str]:
    """The widgets whose Python wrappers hold one of the application's screens."""
    return [type(holder).__name__ for screen in shiboken6.getAllValidWrappers() if isinstance(screen, QScreen)
            for holder in gc.get_referrers(screen) if isinstance(holder, QWidget)]


def test_neither_the_window_nor_a_question_holds_the_applications_screen(qtbot):
    from desktop.ui.question_dialog import QuestionDialog

    _session, window = window_on(qtbot, started_game())
    dialog = QuestionDialog("Action Deck", NoQuestions(), window, preface="Sabotage: go on with this card?")
    qtbot.addWidget(dialog)
    dialog.show()  # sized to its question within the screen's room
    QApplication.processEvents()
    assert window.width() > 0 and dialog.isVisible()
    assert screens_held_by_widgets() == []


def test_no_widget_of_the_app_asks_a_widget_for_its_screen():
    asked = [f"{path.relative_to(DESKTOP.parent)}:{number}" for path in sorted(DESKTOP.rglob("*.py"))
             if path.name != "screens.py"
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\.screen\(\)", line)]
    assert asked == [], "ask desktop.ui.screens (screen_of, room_of), not a widget's screen():\n" + "\n".join(asked)
