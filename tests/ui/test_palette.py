"""Colours come from one palette, and both themes give readable text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtGui import QColor

from desktop.ui import palette

UI = Path(__file__).resolve().parents[2] / "desktop" / "ui"
COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}\b|QColor\(\s*['\"]|Qt\.GlobalColor\.(?!transparent)")


@pytest.mark.parametrize("path", sorted(UI.rglob("*.py")), ids=lambda p: p.relative_to(UI).as_posix())
def test_no_colour_is_written_outside_the_palette(path):
    if path.name == "palette.py":
        return
    found = COLOUR.findall(path.read_text(encoding="utf-8"))
    assert found == [], f"{path.name} writes colours of its own: {found}"


def contrast(one: QColor, two: QColor) -> float:
    def luminance(colour: QColor) -> float:
        def channel(value: float) -> float:
            return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

        return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) + 0.0722 * channel(colour.blueF())

    high, low = sorted((luminance(one), luminance(two)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_text_on_the_table_and_panels_reads_in_both_themes(qapp, theme):
    from PySide6.QtGui import QPalette

    palette.use(theme)
    try:
        colours = qapp.palette()
        roles = QPalette.ColorRole
        assert contrast(colours.color(roles.WindowText), colours.color(roles.Window)) >= 7
        assert contrast(colours.color(roles.ButtonText), colours.color(roles.Button)) >= 7
        assert contrast(colours.color(roles.Text), colours.color(roles.Base)) >= 7
        assert contrast(palette.color("felt_ink"), palette.color("felt")) >= 7
        assert contrast(palette.color("problem_ink"), palette.color("problem")) >= 4.5
        assert contrast(palette.color("curtain_ink"), palette.color("curtain")) >= 7
        for tone in palette.TONES.values():  # card titles: white on the band
            assert contrast(palette.TITLE_INK, tone) >= 4.5
    finally:
        palette.use("light")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_zone_painted_opaque_looks_as_its_translucent_colour_over_the_felt(qapp, theme):
    from PySide6.QtGui import QImage, QPainter

    palette.use(theme)
    try:
        image = QImage(4, 4, QImage.Format.Format_RGB32)
        image.fill(palette.color("felt"))
        painter = QPainter(image)
        translucent = QColor(palette.color("zone"))
        translucent.setAlpha(palette.alpha("zone_alpha"))
        painter.fillRect(0, 0, 4, 4, translucent)
        painter.end()
        seen, opaque = image.pixelColor(1, 1), palette.zone_on_felt()
        assert all(abs(a - b) <= 1 for a, b in zip(seen.getRgb()[:3], opaque.getRgb()[:3])), (seen.name(), opaque.name())
    finally:
        palette.use("light")
