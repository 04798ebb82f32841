"""The .deb: a launcher on PATH, a menu entry, AppStream data and icons, all valid."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from desktop import __version__
from desktop.shipped import APP_ID

HICOLOR_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


@pytest.fixture
def root(deb_root) -> Path:
    if deb_root is None:
        pytest.skip("tests of the .deb: set ACTIONDECK_DEB")
    return deb_root


def validator(name: str, package: str) -> str:
    path = shutil.which(name)
    assert path, f"{name} is missing: install the Debian package {package}"
    return path


def test_the_launcher_on_path_leads_into_the_bundle(root):
    launcher = root / "usr" / "bin" / "actiondeck"
    assert launcher.is_symlink() and not os.readlink(launcher).startswith("/")
    assert launcher.resolve() == (root / "usr" / "lib" / "actiondeck" / "actiondeck").resolve()
    assert os.access(launcher, os.X_OK)


def test_the_menu_entry_is_valid_and_starts_the_launcher(root):
    entry = root / "usr" / "share" / "applications" / f"{APP_ID}.desktop"
    result = subprocess.run(
        [validator("desktop-file-validate", "desktop-file-utils"), str(entry)],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout
    fields = dict(line.split("=", 1) for line in entry.read_text().splitlines() if "=" in line)
    assert fields["Exec"].split()[0] == "actiondeck"
    assert fields["Icon"] == APP_ID


def test_the_appstream_file_is_valid_and_names_this_release(root):
    metainfo = root / "usr" / "share" / "metainfo" / f"{APP_ID}.metainfo.xml"
    result = subprocess.run(
        [validator("appstreamcli", "appstream"), "validate", "--no-net", str(metainfo)],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert f'<release version="{__version__}"' in metainfo.read_text()


def png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", header[16:24])


@pytest.mark.parametrize("size", HICOLOR_SIZES)
def test_the_icon_is_in_every_hicolor_size(root, size):
    icon = root / f"usr/share/icons/hicolor/{size}x{size}/apps/{APP_ID}.png"
    assert png_size(icon) == (size, size)


def test_the_scalable_icon_is_the_svg_source(root):
    shipped = root / f"usr/share/icons/hicolor/scalable/apps/{APP_ID}.svg"
    source = Path(__file__).resolve().parents[2] / "resources" / "icons" / "actiondeck.svg"
    assert shipped.read_bytes() == source.read_bytes()


def test_the_package_declares_its_version_and_system_libraries(root):
    deb = os.environ["ACTIONDECK_DEB"]
    fields = subprocess.run(
        ["dpkg-deb", "--field", deb, "Package", "Version", "Depends"],
        capture_output=True, text=True, check=True,
    ).stdout
    assert "Package: actiondeck" in fields
    assert f"Version: {__version__}" in fields
    # The libraries the bundle leaves to the system: the C library and the display's.
    for library in ("libc6", "libgl1", "libxcb1"):
        assert library in fields
