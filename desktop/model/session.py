"""The game session: the one way any front end changes a game, and the coordinator of the model.

Front ends hand it their choices; it asks the engine, journals what was accepted, keeps the
undo stack in step with the engine's undo window, and says what changed through
`changed(ChangeSet)`. A refusal comes back as the `refused` signal carrying the engine's sentence.
Each of its other jobs is a module of its own, which this class only wires together:

- the conversation (desktop/model/talks.py, conversation.py, taking.py): a move that still needs
  answers is an open question of one seat, data any front end answers (`open_questions`,
  `answer`, `cancel`);
- who looks at the shared screen, the curtain's state machine (desktop/model/curtain.py);
- the seats the app plays and the pace of their moves (desktop/model/app_seats.py);
- undo and redo for the seat looking (desktop/model/undo_stack.py, authority.py);
- saving to a file (desktop/model/saving.py).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal

from desktop.engine import Action, Game, RuleError
from desktop.engine.changes import EVERYTHING, ChangeSet
from desktop.engine.presentation import Stage, Table, View, responders
from desktop.engine.prompts import Offer, Prompt
from desktop.model import moving, saving
from desktop.model.app_seats import BOT_PAUSE_MS, AppSeats, not_written
from desktop.model.authority import for_the_table
from desktop.model.conversation import Asked
from desktop.model.curtain import Curtain
from desktop.model.drafts import prompt_for
from desktop.model.drop_targets import drop_targets
from desktop.model.game_log import LogReader
from desktop.model.offering import declared_kinds, offers_for
from desktop.model.talks import LOOKING, Talks
from desktop.model.undo_stack import ActionCommand, SessionStack
from desktop.storage import SaveError
from desktop.storage.journal import Journal

# The refusal of every move in a read-only copy (docs/table.md, "A read-only copy").
READ_ONLY = "This is a read-only copy: the game is open in another window."


class GameSession(QObject):
    changed = Signal(object)  # a ChangeSet: what to re-read from view() and table()
    refused = Signal(str)  # an action was refused; the sentence says which rule (`refusal_rule`: its section)
    refusal_rule: str | None = None  # the section of the rules page the last refusal cites (RuleError.rule)
    curtainRequested = Signal(str)  # this seat must look next: cover the table until confirmed
    handoverRequested = Signal(str)  # the viewer just got private news: pass to this seat when seen
    questionsChanged = Signal()  # a question opened, was answered or closed: front ends read them again
    saved = Signal(str)  # a save finished: the path
    saveFailed = Signal(str)

    BOT_PAUSE_MS = BOT_PAUSE_MS

    def __init__(self, game: Game, journal: Journal | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.game = game
        self.journal = journal
        self.save_path: Path | None = None
        # The file of a game open in another window, of which this is a read-only copy: nothing
        # is played here (every move, undo and app move is refused), so nothing is ever lost.
        self.copy_of: Path | None = None
        self.name = ""
        self.curtain = Curtain(self)
        self.apps = AppSeats(self)
        self.talks = Talks(self)
        self.undo_stack = SessionStack(self)
        self.notices: list[str] = []  # refusals shown in the log, never part of the game
        self.refusals_shown = True  # False while a phone acts: told to it alone, not the screen (docs/phones.md)
        self._offers: tuple | None = None  # (version, viewer, app seats) and the offers then
        self._cache: tuple[tuple, View, Table] | None = None
        self._legal: tuple[int, tuple[Action, ...]] | None = None  # (version, every legal action)
        self._version = 0  # bumps on every change, so the cached view is never stale
        self.log = LogReader(self)  # the lines each viewer may read, the app's moves marked
        # A game reopened from its file can still undo what its engine can (back to the last
        # draw or reveal): the stack gets an entry for each of those actions.
        view = game.view(None)
        for action in game.actions[game.undo_floor:]:
            self.undo_stack.push(ActionCommand(action, self.ruleset.describe(action, view)))

    # ---- the parts' state, read and set where front ends and tests have always found it -------

    viewer = property(lambda self: self.curtain.viewer, lambda self, seat: setattr(self.curtain, "viewer", seat))
    pending_viewer = property(lambda self: self.curtain.pending, lambda self, seat: setattr(self.curtain, "pending", seat))
    handover = property(lambda self: self.curtain.handover, lambda self, seat: setattr(self.curtain, "handover", seat))
    kept_hidden = property(lambda self: self.curtain.kept_hidden,
                           lambda self, on: setattr(self.curtain, "kept_hidden", on))
    curtain_when_alone = property(lambda self: self.curtain.when_alone,
                                  lambda self, on: setattr(self.curtain, "when_alone", on))
    app_seats = property(lambda self: self.apps.bots)  # seat -> its bot (the system's, or RandomBot)
    remote_seats = property(lambda self: self.curtain.elsewhere)  # seats answered on a front end of their own
    bot_pause_ms = property(lambda self: self.apps.pause_ms, lambda self, ms: setattr(self.apps, "pause_ms", ms))
    _bot_timer = property(lambda self: self.apps.timer)
    conversation = property(lambda self: self.talks.conversation)
    offers_key = property(lambda self: (self._version, self.viewer, tuple(self.app_seats)))  # what offers() reads

    # ---- reading ---------------------------------------------------------------------------

    @property
    def ruleset(self):
        return self.game.ruleset

    def _read(self) -> tuple[View, Table]:
        key = (self._version, self.viewer)
        if self._cache is None or self._cache[0] != key:
            view = self.curtain.public_view() if self.viewer is None else self.game.view(self.viewer)
            self._cache = (key, view, self.ruleset.table(view))
        return self._cache[1], self._cache[2]

    def view(self) -> View:
        return self._read()[0]

    def table(self) -> Table:
        return self._read()[1]

    def legal_actions(self) -> tuple[Action, ...]:
        """Every seat's legal actions now, worked out once per change of the game (read many times an action)."""
        if self._legal is None or self._legal[0] != self._version:
            self._legal = (self._version, tuple(self.game.legal_actions()))
        return self._legal[1]

    def log_lines(self) -> list[str]:
        return self.game.log_for(self.viewer)

    def stages(self) -> list[Stage]:
        return self.game.stages()

    def responders(self) -> dict[str, str]:
        """Seats played by people that may answer out of turn now, with what they may do."""
        return {seat: label for seat, label in responders(self.stages()).items() if seat not in self.app_seats}

    def offers(self) -> list[Offer]:
        """The entries to show: the actions of every seat played at the screen, grouped by kind, leaving out any
        that names a card the viewer cannot see (it would tell what a hand holds). Worked out once per `offers_key`."""
        key = self.offers_key
        if self._offers is None or self._offers[0] != key:
            self._offers = (key, self._grouped_offers())
        return list(self._offers[1])

    def _grouped_offers(self) -> list[Offer]:  # a seat answered elsewhere (a phone) chooses there, but the table's
        people = [action for action in self.legal_actions() if action.player not in self.app_seats
                  and (action.player not in self.remote_seats or for_the_table(action))]
        return self._as_offers(people, self.ruleset.offer_label)

    def other_offers(self) -> list[Offer]:
        """What the seat looking may also do that the legal list leaves out (the ruleset's unlisted actions), as
        offers for the Turn menu's "Other actions...", each named by its kind's title; none while nobody looks."""
        if self.viewer is None or self.viewer in self.app_seats:
            return []
        return self._as_offers(
            self.game.unlisted_actions(self.viewer),
            lambda kind, members, view: getattr(type(members[0]), "title", "") or self.ruleset.offer_label(kind, members, view),
        )

    def _as_offers(self, actions, label, view: View | None = None) -> list[Offer]:
        view = view or self.view()
        return offers_for(actions, self.game.state.cards, view, label, declared_kinds(self.ruleset.action_type))

    def offers_of(self, seat: str, view: View | None = None) -> list[Offer]:
        """What `seat` may choose now, as it sees the table: its own offers and the table's (its own front end's). `view`: the seat's, if the caller has it (a phone's feed)."""
        view = view if view is not None else (self.view() if seat == self.viewer else self.game.view(seat))
        mine = [action for action in self.legal_actions() if action.player == seat or for_the_table(action)]
        return self._as_offers(mine, self.ruleset.offer_label, view)

    def prompt(self, offer: Offer, seat=LOOKING) -> Prompt:
        """The questions of `offer`, worded as `seat` sees the table (left out: the seat looking)."""
        view = self.view() if seat is LOOKING or seat == self.viewer else self.game.view(seat)
        return prompt_for(self, offer, view)  # each question opening at the seat's draft (drafts.py)

    def label(self, action: Action) -> str:
        return self.ruleset.describe(action, self.view())

    # ---- moving cards ------------------------------------------------------------------------

    def drops(self, card: str, from_zone: str, to_zone: str) -> list[Action]:
        """The legal completions of the viewer dragging `card` onto `to_zone` (none: refused)."""
        return moving.drops(self, card, from_zone, to_zone)

    def drop_targets(self, card: str, from_zone: str) -> tuple[set[str], dict[str, set[int]]]:
        """Where the viewer may drop `card` now, to light while dragging (none in a copy)."""
        if self.viewer is None or self.copy_of is not None:
            return set(), {}
        return drop_targets(self.game, self.table(), self.viewer, card, from_zone)

    def card_actions(self, card: str, from_zone: str) -> list[Action]:
        """What pressing Enter on a card means for the viewer (none: refused)."""
        return moving.card_actions(self, card, from_zone)

    def has_secrets(self, seat: str) -> bool:
        """Whether `seat` holds anything the others may not see (a hand of its own)."""
        return seat in self.curtain.hiding()  # worked out once per change of the game

    # ---- the conversation: questions as data, each asked of one seat (desktop/model/talks.py) ---
    # `by` left out: a choice at the shared screen, by the seat looking. `asker`: a front end
    # that answers at once (desktop/model/answering.py); without one the talk stays open.

    def open_questions(self, seat: str | None) -> list[Asked]:
        """The questions `seat` may answer now (None: whoever is at the table): its own and the table's."""
        return self.talks.questions(seat)

    def every_question(self) -> list[Asked]:
        return self.talks.every_question()

    def screen_questions(self) -> list[Asked]:
        """The questions the shared screen shows: none of a seat answered elsewhere, nor opened there."""
        return self.talks.on_screen(self.viewer)

    def question(self, talk_id: int) -> Asked | None:
        """The question a talk asks now; None once it is over."""
        return self.talks.question(talk_id)

    def outcome(self, talk_id: int) -> bool | None:
        """None while the talk is open; then True when its move was made, False when not."""
        return self.talks.outcome(talk_id)

    def answer(self, seat: str | None, question_id: int, value) -> bool:
        """`seat` answers one of its open questions; True when the answer was taken. A question
        of another seat, a question no longer open or a value not asked for is refused in words."""
        return self.talks.answer(seat, question_id, value)

    def cancel(self, seat: str | None, question_id: int) -> bool:
        """`seat` leaves its question (Escape): the move is dropped, nothing is done."""
        return self.talks.cancel(seat, question_id)

    def take_offer(self, offer: Offer, asker=None, by_key: bool = False, by=LOOKING) -> bool:
        """An offer chosen at the table by `by`; True when its move is made by the time this returns (nothing
        to ask, or `asker` answered). Chosen for another seat holding something hidden, it is asked of that seat
        (at the shared screen, the screen passes to it first); the table's own offers of whoever is at the
        table. An entry taken by a key (`by_key`) with nothing to ask asks first."""
        return self.talks.offer(offer, asker, by_key, by)

    def take_other(self, offers: list[Offer], asker=None) -> bool:
        """The Turn menu's "Other actions...": the seat looking chooses one, then its questions."""
        return self.talks.other(offers, asker)

    def take_drop(self, card: str, from_zone: str, to_zone: str, asker=None, onto: str | None = None,
                  column: int | None = None) -> bool:
        """The viewer dropped `card` on `to_zone` (`onto` a slot's card, at a track's `column`)."""
        return self.talks.drop(card, from_zone, to_zone, asker, onto, column)

    def take_card(self, card: str, zone: str, asker=None) -> bool:
        """Enter on a card: played (or discarded, when owed) once a question naming it is answered."""
        return self.talks.card(card, zone, asker)

    def choose_app_seat(self, seat: str, played_by_app: bool, asker=None, by=LOOKING, level: str | None = None) -> bool:
        """A person, or the app at `level`, chosen for a seat by `by`; True when done now. Only the seat itself hands
        itself to the app: chosen for another seat (or with nobody looking), it is asked of that seat; a seat with nothing
        hidden is handed over at once; a person again, or another level, is the table's bookkeeping (docs/table.md)."""
        return self.talks.app_seat(seat, played_by_app, asker, by, level)

    # ---- changing --------------------------------------------------------------------------

    def submit(self, action: Action) -> bool:
        """Applies `action` if the rules allow it; otherwise emits `refused` with the reason."""
        try:
            self._apply(action, from_redo=False)
        except RuleError as refusal:
            return self._refuse(refusal)
        return True

    def _refuse(self, refusal) -> bool:  # a sentence, or the RuleError: its sentence, and the rule it cites
        sentence, self.refusal_rule = str(refusal), getattr(refusal, "rule", None)
        self.notices.append(sentence)
        if self.refusals_shown:
            self.refused.emit(sentence)
        return False

    @property
    def read_only(self) -> bool:
        return self.copy_of is not None

    def _copy_refuses(self) -> bool:
        """True, said in words, when this is a read-only copy: asked before any question."""
        return self.copy_of is not None and not self._refuse(READ_ONLY)

    def holds(self, path: Path) -> bool:
        """Whether `path` is the game this session plays (its autosave, or the save it writes)."""
        return saving.holds(self, path)

    def _apply(self, action: Action, from_redo: bool) -> None:
        if self.copy_of is not None:  # every way a move comes in: a person's, a redo, the app's
            raise RuleError(READ_ONLY)
        outcome = self.game.apply(action)  # raises RuleError with the state untouched
        if self.journal is not None:
            try:
                self.journal.record(action, len(self.game.actions))
            except (SaveError, OSError) as problem:
                # The game and its journal must never disagree: take the action back.
                self.game.retract()
                self._version += 1
                self.changed.emit(EVERYTHING)
                raise RuleError(not_written(problem, "the action was not taken")) from None
        # The stack moves before `changed`: what Undo and Redo say is read on `changed`.
        self.undo_stack.taken(action, outcome.reveals, from_redo, by_app=self.apps.moving)
        private = self.viewer is not None and any(entry.seat == self.viewer for entry in outcome.log)
        self._after_change(outcome.changes, private_news=private)

    def _undo_text(self, action: Action) -> str:
        # Worded from the public view: the undo text stays on screen after the viewer leaves.
        return self.ruleset.describe(action, self.curtain.public_view())  # shared with `has_secrets`

    def _undo_one(self) -> ChangeSet | None:
        """Undoes the last action, its journal line first; None (and `refused`) when the game
        cannot undo it or the line cannot be written: then nothing was undone anywhere."""
        if self._copy_refuses():
            return None
        if not self.game.can_undo():
            self._refuse("Nothing can be undone: a card was seen since.")
            return None
        if self.journal is not None:
            try:
                self.journal.record_undo()
            except (SaveError, OSError) as problem:
                self._refuse(not_written(problem, "nothing was undone"))
                return None
        return self.game.undo_with_changes()[1]

    def _redo_one(self, action: Action, by_app: bool = False) -> bool:
        """Applies an undone action again, through the same path as a new one."""
        index = len(self.game.actions)
        if by_app:
            self.log.by_the_app(index)  # still the app's move, marked so in the log
        try:
            self._apply(action, from_redo=True)
        except RuleError as refusal:
            self.log.forget_after(index)
            return self._refuse(refusal)
        return True

    def _after_change(self, changes: ChangeSet, private_news: bool = False) -> None:
        self._version += 1
        self.log.forget_after(len(self.game.actions))  # an undo took back moves of the app's
        self.talks.after_change()  # open questions kept to what the rules still allow
        if self.curtain.after_change(changes, private_news):
            self.apps.schedule()

    def changed_everything(self) -> None:
        """Something outside the game changed what every view shows (who the app plays)."""
        self._version += 1
        self.changed.emit(EVERYTHING)

    # ---- undo and redo for the seat looking (desktop/model/undo_stack.py) ----------------------

    def undo_says(self) -> str:
        return self.undo_stack.undo_says()

    def redo_says(self) -> str:
        return self.undo_stack.redo_says()

    # ---- who is looking (desktop/model/curtain.py) -------------------------------------------

    def alone(self) -> str | None:
        """The one seat played by a person, when there is no one to hide its hand from."""
        return self.curtain.alone()

    def sync_viewer(self) -> bool:
        """Asks for the curtain if the seat that must look is not the one looking; True if so."""
        return self.curtain.sync()

    def finish_handover(self) -> None:
        """The viewer has seen their news: pass the screen on."""
        self.curtain.finish_handover()

    def request_viewer(self, seat: str) -> None:
        """Hides every hand and asks for the screen to be passed to `seat`."""
        self.curtain.request(seat)

    def confirm_viewer(self) -> None:
        """The player asked for is alone at the screen: show their hand."""
        self.curtain.confirm()

    def hide_hands(self, by_person: bool = False) -> None:
        """Nobody looks now (`by_person`: a person asked, Hide hands)."""
        self.curtain.hide(by_person)

    # ---- seats played by the app (desktop/model/app_seats.py) --------------------------------

    def set_app_seat(self, seat: str, played_by_app: bool, seed: int | None = None, level: str | None = None) -> None:
        """Marks a seat as played by the app at `level` (None: standard), or by a person again."""
        self.apps.set(seat, played_by_app, seed, level)

    def set_remote_seat(self, seat: str, on: bool) -> None:
        """`seat` is answered on its own front end (a phone): the screen never shows its hand (model/curtain.py)."""
        self.curtain.set_elsewhere(seat, on)

    def app_seat_levels(self) -> dict[str, str]:
        """Who the app plays and at what level, as save files and autosaves keep it."""
        return self.apps.levels()

    # ---- saving (desktop/model/saving.py) -----------------------------------------------------

    def save(self, path: Path, wait: bool = False) -> None:
        """Writes a save file; the disk work runs off the UI thread unless `wait`."""
        saving.save(self, path, wait)

    def close(self) -> None:
        self.apps.stop()  # and a decision of the app's still in flight is dropped
        saving.release(self)
