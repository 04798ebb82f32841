"""The small widgets that keep text readable: a fitting label and an eliding button."""

from __future__ import annotations

from desktop.ui.widgets import eliding_button, fitting_label

LONG = ("Ann rolls Shadow Them: d20 + d6 Careful (Sneak) + d12 Opportunistic (Opening) + d6 Careful "
        "(Wayfinder) + d10 Risky (Light-footed) + d12 Opportunistic (Old Songs). Bo may Support.")


def test_a_long_banner_is_set_smaller_then_ends_in_an_ellipsis_never_cut(qtbot):
    label = fitting_label()
    qtbot.addWidget(label)
    label.resize(600, label.fontMetrics().lineSpacing() * 2 + 6)
    label.show()
    base = label.font().pointSizeF()
    label.setText("A short banner.")
    assert label.font().pointSizeF() == base
    label.setText(LONG)
    assert label.heightForWidth(label.width()) <= label.height()  # every line shown is whole
    assert label.text() == LONG and label.toolTip() == LONG  # and the whole is there to read
    label.resize(200, label.height())
    assert label.heightForWidth(label.width()) <= label.height()


def test_an_eliding_button_keeps_its_whole_text_readable(qtbot):
    button = eliding_button("Ann: Resolve Tactical Bombardment on the planet")
    qtbot.addWidget(button)
    button.resize(120, 30)
    button.show()
    assert button.text() == "Ann: Resolve Tactical Bombardment on the planet"
    assert button.text() in button.toolTip() and button.accessibleName() == button.text()
