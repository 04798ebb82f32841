"""The rules pages the Help window shows (docs/systems/*.md) are shipped: an installed package and
the frozen bundle hold them as desktop/resources/help, the very files of docs/systems (one source,
no copy to drift), and the app finds them in every layout it runs from."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from desktop import shipped
from desktop.ui import help_pages

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "docs" / "systems"
SYSTEMS = {"twilight-imperium", "worlds-that-remember", "future-imperfect", "price-of-power", "tempo"}


def test_a_checkout_reads_the_pages_from_docs_systems():
    assert shipped.help_root() == SOURCE
    assert {page.id for page in help_pages.pages()} >= SYSTEMS


def test_an_installed_package_holds_every_page_as_it_is_written(tmp_path):
    """setuptools builds the package as pip installs it: the pages are in it, byte for byte."""
    built = tmp_path / "lib"
    subprocess.run(
        [sys.executable, "-c", "import setuptools; setuptools.setup()", "-q",
         "egg_info", "--egg-base", str(tmp_path), "build_py", "--build-lib", str(built)],
        cwd=ROOT, check=True, capture_output=True,
    )
    installed = built / "desktop" / "resources" / "help"
    pages = {path.name: path.read_bytes() for path in installed.glob("*.md")}
    assert pages == {path.name: path.read_bytes() for path in SOURCE.glob("*.md")}
    assert {name.removesuffix(".md") for name in pages} >= SYSTEMS


def test_an_installed_or_frozen_app_reads_the_pages_beside_its_package(monkeypatch, tmp_path):
    # site-packages/desktop/resources/help after pip install; _internal/desktop/resources/help frozen
    help_folder = tmp_path / "desktop" / "resources" / "help"
    help_folder.mkdir(parents=True)
    (help_folder / "tempo.md").write_text("# Tempo Combat\n\n## A round\n", encoding="utf-8")
    monkeypatch.setattr(shipped, "__file__", str(tmp_path / "desktop" / "shipped.py"))
    assert shipped.help_root() == help_folder
    [page] = help_pages.pages()
    assert (page.id, page.title) == ("tempo", "Tempo Combat")


def test_the_installer_bundles_the_pages_where_the_package_has_them():
    spec = (ROOT / "installer" / "actiondeck.spec").read_text(encoding="utf-8")
    assert '(str(ROOT / "docs" / "systems"), "desktop/resources/help")' in spec


def test_a_page_that_cannot_be_read_is_left_out_not_a_traceback(tmp_path):
    (tmp_path / "good.md").write_text("# Good\n", encoding="utf-8")
    (tmp_path / "bad.md").write_bytes(b"\xff\xfe not text")
    assert [page.id for page in help_pages.pages(tmp_path)] == ["good"]
