"""The Linux package: the bundle under /usr/lib/actiondeck, built with Debian's own tools.

dpkg-shlibdeps reads every ELF file of the bundle and names the system packages for the libraries
the bundle does not carry (libc, OpenGL, xcb, Wayland), so Depends follows the bundle instead of
a list kept by hand; dpkg-deb packs the tree.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from desktop.shipped import APP_ID

PACKAGE = "actiondeck"
INSTALL_DIR = Path("usr/lib/actiondeck")
HICOLOR_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
HERE = Path(__file__).resolve().parent

DESCRIPTION = """\
shared-screen table for games played with action cards
 Action Deck replaces the paper deck, the dice tray and the rules booklet for
 tabletop games driven by action cards: it deals, shuffles, keeps every hand
 hidden behind a privacy curtain until its owner looks, enforces the card
 rules and saves after every move."""

COPYRIGHT = """\
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: Action Deck

Files: *
Copyright: Action Deck developers
License: MIT

Files: usr/lib/actiondeck/_internal/*
Copyright: The Qt Company, the Python Software Foundation and the authors of the
 bundled libraries, each under its own licence (LGPL-3 for Qt and PySide6, PSF
 for Python); the licence texts travel in the bundled distribution folders.
License: various
"""


def _run(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(command, check=True, text=True, **kwargs)


def _stage(bundle: Path, icons: Path, svg: Path, root: Path) -> None:
    if root.exists():
        shutil.rmtree(root)
    shutil.copytree(bundle, root / INSTALL_DIR, symlinks=True)
    launcher = root / "usr/bin/actiondeck"
    launcher.parent.mkdir(parents=True)
    # Relative, so the unpacked package also runs from a temporary root; the bootloader follows
    # the link to find its _internal folder.
    launcher.symlink_to(Path("../lib/actiondeck/actiondeck"))
    share = root / "usr/share"
    (share / "applications").mkdir(parents=True)
    shutil.copy2(HERE / "linux" / f"{APP_ID}.desktop", share / "applications")
    (share / "metainfo").mkdir(parents=True)
    shutil.copy2(HERE / "linux" / f"{APP_ID}.metainfo.xml", share / "metainfo")
    for size in HICOLOR_SIZES:
        folder = share / f"icons/hicolor/{size}x{size}/apps"
        folder.mkdir(parents=True)
        shutil.copy2(icons / f"actiondeck-{size}.png", folder / f"{APP_ID}.png")
    scalable = share / "icons/hicolor/scalable/apps"
    scalable.mkdir(parents=True)
    shutil.copy2(svg, scalable / f"{APP_ID}.svg")
    doc = share / f"doc/{PACKAGE}"
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(COPYRIGHT)


def _shlib_depends(root: Path) -> str:
    """The Depends line dpkg-shlibdeps derives from the bundle's ELF files."""
    bundle = root / INSTALL_DIR
    elf_files = sorted(
        str(path) for path in bundle.rglob("*")
        if path.is_file() and not path.is_symlink() and _is_elf(path)
    )
    private = [bundle / "_internal", bundle / "_internal/PySide6/Qt/lib"]
    # dpkg-shlibdeps wants a source package's debian/control beside it; it reads nothing else.
    (root.parent / "debian").mkdir(exist_ok=True)
    (root.parent / "debian/control").write_text(
        f"Source: {PACKAGE}\n\nPackage: {PACKAGE}\nArchitecture: any\n"
    )
    result = subprocess.run(
        ["dpkg-shlibdeps", "-O", "--ignore-missing-info", "--warnings=0",
         *(f"-l{folder}" for folder in private), "-e", *elf_files],
        cwd=root.parent, capture_output=True, text=True, check=False,
    )
    if result.returncode != 0:
        raise SystemExit(f"build: dpkg-shlibdeps failed:\n{result.stderr}")
    for line in result.stdout.splitlines():
        if line.startswith("shlibs:Depends="):
            return line.split("=", 1)[1]
    raise SystemExit("build: dpkg-shlibdeps printed no Depends line")


def _is_elf(path: Path) -> bool:
    with path.open("rb") as file:
        return file.read(4) == b"\x7fELF"


def _installed_size_kib(root: Path) -> int:
    total = sum(path.lstat().st_size for path in root.rglob("*") if not path.is_dir())
    return (total + 1023) // 1024


def build_deb(bundle: Path, icons: Path, svg: Path, version: str, work: Path, out: Path) -> Path:
    root = work / "deb" / "root"
    _stage(bundle, icons, svg, root)
    architecture = _run(["dpkg", "--print-architecture"], capture_output=True).stdout.strip()
    control = root / "DEBIAN/control"
    control.parent.mkdir()
    control.write_text(
        f"Package: {PACKAGE}\n"
        f"Version: {version}\n"
        f"Architecture: {architecture}\n"
        "Maintainer: Action Deck developers <maintainers@actiondeck.invalid>\n"
        f"Installed-Size: {_installed_size_kib(root)}\n"
        f"Depends: {_shlib_depends(root)}\n"
        "Section: games\n"
        "Priority: optional\n"
        f"Description: {DESCRIPTION}\n"
    )
    out.mkdir(parents=True, exist_ok=True)
    deb = out / f"{PACKAGE}_{version}_{architecture}.deb"
    _run(["dpkg-deb", "--root-owner-group", "--build", str(root), str(deb)], capture_output=True)
    return deb
