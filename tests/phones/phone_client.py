"""Phones for the tests: real WebSocket clients (aiohttp's) on 127.0.0.1, on an asyncio loop of
their own thread, while the test's thread runs Qt's event loop (qtbot.waitUntil), where the
session and the phone server live. Every wait is bounded; nothing sleeps."""

from __future__ import annotations

import asyncio
import json
import threading

import aiohttp

from desktop.engine import Game, GameSetup
from desktop.model import GameSession

WAIT_MS = 10_000
PLAYERS = ["Ann", "Bo", "Cy"]


def new_session(system: str, seed: int = 1) -> GameSession:
    return GameSession(Game.new(GameSetup(ruleset=system, players=PLAYERS, seed=seed)))


class Phones:
    """The loop every test phone runs on."""

    def __init__(self, qtbot) -> None:
        self.qtbot = qtbot
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="test-phones", daemon=True)
        self.thread.start()
        self.phones: list[Phone] = []

    def run(self, coroutine, timeout: int = WAIT_MS):
        future = asyncio.run_coroutine_threadsafe(coroutine, self.loop)
        self.qtbot.waitUntil(future.done, timeout=timeout)
        return future.result()

    def phone(self, address: str, **headers) -> Phone:
        phone = Phone(self, address)
        self.run(phone._connect(headers))
        self.phones.append(phone)
        return phone

    def get(self, url: str) -> tuple[int, dict, str]:
        async def fetch():
            async with aiohttp.ClientSession() as client, client.get(url) as response:
                return response.status, dict(response.headers), await response.text()
        return self.run(fetch())

    def close(self) -> None:
        for phone in self.phones:
            self.run(phone._close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


class Phone:
    def __init__(self, phones: Phones, address: str) -> None:
        self.phones = phones
        self.address = address
        self.received: list[str] = []  # every text frame, as sent
        self.closed = threading.Event()
        self.close_code: int | None = None
        self.cursor = 0
        self._ids = 0

    async def _connect(self, headers) -> None:
        self.client = aiohttp.ClientSession()
        self.socket = await self.client.ws_connect(self.address.replace("http", "ws", 1) + "/ws",
                                                   headers=headers, max_msg_size=0)
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for frame in self.socket:
            if frame.type == aiohttp.WSMsgType.TEXT:
                self.received.append(frame.data)
        self.close_code = self.socket.close_code
        self.closed.set()

    async def _close(self) -> None:
        await self.socket.close()
        await self.client.close()

    # ---- what a test does --------------------------------------------------------------------

    def send(self, message) -> None:
        """Sends a message (a dict as JSON; text or bytes as they are)."""
        async def send():
            if isinstance(message, bytes):
                await self.socket.send_bytes(message)
            else:
                await self.socket.send_str(message if isinstance(message, str) else json.dumps(message))
        self.phones.run(send())

    def expect(self, kind: str, timeout: int = WAIT_MS) -> dict:
        """The next message of type `kind` not yet read (those before it are passed over)."""
        found = []

        def arrived() -> bool:
            for index in range(self.cursor, len(self.received)):
                message = json.loads(self.received[index])
                if message["type"] == kind:
                    self.cursor = index + 1
                    found.append(message)
                    return True
            return False

        self.phones.qtbot.waitUntil(arrived, timeout=timeout)
        return found[0]

    def reply(self, timeout: int = WAIT_MS) -> dict:
        """The next reply to an action (taken or refused), views passed over."""
        found = []

        def arrived() -> bool:
            for index in range(self.cursor, len(self.received)):
                message = json.loads(self.received[index])
                if message["type"] in ("taken", "refused"):
                    self.cursor = index + 1
                    found.append(message)
                    return True
            return False

        self.phones.qtbot.waitUntil(arrived, timeout=timeout)
        return found[0]

    def latest_view(self) -> dict:
        """The newest view received so far."""
        for text in reversed(self.received):
            message = json.loads(text)
            if message["type"] == "view":
                return message
        raise AssertionError("no view received")

    def next_id(self) -> str:
        self._ids += 1
        return f"t{self._ids}"

    def take(self, index: int, version: int | None = None) -> dict:
        version = self.latest_view()["version"] if version is None else version
        self.send({"type": "take", "id": self.next_id(), "version": version, "offer": index})
        return self.reply()

    def answer(self, question: int, value, version: int | None = None) -> dict:
        version = self.latest_view()["version"] if version is None else version
        self.send({"type": "answer", "id": self.next_id(), "version": version, "question": question, "value": value})
        return self.reply()

    def wait_closed(self, timeout: int = WAIT_MS) -> int | None:
        self.phones.qtbot.waitUntil(self.closed.is_set, timeout=timeout)
        return self.close_code
