"""How the app plays a Twilight Imperium seat, at its two levels (docs/systems/twilight-imperium.md,
"The app's seats"). It reads only its legal actions and its seat's view (its own hand, the
public table), and decides in a pass over them: no search, so a move is chosen in well under a
millisecond on the UI thread.

**Standard.**

- **Who leads.** It keeps a tally of what it saw each opponent's cards do (every card another
  seat plays is put to it, to Sabotage or let resolve): a point for each card played, less two for
  each offensive card aimed at them. The opponent with the best tally is the leader (ties: the one
  holding more action cards, then drawn).
- **Its turn in the action phase.** It uses Politics while nobody has (once a round for the whole
  table: two cards for whoever takes it first); else it plays an Action card it may play (an
  offensive one first, aimed at the leader); else it takes a tactical action on the board (ends
  its turn), three a round; then it passes.
- **A card resolving.** Its own: it resolves it. Another's: it Sabotages a card aimed at itself
  always. With Sabotage to spare (it holds two or more, its hand is full, or it is the session's
  last round, when a card held is a card wasted) it also Sabotages a card aimed at nobody (a gain
  for its player) and any card of the leader's. Otherwise it lets the card resolve: cancelling a
  card aimed at another player helps that player.
- **A timing window.** It plays every card it may, one at a time (each window reopens after a
  card): an offensive card first, aimed at the player the event happened to where the card is
  played against them, else at the leader; with none left, it passes.
- **Politics' secondary.** It follows (one strategy token, draw 2) while it has a token: the card
  game spends tokens on nothing else, and over the limit it keeps the best of what it holds.
- **Over the hand limit, or Scheming.** It discards the card least likely to be played: Sabotage
  and Action cards are kept; among the others a second copy of a name goes first, then a card only
  the player the event happens to may play, then an agenda card.
- **The table's steps.** It draws for the status phase in its turn and moves the phases on; it
  ends the session at the end of round 6 (`SESSION_ROUNDS`), where most board games are decided,
  when every seat is the app's (with people at the table, ending is theirs).

**Learning.** The same turns, with the handicaps of a first game: it plays each card as soon as it
may (its Action cards before Politics), aimed at an opponent drawn at random (keeping no tally);
it never Sabotages (every card
played against it resolves: a learner sees each card do what it says); over the hand limit it
discards a card drawn at random.

Bookkeeping (revealing, declaring board events, correcting counts: `aside`) is left to the people
at the table: the board is theirs.
"""

from __future__ import annotations

import random

from desktop.engine.actions import Action, Onward, opening
from desktop.engine.levels import LEARNING, STANDARD, Level, LevelledPolicy
from desktop.rulesets.twilight_imperium.cards import CardDef, deck_for
from desktop.rulesets.twilight_imperium.presentation import AGENDA_WINDOWS

SESSION_ROUNDS = 6  # the app's seats end the session at the end of this round
TACTICAL_ACTIONS = 3  # tactical actions it takes in a round besides its cards

LEVELS = (
    Level(LEARNING, "Learning",
          "Plays each card as soon as it may, at an opponent drawn at random, and never Sabotages."),
    Level(STANDARD, "Standard",
          "Holds Sabotage for the cards that hurt it, plays its cards in their windows at the leader, "
          "and keeps its best cards under the hand limit."),
)


class TwilightImperiumBot(LevelledPolicy):
    def __init__(self, seed: int | None = None, level: str = STANDARD) -> None:
        super().__init__(seed, level)
        self._tactical: dict[int, int] = {}  # round -> tactical actions it took
        self._tally: dict[str, float] = {}  # seat -> what its cards did, as this seat saw them
        self._seen: set[tuple] = set()  # the cards resolving it has tallied

    def choose(self, legal: list[Action], view=None) -> Action | None:
        found = opening(legal, view, self._random)
        if not isinstance(found, Onward):
            return found
        onward, by_type = found
        reading = Reading(view, onward[0].player)
        if self.standard:
            self._tally_resolving(reading)
        choice = self._decide(reading, by_type, onward)
        if self.standard and choice is not None and choice.type == "play":
            self._tally_play(reading, choice.player, choice.card, choice.target_player)
        return choice

    def _decide(self, reading: Reading, by_type: dict[str, list[Action]], onward: list[Action]) -> Action | None:
        if "discard" in by_type:
            return self._discard(reading, by_type["discard"])
        if reading.extra.resolving is not None:
            return self._answer_card(reading, by_type)
        if reading.extra.window is not None:
            return self._in_window(reading, by_type)
        if "politics_secondary" in by_type:
            return self._secondary(reading, by_type["politics_secondary"])
        if "end_turn" in by_type or "pass_phase" in by_type or "politics" in by_type:
            return self._turn(reading, by_type)
        if "status_draw" in by_type:
            return by_type["status_draw"][0]
        if "end_session" in by_type and reading.extra.round >= SESSION_ROUNDS:
            return by_type["end_session"][0]
        for kind in ("advance_phase", "set_initiative"):
            if kind in by_type:
                return self._random.choice(by_type[kind])
        return self._random.choice([action for action in onward if action.type != "end_session"] or onward)

    # ---- decisions ---------------------------------------------------------------------------

    def _discard(self, reading: Reading, discards: list[Action]) -> Action:
        if not self.standard:
            return self._random.choice(discards)
        worth = reading.keep_worths()
        return min(discards, key=lambda action: (worth.get(action.card, 0.0), self._random.random()))

    def _answer_card(self, reading: Reading, by_type: dict[str, list[Action]]) -> Action | None:
        if "resolve" in by_type:
            return by_type["resolve"][0]
        sabotage = [action for action in by_type.get("play", []) if reading.card(action.card).is_sabotage]
        letting = by_type.get("let_resolve", [None])[0]
        if sabotage and self._sabotages(reading):
            return sabotage[0]
        return letting

    def _sabotages(self, reading: Reading) -> bool:
        """Whether the card resolving is worth this seat's Sabotage (the module's policy)."""
        if not self.standard:
            return False
        aimed = reading.extra.resolving.target_player
        if aimed == reading.me:
            return True
        held = sum(1 for card in reading.hand() if reading.card(card).is_sabotage)
        if not (held >= 2 or reading.hand_full() or reading.extra.round >= SESSION_ROUNDS):
            return False  # held for a card aimed at itself
        return aimed is None or reading.extra.resolving.player == reading.threats(self._random, self._tally)[0]

    def _in_window(self, reading: Reading, by_type: dict[str, list[Action]]) -> Action | None:
        plays = by_type.get("play", [])
        if plays:
            return self._best_play(reading, plays, declarer=reading.extra.window.declarer)
        return by_type.get("pass", [None])[0]

    @staticmethod
    def _secondary(reading: Reading, answers: list[Action]) -> Action:
        return next((action for action in answers if action.follow), answers[0])

    def _turn(self, reading: Reading, by_type: dict[str, list[Action]]) -> Action:
        plays = by_type.get("play", [])
        if "politics" in by_type and (self.standard or not plays):
            return by_type["politics"][0]
        if plays:
            return self._best_play(reading, plays)
        round_ = reading.extra.round
        if "end_turn" in by_type and self._tactical.get(round_, 0) < TACTICAL_ACTIONS:
            self._tactical = {round_: self._tactical.get(round_, 0) + 1}
            return by_type["end_turn"][0]
        return by_type.get("pass_phase", by_type.get("end_turn"))[0]

    def _best_play(self, reading: Reading, plays: list[Action], declarer: str | None = None) -> Action:
        """Learning: any play at random. Standard: an offensive card first, at the player the event
        happened to where the card is played against them, else at the likeliest threat."""
        if not self.standard:
            return self._random.choice(plays)
        threat = reading.threats(self._random, self._tally)

        def rank(action: Action) -> tuple:
            card = reading.card(action.card)
            if not card.offensive:
                return (1, 0)
            if card.who == "other" and declarer is not None:
                aim = 0 if action.target_player == declarer else 1
            else:
                aim = threat.index(action.target_player) if action.target_player in threat else len(threat)
            return (0, aim)

        return min(plays, key=rank)

    # ---- the tally of who leads --------------------------------------------------------------

    def _tally_resolving(self, reading: Reading) -> None:
        resolving = reading.extra.resolving
        if resolving is None or resolving.player == reading.me:
            return
        key = (resolving.card, resolving.player, reading.extra.round, reading.extra.phase)
        if key not in self._seen:
            self._seen.add(key)
            self._tally_play(reading, resolving.player, resolving.card, resolving.target_player)

    def _tally_play(self, reading: Reading, player: str, card: str, target: str | None) -> None:
        found = reading.card(card)
        if found.is_sabotage:
            return
        self._tally[player] = self._tally.get(player, 0.0) + 1
        if found.offensive and target is not None:
            self._tally[target] = self._tally.get(target, 0.0) - 2


class Reading:
    """What one seat reads off its view for a decision: its hand, its counts, the others' hands."""

    def __init__(self, view, me: str) -> None:
        self.view, self.me, self.extra = view, me, view.extra
        self._deck = deck_for(view.extra.deck_key)

    def card(self, card: str) -> CardDef:
        return self._deck[self.view.definition_of(card)]

    def hand(self) -> list[str]:
        return [entry.id for entry in self.view.zones[f"hand:{self.me}"].cards if entry is not None]

    def limit(self) -> int:
        return self.view.counters.get(self.me, {}).get("hand_limit", 7)

    def hand_full(self) -> bool:
        return len(self.hand()) >= self.limit()

    def threats(self, chooser: random.Random, tally: dict[str, float]) -> list[str]:
        """The opponents, the leader first: the best tally, then the most action cards, then drawn."""
        others = [seat.id for seat in self.view.seats if seat.id != self.me]
        return sorted(others, key=lambda seat: (-tally.get(seat, 0.0), -self.view.zones[f"hand:{seat}"].count,
                                                chooser.random()))

    def keep_worths(self) -> dict[str, float]:
        """How much each card in hand is worth keeping (the module's policy: the least goes first)."""
        worths, seen = {}, {}
        for card in self.hand():
            found = self.card(card)
            if found.is_sabotage:
                worth = 10.0
            elif found.is_action:
                worth = 6.0 + (0.5 if found.offensive else 0.0)
            else:
                worth = 3.0 + (0.5 if found.offensive else 0.0)
                worth -= 0.5 if found.who == "declarer" else 0.0
                worth -= 0.5 if set(found.windows) <= AGENDA_WINDOWS else 0.0
            worth -= 2.0 * seen.get(found.name, 0)  # a second copy is held back by the same-name rule
            seen[found.name] = seen.get(found.name, 0) + 1
            worths[card] = worth
        return worths
