"""A zone's title in parts (`TitleParts`): the ruleset says whose zone it is, what it is and what
follows, so the table shortens a title by dropping parts instead of guessing at English words."""

from __future__ import annotations

import msgspec
import pytest

from desktop.engine.presentation import TitleParts, ZoneSpec, title_parts


def test_a_zone_given_parts_has_them_as_its_title():
    spec = ZoneSpec(zone="court:bo", role="play", parts=title_parts("pile", ": 3", " (top 2 stay)", owner="Bo's "))
    assert spec.title == "Bo's pile: 3 (top 2 stay)"
    assert spec.title_in_parts() == TitleParts(name="pile", owner="Bo's ", details=(": 3", " (top 2 stay)"))
    # The same title said whole is also accepted (parts and title agree)...
    assert ZoneSpec(zone="a", role="pile", title="Deck: 4", parts=title_parts("Deck", ": 4")).title == "Deck: 4"
    # ...and read back from a table description as it was sent.
    again = msgspec.json.decode(msgspec.json.encode(spec), type=ZoneSpec)
    assert again == spec and again.title == spec.title


def test_a_title_given_whole_is_its_name_alone():
    spec = ZoneSpec(zone="play", role="play", title="Bo's play area: 3")
    assert spec.parts is None
    assert spec.title_in_parts() == TitleParts(name="Bo's play area: 3")  # nothing guessed


def test_a_title_that_is_not_its_parts_is_refused():
    with pytest.raises(ValueError, match="is not its parts"):
        ZoneSpec(zone="a", role="pile", title="Deck: 5", parts=title_parts("Deck", ": 4"))
