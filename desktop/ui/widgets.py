"""Small helpers shared by the widgets."""

from __future__ import annotations


def discard_widgets(layout, widgets) -> None:
    """Removes widgets at once: one waiting for deleteLater must never be painted or found again."""
    for widget in widgets:
        layout.removeWidget(widget)
        widget.hide()
        widget.setParent(None)
        widget.deleteLater()


def eliding_button(text: str):
    """A push button that, when the panel is too narrow for its text, paints it ending in an
    ellipsis instead of cutting it at both sides. `text()`, the tooltip and the accessible name
    keep the whole text."""
    from PySide6.QtCore import QSize, Qt
    from PySide6.QtWidgets import QPushButton, QSizePolicy, QStyle, QStyleOptionButton, QStylePainter

    class ElidingButton(QPushButton):
        def __init__(self, full: str):
            super().__init__(full)
            self.setToolTip(full)
            self.setAccessibleName(full)
            self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

        def sizeHint(self) -> QSize:
            hint = super().sizeHint()
            return QSize(min(hint.width(), max(self.width(), 80)), hint.height())

        def paintEvent(self, _event) -> None:
            option = QStyleOptionButton()
            self.initStyleOption(option)
            room = self.style().subElementRect(QStyle.SubElement.SE_PushButtonContents, option, self).width() - 6
            option.text = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, max(room, 20))
            painter = QStylePainter(self)
            painter.drawControl(QStyle.ControlElement.CE_PushButton, option)

    return ElidingButton(text)
