"""One small dialog that asks everything an action still needs, one question after another.

It walks a prompt: the model's talk (`desktop/model/answering.SeatPrompt`, each answer sent to
the session as it is given; the window opens the dialog without waiting for it, `Asker.open_walk`)
or an engine `Prompt` directly. A choice (a card, a seat, an event...) is a list to
pick from with Enter or a double-click, a confirmation has Yes and No, an order can be rearranged,
a subset ticked, a number or a text typed. Each answer narrows what the rules still allow; the
dialog closes when the action is complete, or when the player cancels or says No.

Every answer comes through one path: the default button of the current question (Return and
Enter reach it through QDialog, a click or a double-click press it). No widget answers from its
own key handler, and a question's widgets are never deleted while an event may still be on its
way to them: they are hidden and handed to `deleteLater`. (Answering from a line edit's
`returnPressed` and then clearing the button box under the same key press aborted the app.)

Every question takes the keyboard: its field (or list, or first box) gets the focus before the
last question's widgets go, and its default button is made the dialog's default once it is in
the dialog. (From the second question the focus was left on nothing, typing was lost, and the
old OK taking its focus with it cleared the new OK's default: Return did nothing.) The dialog is
sized to the whole question at each step, word-wrapped at a readable width.

A `preface` is a confirmation asked before the action's own questions, naming what is about to
happen (a card played by keyboard); a model's talk asks it as its first question (`preface`
set). Its Yes is armed only after `ARM_MS`, so a key pressed twice in a row cannot both open it
and accept it.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.screens import room_of

_VALUE = Qt.ItemDataRole.UserRole
LIST_ROWS = 10  # options shown at once in a choice; more scroll
_Buttons = QDialogButtonBox.StandardButton


class _NoQuestions:
    """A prompt with nothing to ask: a preface alone (a confirmation) is walked with it."""

    cancelled = False

    def next(self):
        return None


NO_QUESTIONS = _NoQuestions()


class QuestionDialog(QDialog):
    ARM_MS = 450  # longer than a double-tap, shorter than reading a card's name
    # The width a question is wrapped at: wide enough for a list's labels, narrow enough that a
    # long question reads as a paragraph (and fits a 1280x720 screen with room around it).
    MIN_WIDTH, MAX_WIDTH = 440, 640
    armed = Signal()  # the preface's Yes can now be pressed

    def __init__(self, title: str, prompt, parent: QWidget | None = None, preface: str = ""):
        super().__init__(parent)
        self.setWindowTitle(title or "Action Deck")
        self.setAccessibleName(title or "Action Deck")
        self.prompt = prompt
        self.preface = preface
        self.setMinimumWidth(self.MIN_WIDTH)
        self._layout = QVBoxLayout(self)
        self.question = QLabel()
        self.question.setWordWrap(True)
        self.question.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        font = self.question.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.question.setFont(font)
        self._layout.addWidget(self.question)
        self.body: QWidget | None = None
        self.buttons: QDialogButtonBox | None = None
        self._read = None
        self._preface_asked = False  # the preface on screen is the prompt's own question

    def run(self) -> bool:
        """Asks every question; True when the action is complete."""
        if not self.start():
            return not self.prompt.cancelled
        return self.exec() == QDialog.DialogCode.Accepted and not self.prompt.cancelled

    def show_current(self) -> None:
        """Shows the prompt's question as it stands now (changed under it: the game moved on)."""
        if not self._show_next():
            self.accept()

    def start(self) -> bool:
        """Puts the first question in place; False when there is nothing to ask."""
        if self.preface:
            self._show_preface(self.preface)
            return True
        return self._show_next()

    # ---- one question ---------------------------------------------------------------------------

    def _replace(self, body: QWidget, buttons: QDialogButtonBox, default: QPushButton,
                 keyboard: QWidget | None = None) -> None:
        """Puts a question's widgets in place of the last one's, which go later, not now.
        `default` answers Return and Enter; `keyboard` takes the focus (the body unless told)."""
        old = [widget for widget in (self.body, self.buttons) if widget is not None]
        self.body, self.buttons = body, buttons
        self._layout.insertWidget(1, body)
        self._layout.addWidget(buttons)
        # Shown now, not at the layout's next turn: a hidden widget cannot take the keyboard.
        body.show()
        buttons.show()
        default.setDefault(True)  # in the dialog now, so the dialog keeps it as its default
        (keyboard or body).setFocus(Qt.FocusReason.OtherFocusReason)
        for widget in old:  # they hold no focus now: hiding them moves it nowhere
            widget.hide()
            self._layout.removeWidget(widget)
            widget.deleteLater()
        self._fit()

    def _fit(self) -> None:
        """Sizes the dialog to show the whole question: wrapped at a width between MIN_WIDTH and
        MAX_WIDTH (never narrower than it already is), as tall as the wrapped words need, and
        never larger than the screen. (Left to adjustSize, a second, longer question was cut.)"""
        self._layout.activate()
        width = min(max(self._layout.sizeHint().width(), self.MIN_WIDTH), self.MAX_WIDTH)
        if self.isVisible():
            width = max(width, self.width())
        height = max(self._layout.totalHeightForWidth(width), self._layout.totalMinimumSize().height())
        screen = room_of(self)
        if screen is not None:
            width, height = min(width, screen.width()), min(height, screen.height())
        self.resize(width, height)

    def _show_preface(self, text: str, asked: bool = False) -> None:
        """A confirmation of what is about to happen; `asked`: the prompt's own question (a
        model's talk asks its preface as a question), answered Yes through the prompt."""
        self._preface_asked = asked
        self.question.setText(text)
        buttons = QDialogButtonBox()
        yes = buttons.addButton(_Buttons.Yes)
        buttons.addButton(_Buttons.No)
        buttons.accepted.connect(self._preface_accepted)
        buttons.rejected.connect(self._cancel)
        yes.setEnabled(False)
        # The keyboard on the dialog itself: Return reaches Yes once it is armed (on the No
        # button, Return would answer No).
        self._replace(QLabel(""), buttons, default=yes, keyboard=self)

        def arm() -> None:
            if self.buttons is buttons:
                yes.setEnabled(True)
                self.armed.emit()

        # Tied to the Yes button: a dialog closed and deleted before the moment passes leaves
        # no timer to touch its deleted button (it failed the next test to process events).
        QTimer.singleShot(self.ARM_MS, yes, arm)

    def _preface_accepted(self) -> None:
        if self._preface_asked:
            self._preface_asked = False
            self.prompt.answer(True)
        self.preface = ""
        if not self._show_next():
            self.accept()

    def _show_next(self) -> bool:
        """Shows the next question; False when there is none left."""
        question = self.prompt.next()
        if question is None:
            return False
        if getattr(question, "preface", False):
            self._show_preface(question.text, asked=True)
            return True
        self.question.setText(question.text)
        buttons = QDialogButtonBox()
        body, self._read = self._body_for(question, buttons)
        default = next(button for button in buttons.buttons() if button.property("answers"))
        self._replace(body, buttons, default, _keyboard_of(body, default))
        return True

    def _body_for(self, question, buttons: QDialogButtonBox):
        kind = question.ask.kind
        if kind == "confirm":
            yes = buttons.addButton(_Buttons.Yes)
            buttons.addButton(_Buttons.No)
            buttons.accepted.connect(self._answered)
            buttons.rejected.connect(self._said_no)
            yes.setProperty("answers", True)
            return QLabel(""), lambda: True
        ok = buttons.addButton(_Buttons.Ok)
        buttons.addButton(_Buttons.Cancel)
        buttons.accepted.connect(self._answered)
        buttons.rejected.connect(self._cancel)
        ok.setProperty("answers", True)  # made the default once in the dialog (see _replace)
        if kind in ("seat", "card", "choice", "order"):
            listing = QListWidget()
            listing.setAccessibleName(question.text)
            for option in question.options:
                item = QListWidgetItem(option.label)
                item.setData(_VALUE, option.value)
                listing.addItem(item)
            listing.setCurrentRow(_opening_row(question))
            if kind == "order":  # the seats, a few: its hint and buttons size the body
                return _order_body(listing)
            _show_rows(listing, LIST_ROWS)
            # A double-click answers; Return and Enter go on to the dialog's default button.
            listing.itemDoubleClicked.connect(lambda _item: ok.click())
            return listing, lambda: listing.currentItem().data(_VALUE)
        if kind == "subset":
            holder = QWidget()
            column = QVBoxLayout(holder)
            boxes = []
            for option in question.options:
                box = QCheckBox(option.label)
                box.setChecked(True)
                box.setAccessibleName(option.label)
                column.addWidget(box)
                boxes.append((option.value, box))
            return holder, lambda: [value for value, box in boxes if box.isChecked()]
        if kind == "number":
            spin = QSpinBox()
            spin.setRange(question.ask.low, question.ask.high)
            # The prompt's initial value is the action's default: 0 is a value, not "missing" (a
            # cost modifier opened at -10 once made every card free).
            spin.setValue(question.initial if isinstance(question.initial, int) else question.ask.low)
            spin.setAccessibleName(question.text)
            return spin, spin.value
        line = QLineEdit(question.initial or "")
        line.setMaxLength(question.ask.limit)
        line.setAccessibleName(question.text)
        ok.setEnabled(bool(line.text().strip()))  # a text the rules ask for is never empty
        line.textChanged.connect(lambda text: ok.setEnabled(bool(text.strip())))
        return line, lambda: line.text().strip()

    def _answered(self) -> None:
        if self._read is None:
            return
        read, self._read = self._read, None  # one answer per question, however many presses
        self.prompt.answer(read())
        if not self._show_next():
            self.accept()

    def _said_no(self) -> None:
        if self._read is None:
            return
        self._read = None
        self.prompt.answer(False)
        self.reject()

    def _cancel(self) -> None:
        self._read = None
        self.reject()


def _opening_row(question) -> int:
    """The row a list opens at: the option the question names (`initial`: a form beside the
    table holds it, or the system's sensible draft), else the first."""
    if question.ask.kind == "order" or question.initial is None:
        return 0
    found = (row for row, option in enumerate(question.options)
             if type(option.value) is type(question.initial) and option.value == question.initial)
    return next(found, 0)


def _keyboard_of(body: QWidget, default: QPushButton) -> QWidget:
    """The widget a question's keys go to: its field or list, the first of its boxes, or (a
    confirmation, nothing to type) its default button."""
    if body.focusPolicy() != Qt.FocusPolicy.NoFocus or body.focusProxy() is not None:
        return body
    boxes = body.findChildren(QCheckBox)
    return boxes[0] if boxes else default


def _show_rows(listing: QListWidget, most: int) -> None:
    """Room for every option up to `most` rows (a longer list scrolls): the dialog is laid out
    again at each question, and a list left to its own size hint showed four rows of fourteen."""
    shown = min(listing.count(), most)
    if shown:
        listing.setMinimumHeight(listing.sizeHintForRow(0) * shown + 2 * listing.frameWidth() + 2)


def _order_body(listing: QListWidget):
    """An order: drag the rows, or move the chosen row with Ctrl+Up and Ctrl+Down (or the
    buttons), as the hint under the list says."""
    from PySide6.QtWidgets import QHBoxLayout, QPushButton

    listing.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
    holder = QWidget()
    column = QVBoxLayout(holder)
    column.setContentsMargins(0, 0, 0, 0)
    column.addWidget(listing)

    def move(step: int) -> None:
        row = listing.currentRow()
        target = row + step
        if 0 <= row < listing.count() and 0 <= target < listing.count():
            listing.insertItem(target, listing.takeItem(row))
            listing.setCurrentRow(target)

    buttons = QHBoxLayout()
    for text, step, key in (("Move &up", -1, "Ctrl+Up"), ("Move &down", 1, "Ctrl+Down")):
        button = QPushButton(text)
        button.setAccessibleName(f"{text.replace('&', '')} the chosen row ({key})")
        button.setAutoDefault(False)
        button.clicked.connect(lambda _=False, s=step: move(s))
        buttons.addWidget(button)
    listing.installEventFilter(_MoveKeys(listing, move))
    column.addLayout(buttons)
    hint = QLabel("Drag a row, or choose it and press Ctrl+Up or Ctrl+Down.")
    hint.setWordWrap(True)
    column.addWidget(hint)
    holder.setFocusProxy(listing)
    return holder, lambda: [listing.item(i).data(_VALUE) for i in range(listing.count())]


class _MoveKeys(QObject):
    """Ctrl+Up and Ctrl+Down on an order's list move its chosen row."""

    def __init__(self, listing: QListWidget, move):
        super().__init__(listing)
        self._move = move

    def eventFilter(self, _watched, event) -> bool:
        if event.type() == QEvent.Type.KeyPress and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            step = {Qt.Key.Key_Up: -1, Qt.Key.Key_Down: 1}.get(event.key())
            if step is not None:
                self._move(step)
                return True
        return False
