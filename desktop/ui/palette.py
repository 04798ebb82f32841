"""Every colour of the app, in one place, for a light and a dark theme.

The theme follows the system's colour scheme (Qt's style hints) unless the player picks one.
Card faces stay light in both themes, like printed cards; the table, panels and text follow the
theme. Card tones are named by the ruleset ("gold", "red"...) and become colours only here.
"""

from __future__ import annotations

import functools

from PySide6.QtGui import QColor, QPalette

_THEMES = {
    "light": {
        "felt": "#244a37", "felt_ink": "#f4efe1", "zone": "#ffffff", "zone_alpha": 38,
        "zone_edge": "#cfe3d6", "legal": "#8be28f", "refused": "#ff8a80", "focus": "#ffd54f",
        "problem": "#9b2226", "problem_ink": "#ffffff", "notice": "#1f4e79", "notice_ink": "#ffffff",
        "curtain": "#141b2d", "curtain_ink": "#f2ead3", "refusal_text": "#b3261e",
    },
    "dark": {
        "felt": "#1d3529", "felt_ink": "#e8e2d0", "zone": "#ffffff", "zone_alpha": 22,
        "zone_edge": "#5f8a70", "legal": "#66bb6a", "refused": "#ef5350", "focus": "#ffca28",
        "problem": "#b3261e", "problem_ink": "#ffffff", "notice": "#2b5f8f", "notice_ink": "#ffffff",
        "curtain": "#0b0f1a", "curtain_ink": "#f2ead3", "refusal_text": "#ff8a80",
    },
}

FACE = QColor("#fbf7ee")
INK = QColor("#1d1d1f")
CARD_EDGE = QColor("#8c8577")
BACK = QColor("#23325a")
BACK_INK = QColor("#d8c98f")
TITLE_INK = QColor("#ffffff")
# A search's marks in a text read (the Help window): every hit, the one moved to, and the ink on
# them, dark on the light marks in either theme.
SEARCH_HIT, SEARCH_CURRENT, SEARCH_INK = QColor("#fff176"), QColor("#ffb74d"), INK

TONES = {
    "gold": QColor("#85620e"),
    "red": QColor("#b3261e"),
    "blue": QColor("#3b6ea8"),
    "grey": QColor("#5f5f5f"),
    "green": QColor("#3f7a3a"),
    "purple": QColor("#6a4c93"),
    "plain": QColor("#6e6452"),
}

_current = {"name": "light", "generation": 0}


def tone(name: str) -> QColor:
    return TONES.get(name, TONES["plain"])


def theme() -> str:
    return _current["name"]


def generation() -> int:
    """Bumps when the theme changes, so cached pixmaps are drawn again."""
    return _current["generation"]


def color(name: str) -> QColor:
    value = _THEMES[_current["name"]][name]
    return QColor(value) if isinstance(value, str) else value


def zone_on_felt() -> QColor:
    """A zone's colour at its alpha laid over the felt: the same colour, opaque (cheaper to paint
    than a translucent fill, and the felt under a zone is always plain)."""
    return QColor(_zone_on_felt(_current["name"]))


@functools.lru_cache(maxsize=len(_THEMES))
def _zone_on_felt(theme: str) -> QColor:
    felt, zone = QColor(_THEMES[theme]["felt"]), QColor(_THEMES[theme]["zone"])
    share = _THEMES[theme]["zone_alpha"] / 255
    return QColor.fromRgbF(*(f + (z - f) * share for f, z in zip(felt.getRgbF()[:3], zone.getRgbF()[:3])))


def css(name: str) -> str:
    return _THEMES[_current["name"]][name]


def alpha(name: str) -> int:
    return _THEMES[_current["name"]][name]


def system_theme() -> str:
    """"dark" when the system asks for a dark colour scheme, else "light"."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance()
    if app is None:
        return "light"
    if not _current.get("set"):
        # Before the app's own palette is set, the system's palette says it: asking for the
        # colour scheme would build every enum of Qt's namespace (about 35 ms) before the window
        # is first painted. A change later comes with the scheme itself.
        window = app.palette().color(QPalette.ColorRole.Window)
        return "dark" if window.lightness() < 128 else "light"
    scheme = app.styleHints().colorScheme()
    if scheme == Qt.ColorScheme.Dark:
        return "dark"
    if scheme == Qt.ColorScheme.Light:
        return "light"
    window = app.palette().color(QPalette.ColorRole.Window)
    return "dark" if window.lightness() < 128 else "light"


def use(name: str | None = None) -> str:
    """Switches to a theme ("light", "dark", or None: the system's) and sets the app's palette."""
    from PySide6.QtGui import QGuiApplication

    chosen = name or system_theme()
    if chosen not in _THEMES:
        chosen = "light"
    if chosen != _current["name"]:
        _current["generation"] += 1
    _current["name"] = chosen
    app = QGuiApplication.instance()
    if app is not None:
        app.setPalette(_qt_palette(chosen))
        _current["set"] = True
    return chosen


def _qt_palette(name: str) -> QPalette:
    roles = QPalette.ColorRole
    if name == "light":
        colors = {
            roles.Window: "#efece6", roles.WindowText: "#1d1d1f", roles.Base: "#ffffff",
            roles.AlternateBase: "#f4f1ea", roles.Text: "#1d1d1f", roles.Button: "#e7e3da",
            roles.ButtonText: "#1d1d1f", roles.Highlight: "#1f5fa8", roles.HighlightedText: "#ffffff",
            roles.ToolTipBase: "#fffbe8", roles.ToolTipText: "#1d1d1f", roles.PlaceholderText: "#6b6b6b",
            roles.Link: "#1f5fa8", roles.BrightText: "#ffffff",
        }
    else:
        colors = {
            roles.Window: "#202226", roles.WindowText: "#ececec", roles.Base: "#16181b",
            roles.AlternateBase: "#26292e", roles.Text: "#ececec", roles.Button: "#2d3036",
            roles.ButtonText: "#ececec", roles.Highlight: "#4f8fd8", roles.HighlightedText: "#0b0b0b",
            roles.ToolTipBase: "#2d3036", roles.ToolTipText: "#ececec", roles.PlaceholderText: "#9a9a9a",
            roles.Link: "#8ab4f8", roles.BrightText: "#ffffff",
        }
    palette = QPalette()
    for role, value in colors.items():
        palette.setColor(role, QColor(value))
    disabled = QColor("#8a8a8a") if name == "light" else QColor("#6f6f6f")
    for role in (roles.WindowText, roles.Text, roles.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return palette


def saved_choice() -> str | None:
    """The theme the player picked in the View menu (None: follow the system)."""
    from desktop.ui import settings

    value = settings.get("theme")
    return value if value in _THEMES else None


def save_choice(name: str | None) -> None:
    from desktop.ui import settings

    settings.put("theme", name or "")
