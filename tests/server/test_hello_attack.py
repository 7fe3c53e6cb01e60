"""Hellos cannot stall the server: each costs a bounded amount; a socket that reads nothing goes.

The attack (``scripts/hello_attack.py`` measures it): anyone may open sockets to
a table with a long log and say hello as a spectator as fast as the message rate
allows, never reading what comes back. Each hello was once answered with the
whole log, built on the event loop and queued for a socket that read nothing.

- A hello is answered with the state and the events the client lacks, never
  more than ``log_page`` of them (the latest); earlier ones come from the log
  route, a page at a time (``GET /api/tables/{t}/log``), a seat's with its token.
- Hellos have a rate of their own; a connection that keeps saying hello past it
  is closed, as one that floods any message is.
- A connection's unsent messages are counted in bytes; past ``ws_backlog_bytes``
  the connection is dropped.
- A client (an address) has at most ``ws_per_client`` sockets open.
- Played against a real server: ten spectators saying hello twenty times a
  second, reading nothing, leave its memory within 50 MB of where it was.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import plunder
import scripts_kit
from plunder.server.app import create_app
from plunder.server.connection import Connection
from plunder.server.settings import Settings
from plunder.server.store import TableRow
from server.conftest import UNLIMITED
from server.kit import ServerProcess, Socket, log_filler, run_async

attack = scripts_kit.load_script("hello_attack")

PAGE = 50
def truth(row: TableRow) -> Any:
    """The state a stored table stands at."""
    game = plunder.load(row.game, **row.options)
    state = game.new(seed=row.seed)
    for seat, action in row.moves:
        state.act(seat, action)
    return state


def roundtrip(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return json.loads(json.dumps(events))


@contextmanager
def long_table_served(tmp_path: Path, moves: int, **limits: Any) -> Iterator[Any]:
    """An app on a store holding a long 5-player Duel: (client, row, seat 0's token, state)."""
    url = f"sqlite:///{tmp_path / 'long.sqlite3'}"
    row, token = attack.long_table(moves)
    attack.write_tables(url, [row])
    settings = Settings(**{**UNLIMITED.__dict__, **limits})
    with TestClient(create_app(url, settings=settings)) as client:
        yield client, row, token, truth(row)


def test_a_hello_brings_a_page_of_events_at_most_and_the_log_route_the_rest(tmp_path):
    with long_table_served(tmp_path, 400, log_page=PAGE) as (client, row, token, state):
        for seat, hello in ((None, {"type": "hello"}), (0, {"type": "hello", "token": token})):
            whole = roundtrip(state.events(seat))
            assert len(whole) > 3 * PAGE
            with client.websocket_connect(f"/ws/{row.id}") as ws:
                watcher = Socket(ws, fill=log_filler(client, row.id, token if seat == 0 else None))
                watcher.send(hello)
                first = watcher.state()
                # The latest events only: the answer weighs the same at any move.
                assert first["seat"] == seat
                assert first["events_from"] == len(whole) - PAGE
                assert first["events"] == whole[-PAGE:]
                # The page's Socket took the rest from the log route, page by page.
                assert watcher.log_at(first) == whole
                # Saying which events it holds, a client is sent only those it lacks.
                watcher.send({**hello, "held": {"seat": seat, "events": len(whole) - 3}})
                again = watcher.state()
                assert again["events_from"] == len(whole) - 3
                assert again["events"] == whole[-3:]
                # What it holds of another seat's log counts for nothing.
                other = 1 if seat is None else None
                watcher.send({**hello, "held": {"seat": other, "events": len(whole) - 3}})
                assert watcher.state()["events_from"] == len(whole) - PAGE


def test_the_log_route_pages_a_seats_events_for_its_token_only(tmp_path):
    with long_table_served(tmp_path, 400, log_page=PAGE) as (client, row, token, state):
        path = f"/api/tables/{row.id}/log"
        mine = client.get(path, params={"from": 7}, headers={"X-Plunder-Token": token}).json()
        assert mine["seat"] == 0 and mine["events_from"] == 7
        assert mine["events"] == roundtrip(state.events(0))[7 : 7 + PAGE]
        assert mine["total"] == state.event_count(0)
        watched = client.get(path, params={"from": 0, "count": 5}).json()
        assert watched["seat"] is None
        assert watched["events"] == roundtrip(state.events(None))[:5]
        wrong = client.get(path, headers={"X-Plunder-Token": "not a token"})
        assert wrong.status_code == 403
        assert client.get(path, params={"count": PAGE + 1}).status_code == 400
        assert client.get(path, params={"from": 10**6}).status_code == 400


def test_hellos_past_their_rate_are_refused_and_a_connection_that_keeps_on_is_closed(tmp_path):
    limits = {"hello_rate": 0.001, "hello_burst": 2, "ws_burst": 10}
    with (
        long_table_served(tmp_path, 40, **limits) as (client, row, _, _),
        client.websocket_connect(f"/ws/{row.id}") as ws,
    ):
        flooder = Socket(ws)
        for _ in range(3):
            flooder.send({"type": "hello"})
        flooder.state()
        flooder.state()
        assert "too many hellos" in flooder.error()["message"]
        # Other messages go on meanwhile.
        flooder.send({"type": "ping"})
        flooder.until(lambda m: m["type"] == "pong")
        for _ in range(12):
            flooder.send({"type": "hello"})
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                flooder.next()
        assert closed.value.code == 1008
        assert sum(m["type"] == "state" for m in flooder.received) == 2


def test_a_client_has_a_bounded_number_of_sockets_open(tmp_path):
    with long_table_served(tmp_path, 10, ws_per_client=3) as (client, row, _, _):
        contexts = [client.websocket_connect(f"/ws/{row.id}") for _ in range(3)]
        sockets = [Socket(context.__enter__()) for context in contexts]
        for socket in sockets:
            socket.send({"type": "hello"})
            socket.state()
        with client.websocket_connect(f"/ws/{row.id}") as ws:
            refused = Socket(ws)
            assert "too many connections" in refused.error()["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                refused.next()
            assert closed.value.code == 1008
        contexts.pop().__exit__(None, None, None)
        # One closed: another may open.
        with client.websocket_connect(f"/ws/{row.id}") as ws:
            again = Socket(ws)
            again.send({"type": "hello"})
            assert again.state()["seat"] is None
        for context in contexts:
            context.__exit__(None, None, None)


def test_a_connection_that_does_not_read_is_dropped_by_the_bytes_waiting():
    async def scenario() -> tuple[list[bool], list[int], list[bool], list[int]]:
        never = asyncio.Event()
        closed: list[int] = []

        async def send(text: str) -> None:
            await never.wait()  # a socket that reads nothing

        async def close(code: int) -> None:
            closed.append(code)

        # Many small messages are no reason to drop a connection...
        small = Connection(send=send, close=close, backlog=64 * 1024)
        kept = [small.push("x" * 100) for _ in range(600)]
        # ... a few big ones are, once their bytes pass the backlog.
        big_closed: list[int] = []

        async def close_big(code: int) -> None:
            big_closed.append(code)

        big = Connection(send=send, close=close_big, backlog=64 * 1024)
        pushed = [big.push("y" * 20_000) for _ in range(5)]
        await asyncio.sleep(0)
        return kept, closed, pushed, big_closed

    kept, closed, pushed, big_closed = run_async(scenario())
    assert all(kept) and not closed
    assert pushed == [True, True, True, False, False]
    assert big_closed == [1013]


# ---------------------------------------------------------------- the attack itself
ATTACKERS = 10
RATE = 20.0
SECONDS = 4.0
HELD = 4.0


def memory_kb(pid: int, key: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name == key:
            return int(value.split()[0])
    raise AssertionError(f"no {key} for process {pid}")


def ping_all_along(
    server: ServerProcess, table: str, token: str, stop: threading.Event
) -> list[float]:
    """Another table's seat pinging while the attack goes on; the pongs' delays."""
    from websockets.sync.client import connect

    delays: list[float] = []
    with connect(server.ws_url(table), open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        while json.loads(ws.recv(timeout=30))["type"] != "state":
            pass
        while not stop.is_set():
            sent = time.monotonic()
            ws.send(json.dumps({"type": "ping"}))
            while json.loads(ws.recv(timeout=60))["type"] != "pong":
                pass
            delays.append(time.monotonic() - sent)
            time.sleep(0.1)
    return delays


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads memory from /proc")
def test_spectators_saying_hello_without_reading_leave_the_server_its_memory(tmp_path):
    url = f"sqlite:///{tmp_path / 'attack.sqlite3'}"
    row, _ = attack.long_table(3000)
    other, token = attack.quiet_table()
    attack.write_tables(url, [row, other])
    server = ServerProcess(url, tmp_path / "server.log")
    server.start()
    try:
        pid = server.process.pid
        assert httpx.get(f"{server.url}/api/tables/{row.id}").json()["move"] >= 3000
        before = memory_kb(pid, "VmRSS")
        stop = threading.Event()
        delays: list[float] = []
        pinger = threading.Thread(
            target=lambda: delays.extend(ping_all_along(server, other.id, token, stop))
        )
        pinger.start()
        tally = attack.AttackTally()

        async def attack_for(seconds: float, held: float) -> None:
            # The sockets stay open and unread a while after the last hello, as the
            # server works through what it was sent.
            until = time.monotonic() + seconds
            await asyncio.gather(
                *(
                    attack.attacker(
                        "127.0.0.1", server.port, row.id, RATE, until, tally, until + held
                    )
                    for _ in range(ATTACKERS)
                )
            )

        samples: list[int] = []

        def sample() -> None:
            while not stop.is_set():
                samples.append(memory_kb(pid, "VmRSS"))
                time.sleep(0.05)

        sampler = threading.Thread(target=sample)
        sampler.start()
        run_async(attack_for(SECONDS, HELD))
        stop.set()
        pinger.join(60)
        sampler.join(10)
        peak = max(samples)
        assert tally.hellos >= ATTACKERS * RATE * SECONDS / 2
        # The server's memory stayed within 50 MB of where it started.
        assert (peak - before) / 1024 < 50, f"{before} kB before, {peak} kB at the peak"
        # Another table was answered all along (how fast is the script's to measure).
        assert delays and server.process.poll() is None
    finally:
        server.stop()
