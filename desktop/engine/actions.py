"""The base of every action record.

A ruleset declares its vocabulary as subclasses with a `tag`; msgspec then decodes a JSON object
such as {"type": "play", "player": "ann", "card": "ac07"} into the right class, refusing unknown
types and fields with a message that names them.
"""

from __future__ import annotations

import msgspec


class Action(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", forbid_unknown_fields=True):
    player: str

    @property
    def type(self) -> str:
        return type(self).__struct_config__.tag

    def to_dict(self) -> dict:
        return msgspec.to_builtins(self)
