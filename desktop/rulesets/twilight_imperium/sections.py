"""The headings of docs/systems/twilight-imperium.md that refusals cite (`RulesetBase.rule_sections`)."""

ROUND = "A round"
TURN = "Your turn"
WINDOWS = "Timing windows"
RESOLVING = "A card resolving, and Sabotage"
DRAWS = "Drawing, the hand limit and Scheming"
POLITICS = "Politics"
COUNTS = "The counts the players keep"
END = "The end of a session"

# By kind of action: what a refusal of that kind cites when it names no section of its own.
BY_ACTION = {
    "set_initiative": ROUND, "declare": WINDOWS, "pass": WINDOWS, "let_resolve": RESOLVING,
    "play": WINDOWS, "resolve": RESOLVING, "end_turn": TURN, "pass_phase": TURN,
    "politics": POLITICS, "politics_secondary": POLITICS, "status_draw": DRAWS,
    "advance_phase": ROUND, "end_session": END, "discard": DRAWS, "reveal": DRAWS, "set_counter": COUNTS,
}
