"""Practice scenarios (docs/systems/twilight-imperium.md, "Learn to play"): the table is arranged
for a first round of action cards, and a sentence at each step says what to do and which rule
acts, in words. The rules reference has worked examples of its own (a cancelled card does not
count as played, so its second copy may follow; Repeal Law is not played with no law in play):
the steps use them where they fall.

Here: the scenarios, how each arranges the table and which action completes a step
(`PRACTICES`); the rest of a practice is the engine's (engine/practice.py).
"""

from __future__ import annotations

from desktop.engine.practice import CardStep, Lesson, Practices, Scenario, card_step_done, seat_at
from desktop.rulesets.twilight_imperium import actions as a
from desktop.rulesets.twilight_imperium.state import TIState

Step = CardStep


SCENARIOS: dict[str, Scenario] = {
    "first-round": Scenario(
        title="A first round of action cards",
        story="Round 1, the action phase. You are Ann, and it is your turn; Bo, played by the app, acts "
              "after you. You hold Economic Initiative, Flank Speed and Sabotage; Bo holds one card. The "
              "board stays on your table: the app keeps the cards, the turns and the rules of playing them.",
        steps=(
            Step(do="Play Economic Initiative: drag it onto the play area, or click its button on the right, Ann: Play Economic Initiative. Its timing says "
                    "\"Action\": playing it is your turn's component action, so it is played only on your own "
                    "turn in the action phase.", kind="play", card="economic-initiative"),
            Step(do="The card waits in the play area: until you resolve it, any other player may cancel it with "
                    "Sabotage. Bo lets it resolve. Resolve it (you would ready your cultural planets on the "
                    "board); your turn then passes to Bo.", kind="resolve"),
            Step(do="Bo's turn: the app plays one of Bo's cards.", kind="play", seat=1, card="spy"),
            Step(do="Bo's Spy waits in the play area, aimed at you, to take a card at random from your hand. Answer out of turn: play Sabotage, which "
                    "cancels an action card another player is resolving. A cancelled card has no effect, is "
                    "discarded and does not count as played: Bo could still play a second Spy.",
                 kind="play", card="sabotage"),
            Step(do="Bo's component action is spent all the same, and your turn comes again. On the board you "
                    "activate a system for a tactical action: declare \"A player activates a system\" (Declare a "
                    "board event). Declaring what happened opens its timing window.",
                 kind="declare", field=("event", "system-activated")),
            Step(do="The window is open: cards whose timing fits it may be played now, by whoever the card "
                    "allows. Play Flank Speed: only the player who activated the system may, and your ships get "
                    "+1 move for this tactical action.", kind="play", card="flank-speed"),
        ),
        end="Well played: a card on your turn, a card in its window and Sabotage out of turn. Resolve Flank "
            "Speed, pass in the window (it closes once everyone has passed), then finish your tactical action "
            "with \"Take an action on the board\". Each status phase every player draws one card, and a hand "
            "holds at most seven.",
    ),
}


def _matches(state: TIState, step: Step, act: a.Action) -> bool:
    if step.seat == 1 and step.kind == "play" and getattr(act, "target_player", None) not in (None, seat_at(state, 0)):
        return False  # the app's card is aimed at the learner, as the words say
    return card_step_done(state, step, act)


# ---- arranging the table ------------------------------------------------------------------------


def _give(state: TIState, definitions: list[str], seat: str) -> None:
    """These cards from the deck into `seat`'s hand."""
    deck = state.zones["deck"].cards
    for definition in definitions:
        card = next(card for card in deck if state.cards[card] == definition)
        deck.remove(card)
        state.hand(seat).append(card)


def _arrange_first_round(state: TIState) -> None:
    you, other = state.seat_ids()[:2]
    state.round, state.phase = 1, "action"
    state.initiative = list(state.seat_ids())
    state.active = you
    _give(state, ["economic-initiative", "flank-speed", "sabotage"], you)
    _give(state, ["spy"], other)


def _arrange(state: TIState, name: str) -> None:
    {"first-round": _arrange_first_round}[name](state)


def _unfit(state: TIState) -> str:
    if state.deck_key != "builtin" or state.first_release_rules:
        return "The practice uses the shipped action cards; start a game without a card file."
    if len(state.seat_ids()) != 2:
        return "The practice is a game of two players: you and one other."
    return ""


# The first seat learns: the sentences name the cards in its hand, so they are told to it alone.
# Arranging the table deals the cards the scenario needs: that reveals (no undo before it).
PRACTICES = Practices(
    action=a.Practice, scenarios=SCENARIOS, arrange=_arrange, matches=_matches, unfit=_unfit, reveals=True,
    lesson=Lesson(scenario="first-round", players=("Ann", "Bo"), seed=2026,
                  teaches="Play a card on your turn, another at the moment it names, and cancel a rival's card."),
)
