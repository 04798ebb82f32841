"""The headings of docs/systems/price-of-power.md that refusals cite (`RulesetBase.rule_sections`)."""

TABLE = "Playing at the table"
ROUND = "A round"
TURN = "Your turn"
COSTS = "Costs"
APPOINT = "Appoint"
HANDS = "Hands, decks and the reshuffle"
DISPLAY = "Display cards"
BATTLES = "Battles"
REACTIONS = "Reactions"
COVERT = "Covert Actions and Counterespionage"
PRACTICE = "Practice"

# By kind of action: what a refusal of that kind cites when it names no section of its own.
BY_ACTION = {
    "draw": ROUND, "keep": ROUND, "release": ROUND, "appoint": APPOINT, "play": TURN, "use": DISPLAY,
    "basic": TURN, "take_event": TURN, "fabricate_claims": COVERT, "pass_phase": TURN, "pass": REACTIONS,
    "loan": COSTS, "repay": COSTS, "declare_battle": BATTLES, "done": BATTLES, "next_round": BATTLES,
    "end_battle": BATTLES, "declare": REACTIONS, "upkeep": ROUND, "discard": HANDS, "advance": ROUND,
    "dismiss": APPOINT, "set_first": ROUND, "practice": PRACTICE,
}
