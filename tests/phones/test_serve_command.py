"""`actiondeck serve`: a game with phones on and no window, each seat's pairing address on standard
output, a phone pairing with one and playing, until interrupted (loopback only)."""

from __future__ import annotations

import asyncio
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import aiohttp
import pytest

from desktop.engine import registry

ROOT = Path(__file__).resolve().parents[2]
LINE = re.compile(r"^seat (\S+) \((.+)\): (http://127\.0\.0\.1:\d+)/join/(\S+) code ([A-Z0-9]{6})$")
WAIT = 60  # seconds any step may take on a busy machine


def lines_of(process) -> queue.Queue:
    found: queue.Queue = queue.Queue()

    def read():
        for line in process.stdout:
            found.put(line.rstrip("\n"))
        found.put(None)

    threading.Thread(target=read, daemon=True).start()
    return found


async def pair_and_take(address: str, secret: str) -> tuple[dict, dict, dict]:
    async with aiohttp.ClientSession() as client, client.ws_connect(address.replace("http", "ws") + "/ws") as socket:
        await socket.send_json({"type": "join", "secret": secret})
        hello = await socket.receive_json(timeout=WAIT)
        view = await socket.receive_json(timeout=WAIT)
        await socket.send_json({"type": "take", "id": "first", "version": view["version"], "offer": 0})
        while (reply := await socket.receive_json(timeout=WAIT))["type"] == "view":
            pass
        return hello, view, reply


def test_serve_prints_each_seats_address_and_a_phone_plays_through_it():
    system = "future-imperfect"
    seats = registry.get(system).demo().players
    process = subprocess.Popen(
        [sys.executable, "-m", "desktop.cli", "serve", "--demo", system, "--host", "127.0.0.1"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        output = lines_of(process)
        lines = [output.get(timeout=WAIT) for _ in seats]
        found = [LINE.match(line) for line in lines]
        assert all(found), lines
        assert [match.group(2) for match in found] == list(seats)
        first = found[0]
        hello, view, reply = asyncio.run(asyncio.wait_for(pair_and_take(first.group(3), first.group(4)), WAIT))
        assert hello["type"] == "paired" and hello["seat"] == first.group(1)
        assert view["feed"]["seat"] == first.group(1)
        assert reply["type"] == "taken" and reply["id"] == "first"
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=WAIT) == 0
        assert "The table closed." in process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=WAIT)


def test_serve_refuses_an_unknown_system_in_one_sentence():
    done = subprocess.run([sys.executable, "-m", "desktop.cli", "serve", "--demo", "nothing", "--host", "127.0.0.1"],
                          cwd=ROOT, capture_output=True, text=True, timeout=WAIT, check=False)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("actiondeck: There is no rule system called 'nothing'")


@pytest.fixture
def port_in_use():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        yield taken.getsockname()[1]


@pytest.mark.parametrize("where", ["port in use", "every address", "not this machine"])
def test_serve_refuses_an_address_it_cannot_use_before_it_writes_anything(where, port_in_use, tmp_path):
    host, port = {"port in use": ("127.0.0.1", port_in_use), "every address": ("0.0.0.0", 0),
                  "not this machine": ("192.0.2.1", 0)}[where]  # 192.0.2.1: an address for documentation
    done = subprocess.run(
        [sys.executable, "-m", "desktop.cli", "serve", "--demo", "future-imperfect", "--host", host, "--port", str(port)],
        cwd=ROOT, capture_output=True, text=True, timeout=WAIT, check=False,
        env=dict(os.environ, ACTIONDECK_DATA_DIR=str(tmp_path)),
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"actiondeck: The phones cannot be served on {host} port {port}: ")
    assert len(done.stderr.strip().splitlines()) == 1
    assert [path.relative_to(tmp_path) for path in tmp_path.rglob("*") if path.is_file()] == []  # no demo autosave
