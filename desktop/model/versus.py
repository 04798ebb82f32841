"""Games the app plays against itself, headless: every seat the app's, each at its level, to the
end the system states (`actiondeck versus`, tests/benchmarks/bench_levels.py). No Qt.

The seats move through the session's own decision path (`app_moves.next_move`, each bot made as
`set_app_seat` makes it), so what is measured is what the window's app seats do. A system's
`Ruleset.versus` (engine/versus.py) says what else the table does: when the seats end a session
the players end (never offered to the bots, so every level plays as long), the people's moves
the app does not make (a board's events, declared before the move that needs them), and the
outcome. A move the rules refuse is counted and stops the game: the app would ask again for ever.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from desktop.bots import bot_for
from desktop.engine import Action, Game, GameSetup, RuleError, registry
from desktop.engine.levels import every_level
from desktop.engine.versus import Standing, Versus
from desktop.model.app_moves import ends, next_move

NAMES = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]
CAP = 20_000  # actions: a game still going after this many has not reached its end


@dataclass
class Seated:
    seat: str
    name: str
    level: str


@dataclass
class VersusGame:
    """One game's outcome, as `actiondeck versus` prints it (`record`)."""

    system: str
    seed: int
    seats: list[Seated]
    ended: str | None = None  # the system's sentence for its end
    stalled: str | None = None  # why it stopped short of it
    actions: int = 0
    table_actions: int = 0  # of those, the table's own (a board's events)
    refused: int = 0
    standing: Standing | None = None
    # level -> kind of out-of-turn chance -> [taken, possible]
    answers: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    game: Game | None = field(default=None, repr=False)  # the game as it ended (not printed)

    @property
    def reached_end(self) -> bool:
        return self.ended is not None

    def level_of(self, seat: str) -> str:
        return next(found.level for found in self.seats if found.seat == seat)

    def record(self) -> dict:
        found = {
            "system": self.system, "seed": self.seed,
            "seats": [{"seat": s.seat, "name": s.name, "level": s.level} for s in self.seats],
            "reached_end": self.reached_end, "end": self.ended, "actions": self.actions,
            "table_actions": self.table_actions, "refused": self.refused,
        }
        if self.stalled is not None:
            found["stalled"] = self.stalled
        if self.standing is not None:
            found["measure"] = self.standing.measure
            found["scores"] = self.standing.scores
            found["winners"] = self.standing.winners
            found["figures"] = self.standing.figures
        found["answers"] = self.answers
        return found


class LeavesTheEnd:
    """A seat's bot that is never offered the end of a session the players choose: the run ends
    it for every seat alike (engine/versus.py)."""

    def __init__(self, bot) -> None:
        self.bot = bot
        if hasattr(bot, "ready"):
            self.ready = bot.ready

    def choose(self, legal: list[Action], view=None) -> Action | None:
        return self.bot.choose([action for action in legal if not ends(action)], view)


def check_levels(system: str, levels: list[str]) -> str | None:
    """Why `levels` cannot be played by `system` (one sentence), or None."""
    ruleset = registry.get(system)
    known = [level.id for level in every_level(ruleset.levels)]
    low, high = ruleset.players
    if not low <= len(levels) <= min(high, len(NAMES)):
        return f"{ruleset.title} is played by {low} to {min(high, len(NAMES))} seats; {len(levels)} were given."
    unknown = next((level for level in levels if level not in known), None)
    if unknown is not None:
        return f"{ruleset.title} has no level '{unknown}'; its levels are {', '.join(known)}."
    return None


def play(system: str, levels: list[str], seed: int, options: dict[str, str] | None = None,
         length: int | None = None, cap: int = CAP, deck: list[dict] | None = None) -> VersusGame:
    """One game of `system`, seat i played by the app at `levels[i]`, to its end (with the
    system's own deck file's records where `deck` gives them, as `actiondeck new --deck`)."""
    ruleset = registry.get(system)
    game = Game.new(GameSetup(ruleset=system, players=NAMES[:len(levels)], seed=seed, options=dict(options or {}),
                              deck=deck))
    seats = game.state.seat_ids()
    plan: Versus = ruleset.versus or Versus()
    outcome = VersusGame(system, seed, [Seated(seat, name, level) for seat, name, level in zip(seats, NAMES, levels)])
    bots = {}
    for index, (seat, level) in enumerate(zip(seats, levels)):
        made = plan.seat_bot(bot_for(ruleset, level, seed * 64 + index), level, seed * 64 + index)
        bots[seat] = LeavesTheEnd(made) if ruleset.versus is not None else made
    table = plan.table(seed)
    run = _Run(game, plan, bots, outcome, length)
    while len(game.actions) < cap and outcome.stalled is None:
        outcome.ended = ruleset.finished(game.state)
        if outcome.ended is not None:
            break
        run.step(table)
    outcome.actions = len(game.actions)
    outcome.standing = plan.standing(game)
    outcome.game = game
    return outcome


class _Run:
    """The moves of one game: the table's queued moves first, once the rules take them; the end
    once it is time; else the next app seat's move (the table's moves for it queued first)."""

    def __init__(self, game: Game, plan: Versus, bots: dict, outcome: VersusGame, length: int | None) -> None:
        self.game, self.plan, self.bots, self.outcome, self.length = game, plan, bots, outcome, length
        self.queued: list[Action] = []  # the table's moves still to make
        self.planned: Action | None = None  # the seat's move they come before

    def step(self, table) -> None:
        game = self.game
        if self.queued and self.queued[0] in game.legal_actions(self.queued[0].player):
            self.apply(self.queued.pop(0), by_table=True)
            return
        stages = game.stages()
        answering = any(stage.kind == "respond" for stage in stages)
        if not self.queued and self.planned is not None:
            if self.planned in game.legal_actions(self.planned.player):
                planned, self.planned = self.planned, None
                self.apply(planned)
                return
            if not answering:
                self.planned = None  # the table's moves changed what may be done: the seat chooses again
        if self.plan.time_to_end(game.state, self.length):
            ending = next((action for action in game.legal_actions() if ends(action)), None)
            if ending is not None:
                self.apply(ending)
                return
        move = next_move(game, stages, self.bots)
        if move is None:
            if self.queued:  # nobody answers anything, and the rules still refuse the table's move
                self.queued.pop(0)
                return
            self.outcome.stalled = "; ".join(f"{stage.seat}: {stage.kind} {stage.label}" for stage in stages) or "no stage"
            return
        seat, action = move
        if any(stage.seat == seat and self.plan.answering(stage) for stage in stages):
            self.count_answer(seat, action)
        if table is not None and not self.queued and self.planned is None:
            before = table.before(game.state, action)
            if before:
                self.queued, self.planned = list(before), action
                return
        self.apply(action)

    def count_answer(self, seat: str, action: Action) -> None:
        kind = self.plan.answer_kind(self.game.state, seat)
        if kind is None:
            return
        possible = any(self.plan.answers(found) for found in self.game.legal_actions(seat))
        if not possible:
            return
        tally = self.outcome.answers.setdefault(self.outcome.level_of(seat), {}).setdefault(kind, [0, 0])
        tally[0] += int(self.plan.answers(action))
        tally[1] += 1

    def apply(self, action: Action, by_table: bool = False) -> None:
        try:
            self.game.apply(action)
        except RuleError as refusal:
            self.outcome.refused += 1
            self.outcome.stalled = f"refused {action.type} of {action.player}: {refusal}"
            return
        self.outcome.table_actions += int(by_table)
