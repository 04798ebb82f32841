"""The files the app and its installers ship, found in every layout the app runs from."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

import pytest

from desktop import __version__, shipped
from desktop.shipped import APP_ID, resource_path, resource_root

ROOT = Path(__file__).resolve().parents[1]


def test_the_card_data_and_the_icon_are_found_from_a_checkout_or_an_install():
    assert resource_path("cards", "twilight-imperium.json").is_file()
    assert resource_path("icons", "actiondeck.svg").is_file()


def fake_layout(root: Path, resources: Path, monkeypatch) -> None:
    """Makes desktop.shipped believe it was loaded from root/desktop, with `resources` present."""
    (resources / "cards").mkdir(parents=True)
    (root / "desktop").mkdir(parents=True, exist_ok=True)
    monkeypatch.setattr(shipped, "__file__", str(root / "desktop" / "shipped.py"))


def test_an_installed_or_frozen_app_reads_the_folder_beside_its_package(monkeypatch, tmp_path):
    # site-packages/desktop/resources after pip install; _internal/desktop/resources when frozen
    fake_layout(tmp_path, tmp_path / "desktop" / "resources", monkeypatch)
    assert resource_root() == tmp_path / "desktop" / "resources"


def test_a_checkout_reads_the_resources_folder_at_its_top(monkeypatch, tmp_path):
    fake_layout(tmp_path, tmp_path / "resources", monkeypatch)
    assert resource_root() == tmp_path / "resources"


def test_the_appstream_file_has_release_notes_for_this_version():
    metainfo = ROOT / "installer" / "linux" / f"{APP_ID}.metainfo.xml"
    component = ElementTree.parse(metainfo).getroot()
    assert component.findtext("id") == APP_ID
    newest = component.find("releases/release")
    assert newest is not None and newest.get("version") == __version__, (
        "add a <release> for this version at the top of the metainfo's <releases>"
    )


def test_the_desktop_entry_names_the_same_app_id():
    entry = ROOT / "installer" / "linux" / f"{APP_ID}.desktop"
    assert f"Icon={APP_ID}\n" in entry.read_text()


def test_missing_card_data_is_reported_in_one_sentence(monkeypatch, tmp_path):
    from desktop.engine import SetupError
    from desktop.rulesets.twilight_imperium import cards

    monkeypatch.setattr(cards, "_DECKS", {})
    monkeypatch.setattr(cards, "resource_path", lambda *parts: tmp_path.joinpath(*parts))
    with pytest.raises(SetupError, match="missing .*; reinstall Action Deck"):
        cards.builtin_deck()


def test_every_package_of_the_app_is_installed():
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    folders = {
        path.parent for path in (ROOT / "desktop").rglob("*.py") if "__pycache__" not in path.parts
    }
    without_init = sorted(str(f.relative_to(ROOT)) for f in folders if not (f / "__init__.py").exists())
    assert without_init == [], "a folder of modules needs an __init__.py to be installed"
    found = {".".join(folder.relative_to(ROOT).parts) for folder in folders}
    assert found - listed == set(), "add these packages to pyproject.toml"
