"""The frozen app's entry point: the same `actiondeck` command that pip installs.

One more mode, for installer/build.py only: with ACTIONDECK_BUNDLE_PROBE=odds the bundle draws
the dice-odds panel offscreen instead of starting, which proves that what the app imports only
when the odds are first asked for (icepool) made it into the bundle and works there, and that
the charts paint their bars there; the smoke test never opens that panel.
"""

import os
import sys

from desktop.cli import main


def odds_probe() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QApplication

    from desktop.rulesets.worlds_that_remember.dice import Die, Pool, pool_odds
    from desktop.ui import palette
    from desktop.ui.systems.worlds_that_remember.dice_panel import DicePanel

    app = QApplication(sys.argv[:1])
    panel = DicePanel([("tag probe", 8)], practice_seed=7)
    panel.set_mandatory([Die(4, "probe")])
    panel.set_pool(Pool([Die(8), Die(12), Die(12)]))
    panel.resize(300, 1000)
    panel.show()
    # The panel works the odds out once icepool is in, loaded on a thread of its own.
    import time

    deadline = time.monotonic() + 60
    while "axes" not in panel.chart_values() and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    odds = pool_odds(panel.pool())
    drawn = panel.chart_values()
    if "axes" not in drawn:
        raise SystemExit("odds probe: the panel never showed the odds (icepool did not load)")
    for axis, bands in odds.bands.items():
        for band, chance in bands.items():
            if abs(drawn["axes"][axis][band] - float(chance)) > 1e-12:
                raise SystemExit(f"odds probe: the {axis} {band} bar is wrong")
    # The bars painted in their tones (the Aspect chart's high band is gold).
    image = panel.axes_chart.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    gold = palette.tone("gold").rgb()
    if not any(image.pixel(x, y) == gold for y in range(image.height()) for x in range(image.width())):
        raise SystemExit("odds probe: the charts painted no bar")
    panel.roll_button.click()
    if panel.history.count() != 1 or panel.grab().isNull():
        raise SystemExit("odds probe: the practice roll or the drawing failed")
    import icepool

    print(f"odds probe passed: icepool {icepool.__version__}", flush=True)
    return 0


if __name__ == "__main__":
    if os.environ.get("ACTIONDECK_BUNDLE_PROBE") == "odds":
        sys.exit(odds_probe())
    sys.exit(main())
