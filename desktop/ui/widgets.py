"""Small helpers shared by the widgets, and the widgets that keep text readable."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QRect, QSize, Qt, QTimer
from PySide6.QtWidgets import (
    QPushButton,
    QSizePolicy,
    QStyle,
    QStyleOptionButton,
    QStylePainter,
    QVBoxLayout,
    QWidget,
)


def discard_widgets(layout, widgets) -> None:
    """Removes widgets at once: one waiting for deleteLater must never be painted or found again."""
    for widget in widgets:
        layout.removeWidget(widget)
        widget.hide()
        widget.setParent(None)
        widget.deleteLater()


# The changes that change what a button's words need (its fitted text, its height for a width,
# its room at a width); a new parent may give it another font or make it a dialog's default.
_REFITS = frozenset({QEvent.Type.FontChange, QEvent.Type.StyleChange, QEvent.Type.ApplicationFontChange,
                     QEvent.Type.LayoutDirectionChange, QEvent.Type.ParentChange})
# Words as they fit a room, shared by every button of one font: when an entry of the actions
# panel goes, each text below passes to the button above, and each of those buttons worked out
# again, at every width a layout asked, words another button had fitted the action before.
_SHARED_FITS: dict[tuple[str, int, str, int], str] = {}  # (font key, lines, text, room) -> the text as it fits


class ElidingButton(QPushButton):
    """A push button that, when its panel is too narrow for its text, sets it on two lines, and
    only past that ends it in an ellipsis instead of cutting it off (or pushing the panel wider
    than its window): "Ann: Take the next ste..." read as nothing at 1280x720. `text()` and
    the accessible name keep the whole text, and so does the tooltip whenever it is cut."""

    LINES = 2

    def __init__(self, full: str = ""):
        super().__init__(full)
        self._tip = ""
        self._named = None
        self._tip_for = None  # (text, width) the tooltip was worked out for
        # What its words need, for the text, font and style it has now (forgotten when one of
        # them changes): a layout asks each button its height for a width ten times or more
        # whenever any button of its panel changes, and an action changes several.
        self._fitted: dict[int, str] = {}  # width -> the text as it fits, lines joined by "\n"
        self._heights: dict[int, int] = {}  # width -> its height at that width
        self._hint: QSize | None = None  # QPushButton's own size hint
        self._rooms: dict[int, int] = {}  # width -> its words' room (not its words': kept at a new text)
        # Its height follows its width (a second line where one is too narrow): a fixed height
        # was held at the one line a layout had read first, and the second line was cut off.
        policy = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setText(full)

    def setText(self, text: str) -> None:
        if text == self.text() and self._named is not None:
            return
        super().setText(text)
        self._forget()
        if not self.accessibleName() or self.accessibleName() == self._named:
            self._named = text
            self.setAccessibleName(text)
        self._show_tip()

    def setToolTip(self, tip: str) -> None:
        if tip != self._tip:
            self._tip = tip
            self._tip_for = None
            self._show_tip()

    def _room(self, width: int) -> int:
        """The width its words have inside a button `width` pixels wide."""
        option = QStyleOptionButton()
        self.initStyleOption(option)
        option.rect = QRect(0, 0, width, max(self.height(), 10))
        room = self.style().subElementRect(QStyle.SubElement.SE_PushButtonContents, option, self).width() - 6
        return max(room, 20)

    def _fit(self, width: int) -> str:
        """The text as it fits a button `width` wide: whole on one line, or its words on two
        lines, the second ending in "..." if it must. Worked out once per text, width and font:
        a panel's buttons are painted far more often than their words change."""
        shown = self._fitted.get(width)
        if shown is not None:
            return shown
        room = self._rooms.get(width)
        if room is None:
            if len(self._rooms) > 64:
                self._rooms.clear()
            room = self._rooms[width] = self._room(width)
        key = (self.font().key(), self.LINES, self.text(), room)
        shown = _SHARED_FITS.get(key)
        if shown is None:
            shown = self._fit_words(room)
            if len(_SHARED_FITS) > 4096:
                _SHARED_FITS.clear()
            _SHARED_FITS[key] = shown
        if len(self._fitted) > 64:
            self._fitted.clear()
        self._fitted[width] = shown
        return shown

    def _fit_words(self, room: int) -> str:
        text, metrics = self.text(), self.fontMetrics()
        shown = text
        if metrics.horizontalAdvance(text) > room:
            words = text.split(" ")
            heads = (" ".join(words[:count]) for count in range(len(words) - 1, 0, -1))
            head = next((head for head in heads if metrics.horizontalAdvance(head) <= room), "")
            if head and self.LINES > 1:
                rest = text[len(head):].strip()
                shown = head + "\n" + metrics.elidedText(rest, Qt.TextElideMode.ElideRight, room)
            else:
                shown = metrics.elidedText(text, Qt.TextElideMode.ElideRight, room)
        return shown

    def _forget(self) -> None:
        self._fitted.clear()
        self._heights.clear()
        self._hint = None

    def changeEvent(self, event) -> None:
        if event.type() in _REFITS:
            self._forget()
            self._rooms.clear()
        super().changeEvent(event)

    def _own_hint(self) -> QSize:
        if self._hint is None:
            self._hint = super().sizeHint()
        return self._hint

    def _shown_text(self) -> str:
        return self._fit(self.width())

    def _show_tip(self) -> None:
        if self._tip_for == (self.text(), self.width()):
            return
        self._tip_for = (self.text(), self.width())
        cut = self._shown_text().replace("\n", " ") != self.text()
        whole = self.text().replace("&", "")
        tip = self._tip if not cut or whole in self._tip else "\n".join(t for t in (whole, self._tip) if t)
        super().setToolTip(tip or (whole if cut else ""))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._show_tip()

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        height = self._heights.get(width)
        if height is None:
            lines = self._fit(width).count("\n")
            height = self._own_hint().height() + lines * self.fontMetrics().lineSpacing()
            if len(self._heights) > 64:
                self._heights.clear()
            self._heights[width] = height
        return height

    def sizeHint(self) -> QSize:
        hint = self._own_hint()
        width = self.width()
        height = self.heightForWidth(width) if width > 20 else hint.height()
        return QSize(min(hint.width(), max(width, 80)), height)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()  # QPushButton's least size is its size hint (read through this one)

    def paintEvent(self, _event) -> None:
        option = QStyleOptionButton()
        self.initStyleOption(option)
        option.text = self._shown_text()
        QStylePainter(self).drawControl(QStyle.ControlElement.CE_PushButton, option)


def wrap_narrow(label) -> None:
    """Word-wraps `label`, never widening its panel, and still gives it the lines its text needs
    at the width it gets: a size policy set after `setWordWrap` drops the height-for-width that
    word wrap set, and a layout then gives the label the height of its text at its preferred width
    (a third line cut off once a scroll bar narrowed the panel)."""
    label.setWordWrap(True)
    policy = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
    policy.setHeightForWidth(True)
    label.setSizePolicy(policy)


def panel_label(text: str = "", bold: bool = False, quiet: bool = False):
    """A line of a system's panel: plain text (a card's name never read as markup), wrapped, never
    widening its panel; `quiet` greys it like the disabled button it explains."""
    from PySide6.QtWidgets import QLabel

    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    wrap_narrow(label)
    if bold:
        font = label.font()
        font.setBold(True)
        label.setFont(font)
    if quiet:
        label.setEnabled(False)
    return label


class KeepsTallest:
    """For a QWidget (listed before it among the bases): it keeps the most height it has needed
    at its width as its least height. A part of a column whose lines come and go from action to
    action (a button taking a second line, a reason shown under it) otherwise moved every widget
    below it, each of which was laid out and painted again. Its own layout should end in a
    stretch, so that the room kept stays empty under its widgets. Each width keeps its own (the
    words wrap otherwise at another, and a scroll bar coming and going changes the width);
    `forget_height` starts again from what it needs then.

    The least height is set after the resize that showed the need, in the next turn of the event
    loop: set from inside the resize (while the layout above is placing its widgets) it resized
    the widget again within that layout's work, which crashed Qt as a window closed."""

    _tallest: dict[int, int] | None = None  # width -> the most height needed at that width
    _keep_asked = False

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if not self._keep_asked:
            self._keep_asked = True
            QTimer.singleShot(0, self, self._keep)

    def _keep(self) -> None:
        self._keep_asked = False
        if not shiboken6.isValid(self):
            return
        width = self.width()
        # What its contents need at this width (its layout's answer, not the height it was
        # given, which may be a passing one while the window is first laid out).
        need = self.heightForWidth(width) if self.hasHeightForWidth() else -1
        if need < 0:
            need = self.sizeHint().height()
        if self._tallest is None or len(self._tallest) > 16:
            self._tallest = {}
        most = self._tallest[width] = max(self._tallest.get(width, 0), need)
        if self.minimumHeight() != most:
            self.setMinimumHeight(most)

    def forget_height(self) -> None:
        self._tallest = None
        if self.minimumHeight():
            self.setMinimumHeight(0)


class SteadySection(KeepsTallest, QWidget):
    """A part of a panel's column that keeps the most height it has needed (`KeepsTallest`):
    its widgets go in `column`, above the stretch that holds the room kept."""

    def __init__(self, name: str = "", spacing: int = 4):
        super().__init__()
        self.setObjectName(name)
        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(0, 0, 0, 0)
        self.column.setSpacing(spacing)
        self.column.addStretch(1)

    def add(self, widget: QWidget) -> None:
        """Adds `widget` after the others (before the stretch)."""
        self.column.insertWidget(self.column.count() - 1, widget)


class PanelColumn(QWidget):
    """A system panel's contents: a column of lines and buttons rebuilt from the view at each
    change (`clear` empties it, `label` adds a line)."""

    def __init__(self, name: str, spacing: int = 4):
        super().__init__()
        self.setObjectName(name)
        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(6, 6, 6, 6)
        self.column.setSpacing(spacing)

    def clear(self) -> None:
        while self.column.count():
            item = self.column.takeAt(0)
            if item.widget() is not None:
                item.widget().hide()
                item.widget().deleteLater()

    def label(self, text: str, bold: bool = False, quiet: bool = False):
        label = panel_label(text, bold, quiet)
        self.column.addWidget(label)
        return label


def eliding_button(text: str = "") -> ElidingButton:
    return ElidingButton(text)


def fitting_label():
    """A word-wrapped label that keeps its text inside the height it is given: a text too long
    for its lines is set smaller (down to three quarters of its font), and what still does not
    fit ends in an ellipsis, the whole text in the tooltip (`text()` gives it whole too)."""
    from PySide6.QtWidgets import QLabel

    class FittingLabel(QLabel):
        SMALLEST = 0.75

        def __init__(self):
            super().__init__()
            self.setWordWrap(True)
            self._base = None
            self._full = ""

        def text(self) -> str:
            return self._full

        def setText(self, text: str) -> None:
            if text == self._full:
                return  # fitted already, for this size (a resize fits it again)
            self._full = text
            self.setToolTip(text)
            self._fit()

        def resizeEvent(self, event) -> None:
            super().resizeEvent(event)
            self._fit()

        def _too_tall(self) -> bool:
            return self.heightForWidth(max(1, self.width())) > self.height()

        def _fit(self) -> None:
            if self._base is None:
                self._base = self.font().pointSizeF()
            font = self.font()
            size = self._base
            font.setPointSizeF(size)
            self.setFont(font)
            QLabel.setText(self, self._full)
            while self._too_tall() and size > self._base * self.SMALLEST:
                size -= 0.5
                font.setPointSizeF(size)
                self.setFont(font)
            if not self._too_tall():
                return
            low, high = 0, len(self._full)  # the longest start of the text that fits, with "..."
            while low < high:
                middle = (low + high + 1) // 2
                QLabel.setText(self, self._full[:middle].rstrip() + "\u2026")
                if self._too_tall():
                    high = middle - 1
                else:
                    low = middle
            QLabel.setText(self, self._full[:low].rstrip() + "\u2026")

    return FittingLabel()
