"""The words of Price of Power's actions: each one described, each value it asks for labelled,
each question worded, from what the asking seat may see."""

from __future__ import annotations

from desktop.engine.actions import Action
from desktop.engine.presentation import View
from desktop.rulesets.price_of_power.actions import Appoint
from desktop.rulesets.price_of_power.cards import (
    DECK_NAMES,
    DIE_WORDS,
    TRIGGER_WORDS,
    Ability,
    card_set,
)
from desktop.rulesets.price_of_power.state import deck_zone

APPOINTED = Appoint.asks[0]  # "Whom do you appoint?": its options read as characters

# ---- words -------------------------------------------------------------------------------------


def describe(action: Action, seen: View) -> str:
    kind = action.type
    if kind == "set_counter" and action.also:
        return f"Change {1 + len(action.also)} counts"
    if kind == "draw":
        return f"Draw from the {DECK_NAMES.get(action.deck, action.deck)} deck"
    if kind in ("appoint", "dismiss"):
        return f"{'Appoint' if kind == 'appoint' else 'Dismiss'} {appointed(action.card, seen)}"
    if kind in ("keep", "release", "discard"):
        verb = {"keep": "Keep", "release": "Let go", "discard": "Discard"}[kind]
        return f"{verb} {seen.card_name(action.card)}"
    if kind == "play":
        label = f"Play {seen.card_name(action.card)}"
        if action.target:
            label += f" at {seen.seat_name(action.target)}"
        if action.die or action.dice:
            label += f" (? as {dice_words(action.dice or (action.die,))})"
        if action.replace:
            label += f", replacing {seen.card_name(action.replace)}"
        return label
    if kind == "use":
        label = f"{action.action} ({seen.card_name(action.card)})"
        if action.target:
            label += f" at {seen.seat_name(action.target)}"
        if action.die or action.dice:
            label += f" (? as {dice_words(action.dice or (action.die,))})"
        return label
    if kind == "basic":
        return "Take the Event" if action.event else "Take a Basic Action"
    if kind == "fabricate_claims":
        # The entry lists one Claim and asks how many: it reads as the action, not as "1 Claim".
        return "Fabricate Claims (covert)" if action.claims == 1 else f"Fabricate {action.claims} Claims (covert)"
    if kind == "take_event":
        return f"Take the Event ({action.name})" if action.name.strip() else "Take the Event"
    if kind == "declare_battle":
        attacker = seen.seat_name(action.attacker) if action.attacker else "A non-player realm"
        defender = seen.seat_name(action.defender) if action.defender else "a non-player realm"
        return f"Battle {'at sea' if action.sea else 'on land'}: {attacker} attacks {defender}"
    if kind == "declare":
        return f"Declare: {TRIGGER_WORDS.get(action.event, action.event)}"
    if kind == "upkeep":
        return f"{'Pay upkeep for' if action.pay else 'Let go'} {seen.card_name(action.card)}"
    if kind == "set_first":
        return f"Make {seen.seat_name(action.first)} first player"
    return {
        "pass_phase": "Pass for the phase",
        "pass": "Pass",
        "loan": "Take a Loan (+5 Ducats)",
        "repay": "Repay a Loan (5 Ducats)",
        "done": "Done with Battle Actions",
        "next_round": "Next round of battle",
        "end_battle": "End the battle",
        "advance": "Next phase",
        "set_counter": "Change a count",
    }.get(kind, kind.replace("_", " ").capitalize())


def dice_words(dice) -> str:
    """The types of "?" dice, counted: "Infantry", "Infantry and Cavalry", "2 Artillery"."""
    counts = {kind: list(dice).count(kind) for kind in dict.fromkeys(dice)}
    parts = [DIE_WORDS.get(kind, str(kind)) if count == 1 else f"{count} {DIE_WORDS.get(kind, str(kind))}"
             for kind, count in counts.items()]
    return " and ".join(parts) if len(parts) < 3 else ", ".join(parts[:-1]) + " and " + parts[-1]


def appointed(card: str, seen: View) -> str:
    """The character of a card, whom Appoint puts in a court, and the card it is on: "Reeve
    Tomas Hall (Land Reform)". A person asked whom to appoint reads the character's name; the
    card's title alone named the Action on its other half."""
    definition = seen.definition_of(card)
    found = card_set(seen.extra.deck_key).get(definition) if definition is not None else None
    return f"{found.character.name} ({found.name})" if found is not None else seen.card_name(card)


def value_label(ask, value, seen: View) -> str | None:
    field = ask.field
    if ask is APPOINTED:
        return appointed(value, seen)
    if field == "deck":
        zone = seen.zones.get(deck_zone(value))
        left = f" ({zone.count} left)" if zone is not None else ""
        return f"{DECK_NAMES.get(value, value)} deck{left}"
    if field in ("attacker", "defender") and value is None:
        return "A non-player realm"
    if field == "target" and value is None:
        return "Nobody"
    if field == "replace":
        return "None" if value is None else seen.card_name(value)
    if field == "die":
        return DIE_WORDS.get(value, "No ? die") if value else "No ? die"
    if field == "dice":
        return dice_words(value) if value else "No ? die"
    if field == "sea":
        return "At sea" if value else "On land"
    if field == "event":
        if isinstance(value, bool):
            return "The round's Event" if value else "Another Basic Action"
        return TRIGGER_WORDS.get(value, str(value)).capitalize()
    if field == "pay":
        return "Pay the upkeep" if value else "Let the Advisor go"
    if field == "scenario":
        from desktop.rulesets.price_of_power.scenarios import SCENARIOS

        found = SCENARIOS.get(value)
        return found.title if found else str(value)
    if field == "action":
        # The button of a Display card's action reads its cost now and the cubes it spends.
        for entry in seen.extra.display.get(seen.viewer, []) if seen.viewer else []:
            for action in entry.actions:
                if action.name == value:
                    return f"{value} ({action.cost}, {action.cubes} cube{'s' if action.cubes != 1 else ''})"
        return str(value)
    return None


def question(ask, action: Action, seen: View) -> str | None:
    """A card whose requirement or trigger the board decides asks with its words."""
    if ask.field != "confirm" or action.type not in ("play", "use"):
        return None
    ability = _ability_in_view(action, seen)
    if ability is None:
        return None
    if ability.requires:
        return f"{ability.name} needs {ability.requires}.\n\nDoes that hold on the board?"
    if ability.trigger == "other":
        return f"{ability.name} is played when {ability.when}.\n\nHas that just happened?"
    return None


def _ability_in_view(action: Action, seen: View) -> Ability | None:
    definition = seen.definition_of(action.card)
    if definition is None:
        return None
    card = card_set(seen.extra.deck_key)[definition]
    if action.type == "play":
        return card.play
    return next((ability for ability in card.actions if ability.name == action.action), None)
