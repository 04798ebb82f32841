"""Where a card being dragged may go now, to light it while the drag lasts: the zones whose drop
the ruleset accepts, and on a track's rows the columns its completions would put the card in.
Asked of the ruleset once per zone at the start of a drag; the window decides nothing."""

from __future__ import annotations

from desktop.engine import Action, Game, RuleError
from desktop.engine.presentation import Table


def drop_targets(game: Game, table: Table, viewer: str, card: str, from_zone: str) -> tuple[set[str], dict[str, set[int]]]:
    """(the zones where the viewer may drop `card` now, and for each row of a track among them
    the columns it may go to; an empty set where no completion names a column: the row as a
    whole is lit)."""
    zones: set[str] = set()
    columns: dict[str, set[int]] = {}
    for spec in table.zones:
        if spec.zone == from_zone and not spec.track:
            continue  # a row of a track is the exception: a card may move along it
        try:
            choices = game.ruleset.drops(game.state, viewer, card, from_zone, spec.zone)
        except RuleError:
            continue
        if not choices:
            continue
        zones.add(spec.zone)
        if spec.track:
            columns[spec.zone] = {column for column in (landing_column(game, card, spec.zone, choice)
                                                        for choice in choices) if column is not None}
    return zones, columns


def landing_column(game: Game, card: str, to_zone: str, action: Action) -> int | None:
    """The slot (a column of a track) `card` lands in when `action` is taken: the action is
    tried on a copy of the state and the card's position read from it, so a ruleset says
    nothing more than where it puts its cards (its `slot` mark). None where it does not land in
    `to_zone` with a slot."""
    state = game.state.copy()
    try:
        game.ruleset.apply(state, action)
    except Exception:  # noqa: BLE001 - a completion that fails when tried names no column
        return None
    zone = state.zones.get(to_zone)
    if zone is None or card not in zone.cards:
        return None
    marks = state.card_states.get(card)
    return marks.slot if marks is not None else None
