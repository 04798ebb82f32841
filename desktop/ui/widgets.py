"""Small helpers shared by the widgets."""

from __future__ import annotations


def discard_widgets(layout, widgets) -> None:
    """Removes widgets at once: one waiting for deleteLater must never be painted or found again."""
    for widget in widgets:
        layout.removeWidget(widget)
        widget.hide()
        widget.setParent(None)
        widget.deleteLater()
