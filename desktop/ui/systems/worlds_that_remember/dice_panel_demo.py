"""The dice panel on its own, in practice mode with a sample pool, in a column as wide as the
dock's: `python -m desktop.ui.systems.worlds_that_remember.dice_panel_demo [--rolls N]
[--theme light|dark]`."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt

from desktop.rulesets.worlds_that_remember.dice.rolls import Die, Pool
from desktop.ui import palette
from desktop.ui.systems.worlds_that_remember.dice_panel import TITLE, DicePanel


def demo(tags: Sequence[tuple[str, int]] | None = None) -> DicePanel:
    """A panel in practice mode with a sample pool (python -m ...worlds_that_remember.dice_panel_demo)."""
    from desktop.engine import rng
    from desktop.rulesets.worlds_that_remember.dice import tag_die

    sample_tags = tags if tags is not None else [
        (tag_die(approach, name).source, tag_die(approach, name).size)
        for approach, name in (("Careful", "Sneak"), ("Forceful", "Smash"), ("Risky", "Leap"),
                               ("Opportunistic", "Bargain"))
    ] + [("support by Bo", 6)]
    panel = DicePanel(sample_tags, practice_seed=rng.new_seed())
    panel.set_mandatory([Die(4, "Dusk")])
    panel.set_pool(Pool([Die(8, sample_tags[1][0]), Die(8), Die(6, "support by Bo"), Die(12)]))
    return panel


def main(argv: Sequence[str] | None = None) -> int:
    """The demo, as the module's docstring says."""
    import argparse
    import sys

    from PySide6.QtWidgets import QApplication, QScrollArea

    parser = argparse.ArgumentParser(prog="python -m desktop.ui.systems.worlds_that_remember.dice_panel_demo",
                                     description=TITLE)
    parser.add_argument("--rolls", type=int, default=0, help="practice rolls to show at start")
    parser.add_argument("--theme", choices=["light", "dark"], default=None)
    args = parser.parse_args(argv)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    from desktop.ui import style

    style.install()  # the app's focus ring and scroll bars, as in the window
    palette.use(args.theme or palette.saved_choice())
    panel = demo()
    for _ in range(args.rolls):
        panel.roll_button.click()
    window = QScrollArea()
    window.setWindowTitle(TITLE)
    window.setWidget(panel)
    window.setWidgetResizable(True)
    window.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    window.resize(300, 720)
    window.show()
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
