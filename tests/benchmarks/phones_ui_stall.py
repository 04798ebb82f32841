"""How much the phone server costs the UI thread (docs/phones.md, "Threads"): a 2 ms timer on the UI
thread records the gaps between its ticks while phones on 127.0.0.1 (in another process) do
nothing, flood the server with malformed frames (read and refused on the network thread alone),
and ask for their seat's view (worked out on the UI thread). Also: what one malformed frame costs
to read and refuse, which a single-loop design (qasync) would spend on the UI thread.

    python tests/benchmarks/phones_ui_stall.py [SECONDS]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import textwrap
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from desktop.engine import Game, GameSetup
from desktop.model import GameSession
from desktop.phones import protocol
from desktop.phones.server import PhoneServer

PHONES = 8
CLIENT = textwrap.dedent('''
    import asyncio, json, sys, time, aiohttp
    address, mode, seconds, secrets = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4:]
    async def phone(client, secret):
        async with client.ws_connect(address.replace("http", "ws") + "/ws") as socket:
            if mode == "look":
                await socket.send_json({"type": "join", "secret": secret})
            end = time.monotonic() + seconds
            sent = 0
            while time.monotonic() < end:
                if mode == "junk":
                    await socket.send_str('{"type": "take", "id": 5}')
                else:
                    await socket.send_json({"type": "look"})
                sent += 1
                await asyncio.sleep(1 / 50)  # under the 60 a second a phone may send
                while True:
                    try:
                        await socket.receive(timeout=0.0001)
                    except asyncio.TimeoutError:
                        break
            return sent
    async def main():
        async with aiohttp.ClientSession() as client:
            sent = await asyncio.gather(*(phone(client, secret) for secret in secrets))
            print(sum(sent))
    asyncio.run(main())
''')


def gaps_during(app, seconds: float, start=None) -> tuple[list[float], subprocess.Popen | None]:
    ticks: list[float] = []
    timer = QTimer(interval=2)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start()
    process = start() if start else None
    QTimer.singleShot(int(seconds * 1000), app.quit)
    app.exec()
    timer.stop()
    return [(b - a) * 1000 for a, b in zip(ticks, ticks[1:])], process


def report(name: str, gaps: list[float], extra: str = "") -> None:
    gaps = sorted(gaps)
    p99 = gaps[int(len(gaps) * 0.99)]
    print(f"{name:34} ticks {len(gaps):5}  median {statistics.median(gaps):5.2f} ms  p99 {p99:6.2f} ms  "
          f"max {gaps[-1]:6.2f} ms {extra}")


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    app = QApplication([])
    game = Game.new(GameSetup(ruleset="tempo", players=[f"P{n}" for n in range(PHONES)], seed=1))
    session = GameSession(game)
    server = PhoneServer(session)
    server.start("127.0.0.1")
    secrets = [invite.url.rsplit("/join/", 1)[1] for invite in server.invitations()][:PHONES]

    def clients(mode):
        return lambda: subprocess.Popen([sys.executable, "-c", CLIENT, server.address, mode, str(seconds), *secrets],
                                        stdout=subprocess.PIPE, text=True)

    report("idle", gaps_during(app, seconds)[0])
    for mode, name in (("junk", "malformed flood (network thread)"), ("look", "views asked (UI thread)")):
        gaps, process = gaps_during(app, seconds + 1, clients(mode))
        while process.poll() is None:  # its last messages answered
            QTimer.singleShot(50, app.quit)
            app.exec()
        report(name, gaps, f" ({process.stdout.read().strip()} messages from {PHONES} phones)")
    server.stop()

    frame = '{"type": "take", "id": 5}'
    count = 20_000
    began = time.perf_counter()
    for _ in range(count):
        try:
            protocol.read(frame)
        except protocol.ProtocolError as refusal:
            protocol.write(protocol.Refused(str(refusal)))
    print(f"reading and refusing one malformed frame: {(time.perf_counter() - began) / count * 1e6:.1f} us")


if __name__ == "__main__":
    main()
