"""Phones under load (docs/performance.md, "Phones: from a tap to every screen"): 8 phones on
127.0.0.1 play one game, each seat acting in turn, for 1,000 actions, with reconnect storms
between them; from a phone's tap to the shared screen done and to every phone holding its new
view, actions lost or taken twice, and memory.

    python tests/benchmarks/bench_phones.py                       # both runs, 1,000 actions each
    python tests/benchmarks/bench_phones.py --runs window --actions 300 --storms 3
    python tests/benchmarks/bench_phones.py --json figures.json

Two runs, each in a fresh process: **session** (a real session with its autosave journal and a
`PhoneServer`, no window) and **window** (the same with the real main window, offscreen, at 1600 x
1000, showing the table). The phones are real WebSocket clients (aiohttp's) in another process, as
phones are other machines: each pairs by its seat's secret, keeps its token, and acts only on
what its own view offers (its open question at its default, else one of its offers; the system's
"end the session" is never taken). Seats act in turn: a phone with an open question answers it,
else the next seat after the last one that began a move begins one. One action is under way at a
time (a table's taps are seconds apart): the next tap waits until the last one is done everywhere.

What a tap is timed to (one clock, `time.monotonic_ns`, shared by both processes):
- **screen**: the table's process is done with it: the phones' server took it, the session and
  the window changed, every phone's new view was sent, and the event loop found nothing more to
  do (the window's paints included: `window_timing.settle`'s rule, in the running loop);
- **every phone**: the last phone that was sent a new view because of it received that view;
- **reply**: the tapping phone got its `taken` (or `refused`).

Reconnect storms: at even spaces through the run, a phone taps and at once all 8 phones drop their
sockets (every other storm abruptly, with no close frame, as a Wi-Fi lost), connect again and come
back with their tokens; the tapping phone sends its action again, the same id: it must be taken
once. Timed: from the drop to every phone holding its whole view again. Lost and duplicated: every
id sent must have one reply (a resend gets the first again), the moves the phones were told were
made must be the game's new actions, one for one, and the autosave journal read back must hold the
game's actions. Memory (RSS and Python's allocated blocks, after a collection) at the start, after
each quarter, and at the end.

The table's process reports to the phones' process on a pipe (which views each action sent, and
when it is done): the phones wait for it before the next tap, so no tap is built on an old view.
Loopback only, bounded in count and time; nothing here asserts, it prints.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import io
import json
import os
import pstats
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import tracemalloc
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SYSTEM = "twilight-imperium"  # 8 seats; its moves are the table's entries any seat may take, in turn
SEATS = 8
ENDING = {"end_session"}  # offers a phone never takes: the game must go on
WAIT = 60.0  # seconds any one step may take before the run gives up on it
VERSION = re.compile(rb'^\{"type":"view","version":(\d+)')
PER_SECOND = 50  # messages a phone here sends in any second at most: under the table's limit


def now() -> int:
    return time.monotonic_ns()


# ==== the table's process ==========================================================================


class Recorder:
    """Watches the table's side: when each action reached the desk on the UI thread, which new
    views it made, when the loop was done with it; reports to the phones on their stdin."""

    def __init__(self, server, pipe, window=None) -> None:
        self.server = server
        self.pipe = pipe
        self.window = window
        desk = server._desk
        self.desk = desk
        self.records: dict[str, dict] = {}
        self.batch_ids: list[str] = []
        self.batch_views: dict[str, int] = {}
        self.awaiting: list[str] = []
        self.sent: dict[str, int] = {}  # seat -> newest version sent
        self.paints = 0
        self.paints_at_idle = 0
        self.late_paints = 0  # paints after the loop was found idle, before the next action: none expected
        self.memory: list[dict] = []
        self.refresh_ns = 0
        self._received, self._send, self._refresh = desk.received, desk.send, desk.refresh
        desk.received, desk.send, desk.refresh = self.received, self.send, self.refresh
        if window is not None:
            from PySide6.QtCore import QEvent, QObject

            recorder = self

            class Paints(QObject):
                def eventFilter(self, watched, event):  # noqa: N802 (Qt's name)
                    if event.type() == QEvent.Type.UpdateRequest:
                        recorder.paints += 1
                    return False

            self._filter = Paints()
            window.installEventFilter(self._filter)

    def received(self, connection: int, message) -> None:
        action_id = getattr(message, "id", None)
        if action_id is None or not hasattr(message, "version"):
            self._received(connection, message)
            return
        began = now()
        if not self.awaiting:
            self.late_paints += self.paints - self.paints_at_idle
        self._received(connection, message)
        handled = now()
        record = self.records.get(action_id)
        if record is None:
            self.records[action_id] = {"in": began, "handled": handled, "paints": self.paints}
        else:
            record.setdefault("again", []).append(began)
        self.batch_ids.append(action_id)
        self.awaiting.append(action_id)
        if not self.server._refresh.isActive():
            self.flush()

    def send(self, connection: int, data: bytes) -> None:
        found = VERSION.match(data)
        if found:
            client = self.desk.clients.get(connection)
            version = int(found.group(1))
            if client is not None and client.seat is not None and version > self.sent.get(client.seat, 0):
                self.sent[client.seat] = version
                self.batch_views[client.seat] = version
        self._send(connection, data)

    def refresh(self, force: bool = False) -> None:
        began = now()
        self._refresh(force)
        self.refresh_ns += now() - began
        self.flush()

    def flush(self) -> None:
        if self.batch_ids:
            self.say({"ids": self.batch_ids, "views": self.batch_views})
        self.batch_ids, self.batch_views = [], {}

    def idle(self, marks: set[int]) -> None:
        """The loop found nothing more to do: the awaited actions are done on the screen."""
        at = now()
        for action_id in self.awaiting:
            record = self.records[action_id]
            if "screen" not in record:
                record["screen"] = at
                record["paints"] = self.paints - record["paints"]
        ids, self.awaiting = self.awaiting, []
        self.paints_at_idle = self.paints
        if len(self.records) in marks and len(self.records) not in {sample["actions"] for sample in self.memory}:
            self.memory.append(memory_now(len(self.records)))
        self.say({"done": ids})

    def say(self, line: dict) -> None:
        self.pipe.write(json.dumps(line) + "\n")
        self.pipe.flush()


def memory_now(actions: int) -> dict:
    gc.collect()
    with open("/proc/self/statm") as statm:
        rss_pages = int(statm.read().split()[1])
    sample = {"actions": actions, "rss_mb": rss_pages * os.sysconf("SC_PAGE_SIZE") / 2**20,
              "blocks": sys.getallocatedblocks()}
    if tracemalloc.is_tracing():
        sample["snapshot"] = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
    return sample


def growth(first, last, most: int = 8) -> list[str]:
    """Where Python's memory grew between two snapshots, by file: the largest first."""
    return [f"{stat.size_diff / 1024:+8.1f} KiB {stat.count_diff:+7,} blocks  {stat.traceback[0].filename}"
            for stat in last.compare_to(first, "filename")[:most]]


def serve_run(mode: str, args) -> dict:
    """One run in this process: the table (and the window), the phones in another process."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT))
    from PySide6.QtCore import QAbstractEventDispatcher, QCoreApplication, QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from desktop.model import opening
    from desktop.phones.server import PhoneServer
    from desktop.storage.journal import resume
    from tests.benchmarks import window_timing

    app = QApplication.instance() or QApplication([])
    game = window_timing.new_game(args.system, args.seats, seed=args.seed)
    session = opening.session_for(game, name="bench-phones")
    window = None
    if mode == "window":
        window = window_timing.window_for(session)
        window_timing.idle()
    server = PhoneServer(session)
    server.start("127.0.0.1")
    secrets = [invite.url.rsplit("/join/", 1)[1] for invite in server.invitations()]
    result_file = Path(tempfile.mkstemp(prefix="bench-phones-", suffix=".json")[1])
    phones = subprocess.Popen(
        [sys.executable, __file__, "--phones", server.address, "--actions", str(args.actions),
         "--storms", str(args.storms), "--seed", str(args.seed), "--out", str(result_file),
         "--secrets=" + ",".join(secrets)],
        stdin=subprocess.PIPE, text=True, cwd=ROOT,
    )
    recorder = Recorder(server, phones.stdin, window)
    marks = {1, *(round(args.actions * quarter / 4) for quarter in range(1, 5))}
    if args.trace_memory:
        tracemalloc.start()
    recorder.memory.append(memory_now(0))
    actions_before = len(game.actions)
    dispatcher = QAbstractEventDispatcher.instance()
    waker = QTimer(interval=50)  # the loop below looks at the phones' process at least this often
    waker.timeout.connect(lambda: None)
    waker.start()
    deadline = time.monotonic() + WAIT * 10 + args.actions * 2
    profile = cProfile.Profile() if args.profile else None
    if profile is not None:
        profile.enable()
    while phones.poll() is None and time.monotonic() < deadline:
        if recorder.awaiting:
            # settle's rule, in the running loop: done once a round finds nothing to do
            QCoreApplication.sendPostedEvents()
            busy = dispatcher.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)
            if not busy and not server._refresh.isActive():
                recorder.idle(marks)
        else:
            dispatcher.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
    waker.stop()
    if profile is not None:
        profile.disable()
        shown = io.StringIO()
        pstats.Stats(profile, stream=shown).sort_stats("cumulative").print_stats(r"desktop/", 30)
        print(shown.getvalue(), file=sys.stderr)
    if phones.poll() is None:
        phones.kill()
    phones.wait(WAIT)
    if phones.returncode != 0:
        raise SystemExit(f"the phones' process ended with status {phones.returncode}")
    if not recorder.memory or recorder.memory[-1]["actions"] != len(recorder.records):
        recorder.memory.append(memory_now(len(recorder.records)))
    traced = []
    if args.trace_memory:
        snapshots = [sample.pop("snapshot") for sample in recorder.memory]
        # From the first action, and from the middle on: what still grows once caches are full.
        traced = [("from the first action", growth(snapshots[1], snapshots[-1])),
                  ("from the middle on", growth(snapshots[len(snapshots) // 2], snapshots[-1]))]
        tracemalloc.stop()
    else:
        for sample in recorder.memory:
            sample.pop("snapshot", None)
    server.stop()
    journal_path = session.journal.path
    session.journal.flush()
    journal_game, _name = resume(journal_path)
    report = {
        "mode": mode,
        "system": args.system,
        "seats": args.seats,
        "records": recorder.records,
        "memory": recorder.memory,
        "refresh_ms": recorder.refresh_ns / 1e6,
        "late_paints": recorder.late_paints,
        "traced": traced,
        "game_actions": len(game.actions) - actions_before,
        "journal_matches": list(journal_game.actions) == list(game.actions),
        "journal_actions": len(journal_game.actions),
        "phones": json.loads(result_file.read_text()) if result_file.stat().st_size else {},
    }
    result_file.unlink()
    if window is not None:
        window_timing.close(window)
    else:
        session.close()
    del app
    return report


# ==== the phones' process ==========================================================================


def answer_value(question: dict, chooser: random.Random):
    """The question's default as the phone sends it; where it has none, a valid first value."""
    kind, options, default = question["kind"], question["options"], question["default"]
    if question.get("preface") or kind == "confirm":
        return default if isinstance(default, bool) else True
    if kind in ("seat", "card", "choice"):
        return default if isinstance(default, int) else chooser.randrange(len(options))
    if kind == "number":
        return default if isinstance(default, int) and not isinstance(default, bool) else question["low"]
    if kind == "text":
        return default if isinstance(default, str) else "x"
    if kind == "order":
        return default if isinstance(default, list) else list(range(len(options)))
    if kind == "subset":
        return default if isinstance(default, list) else []
    if kind == "counts":
        return default if isinstance(default, dict) else {option["key"]: option["low"] for option in options}
    return default


class Phone:
    def __init__(self, address: str, number: int) -> None:
        self.address = address
        self.number = number
        self.seat = ""
        self.token = ""
        self.view: dict | None = None
        self.views: list[tuple[int, int]] = []  # (version, arrived), every view received
        self.replies: dict[str, list[tuple[str, int]]] = {}  # id -> (the reply as sent, arrived)
        self.unpaired = 0
        self.unread: list[str] = []
        self.sent: deque[float] = deque(maxlen=PER_SECOND)  # when its latest messages went
        self.changed = asyncio.Event()
        self.client = None
        self.socket = None

    async def connect(self) -> None:
        import aiohttp

        self.client = aiohttp.ClientSession()
        self.socket = await self.client.ws_connect(self.address.replace("http", "ws", 1) + "/ws", max_msg_size=0)
        self.reader = asyncio.create_task(self._read(self.socket))

    async def _read(self, socket) -> None:
        import aiohttp

        async for frame in socket:
            if frame.type != aiohttp.WSMsgType.TEXT:
                continue
            arrived = now()
            message = json.loads(frame.data)
            kind = message["type"]
            if kind == "view":
                self.view = message
                self.views.append((message["version"], arrived))
            elif kind == "paired":
                self.seat, self.token = message["seat"], message["token"]
            elif kind in ("taken", "refused") and message.get("id"):
                self.replies.setdefault(message["id"], []).append((frame.data, arrived))
            elif kind == "refused":  # a message the table could not read: a bug of these phones
                self.unread.append(message["sentence"])
            elif kind == "unpaired":
                self.unpaired += 1
            self.changed.set()

    async def until(self, condition, timeout: float = WAIT) -> bool:
        end = time.monotonic() + timeout
        while not condition():
            self.changed.clear()
            left = end - time.monotonic()
            if left <= 0:
                return False
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                return condition()
        return True

    async def send(self, message: dict) -> None:
        # The table reads at most 60 messages a second from a phone (wire.PER_SECOND); a person
        # taps far slower, but these phones answer a run of questions in milliseconds.
        while len(self.sent) >= PER_SECOND and time.monotonic() - self.sent[0] < 1.0:
            await asyncio.sleep(1.0 - (time.monotonic() - self.sent[0]))
            self.sent.popleft()
        self.sent.append(time.monotonic())
        await self.socket.send_str(json.dumps(message))

    async def drop(self, abrupt: bool) -> None:
        """The socket goes: with its close frame, or at once (a Wi-Fi lost: no frame, a reset)."""
        transport = getattr(getattr(self.socket, "_writer", None), "transport", None)
        if abrupt and transport is not None:
            transport.abort()
        else:
            await self.socket.close()
        try:
            await asyncio.wait_for(self.reader, WAIT)
        except (TimeoutError, Exception):  # noqa: BLE001 (a reset socket ends its reader any way it likes)
            pass
        await self.client.close()

    async def back(self) -> int:
        """Connects again and resumes with its token; the time its whole view arrived."""
        count = len(self.views)
        await self.connect()
        await self.send({"type": "resume", "token": self.token})
        await self.until(lambda: len(self.views) > count)
        return self.views[-1][1] if len(self.views) > count else 0

    def arrival(self, version: int) -> int | None:
        """When this phone first held a view of `version` or newer."""
        return next((arrived for seen, arrived in self.views if seen >= version), None)

    def choose(self, chooser: random.Random, action_id: str, offers: bool, avoid: set) -> dict | None:
        """An action on this phone's latest view: its open question, else (with `offers`) one of
        its offers, its own first, never one that ends the game, never one refused on this view."""
        view = self.view
        if view is None:
            return None
        feed, version = view["feed"], view["version"]
        if feed["questions"]:
            question = feed["questions"][0]
            if (self.seat, version, "q", question["id"]) in avoid:  # its default was refused: leave it
                return {"type": "cancel", "id": action_id, "version": version, "question": question["id"]}
            return {"type": "answer", "id": action_id, "version": version, "question": question["id"],
                    "value": answer_value(question, chooser), "_kind": question["kind"]}
        if not offers:
            return None
        usable = [offer for offer in feed["offers"]
                  if offer["kind"] not in ENDING and (self.seat, version, "o", offer["index"]) not in avoid]
        pick = [offer for offer in usable if offer["mine"]] or usable
        if not pick:
            return None
        offer = chooser.choice(pick)
        return {"type": "take", "id": action_id, "version": version, "offer": offer["index"], "_kind": offer["kind"]}


class Table:
    """What the table's process says on the pipe: each action's new views, and when it is done."""

    def __init__(self) -> None:
        self.views: dict[str, dict[str, int]] = {}
        self.done: set[str] = set()
        self.changed = asyncio.Event()

    def take(self, line: dict) -> None:
        for action_id in line.get("ids", ()):
            self.views.setdefault(action_id, line["views"])
        self.done.update(line.get("done", ()))
        self.changed.set()

    def listen(self, loop) -> None:
        def read() -> None:
            for text in sys.stdin:
                loop.call_soon_threadsafe(self.take, json.loads(text))

        threading.Thread(target=read, daemon=True, name="bench-table-pipe").start()

    async def until(self, condition, timeout: float = WAIT) -> bool:
        end = time.monotonic() + timeout
        while not condition():
            self.changed.clear()
            left = end - time.monotonic()
            if left <= 0:
                return False
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                return condition()
        return True


async def play(address: str, secrets: list[str], actions: int, storms: int, seed: int) -> dict:
    chooser = random.Random(seed)
    table = Table()
    table.listen(asyncio.get_running_loop())
    phones = [Phone(address, number) for number in range(len(secrets))]
    for phone, secret in zip(phones, secrets):
        await phone.connect()
        await phone.send({"type": "join", "secret": secret})
        await phone.until(lambda phone=phone: phone.token and phone.view is not None)
    storm_at = {round(actions * (number + 1) / (storms + 1)) for number in range(storms)}
    taps: list[dict] = []
    storm_figures: list[dict] = []
    avoid: set = set()
    turn = 0
    for step in range(actions):
        order = phones[turn:] + phones[:turn]
        action_id = f"{step}"
        picked = next(((phone, message) for phone in order
                       if (message := phone.choose(chooser, action_id, False, avoid))), None)
        picked = picked or next(((phone, message) for phone in order
                                 if (message := phone.choose(chooser, action_id, True, avoid))), None)
        if picked is None:
            taps.append({"id": action_id, "stuck": True})
            break
        phone, message = picked
        kind = message.pop("_kind", message["type"])
        tap = {"id": action_id, "seat": phone.seat, "type": message["type"], "kind": kind}
        if step in storm_at:
            tap["storm"] = True
            storm_figures.append(await storm(phones, phone, message, abrupt=len(storm_figures) % 2 == 0, tap=tap))
        else:
            tap["sent"] = now()
            await phone.send(message)
        reply = await outcome(phones, phone, table, tap)
        if reply is None:
            taps.append(tap)
            continue
        if reply["type"] == "refused":
            where = ("q", message["question"]) if "question" in message else ("o", message["offer"])
            avoid.add((phone.seat, message["version"], *where))
        elif message["type"] == "take":
            turn = (phones.index(phone) + 1) % len(phones)
        taps.append(tap)
    for phone in phones:
        await phone.socket.close()
        await phone.client.close()
    return {
        "taps": taps,
        "storms": storm_figures,
        "replies": {phone.seat: {key: [text for text, _at in got] for key, got in phone.replies.items()}
                    for phone in phones},
        "unpaired": sum(phone.unpaired for phone in phones),
        "unread": [sentence for phone in phones for sentence in phone.unread],
    }


async def outcome(phones: list[Phone], phone: Phone, table: Table, tap: dict) -> dict | None:
    """Waits for the tap's reply, the table's word that it is done, and every new view it made at
    the phones that were sent one; notes when each came (None: lost)."""
    action_id = tap["id"]
    got_reply = await phone.until(lambda: action_id in phone.replies)
    got_views = await table.until(lambda: action_id in table.views and action_id in table.done)
    if not (got_reply and got_views):
        tap["lost"] = True
        return None
    text, tap["reply"] = phone.replies[action_id][0]
    reply = json.loads(text)
    tap["answer"] = reply["type"]
    tap["made"] = reply.get("made", False)
    tap["sentence"] = reply.get("sentence", "")
    due = table.views[action_id]
    by_seat = {each.seat: each for each in phones}
    await asyncio.gather(*(by_seat[seat].until(lambda seat=seat, version=version: by_seat[seat].arrival(version))
                           for seat, version in due.items()))
    arrivals = [by_seat[seat].arrival(version) for seat, version in due.items()]
    tap["phones_updated"] = len(due)
    tap["every"] = max([at for at in arrivals if at is not None] + [tap["reply"]])
    return reply


async def storm(phones: list[Phone], actor: Phone, message: dict, abrupt: bool, tap: dict) -> dict:
    """`actor` taps and at once every phone drops its socket; all come back with their tokens
    together, and `actor` sends its action again, with the same id."""
    began = now()
    tap["sent"] = began
    await actor.send(message)
    await asyncio.gather(*(phone.drop(abrupt) for phone in phones))
    dropped = now()
    backs = await asyncio.gather(*(phone.back() for phone in phones))
    await actor.send(message)  # its reply may have been lost with the socket: the same id again
    return {"abrupt": abrupt, "drop_ms": (dropped - began) / 1e6,
            "all_back_ms": (max(backs) - dropped) / 1e6 if all(backs) else None,
            "back": sum(1 for at in backs if at)}


def phones_main(args) -> None:
    result = asyncio.run(play(args.phones, args.secrets.split(","), args.actions, args.storms, args.seed))
    Path(args.out).write_text(json.dumps(result))


# ==== the figures ==================================================================================


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[max(0, round(len(ordered) * 0.95) - 1)] if ordered else float("nan")


def figures(report: dict) -> dict:
    records, phones = report["records"], report["phones"]
    taps = phones.get("taps", [])
    measured = [tap for tap in taps if "answer" in tap and not tap.get("storm") and tap["id"] in records
                and "screen" in records[tap["id"]]]
    screen = [(records[tap["id"]]["screen"] - tap["sent"]) / 1e6 for tap in measured]
    every = [(tap["every"] - tap["sent"]) / 1e6 for tap in measured]
    reply = [(tap["reply"] - tap["sent"]) / 1e6 for tap in measured]
    handled = [(records[tap["id"]]["handled"] - records[tap["id"]]["in"]) / 1e6 for tap in measured]
    made = sum(1 for tap in taps if tap.get("made"))
    replies = phones.get("replies", {})
    told_twice = sum(1 for seat in replies.values() for texts in seat.values() if len(set(texts)) > 1)
    sent_again = sum(1 for record in records.values() if record.get("again"))
    return {
        "mode": report["mode"],
        "taps": len(taps),
        "measured": len(measured),
        "stuck": any(tap.get("stuck") for tap in taps),
        "refused": sum(1 for tap in taps if tap.get("answer") == "refused"),
        "stale": sum(1 for tap in taps if tap.get("sentence") == "The table changed: look again."),
        "made": made,
        "game_actions": report["game_actions"],
        "journal_actions": report["journal_actions"],
        "journal_matches": report["journal_matches"],
        "lost": sum(1 for tap in taps if tap.get("lost")) + max(0, made - report["game_actions"]),
        "duplicated": told_twice + max(0, report["game_actions"] - made),
        "sent_again": sent_again,
        "phones_updated_median": statistics.median([tap["phones_updated"] for tap in measured]) if measured else 0,
        "screen_ms": (statistics.median(screen), p95(screen), max(screen)) if screen else None,
        "every_phone_ms": (statistics.median(every), p95(every), max(every)) if every else None,
        "reply_ms": (statistics.median(reply), p95(reply), max(reply)) if reply else None,
        "desk_ms": (statistics.median(handled), p95(handled), max(handled)) if handled else None,
        "refresh_ms_total": report["refresh_ms"],
        "late_paints": report["late_paints"],
        "paints_median": statistics.median([records[tap["id"]].get("paints", 0) for tap in measured]) if measured else 0,
        "storms": phones.get("storms", []),
        "memory": report["memory"],
        "unpaired": phones.get("unpaired", 0),
        "traced": report["traced"],
        "lost_taps": [tap for tap in taps if tap.get("lost")],
        "unread": phones.get("unread", []),
    }


def show(found: dict) -> None:
    def triple(values) -> str:
        return "median {:6.1f}  p95 {:6.1f}  max {:6.1f} ms".format(*values) if values else "-"

    print(f"\n== {found['mode']}: {found['taps']} taps ({found['measured']} timed, the storms' apart), "
          f"{found['made']} moves made, {found['refused']} refused ({found['stale']} as stale)"
          + ("  STUCK: no phone had anything to do" if found["stuck"] else ""))
    print(f"  tap -> screen done        {triple(found['screen_ms'])}")
    print(f"  tap -> every phone's view {triple(found['every_phone_ms'])}  (median {found['phones_updated_median']} phones sent a view)")
    print(f"  tap -> the tapper's reply {triple(found['reply_ms'])}")
    print(f"  the desk's own work       {triple(found['desk_ms'])};  refreshes {found['refresh_ms_total']:.0f} ms in all;"
          f"  paints per tap (median) {found['paints_median']}, after the loop was idle {found['late_paints']}")
    print(f"  lost {found['lost']}, duplicated {found['duplicated']} (sent again in storms: {found['sent_again']});"
          f"  game actions {found['game_actions']}, journal holds the game's actions: {found['journal_matches']}"
          f" ({found['journal_actions']})")
    for tap in found["lost_taps"]:
        print(f"  lost: {tap}")
    if found["unread"]:
        print(f"  messages the table could not read: {found['unread']}")
    for number, storm in enumerate(found["storms"], 1):
        print(f"  storm {number} ({'abrupt' if storm['abrupt'] else 'closed'}): {storm['back']}/8 back, "
              f"all views again {storm['all_back_ms']:.0f} ms after the drop")
    for sample in found["memory"]:
        print(f"  memory at {sample['actions']:5} actions: RSS {sample['rss_mb']:6.1f} MB, "
              f"Python blocks {sample['blocks']:,}")
    for span, lines in found["traced"]:
        print(f"  Python's memory grown {span} to the end, by file (tracemalloc: the times above do not count):")
        for line in lines:
            print("   ", line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", nargs="+", choices=("session", "window"), default=["session", "window"])
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--storms", type=int, default=5)
    parser.add_argument("--system", default=SYSTEM)
    parser.add_argument("--seats", type=int, default=SEATS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="the figures as JSON")
    parser.add_argument("--trace-memory", action="store_true",
                        help="where Python's memory grew, by file (tracemalloc: slows every figure)")
    parser.add_argument("--profile", action="store_true",
                        help="cProfile of the table's process, desktop/ by cumulative time, on standard error")
    parser.add_argument("--serve", choices=("session", "window"), help=argparse.SUPPRESS)
    parser.add_argument("--phones", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    parser.add_argument("--secrets", help=argparse.SUPPRESS)  # base64url: no commas
    args = parser.parse_args()
    if args.phones:
        phones_main(args)
        return
    if args.serve:
        print(json.dumps(figures(serve_run(args.serve, args))))
        return
    print(f"{args.system}, {args.seats} phones on 127.0.0.1, {args.actions} actions, {args.storms} storms; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    found = []
    with tempfile.TemporaryDirectory(prefix="bench-phones-") as data:
        for mode in args.runs:
            env = dict(os.environ, ACTIONDECK_DATA_DIR=data, QT_QPA_PLATFORM="offscreen")
            done = subprocess.run(
                [sys.executable, __file__, "--serve", mode, "--actions", str(args.actions), "--storms",
                 str(args.storms), "--system", args.system, "--seats", str(args.seats), "--seed", str(args.seed),
                 *(["--trace-memory"] if args.trace_memory else []), *(["--profile"] if args.profile else [])],
                env=env, cwd=ROOT, capture_output=True, text=True, check=False,
            )
            if done.returncode != 0 or args.profile:
                print(done.stderr, file=sys.stderr)
            if done.returncode != 0:
                continue
            found.append(json.loads(done.stdout.strip().splitlines()[-1]))
            show(found[-1])
    if args.json:
        args.json.write_text(json.dumps(found, indent=1))


if __name__ == "__main__":
    main()
