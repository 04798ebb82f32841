"""The headings of docs/systems/worlds-that-remember.md that refusals cite (`RulesetBase.rule_sections`)."""

CARDS = "Your cards: Ready, Unready, Spent"
TURN = "Your turn"
POOL = "The pool"
FORCING = "Forcing an Unready card"
SUPPORT = "Support"
PHASES = "Phases"
CONDITIONS = "Conditions"
FATIGUE = "Fatigue"
DECK = "Your deck: limits and the deck builder"

# By kind of action: what a refusal of that kind cites when it names no section of its own.
BY_ACTION = {
    "play": TURN, "force": FORCING, "support": SUPPORT, "pass": SUPPORT, "roll": TURN,
    "end_turn": TURN, "new_scene": PHASES, "trash": DECK, "gain_condition": CONDITIONS,
    "clear_condition": CONDITIONS, "set_fatigue": FATIGUE,
}
