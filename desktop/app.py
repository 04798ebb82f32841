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


def _probe(mark: str) -> None:
    """With ACTIONDECK_STARTUP_PROBE set, report start-up milestones (for the benchmark)."""
    if os.environ.get("ACTIONDECK_STARTUP_PROBE"):
        print(f"{mark} {(time.perf_counter() - _STARTED) * 1000:.0f}", file=sys.stderr, flush=True)


def _application() -> QApplication:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Action Deck")
    app.setOrganizationName("ActionDeck")
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(QIcon(str(resource_path(*APP_ICON))))
    if app.style().name().lower() != "fusion":
        app.setStyle("Fusion")  # follows the system's light or dark colour scheme
    return app


def session_for(game, name: str = "", journal: bool = True):
    from desktop.model.session import GameSession
    from desktop.storage.journal import Journal

    session = GameSession(game, Journal.start(game, name) if journal else None)
    session.name = name
    return session


def open_session(path: Path):
    from desktop.storage import load_save

    game, record = load_save(path)
    session = session_for(game, record.name or Path(path).stem)
    session.save_path = Path(path)
    return session


def _start_screen():
    import secrets

    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from desktop.engine import Game, GameSetup, SetupError, registry
    from desktop.model.session import GameSession
    from desktop.storage import SaveError
    from desktop.storage import journal as journals
    from desktop.storage.paths import saves_dir
    from desktop.ui.main_window import SAVE_FILTER
    from desktop.ui.start import StartDialog

    latest = journals.latest()
    systems = [(rid, registry.get(rid).title) for rid in registry.ids()]
    while True:
        dialog = StartDialog(systems, "your last game" if latest else None)
        if not dialog.exec() or dialog.choice is None:
            return None
        try:
            kind = dialog.choice[0]
            if kind == "continue":
                game, name = journals.resume(latest)
                session = GameSession(game, journals.Journal(latest))
                session.name = name
                return session
            if kind == "new":
                _, ruleset_id, names = dialog.choice
                setup = GameSetup(ruleset=ruleset_id, players=names, seed=__import__("desktop.engine.rng", fromlist=["new_seed"]).new_seed())
                return session_for(Game.new(setup))
            chosen, _ = QFileDialog.getOpenFileName(None, "Open game", str(saves_dir()), SAVE_FILTER)
            if chosen:
                return open_session(Path(chosen))
        except (SaveError, SetupError) as problem:
            QMessageBox.warning(None, "Action Deck", str(problem))


def _fail(problem: Exception, quiet: bool) -> int:
    print(f"actiondeck: {problem}", file=sys.stderr)
    if not quiet:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.critical(None, "Action Deck", str(problem))
    return 2


def run_gui(demo: str | None = None, smoke_test: bool = False, open_path: Path | None = None) -> int:
    app = _application()
    from desktop.ui.main_window import MainWindow

    if demo is None and open_path is None and not smoke_test:
        session = _start_screen()
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
        from desktop.engine.demo import demo_game
        from desktop.storage import SaveError

        try:
            if open_path is not None and not smoke_test:
                session = open_session(Path(open_path))
            else:
                session = session_for(demo_game(demo or "twilight-imperium"), "Demo", journal=not smoke_test)
        except (SaveError, SetupError) as problem:
            window.close()
            return _fail(problem, smoke_test)
        window.set_session(session)
    app.processEvents()
    _probe("table-ready")

    from desktop.storage import journal as journals

    journals.prune()

    def reopen(path: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        from desktop.storage import SaveError

        try:
            window.set_session(open_session(Path(path)))
        except SaveError as problem:
            QMessageBox.warning(window, "Action Deck", str(problem))

    window.openRequested.connect(reopen)
    if smoke_test:
        frame = window.grab()
        ok = not frame.isNull() and frame.width() > 0 and window.session is not None
        print("smoke test passed" if ok else "smoke test failed: the window did not render")
        window.close()
        return 0 if ok else 1
    if os.environ.get("ACTIONDECK_STARTUP_PROBE"):
        window.close()
        return 0
    return app.exec()
