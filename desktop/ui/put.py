"""Changing a kept widget only where it differs: a Qt setter always lays out or repaints, and a
tooltip or an accessible name set again is sent again as an event (to a screen reader too). The
panels that keep their widgets from one change to the next set them through these."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget


def put_text(widget, text: str) -> None:
    if widget.text() != text:
        widget.setText(text)


def put_tip(widget, tip: str) -> None:
    if widget.toolTip() != tip:
        widget.setToolTip(tip)


def put_accessible_name(widget, name: str) -> None:
    if widget.accessibleName() != name:
        widget.setAccessibleName(name)


def put_name(widget, name: str) -> None:
    if widget.objectName() != name:
        widget.setObjectName(name)


def put_shown(widget: QWidget, shown: bool) -> None:
    """Shows or hides `widget` (its own flag: the dock may be hidden as a whole). Every widget
    here is hidden outright when made, so a layout never shows it on its own later."""
    if widget.isHidden() == shown:
        widget.setVisible(shown)


def put_enabled(widget: QWidget, enabled: bool) -> None:
    # Its own flag: behind the curtain the whole dock is disabled, and that is not this widget's.
    if widget.isEnabledTo(widget.parentWidget()) != enabled:
        widget.setEnabled(enabled)
