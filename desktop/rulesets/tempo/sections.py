"""The headings of docs/systems/tempo.md that refusals cite (`RulesetBase.rule_sections`)."""

ROUND = "A round"
ACTIONS = "The actions"
UNIQUE = "The Unique Action Restriction"
REACTIONS = "Reactions"
EXERT = "Exert and Exertion"
AT_THE_TABLE = "At the table"
PRACTICE = "Practice"

# By kind of action: what a refusal of that kind cites when it names no section of its own.
BY_ACTION = {
    "plan": ROUND, "unplan": ROUND, "change": ROUND, "take": ACTIONS, "wait": ROUND, "advance": ROUND,
    "react": REACTIONS, "exert": EXERT, "declare": REACTIONS, "answer": ACTIONS, "end_scene": EXERT,
    "out_of_combat_rest": ACTIONS, "force_exertion": EXERT, "grant": ACTIONS, "set_condition": ACTIONS,
    "set_counter": ACTIONS, "practice": PRACTICE,
}
