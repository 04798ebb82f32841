"""Renders the app icon from its SVG source into the PNG, ICO and ICNS files the installers need.

Qt draws the SVG (the same renderer the app uses at run time), Pillow packs the ICO and ICNS.
"""

from __future__ import annotations

import os
from pathlib import Path

# The hicolor theme's usual sizes; ICO and ICNS take their own subsets of them.
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_SIZES = (16, 32, 64, 128, 256, 512, 1024)


def render_pngs(svg: Path, out: Path, sizes) -> dict[int, Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841  (QPainter needs one)
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"build: the icon {svg} is not an SVG Qt can draw")
    out.mkdir(parents=True, exist_ok=True)
    written = {}
    for size in sizes:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter)
        painter.end()
        path = out / f"actiondeck-{size}.png"
        if not image.save(str(path)):
            raise SystemExit(f"build: could not write {path}")
        written[size] = path
    return written


def build_icons(svg: Path, out: Path) -> Path:
    """Writes actiondeck-N.png for every size, actiondeck.ico and actiondeck.icns into `out`."""
    from PIL import Image

    pngs = render_pngs(svg, out, sorted(set(PNG_SIZES) | set(ICO_SIZES) | set(ICNS_SIZES)))
    images = {size: Image.open(path).convert("RGBA") for size, path in pngs.items()}
    largest = images[max(ICO_SIZES)]
    largest.save(
        out / "actiondeck.ico",
        sizes=[(size, size) for size in ICO_SIZES],
        append_images=[images[size] for size in ICO_SIZES if size != max(ICO_SIZES)],
    )
    images[max(ICNS_SIZES)].save(
        out / "actiondeck.icns",
        append_images=[images[size] for size in ICNS_SIZES if size != max(ICNS_SIZES)],
    )
    return out
