"""The phone page in a real browser (tests/phones/browser/chromium.py): skipped, with the reason,
where Chromium or Playwright is missing; CI installs both (.ci/run, the test extras)."""

from __future__ import annotations

import pytest

from tests.phones.browser.chromium import Chromium, Driver, missing


@pytest.fixture(scope="session")
def chromium():
    reason = missing()
    if reason:
        pytest.skip(reason)
    found = Chromium()
    yield found
    found.close()


@pytest.fixture
def browser(chromium, qtbot):
    """browser.phone(url) -> a phone's page opened at `url` (a seat's pairing address)."""
    driver = Driver(chromium, qtbot)
    yield driver
    driver.close()
