"""A real browser for the phone page's tests: Debian's Chromium driven by Playwright for Python.

Qt's event loop (where the session and the phone server's desk live) wants the test's main
thread. The browser is a process of its own, so Playwright's async API runs on an asyncio loop of
its own, turning on a worker thread (`Chromium`): every Playwright call is a job handed to that
loop, and the test's main thread waits for each with `qtbot.waitUntil`, which keeps Qt's loop
turning (the desk answers the page while the test waits for it). The asyncio loop turns all the
time, not only during a job: a socket routed through the test (`SocketGate`) passes its frames
while the test does something else (Playwright's sync API would dispatch them only inside its own
calls). Every wait is bounded; nothing sleeps. Loopback only: the server listens on 127.0.0.1 and the browser is told to reach nothing
else (no background networking, no updates, no sync).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import inspect
import json
import os
import re
import tempfile
import threading

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
        import playwright.async_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install '.[test]')"
    if not os.access(CHROMIUM, os.X_OK):
        return f"Chromium is not installed at {CHROMIUM} (apt install chromium)"
    return ""


class Chromium:
    """The browser process, and the asyncio loop (on a thread of its own) that drives it."""

    def __init__(self) -> None:
        self._profile = tempfile.TemporaryDirectory(prefix="actiondeck-chromium-")
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="test-chromium", daemon=True)
        self._thread.start()
        try:
            self.playwright, self.browser = self.call(self._launch).result(timeout=JOB_MS / 1000)
        except BaseException:
            self._end()
            raise

    async def _launch(self):
        from playwright.async_api import async_playwright

        playwright = await async_playwright().start()
        # Playwright gives the browser a fresh profile folder of its own; HOME points into a
        # fresh folder too, so nothing of the machine's user is read or written. Each context is
        # then a phone of its own (its own storage).
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, timeout=JOB_MS,
                                                   env={**os.environ, "HOME": self._profile.name})
        return playwright, browser

    def call(self, function) -> concurrent.futures.Future:
        """Runs `function()` on the loop (awaiting what it returns, if awaitable)."""
        async def job():
            result = function()
            return await result if inspect.isawaitable(result) else result

        return asyncio.run_coroutine_threadsafe(job(), self.loop)

    def close(self) -> None:
        async def stop():
            await self.browser.close()
            await self.playwright.stop()

        try:
            self.call(stop).result(timeout=JOB_MS / 1000)
        finally:
            self._end()

    def _end(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(JOB_MS / 1000)
        if not self._thread.is_alive():
            self.loop.close()
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

    def phone(self, url: str, size: dict = PHONE, gate: SocketGate | None = None, seated: bool = True,
              script: str = "") -> PhonePage:
        """A phone of its own (its own storage) opening `url`; shown its seat unless not
        `seated`. With a `gate`, its socket passes through the gate (a Wi-Fi the test holds);
        `script` runs in the page before its own (a stand-in for what the browser gives)."""
        phone = PhonePage(self, size)
        self.phones.append(phone)
        if script:
            self.run(lambda: phone.context.add_init_script(script))
        if gate is not None:
            self.run(lambda: phone.page.route_web_socket("**/ws", gate.handle))
            gate.phone = phone
        phone.open(url, seated)
        return phone

    def close(self) -> None:
        for phone in self.phones:
            phone.close()


class PhonePage:
    """One phone's page, driven as a player does: tapping what the page shows."""

    def __init__(self, driver: Driver, size: dict) -> None:
        self.driver = driver
        self.problems: list[str] = []  # the page's script errors and failed loads

        async def make():
            context = await driver.chromium.browser.new_context(viewport=size, is_mobile=True, has_touch=True)
            context.set_default_timeout(WAIT_MS)
            page = await context.new_page()
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
        from playwright.async_api import expect

        expect.set_options(timeout=WAIT_MS)
        self.run(lambda: check(expect, self.page))

    def open(self, url: str, seated: bool = True) -> None:
        self.run(lambda: self.page.goto(url))
        if seated:
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

    def link(self, words: str | re.Pattern) -> None:
        """The connection's line says `words` ("" once connected: hidden)."""
        if words:
            self.expect(lambda expect, page: expect(page.locator("#link")).to_have_text(words))
        else:
            self.expect(lambda expect, page: expect(page.locator("#link")).to_be_hidden())

    def text(self, selector: str) -> str:
        return self.run(lambda: self.page.locator(selector).inner_text())

    def evaluate(self, script: str):
        return self.run(lambda: self.page.evaluate(script))

    # ---- acting, as a player taps -------------------------------------------------------------

    def _idle(self) -> None:
        self.run(lambda: self.page.wait_for_function("() => !document.body.classList.contains('waiting')"))

    def take(self, label: str | re.Pattern, wait: bool = True) -> None:
        """Taps the offer `label` and waits for the table's reply (unless not `wait`)."""
        self.run(lambda: self.page.locator("#offers button").filter(has_text=label).first.click())
        if wait:
            self._idle()

    def idle(self) -> None:
        """Waits until the page has the reply to its last action."""
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


class SocketGate:
    """The Wi-Fi between one phone's page and the table, held by the test (Playwright's
    `route_web_socket`): every frame passes through it, both ways, unless the test holds back
    the table's views (`hold_views`: views lost on the way), everything from the table
    (`hold_replies`), or the page's messages (`hold_sends`); `die()` leaves the socket open but
    passing nothing (as a phone's socket after a sleep), `drop()` cuts it as a Wi-Fi dropping
    does. A socket the page opens next passes again. The handlers run on the browser's loop."""

    def __init__(self) -> None:
        self.phone: PhonePage | None = None
        self.hold_views = False
        self.hold_replies = False
        self.hold_sends = False
        self.sent: list[dict] = []  # what the page sent, over every socket in turn
        self.held = 0  # messages from the table held back
        self._routes: list = []  # (page's end, table's end) of each socket the page opened
        self._dead: set[int] = set()

    @property
    def sockets(self) -> int:
        return len(self._routes)

    def handle(self, route) -> None:
        table = route.connect_to_server()
        number = len(self._routes)
        self._routes.append((route, table))

        def from_table(message) -> None:
            kind = json.loads(message).get("type")
            if number in self._dead or self.hold_replies or (self.hold_views and kind == "view"):
                self.held += 1
                return
            route.send(message)

        def from_page(message) -> None:
            self.sent.append(json.loads(message))
            if number not in self._dead and not self.hold_sends:
                table.send(message)

        table.on_message(from_table)
        route.on_message(from_page)

    def until_held(self, count: int = 1) -> None:
        """Waits until `count` messages from the table were held back (the table pushes a new
        view once the change that made it is over, a moment after the test's move)."""
        self.phone.driver.qtbot.waitUntil(lambda: self.held >= count, timeout=WAIT_MS)

    def die(self) -> None:
        self._dead.add(len(self._routes) - 1)

    def drop(self) -> None:
        """The page's socket is cut (as by a Wi-Fi gone), and the table's end with it."""
        async def cut():
            route, table = self._routes[-1]
            await route.close(code=1001, reason="gone")  # going away (1006, a lost link, cannot be sent)
            await table.close()
        self.phone.run(cut)
