"""The files the app and its installers ship, found in every layout the app runs from."""

from __future__ import annotations

import sys
from pathlib import Path
from xml.etree import ElementTree

from desktop import __version__
from desktop.shipped import APP_ID, resource_path, resource_root

ROOT = Path(__file__).resolve().parents[1]


def test_the_card_data_and_the_icon_are_found_from_a_checkout_or_an_install():
    assert resource_path("cards", "twilight-imperium.json").is_file()
    assert resource_path("icons", "actiondeck.svg").is_file()


def test_a_frozen_app_looks_beside_its_frozen_modules(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resource_root() == tmp_path / "desktop" / "resources"


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
