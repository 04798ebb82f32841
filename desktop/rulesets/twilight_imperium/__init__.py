"""Twilight Imperium 4th edition action cards (DESIGN.md section 3.4)."""

from __future__ import annotations

import re

from desktop.engine import rng
from desktop.engine.errors import RuleError, SetupError
from desktop.engine.registry import register
from desktop.engine.ruleset import Outcome
from desktop.engine.state import Seat, Zone
from desktop.engine.views import base_view
from desktop.rulesets.twilight_imperium import actions as a
from desktop.rulesets.twilight_imperium import rules
from desktop.rulesets.twilight_imperium.cards import CardDef, builtin_deck, imported_deck
from desktop.rulesets.twilight_imperium.events import EVENTS, PHASE_LABELS, WINDOW_LABELS
from desktop.rulesets.twilight_imperium.legal import legal_actions
from desktop.rulesets.twilight_imperium.state import HAND_LIMIT, STRATEGY_TOKENS, TIState

OPTIONS = {
    "agenda": "on or off: whether rounds have an agenda phase (default on)",
    "hand_limit": "the starting hand limit of every player (default 7)",
    "neural_motivator": "comma-separated players who start with Neural Motivator",
    "yssaril": "the player who plays the Yssaril Tribes (Scheming)",
}


def seat_id(name: str) -> str:
    # \w keeps letters of every script: "Zoë" is "zoë", not "zo".
    return re.sub(r"[\W_]+", "-", name.strip().lower()).strip("-")


class TwilightImperium:
    id = "twilight-imperium"
    title = "Twilight Imperium action cards"
    action_type = a.TIAction
    events = EVENTS
    phase_labels = PHASE_LABELS
    window_labels = WINDOW_LABELS

    def setup(self, players, options, seed, deck=None) -> TIState:
        seats = self._seats(players)
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            known = ", ".join(sorted(OPTIONS))
            raise SetupError(f"Unknown option '{unknown[0]}' for {self.title}; known options: {known}.")
        deck_key, defs = imported_deck(deck) if deck is not None else builtin_deck()
        cards: dict[str, str] = {}
        for definition in defs.values():
            for _ in range(definition.copies):
                cards[f"ac{len(cards) + 1:02d}"] = definition.id
        pile = list(cards)
        state_rng = rng.shuffle(rng.seed_state(seed), pile)
        zones = {
            "deck": Zone(id="deck", label="Action deck", visibility="hidden", cards=pile),
            "discard": Zone(id="discard", label="Discard pile", visibility="public"),
            "play": Zone(id="play", label="Play area", visibility="public"),
        }
        limit = self._int_option(options, "hand_limit", HAND_LIMIT)
        counters = {}
        for seat in seats:
            zones[f"hand:{seat.id}"] = Zone(
                id=f"hand:{seat.id}", label=f"{seat.name}'s hand", visibility="owner", owner=seat.id
            )
            counters[seat.id] = {
                "hand_limit": limit,
                "strategy_tokens": STRATEGY_TOKENS,
                "neural_motivator": 0,
                "yssaril": 0,
            }
        for name in filter(None, options.get("neural_motivator", "").split(",")):
            counters[self._named(seats, name)]["neural_motivator"] = 1
        if options.get("yssaril"):
            counters[self._named(seats, options["yssaril"])]["yssaril"] = 1
        agenda = options.get("agenda", "on").lower()
        if agenda not in ("on", "off"):
            raise SetupError("The option agenda must be on or off.")
        return TIState(
            ruleset=self.id,
            seats=seats,
            cards=cards,
            zones=zones,
            counters=counters,
            rng=state_rng,
            deck_key=deck_key,
            agenda_phase=agenda == "on",
        )

    @staticmethod
    def _seats(players: list[str]) -> list[Seat]:
        if not 2 <= len(players) <= 8:
            raise SetupError("Twilight Imperium is played by 2 to 8 players.")
        seats = [Seat(seat_id(name), name.strip()) for name in players]
        if any(not seat.id for seat in seats):
            raise SetupError("Every player needs a name with at least one letter or digit.")
        if len({seat.id for seat in seats}) != len(seats):
            raise SetupError("Two players have the same name; give each player a different one.")
        return seats

    @staticmethod
    def _named(seats: list[Seat], name: str) -> str:
        wanted = seat_id(name)
        for seat in seats:
            if seat.id == wanted:
                return seat.id
        raise SetupError(f"The option names '{name}', who is not one of the players.")

    @staticmethod
    def _int_option(options: dict[str, str], key: str, default: int) -> int:
        try:
            value = int(options.get(key, default))
        except ValueError:
            raise SetupError(f"The option {key} must be a whole number.")
        if not 0 <= value <= 30:
            raise SetupError(f"The option {key} must be between 0 and 30.")
        return value

    def apply(self, state: TIState, action: a.Action) -> Outcome:
        return rules.apply(state, action)

    def legal_actions(self, state: TIState, player: str | None = None) -> list[a.Action]:
        if player is not None and player not in state.seat_ids():
            raise RuleError(f"There is no player '{player}' at this table.")
        return legal_actions(state, player)

    def card_def(self, state: TIState, card: str) -> CardDef:
        return rules.card_def(state, card)

    def action_for_move(self, state: TIState, player: str, card: str, target_zone: str) -> a.Action:
        if target_zone == "play":
            return a.Play(player=player, card=card)
        if target_zone == "discard":
            return a.Discard(player=player, card=card)
        if target_zone == f"hand:{player}":
            raise RuleError("That card is already in your hand.")
        if target_zone.startswith("hand:"):
            raise RuleError("Action cards cannot be given to another player's hand.")
        raise RuleError("Action cards go from your hand to the play area or the discard pile.")

    def view(self, state: TIState, viewer: str | None) -> dict:
        seen = base_view(state, viewer)
        visible = {entry["def"] for zone in seen["zones"].values() for entry in zone["cards"] if entry}
        window = state.window
        resolving = state.resolving
        seen["defs"] = {key: rules.deck_for(state.deck_key)[key] for key in sorted(visible)}
        seen["table"] = {
            "round": state.round,
            "phase": state.phase,
            "phase_label": PHASE_LABELS[state.phase],
            "initiative": list(state.initiative),
            "active": state.active,
            "passed": list(state.passed),
            "status_drawn": list(state.status_drawn),
            "politics_used": state.politics_used,
            "window": None if window is None else {
                "event": window.event,
                "label": EVENTS[window.event][1],
                "declarer": window.declarer,
                "played": [played.name for played in window.played],
                "passed": list(window.passed),
            },
            "resolving": None if resolving is None else {
                "card": resolving.card,
                "player": resolving.player,
                "target_player": resolving.target_player,
                "target": resolving.target,
            },
            "obligations": [{"kind": d.kind, "player": d.player} for d in state.obligations],
            "secondary": None if state.secondary is None else list(state.secondary.waiting),
            "focus": self.focus(state),
        }
        return seen

    def focus(self, state: TIState) -> str | None:
        """The one seat that must act next with its hidden hand, if there is exactly one."""
        if state.obligations:
            return state.obligations[0].player
        if state.resolving is not None or state.window is not None:
            return None
        if state.secondary is not None:
            return state.secondary.waiting[0]
        if state.phase == "action":
            return state.active
        if state.phase == "status":
            waiting = [s for s in state.initiative if s not in state.status_drawn]
            return waiting[0] if waiting else None
        return None


TWILIGHT_IMPERIUM = register(TwilightImperium())
