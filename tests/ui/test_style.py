"""The app's style: a focus ring a player sees from across the table, and scroll bars whose
handle reads against their groove, in both themes."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.ui import palette, style


def close_to(one: QColor, two: QColor, slack: int = 40) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(one.getRgb()[:3], two.getRgb()[:3]))


def ringed(widget) -> bool:
    """Whether the widget's edge, just inside its left side, shows the focus colour, as the
    window shows it (the ring is a widget of its own, laid over the focused one)."""
    image = widget.parentWidget().grab(widget.geometry()).toImage()
    ring = palette.color("focus")
    middle = image.height() // 2
    return any(close_to(image.pixelColor(x, middle), ring) for x in range(0, style.RING_WIDTH + 1))


@pytest.fixture
def form(qtbot):
    style.install()
    holder = QWidget()
    qtbot.addWidget(holder)
    layout = QVBoxLayout(holder)
    widgets = [QPushButton("Play"), QCheckBox("Secret plan"), QLineEdit("Ann"), QPushButton("Pass")]
    for widget in widgets:
        layout.addWidget(widget)
    holder.show()
    qtbot.waitExposed(holder)
    yield widgets
    holder.close()  # held until here: the widgets are its children


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("index", [0, 1, 2])
def test_the_focused_control_and_only_it_wears_the_ring(qapp, qtbot, form, theme, index):
    palette.use(theme)
    try:
        form[index].setFocus()
        qtbot.waitUntil(form[index].hasFocus)
        assert ringed(form[index])
        assert not any(ringed(other) for other in form if other is not form[index])
    finally:
        palette.use("light")


def _long_log(qtbot) -> QPlainTextEdit:
    """A log of 200 lines, shown at 300x200."""
    log = QPlainTextEdit()
    qtbot.addWidget(log)
    log.resize(300, 200)
    log.setPlainText("\n".join(f"line {n}" for n in range(200)))
    log.show()
    qtbot.waitExposed(log)
    return log


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_scroll_bar_handle_reads_against_its_groove(qapp, qtbot, theme):
    style.install()
    palette.use(theme)
    try:
        log = _long_log(qtbot)
        bar = log.verticalScrollBar()
        bar.setValue(0)
        image = bar.grab().toImage()
        x = image.width() // 2
        handle = image.pixelColor(x, image.height() // 6)  # the handle sits at the top
        groove = image.pixelColor(x, image.height() * 5 // 6)
        gap = sum(abs(a - b) for a, b in zip(handle.getRgb()[:3], groove.getRgb()[:3]))
        assert gap >= 3 * 60, f"handle {handle.name()} against groove {groove.name()}"
    finally:
        palette.use("light")


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("where", ["top", "bottom"])
def test_a_scroll_bar_paints_every_pixel_of_itself_so_nothing_under_it_is_painted_with_it(qapp, qtbot, theme, where):
    """A scroll bar is opaque to Qt (its panel is not painted again under it at each change of its
    range): its style must then fill the whole of it, or what was under it would show through."""
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtGui import QPixmap

    style.install()
    palette.use(theme)
    try:
        log = _long_log(qtbot)
        bar = log.verticalScrollBar()
        bar.setValue(0 if where == "top" else bar.maximum())
        assert bar.testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        marked = QPixmap(bar.size())
        marked.fill(QColor("#ff00ff"))
        bar.render(marked, QPoint(), bar.rect(), QWidget.RenderFlag.DrawChildren)  # its own paint alone
        image = marked.toImage()
        assert not any(image.pixelColor(x, y).name() == "#ff00ff"
                       for x in range(image.width()) for y in range(image.height()))
    finally:
        palette.use("light")


def test_the_app_style_is_installed_once_and_kept(qapp):
    first = style.install()
    assert style.install() is first and qapp.style() is first


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", [(222, 124), (20, 20), (300, 33)])
def test_a_group_box_frame_looks_like_fusions(qapp, theme, size):
    """The app draws the group box frame itself (Fusion's costs 0.45 ms a box); over the
    window it must look like Fusion's, within a few levels of grey."""
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QPainter, QPalette, QPixmap
    from PySide6.QtWidgets import QStyle, QStyleFactory, QStyleOptionFrame

    palette.use(theme)
    try:
        window = qapp.palette().color(QPalette.ColorRole.Window)
        width, height = size
        images = []
        for drawer in (style.TableStyle().group_boxes, QStyleFactory.create("Fusion")):
            picture = QPixmap(width + 10, height + 10)
            picture.fill(window)
            option = QStyleOptionFrame()
            option.rect = QRect(5, 5, width, height)
            option.palette = qapp.palette()
            painter = QPainter(picture)
            drawer.drawPrimitive(QStyle.PrimitiveElement.PE_FrameGroupBox, option, painter, None)
            painter.end()
            images.append(picture.toImage())
        mine, fusions = images
        assert mine.pixelColor(5 + width // 2, 6) != window  # a frame was drawn at all
        worst = max(
            max(abs(a - b) for a, b in zip(mine.pixelColor(x, y).getRgb()[:3], fusions.pixelColor(x, y).getRgb()[:3]))
            for y in range(height + 10) for x in range(width + 10)
        )
        assert worst <= 4
    finally:
        palette.use("light")


def test_an_editable_combo_box_wears_the_ring_around_the_box(qapp, qtbot):
    from PySide6.QtWidgets import QComboBox

    style.install()
    holder = QWidget()
    qtbot.addWidget(holder)
    layout = QVBoxLayout(holder)
    combo = QComboBox()
    combo.setEditable(True)
    combo.addItems(["Ann", "Bo"])
    layout.addWidget(combo)
    layout.addWidget(QPushButton("Play"))
    holder.show()
    qtbot.waitExposed(holder)
    combo.setFocus()
    qtbot.waitUntil(lambda: combo.lineEdit().hasFocus())
    assert ringed(combo)


def test_the_ring_comes_back_after_the_window_it_lay_in_is_gone(qapp, qtbot):
    """The ring lies among the focused widget's siblings, so it goes when their window goes; the
    next focused control still gets one."""
    style.install()
    for round_ in range(2):
        holder = QWidget()
        layout = QVBoxLayout(holder)
        button = QPushButton(f"Play {round_}")
        layout.addWidget(button)
        layout.addWidget(QPushButton("Pass"))
        holder.show()
        qtbot.waitExposed(holder)
        holder.activateWindow()
        button.setFocus()
        qtbot.waitUntil(button.hasFocus)
        assert ringed(button)
        holder.close()
        holder.deleteLater()
        qtbot.waitUntil(holder.isHidden)


def test_scroll_bars_and_group_boxes_are_drawn_by_their_own_styles(qapp, qtbot):
    """The application's style draws nothing in Python (each such call is paid by every control
    of every paint): a scroll bar and a group box get styles of their own when first shown."""
    from PySide6.QtWidgets import QGroupBox

    app_style = style.install()
    holder = QWidget()
    qtbot.addWidget(holder)
    layout = QVBoxLayout(holder)
    box = QGroupBox("Ann")
    log = QPlainTextEdit("\n".join(f"line {n}" for n in range(100)))
    button = QPushButton("Play")
    for widget in (box, log, button):
        layout.addWidget(widget)
    holder.show()
    qtbot.waitExposed(holder)
    assert box.style() is app_style.group_boxes
    assert log.verticalScrollBar().style() is app_style.scroll_bars
    assert button.style() is app_style
    assert "drawControl" not in vars(type(app_style)) and "drawPrimitive" not in vars(type(app_style))


def test_a_focused_control_taken_away_leaves_the_ring_harmless(qapp, qtbot):
    """An offer's button can go while it has the focus (the offers changed): the ring lets go of
    it, and the next focused control wears it."""
    style.install()
    holder = QWidget()
    qtbot.addWidget(holder)
    layout = QVBoxLayout(holder)
    going, staying = QPushButton("Ann: Play a card"), QPushButton("Pass")
    layout.addWidget(going)
    layout.addWidget(staying)
    holder.show()
    qtbot.waitExposed(holder)
    going.setFocus()
    qtbot.waitUntil(going.hasFocus)
    going.deleteLater()
    qtbot.waitUntil(lambda: len(holder.findChildren(QPushButton)) == 1)
    holder.repaint()  # nothing left points at the deleted button
    staying.setFocus()
    qtbot.waitUntil(staying.hasFocus)
    assert ringed(staying)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_tool_bar_looks_as_fusion_draws_it(qapp, qtbot, theme):
    """The window's tool bar draws Fusion's shaded background from a picture made once (Fusion
    fills the whole width with a gradient at every paint, 1.7 ms): the same pixels."""
    from PySide6.QtWidgets import QLabel, QMainWindow, QStyleFactory

    app_style = style.install()
    palette.use(theme)
    try:
        images = []
        for drawer in (None, QStyleFactory.create("Fusion")):
            window = QMainWindow()
            qtbot.addWidget(window)
            bar = window.addToolBar("Game")
            for text in ("Undo", "Redo", "Save"):
                bar.addAction(text)
            window.setCentralWidget(QLabel("table"))
            window.resize(900, 300)
            window.show()
            qtbot.waitExposed(window)
            if drawer is not None:
                bar.setStyle(drawer)
            else:
                assert bar.style() is app_style.tool_bars
            images.append(bar.grab().toImage())
        assert images[0] == images[1]
    finally:
        palette.use("light")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_check_box_and_a_radio_button_show_their_edge_on_both_themes(qapp, qtbot, theme):
    """Fusion's edge for a check box is the window darkened: on the dark theme "Played by the
    app" had no visible box. The edge must stand out from the window around it."""
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QRadioButton

    style.install()
    palette.use(theme)
    try:
        holder = QWidget()
        qtbot.addWidget(holder)
        layout = QVBoxLayout(holder)
        boxes = [QCheckBox("Played by the app"), QRadioButton("Ann")]
        for box in boxes:
            layout.addWidget(box)
        holder.show()
        qtbot.waitExposed(holder)
        window = qapp.palette().color(QPalette.ColorRole.Window)
        for box in boxes:
            image = box.grab().toImage()
            middle = image.height() // 2
            edge = max((image.pixelColor(x, middle) for x in range(0, 4)),
                       key=lambda colour: sum(abs(a - b) for a, b in zip(colour.getRgb()[:3], window.getRgb()[:3])))
            gap = sum(abs(a - b) for a, b in zip(edge.getRgb()[:3], window.getRgb()[:3]))
            assert gap >= 3 * 60, f"{type(box).__name__}: edge {edge.name()} on {window.name()}"
    finally:
        palette.use("light")
