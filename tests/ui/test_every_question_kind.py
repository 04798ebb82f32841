"""Every kind of question every system asks, answered in the real window's question dialog in
every way a person answers it: the field left as the dialog opens it and Return, the wanted value
put in and Return, Enter (the keypad's) or a click on the default button, and Escape.

The moves are a whole game of the system played through the model alone (tests/model/headless.py),
made again through the real window as in tests/ui/test_window_plays_as_headless.py, each seat at
the screen. The first question of each kind (seat, card, choice, number, text, order, subset,
confirm, preface) met in a system is left with Escape: the game must be just as it was, and the
entry is chosen again. The next ones are answered with Return, Enter and a click in turn, then
with the defaults and Return (only where what the dialog opens with is the move's own value, so
that the game goes on as the model played it). More games are played while a kind met lacks a
way. Every move made lands in the game as the model made it, and the journals are
the same.

Where a system's games never want what the dialog opens a kind with (`DEFAULTS_APART`: Future
Imperfect's seat, Price of Power's seat and Yes, Tempo Combat's card and number, Worlds That
Remember's choice), a game set up for it asks that question and a person leaves the dialog as it
opens and presses Return: the move made holds what the dialog opened with, which is the
question's own default."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from table_helpers import window_on

from desktop.engine import Game, GameSetup
from desktop.model import GameSession
from desktop.storage.journal import Journal
from desktop.ui.main_window import MainWindow
from tests.model.headless import wanted_value
from tests.model.test_headless_games import PLAYERS, headless_game, shipped
from tests.ui.test_window_plays_as_headless import (
    armed_question,
    entry_button,
    fill,
    journal_lines,
    look_as,
    send,
)

WAYS = ("escape", "defaults", "return", "enter", "click")
KINDS = ("seat", "card", "choice", "number", "text", "order", "subset", "confirm", "preface")


def kind_of(asked) -> str:
    return "preface" if asked.preface else asked.kind


def default_of(asked):
    """What the dialog holds for `asked` as it opens (question_dialog._body_for): the option
    the question opens at (`initial`) or the first, every option ticked, the options' order, the
    opening number or text, Yes."""
    kind = kind_of(asked)
    if kind in ("preface", "confirm"):
        return True
    if kind in ("seat", "card", "choice"):
        values = [option.value for option in asked.options]
        return asked.initial if asked.initial in values else values[0] if values else None
    if kind == "order":
        return [option.value for option in asked.options]
    if kind == "subset":
        return [option.value for option in asked.options]
    if kind == "number":
        return asked.initial if isinstance(asked.initial, int) else asked.ask.low
    return (asked.initial or "").strip()


def same(one, other) -> bool:
    if isinstance(one, (list, tuple)) and isinstance(other, (list, tuple)):
        return list(one) == list(other)
    return one == other


class EveryWay:
    """Whoever is at the screen: answers each question of the dialog in the way its kind has not
    been answered yet (`WAYS`), then in a drawn way; `met[kind]` the ways each kind was answered."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.target = None
        self.answered: set[int] = set()
        self.met: dict[str, set[str]] = {}
        self.escaped = False  # a question was left with Escape since the entry was chosen
        self._timer = QTimer()
        self._timer.setInterval(5)
        self._timer.timeout.connect(self._look)
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()

    def _way(self, asked, wanted) -> str:
        done = self.met.setdefault(kind_of(asked), set())
        if "escape" not in done:
            return "escape"
        left = [way for way in ("return", "enter", "click") if way not in done]
        if left:
            return left[0]
        if "defaults" not in done and same(default_of(asked), wanted) \
                and not (kind_of(asked) == "text" and not default_of(asked)):
            return "defaults"
        return self.rng.choice(("return", "enter", "click"))

    def _look(self) -> None:
        found = armed_question(self.answered) if self.target is not None and not self.escaped else None
        if found is None:
            return
        dialog, asked, default = found
        wanted = wanted_value(asked, self.target)
        way = self._way(asked, wanted)
        self.answered.add(asked.id)
        self.met[kind_of(asked)].add(way)
        if way == "escape":
            self.escaped = True
            QTest.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Escape)
            return
        if way != "defaults" and not asked.preface:
            fill(dialog, asked, wanted)
        send(dialog, default, "enter" if way == "enter" else "click" if way == "click" else "return")


def choose(qtbot, window, session, person, move) -> None:
    """Chooses the move's entry and answers its questions; a question left with Escape leaves the
    game as it was, and the entry is chosen again."""
    for _ in range(len(KINDS) + 1):
        look_as(qtbot, window, session, move.seat)
        before = list(session.game.actions)
        person.escaped = False
        qtbot.mouseClick(entry_button(window, move.offer_seat, move.kind), Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda before=before: len(session.game.actions) > len(before)
                        or (person.escaped and QApplication.activeModalWidget() is None), timeout=5000)
        if len(session.game.actions) > len(before):
            return
        assert session.game.actions == before, "Escape changed the game"
        assert not session.open_questions(session.viewer), "Escape left the question open"
    raise AssertionError(f"{move.kind} was never made")


SEEDS = 12  # games per system at most: more are played while a kind lacks a way

# The kinds of question each system's games ask (seen over their first twelve games): games are
# played until each is met, and answered every way. Named here, a kind a system stops asking
# fails the test, and a rare one need not be waited for over a fixed number of games.
ASKED = {
    "future-imperfect": {"seat", "choice", "number", "confirm"},
    "price-of-power": {"seat", "card", "choice", "number", "confirm", "preface"},
    "tempo": {"card", "choice", "number", "confirm", "preface"},
    "twilight-imperium": {"seat", "card", "choice", "order", "confirm", "preface"},
    "worlds-that-remember": {"card", "choice", "subset", "text"},
}


def play_through_the_window(qtbot, tmp_path, system: str, seed: int, person: EveryWay) -> None:
    """The headless game of `seed` made again through the real window; the same journal."""
    for folder in ("headless", "window"):
        (tmp_path / folder).mkdir(parents=True)
    headless, front, _ = headless_game(system, tmp_path / "headless", seed=seed)
    game = Game.new(GameSetup(ruleset=system, players=PLAYERS, seed=seed))
    session = GameSession(game, Journal.start(game, folder=tmp_path / "window"))
    session.hide_hands()
    window = MainWindow(session)  # its own asker: the real question dialog
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    person.answered.clear()  # a new session's questions are numbered from 1 again
    for number, move in enumerate(front.moves):
        person.target = move.action
        choose(qtbot, window, session, person, move)
        assert session.game.actions[-1] == move.action, f"seed {seed}: move {number} of {move.seat}"
    person.target = None
    assert session.game.actions == headless.game.actions
    assert journal_lines(session.journal) == journal_lines(headless.journal)
    window.close()


def lacking(system: str, met: dict[str, set[str]]) -> dict[str, set[str]]:
    """The ways each kind met has not been answered yet; the defaults of a kind whose games
    never want them are answered in a game set up for them (`DEFAULTS_APART`)."""
    found = {}
    for kind, ways in met.items():
        wanted = set(WAYS) - ({"defaults"} if (system, kind) in DEFAULTS_APART else set())
        if wanted - ways:
            found[kind] = wanted - ways
    return found


@pytest.mark.parametrize("system", shipped())
def test_every_kind_of_question_is_answered_in_the_real_dialog_every_way(qtbot, tmp_path, system):
    person = EveryWay(seed=len(system))
    try:
        for seed in range(1, SEEDS + 1):
            play_through_the_window(qtbot, tmp_path / str(seed), system, seed, person)
            if ASKED[system] <= set(person.met) and not lacking(system, person.met):
                break
    finally:
        person.stop()
    met = {kind: sorted(ways) for kind, ways in person.met.items()}
    print(f"\n{system}: {met}")
    assert ASKED[system] <= set(met), f"{system}: never asked {sorted(ASKED[system] - set(met))}"
    assert not lacking(system, person.met), f"{system}: kinds not answered every way: {lacking(system, person.met)}"


# ---- the defaults and Return, where the games never want them -----------------------------------


def future_imperfect_check():
    """Ann, the first seat (the Master), sets a check: who makes it is asked first (Bo, the first
    player's seat, as it opens: the ruleset's draft of a check)."""
    return Game.new(GameSetup(ruleset="future-imperfect", players=PLAYERS, seed=1))


def price_of_power_covert_card():
    """Ann's turn in phase 2, Fabricate Evidence her only card: whom it is aimed at (Bo, as it
    opens), the cost modifier, then whether its condition holds on the board (Yes)."""
    from tests.rulesets.pop.helpers import give, new, to_actions

    game = to_actions(new(players=PLAYERS, setup_draw="off"))
    give(game, "ann", "dip-fabricate-evidence")
    return game


def tempo_planning():
    """Round 1's planning: Ann plans, which action is asked (her first, as it opens)."""
    from tests.rulesets.tempo.helpers import new

    return new()


def tempo_strike_on_bo():
    """The Orc's Slow Attack taken at tempo 7 on Bo: the GM declares the hit, the Strike's damage
    asked (0, counted by hand, as it opens)."""
    from tests.rulesets.tempo.helpers import new, plans, take, to_turn

    game = plans(new(), {"ann": ["guard", "hide"], "bo": ["rest", "move"],
                         "orc": ["help", "slow_attack"], "goblin": ["quick_attack", "move"]})
    to_turn(game, "orc", 7)
    take(game, "orc", "slow_attack", target="bo", weapon="Axe")
    return game


def worlds_that_remember_roll():
    """Ann's roll open: Bo supports it, the tag that sizes his die asked (no tag, a d6, as it
    opens)."""
    from desktop.rulesets.worlds_that_remember.actions import Play
    from desktop.rulesets.worlds_that_remember.cards import ActionDef
    from desktop.rulesets.worlds_that_remember.reading import definition

    game = Game.new(GameSetup(ruleset="worlds-that-remember", players=["Ann", "Bo"], seed=5))
    card = next(card for card in game.state.zones["ready:ann"].cards
                if isinstance(definition(game.state, card), ActionDef))
    game.apply(Play(player="ann", card=card, intent="I follow them."))
    return game


# (system, kind) -> the game, the seat at the screen, its entry, a part of the question's text
DEFAULTS_APART = {
    ("future-imperfect", "seat"): (future_imperfect_check, "ann", "set_check", "Who makes the check?"),
    ("price-of-power", "seat"): (price_of_power_covert_card, "ann", "play", "At whom is it aimed?"),
    ("price-of-power", "confirm"): (price_of_power_covert_card, "ann", "play", "Does that hold on the board?"),
    ("tempo", "card"): (tempo_planning, "ann", "plan", "Which action?"),
    ("tempo", "number"): (tempo_strike_on_bo, "gm", "declare", "Damage of the Strike"),
    ("worlds-that-remember", "choice"): (worlds_that_remember_roll, "bo", "support", "sizes the die"),
}


@pytest.mark.parametrize("pair", sorted(DEFAULTS_APART), ids="-".join)
def test_a_question_left_as_the_dialog_opens_it_and_return_makes_the_move_with_its_default(qtbot, pair):
    """The person at the screen (tests/ui/at_the_screen.py) leaves every question as the real
    dialog opens it and presses Return."""
    build, seat, entry, question = DEFAULTS_APART[pair]
    session, window = window_on(qtbot, build())
    look_as(qtbot, window, session, seat)
    made = len(session.game.actions)
    qtbot.mouseClick(entry_button(window, seat, entry), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(session.game.actions) > made, timeout=5000)
    answer = window.person.answer_to(question)
    asked = answer.asked
    assert kind_of(asked) == pair[1], f"{asked.text!r} is a {kind_of(asked)} question"
    assert answer.as_opened, "the person changed the field, or answered otherwise than by Return"
    assert same(answer.shown, default_of(asked)), f"the dialog opened on {answer.shown!r}, its default is {default_of(asked)!r}"
    move = session.game.actions[-1]
    assert move.player == seat and move.type == entry
    assert same(getattr(move, asked.ask.field), answer.shown), f"{move} does not hold {answer.shown!r}"
    assert window.person.stuck == []
