"""Builds Action Deck's installers and smoke-tests each one: `python installer/build.py`.

On Linux: the one-folder bundle, a .tar.gz of it and a .deb. On Windows: the bundle, a .zip of it
and an Inno Setup installer. On macOS: the .app and a .dmg. Each artefact is then checked by the
frozen-app tests in tests/installer: the bundle as built, the .deb unpacked into a temporary
root, the Windows installer installed silently, the .dmg's app copied out as a player would.

Run it from a checkout with the package installed (`pip install '.[test,installer]'`): the
version comes from the package metadata. Everything goes to build/installer/ and dist/.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "resources" / "icons" / "actiondeck.svg"
SPEC = ROOT / "installer" / "actiondeck.spec"
MB = 1_000_000
# DESIGN.md section 4: the one-folder bundle's budget.
BUDGET_ON_DISK = 170 * MB
BUDGET_COMPRESSED = 70 * MB

sys.path[:0] = [str(ROOT / "installer"), str(ROOT)]  # the build helpers, and desktop.shipped

from icons import build_icons


def say(message: str) -> None:
    print(f"build: {message}", flush=True)


def package_version() -> str:
    """The installed package's version, refused if it is not the checkout's own."""
    try:
        installed = importlib.metadata.version("actiondeck")
    except importlib.metadata.PackageNotFoundError:
        raise SystemExit("build: install the package first: pip install '.[test,installer]'") from None
    from desktop import __version__

    if installed != __version__:
        raise SystemExit(
            f"build: the installed package is {installed} but the checkout is {__version__}; "
            "reinstall it with pip install ."
        )
    tag = os.environ.get("GITHUB_REF_NAME") if os.environ.get("GITHUB_REF_TYPE") == "tag" else None
    if tag is not None and tag != f"v{installed}":
        raise SystemExit(f"build: the tag {tag} does not match the package version {installed}")
    return installed


def build_bundle(work: Path, icons: Path) -> Path:
    say("freezing the app with PyInstaller")
    env = dict(os.environ, ACTIONDECK_ICON_DIR=str(icons))
    subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level=WARN",
         "--distpath", str(work / "dist"), "--workpath", str(work / "pyinstaller"), str(SPEC)],
        check=True, env=env, cwd=ROOT,
    )
    if sys.platform == "darwin":
        return work / "dist" / "Action Deck.app"
    return work / "dist" / "actiondeck"


def strip_python_debug_info(bundle: Path) -> None:
    """A Python built from source (pyenv, some CI images) keeps its debug info: 20 MB of it.

    Only the interpreter's own files are stripped, and only of debug sections: Qt's wheels come
    stripped already, and a strip of every library broke numpy's OpenBLAS (DESIGN.md section 5)
    when the bundle carried numpy.
    """
    strip = shutil.which("strip")
    if not sys.platform.startswith("linux") or strip is None:
        return
    internal = bundle / "_internal"
    runtime = [*internal.glob("libpython3*.so*"), *internal.glob("python3*/lib-dynload/*.so")]
    files = [str(path) for path in runtime if path.is_file() and not path.is_symlink()]
    if files:
        subprocess.run([strip, "--strip-debug", *files], check=True)


def executable(bundle: Path) -> Path:
    if sys.platform == "darwin":
        return bundle / "Contents" / "MacOS" / "actiondeck"
    return bundle / ("actiondeck.exe" if sys.platform == "win32" else "actiondeck")


def size_on_disk(folder: Path) -> int:
    return sum(path.lstat().st_size for path in folder.rglob("*") if not path.is_dir())


def archive(bundle: Path, version: str, out: Path) -> Path:
    """The bundle as one compressed file: what the compressed budget is measured on."""
    out.mkdir(parents=True, exist_ok=True)
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")
    base = out / f"actiondeck-{version}-{system}"
    kind = "zip" if sys.platform == "win32" else "gztar"
    return Path(shutil.make_archive(str(base), kind, bundle.parent, bundle.name))


def check_budget(bundle: Path, compressed: Path) -> None:
    on_disk, packed = size_on_disk(bundle), compressed.stat().st_size
    say(f"bundle: {on_disk / MB:.1f} MB on disk, {packed / MB:.1f} MB compressed ({compressed.name})")
    if on_disk > BUDGET_ON_DISK or packed > BUDGET_COMPRESSED:
        raise SystemExit(
            f"build: the bundle is over its budget of {BUDGET_ON_DISK // MB} MB on disk and "
            f"{BUDGET_COMPRESSED // MB} MB compressed"
        )


def run_frozen_tests(what: str, **env: str) -> None:
    """The tests in tests/installer, pointed at one built or installed app."""
    say(f"testing {what}")
    command = [sys.executable, "-m", "pytest", str(ROOT / "tests" / "installer"), "-q",
               "-p", "no:cacheprovider"]
    full_env = dict(os.environ, **env)
    full_env.pop("ACTIONDECK_DATA_DIR", None)
    result = subprocess.run(command, env=full_env, cwd=ROOT, check=False)
    if result.returncode != 0:
        raise SystemExit(f"build: {what} failed its tests")


def probe_lazy_imports(bundle: Path) -> None:
    """The odds panel offscreen in the frozen app (installer/launch.py): icepool is imported only
    when the odds are first worked out, and the charts paint only when first shown, which neither
    the smoke test nor tests/installer does."""
    say("drawing the odds panel in the bundle")
    env = dict(os.environ, ACTIONDECK_BUNDLE_PROBE="odds", QT_QPA_PLATFORM="offscreen")
    env.pop("PYTHONPATH", None)
    with tempfile.TemporaryDirectory() as home:
        env.update(HOME=home, ACTIONDECK_DATA_DIR=str(Path(home) / "data"))
        result = subprocess.run([str(executable(bundle))], env=env, cwd=home, check=False,
                                capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise SystemExit(f"build: the bundle cannot draw the odds panel:\n{result.stderr[-3000:]}")
    if prints_to_console() and "odds probe passed" not in result.stdout:
        raise SystemExit(f"build: the odds probe said nothing:\n{result.stdout}{result.stderr}")
    say(result.stdout.strip() or "odds probe passed")


def prints_to_console() -> bool:
    return sys.platform.startswith("linux")  # the Windows and macOS builds have no console


# --- per system ---------------------------------------------------------------------------------


def linux_package(bundle: Path, icons: Path, version: str, work: Path, out: Path) -> Path:
    from deb import build_deb

    for tool, package in (("dpkg-deb", "dpkg"), ("dpkg-shlibdeps", "dpkg-dev"),
                          ("desktop-file-validate", "desktop-file-utils"),
                          ("appstreamcli", "appstream")):
        if shutil.which(tool) is None:
            raise SystemExit(f"build: {tool} is missing; install the Debian package {package}")
    say("packing the .deb")
    deb = build_deb(bundle, icons, SVG, version, work, out)
    say(f"{deb.name}: {deb.stat().st_size / MB:.1f} MB")
    run_frozen_tests("the .deb", ACTIONDECK_DEB=str(deb))
    return deb


INNO_SETUP_DEFAULT = r"C:\Program Files (x86)\Inno Setup 6\ISCC.exe"


def windows_installer(bundle: Path, icons: Path, version: str, work: Path, out: Path) -> Path:
    iscc = shutil.which("iscc") or shutil.which(INNO_SETUP_DEFAULT)
    if iscc is None:
        raise SystemExit("build: Inno Setup 6 is missing (choco install innosetup)")
    say("compiling the Inno Setup installer")
    subprocess.run(
        [iscc, "/Q", f"/DAppVersion={version}", f"/DBundleDir={bundle}",
         f"/DIconFile={icons / 'actiondeck.ico'}", f"/DOutputDir={out}",
         str(ROOT / "installer" / "windows" / "actiondeck.iss")],
        check=True,
    )
    setup = out / f"ActionDeck-{version}-setup.exe"
    target = Path(tempfile.mkdtemp(prefix="actiondeck-install-")) / "Action Deck"
    say(f"installing {setup.name} silently into {target}")
    subprocess.run(
        [str(setup), "/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART", "/CURRENTUSER",
         f"/DIR={target}", "/TASKS=desktopicon"],
        check=True,
    )
    run_frozen_tests("the installed app", ACTIONDECK_FROZEN_EXE=str(target / "actiondeck.exe"))
    subprocess.run([str(target / "unins000.exe"), "/VERYSILENT", "/SUPPRESSMSGBOXES"], check=True)
    # The uninstaller hands over to a copy of itself in TEMP and returns at once: wait for it.
    deadline = time.monotonic() + 120
    while (target / "actiondeck.exe").exists():
        if time.monotonic() > deadline:
            raise SystemExit("build: the uninstaller left actiondeck.exe behind")
        time.sleep(1)
    return setup


def macos_disk_image(bundle: Path, icons: Path, version: str, work: Path, out: Path) -> Path:
    say("making the .dmg")
    dmg = out / f"ActionDeck-{version}.dmg"
    subprocess.run(
        [sys.executable, "-m", "dmgbuild", "-s", str(ROOT / "installer" / "macos" / "dmg_settings.py"),
         "-D", f"app={bundle}", "-D", f"icon={icons / 'actiondeck.icns'}",
         "Action Deck", str(dmg)],
        check=True,
    )
    mount = Path(tempfile.mkdtemp(prefix="actiondeck-dmg-"))
    applications = Path(tempfile.mkdtemp(prefix="actiondeck-apps-"))
    subprocess.run(["hdiutil", "attach", str(dmg), "-nobrowse", "-readonly",
                    "-mountpoint", str(mount)], check=True)
    try:
        # What a player does: drag the app out of the disk image into Applications.
        subprocess.run(["ditto", str(mount / bundle.name), str(applications / bundle.name)], check=True)
    finally:
        subprocess.run(["hdiutil", "detach", str(mount)], check=True)
    run_frozen_tests("the app from the .dmg",
                     ACTIONDECK_FROZEN_EXE=str(executable(applications / bundle.name)))
    return dmg


PACKAGERS = {"linux": linux_package, "win32": windows_installer, "darwin": macos_disk_image}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="where the installers go")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "installer")
    parser.add_argument("--bundle-only", action="store_true",
                        help="build and test the bundle, not the system's installer")
    args = parser.parse_args(argv)
    out, work = args.out.resolve(), args.work.resolve()

    version = package_version()
    say(f"Action Deck {version}")
    icons = build_icons(SVG, work / "icons")
    bundle = build_bundle(work, icons)
    strip_python_debug_info(bundle)
    made = [archive(bundle, version, out)]
    check_budget(bundle, made[0])
    run_frozen_tests("the bundle", ACTIONDECK_FROZEN_EXE=str(executable(bundle)))
    probe_lazy_imports(bundle)
    if not args.bundle_only:
        platform = "linux" if sys.platform.startswith("linux") else sys.platform
        made.append(PACKAGERS[platform](bundle, icons, version, work, out))
    say(f"done: {', '.join(str(path) for path in made)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
