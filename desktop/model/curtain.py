"""Who looks at the shared screen: the curtain's state machine (no widgets; the session's signals
say what changed).

The ruleset's stages say who must act. When the one seat that must act with hidden cards is not
the one looking, nobody looks (`viewer` None: no hand is shown) and `curtainRequested` asks the
window to cover the table until that player confirms they alone are looking (`confirm`). Seats
planning at once are a queue: the screen stays with a planner until its plan is made, then goes
to the first one still planning. A viewer who has just been told something private (cards drawn)
sees it before the screen passes (`handover`, `handoverRequested`). One person alone against the
app has nobody to hide from: their hand is shown without a curtain, unless they asked for it.

A seat answered elsewhere (`elsewhere`: its player holds it on a front end of their own, a phone)
needs no curtain: the screen never passes to it and never shows its hand. While such a seat must
act with its hidden cards and no seat at the screen must, the screen goes to nobody (`NOBODY`):
every hand hidden, no curtain, so the people in the room see only the public table meanwhile.
"""

from __future__ import annotations

import weakref

from desktop.engine.changes import EVERYTHING, ChangeSet
from desktop.engine.presentation import looker, planners

NOBODY = ""  # the screen goes to nobody: every hand hidden and no curtain (a seat elsewhere acts)


class Curtain:
    def __init__(self, session) -> None:
        # Weakly: the session holds this part, and a cycle would leave the session (a QObject) to
        # the garbage collector, which may delete it at any moment, from any thread.
        self._session = weakref.proxy(session)
        self.viewer: str | None = None  # whose hand is shown
        self.pending: str | None = None  # the seat the screen is being passed to
        self.handover: str | None = None  # the seat the screen goes to once the viewer has seen
        self.when_alone = False  # one person against the app: the curtain only if asked for
        # The person hid the hands (Hide hands): alone against the app, their hand stays hidden
        # until they look again (their turn, "Show my hand"), not brought back by the app's moves.
        self.kept_hidden = False
        self.elsewhere: set[str] = set()  # seats answered on a front end of their own (a phone)
        self._hiding: tuple[int, frozenset] | None = None  # (the session's version, `hiding()` then)
        self._public: tuple | None = None  # (the game's state, its step, the public view of it)

    def public_view(self):
        """The view nobody's hand is in, made once per state of the game: an action's Undo words
        are worded from it, and then `hiding` reads it (two public views an action, each 0.1-0.3
        ms of a table of eight seats). Keyed by the state itself and its step: an action moves
        the step on, an undo puts back another state."""
        state = self._session.game.state
        if self._public is None or self._public[0] is not state or self._public[1] != state.step:
            self._public = (state, state.step, self._session.game.view(None))
        return self._public[2]

    def hiding(self) -> frozenset:
        """The seats holding something the others may not see (a hand of their own), worked out
        once per change of the game: the Undo entry asks it of each seat at every refresh, and
        each asking made the whole public view (a fifth of a hand-over's refreshes at 8 seats)."""
        session = self._session
        if self._hiding is None or self._hiding[0] != session._version:
            zones = self.public_view().zones.values()
            self._hiding = (session._version, frozenset(zone.owner for zone in zones if zone.visibility == "owner"))
        return self._hiding[1]

    def away(self) -> set[str]:
        """The seats the screen never passes to: the app's, and those answered elsewhere."""
        return set(self._session.app_seats) | self.elsewhere

    def acts_elsewhere(self) -> bool:
        """Whether a seat answered elsewhere (and not by the app) must act with its hidden cards
        now while no seat at the screen must: nobody at the screen keeps a hand open meanwhile."""
        app_seats = self._session.app_seats
        stages = self._session.stages()
        focus = looker(stages)
        if focus is not None:
            return focus in self.elsewhere and focus not in app_seats
        queue = [seat for seat in planners(stages) if seat not in app_seats]
        return bool(queue) and all(seat in self.elsewhere for seat in queue)

    def set_elsewhere(self, seat: str, on: bool) -> None:
        """`seat` is answered on a front end of its own from now on (`on`), or at the shared
        screen again. Its questions stay open for that front end; a hand of it shown here, or
        the curtain waiting for it, goes; the screen is worked out afresh."""
        if on == (seat in self.elsewhere):
            return
        session = self._session
        if on:
            self.elsewhere.add(seat)
            session.talks.kept_for(seat)
            if seat in (self.viewer, self.pending, self.handover):
                self.hide()  # its own front end shows its hand now, not the shared screen
        else:
            self.elsewhere.discard(seat)
        session.changed_everything()
        if not self.sync():
            session.apps.schedule()

    def alone(self) -> str | None:
        """The one seat played by a person, when every other is the app's and the curtain is not
        wanted: there is no one to hide its hand from."""
        session = self._session
        people = [seat for seat in session.game.state.seat_ids() if seat not in session.app_seats]
        alone = len(people) == 1 and people[0] not in self.elsewhere  # a phone's player sees the screen too
        return people[0] if alone and not self.when_alone else None

    def next_looker(self) -> str | None:
        """The seat the screen must pass to now, if it must pass (never one the app plays or one
        answered elsewhere)."""
        away = self.away()
        stages = self._session.stages()
        focus = looker(stages)
        if focus is None:
            # Several seats plan at once: the screen stays with a planner looking until its
            # plan is made, then passes to the first one still planning (the app's plan alone).
            queue = [seat for seat in planners(stages) if seat not in away]
            if not queue or self.viewer in queue or self.pending in queue:
                return None
            focus = queue[0]
        if focus in away or focus in (self.viewer, self.pending):
            return None
        return focus

    def after_change(self, changes: ChangeSet, private_news: bool) -> bool:
        """The game changed: the screen passes where it must, or the viewer first sees what was
        theirs alone. Emits `changed`; True when the app's seats may move now."""
        session = self._session
        self.handover = None
        next_seat = self.next_looker()
        if next_seat is None and self.viewer is not None and self.acts_elsewhere():
            next_seat = NOBODY  # the viewer's hand is hidden once they have seen their news
        if private_news and next_seat is not None:
            # The viewer drew (or was told) something: they see it before the screen passes.
            self.handover = next_seat
            session.changed.emit(changes)
            session.handoverRequested.emit(next_seat)
            return False
        if not self.sync():
            session.changed.emit(changes)
        return True

    def sync(self) -> bool:
        """Asks for the curtain if the seat that must look is not the one looking, or hides the
        hands while a seat answered elsewhere acts; True if so (`changed` was emitted). One
        person alone against the app is the one looking whoever's turn it is (from a game's
        start or reopening on a seat the app plays), unless they hid their hand themselves."""
        if self.handover is not None:
            return False
        focus = self.next_looker()
        if focus is None and self.viewer is None and self.pending is None and not self.kept_hidden:
            focus = self.alone()  # nobody to hide from: their hand is shown, no click asked
        if focus is None:
            if (self.viewer is not None or self.pending is not None) and self.acts_elsewhere():
                self.hide()  # a seat elsewhere acts: the screen goes to nobody, with no curtain
                self._session.apps.schedule()
                return True
            return False
        self.request(focus)
        return True

    def finish_handover(self) -> None:
        """The viewer has seen their news: pass the screen on."""
        self.handover = None
        if not self.sync():
            self._session.changed.emit(EVERYTHING)
        self._session.apps.schedule()

    def request(self, seat: str) -> None:
        """Hides every hand and asks for the screen to be passed to `seat` (not to a seat answered
        elsewhere: its own front end shows its hand)."""
        session = self._session
        if seat in self.elsewhere:
            return
        self.handover = None
        self.kept_hidden = False
        session.talks.screen_changes_hands(seat)
        if seat == self.alone():
            self.viewer, self.pending = seat, None
            session.changed.emit(EVERYTHING)
            session.apps.schedule()
            return
        self.viewer = None
        self.pending = seat
        session.changed.emit(EVERYTHING)
        session.curtainRequested.emit(seat)

    def confirm(self) -> None:
        """The player asked for is alone at the screen: show their hand."""
        if self.pending is not None:
            self.viewer, self.pending = self.pending, None
            self._session.changed.emit(EVERYTHING)
            self._session.apps.schedule()

    def hide(self, by_person: bool = False) -> None:
        """Nobody looks now. A hand-over that waited for the looker to pass the screen has
        nobody to wait for: the screen goes to the seat it named (behind the curtain).
        `by_person`: a person asked (Hide hands), so one person alone against the app keeps
        their hand hidden until they look again; otherwise (a game about to be shown, a seat
        handed to the app) the screen is worked out afresh by `sync`."""
        session = self._session
        self.kept_hidden = by_person
        handing = self.handover is not None
        self.handover = None
        self.viewer = self.pending = None
        session.talks.screen_changes_hands(None)
        session.changed.emit(EVERYTHING)
        if handing and not self.sync():
            session.apps.schedule()

    @property
    def waiting(self) -> bool:
        """The screen is being passed: the app waits for the person behind the curtain."""
        return self.pending is not None or self.handover is not None
