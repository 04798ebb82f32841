"""The platform contract (docs/architecture.md, "What a system provides"), checked for every
registered rule system with no per-system code: metadata, setup refusals, the demo, the table
description, offers and prompts, drops, counters, refusals that change nothing, and a game that
can always move on. The toy duel of the tests (tests/rulesets/toy) is registered with them.

The states checked are those of the demo and of a few seeded random games.
"""

from __future__ import annotations

import random
import typing

import msgspec
import pytest

from desktop.engine import Game, GameSetup, RuleError, SetupError, registry
from desktop.engine.demo import demo_game
from desktop.engine.presentation import StageKind, ZoneRole
from desktop.engine.prompts import CHOSEN, Offer, Prompt, asks_of, group
from desktop.engine.text import MAX_PLAYERS
from desktop.storage.savefile import decode_save, game_from_record, save_bytes
from tests.rulesets.toy import every_ruleset_id

RULESETS = every_ruleset_id()
pytestmark = [pytest.mark.usefixtures("toy_ruleset"), pytest.mark.parametrize("ruleset_id", RULESETS)]

NAMES = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"] + [f"Player {n}" for n in range(9, MAX_PLAYERS + 1)]
STAGE_KINDS = set(typing.get_args(StageKind))
ZONE_ROLES = set(typing.get_args(ZoneRole))


def moves_on(action) -> bool:
    return not getattr(type(action), "aside", False)


def games(ruleset_id: str, walks: int = 3, steps: int = 60, every: int = 6):
    """The demo game (if there is one) and the games of a few seeded random walks, yielded at
    their start and every few steps. Yields the same Game object again as it goes on: a test
    must not change it."""
    ruleset = registry.get(ruleset_id)
    try:
        yield demo_game(ruleset_id)
    except SetupError:
        pass
    low, high = ruleset.players
    for walk in range(walks):
        picker = random.Random(f"{ruleset_id}-{walk}")
        count = [low, high, (low + high) // 2][walk % 3]
        game = Game.new(GameSetup(ruleset=ruleset_id, players=NAMES[:count], seed=picker.randrange(2**64)))
        for step in range(steps):
            if step % every == 0:
                yield game
            legal = game.legal_actions()
            if not legal:
                break
            onward = [action for action in legal if moves_on(action)]
            game.apply(picker.choice(onward if onward and picker.random() < 0.75 else legal))
        yield game


def viewers(game: Game) -> list[str | None]:
    return [*game.state.seat_ids(), None]


def assert_one_sentence(problem: Exception) -> None:
    sentence = str(problem)
    assert sentence and "\n" not in sentence, repr(sentence)
    assert sentence.rstrip("\u201d\"')").endswith((".", "?", "!")), repr(sentence)


def snapshot(game: Game) -> bytes:
    return msgspec.msgpack.encode(game.state)


# ---- metadata and setup ------------------------------------------------------------------------


def test_metadata_is_complete(ruleset_id):
    ruleset = registry.get(ruleset_id)
    assert ruleset.id == ruleset_id
    assert ruleset.title.strip() and ruleset.description.strip()
    low, high = ruleset.players
    assert 1 <= low <= high <= MAX_PLAYERS
    keys = [option.key for option in ruleset.options]
    assert len(keys) == len(set(keys))
    for option in ruleset.options:
        assert option.key and option.label.strip() and option.help.strip().endswith(".")
        if option.choices is not None:
            assert option.default in option.choices
    assert ruleset.action_type is not None
    # every ask names a field of its action type
    for action_type in typing.get_args(ruleset.action_type) or (ruleset.action_type,):
        fields = set(action_type.__struct_fields__)
        for ask in asks_of(action_type):
            assert ask.field in fields or hasattr(action_type, ask.field), (action_type, ask.field)


def test_a_game_can_be_set_up_with_the_fewest_and_the_most_players(ruleset_id):
    ruleset = registry.get(ruleset_id)
    defaults = {option.key: option.default for option in ruleset.options}
    for count in sorted(set(ruleset.players)):
        for options in ({}, defaults):
            game = Game.new(GameSetup(ruleset=ruleset_id, players=NAMES[:count], seed=5, options=options))
            assert len(game.state.seat_ids()) == count
            assert game.state.ruleset == ruleset_id


def test_a_bad_setup_is_refused_in_one_sentence(ruleset_id):
    ruleset = registry.get(ruleset_id)
    low, high = ruleset.players
    bad = [{"players": NAMES[:low], "options": {"no-such-option": "1"}}]
    if low > 1:
        bad.append({"players": NAMES[: low - 1], "options": {}})
    if high < MAX_PLAYERS:
        bad.append({"players": NAMES[: high + 1], "options": {}})
    for setup in bad:
        with pytest.raises(SetupError) as refusal:
            Game.new(GameSetup(ruleset=ruleset_id, seed=1, **setup))
        assert_one_sentence(refusal.value)


# ---- the demo ----------------------------------------------------------------------------------


def test_the_demo_builds_and_replays(ruleset_id):
    ruleset = registry.get(ruleset_id)
    demo = ruleset.demo()
    low, high = ruleset.players
    assert low <= len(demo.players) <= high
    game = demo_game(ruleset_id)
    assert game.actions == list(demo.actions)
    again = Game.replay(game.setup, list(game.actions))
    assert snapshot(again) == snapshot(game)
    loaded = game_from_record(decode_save(save_bytes(game, name="demo")))
    assert snapshot(loaded) == snapshot(game)
    assert game.stages(), "the demo game waits for nobody"


# ---- the table ---------------------------------------------------------------------------------


def test_the_table_lists_every_zone_once_with_a_title(ruleset_id):
    ruleset = registry.get(ruleset_id)
    for game in games(ruleset_id):
        seats = set(game.state.seat_ids())
        for viewer in viewers(game):
            view = game.view(viewer)
            table = ruleset.table(view)
            listed = [spec.zone for spec in table.zones]
            assert sorted(listed) == sorted(view.zones), "every zone of the view, each once"
            assert table.headline.strip()
            for spec in table.zones:
                assert spec.title.strip(), spec
                assert spec.role in ZONE_ROLES
                assert spec.seat is None or spec.seat in seats
                # a drag starts only from the viewer's own zone, or from the top of a shared
                # face-down pile (a deck drawn from by dragging: its card carries no id)
                shared_deck = spec.seat is None and spec.layout == "pile" and all(
                    entry is None for entry in view.zones[spec.zone].cards)
                assert not spec.drag_from or (viewer is not None and (spec.seat == viewer or shared_deck)), spec
            for counter in table.counters:
                assert counter.entity in seats | {entity.id for entity in view.entities}
                assert counter.label.strip() and counter.low <= counter.value <= counter.high, counter
                assert counter.key in view.counters.get(counter.entity, {}), "a counter the viewer may not read"
            assert set(table.marks) <= seats and set(table.status) <= seats


def test_a_private_counter_reaches_its_seat_alone(ruleset_id):
    """A counter its own seat's table marks as not public is in no other seat's view, nor in
    the view of the whole table (viewer None: behind the curtain, a public replay)."""
    ruleset = registry.get(ruleset_id)
    for game in games(ruleset_id, every=12):
        for seat in game.state.seat_ids():
            private = [spec.key for spec in ruleset.table(game.view(seat)).counters_of(seat) if not spec.public]
            for other in viewers(game):
                if other == seat:
                    continue
                readable = game.view(other).counters.get(seat, {})
                leaked = [key for key in private if key in readable]
                assert not leaked, f"{other or 'the whole table'} reads {seat}'s {leaked}"


def test_stages_are_known_kinds_and_someone_can_always_move_on(ruleset_id):
    """Until the game reached the end its system states: then `finished` says so in a sentence."""
    for game in games(ruleset_id):
        stages = game.stages()
        end = game.ruleset.finished(game.state)
        assert end is None or (isinstance(end, str) and end.strip().endswith(".")), end
        if not stages and end is not None:
            continue  # a final end (the session is over): nobody acts
        assert stages, "the game waits for nobody"
        assert {stage.kind for stage in stages} <= STAGE_KINDS
        onward = [
            action for stage in stages for action in game.legal_actions(stage.seat) if moves_on(action)
        ]
        assert onward, f"no seat of {stages} can move the game on"


# ---- offers and prompts ------------------------------------------------------------------------


def walk(prompt: Prompt, last: bool, words: str = "") -> None:
    """Answers every question: the first (or last) option, the initial value (or `words` for a
    text left empty), yes."""
    while (question := prompt.next()) is not None:
        kind = question.ask.kind
        if kind in CHOSEN:
            assert question.options and all(option.label.strip() for option in question.options)
            prompt.answer(question.options[-1 if last else 0].value)
        elif kind == "confirm":
            prompt.answer(True)
        elif kind == "text" and not question.initial:
            prompt.answer(words or question.initial)
        else:
            prompt.answer(question.initial)
        assert question.text.strip()


def names_a_card(action, cards: set[str]) -> bool:
    pending = list(action.to_dict().values())
    while pending:
        value = pending.pop()
        if isinstance(value, str) and value in cards:
            return True
        if isinstance(value, list):
            pending.extend(value)
    return False


def test_every_offer_completes_into_an_accepted_action(ruleset_id):
    """As the table offers them to each seat looking: the legal actions that name no card hidden
    from it, grouped; each offer's prompt, answered, gives an action the engine accepts."""
    ruleset = registry.get(ruleset_id)
    for game in games(ruleset_id):
        for viewer in viewers(game):
            view = game.view(viewer)
            hidden = set(game.state.cards) - view.seen_cards()
            offered = [action for action in game.legal_actions() if not names_a_card(action, hidden)]
            for seat, kind, members in group(offered):
                label = ruleset.offer_label(kind, members, view)
                assert label.strip()
                for last in (False, True):
                    prompt = Prompt(
                        Offer(seat, kind, label, members),
                        labels=lambda ask, value, view=view: ruleset.value_label(ask, value, view),
                        wording=lambda ask, action, view=view: ruleset.question(ask, action, view),
                    )
                    walk(prompt, last)
                    assert not prompt.cancelled
                    ruleset.apply(game.state.copy(), prompt.action())  # raises RuleError if refused
        for action in game.legal_actions():
            assert ruleset.describe(action, game.view(action.player)).strip()


def test_every_unlisted_action_completes_into_an_accepted_action(ruleset_id):
    """What "Other actions..." offers a seat (the ruleset's `unlisted`) is the seat's own, reads
    as words, and each offer's prompt, answered (words where words are asked), gives an action
    the engine accepts; a ruleset without any gives none."""
    ruleset = registry.get(ruleset_id)
    offered = 0
    for game in games(ruleset_id, walks=2, every=10):
        for seat in game.state.seat_ids():
            view = game.view(seat)
            unlisted = game.unlisted_actions(seat)
            for action in unlisted:
                assert action.player == seat
                assert ruleset.describe(action, view).strip()
            for _, kind, members in group(unlisted):
                for last in (False, True):
                    prompt = Prompt(
                        Offer(seat, kind, ruleset.offer_label(kind, members, view), members),
                        labels=lambda ask, value, view=view: ruleset.value_label(ask, value, view),
                        wording=lambda ask, action, view=view: ruleset.question(ask, action, view),
                    )
                    walk(prompt, last, words="A rope bridge gives way")
                    assert not prompt.cancelled
                    ruleset.apply(game.state.copy(), prompt.action())  # raises RuleError if refused
                    offered += 1
    assert offered or ruleset.unlisted is None


def test_actions_survive_the_trip_through_json(ruleset_id):
    for game in games(ruleset_id, walks=1):
        for action in game.legal_actions():
            assert game.decode_action(msgspec.json.encode(action)) == action


# ---- moving cards, counting, refusing ----------------------------------------------------------


def test_drops_give_legal_actions_or_one_sentence(ruleset_id):
    ruleset = registry.get(ruleset_id)
    answered = refused = 0
    for game in games(ruleset_id, walks=2, every=10):
        before = snapshot(game)
        for seat in game.state.seat_ids():
            view = game.view(seat)
            table = ruleset.table(view)
            legal = game.legal_actions(seat)
            for source in (spec for spec in table.zones if spec.drag_from):
                for entry in view.zones[source.zone].cards:
                    for target in table.zones:
                        if target.zone == source.zone:
                            continue
                        try:  # a face-down card is dragged as "": the ruleset reads its zone
                            card = entry.id if entry is not None else ""
                            found = ruleset.drops(game.state, seat, card, source.zone, target.zone)
                        except RuleError as refusal:
                            assert_one_sentence(refusal)
                            refused += 1
                            continue
                        answered += bool(found)
                        for action in found:
                            assert action in legal
                            ruleset.apply(game.state.copy(), action)
        assert snapshot(game) == before, "asking about a drop changed the game"
    assert refused, "no drop was ever refused"


def test_editable_counters_change_through_counter_action(ruleset_id):
    """An editable counter set by hand within its range takes that value (or, while the game
    waits for something else, is refused in one sentence); out of range it is refused."""
    ruleset = registry.get(ruleset_id)
    accepted = 0
    for game in games(ruleset_id, walks=2, every=15):
        for viewer in game.state.seat_ids():
            for spec in ruleset.table(game.view(viewer)).counters:
                if not spec.editable:
                    continue
                for value, allowed in ((spec.low if spec.value != spec.low else spec.high, True), (spec.high + 1, False)):
                    state = game.state.copy()
                    try:
                        ruleset.apply(state, ruleset.counter_action(spec.entity, spec.key, value, by=viewer))
                    except RuleError as refusal:
                        assert_one_sentence(refusal)
                        assert msgspec.msgpack.encode(state) == snapshot(game)
                        assert game.state.step or not allowed, f"a new game refuses a count within its range: {refusal}"
                        continue
                    assert allowed, f"{spec.key} accepted {value}, above {spec.high}"
                    assert ruleset.view(state, viewer).counters[spec.entity][spec.key] == value
                    accepted += 1
    editable = any(spec.editable for spec in ruleset.table(Game.new(GameSetup(
        ruleset=ruleset_id, players=NAMES[: ruleset.players[0]], seed=1)).view(None)).counters)
    assert accepted or not editable


def test_a_refused_action_changes_nothing_even_without_the_game(ruleset_id):
    """`apply` refuses having changed nothing: stale actions (legal some steps ago) are applied
    straight to a copy of the state, without Game's safety net."""
    ruleset = registry.get(ruleset_id)
    refused = 0
    for walk_number in range(2):
        picker = random.Random(f"stale-{ruleset_id}-{walk_number}")
        low, high = ruleset.players
        game = Game.new(GameSetup(ruleset=ruleset_id, players=NAMES[:high if walk_number else low], seed=walk_number))
        earlier: list = []
        for _ in range(60):
            legal = game.legal_actions()
            if not legal:
                break
            earlier = (earlier + picker.sample(legal, min(4, len(legal))))[-40:]
            for action in earlier:
                state = game.state.copy()
                try:
                    ruleset.apply(state, action)
                except RuleError as refusal:
                    refused += 1
                    assert_one_sentence(refusal)
                    assert msgspec.msgpack.encode(state) == snapshot(game), f"{action} was half applied"
            onward = [action for action in legal if moves_on(action)] or legal
            game.apply(picker.choice(onward))
    assert refused, "no stale action was ever refused"
