"""What `install` adds to the main window, through its host, and keeps in step with the session.

The host takes the docks away when the window turns to another game.
"""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import QObject, QPointF, QSizeF

from desktop.engine.changes import Reads
from desktop.rulesets.future_imperfect import actions as a
from desktop.rulesets.future_imperfect.odds import check_odds, remaining
from desktop.rulesets.future_imperfect.presentation import card_in_view
from desktop.ui.systems.future_imperfect.chart import OddsChart
from desktop.ui.systems.future_imperfect.painter import geometry
from desktop.ui.systems.future_imperfect.panel import CheckPanel

SYSTEM = "future-imperfect"
REMEMBERED = 16  # odds kept by their inputs: the checks a game moves between, and their previews
# The panel reads the legal actions (the next draw, the results offered, whether the Master may set
# a check), so any step of the game may change it; the chart's odds are remembered by their inputs.
READS = Reads(moves=True)


class Extension(QObject):
    def __init__(self, host):
        super().__init__(host)
        self.host = host
        self.session = host.session
        self.panel = CheckPanel()
        self.panel.submitted.connect(self.submit)
        self.panel.previewChanged.connect(self._preview)
        self.chart = OddsChart()
        self.check_dock = host.add_dock("fi-check-dock", "Check", self.panel, side="right")
        self.odds_dock = host.add_dock("fi-odds-dock", "Odds", self.chart, side="left")
        self._preview_action = None
        self._refreshing = False  # the form's preview during a refresh waits for its end
        self._odds: OrderedDict = OrderedDict()  # the inputs of check_odds -> its answer
        host.link(host.cardClicked, self._clicked)
        host.follow(self.refresh, READS)
        host.link(host.covered, lambda covered: self.panel.setEnabled(not covered) if covered else self.refresh())
        self.refresh()

    # ---- following the session ------------------------------------------------------------

    def legal(self) -> list:
        session = self.session
        return [act for act in session.legal_actions() if act.player not in session.app_seats]

    def refresh(self, _changes=None) -> None:
        view = self.session.view()
        # The form says its check again as it follows the view; the odds are then worked out
        # once, below, not once for the form and once for the table.
        self._refreshing = True
        try:
            self.panel.show_state(view, self.legal(), enabled=not self.host.is_covered())
        finally:
            self._refreshing = False
        self._show_check_odds(view)

    def odds(self, view, pool, trait, skill, tn, exceptional, effect, threshold):
        """`check_odds`, remembered by its inputs: most actions change none of them (a game's
        actions move between a few checks, and the deck changes only when a card is drawn)."""
        key = (view.extra.deck_key, tuple(card.impulse for card in pool), trait, skill, tn, exceptional, effect,
               threshold)
        if key in self._odds:
            self._odds.move_to_end(key)
            return self._odds[key]
        found = self._odds[key] = check_odds(pool, trait, skill, tn, exceptional, effect, threshold)
        if len(self._odds) > REMEMBERED:
            self._odds.popitem(last=False)
        return found

    def _show_check_odds(self, view) -> None:
        check = view.extra.check
        if check is None or check.phase == "done" and self._preview_action is not None:
            if self._preview_action is not None:
                self._preview(self._preview_action)
            return
        who = view.seat_name(check.who)
        effect = (check.effect, check.effect_row) if check.complex else None
        if check.phase == "draw":
            odds = self.odds(view, remaining(view), check.trait, check.skill, check.tn, check.exceptional, effect,
                             check.threshold)  # view_odds(view), remembered
            caption = f"{who}'s check, over the {odds.cards if odds else 0} cards still in the deck:"
        else:
            # The deck as it was before the draw: what is left and the cards this check drew.
            drawn = [card_in_view(view, card) for card in check.cards]
            odds = self.odds(view, remaining(view) + drawn, check.trait, check.skill, check.tn, check.exceptional,
                             effect, check.threshold)
            caption = f"Before the draw, {who}'s chances were:"
        self.chart.show_odds(odds, caption)

    def _preview(self, action) -> None:
        self._preview_action = action
        session = self.session
        if session is not None:
            session.talks.draft = action  # "Set a simple check" asks it opening at the form's values
        if session is None or action is None or self._refreshing:
            return
        view = session.view()
        if view.extra.check is not None and view.extra.check.phase != "done":
            return
        effect = (action.effect, action.effect_row) if isinstance(action, a.SetComplexCheck) else None
        odds = self.odds(view, remaining(view), action.trait, action.skill, action.tn, view.extra.exceptional,
                         effect, view.extra.threshold)
        label = session.ruleset.describe(action, view).removeprefix("Set a ")
        self.chart.show_odds(odds, f"If the Master sets this {label}, over the {odds.cards if odds else 0} cards in the deck:")

    # ---- acting ---------------------------------------------------------------------------

    def submit(self, action) -> None:
        self.session.submit(action)

    def _clicked(self, card_id: str, _zone: str, local: QPointF, size: QSizeF) -> None:
        """A click on a result of the resolution card (or of an extension card, while choosing
        which exceptional result to keep) takes it, as its button would."""
        session = self.session
        cell = geometry_for(size.width(), size.height()).cell_at(local)
        if cell is None or cell[0] != "cause":
            return
        _, row, die = cell
        check = session.view().extra.check
        if check is None or die != check.trait or not check.cards:
            return
        wanted = {"choose": (a.Take, check.cards[0]), "pick": (a.Extend, check.cards[-1])}.get(check.phase)
        if wanted is None or card_id != wanted[1]:
            return
        # A row that cannot be taken goes to the game too: its refusal says why.
        session.submit(wanted[0](player=check.who, row=row))


def geometry_for(width: float, height: float):
    from PySide6.QtCore import QRectF

    return geometry(QRectF(0, 0, width, height))
