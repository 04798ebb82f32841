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
