"""Helpers for the server tests: WebSocket wrappers, table set-up, a server process."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Coroutine, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import anyio
import httpx
from fastapi.testclient import TestClient

import plunder
from plunder.server.store import SeatRow, TableRow

# Fetches the events of a seat's log from one index to another (the log route).
Fill = Callable[[int, int], list[dict[str, Any]]]

T = TypeVar("T")


def run_async(main: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(main)``, in a thread of its own: a test worker that has driven a
    browser holds Playwright's event loop as its main thread's running loop (for the
    rest of the session), and there ``asyncio.run`` refuses to start."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, main).result()


# How long a test waits for a message that does not come before it fails: a test
# that waits forever would otherwise hold its worker to the suite's timeout and leave
# its event loop behind for the tests that follow it there.
WAIT_SECONDS = 120.0


def receive_text(ws: Any, seconds: float = WAIT_SECONDS) -> str:
    """The next text message of a test client's WebSocket, waited for at most
    ``seconds`` (the test client's own ``receive_text`` waits for ever)."""
    stream = getattr(ws, "_send_rx", None)
    if stream is None:  # another client than Starlette's test client: its own wait
        return str(ws.receive_text())

    async def within() -> Any:
        with anyio.fail_after(seconds):
            return await stream.receive()

    try:
        message = ws.portal.call(within)
    except TimeoutError:
        raise AssertionError(f"no message came in {seconds:.0f} s") from None
    ws._raise_on_close(message)
    return str(message["text"])


class Socket:
    """A test's WebSocket to a table, keeping every message it receives.

    As the browser does, it keeps the seat's log from the ``events`` each state
    message brings (``events_from`` must follow on from what it holds, or be 0
    for a whole log), so a test sees every event the seat received: ``log_at``
    is the log as one message left it, ``full_view`` that message's view with
    it, as ``state.view(seat)`` has it. ``sizes`` holds each message's length
    in bytes, as sent. Events sent again replace those held. A hello's answer
    that starts past the events held (a long log: it carries the latest
    ``log_page`` events) is completed with ``fill``, the log route, as the
    browser does; without ``fill`` it fails the test.

    As the browser does too, an ``act`` sent without a ``step`` names the step of
    the last state received.
    """

    def __init__(self, ws: Any, fill: Fill | None = None) -> None:
        self.ws = ws
        self.fill = fill
        self.received: list[dict[str, Any]] = []
        self.sizes: list[int] = []
        self.log: list[dict[str, Any]] = []
        # Per message received: the log list it added to and its length then
        # (a whole log starts a new list, so earlier messages keep theirs).
        self._logs: list[tuple[list[dict[str, Any]], int] | None] = []
        self.step: int | None = None

    def send(self, message: dict[str, Any]) -> None:
        if message.get("type") == "act" and "step" not in message and self.step is not None:
            message = {**message, "step": self.step}
        self.ws.send_json(message)

    def next(self) -> dict[str, Any]:
        try:
            text = receive_text(self.ws)
        except AssertionError as error:
            last = self.received[-1] if self.received else None
            raise AssertionError(f"{error}; the last one received: {last}") from None
        message = json.loads(text)
        self._logs.append(self._take_events(message) if message.get("type") == "state" else None)
        if message.get("type") == "state":
            self.step = message["step"]
        self.received.append(message)
        self.sizes.append(len(text.encode()))
        return message

    def _take_events(self, message: dict[str, Any]) -> tuple[list[dict[str, Any]], int]:
        start = message["events_from"]
        if start < len(self.log):
            # Events it holds are sent again (a hello said it held fewer): they
            # replace those, in a new list, so earlier messages keep their logs.
            self.log = self.log[:start]
        if start > len(self.log) and self.fill is not None:
            self.log = self.log + self.fill(len(self.log), start)
        assert start == len(self.log), f"events from {start} while {len(self.log)} are held"
        self.log.extend(message["events"])
        return self.log, len(self.log)

    def log_at(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        """The seat's log as it stood once ``message`` (a state received here) arrived."""
        for index, seen in enumerate(self.received):
            if seen is message:
                kept = self._logs[index]
                assert kept is not None, "not a state message"
                log, length = kept
                return log[:length]
        raise AssertionError("not a message this socket received")

    def full_view(self, message: dict[str, Any]) -> dict[str, Any]:
        """``message``'s view with the log received so far: what ``state.view(seat)`` gives."""
        return {**message["view"], "log": self.log_at(message)}

    def until(self, wanted: Callable[[dict[str, Any]], bool], limit: int = 500) -> dict[str, Any]:
        """The first message ``wanted`` accepts; fails after ``limit`` others."""
        for _ in range(limit):
            message = self.next()
            if wanted(message):
                return message
        raise AssertionError(f"no wanted message in {limit}: last {self.received[-1]}")

    def error(self) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "error")

    def state(self, move: int | None = None) -> dict[str, Any]:
        """The next state message; with ``move``, the latest one at ``move`` or later.

        A state already received at ``move`` or later is returned at once, so a
        test may ask twice for the same move.
        """
        if move is not None:
            seen = [m for m in self.received if m["type"] == "state"]
            if seen and seen[-1]["move"] >= move:
                return seen[-1]
        return self.until(lambda m: m["type"] == "state" and (move is None or m["move"] >= move))


def create(
    client: TestClient | httpx.Client, seats: list[dict[str, Any]], **extra: Any
) -> dict[str, Any]:
    body = {"game": "duel", "options": {}, "seats": seats, "name": "Ann", **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def join(client: TestClient | httpx.Client, table: str, name: str = "Bob") -> dict[str, Any]:
    response = client.post(f"/api/tables/{table}/join", json={"name": name})
    assert response.status_code == 200, response.text
    return response.json()


HUMAN = {"kind": "human"}


@contextlib.contextmanager
def host_and_guest(client: TestClient, **table: Any) -> Iterator[tuple[str, Socket, Socket]]:
    """A table of two humans (``table``: the creation's fields): the host at seat 0 and a
    guest who joined at seat 1, each connected and greeted; yields the table's id and
    both sockets, whose first state is still to be read."""
    created = create(client, [HUMAN, HUMAN], **table)
    name = created["table"]
    joined = join(client, name)
    with (
        client.websocket_connect(f"/ws/{name}") as a,
        client.websocket_connect(f"/ws/{name}") as b,
    ):
        host, guest = Socket(a), Socket(b)
        host.send({"type": "hello", "token": created["token"]})
        guest.send({"type": "hello", "token": joined["token"]})
        yield name, host, guest


def log_filler(client: TestClient | httpx.Client, table: str, token: str | None = None) -> Fill:
    """The log route as a ``Socket``'s ``fill``: a seat's events (``token``), page by page."""
    headers = {} if token is None else {"X-Plunder-Token": token}

    def fill(start: int, stop: int) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        while start + len(events) < stop:
            asked = {"from": start + len(events)}  # a page of the server's size
            response = client.get(f"/api/tables/{table}/log", params=asked, headers=headers)
            assert response.status_code == 200, response.text
            page = response.json()
            assert page["events_from"] == asked["from"] and page["events"], page
            events.extend(page["events"])
        return events[: stop - start]

    return fill


def summary(client: TestClient, table: str) -> dict[str, Any]:
    """The lobby's summary of ``table``, which must exist."""
    response = client.get(f"/api/tables/{table}")
    assert response.status_code == 200, response.text
    return response.json()


def wait_until(check: Callable[[], bool], seconds: float = 10) -> bool:
    """Whether ``check`` comes true within ``seconds``, asked every 50 ms."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return check()


def bot(name: str = "random", level: str = "normal") -> dict[str, Any]:
    return {"kind": "bot", "bot": name, "level": level}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PortTaken(AssertionError):
    """The server could not listen: its port was taken."""


class ServerProcess:
    """``plunder serve`` in a process of its own, which a test may kill and restart."""

    def __init__(
        self,
        db_url: str,
        log: Path,
        bot_delay: float = 0.0,
        extra: list[str] | None = None,
        bot_reflex: float = 0.0,
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.db_url = db_url
        self.log = log
        self.bot_delay = bot_delay
        self.bot_reflex = bot_reflex
        # More flags of ``plunder serve``.
        self.extra = list(extra or [])
        self.env = None if env is None else dict(env)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.started = False

    def start(self) -> None:
        """Starts the server; at its first start, on another port if the one picked was
        taken meanwhile (by another process of the suite, between the pick and now)."""
        try:
            self._start()
        except PortTaken:
            if self.started:
                raise
            self.port = free_port()
            self.url = f"http://127.0.0.1:{self.port}"
            self._start()
        self.started = True

    def _start(self) -> None:
        command = [
            sys.executable,
            "-m",
            "plunder.cli",
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.db_url,
            "--bot-delay",
            str(self.bot_delay),
            "--bot-reflex",
            str(self.bot_reflex),
            *self.extra,
        ]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, env=self.env
            )
        deadline = time.monotonic() + 60  # a loaded machine starts it slowly
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                told = self.log.read_text()[-2000:]
                if "address already in use" in told.lower():
                    raise PortTaken(told)
                raise AssertionError(f"server exited: {told}")
            try:
                if httpx.get(f"{self.url}/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise AssertionError(f"server did not answer: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL: no shutdown handlers, no flushing."""
        assert self.process is not None
        self.process.kill()
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def ws_url(self, table: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{table}"


def states_along(record: dict[str, Any]) -> list[Any]:
    """The state after each number of moves of ``record`` (index k: after k moves)."""
    game = plunder.load(record["game"], **record["options"])
    states = [game.new(seed=record["seed"])]
    for seat, action in record["moves"]:
        state = states[-1].clone()
        state.act(seat, action)
        states.append(state)
    return states


def replay_pages(
    client: TestClient | httpx.Client, table: str, seat: int | None = None, count: int | None = None
) -> list[dict[str, Any]]:
    """Every page of a finished table's replay, in order, each asking only for new events."""
    pages: list[dict[str, Any]] = []
    start, held = 0, 0
    while True:
        params: dict[str, Any] = {"from": start, "events_from": held}
        if seat is not None:
            params["seat"] = seat
        if count is not None:
            params["count"] = count
        response = client.get(f"/api/tables/{table}/replay", params=params)
        assert response.status_code == 200, response.text
        page = response.json()
        assert page["from"] == start and page["events_from"] == held
        pages.append(page)
        held += len(page["events"])
        start += len(page["views"])
        if start > page["moves"]:
            return pages


def replay_views(
    client: TestClient | httpx.Client, table: str, seat: int | None = None, count: int | None = None
) -> tuple[list[dict[str, Any]], list[dict[str, Any] | None]]:
    """The whole views after 0, 1, … moves (logs rebuilt from the pages' events), and
    the move that led to each as data (None for the first)."""
    events: list[dict[str, Any]] = []
    views: list[dict[str, Any]] = []
    actions: list[dict[str, Any] | None] = []
    for page in replay_pages(client, table, seat, count):
        events.extend(page["events"])
        for view, held, action in zip(
            page["views"], page["event_counts"], page["actions"], strict=True
        ):
            views.append({**view, "log": events[:held]})
            actions.append(action)
    return views, actions


def running_duel_row(table_id: str) -> TableRow:
    """A running Duel of two humans (Ann and Bob), as the store keeps it."""
    return TableRow(
        id=table_id, game="duel", options={"players": 2}, seed=7, host_seat=0, clock=None,
        bot_delay=0.0, created=time.time(), status="running",
        seats=[SeatRow(0, "human", name="Ann", token_hash="a"),
               SeatRow(1, "human", name="Bob", token_hash="b")],
    )
