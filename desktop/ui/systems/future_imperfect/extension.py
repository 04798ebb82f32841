"""What `install` adds to the main window and keeps in step with the session.

The window has no hook for a system's pieces to leave when it shows another game, so they watch
the window's title (set for every new session) and hide when the game is not Future Imperfect.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtWidgets import QDockWidget

from desktop.rulesets.future_imperfect import actions as a
from desktop.rulesets.future_imperfect.odds import check_odds, remaining, view_odds
from desktop.rulesets.future_imperfect.presentation import card_in_view
from desktop.ui.systems.future_imperfect.chart import OddsChart
from desktop.ui.systems.future_imperfect.painter import geometry
from desktop.ui.systems.future_imperfect.panel import CheckPanel

SYSTEM = "future-imperfect"


class Extension(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.session = None
        self.panel = CheckPanel()
        self.panel.submitted.connect(self.submit)
        self.panel.previewChanged.connect(self._preview)
        self.chart = OddsChart()
        self.check_dock = self._dock("Check", "fi-check-dock", self.panel, Qt.DockWidgetArea.RightDockWidgetArea)
        self.odds_dock = self._dock("Odds", "fi-odds-dock", self.chart, Qt.DockWidgetArea.LeftDockWidgetArea)
        self._preview_action = None
        self._press: QPointF | None = None
        window.windowTitleChanged.connect(self._window_changed)
        window.table_view.viewport().installEventFilter(self)

    def _dock(self, title: str, name: str, widget, area) -> QDockWidget:
        from PySide6.QtWidgets import QScrollArea

        dock = QDockWidget(title, self.window)
        dock.setObjectName(name)
        dock.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        scroll = QScrollArea()  # a small window scrolls the panel instead of growing
        scroll.setWidget(widget)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the panel's controls, not its frame
        dock.setWidget(scroll)
        self.window.addDockWidget(area, dock)
        return dock

    # ---- following the session ------------------------------------------------------------

    def bind(self, session) -> None:
        self.session = session
        session.changed.connect(self.refresh)
        session.curtainRequested.connect(lambda _seat: self.panel.setEnabled(False))
        self._show(True)
        self.refresh()

    def _window_changed(self, _title: str) -> None:
        session = self.window.session
        self._show(session is not None and session.ruleset.id == SYSTEM)

    def _show(self, on: bool) -> None:
        for dock in (self.check_dock, self.odds_dock):
            dock.setVisible(on)

    def legal(self) -> list:
        session = self.session
        return [act for act in session.game.legal_actions() if act.player not in session.app_seats]

    def refresh(self, _changes=None) -> None:
        session = self.session
        if session is None or session.ruleset.id != SYSTEM:
            return
        view = session.view()
        curtain = getattr(self.window, "curtain", None)
        self.panel.show_state(view, self.legal(), enabled=not (curtain is not None and curtain.isVisible()))
        self._show_check_odds(view)

    def _show_check_odds(self, view) -> None:
        check = view.extra.check
        if check is None or check.phase == "done" and self._preview_action is not None:
            if self._preview_action is not None:
                self._preview(self._preview_action)
            return
        who = view.seat_name(check.who)
        if check.phase == "draw":
            odds = view_odds(view)
            caption = f"{who}'s check, over the {odds.cards if odds else 0} cards still in the deck:"
        else:
            # The deck as it was before the draw: what is left and the cards this check drew.
            drawn = [card_in_view(view, card) for card in check.cards]
            effect = (check.effect, check.effect_row) if check.complex else None
            odds = check_odds(remaining(view) + drawn, check.trait, check.skill, check.tn, check.exceptional,
                              effect, check.threshold)
            caption = f"Before the draw, {who}'s chances were:"
        self.chart.show_odds(odds, caption)

    def _preview(self, action) -> None:
        self._preview_action = action
        session = self.session
        if session is None or action is None:
            return
        view = session.view()
        if view.extra.check is not None and view.extra.check.phase != "done":
            return
        effect = (action.effect, action.effect_row) if isinstance(action, a.SetComplexCheck) else None
        odds = check_odds(remaining(view), action.trait, action.skill, action.tn, view.extra.exceptional,
                          effect, view.extra.threshold)
        label = session.ruleset.describe(action, view).removeprefix("Set a ")
        self.chart.show_odds(odds, f"If the Master sets this {label}, over the {odds.cards if odds else 0} cards in the deck:")

    # ---- acting ---------------------------------------------------------------------------

    def submit(self, action) -> None:
        if self.session is not None:
            self.session.submit(action)

    def eventFilter(self, watched, event) -> bool:
        """A click on a result of the resolution card (or of an extension card, while choosing
        which exceptional result to keep) takes it, as its button would."""
        kind = event.type()
        if kind == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position()
        elif kind == QEvent.Type.MouseButtonRelease and self._press is not None:
            start, self._press = self._press, None
            if (event.position() - start).manhattanLength() < 6:
                self._clicked(event.position())
        return False

    def _clicked(self, point: QPointF) -> None:
        from desktop.ui.table.items import CardItem

        session = self.session
        if session is None or session.ruleset.id != SYSTEM:
            return
        view = self.window.table_view
        scene_point = view.mapToScene(point.toPoint())
        card = next((item for item in view.scene().items(scene_point) if isinstance(item, CardItem)), None)
        if card is None or card.card_id is None:
            return
        width, height = card.size()
        local = card.mapFromScene(scene_point)
        cell = geometry_for(width, height).cell_at(local)
        if cell is None or cell[0] != "cause":
            return
        _, row, die = cell
        check = session.view().extra.check
        if check is None or die != check.trait or not check.cards:
            return
        wanted = {"choose": (a.Take, check.cards[0]), "pick": (a.Extend, check.cards[-1])}.get(check.phase)
        if wanted is None or card.card_id != wanted[1]:
            return
        for act in self.legal():
            if isinstance(act, wanted[0]) and act.row == row:
                session.submit(act)
                return


def geometry_for(width: float, height: float):
    from PySide6.QtCore import QRectF

    return geometry(QRectF(0, 0, width, height))
