"""Practice scenarios (docs/systems/price-of-power.md, "Practice"): the table is arranged for one
rule, and a sentence at each step says what to do and which rule acts, in words (naming the
section of the system's page that says more: "Rules: Costs"). The rules text has no worked example
of its own, so each scenario uses only the rules and numbers it states. "first-round" is the
system's first game, which Learn to play starts: you against the app.

A practice is the first action of a game with the practice option on. What every system's
practices share (who starts one and when, its first words, the sentence after each step) is the
engine's (engine/practice.py); this module keeps the scenarios, how each arranges the table and
which action completes a step (`PRACTICES`).
"""

from __future__ import annotations

from collections.abc import Callable

from desktop.engine import mechanics
from desktop.engine.practice import CardStep, Lesson, Practices, Scenario, card_step_done, seat_at
from desktop.engine.ruleset import Demo
from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power.core import card_def
from desktop.rulesets.price_of_power.state import PoPState, deck_zone, discard_zone

Step = CardStep


SCENARIOS: dict[str, Scenario] = {
    "first-round": Scenario(
        title="A first round of cards",
        story="Phase 2, Actions, and your turn. You are Ann, with 5 ADM, 4 DIP and 10 Ducats; you hold "
              "University Charter, Land Reform and Counterespionage. Bo, played by the app, holds one "
              "Diplomatic card. The board stays on your table: the app keeps the cards, the costs and the turns.",
        steps=(
            Step(do="Play University Charter: drag it onto the empty pile beside the ADM deck, its discard "
                    "pile (or click Ann: Play a card, on the right), and leave the cost modifier at 0. It costs "
                    "what its top-left corner says: 3 ADM and 2 Ducats (Rules: Costs).",
                 kind="play", card="adm-university"),
            Step(do="Bo's turn: the app plays one of Bo's cards.", kind="play", seat=1,
                 card="dip-fabricate-evidence"),
            Step(do="Bo played Fabricate Evidence at you: a Covert Action. Every other player may counter one, in turn, whether they hold Counterespionage "
                    "or not: nobody learns who holds it. Counter it: Counterespionage costs 1 DIP, and the card "
                    "it counters is discarded with its cost still paid (Rules: Covert Actions and "
                    "Counterespionage).", kind="play", card="dip-counterespionage"),
            Step(do="Bo's turn was spent on it, and yours comes again. Appoint Reeve Tomas Hall instead of "
                    "playing Land Reform: every card is dual-purpose, an Action or a character. He is hired "
                    "for 2 Ducats, and appointing is a Minor Action: your turn goes on (Rules: Appoint).",
                 kind="appoint", card="adm-land-reform"),
            Step(do="The Reeve takes 1 ADM off the cost of your Administrative cards from now on. Pass for the "
                    "phase: you take no more turns in it, but you still answer Covert Actions, Reactions and "
                    "Battle Actions.", kind="pass_phase"),
        ),
        end="Well played: a card for its Action, a Covert Action countered out of turn, and a character "
            "appointed. The phase ends once everyone has passed; at Step C of the Cleanup each hand is cut "
            "down to 5 cards.",
    ),
    "reshuffle": Scenario(
        title="Three decks and the reshuffle",
        story="Round 2, Draw Cards. The Military deck is empty with 8 cards in its discard pile; the "
              "Administrative deck is empty with 4; the Diplomatic deck and its discard pile are both empty "
              "(the other player holds those cards).",
        steps=(
            Step(do="Draw from the Military deck. It is empty: only now that a card must be drawn from it is "
                    "it rebuilt (Rules: Hands, decks and the reshuffle).", kind="draw", field=("deck", "mil")),
            Step(do="3 of the 8 discards were shuffled into a new deck and the top 5 stayed as the discard pile, "
                    "in their order. Now draw from the Administrative deck, empty with 4 discards.",
                 kind="draw", field=("deck", "adm")),
            Step(do="With 5 or fewer discards the whole pile is shuffled: all 4 went back. Try the Diplomatic "
                    "deck: it and its discard pile are empty, so that draw is refused while the other decks "
                    "stay open. Draw your third card from another deck.", kind="draw"),
        ),
        end="Your three draws are done. Each deck reshuffles its own discard pile, and only when a card must be "
            "drawn from it.",
    ),
    "paying": Scenario(
        title="Paying for a card",
        story="Phase 2, your turn, with 5 ADM and 10 Ducats. You hold University Charter (3 ADM and 2 Ducats), "
              "Printing Press (2 ADM) and Land Reform, whose character is Reeve Tomas Hall.",
        steps=(
            Step(do="Play University Charter for its Action: its power cost is always of its deck's type (ADM), "
                    "plus its Ducat cost; it resolves at once, then goes to its own deck's discard pile, the "
                    "Administrative one (Rules: Costs).", kind="play", card="adm-university"),
            Step(do="Your turn is over: a card played for its Action takes the whole turn. The other player "
                    "passes.", kind="pass_phase", seat=1),
            Step(do="Appoint Reeve Tomas Hall instead of playing Land Reform (every card is dual-purpose, an "
                    "Action or a character): he costs 2 Ducats to hire, and appointing does not end your turn.",
                 kind="appoint", card="adm-land-reform"),
            Step(do="The Reeve takes 1 ADM off your Administrative cards. Play Printing Press with a cost "
                    "modifier of -2 (say why, e.g. \"an Idea\"): 2 - 1 - 2 is below 0, so it costs 0.",
                 kind="play", card="adm-printing-press"),
        ),
        end="The cost stopped at 0: you never gain power by playing a card (Rules: Costs).",
    ),
    "display": Scenario(
        title="Charging a Display card",
        story="Phase 2, your turn. You hold two Spy Networks, Royal Mint and Embassy; the other player has "
              "already passed, so your turns follow one another.",
        steps=(
            Step(do="Play Spy Network: it goes on display charged with 3 cubes, one per square it shows "
                    "(Rules: Display cards).", kind="play", card="dip-spy-network"),
            Step(do="Its actions are locked on the turn it is played: they work in the turns that follow. On "
                    "your next turn use Gather Intelligence: 1 DIP and 1 cube.", kind="use",
                 field=("action", "Gather Intelligence")),
            Step(do="Play Royal Mint: a second Display card (at most 2 in play).", kind="play", card="adm-royal-mint"),
            Step(do="Try the second Spy Network: refused, never 2 of the same card. Play Embassy: with two in "
                    "play, you choose which goes; choose Royal Mint.", kind="play", card="dip-embassy"),
            Step(do="Now use Sow Discontent at the other player: it spends 2 cubes, Spy Network's last.",
                 kind="use", field=("action", "Sow Discontent")),
            Step(do="It is a Covert Action: the other player may counter it, and passes.", kind="pass", seat=1),
        ),
        end="Sow Discontent resolved; its last cube gone, Spy Network was discarded.",
    ),
    "battle": Scenario(
        title="A round of battle",
        story="Phase 3. You hold two Cavalry Charges and Shock Tactics; the other player holds two Military "
              "cards of their own.",
        steps=(
            Step(do="Declare a battle on land: you attack the other player.", kind="declare_battle"),
            Step(do="Play Battle Actions: the attacker plays all it wants first. Play Cavalry Charge "
                    "(Rules: Battles).", kind="play", card="mil-cavalry-charge"),
            Step(do="It added a Cavalry die. Try the second Cavalry Charge: refused, one use of any particular "
                    "Battle Action per side per round. Play Shock Tactics and choose the ? die's type: "
                    "Infantry, Cavalry or Artillery.", kind="play", card="mil-shock-tactics"),
            Step(do="Say done: the defender's step follows.", kind="done"),
            Step(do="The defender plays its Battle Actions, then says done.",
                 kind="done", seat=1),
            Step(do="Roll on the board, then go on to the next round.", kind="next_round"),
            Step(do="Round 2: the second Cavalry Charge is allowed now.", kind="play", card="mil-cavalry-charge"),
        ),
        end="The dice of both rounds stay in the side's pool for the whole battle.",
    ),
    "counter": Scenario(
        title="Countering a Covert Action",
        story="Phase 2, your turn. You hold Fabricate Evidence and have Spy Network on display with 2 cubes; "
              "the other player holds two Diplomatic cards.",
        steps=(
            Step(do="Play Fabricate Evidence at the other player: a Covert Action.", kind="play",
                 card="dip-fabricate-evidence"),
            Step(do="Every other player in turn may counter it, so nobody learns who holds Counterespionage. "
                    "The other player counters it.", kind="play", seat=1, card="dip-counterespionage"),
            Step(do="Counterespionage is itself covert: you may counter it back. Pass.", kind="pass"),
            Step(do="Fabricate Evidence is discarded and its cost stays paid; your turn is spent. The other "
                    "player passes for the phase.", kind="pass_phase", seat=1),
            Step(do="Use Spy Network's Sow Discontent at the other player: its last 2 cubes.", kind="use",
                 field=("action", "Sow Discontent")),
            Step(do="The other player counters it with the second Counterespionage.", kind="play", seat=1,
                 card="dip-counterespionage"),
            Step(do="Pass.", kind="pass"),
        ),
        end="Prevented, Sow Discontent still spent its cubes, and with the last one gone Spy Network was "
            "discarded.",
    ),
    "cleanup": Scenario(
        title="Cleanup",
        story="Phase 2, your turn. You hold 7 cards and have 2 Display cards on display.",
        steps=(
            Step(do="Seven cards, and nothing asks you to discard: the hand limit of 5 is checked only in Phase 5, "
                    "Step C (Rules: Hands, decks and the reshuffle). Pass.", kind="pass_phase"),
            Step(do="The other player passes too.", kind="pass_phase", seat=1),
            Step(do="Phase 3: move on; Phase 4 has no upkeep to pay, and Step C comes.", kind="advance"),
            Step(do="Step C: discard down to 5. Your Display cards are not in your hand and do not count.",
                 kind="discard"),
            Step(do="One more.", kind="discard"),
        ),
        end="Five cards left: the round can end.",
    ),
}


# ---- arranging the table ------------------------------------------------------------------------


def _instances(state: PoPState, definition: str) -> list[str]:
    return [card for card, kind in state.cards.items() if kind == definition]


def _put(state: PoPState, card: str, zone: str) -> None:
    where = state.zone_of(card)
    where.cards.remove(card)
    state.zones[zone].cards.append(card)


def _give(state: PoPState, definitions: list[str], zone: str) -> None:
    used: dict[str, int] = {}
    for definition in definitions:
        copies = _instances(state, definition)
        _put(state, copies[used.get(definition, 0)], zone)
        used[definition] = used.get(definition, 0) + 1


def _to_actions(state: PoPState, active: int = 0) -> None:
    state.round, state.phase, state.draw_step = 1, "action", "keep"
    state.active = seat_at(state, active)
    state.event_taken = list(state.seat_ids())  # the round's Event is behind everyone


def _arrange_reshuffle(state: PoPState, you: str, other: str) -> None:
    state.round, state.phase, state.draw_step = 2, "draw", "draw"
    for power, left in (("mil", 8), ("adm", 4), ("dip", 0)):
        pile = list(state.zones[deck_zone(power)].cards)
        for card in pile[:left]:
            _put(state, card, discard_zone(power))
        for card in pile[left:]:
            _put(state, card, f"hand:{other}")
    # The other seats have drawn: the practice is the first seat's draws.
    state.drew = {seat: ["", "", ""] for seat in state.seat_ids() if seat != you}


def _arrange_first_round(state: PoPState, you: str, other: str) -> None:
    _to_actions(state)
    _give(state, ["adm-university", "adm-land-reform", "dip-counterespionage"], f"hand:{you}")
    _give(state, ["dip-fabricate-evidence"], f"hand:{other}")
    state.counters[you].update(adm=5, dip=4, ducats=10)
    state.counters[other].update(dip=6)


def _arrange_paying(state: PoPState, you: str, other: str) -> None:
    _to_actions(state)
    _give(state, ["adm-university", "adm-printing-press", "adm-land-reform"], f"hand:{you}")
    state.counters[you].update(adm=5, ducats=10)


def _arrange_display(state: PoPState, you: str, other: str) -> None:
    _to_actions(state)
    _give(state, ["dip-spy-network", "dip-spy-network", "adm-royal-mint", "dip-embassy"], f"hand:{you}")
    state.counters[you].update(adm=6, dip=8)
    state.passed = [seat for seat in state.seat_ids() if seat != you]


def _arrange_battle(state: PoPState, you: str, other: str) -> None:
    state.round, state.phase, state.draw_step = 1, "peace", "keep"
    _give(state, ["mil-cavalry-charge", "mil-cavalry-charge", "mil-shock-tactics"], f"hand:{you}")
    _give(state, ["mil-grand-battery", "mil-rally"], f"hand:{other}")
    state.counters[you].update(mil=6)
    state.counters[other].update(mil=4)


def _arrange_counter(state: PoPState, you: str, other: str) -> None:
    _to_actions(state)
    _give(state, ["dip-fabricate-evidence"], f"hand:{you}")
    _give(state, ["dip-spy-network"], f"display:{you}")
    spy = state.display(you)[0]
    mechanics.mark(state, spy, tokens=2, slot=0)
    _give(state, ["dip-counterespionage", "dip-counterespionage"], f"hand:{other}")
    state.counters[you].update(dip=6)
    state.counters[other].update(dip=4)


def _arrange_cleanup(state: PoPState, you: str, other: str) -> None:
    _to_actions(state)
    _give(state, ["adm-census", "adm-grain-stores", "adm-tax-reform", "dip-royal-marriage", "dip-guarantee",
                  "mil-war-chest", "mil-forced-march"], f"hand:{you}")
    _give(state, ["adm-royal-mint", "mil-fortified-camp"], f"display:{you}")
    for slot, card in enumerate(state.display(you)):
        mechanics.mark(state, card, tokens=card_def(state, card).squares - 1, slot=slot)
    _give(state, ["dip-trade-agreement", "dip-improve-relations", "mil-levy-troops"], f"hand:{other}")


ARRANGE: dict[str, Callable[[PoPState, str, str], None]] = {
    "first-round": _arrange_first_round, "reshuffle": _arrange_reshuffle, "paying": _arrange_paying, "display": _arrange_display,
    "battle": _arrange_battle, "counter": _arrange_counter, "cleanup": _arrange_cleanup,
}


def _arrange(state: PoPState, name: str) -> None:
    ARRANGE[name](state, state.seat_ids()[0], state.seat_ids()[1])


def _unfit(state: PoPState) -> str:
    if state.deck_key != "builtin":
        return "The practice scenarios use the shipped sample cards; start a game without a card file."
    return ""


# The first seat learns: the sentences name the cards in its hand, so they are told to it alone.
# Arranging the table puts cards where the scenario needs them: that reveals.
PRACTICES = Practices(
    action=a.Practice, scenarios=SCENARIOS, arrange=_arrange, matches=card_step_done, unfit=_unfit, reveals=True,
    lesson=Lesson(scenario="first-round", players=("Ann", "Bo"), seed=43,
                  teaches="Play a card and pay its cost, block a rival's secret card, take on a character."),
)


# ---- the demo ----------------------------------------------------------------------------------

DEMO_PLAYERS = ["Ann", "Bo", "Cy", "Dee"]
DEMO_SEED = 43
PRACTICE_PLAYERS = ["Ann", "Bo"]


def scenario_demo(name: str) -> Demo:
    """One practice as a ready game."""
    return Demo.practice(a.Practice, PRACTICE_PLAYERS, DEMO_SEED, name)
