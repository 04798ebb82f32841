"""A front end with no widgets: every seat a person who plays through the model alone.

Each seat reads what it may choose (`session.offers_of(seat)`), chooses an offer as that seat
(`take_offer(offer, by=seat)`), and answers the questions the model then holds open for it as
data (`open_questions`, `answer`), never through a dialog. Where the rules let several seats act
at once (seats planning together, an answer window several seats may answer) each of them opens
its move before any answers, and their questions are answered in a drawn order, one question at
a time across seats.

What a seat wants is its bot's choice (the system's bot, as the app's seats play), so that the
games go where the app's own games go, to their end; the front end then *reaches* that action
through the conversation, answering each question with the value the action holds. The moves are
recorded (`Move`: whose, which entry, what came of it) so that the same moves can be made through
the window (tests/ui/test_window_plays_as_headless.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from desktop.bots import RandomBot
from desktop.engine import Action
from desktop.engine.actions import moves_on
from desktop.model import counts
from desktop.model.app_moves import next_move
from desktop.model.conversation import WHICH_KIND

CAP = 1_500  # moves: a game still going after this many is not ended
PLAYS_ON = 60  # moves before the seats may choose to end the game, where its players choose the end


@dataclass
class Move:
    seat: str  # who chose it
    offer_seat: str | None  # whose entry (None: the table's own)
    kind: str
    action: Action  # what the move made, as the game recorded it


def wanted_value(asked, target: Action):
    """The answer to `asked` that makes `target`: its value for the question's field (a preface
    is a Yes). None when no option holds it (the rules no longer allow it)."""
    if asked.preface:
        return True
    if asked.text == WHICH_KIND:
        return None
    value = getattr(target, asked.ask.field)
    if asked.kind in ("seat", "card", "choice"):
        return value if any(option.value == value for option in asked.options) else None
    return value


class PlaysOn:
    """A seat's bot that leaves the end of the game ("End the session") to later: the players
    play `PLAYS_ON` moves first, unless there is nothing else to do."""

    def __init__(self, bot, game) -> None:
        self.bot, self.game = bot, game

    def choose(self, legal, view):
        onward = [action for action in legal if not getattr(type(action), "ends", False)]
        if onward and len(self.game.actions) < PLAYS_ON:
            return self.bot.choose(onward, view)
        return self.bot.choose(legal, view)


def holds(offer, target: Action) -> bool:
    """Whether choosing `offer` can make `target`: one of its choices is `target` but for the
    values the questions fill in freely (a number, a text, an order)."""
    if offer.kind != target.type:
        return False
    free = {ask.field for ask in offer.asks if ask.kind not in ("seat", "card", "choice", "confirm")}
    return any(all(getattr(choice, name) == getattr(target, name) for name in choice.__struct_fields__
                   if name not in free) for choice in offer.choices)


class Headless:
    """Plays a session's every seat through the model's conversation (see the module)."""

    def __init__(self, session, seed: int) -> None:
        self.session = session
        self.rng = random.Random(seed)
        ruleset = session.ruleset
        self.bots = {seat: PlaysOn(ruleset.bot(n) or RandomBot(n), session.game)
                     for n, seat in enumerate(session.game.state.seat_ids())}
        self.moves: list[Move] = []
        self.at_once = 0  # how many times several seats had questions open together

    def play(self, cap: int = CAP) -> str:
        """Moves until the system says the game is over; its sentence."""
        game = self.session.game
        while (ended := game.ruleset.finished(game.state)) is None:
            assert len(game.actions) < cap, "the game did not end"
            intents = self.intents()
            assert intents, f"nobody can move: {self.session.stages()}"
            self.make(intents)
        return ended

    def intents(self) -> list[tuple[str, Action]]:
        """What the seats that may act now want: the first move the app would make for the table
        (`next_move`, every seat a bot), and the choice of every other seat planning or
        answering at once."""
        game, stages = self.session.game, self.session.stages()
        first = next_move(game, stages, self.bots)
        wanted = [first] if first is not None else []
        for stage in stages:
            if stage.kind not in ("plan", "respond") or any(seat == stage.seat for seat, _ in wanted):
                continue
            legal = [action for action in game.legal_actions(stage.seat)
                     if moves_on(action) and not getattr(type(action), "ends", False)]
            choice = self.bots[stage.seat].choose(legal, game.view(stage.seat)) if legal else None
            if choice is not None:
                wanted.append((stage.seat, choice))
        return wanted

    def make(self, intents: list[tuple[str, Action]]) -> None:
        """Opens every seat's move, then answers their questions, one at a time in a drawn order."""
        session = self.session
        talks = []
        for number, (seat, target) in enumerate(intents):
            offer = next((offer for offer in session.offers_of(seat) if holds(offer, target)), None)
            if offer is None:  # a move made at once before it changed what this seat may do
                assert number, f"{seat} is offered no entry holding {target}"
                continue
            known = {asked.talk for asked in session.every_question()}
            made = len(session.game.actions)
            if session.take_offer(offer, by=seat):
                self._record(seat, offer, made)
                continue
            opened = [asked.talk for asked in session.every_question() if asked.talk not in known]
            if opened:
                talks.append((seat, opened[0], offer, target))
        if len(talks) > 1:
            self.at_once += 1
        while talks:
            entry = self.rng.choice(talks)
            seat, talk, offer, target = entry
            asked = session.question(talk)
            if asked is None:  # over: made, or closed when the game moved past it
                talks.remove(entry)
                continue
            assert asked.seat in (seat, None), f"{seat}'s move asked {asked.seat}"
            value = wanted_value(asked, target)
            made = len(session.game.actions)
            if value is None or not session.answer(seat, asked.id, value):
                session.cancel(seat, asked.id)  # the seat no longer can: it leaves it
                continue
            if session.outcome(talk) is True:
                self._record(seat, offer, made)

    def _record(self, seat: str, offer, made: int) -> None:
        game = self.session.game
        assert len(game.actions) == made + 1
        self.moves.append(Move(seat, offer.seat, offer.kind, game.actions[-1]))

    def change_counts(self, seat: str, box: str, whose: str, values: dict[str, int]) -> bool:
        """`seat` changes counts from `box`'s "Change counts", as data: the sheet named `whose`
        where it is asked, then `values` over the counts as they stand. True when made."""
        session = self.session
        known = {asked.talk for asked in session.every_question()}
        made = len(session.game.actions)
        counts.take(session, box, by=seat)
        opened = [asked.talk for asked in session.open_questions(seat) if asked.talk not in known]
        if not opened:
            return False
        talk = opened[0]
        while (asked := session.question(talk)) is not None:
            if asked.kind == "counts":
                value = {**asked.initial, **values}
            else:
                value = next((option.value for option in asked.options if option.label == whose), None)
            if value is None or not session.answer(seat, asked.id, value):
                session.cancel(seat, asked.id)
        if session.outcome(talk) is not True:
            return False
        assert len(session.game.actions) == made + 1
        self.moves.append(Move(seat, box, "counts", session.game.actions[-1]))
        return True
