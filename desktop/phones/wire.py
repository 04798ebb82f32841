"""The network side of the phone server: aiohttp's HTTP and WebSocket server on an asyncio loop of
its own, on a thread of its own (docs/phones.md, "Threads").

It serves the phone page (`GET /`, `GET /join/<secret>`, `GET /static/...` from the package's
`page` folder) and the socket (`GET /ws`). Each frame a phone sends is read here
(`protocol.read`): a refused one is answered here at once and never reaches the table; a message
the table takes is handed on through `on_message(connection, message)`, as each connection's
coming and going through `on_open(connection, address)` and `on_close(connection)`. Those are
called on this thread: the Qt side passes signals' `emit`, queued to the UI thread. The UI thread
talks back through `send` and `close`, which only hand the work to this loop and return at once.

Each connection has its own queue of messages to send, written in order by a task of its own; a
phone that does not read (asleep, gone) fills only its queue, and past `QUEUE_MOST` messages it
is let go (it gets the whole view when it comes back). No Qt here.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

from aiohttp import WSMsgType, web

from desktop.phones import protocol

log = logging.getLogger("actiondeck.phones")

PAGE = Path(__file__).parent / "page"
FRAME_MOST = 64 * 1024  # past this aiohttp closes the socket (1009); up to it, refused in words
QUEUE_MOST = 200  # messages waiting for one phone before it is let go
# Past this many waiting, its reading stops a moment for its writing: frames that arrive together
# are read without a pause, and a phone that reads its answers was let go for a burst of them.
QUEUE_YIELD = 50
PER_SECOND = 60  # messages a phone may send each second; more are refused, not handed on
HEARTBEAT = 20.0  # seconds between pings: a socket that looks open but is dead is closed
REFUSALS_LOGGED = 3  # per connection; the rest are counted when it closes
SLOW = "Too many messages from this phone at once: that one was not read."
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",  # a pairing address never leaves in a Referer
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}
PLACEHOLDER = (
    "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>"
    "<title>Action Deck</title><p>Action Deck: the phone page is not installed.</p>"
)


class Connection:
    def __init__(self, socket: web.WebSocketResponse, address: str) -> None:
        self.socket = socket
        self.address = address
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.second = 0
        self.count = 0  # messages in `second`
        self.refusals = 0


class Wire:
    def __init__(self, on_open: Callable[[int, str], None], on_message: Callable[[int, object], None],
                 on_close: Callable[[int], None], page: Path = PAGE) -> None:
        self.on_open, self.on_message, self.on_close = on_open, on_message, on_close
        self.page = page
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self.address: tuple[str, int] | None = None
        self._connections: dict[int, Connection] = {}
        self._ids = itertools.count(1)
        self._bound = threading.Event()
        self._problem: OSError | None = None
        self._stopping: asyncio.Event | None = None
        self._hosts: set[str] = set()  # the Host headers of requests for this server
        self._batch: list[tuple[int, bytes | None]] | None = None  # inside `together` (UI thread only)

    # ---- from the UI thread --------------------------------------------------------------------

    def start(self, host: str, port: int = 0, wait: float = 10.0) -> tuple[str, int]:
        """Listens on `host`:`port` (0: a free port) on a new thread; (host, port) once bound.
        Raises OSError when the address cannot be used (taken, not this machine's, or every
        address at once: phones must be given the one address the table answers to)."""
        _one_address(host)
        self.thread = threading.Thread(target=self._run, args=(host, port), name="phones-network", daemon=True)
        self.thread.start()
        if not self._bound.wait(wait):
            raise OSError("the phone server did not start in time")
        if self._problem is not None:
            raise self._problem
        return self.address

    def send(self, connection: int, data: bytes) -> None:
        self._hand_over(connection, data)

    def close(self, connection: int) -> None:
        self._hand_over(connection, None)

    @contextmanager
    def together(self):
        """What is sent and closed inside goes to the network thread in one hand-over, at the
        end (a change's every view and reply). Each hand-over wakes the network's loop, which then
        takes the GIL from the UI thread while it is still working out the next views."""
        if self._batch is not None:  # already inside one
            yield
            return
        self._batch = []
        try:
            yield
        finally:
            batch, self._batch = self._batch, None
            if batch:
                self._call(self._queue_all, batch)

    def _hand_over(self, connection: int, data: bytes | None) -> None:
        if self._batch is not None:
            self._batch.append((connection, data))
        else:
            self._call(self._queue, connection, data)

    def stop(self, wait: float = 5.0) -> None:
        """Closes every socket and the server; returns once the thread has ended (or `wait`)."""
        if self._stopping is not None:
            self._call(self._stopping.set)
        if self.thread is not None:
            self.thread.join(wait)
        self.thread = None

    def _call(self, function, *args) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(function, *args)
            except RuntimeError:  # the loop closed in between: nothing left to send to
                pass

    # ---- on the network thread -----------------------------------------------------------------

    def _run(self, host: str, port: int) -> None:
        asyncio.run(self._serve(host, port))

    async def _serve(self, host: str, port: int) -> None:
        self.loop = asyncio.get_running_loop()
        self._stopping = asyncio.Event()
        runner = web.AppRunner(self._application(), access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await runner.setup()
        try:
            site = web.TCPSite(runner, host, port)
            await site.start()
            bound = runner.addresses[0]
            self.address = (host, bound[1])
            shown = f"[{host}]" if ":" in host else host
            self._hosts = {f"{shown}:{bound[1]}"} | ({shown} if bound[1] == 80 else set())
        except OSError as problem:
            self._problem = problem
            self._bound.set()
            await runner.cleanup()
            return
        self._bound.set()
        try:
            await self._stopping.wait()
        finally:
            for connection in list(self._connections.values()):
                await connection.socket.close(code=1001, message=b"The table closed.")
            await runner.cleanup()

    def _application(self) -> web.Application:
        app = web.Application(middlewares=[self._this_host, _headers], client_max_size=FRAME_MOST)
        app.router.add_get("/", self._page)
        app.router.add_get("/join/{secret}", self._page)
        app.router.add_get("/ws", self._socket)
        if self.page.is_dir():
            app.router.add_static("/static/", self.page, show_index=False, follow_symlinks=False)
        return app

    async def _page(self, request: web.Request) -> web.StreamResponse:
        index = self.page / "index.html"
        if index.is_file():
            return web.FileResponse(index)
        return web.Response(text=PLACEHOLDER, content_type="text/html")

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        if not _same_origin(request):
            return web.Response(status=403, text="The table takes phones from its own page only.")
        # No compression: frames are small, and a compressed frame costs the network thread to
        # inflate what a phone would not send a whole of.
        socket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=FRAME_MOST, timeout=1.0, compress=False)
        await socket.prepare(request)
        number = next(self._ids)
        connection = Connection(socket, request.remote or "")
        self._connections[number] = connection
        writer = asyncio.create_task(self._write(connection))
        self.on_open(number, connection.address)
        try:
            async for frame in socket:
                if frame.type == WSMsgType.TEXT:
                    self._read(number, connection, frame.data)
                elif frame.type == WSMsgType.BINARY:
                    self._refuse(connection, protocol.NOT_TEXT)
                elif frame.type == WSMsgType.ERROR:
                    break
                if connection.queue.qsize() >= QUEUE_YIELD:
                    await asyncio.sleep(0)  # the writer sends what the phone can take now
        finally:
            self._connections.pop(number, None)
            connection.queue.put_nowait(None)
            writer.cancel()
            if connection.refusals > REFUSALS_LOGGED:
                log.warning("A phone at %s had %d messages refused.", connection.address, connection.refusals)
            self.on_close(number)
        return socket

    def _read(self, number: int, connection: Connection, text: str) -> None:
        second = int(time.monotonic())
        if second != connection.second:
            connection.second, connection.count = second, 0
        connection.count += 1
        if connection.count > PER_SECOND:
            self._refuse(connection, SLOW)
            return
        try:
            message = protocol.read(text)
        except protocol.ProtocolError as refusal:
            self._refuse(connection, str(refusal))
            return
        self.on_message(number, message)

    def _refuse(self, connection: Connection, sentence: str) -> None:
        connection.refusals += 1
        if connection.refusals <= REFUSALS_LOGGED:
            log.warning("A message from a phone at %s was refused: %s", connection.address, sentence)
        self._put(connection, protocol.write(protocol.Refused(sentence)))

    def _queue_all(self, batch: list[tuple[int, bytes | None]]) -> None:
        for number, data in batch:
            self._queue(number, data)

    def _queue(self, number: int, data: bytes | None) -> None:
        connection = self._connections.get(number)
        if connection is not None:
            self._put(connection, data)

    def _put(self, connection: Connection, data: bytes | None) -> None:
        if data is not None and connection.queue.qsize() >= QUEUE_MOST:
            log.warning("A phone at %s was let go: it read nothing of its last %d messages.",
                        connection.address, QUEUE_MOST)
            data = None
        connection.queue.put_nowait(data)

    async def _write(self, connection: Connection) -> None:
        socket = connection.socket
        while (data := await connection.queue.get()) is not None:
            try:
                await socket.send_str(data.decode("utf-8"))
            except (ConnectionError, RuntimeError):
                break
        await socket.close()


    @web.middleware
    async def _this_host(self, request: web.Request, handler) -> web.StreamResponse:
        """Only requests for the address the phones were given: a page elsewhere whose name was
        made to point at this machine (DNS rebinding) names itself in Host, and is refused."""
        if request.host not in self._hosts:
            return web.Response(status=403, text="This is not the address the table gave.")
        return await handler(request)


def _one_address(host: str) -> None:
    if host in ("0.0.0.0", "::", ""):
        raise OSError(f"{host or 'an empty address'} is every address of this machine; give the one phones reach it at")


def check_address(host: str, port: int) -> None:
    """Raises OSError, as `Wire.start` would, when `host`:`port` cannot be listened on now (every
    address at once, not this machine's, a port taken): a trial bind, let go at once, so that a
    command refuses before it writes anything (`actiondeck serve`'s demo autosave)."""
    _one_address(host)
    family, kind, proto, _name, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
    with socket.socket(family, kind, proto) as trial:
        if os.name == "posix":  # as asyncio's server does: a port a closed socket left waiting is usable
            trial.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        trial.bind(address)


def cannot_serve(host: str | None, port: int, problem: OSError) -> str:
    """The sentence for an address `check_address` or `Wire.start` refused."""
    reason = problem.strerror or str(problem)
    return f"The phones cannot be served on {host or 'this machine'} port {port}: {reason}."


@web.middleware
async def _headers(request: web.Request, handler) -> web.StreamResponse:
    response = await handler(request)
    response.headers.update(HEADERS)
    return response


def _same_origin(request: web.Request) -> bool:
    """A browser says which page opens a socket: only the table's own page may (another site
    open on the phone may not reach the table through it). A client that is not a browser
    sends no origin."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    return origin.split("://", 1)[-1].rstrip("/") == request.host
