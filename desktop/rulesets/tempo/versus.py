"""Tempo Combat played by the app against itself (engine/versus.py; docs/systems/tempo.md, "The
app's seats"): the table's dice, the scene's end and the outcome.

**The dice.** The map and the dice stay on the table: here the table rolls every Strike, for every
level alike (`TableDice`; the policy's own roll is off): before the striker's seat moves on, each
Strike of its turn (an Attack, or a Dual Wield's second Strike) hits on 3 or more on a d6, the
lower of two d6 against a Guarded character (Disadvantage), for 1d6 damage, declared as a hit
(D25), so Intercept and the sheets' reactions to a hit answer it as at a table.

**The end.** The scene, ended by the GM seat once one side is all down (D30: an NPC is defeated at
0 HP). The random floor is not offered the scene's end before that (it would end the scene at its
first move), nor the end of another seat's character's turn (so every Strike is rolled). A fight
still undecided after `ROUND_CAP` rounds is ended by the GM seat then: a scene nobody won.

**The outcome.** A seat plays for its side (the GM seat: the NPCs; the others: the player
characters). Its score: 100 if its side won the scene (the other side all down when it ended),
plus the HP its side took off the other side's characters (before the scene's end costs Exertion).
The figures also count the rounds played and the Exerts of each seat.
"""

from __future__ import annotations

import random

from desktop.engine import Game
from desktop.engine.versus import Standing, Versus
from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo.count import fallen_side
from desktop.rulesets.tempo.reactions import eligible
from desktop.rulesets.tempo.state import TempoState

ROUND_CAP = 12  # a fight still undecided after this many rounds ends, won by nobody
HIT_ON = 3  # a Strike hits on this or more on a d6
DAMAGE_DIE = 6  # for 1d6 damage
WON = 100
MEASURE = "100 for the scene won (the other side all down), plus the HP its side took off the other side"


class TableDice:
    """A seat's bot with the table around it: the dice of its Strikes rolled, the moves the random
    floor is not offered withheld (the module's list), the end of a fight too long."""

    def __init__(self, bot, seed: int) -> None:
        self.bot = bot
        if hasattr(bot, "rolls_strikes"):
            bot.rolls_strikes = False  # the table rolls for it
        self._random = random.Random(f"dice/{seed}")
        self._rolled: dict[tuple, int] = {}  # a turn -> Strikes rolled in it

    def choose(self, legal: list[a.Action], view=None) -> a.Action | None:
        if not legal or view is None or view.extra is None:
            return self.bot.choose(legal, view)
        seat, extra = legal[0].player, view.extra
        rows = {row.id: row for row in extra.rows}
        if extra.turn is None and seat == extra.gm and extra.round > ROUND_CAP:
            ending = next((act for act in legal if isinstance(act, a.EndScene)), None)
            if ending is not None:
                return ending
        mine = extra.turn is not None and rows.get(extra.turn.character) is not None \
            and rows[extra.turn.character].seat == seat
        offered = [act for act in legal
                   if not (isinstance(act, a.EndScene) and not extra.decided)
                   and not (isinstance(act, a.Advance) and not mine)]
        choice = self.bot.choose(offered, view)
        if mine and not isinstance(choice, (a.React, a.Exert)):
            # Its reactions and Exerts first (a Dual Wield is a Strike more), then the dice.
            hit = self.roll(legal, extra, rows)
            if hit is not None:
                return hit
        return choice

    def roll(self, legal: list[a.Action], extra, rows) -> a.Declare | None:
        """The Strikes of its character's turn not rolled yet: the first hit among them, declared."""
        turn = extra.turn
        strikes = sum(1 for found in turn.triggers if found.kind == "attack" and found.subject == turn.character)
        actor = rows[turn.character]
        acting = next((chip for chip in actor.chips if chip.acting), None)
        if acting is not None:
            strikes += sum(1 for used in acting.reactions if used.endswith("Dual Wield"))
        key = (extra.scene, extra.round, turn.tempo, turn.character, acting.entry if acting else turn.action)
        offered = next((act for act in legal if isinstance(act, a.Declare) and act.event == "hit"), None)
        while self._rolled.get(key, 0) < strikes:
            self._rolled[key] = self._rolled.get(key, 0) + 1
            target = rows.get(offered.character) if offered is not None else None
            die = self._random.randint(1, 6)
            if target is not None and "Guarded" in target.conditions:
                die = min(die, self._random.randint(1, 6))
            if offered is not None and die >= HIT_ON:
                return a.Declare(player=offered.player, event="hit", character=offered.character,
                                 damage=self._random.randint(1, DAMAGE_DIE))
        return None


def side_of(state: TempoState, seat: str) -> str:
    return "npc" if seat == state.gm else "pc"


def standing(game) -> Standing:
    """The module's outcome, read off the state just before the scene ended (its Exertion damage
    is not the other side's doing)."""
    before = game
    if game.actions and isinstance(game.actions[-1], a.EndScene):
        before = Game.replay(game.setup, game.actions[:-1])
    state: TempoState = before.state
    start = Game.new(game.setup).state
    fallen = fallen_side(state)
    taken = {"pc": 0, "npc": 0}  # HP each side lost
    for char in state.characters:
        taken[char.side] += max(0, start.value(char.id, "hp") - state.value(char.id, "hp"))
    seats = state.seat_ids()
    figures, scores = {}, {}
    for seat in seats:
        side = side_of(state, seat)
        other = "npc" if side == "pc" else "pc"
        won = int(fallen == other)
        figures[seat] = {"won": won, "dealt": taken[other], "taken": taken[side], "rounds": state.round,
                         "exerts": sum(1 for act in game.actions if isinstance(act, a.Exert) and act.player == seat)}
        scores[seat] = float(WON * won + taken[other])
    return Standing(measure=MEASURE, scores=scores, figures=figures)


class TempoVersus(Versus):
    def seat_bot(self, bot, level: str, seed: int) -> TableDice:
        return TableDice(bot, seed)

    def standing(self, game) -> Standing:
        return standing(game)

    def answer_kind(self, state: TempoState, seat: str) -> str | None:
        for char in state.order():
            if char.seat == seat:
                found = eligible(state, char)
                if found:
                    return found[0].reaction
        return None

    def answers(self, action: a.Action) -> bool:
        return isinstance(action, a.React)


VERSUS = TempoVersus()
