"""The game session: the one way the GUI changes a game.

Widgets hand it actions; it asks the engine, journals what was accepted, keeps the QUndoStack in
step with the engine's undo window, and says what changed through `changed(ChangeSet)`. A
refusal comes back as the `refused` signal carrying the engine's sentence.

It also owns who is looking at the screen (`viewer`). The ruleset's stages say who must act;
when the one seat that must act with hidden cards changes, the viewer becomes None (nobody's
hand is shown) and `curtainRequested` asks the window to cover the table until that player
confirms they alone are looking. Seats planning at once are a queue: the curtain goes to each
in turn as the one before has planned. Seats played by the app act through the same `submit`.
"""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from desktop.bots import RandomBot
from desktop.engine import Action, Game, RuleError
from desktop.engine.changes import EVERYTHING, ChangeSet
from desktop.engine.presentation import Stage, Table, View, looker, planners, responders
from desktop.engine.prompts import Offer, Prompt
from desktop.engine.views import cards_named
from desktop.model import taking
from desktop.model.app_moves import bots_ready, next_move
from desktop.model.authority import for_the_table, redo_span, undo_span
from desktop.model.conversation import Answer, Asked, Conversation, Talk
from desktop.model.drop_targets import drop_targets, landing_column
from desktop.model.game_log import LogReader
from desktop.model.offering import declared_kinds, offers_for
from desktop.model.undo_stack import ActionCommand, SessionStack
from desktop.storage import SaveError, save_bytes
from desktop.storage.appseats import STANDARD
from desktop.storage.durable import write_atomic
from desktop.storage.journal import Journal

BOT_LOADING_MS = 50  # how soon a bot that was still loading (`Ruleset.bot`'s ready) is asked again
BOT_RETRY_MS = 1000  # how soon the app tries a move again after its line could not be autosaved
# The refusal of every move in a read-only copy (docs/table.md, "A read-only copy").
READ_ONLY = "This is a read-only copy: the game is open in another window."
LOOKING = object()  # a choice made at the shared screen: by the seat looking at it
OUTCOMES_KEPT = 64  # how many finished talks' outcomes are kept for the front ends to read


class GameSession(QObject):
    changed = Signal(object)  # a ChangeSet: what to re-read from view() and table()
    refused = Signal(str)  # an action was refused; the sentence says which rule
    curtainRequested = Signal(str)  # this seat must look next: cover the table until confirmed
    handoverRequested = Signal(str)  # the viewer just got private news: pass to this seat when seen
    questionsChanged = Signal()  # a question opened, was answered or closed: front ends read them again
    saved = Signal(str)  # a save finished: the path
    saveFailed = Signal(str)

    BOT_PAUSE_MS = 700  # long enough for people to follow what the app's seats do

    def __init__(self, game: Game, journal: Journal | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.game = game
        self.journal = journal
        self.save_path: Path | None = None
        # The file of a game open in another window, of which this is a read-only copy: nothing
        # is played here (every move, undo and app move is refused), so nothing is ever lost.
        self.copy_of: Path | None = None
        self.name = ""
        self.viewer: str | None = None
        self.pending_viewer: str | None = None
        self.undo_stack = SessionStack(self)
        self.notices: list[str] = []  # refusals shown in the log, never part of the game
        self.app_seats: dict[str, object] = {}  # seat -> its bot (the system's, or RandomBot)
        self._offers: tuple | None = None  # (version, viewer, app seats) and the offers then
        self.bot_pause_ms = self.BOT_PAUSE_MS
        self._app_moving = False  # a seat the app plays is taking the action being applied
        self._bot_waits_for_room = False  # the app's last move could not be autosaved: it tries again
        self._bot_timer = QTimer(self)
        self._bot_timer.setSingleShot(True)
        self._bot_timer.timeout.connect(self._bot_step)
        self._cache: tuple[tuple, View, Table] | None = None
        self._legal: tuple[int, tuple[Action, ...]] | None = None  # (version, every legal action)
        self.handover: str | None = None  # the seat the screen goes to once the viewer has seen
        self.conversation = Conversation(lambda seat: self.game.view(None).seat_name(seat))
        self._outcomes: dict[int, bool] = {}  # talk id -> whether its move was made, once over
        self.curtain_when_alone = False  # one person against the app: no one to hide from
        # The person hid the hands (Hide hands): alone against the app, their hand stays hidden
        # until they look again (their turn, "Show my hand"), not brought back by the app's moves.
        self.kept_hidden = False
        self._version = 0  # bumps on every change, so the cached view is never stale
        self.log = LogReader(self)  # the lines each viewer may read, the app's moves marked
        # A game reopened from its file can still undo what its engine can (back to the last
        # draw or reveal): the stack gets an entry for each of those actions.
        view = game.view(None)
        for action in game.actions[game.undo_floor:]:
            self.undo_stack.push(ActionCommand(self, action, self.ruleset.describe(action, view)))

    # ---- reading ---------------------------------------------------------------------------

    @property
    def ruleset(self):
        return self.game.ruleset

    def _read(self) -> tuple[View, Table]:
        key = (self._version, self.viewer)
        if self._cache is None or self._cache[0] != key:
            view = self.game.view(self.viewer)
            self._cache = (key, view, self.ruleset.table(view))
        return self._cache[1], self._cache[2]

    def view(self) -> View:
        return self._read()[0]

    def table(self) -> Table:
        return self._read()[1]

    def legal_actions(self) -> tuple[Action, ...]:
        """Every seat's legal actions now, worked out once per change of the game: the offers,
        the window's refresh and a system's panels all read them at each action."""
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
        """The entries to show: actions of every person's seat, grouped by kind, leaving out any
        that names a card the viewer cannot see (listing it would tell what a hand holds).
        Worked out once per change, viewer and set of app seats: the window and a system's own
        panels each read them at every action."""
        key = (self._version, self.viewer, tuple(self.app_seats))
        if self._offers is None or self._offers[0] != key:
            self._offers = (key, self._grouped_offers())
        return list(self._offers[1])

    def _grouped_offers(self) -> list[Offer]:
        people = [action for action in self.legal_actions() if action.player not in self.app_seats]
        return self._as_offers(people, lambda kind, members, view: self.ruleset.offer_label(kind, members, view))

    def other_offers(self) -> list[Offer]:
        """What the seat looking may also do that the legal list leaves out (the ruleset's
        unlisted actions), grouped as offers: for the Turn menu's "Other actions...", worked out
        when asked, each named by its kind's title. None while nobody looks, or for a seat the
        app plays."""
        if self.viewer is None or self.viewer in self.app_seats:
            return []
        return self._as_offers(
            self.game.unlisted_actions(self.viewer),
            lambda kind, members, view: getattr(type(members[0]), "title", "") or self.ruleset.offer_label(kind, members, view),
        )

    def _as_offers(self, actions, label) -> list[Offer]:
        return offers_for(actions, self.game.state.cards, self.view(), label, declared_kinds(self.ruleset.action_type))

    def offers_of(self, seat: str) -> list[Offer]:
        """What `seat` may choose now, as it sees the table: its own offers and the table's, in
        its own words (a front end of that seat reads these; the shared screen reads `offers`)."""
        view = self.view() if seat == self.viewer else self.game.view(seat)
        mine = [action for action in self.legal_actions() if action.player == seat or for_the_table(action)]
        return offers_for(mine, self.game.state.cards, view,
                          lambda kind, members, seen: self.ruleset.offer_label(kind, members, seen),
                          declared_kinds(self.ruleset.action_type))

    def prompt(self, offer: Offer, seat=LOOKING) -> Prompt:
        """The questions of `offer`, worded as `seat` sees the table (left out: the seat looking)."""
        view = self.view() if seat is LOOKING or seat == self.viewer else self.game.view(seat)
        return Prompt(
            offer,
            labels=lambda ask, value: self.ruleset.value_label(ask, value, view),
            wording=lambda ask, action: self.ruleset.question(ask, action, view),
        )

    def label(self, action: Action) -> str:
        return self.ruleset.describe(action, self.view())

    # ---- moving cards ------------------------------------------------------------------------

    def drops(self, card: str, from_zone: str, to_zone: str) -> list[Action]:
        """The legal completions of the viewer dragging `card` from `from_zone` onto `to_zone`;
        an empty list (and a `refused` signal with the reason) when there are none."""
        if self.viewer is None:
            self._refuse("Only the player looking at their own hand can move its cards.")
            return []
        try:
            found = self.ruleset.drops(self.game.state, self.viewer, card, from_zone, to_zone)
        except RuleError as refusal:
            self._refuse(str(refusal))
            return []
        if not found:
            self._refuse("That card cannot go there now.")
        return found

    def drop_targets(self, card: str, from_zone: str) -> tuple[set[str], dict[str, set[int]]]:
        """Where the viewer may drop `card` now, to light while dragging: the zones, and the
        columns of a track's rows (desktop/model/drop_targets.py). None in a read-only copy."""
        if self.viewer is None or self.copy_of is not None:
            return set(), {}
        return drop_targets(self.game, self.table(), self.viewer, card, from_zone)

    def card_actions(self, card: str, from_zone: str) -> list[Action]:
        """What pressing Enter on a card means: the legal actions of the viewer that name it
        (an owed discard, its plays); with none, the refusal of playing it."""
        if self.viewer is None:
            self._refuse("Only the player looking at their own hand can move its cards.")
            return []
        found = [
            action
            for action in self.game.legal_actions(self.viewer)
            if card in cards_named(action, self.game.state.cards) and not getattr(type(action), "aside", False)
        ]
        if found:
            return found
        play = next((spec.zone for spec in self.table().zones if spec.role == "play"), None)
        return self.drops(card, from_zone, play) if play else []

    def has_secrets(self, seat: str) -> bool:
        """Whether `seat` holds anything the others may not see (a hand of its own)."""
        return any(zone.owner == seat and zone.visibility == "owner" for zone in self.game.view(None).zones.values())

    # ---- the conversation: questions as data, each asked of one seat --------------------------
    # A choice becomes a talk (desktop/model/taking.py says whom it is asked of and what first);
    # its questions are data any front end reads and answers (desktop/model/conversation.py):
    # `open_questions(seat)`, `answer(seat, id, value)`, `cancel(seat, id)`. Choosing at the
    # shared screen (`by` left to the seat looking) also moves the curtain where a seat must look.
    # `asker`: a front end that answers at once (desktop/model/answering.py); without one, the
    # talk stays open for whichever front end answers it (`questionsChanged`).

    def open_questions(self, seat: str | None) -> list[Asked]:
        """The questions `seat` may answer now (None: whoever is at the table): its own and the
        table's, oldest first."""
        return self.conversation.questions(seat)

    def every_question(self) -> list[Asked]:
        return self.conversation.questions(everyone=True)

    def question(self, talk_id: int) -> Asked | None:
        """The question a talk asks now; None once it is over."""
        return self.conversation.current(talk_id)

    def outcome(self, talk_id: int) -> bool | None:
        """None while the talk is open; then True when its move was made, False when not."""
        return self._outcomes.get(talk_id)

    def answer(self, seat: str | None, question_id: int, value) -> bool:
        """`seat` answers one of its open questions; True when the answer was taken. A question
        of another seat, a question no longer open or a value not asked for is refused in words."""
        return self._answered(self.conversation.answer(seat, question_id, value), question_id)

    def cancel(self, seat: str | None, question_id: int) -> bool:
        """`seat` leaves its question (Escape): the move is dropped, nothing is done."""
        return self._answered(self.conversation.cancel(seat, question_id), question_id)

    def _answered(self, result: Answer, question_id: int) -> bool:
        if result.refusal:
            return self._refuse(result.refusal)
        if result.finished:
            self._done(result.talk, result.done)
        self.questionsChanged.emit()
        return True

    def take_offer(self, offer: Offer, asker=None, by_key: bool = False, by=LOOKING) -> bool:
        """An offer chosen at the table by `by` (left out: the seat looking, at the shared screen).
        True when its move is made by the time this returns (nothing to ask, or `asker` answered).
        A seat's decision is that seat's: chosen for another seat holding something hidden, it
        is asked of that seat (at the shared screen, the screen passes to it first). The table's
        own offers (no seat) are asked of whoever is at the table."""
        if self._copy_refuses():
            return False
        shared = by is LOOKING
        if shared:
            seat = offer.seat
            if seat is not None and seat == self.alone() and seat != self.viewer:
                self.request_viewer(seat)  # the one person against the app: the click is theirs
            by = self.viewer
            if seat is not None and seat != by and seat not in self.app_seats and self.has_secrets(seat):
                self.request_viewer(seat)  # the screen goes to that seat, which is then asked
        talk = taking.for_offer(self, offer, by, by_key)
        if talk is not None:
            talk.shared = shared
        return self._run(talk, asker, by)

    def take_other(self, offers: list[Offer], asker=None) -> bool:
        """The Turn menu's "Other actions...": the seat looking chooses one, then its questions."""
        if self._copy_refuses() or not offers:
            return False
        return self._run(taking.for_other_actions(self, offers, self.viewer), asker, self.viewer)

    def take_drop(self, card: str, from_zone: str, to_zone: str, asker=None, onto: str | None = None,
                  column: int | None = None) -> bool:
        """The viewer dropped `card` on `to_zone`: its questions asked, the action submitted.
        `onto`: the card in the slot it was dropped on (a zone of slots); the completions that
        name that card are the ones meant (a third Display card dropped on the one that goes),
        so that question is answered by the drop. With none naming it, the drop means the zone.
        `column`: the column of a track's row it was dropped on; the completions that put the
        card there are the ones meant (a chosen column, a move along the row). With none putting
        it there, the drop means the row, and the card goes where the rules put it (it snaps to
        its own column); a card moved along its own row to such a column stays where it was."""
        if self._copy_refuses():
            return False
        choices = self.drops(card, from_zone, to_zone)
        if onto is not None:
            meant = [choice for choice in choices if onto in cards_named(choice, self.game.state.cards)]
            choices = meant or choices
        if column is not None and choices:
            meant = [choice for choice in choices if landing_column(self.game, card, to_zone, choice) == column]
            if not meant and from_zone == to_zone:  # moved along its row to a column it may not take
                self._refuse(f"{self.view().card_name(card)} cannot go to column {column} of that row now.")
                return False
            choices = meant or choices
        return bool(choices) and self._run(taking.for_choices(self, choices, self.viewer), asker, self.viewer)

    def take_card(self, card: str, zone: str, asker=None) -> bool:
        """Enter on a card: played (or discarded, when owed) once a question naming it is
        answered, so that a stray key never spends a card."""
        if self._copy_refuses():
            return False
        choices = self.card_actions(card, zone)
        if not choices:
            return False
        preface = f"{self.view().card_name(card)}: go on with this card? (Escape leaves it.)"
        return self._run(taking.for_choices(self, choices, self.viewer, preface), asker, self.viewer)

    def _run(self, talk: Talk | None, asker, by: str | None) -> bool:
        """Opens `talk`: done at once when it asks nothing; else answered by `asker`, if given,
        or left open for a front end."""
        if talk is None:
            return False
        self.conversation.open(talk)
        result = self.conversation.settle(talk)
        if result.finished:
            self._done(talk.id, result.done)
            return result.done
        self.questionsChanged.emit()
        if asker is None:
            return False
        from desktop.model.answering import answer_with

        return answer_with(asker, self, talk.id, by)

    def _screen_changes_hands(self, seat: str | None) -> None:
        """The person at the shared screen leaves it (to `seat`, or to nobody): the talks it was
        answering go with them, but for the questions asked of the seat now called."""
        gone = self.conversation.drop(lambda talk: not talk.shared or (talk.seat is not None and talk.seat == seat))
        if gone:
            self._closed(gone)
            self.questionsChanged.emit()

    def _closed(self, talks) -> None:
        """Talks closed without their move (the game moved past them, the screen changed hands)."""
        for talk in talks:
            self._done(talk.id, False)

    def _done(self, talk_id: int, made: bool) -> None:
        self._outcomes[talk_id] = made
        if len(self._outcomes) > OUTCOMES_KEPT:  # a front end reads an outcome soon after
            del self._outcomes[next(iter(self._outcomes))]

    # ---- changing --------------------------------------------------------------------------

    def submit(self, action: Action) -> bool:
        """Applies `action` if the rules allow it; otherwise emits `refused` with the reason."""
        try:
            self._apply(action, from_redo=False)
        except RuleError as refusal:
            return self._refuse(str(refusal))
        return True

    def _refuse(self, sentence: str) -> bool:
        self.notices.append(sentence)
        self.refused.emit(sentence)
        return False

    @property
    def read_only(self) -> bool:
        return self.copy_of is not None

    def _copy_refuses(self) -> bool:
        """True, said in words, when this is a read-only copy: asked before any question."""
        return self.copy_of is not None and not self._refuse(READ_ONLY)

    def holds(self, path: Path) -> bool:
        """Whether `path` is the game this session plays (its autosave, or the save it writes):
        opening it again here would only offer a copy of itself."""
        mine = [self.save_path, self.journal.path if self.journal is not None else None]
        return any(own is not None and _same_path(own, path) for own in mine)

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
                raise RuleError(_not_written(problem, "the action was not taken")) from None
        if outcome.reveals:
            self.undo_stack.clear()  # a seen card cannot be un-seen
        elif not from_redo:
            self.undo_stack.push(ActionCommand(self, action, self._undo_text(action), by_app=self._app_moving))
        private = self.viewer is not None and any(entry.seat == self.viewer for entry in outcome.log)
        self._after_change(outcome.changes, private_news=private)

    def _undo_text(self, action: Action) -> str:
        # Worded from the public view: the undo text stays on screen after the viewer leaves.
        return self.ruleset.describe(action, self.game.view(None))

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
                self._refuse(_not_written(problem, "nothing was undone"))
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
            return self._refuse(str(refusal))
        return True

    # ---- undo and redo: a seat takes back only its own move (desktop/model/authority.py) -------

    def _open_seat(self, seat: str) -> bool:
        """A seat with nothing hidden: whoever is at the screen answers for it (no curtain)."""
        return not self.has_secrets(seat)

    def _by_app(self, command) -> bool:
        return command.by_app or command.action.player in self.app_seats

    def undo_count(self) -> int:
        """How many of the last actions Undo takes back for the seat looking: its own last move
        (or the table's own entry), with the app's moves after it. 0, and a refusal in words,
        when the last person's move is another seat's."""
        if self._copy_refuses():
            return 0
        count, seat = self._undo_span()
        if not count:
            self._refuse(self._only_yours("Undo takes back", "last", seat))
        return count

    def _undo_span(self) -> tuple[int, str | None]:
        stack = self.undo_stack
        within = min(stack.index(), len(self.game.actions) - self.game.undo_floor)
        moves = ((stack.command(i).action, self._by_app(stack.command(i)))
                 for i in range(stack.index() - 1, stack.index() - 1 - within, -1))
        return undo_span(moves, self.viewer, self._open_seat)

    def _redo_span(self) -> tuple[int, str | None]:
        stack = self.undo_stack
        moves = [(stack.command(i).action, self._by_app(stack.command(i))) for i in range(stack.index(), stack.count())]
        return redo_span(moves, self.viewer, self._open_seat)

    def undo_says(self) -> str:
        """What Undo would do now for the seat looking, in words for its button's tooltip and its
        menu entry: the move it takes back (with the app's moves after it), or why it takes back
        nothing. The same answer as `undo_count`, refusing nothing."""
        stack = self.undo_stack
        if not stack.canUndo():
            return "Nothing to undo"
        if self.read_only:
            return "Undo: nothing is played in a read-only copy"
        count, seat = self._undo_span()
        if count:
            return self._takes("Undo", stack.command(stack.index() - count), count - 1, "after")
        return self._cannot("Undo", "take back", "last", seat)

    def redo_says(self) -> str:
        """What Redo would do now for the seat looking, in words (as `undo_says`)."""
        stack = self.undo_stack
        if not stack.canRedo():
            return "Nothing to redo"
        if self.read_only:
            return "Redo: nothing is played in a read-only copy"
        count, seat = self._redo_span()
        if count:
            return self._takes("Redo", stack.command(stack.index()), count - 1, "that followed")
        return self._cannot("Redo", "bring back", "next", seat)

    @staticmethod
    def _takes(verb: str, command, app_moves: int, where: str) -> str:
        text = f"{verb}: {getattr(command, 'full_text', '') or command.text()}"
        if app_moves:
            text += f", with the app's {app_moves} move{'s' if app_moves > 1 else ''} {where} it"
        return text

    def _cannot(self, verb: str, what: str, which: str, seat: str | None) -> str:
        if seat is None:
            return f"Nothing to {verb.lower()}"
        whose = self.view().seat_name(seat) + "'s"  # the view the window reads anyway (cached)
        if seat in self.app_seats:
            whose += ", played by the app"
        if self.viewer is None:
            return f"{verb}: nobody is looking (the {which} move is {whose}): show your hand first"
        return f"{verb}: nothing of yours to {what} (the {which} move is {whose})"

    def redo_count(self) -> int:
        """How many undone actions Redo brings back for the seat looking: its own move, with the
        app's moves that followed it; 0, and a refusal, when the next one is another seat's."""
        if self._copy_refuses():
            return 0
        count, seat = self._redo_span()
        if not count:
            self._refuse(self._only_yours("Redo brings back", "next", seat))
        return count

    def _only_yours(self, verb: str, which: str, seat: str | None) -> str:
        if seat is None:
            return f"{verb.split()[0]}: there is nothing to take back."
        whose = self.game.view(None).seat_name(seat) + "'s"
        if seat in self.app_seats:
            whose += ", played by the app"
        if self.viewer is None:
            return (f"Nobody is looking: {verb[0].lower() + verb[1:]} only the move of the player looking, and the "
                    f"{which} one is {whose}. Show your hand first.")
        return f"{verb} only your own move: the {which} one is {whose}."

    def _after_change(self, changes: ChangeSet, private_news: bool = False) -> None:
        self._version += 1
        self.log.forget_after(len(self.game.actions))  # an undo took back moves of the app's
        if self.conversation:  # open questions kept to what the rules still allow
            self._closed(self.conversation.revise(self.legal_actions()))
            self.questionsChanged.emit()
        self.handover = None
        next_seat = self._next_looker()
        if private_news and next_seat is not None:
            # The viewer drew (or was told) something: they see it before the screen passes.
            self.handover = next_seat
            self.changed.emit(changes)
            self.handoverRequested.emit(next_seat)
            return
        if not self.sync_viewer():
            self.changed.emit(changes)
        self._schedule_bots()

    def _next_looker(self) -> str | None:
        """The seat the screen must pass to now, if it must pass."""
        stages = self.stages()
        focus = looker(stages)
        if focus is None:
            # Several seats plan at once: the screen stays with a planner looking until its
            # plan is made, then passes to the first one still planning (the app's plan alone).
            queue = [seat for seat in planners(stages) if seat not in self.app_seats]
            if not queue or self.viewer in queue or self.pending_viewer in queue:
                return None
            focus = queue[0]
        if focus in self.app_seats or focus in (self.viewer, self.pending_viewer):
            return None
        return focus

    def sync_viewer(self) -> bool:
        """Asks for the curtain if the seat that must look is not the one looking; True if so.
        One person alone against the app is the one looking whoever's turn it is (from a game's
        start or reopening on a seat the app plays), unless they hid their hand themselves."""
        if self.handover is not None:
            return False
        focus = self._next_looker()
        if focus is None and self.viewer is None and self.pending_viewer is None and not self.kept_hidden:
            focus = self.alone()  # nobody to hide from: their hand is shown, no click asked
        if focus is None:
            return False
        self.request_viewer(focus)
        return True

    def finish_handover(self) -> None:
        """The viewer has seen their news: pass the screen on."""
        self.handover = None
        if not self.sync_viewer():
            self.changed.emit(EVERYTHING)
        self._schedule_bots()

    # ---- who is looking --------------------------------------------------------------------

    def alone(self) -> str | None:
        """The one seat played by a person, when every other is the app's and the curtain is not
        wanted: there is no one to hide its hand from."""
        people = [seat for seat in self.game.state.seat_ids() if seat not in self.app_seats]
        return people[0] if len(people) == 1 and not self.curtain_when_alone else None

    def request_viewer(self, seat: str) -> None:
        """Hides every hand and asks for the screen to be passed to `seat`."""
        self.handover = None
        self.kept_hidden = False
        self._screen_changes_hands(seat)
        if seat == self.alone():
            self.viewer, self.pending_viewer = seat, None
            self.changed.emit(EVERYTHING)
            self._schedule_bots()
            return
        self.viewer = None
        self.pending_viewer = seat
        self.changed.emit(EVERYTHING)
        self.curtainRequested.emit(seat)

    def confirm_viewer(self) -> None:
        """The player asked for is alone at the screen: show their hand."""
        if self.pending_viewer is not None:
            self.viewer = self.pending_viewer
            self.pending_viewer = None
            self.changed.emit(EVERYTHING)
            self._schedule_bots()

    def hide_hands(self, by_person: bool = False) -> None:
        """Nobody looks now. A hand-over that waited for the looker to pass the screen has
        nobody to wait for: the screen goes to the seat it named (behind the curtain).
        `by_person`: a person asked (Hide hands), so one person alone against the app keeps
        their hand hidden until they look again; otherwise (a game about to be shown, a seat
        handed to the app) the screen is worked out afresh by `sync_viewer`."""
        self.kept_hidden = by_person
        handing = self.handover is not None
        self.handover = None
        self.viewer = None
        self.pending_viewer = None
        self._screen_changes_hands(None)
        self.changed.emit(EVERYTHING)
        if handing and not self.sync_viewer():
            self._schedule_bots()

    # ---- seats played by the app -------------------------------------------------------------

    def set_app_seat(self, seat: str, played_by_app: bool, seed: int | None = None) -> None:
        """Marks a seat as played by the app (or by a person again), in the autosave first: a
        reopened game keeps who the app plays. If that line cannot be written, nothing changes."""
        if not self._journal_app_seat(seat, played_by_app):
            return
        if played_by_app:
            self.app_seats[seat] = self.ruleset.bot(seed) or RandomBot(seed)
            if gone := self.conversation.drop(lambda talk: talk.seat != seat):
                self._closed(gone)  # the app answers nothing: it moves for the seat
                self.questionsChanged.emit()
            if self.viewer == seat or self.pending_viewer == seat:
                self.hide_hands()  # an app seat's hand is never shown
        else:
            self.app_seats.pop(seat, None)
        self._version += 1
        self.changed.emit(EVERYTHING)
        if not self.sync_viewer():
            self._schedule_bots()

    def app_seat_levels(self) -> dict[str, str]:
        """Who the app plays and at what setting, as save files and autosaves keep it."""
        return dict.fromkeys(self.app_seats, STANDARD)

    def _journal_app_seat(self, seat: str, played_by_app: bool) -> bool:
        if self.journal is None:
            return True
        try:
            self.journal.record_seat(seat, STANDARD if played_by_app else None)
        except SaveError as problem:
            self._refuse(_not_written(problem, "who plays that seat did not change"))
            self.changed.emit(EVERYTHING)  # the seat's box shows it as it still is
            return False
        return True

    def choose_app_seat(self, seat: str, played_by_app: bool, asker=None, by=LOOKING) -> bool:
        """"Played by the app" ticked or unticked at the table by `by` (left out: the seat
        looking, at the shared screen); True when done now. Only the seat itself hands itself
        to the app: ticked by that seat, it is done; ticked for another seat (or with nobody
        looking), it is asked of that seat (at the shared screen, once the screen has passed to
        it). A seat with nothing hidden has no screen to pass to and is handed over at once.
        Taking a seat back from the app (unticking) is the table's own bookkeeping: a person
        plays it again, looking behind the curtain (docs/table.md). `set_app_seat` is the
        unconditional change, for a game's setup and its reopening."""
        if self._copy_refuses():  # the box goes back by itself (desktop/ui/seats.py)
            return False
        if not played_by_app or seat in self.app_seats:
            if not played_by_app and seat in self.app_seats:
                self.set_app_seat(seat, False)
            return True
        shared = by is LOOKING
        by = self.viewer if shared else by
        if seat in (by, self.alone() if shared else None) or not self.has_secrets(seat):
            self.set_app_seat(seat, True)
            return True
        if shared:
            self.request_viewer(seat)
        talk = taking.for_app_seat(self, seat, by)
        talk.shared = shared
        return self._run(talk, asker, by)

    def _schedule_bots(self) -> None:
        waiting = self.pending_viewer is not None or self.handover is not None
        if self.copy_of is not None:
            return  # the app plays its seats in the window that has the game, not in a copy
        if self.app_seats and not waiting and not self._bot_timer.isActive():
            self._bot_timer.start(self.bot_pause_ms)

    def _bot_step(self) -> None:
        if self.pending_viewer is not None or self.handover is not None:
            return  # the screen is being passed: wait for the person behind the curtain
        if not bots_ready(self.app_seats.values()):
            self._bot_timer.start(BOT_LOADING_MS)  # a bot still loading off the UI thread
            return
        turn = next_move(self.game, self.stages(), self.app_seats)
        if turn is not None:
            index = len(self.game.actions)
            self.log.by_the_app(index)  # before submit: the log is read while it is applied
            self._app_moving = True
            try:
                taken = self._bot_submit(turn[1])
            finally:
                self._app_moving = False
            if not taken:
                self.log.forget_after(index)

    def _bot_submit(self, action: Action) -> bool:
        """The app's move, submitted. When its line could not be autosaved for want of room (a
        full disk), the app tries again shortly, so that it goes on by itself once there is
        room; the log says so once, not at every try."""
        try:
            self._apply(action, from_redo=False)
        except RuleError as refusal:
            waiting = self.journal is not None and self.journal.failed
            if not (waiting and self._bot_waits_for_room):
                self._refuse(str(refusal))
            self._bot_waits_for_room = waiting
            if waiting:
                self._bot_timer.start(BOT_RETRY_MS)
            return False
        self._bot_waits_for_room = False
        return True

    # ---- saving ----------------------------------------------------------------------------

    def save(self, path: Path, wait: bool = False) -> None:
        """Writes a save file; the disk work runs off the UI thread unless `wait`."""
        path = Path(path)
        # A copy saved is a new game, named by its own file (the original keeps its name). A game
        # with no name of its own takes its file's the first time it is saved, so that the window
        # and anything reopening that file call it the same ("friday", not its players' names).
        name = path.stem if self.copy_of is not None else (self.name or path.stem)
        data = save_bytes(self.game, name, self.app_seat_levels())
        lock = None
        if self.save_path is None or path.resolve() != Path(self.save_path).resolve():
            # Saving as another file: a game another window has open there is not written over.
            from desktop.storage.lock import GameLock

            try:
                lock = GameLock.take(path)
            except SaveError as refusal:
                self.saveFailed.emit(str(refusal))
                return

        def work() -> None:
            try:
                write_atomic(path, data)
            except OSError as problem:
                if lock is not None:
                    lock.release()
                self.saveFailed.emit(
                    str(SaveError(f"The game could not be saved to {path}: {problem.strerror or problem}."))
                )
                return
            if lock is not None and self.copy_of is not None:
                # A copy saved as a game of its own: the window opens that file for real next.
                lock.release()
                self.saved.emit(str(path))
                return
            if lock is not None:  # this window writes that file from now on: it keeps it locked
                if self.journal is not None:
                    self.journal.hold(lock)
                else:
                    self._save_lock = lock
            self.save_path = path
            self.name = name
            self.saved.emit(str(path))

        if wait:
            work()
        else:
            threading.Thread(target=work, name="actiondeck-save", daemon=False).start()

    def close(self) -> None:
        self._bot_timer.stop()
        if self.journal is not None:
            self.journal.close()
        lock = getattr(self, "_save_lock", None)
        if lock is not None:
            lock.release()


def _same_path(one: Path, other: Path) -> bool:
    try:
        return Path(one).resolve() == Path(other).resolve()
    except (OSError, RuntimeError):  # a loop of links: the names as given
        return Path(one).absolute() == Path(other).absolute()


def _not_written(problem: Exception, so: str) -> str:
    """One sentence for a journal line that could not be written, and what that meant."""
    if isinstance(problem, SaveError):
        return f"{str(problem).rstrip('.')}, so {so} and nothing is lost; try again when the disk has room."
    return f"The game could not be autosaved ({problem}), so {so}."
