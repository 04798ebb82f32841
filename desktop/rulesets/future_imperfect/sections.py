"""The sections of the system's rules page (docs/systems/future-imperfect.md) its refusals cite
(`RuleError.rule`), each a heading of the page without a trailing "(...)": the window's "Read the
rule" opens the page there. tests/rulesets/test_rule_sections.py checks every one is a heading."""

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
