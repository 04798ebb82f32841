"""The headings of docs/systems/future-imperfect.md that refusals cite (`RulesetBase.rule_sections`)."""

SIMPLE = "A simple check"
EXCEPTIONAL = "Exceptional results"
COMPLEX = "Complex checks, victories and bumps"
SOLO = "Solo play: the oracle and the playing-card deck"
END = "The end of a session"
PRACTICE = "Practice scenarios"

# By kind of action: what a refusal of that kind cites when it names no section of its own.
BY_ACTION = {
    "set_check": SIMPLE, "set_complex_check": COMPLEX, "set_contest": COMPLEX, "cancel_check": SIMPLE,
    "draw_resolution": SIMPLE, "take": SIMPLE, "draw_extension": EXCEPTIONAL, "extend": EXCEPTIONAL,
    "ask_oracle": SOLO, "draw_playing_card": SOLO, "practice": PRACTICE, "end_session": END,
    "set_count": COMPLEX,
}
