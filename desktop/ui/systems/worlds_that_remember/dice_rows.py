"""What the dice panel says: its two charts as rows of bars, and each in words (its summary, read
where the chart cannot be seen): the Fate tiers with their faces, and each Aspect axis present
with its bands; and a roll's result, axis by axis and in one line."""

from __future__ import annotations

from desktop.rulesets.worlds_that_remember.dice.rolls import AXES, FATE_TIERS, SIZES, Rolled
from desktop.ui.charts import Row, Segment, percent

BAND_TONES = {"low": "grey", "mid": "blue", "high": "gold"}
TIER_TONES = ("red", "grey", "gold", "green", "blue", "purple")  # in FATE_TIERS order
SHORT_TIERS = {"Costly Success": "Costly", "Clean Success": "Clean", "Strong Success": "Strong"}


def faces_text(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}\u2013{high}"


def fate_rows(odds) -> tuple[list[Row], str]:
    """The Fate chart's rows (short tier names: the column is narrow) and its summary in words."""
    rows, words = [], []
    for (name, low, high), tone in zip(FATE_TIERS, TIER_TONES):
        chance = float(odds.fate[name])
        rows.append(Row(f"{SHORT_TIERS.get(name, name)} {faces_text(low, high)}",
                        (Segment(chance, tone, percent(chance)),)))
        words.append(f"{name} ({faces_text(low, high)}) {percent(chance)}")
    return rows, "; ".join(words)


def axis_rows(odds) -> tuple[list[Row], str]:
    """The Aspect chart's rows, one per axis present, and its summary in words."""
    from desktop.rulesets.worlds_that_remember.dice.odds import band_faces

    rows, words = [], []
    for size in SIZES:
        axis = AXES[size]
        if axis not in odds.bands:
            continue
        count = odds.dice[axis]
        segments, parts = [], []
        for band, (low, high) in band_faces(size).items():
            chance = float(odds.bands[axis][band])
            faces = faces_text(low, high)
            segments.append(Segment(chance, BAND_TONES[band], f"{faces}: {percent(chance)}", percent(chance)))
            parts.append(f"{band} {faces} {percent(chance)}")
        # The axis names its die (d8 is always EFFECT): the label leaves the die out, for room.
        rows.append(Row(axis + (f" \u00d7{count}" if count > 1 else ""), tuple(segments)))
        words.append(f"{axis} (d{size}" + (f" \u00d7{count}" if count > 1 else "") + "): " + ", ".join(parts))
    return rows, "; ".join(words)


def result_lines(rolled: Rolled) -> list[str]:
    """A line per axis of a result: the die the axis reads first, then the lower ones ("EFFECT 6:
    d8 6 (tag...), d8 2")."""
    lines = []
    flags = rolled.counted()
    for axis, value in rolled.axes.items():
        faces = sorted(
            ((counts, die, face) for (die, face), counts in zip(rolled.dice, flags)
             if die.axis == axis),
            key=lambda entry: not entry[0],
        )
        words = [f"d{die.size} {face}" + (f" ({die.source})" if die.source else "")
                 for _counts, die, face in faces]
        lines.append(f"{axis} {value}: " + ", ".join(words))
    return lines


def summary(rolled: Rolled) -> str:
    """"Fate 14 Clean Success · EFFECT 6 · CONTROL 3": a roll in one line."""
    return " \u00b7 ".join(
        [f"Fate {rolled.fate} {rolled.tier}"] + [f"{axis} {value}" for axis, value in rolled.axes.items()]
    )
