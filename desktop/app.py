"""Starting the GUI: the start screen, `--demo`, `--open` and the installer's `--smoke-test`.

The window is shown and painted before the engine, the card data and the save machinery are
imported: a player sees Action Deck at once, and the table fills in a moment later.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from desktop.shipped import APP_ICON, APP_ID, resource_path

_STARTED = time.perf_counter()


def _no_feature_scan() -> None:
    """PySide reads the whole source of every module imported after it (looking for
    `from __feature__ import ...`, snake_case or true_property names): 80-odd modules between
    the first frame and the table, 30-40 ms of a start. This app uses no such feature, so every
    module is taken as one that does not. Only PySide's own hook is changed, when it is there."""
    feature = sys.modules.get("shibokensupport.feature")
    if feature is not None and callable(getattr(feature, "_mod_uses_pyside", None)):
        feature._mod_uses_pyside = lambda _module: False


_no_feature_scan()


def _probe(mark: str) -> None:
    """With ACTIONDECK_STARTUP_PROBE set, report start-up milestones (for the benchmark)."""
    if os.environ.get("ACTIONDECK_STARTUP_PROBE"):
        print(f"{mark} {(time.perf_counter() - _STARTED) * 1000:.0f}", file=sys.stderr, flush=True)


# Once the table has been up a moment (a player reads it before the first move).
SETTLE_AFTER_MS = 1500


def settle_heap() -> None:
    """Moves what start-up made (modules, classes, the window's wrappers: 40,000-50,000 objects
    that live as long as the app) out of the garbage collector's sight. Every full collection
    walked them all again, 10-20 ms a pause in the middle of a move; it now walks what play made
    since. What start-up left unreachable is collected first. Settled again once another game
    is open, what was frozen goes back in sight first, so the last game's objects are collected.

    Before that, PySide makes the Python types of Qt's style options, which it otherwise makes
    all at once (29 classes, 78 enumerations, about 10 ms) the first time the focus ring or a
    style's drawing meets one: at the first hand-over, in the middle of a move.

    The collector, off while the app started (`desktop.cli`), works from here on the UI thread
    alone (`desktop.ui.collector`)."""
    import gc

    from PySide6 import QtWidgets

    for name in dir(QtWidgets):
        if name.startswith(("QStyleOption", "QStyleHintReturn")):
            getattr(QtWidgets, name)
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    from desktop.ui.collector import collect_on_the_ui_thread

    collect_on_the_ui_thread(QApplication.instance())  # never on a worker: see ui/collector.py


def _application() -> QApplication:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Action Deck")
    app.setOrganizationName("ActionDeck")
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(QIcon(str(resource_path(*APP_ICON))))
    from desktop.ui import palette, style

    style.install()  # Fusion with the app's focus ring and scroll bars (desktop/ui/style.py)

    palette.use(os.environ.get("ACTIONDECK_THEME") or palette.saved_choice())  # light, dark or the system's
    return app


def session_for(game, name: str = "", journal: bool = True, demo: bool = False, app_seats=(), started=None):
    """A session for a game that starts here (desktop/model/opening.py), with the player's
    preference for the curtain when one person plays against the app."""
    from desktop.model.opening import session_for as start
    from desktop.ui import settings

    return start(game, name, journal, demo, app_seats, curtain_when_alone=settings.get("curtain_when_alone") == "on",
                 started=started)


def open_session(path: Path, parent=None):
    """A session for a save file or an autosave journal, opened through the model
    (`model.opening.open_file`): read off the UI thread, with a note past a blink. What the
    replay of a damaged journal left out is told in a message box. A game open in another window
    (its lock is held) is offered as a read-only copy, with no journal; None when the player
    declines it."""
    from desktop.model import opening
    from desktop.model.quoting import shown
    from desktop.ui import settings
    from desktop.ui.busy import off_the_ui_thread

    def run(read):
        # Reading and replaying a long game takes a moment: on a worker thread, the window
        # still painting, a note shown past a blink.
        return off_the_ui_thread(read, f"Opening {shown(Path(path).name, 80)}\u2026", parent)

    try:
        session, warnings = opening.open_file(Path(path), run,
                                              curtain_when_alone=settings.get("curtain_when_alone") == "on")
    except opening.GameInUse as refusal:
        return _read_only_copy(Path(path), str(refusal), parent)
    _tell(warnings, parent)
    return session


def _tell(warnings: list[str], parent) -> None:
    if warnings:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.information(parent, "Action Deck", "\n".join(warnings))


def _read_only_copy(path: Path, sentence: str, parent):
    """Offers the game of a file another window has open as a read-only copy
    (`model.opening.read_only_copy`); None when the player declines it."""
    from desktop.model import opening
    from desktop.ui.asker import Asker

    # Asked as every confirmation of the app is (the question dialog, its Yes armed after a
    # moment): a key still held from the start screen's Open does not answer it.
    wanted = Asker(parent).confirm(
        "Action Deck", f"{sentence}\n\nOpen a read-only copy here instead? It shows the game "
        "as it stands, but nothing can be played in it; Game > Save a copy as\u2026 makes it a new game "
        "of its own.",
    )
    if not wanted:
        return None
    session, warnings = opening.read_only_copy(path)
    _tell(warnings, parent)
    return session


def _smoke_session(path: Path):
    """The game of the file given with `--open` to `--smoke-test`, read and shown but never
    written (`model.opening.look_at`). A file that cannot be opened fails the test with its
    sentence (SaveError)."""
    from desktop.model.opening import look_at

    return look_at(Path(path))


def reopen(window, path: str) -> None:
    """File > Open, and a game chosen from the start screen once the window is up
    (`MainWindow.openRequested`): the game of `path` (a save or an autosave) in place of the
    window's, or the sentence saying why not."""
    from PySide6.QtWidgets import QMessageBox

    from desktop.storage import SaveError

    try:
        session = open_session(Path(path), window)  # a save or an autosave
        if session is not None:
            replace_session(window, session)
    except SaveError as problem:
        QMessageBox.warning(window, "Action Deck", str(problem))


def replace_session(window, session) -> None:
    """`session` in place of the window's game (File > Open, New game). The last game's Qt
    objects (its session, undo stack and timers) are deleted at the event loop's next turn, never
    left for the garbage collector: a closed session was kept in reference cycles (and by the
    questions it had asked), so the collector's pass in `settle_heap` destroyed its QObject tree
    from inside `gc.collect()`, running Qt's destructors and PySide's callbacks on wrappers the
    collector was tearing down (issue 26: a segmentation fault there after reopening games).
    Then the heap is settled again, the last game's plain Python objects let go."""
    from PySide6.QtCore import QTimer

    last = window.session
    window.set_session(session)
    if last is not None and last is not session:
        _delete_when_quiet(last)
    QTimer.singleShot(SETTLE_AFTER_MS, settle_heap)


def _delete_when_quiet(session) -> None:
    """`session.deleteLater()`, once no save of it is still being written (the writer reports
    to it when done)."""
    import threading

    from PySide6.QtCore import QTimer

    if any(thread.name == "actiondeck-save" and thread.is_alive() for thread in threading.enumerate()):
        QTimer.singleShot(50, lambda: _delete_when_quiet(session))
        return
    session.deleteLater()


def _start_screen():
    """The start screen, again after a refusal, until the player has a game or closes it: (the
    game's session, whether its players use their phones); None when closed."""
    from PySide6.QtWidgets import QMessageBox

    from desktop.engine import SetupError
    from desktop.engine.demo import demo_game
    from desktop.model import learning, library
    from desktop.storage import SaveError
    from desktop.ui.start import StartDialog

    while True:
        dialog = StartDialog(library.distinct(library.recent_games()), library.demo_systems(),
                             lessons=learning.lessons())
        from PySide6.QtCore import QTimer

        QTimer.singleShot(SETTLE_AFTER_MS, settle_heap)  # the collector back on while a player chooses
        if not dialog.exec() or dialog.choice is None:
            return None
        kind, chosen = dialog.choice
        try:
            if kind == "open":
                session = open_session(chosen)
                if session is None:
                    continue  # the game is open elsewhere and no copy was wanted
                return session, False
            if kind == "demo":
                return session_for(demo_game(chosen), demo=True), False
            if kind == "learn":
                return lesson_session(chosen), False
            if kind == "new":  # and whether its players use their phones
                return session_for(chosen.game, app_seats=chosen.app_seats), chosen.phones
        except (SaveError, SetupError) as problem:
            QMessageBox.warning(None, "Action Deck", str(problem))


def lesson_session(system_id: str):
    """A session on the first game of `system_id` (Learn to play, `model.learning`): its practice
    started, the app playing every seat but the person's."""
    from desktop.model.learning import LESSON_NAME, lesson_game

    made = lesson_game(system_id)
    return session_for(made.game, name=LESSON_NAME, app_seats=made.app_seats)


def learn_in(window, system_id: str) -> None:
    """Help > Learn to play: the system's first game in place of the window's (which stays in
    the recent games, to continue)."""
    replace_session(window, lesson_session(system_id))


def _fail(problem: Exception, quiet: bool) -> int:
    print(f"actiondeck: {problem}", file=sys.stderr)
    if not quiet:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.critical(None, "Action Deck", str(problem))
    return 2


def run_gui(demo: str | None = None, smoke_test: bool = False, open_path: Path | None = None,
            phones: bool = False, learn: str | None = None, help_window: bool = False) -> int:
    app = _application()
    from desktop.ui.main_window import MainWindow

    if demo is None and open_path is None and learn is None and not smoke_test:
        session, phones = _start_screen() or (None, False)
        if session is None:
            return 0
        window = MainWindow(session)
        window.show()
    else:
        window = MainWindow()
        window.show()
        app.processEvents()
        _probe("first-paint")
        from desktop.engine import SetupError
        from desktop.engine.demo import default_demo, demo_game
        from desktop.storage import SaveError

        try:
            if open_path is not None and smoke_test:
                session = _smoke_session(Path(open_path))
            elif open_path is not None:
                session = open_session(Path(open_path))
                if session is None:
                    window.close()
                    return 0
            elif learn is not None:
                session = lesson_session(learn)
            else:
                session = session_for(demo_game(demo or default_demo()), demo=True, journal=not smoke_test)
        except (SaveError, SetupError) as problem:
            window.close()
            return _fail(problem, smoke_test)
        window.set_session(session)
    session = None  # the window holds it: a game opened later lets it go (`replace_session`)
    app.processEvents()
    _probe("table-ready")

    from desktop.storage import journal as journals

    journals.tidy_up()  # old journals, and the temporary copies a kill left behind
    from PySide6.QtCore import QTimer

    QTimer.singleShot(SETTLE_AFTER_MS, settle_heap)

    def new_game() -> None:
        from PySide6.QtWidgets import QDialog

        from desktop.ui.wizard import NewGameWizard

        wizard = NewGameWizard(window)
        if wizard.exec() != QDialog.DialogCode.Accepted:
            return
        chosen = wizard.new_game()
        if chosen is not None:
            replace_session(window, session_for(chosen.game, app_seats=chosen.app_seats))
            if chosen.phones:
                window.phones.turn_on()

    window.openRequested.connect(lambda path: reopen(window, path))
    window.newRequested.connect(new_game)
    window.learnRequested.connect(lambda system: learn_in(window, system))
    if phones and not smoke_test:
        window.phones.turn_on()  # the seats' codes over the table (a sentence if it cannot be)
    if help_window and not smoke_test and window.session is not None:
        window.menus.help.rules()  # the rules of the game shown, beside the table (Help > Rules, F1)
    if smoke_test:
        frame = window.grab()
        ok = not frame.isNull() and frame.width() > 0 and window.session is not None
        # The title names the game tested: the file given with --open, or the demo (a name the
        # console cannot show is printed escaped).
        if hasattr(sys.stdout, "reconfigure"):
            sys.stdout.reconfigure(errors="backslashreplace")
        print(f"smoke test passed: {window.windowTitle()}" if ok else "smoke test failed: the window did not render")
        window.close()
        return 0 if ok else 1
    if os.environ.get("ACTIONDECK_STARTUP_PROBE"):
        window.close()
        return 0
    return app.exec()
