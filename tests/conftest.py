import os

# Qt must never need a display in tests; set before anything imports Qt.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path, monkeypatch):
    """Every test gets its own user data folder: nothing touches the real one."""
    folder = tmp_path / "userdata"
    monkeypatch.setenv("ACTIONDECK_DATA_DIR", str(folder))
    return folder


@pytest.fixture(scope="module")
def toy_ruleset():
    """The toy duel (tests/rulesets/toy), registered while the module of tests asking for it runs."""
    from desktop.engine import registry
    from tests.rulesets.toy import TOY

    registry.register(TOY)
    yield TOY
    registry.unregister(TOY.id)


@pytest.fixture
def cli(capsys):
    """Runs `actiondeck ARGS` in this process (no Qt); returns (exit status, stdout, stderr)."""
    from desktop.cli import main

    def run(*args) -> tuple[int, str, str]:
        status = main([str(arg) for arg in args])
        out, err = capsys.readouterr()
        return status, out, err

    return run
