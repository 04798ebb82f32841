"""Future Imperfect's own Qt pieces: its card face, a check panel (keys 1-5 take a result), an
odds chart, and clicks on a result of the resolution card (desktop/ui/systems explains how the
main window finds them)."""

from __future__ import annotations

SYSTEM = "future-imperfect"


def paint_face(painter, rect, face, look=None) -> bool:
    """A card's face, from its numbers and the check's marks (both in the face's data)."""
    from desktop.ui.systems.future_imperfect.painter import paint

    return paint(painter, rect, face)


def install(host) -> None:
    """Adds the check panel and the odds chart through the window's host, for this game, and
    draws the cards of this window's table."""
    from desktop.ui.systems.future_imperfect.extension import Extension

    host.paint_cards(face=paint_face)
    Extension(host)
