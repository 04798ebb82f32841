"""A real browser for the phone page's tests: Debian's Chromium driven by Playwright for Python.

Qt's event loop (where the session and the phone server's desk live) and Playwright's sync API
both want the thread they run on. The browser is a process of its own, so Playwright's sync API
runs on a worker thread of its own (`Chromium`): every Playwright call is a job handed to that
thread, and the test's main thread waits for each with `qtbot.waitUntil`, which keeps Qt's loop
turning (the desk answers the page while the test waits for it). Every wait is bounded; nothing
sleeps. Loopback only: the server listens on 127.0.0.1 and the browser is told to reach nothing
else (no background networking, no updates, no sync).
"""

from __future__ import annotations

import os
import queue
import re
import tempfile
import threading
from concurrent.futures import Future

CHROMIUM = os.environ.get("ACTIONDECK_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT_MS = 10_000  # a page's own waits (Playwright's default timeout, its expect)
JOB_MS = 30_000  # a whole job, seen from the test's thread
PHONE = {"width": 360, "height": 740}
TABLET = {"width": 800, "height": 1280}


def missing() -> str:
    """Why the browser tests cannot run here ("" when they can)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install '.[test]')"
    if not os.access(CHROMIUM, os.X_OK):
        return f"Chromium is not installed at {CHROMIUM} (apt install chromium)"
    return ""


class Chromium:
    """The browser process and the thread that drives it."""

    def __init__(self) -> None:
        self._jobs: queue.Queue = queue.Queue()
        self._ready: Future = Future()
        self._profile = tempfile.TemporaryDirectory(prefix="actiondeck-chromium-")
        self._thread = threading.Thread(target=self._run, name="test-chromium", daemon=True)
        self._thread.start()
        self.browser = self._ready.result(timeout=JOB_MS / 1000)

    def _run(self) -> None:
        from playwright.sync_api import sync_playwright

        try:
            with sync_playwright() as playwright:
                # Playwright gives the browser a fresh profile folder of its own; HOME points
                # into a fresh folder too, so nothing of the machine's user is read or written.
                # Each context is then a phone of its own (its own storage).
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, timeout=JOB_MS,
                                                     env={**os.environ, "HOME": self._profile.name})
                self._ready.set_result(browser)
                while (job := self._jobs.get()) is not None:
                    function, future = job
                    if future.set_running_or_notify_cancel():
                        try:
                            future.set_result(function())
                        except BaseException as problem:  # noqa: BLE001 - handed to the test's thread
                            future.set_exception(problem)
                browser.close()
        except BaseException as problem:  # noqa: BLE001 - the launch failed: said to the fixture
            if not self._ready.done():
                self._ready.set_exception(problem)

    def call(self, function) -> Future:
        future: Future = Future()
        self._jobs.put((function, future))
        return future

    def close(self) -> None:
        self._jobs.put(None)
        self._thread.join(JOB_MS / 1000)
        self._profile.cleanup()


class Driver:
    """The browser as one test uses it: each job waited for with Qt's loop turning."""

    def __init__(self, chromium: Chromium, qtbot) -> None:
        self.chromium = chromium
        self.qtbot = qtbot
        self.phones: list[PhonePage] = []

    def run(self, function, timeout: int = JOB_MS):
        future = self.chromium.call(function)
        self.qtbot.waitUntil(future.done, timeout=timeout)
        return future.result()

    def phone(self, url: str, size: dict = PHONE) -> PhonePage:
        """A phone of its own (its own storage) opening `url`, shown its seat."""
        phone = PhonePage(self, size)
        self.phones.append(phone)
        phone.open(url)
        return phone

    def close(self) -> None:
        for phone in self.phones:
            phone.close()


class PhonePage:
    """One phone's page, driven as a player does: tapping what the page shows."""

    def __init__(self, driver: Driver, size: dict) -> None:
        self.driver = driver
        self.problems: list[str] = []  # the page's script errors and failed loads

        def make():
            context = driver.chromium.browser.new_context(viewport=size, is_mobile=True, has_touch=True)
            context.set_default_timeout(WAIT_MS)
            page = context.new_page()
            page.on("pageerror", lambda error: self.problems.append(str(error)))
            page.on("console", lambda message: self.problems.append(message.text) if message.type == "error" else None)
            return context, page

        self.context, self.page = driver.run(make)

    def run(self, function):
        return self.driver.run(function)

    def close(self) -> None:
        self.run(self.context.close)

    # ---- reading the page ---------------------------------------------------------------------

    def expect(self, check) -> None:
        """`check(expect, page)` with Playwright's expect (it retries until it holds or times out)."""
        from playwright.sync_api import expect

        expect.set_options(timeout=WAIT_MS)
        self.run(lambda: check(expect, self.page))

    def open(self, url: str) -> None:
        self.run(lambda: self.page.goto(url))
        self.expect(lambda expect, page: expect(page.locator("#play")).to_be_visible())

    def reload(self) -> None:
        self.run(self.page.reload)
        self.expect(lambda expect, page: expect(page.locator("#play")).to_be_visible())

    def says(self, words: str | re.Pattern) -> None:
        """The page's state line says `words` (the feed's `says`)."""
        self.expect(lambda expect, page: expect(page.locator("#says")).to_have_text(words))

    def status(self, status: str) -> None:
        """The page shows `status`: "answer", "turn" or "wait"."""
        self.expect(lambda expect, page: expect(page.locator("#top")).to_have_class(f"status-{status}"))

    def asked(self, words: str | re.Pattern) -> None:
        """The question open on the page is `words`."""
        self.expect(lambda expect, page: expect(page.locator("#question .asked")).to_have_text(words))

    def notice(self, sentence: str) -> None:
        self.expect(lambda expect, page: expect(page.locator("#notice-text")).to_have_text(sentence))

    def text(self, selector: str) -> str:
        return self.run(lambda: self.page.locator(selector).inner_text())

    def evaluate(self, script: str):
        return self.run(lambda: self.page.evaluate(script))

    # ---- acting, as a player taps -------------------------------------------------------------

    def _idle(self) -> None:
        self.run(lambda: self.page.wait_for_function("() => !document.body.classList.contains('waiting')"))

    def take(self, label: str | re.Pattern) -> None:
        """Taps the offer `label` and waits for the table's reply."""
        self.run(lambda: self.page.locator("#offers button").filter(has_text=label).first.click())
        self._idle()

    def choose(self, label: str) -> None:
        """Ticks the entry `label` of the open question (not yet answered)."""
        self.run(lambda: self.page.locator("#question .option").filter(has_text=label).first.click())

    def number(self, value: int) -> None:
        self.run(lambda: self.page.locator("#question .stepper input").first.fill(str(value)))

    def submit(self) -> None:
        """Taps the open question's strong button (Submit, or its default of Yes and No)."""
        self.run(lambda: self.page.locator("#question button.primary").first.click())
        self._idle()

    def tap(self, words: str) -> None:
        """Taps a button of the open question by its words ("Yes", "No", "Leave")."""
        self.run(lambda: self.page.locator("#question button").filter(has_text=words).first.click())
        self._idle()

    def submit_all(self, most: int = 12) -> int:
        """Submits every question the page opens, each at its default; how many were answered."""
        answered = 0
        while self.run(lambda: self.page.locator("#question").is_visible()):
            assert answered < most, "the questions never end"
            self.submit()
            answered += 1
        return answered
