"""Where the files shipped with the app are: card data, icons, themes, the rules pages.

They sit beside the `desktop` package as `desktop/resources` in an installed package and in the
frozen installer bundle (PyInstaller unpacks the same folder next to the frozen modules), and
at the top of a source checkout as `resources/`. This module imports neither Qt nor the engine,
so the app can find its icon before anything heavy loads.
"""

from __future__ import annotations

from pathlib import Path


def resource_root() -> Path:
    package = Path(__file__).resolve().parent
    beside_package = package / "resources"
    if beside_package.is_dir():
        return beside_package
    return package.parent / "resources"


def resource_path(*parts: str) -> Path:
    return resource_root().joinpath(*parts)


def help_root() -> Path:
    """The folder of the rules pages the Help window shows. They are written once, as
    docs/systems/<id>.md; pyproject.toml installs that folder as desktop/resources/help and the
    installer's spec bundles it there, so a checkout reads docs/systems itself: no copy to drift."""
    shipped = resource_root() / "help"
    if shipped.is_dir():
        return shipped
    return Path(__file__).resolve().parent.parent / "docs" / "systems"


APP_ICON = ("icons", "actiondeck.svg")
# The id of the desktop entry and AppStream file; Wayland matches windows to the entry by it.
APP_ID = "io.github.actiondeck.ActionDeck"
