"""Practice scenarios (docs/systems/worlds-that-remember.md, "Learn to play"): a first turn of a
Scene at Dawn, each step's sentence saying what to do and which rule acts, in words. The rules
text has no worked example of its own: the steps use its rules and numbers alone (the Fate
tiers, the dice an approach gives, what Support and forcing cost).

This module keeps only this system's scenarios and how each arranges the table; how a
practice runs, and a step naming a card, are the engine's (engine/practice.py).
"""

from __future__ import annotations

from desktop.engine.practice import CardStep, Lesson, Practices, Scenario, card_step_done
from desktop.rulesets.worlds_that_remember import actions as a
from desktop.rulesets.worlds_that_remember.state import WTRState

Step = CardStep


SCENARIOS: dict[str, Scenario] = {
    "first-turn": Scenario(
        title="A first turn at Dawn",
        story="Scene 1, Dawn. You are Ann, playing Wren (tags Wayfinder, Careful; Light-footed, Risky; Old "
              "Songs, Opportunistic; gear Rope and Hook, Careful). Bo, played by the app, is Oskar. Your Ready "
              "Hand is what you can do without strain; your Unready deck is everything else you own.",
        steps=(
            Step(do="Play Slip Past: drag it from your Ready Hand onto In play (or click Ann: Play a Ready card, on the right). Say your "
                    "intent in one sentence and keep ticked the tags of Wren that fit. The card's own tag, Sneak "
                    "(Careful), always gives a die; each tag or gear of yours adds one sized by its approach: "
                    "Careful d6, Forceful d8, Risky d10, Opportunistic d12.", kind="play", card="slip-past"),
            Step(do="Your pool is built: the d20 Fate die and the Aspect dice. A die's size is its axis (d4 COST, "
                    "d6 CONTROL, d8 EFFECT, d10 DANGER, d12 OPPORTUNITY), and on an axis only the highest die "
                    "counts. Bo may Support you before you roll. Roll: a Fate of 1-3 is a Catastrophe, 4-7 a "
                    "Failure, 8-11 a Costly Success, 12-16 Clean, 17-19 Strong, 20 a Twist.", kind="roll"),
            Step(do="Slip Past goes to your Spent pile. End your turn: you draw back up to five Ready cards, and "
                    "Bo's turn begins.", kind="end_turn"),
            Step(do="Bo's turn: the app plays one of Oskar's Ready cards and builds his pool.", kind="play", seat=1),
            Step(do="Bo's roll waits for you. Support it out of turn: discard one Action card from your Ready Hand "
                    "(it is spent, not played), add one die to Bo's pool sized by a tag of yours (a d6 without "
                    "one), gain 1 Fatigue (at Dawn and Day; 2 at Dusk) and say how you help.", kind="support"),
            Step(do="Bo rolls with your die and ends his turn. Your turn: force Remember the Old Ways from your "
                    "Unready deck by dragging it onto In play. You pay with a different Ready card, discarded, "
                    "and gain 1 Fatigue; you may force once a turn, and forcing is that turn's play.",
                 kind="force", card="remember-the-old-ways"),
        ),
        end="Forced, the card is played as a Ready card is: roll it, then end your turn. Every six cards played "
            "move the Scene a phase on, Dawn, Day, Dusk, Night, Collapse: at Dusk every roll gains a d4 COST and "
            "Support costs 2 Fatigue, at Night no one may Support, and the Scene ends after the thirtieth card.",
    ),
}

# The learner's Ready Hand for the first turn; the card it forces waits at the bottom of its deck.
READY = ("slip-past", "scout-ahead", "read-the-room", "patch-up", "leap-of-faith")
FORCED = "remember-the-old-ways"


def _arrange_first_turn(state: WTRState) -> None:
    you = state.seat_ids()[0]
    ready, deck = state.ready(you), state.unready(you)
    owned = ready + deck
    wanted = []
    for definition in READY:
        wanted.append(next(card for card in owned if state.cards[card] == definition and card not in wanted))
    rest = [card for card in owned if card not in wanted]
    forced = next(card for card in rest if state.cards[card] == FORCED)
    rest.remove(forced)
    ready[:] = wanted
    deck[:] = [forced, *rest]  # the top of the deck is its end: the forced card is never drawn first


def _arrange(state: WTRState, name: str) -> None:
    {"first-turn": _arrange_first_turn}[name](state)


def _unfit(state: WTRState) -> str:
    names = [state.characters[seat].name for seat in state.seat_ids()]
    if len(names) != 2 or names[0] != "Wren" or state.zones["play"].cards or state.hand_size != 5:
        return ("The practice is a game of two players, Wren and Oskar, with the ready-made decks and Ready "
                "Hands of five.")
    return ""


# The first seat learns: the sentences name the cards in its hand, so they are told to it alone.
# Arranging the table deals the cards the scenario needs: that reveals (no undo before it).
PRACTICES = Practices(
    action=a.Practice, scenarios=SCENARIOS, arrange=_arrange, matches=card_step_done, unfit=_unfit, reveals=True,
    lesson=Lesson(scenario="first-turn", players=("Ann", "Bo"), seed=29,
                  teaches="Play a card and roll its dice, help a friend's roll, use a card that is not ready yet."),
)
