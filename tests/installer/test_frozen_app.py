"""The built app starts, finds its card data and keeps a player's files out of its own folder."""

from __future__ import annotations

import json

from frozen import prints_to_console, run_app, snapshot, user_data_dir


def test_smoke_test_passes_on_a_fresh_account(installed_app, account):
    home, work = account.home, account.work
    result = run_app(installed_app.executable, ["--smoke-test"], home, work)
    assert result.returncode == 0, result.stderr
    if prints_to_console():
        assert "smoke test passed" in result.stdout


def test_a_demo_game_autosaves_into_the_user_data_folder_not_the_install_folder(
    installed_app, account
):
    home, work = account.home, account.work
    autosaves = user_data_dir(home) / "autosave"
    install_before = snapshot(installed_app.install_dir)
    # On Windows the data folder is the real profile's, which may hold earlier journals.
    journals_before = set(autosaves.glob("*.jsonl"))
    # The start-up probe makes the app quit once the table is filled, as the benchmark does.
    result = run_app(
        installed_app.executable, ["--demo", "twilight-imperium"], home, work,
        ACTIONDECK_STARTUP_PROBE="1",
    )
    assert result.returncode == 0, result.stderr
    new_journals = set(autosaves.glob("*.jsonl")) - journals_before
    assert len(new_journals) == 1, f"no new autosave under {autosaves}"
    header = json.loads(new_journals.pop().read_text().splitlines()[0])
    assert header["setup"]["ruleset"] == "twilight-imperium"
    assert snapshot(installed_app.install_dir) == install_before
    assert list(work.iterdir()) == []


def test_headless_commands_read_the_bundled_card_data(installed_app, account):
    home, work = account.home, account.work
    new = run_app(
        installed_app.executable,
        ["new", "twilight-imperium", "--players", "Ana,Ben", "--seed", "7", "-o", "game.json"],
        home, work,
    )
    assert new.returncode == 0, new.stderr
    save = json.loads((work / "game.json").read_text())
    assert (save["ruleset"], save["players"]) == ("twilight-imperium", ["Ana", "Ben"])
    replay = run_app(installed_app.executable, ["replay", "game.json", "--json"], home, work)
    assert replay.returncode == 0, replay.stderr
    if prints_to_console():
        assert "twilight-imperium" in run_app(
            installed_app.executable, ["rulesets"], home, work
        ).stdout


def test_a_damaged_save_is_refused_in_one_sentence(installed_app, account):
    home, work = account.home, account.work
    (work / "broken.json").write_text('{"format": "actiondeck-save", "versi')
    result = run_app(installed_app.executable, ["actions", "broken.json"], home, work)
    assert result.returncode == 2
    assert (work / "broken.json").read_text() == '{"format": "actiondeck-save", "versi'
    if prints_to_console():
        assert result.stderr.startswith("actiondeck: ") and result.stderr.count("\n") == 1


def test_the_bundle_holds_the_rules_pages_the_help_window_shows(installed_app):
    root = installed_app.install_dir
    pages = {path.name for path in root.rglob("resources/help/*.md")}
    assert {"twilight-imperium.md", "worlds-that-remember.md", "future-imperfect.md", "price-of-power.md",
            "tempo.md"} <= pages
