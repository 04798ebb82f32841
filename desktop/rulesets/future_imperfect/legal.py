"""The actions that may be taken now, each accepted by `rules` as it is."""

from __future__ import annotations

from desktop.rulesets.future_imperfect import actions as a
from desktop.rulesets.future_imperfect.cards import DICE
from desktop.rulesets.future_imperfect.reading import card_of, selectable
from desktop.rulesets.future_imperfect.scenarios import SCENARIOS
from desktop.rulesets.future_imperfect.state import FIState


def can_draw(state: FIState) -> bool:
    return bool(state.zones["deck"].cards or state.zones["discard"].cards or state.zones["drawn"].cards)


def legal_actions(state: FIState, player: str | None = None) -> list[a.Action]:
    seats = state.seat_ids() if player is None else [player]
    if state.ended:
        return []
    found: list[a.Action] = []
    check = state.check
    waiting = state.contest_waiting()
    master = state.master
    if state.idle() and master in seats:
        if waiting is not None:  # the contest's next check, a complex one for its side; or calling it off
            found += [a.SetComplexCheck(player=master, who=waiting, trait=trait, effect=effect)
                      for trait in DICE for effect in DICE]
            found.append(a.CancelCheck(player=master))
        else:
            for who in state.seat_ids():
                for trait in DICE:
                    found.append(a.SetCheck(player=master, who=who, trait=trait))
                    found += [a.SetComplexCheck(player=master, who=who, trait=trait, effect=effect) for effect in DICE]
            found += [a.SetContest(player=master, who=who, against=against)
                      for who in state.seat_ids() for against in state.seat_ids() if who != against]
            if state.practice_on:
                found += [a.Practice(player=master, scenario=name) for name in SCENARIOS]
    if state.idle():
        if can_draw(state) and state.master in seats:  # the Master reads the deck as an oracle
            found += [a.AskOracle(player=state.master), a.DrawPlayingCard(player=state.master)]
    elif check.who in seats:
        who = check.who
        if check.phase == "draw":
            found.append(a.DrawResolution(player=who))
        elif check.phase == "choose":
            found += [a.Take(player=who, row=row) for row in selectable(card_of(state, check.cards[0]), check)]
        elif check.phase == "extend":
            found.append(a.DrawExtension(player=who))
        elif check.phase == "pick":
            found += [a.Extend(player=who, row=row) for row in check.rows]
    if check is not None and check.phase == "draw" and state.master in seats:
        found.append(a.CancelCheck(player=state.master))
    if state.may_end():
        found += [a.EndSession(player=seat) for seat in seats]
    return found
