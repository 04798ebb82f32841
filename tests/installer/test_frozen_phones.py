"""The built app serves the phone page: `actiondeck serve` on 127.0.0.1, its page fetched over HTTP
as a phone's browser would, then stopped (docs/phones.md, "Headless")."""

from __future__ import annotations

import plistlib
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from frozen import fresh_home_env, prints_to_console

PAGE = Path(__file__).resolve().parents[2] / "desktop" / "phones" / "page"
LINE = re.compile(r"^seat (\S+) \((.+)\): (http://127\.0\.0\.1:(\d+))/join/(\S+) code ([A-Z0-9]{6})$")
WAIT = 60  # seconds: a frozen app's first start unpacks nothing, but a busy machine is slow


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=WAIT) as response:
        return response.status, response.headers.get("Content-Type", ""), response.read()


def first_line(process) -> str:
    """The first line the app prints, or "" if none comes in time (the reader never blocks us)."""
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: lines.put(process.stdout.readline()), daemon=True).start()
    try:
        return lines.get(timeout=WAIT).decode("utf-8").strip()
    except queue.Empty:
        return ""


def page_address(process, port: int) -> str:
    """Where the app serves: read from its pairing line where it prints (Linux); the port it was
    given where it cannot print (the Windows and macOS builds have no console)."""
    if prints_to_console():
        line = first_line(process)
        found = LINE.match(line)
        assert found, f"not a pairing line: {line!r}"
        return found.group(3)
    address = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline and process.poll() is None:
        try:
            fetch(address + "/")
            return address
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.2)  # waiting for another process to listen: no signal to wait on
    raise AssertionError("the app never answered on its port")


def stop(process) -> int:
    if sys.platform == "win32":
        process.terminate()  # no console to send Ctrl+C to
    else:
        process.send_signal(signal.SIGINT)
    try:
        return process.wait(timeout=WAIT)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=WAIT)
        raise AssertionError("the app did not stop when interrupted") from None


def test_the_built_app_serves_the_phone_page(installed_app, account):
    port = 0 if prints_to_console() else free_port()
    process = subprocess.Popen(
        [str(installed_app.executable), "serve", "--demo", "twilight-imperium", "--host", "127.0.0.1",
         "--port", str(port)],
        env=fresh_home_env(account.home), cwd=account.work, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    try:
        address = page_address(process, port)
        status, kind, body = fetch(address + "/")
        assert (status, kind.split(";")[0]) == (200, "text/html")
        assert body == (PAGE / "index.html").read_bytes()  # the phone page itself, not a placeholder
        for name, media in (("phone.js", "javascript"), ("phone.css", "text/css")):
            status, kind, body = fetch(f"{address}/static/{name}")
            assert status == 200 and media in kind, (name, kind)
            assert body == (PAGE / name).read_bytes()
    finally:
        code = stop(process)
    if sys.platform != "win32":
        assert code == 0, process.stderr.read().decode("utf-8", "replace")[-3000:]
    if prints_to_console():
        assert "The table closed." in process.stderr.read().decode("utf-8", "replace")


@pytest.mark.skipif(sys.platform != "darwin", reason="the macOS app's Info.plist")
def test_the_mac_app_says_why_it_talks_on_the_local_network(installed_app):
    with (installed_app.install_dir / "Contents" / "Info.plist").open("rb") as info:
        sentence = plistlib.load(info).get("NSLocalNetworkUsageDescription", "")
    assert "phones" in sentence and sentence.endswith(".")
