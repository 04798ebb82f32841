"""Starting the GUI: the start screen, `--demo`, `--open` and the installer's `--smoke-test`."""

from __future__ import annotations

import secrets
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from desktop.engine import Game, GameSetup, SetupError, registry
from desktop.engine.demo import demo_game
from desktop.model import GameSession
from desktop.storage import SaveError, load_save
from desktop.storage import journal as journals
from desktop.storage.paths import saves_dir
from desktop.ui.main_window import SAVE_FILTER, MainWindow


def _application() -> QApplication:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Action Deck")
    app.setOrganizationName("ActionDeck")
    app.setStyle("Fusion")  # follows the system's light or dark colour scheme
    return app


def session_for(game: Game, name: str = "", journal: bool = True) -> GameSession:
    session = GameSession(game, journals.Journal.start(game, name) if journal else None)
    session.name = name
    return session


def open_session(path: Path) -> GameSession:
    game, record = load_save(path)
    session = session_for(game, record.name or Path(path).stem)
    session.save_path = Path(path)
    return session


def _start_screen() -> GameSession | None:
    from desktop.ui.start import StartDialog

    latest = journals.latest()
    systems = [(rid, registry.get(rid).title) for rid in registry.ids()]
    while True:
        dialog = StartDialog(systems, latest.stem[:8] and "your last game" if latest else None)
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
                setup = GameSetup(ruleset=ruleset_id, players=names, seed=secrets.randbits(32))
                return session_for(Game.new(setup))
            chosen, _ = QFileDialog.getOpenFileName(None, "Open game", str(saves_dir()), SAVE_FILTER)
            if chosen:
                return open_session(Path(chosen))
        except (SaveError, SetupError) as problem:
            QMessageBox.warning(None, "Action Deck", str(problem))


def run_gui(demo: str | None = None, smoke_test: bool = False, open_path: Path | None = None) -> int:
    app = _application()
    try:
        if smoke_test or demo:
            session = session_for(demo_game(demo or "twilight-imperium"), "Demo", journal=not smoke_test)
        elif open_path is not None:
            session = open_session(Path(open_path))
        else:
            session = _start_screen()
            if session is None:
                return 0
    except (SaveError, SetupError) as problem:
        print(f"actiondeck: {problem}", file=sys.stderr)
        if not smoke_test:
            QMessageBox.critical(None, "Action Deck", str(problem))
        return 2
    journals.prune()
    window = MainWindow(session)

    def reopen(path: str) -> None:
        try:
            window.set_session(open_session(Path(path)))
        except SaveError as problem:
            QMessageBox.warning(window, "Action Deck", str(problem))

    window.openRequested.connect(reopen)
    window.show()
    if smoke_test:
        app.processEvents()
        frame = window.grab()
        ok = not frame.isNull() and frame.width() > 0
        print("smoke test passed" if ok else "smoke test failed: the window did not render")
        window.close()
        return 0 if ok else 1
    return app.exec()
