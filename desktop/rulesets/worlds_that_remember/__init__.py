"""Worlds That Remember: a GM-less role-playing game played with per-player decks of Action cards
(DESIGN.md section 3.1, docs/systems/worlds-that-remember.md).

Modules: `cards` (the shipped data), `decks` (deck files), `state`, `actions`, `pools` (which dice a
roll holds), `rules` (what each action does), `legal` (what may be done now), `presentation` (view,
table, stages, words), `start` (a new game), `demo`.
"""

from __future__ import annotations

from desktop.engine.errors import RuleError
from desktop.engine.registry import register
from desktop.engine.ruleset import Demo, RulesetBase
from desktop.rulesets.worlds_that_remember import actions as a
from desktop.rulesets.worlds_that_remember import (
    checks,
    demo,
    presentation,
    reading,
    rules,
    scenarios,
    sections,
    tally,
)
from desktop.rulesets.worlds_that_remember import start as new_game
from desktop.rulesets.worlds_that_remember.bot import LEARNING, LEVELS, STANDARD
from desktop.rulesets.worlds_that_remember.legal import legal_actions
from desktop.rulesets.worlds_that_remember.state import WTRState
from desktop.rulesets.worlds_that_remember.versus import VERSUS


class WorldsThatRemember(RulesetBase):
    id = "worlds-that-remember"
    title = "Worlds That Remember"
    description = (
        "A role-playing game for 1 to 6 players with no game master: you tell the story "
        "together. Each player has a character and a deck of cards, five of them in hand, ready "
        "to play. On your turn you play one, say what your character tries, and roll dice picked "
        "by the card and your character's strengths; the others may spend a card to help. As "
        "cards are played the scene grows more dangerous, and harms such as a wound go into your "
        "deck as cards."
    )
    players = new_game.PLAYERS
    options = new_game.OPTIONS
    action_type = a.WTRAction
    # Its own words, held out of the platform (tests/test_system_words.py).
    vocabulary = ("fate", "aspect", "catastrophe", "costly success", "twist", "opportunity", "dusk",
                  "dawn", "nightfall", "fatigue", "unready", "ready hand")
    handlers = {**rules.HANDLERS, a.Practice: scenarios.PRACTICES.start}
    first = (checks.check_owed,)
    legal = staticmethod(legal_actions)
    presentation = presentation
    practices = scenarios.PRACTICES  # its first game, for Learn to play (scenarios.py)
    tally = staticmethod(tally.sections)  # the summary's rolls, checks won and Support (tally.py)
    rule_sections = sections.BY_ACTION  # what a refusal of each kind cites (RuleError.rule)

    # ---- rules ---------------------------------------------------------------------------------

    def start(self, seats, options, seed, deck=None) -> WTRState:
        return new_game.start(seats, options, seed, deck)

    def demo(self) -> Demo:
        return Demo(players=list(demo.PLAYERS), seed=demo.SEED, actions=demo.opening(self))

    def deck_records(self, data) -> list[dict]:
        # A whole deck (character name, tags, gear and cards) stays whole: it is the first seat's
        # deck. A list of whole decks gives one per seat; a plain card list is the default.
        if isinstance(data, dict) and "cards" in data and ("name" in data or "tags" in data):
            return [data]
        return super().deck_records(data)

    levels = LEVELS  # its own learning and standard levels (bot.py)
    # Both levels are one class (bot.py); the standard level's odds load lazily (`ready`).
    policies = dict.fromkeys((LEARNING, STANDARD), "desktop.rulesets.worlds_that_remember.bot:WorldsThatRememberBot")
    versus = VERSUS  # a Scene of app seats, its story's Conditions and the outcome, headless (versus.py)

    # ---- moving cards and counting -------------------------------------------------------------

    def destination(self, state: WTRState, action: a.Action) -> str | None:
        if isinstance(action, (a.Play, a.Force)):
            return "play"
        if isinstance(action, a.Support):
            return f"spent:{action.player}"
        if isinstance(action, a.Trash):
            return "trash"
        return None

    def card_title(self, state: WTRState, card: str) -> str:
        return reading.card_name(state, card)

    def drops(self, state: WTRState, seat: str, card: str, from_zone: str, to_zone: str) -> list[a.Action]:
        """Ready Hand to play: play it (or, during another's roll, Support with it); Ready Hand to
        your Spent pile: Support; Unready deck to play: force it; to Removed: the owed removal.
        Otherwise the sentence of the rule that forbids it."""
        ready, deck = f"ready:{seat}", f"unready:{seat}"
        if from_zone not in (ready, deck) or card not in state.zones[from_zone].cards:
            raise RuleError("Only the player looking at their own cards can move them.", rule=sections.CARDS)
        title, who = self.card_name(state, seat, card), state.seat_name(seat)
        not_now = f"{title} cannot go there now."
        legal = legal_actions(state, seat)

        def named(kind: str) -> list[a.Action]:
            return [act for act in legal if act.type == kind and getattr(act, "card", None) == card]

        if to_zone == "trash":
            found = named("trash")
            if not found:
                self.apply(state.copy(), a.Trash(player=seat, card=card))  # raises the reason
                raise RuleError(not_now)
            return found
        checks.check_owed(state, a.Roll(player=seat))
        roll = state.roll
        supporting = from_zone == ready and roll is not None and roll.player != seat
        if supporting and to_zone in ("play", f"spent:{seat}"):
            found = named("support")
            if not found:
                raise RuleError(
                    checks.support_refusal(state, seat) or checks.support_card_refusal(state, seat, card)
                    or f"{title} cannot pay for Support now.",
                    rule=sections.SUPPORT,
                )
            return found
        if to_zone == "play" and from_zone == ready:
            found = named("play")
            if not found:
                checks.check_play(state, a.Play(player=seat, card=card, intent="-"))
                raise RuleError(not_now)
            return found
        if to_zone == "play":
            found = named("force")
            if not found:
                paid = next(iter(state.ready(seat)), "")
                if not paid:
                    raise RuleError(f"{who} has no Ready card to discard for forcing {title}.", rule=sections.FORCING)
                checks.check_force(state, a.Force(player=seat, card=card, discard=paid, intent="-"))
                raise RuleError(not_now)
            return found
        if to_zone == f"spent:{seat}" and from_zone == ready:
            raise RuleError(checks.support_refusal(state, seat) or f"{title} cannot pay for Support now.", rule=sections.SUPPORT)
        if to_zone == from_zone:
            raise RuleError(f"{title} is already there.", rule=sections.CARDS)
        raise RuleError(
            f"{title} cannot go there: Ready cards go to the play area (to play) or to {who}'s Spent pile "
            "(to Support); Unready cards go to the play area (to force).",
            rule=sections.CARDS,
        )

    def counter_action(self, entity: str, key: str, value: int, by: str = "") -> a.Action:
        if key != "fatigue":
            raise RuleError("Only Fatigue can be changed by hand.")
        return a.SetFatigue(player=entity, value=value)


WORLDS_THAT_REMEMBER = register(WorldsThatRemember())
