"""Limits on what one client may do, and the end of tables no one comes back to.

- A client (an address) may create ``create_burst`` tables at once and
  ``create_rate`` a minute, and have ``tables_per_client`` open or running;
  all clients together ``max_tables``. The address is the connection's own:
  ``X-Forwarded-For`` counts only from a proxy the operator names.
- A table with no human connected for ``abandon_after`` seconds is abandoned: a
  running game is played to its end by bots (and listed as abandoned), a table
  still waiting for players is closed (and no longer listed).
- The host can close a table.
- A WebSocket may send ``ws_rate`` messages a second, ``ws_burst`` at once.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from plunder.server.app import create_app
from plunder.server.settings import Settings
from server.kit import (
    HUMAN,
    ServerProcess,
    Socket,
    bot,
    create,
    host_and_guest,
    summary,
    wait_until,
)

TWO = {"game": "duel", "options": {}, "seats": [HUMAN, HUMAN], "name": "Ann"}


@contextmanager
def serving(db_url: str, **limits: Any) -> Iterator[TestClient]:
    """The application with the default limits of a server, but for ``limits``."""
    with TestClient(create_app(db_url, settings=Settings(bot_delay=0, **limits))) as client:
        yield client


def test_each_application_counts_its_own_limits(db_url, tmp_path):
    # What the routes count per client belongs to one application: a second one in
    # the same process (a test's, a worker's) starts with a full bucket.
    settings = Settings()
    with serving(db_url, create_rate=0.01) as first, serving(
        f"sqlite:///{tmp_path / 'second.db'}", create_rate=0.01
    ) as second:
        for _ in range(settings.create_burst):
            assert first.post("/api/tables", json=TWO).status_code == 200
        assert first.post("/api/tables", json=TWO).status_code == 429
        made = second.post("/api/tables", json=TWO)
        assert made.status_code == 200, made.text
        assert summary(second, made.json()["table"])["status"] == "open"

def test_a_client_creates_tables_at_a_bounded_rate(db_url):
    settings = Settings()
    # The bucket barely refills (one table in 100 minutes): the refusal does not hang
    # on the burst being made within the 3 s the default rate takes to give one back.
    with serving(db_url, create_rate=0.01) as client:
        made = [client.post("/api/tables", json=TWO) for _ in range(settings.create_burst)]
        assert [r.status_code for r in made] == [200] * settings.create_burst
        refused = client.post("/api/tables", json=TWO)
        assert refused.status_code == 429
        assert "too many new tables" in refused.json()["error"]
        # Another client is not held back by this one.
        other = TestClient(client.app, client=("192.0.2.7", 40000))
        assert other.post("/api/tables", json=TWO).status_code == 200
        # A refused request did not make a table.
        assert len(client.get("/api/tables").json()) == settings.create_burst + 1


def test_a_client_has_a_bounded_number_of_open_tables(db_url):
    with serving(db_url, tables_per_client=3, create_burst=100) as client:
        tokens = [create(client, [HUMAN, HUMAN])["token"] for _ in range(3)]
        tables = [t["table"] for t in client.get("/api/tables").json()]
        refused = client.post("/api/tables", json=TWO)
        assert refused.status_code == 429
        assert "3 open or running tables" in refused.json()["error"]
        # Closing one frees its place; only its host may close it.
        table = tables[-1]  # the oldest: tokens[0]'s
        assert (
            client.post(f"/api/tables/{table}/close", headers={"X-Plunder-Token": tokens[1]})
        ).status_code == 403
        closed = client.post(f"/api/tables/{table}/close", headers={"X-Plunder-Token": tokens[0]})
        assert closed.status_code == 200
        assert (closed.json()["status"], closed.json()["closed"]) == ("closed", "host")
        assert client.post("/api/tables", json=TWO).status_code == 200


def test_the_server_caps_the_open_tables_of_all_clients(db_url):
    with serving(db_url, max_tables=3, tables_per_client=0, create_burst=100) as client:
        made = [create(client, [HUMAN, HUMAN]) for _ in range(2)]
        others = [TestClient(client.app, client=(f"192.0.2.{n}", 40000)) for n in (7, 8)]
        assert others[0].post("/api/tables", json=TWO).status_code == 200
        refused = others[1].post("/api/tables", json=TWO)
        assert refused.status_code == 503
        assert int(refused.headers["Retry-After"]) >= 1
        assert "try again later" in refused.json()["error"]
        headers = {"X-Plunder-Token": made[0]["token"]}
        assert client.post(f"/api/tables/{made[0]['table']}/close", headers=headers).is_success
        assert others[1].post("/api/tables", json=TWO).status_code == 200


@pytest.mark.parametrize("trusted", [False, True])
def test_x_forwarded_for_names_the_client_only_from_a_proxy_the_operator_names(tmp_path, trusted):
    # A real server: uvicorn reads the header, before the application sees the request.
    extra = ["--forwarded-allow-ips", "127.0.0.1"] if trusted else []
    extra += ["--create-rate", "0.01"]  # no table given back while the burst is made
    server = ServerProcess(f"sqlite:///{tmp_path / 't.sqlite3'}", tmp_path / "log", extra=extra)
    server.start()
    try:
        burst = Settings().create_burst
        answers = [
            httpx.post(
                f"{server.url}/api/tables",
                json=TWO,
                headers={"X-Forwarded-For": f"198.51.100.{n}"},
                timeout=10,
            ).status_code
            for n in range(burst + 1)
        ]
    finally:
        server.stop()
    # From loopback, a header claiming another address each time is one client...
    # ... unless the operator named loopback as a proxy of theirs.
    expected = [200] * (burst + 1) if trusted else [200] * burst + [429]
    assert answers == expected


def test_the_host_closes_a_table_over_the_socket(client):
    with host_and_guest(client) as (table, host, guest):
        host.state()
        guest.state()
        guest.send({"type": "close"})
        assert "only the host" in guest.error()["message"]
        host.send({"type": "close"})
        told = guest.until(lambda m: m["type"] == "state" and m["table"]["status"] == "closed")
        assert told["legal"] == [] and told["table"]["closed"] == "host"
        guest.send({"type": "act", "action": "reload"})
        assert "closed" in guest.error()["message"]
    assert client.post(f"/api/tables/{table}/join", json={}).status_code == 409
    assert client.get(f"/api/tables/{table}/record").status_code == 409
    assert client.get("/api/tables").json() == []


def test_an_open_table_no_one_comes_to_is_closed(db_url):
    with serving(db_url, abandon_after=0.5) as client:
        created = create(client, [HUMAN, HUMAN])
        table = created["table"]
        kept = create(client, [HUMAN, HUMAN])
        with client.websocket_connect(f"/ws/{kept['table']}") as ws:
            host = Socket(ws)
            host.send({"type": "hello", "token": kept["token"]})
            host.state()
            assert wait_until(lambda: summary(client, table)["status"] == "closed")
            assert summary(client, table)["closed"] == "abandoned"
            # A table whose host is there waits for its players as long as it takes.
            time.sleep(1.0)
            assert summary(client, kept["table"])["status"] == "open"
            listed = [t["table"] for t in client.get("/api/tables").json()]
            assert listed == [kept["table"]]


def test_a_running_game_no_one_comes_back_to_is_finished_by_bots(db_url):
    with serving(db_url, abandon_after=0.5) as client:
        created = create(client, [HUMAN, bot()], bot_delay=0, options={"target": 2})
        table = created["table"]
        with client.websocket_connect(f"/ws/{table}") as ws:
            me = Socket(ws)
            me.send({"type": "hello", "token": created["token"]})
            me.state()
            time.sleep(1.0)
            # Connected: the game waits for its player.
            assert summary(client, table)["move"] <= 1
            assert not summary(client, table)["abandoned"]
        # Gone: the table is abandoned and bots play the seat to the end.
        assert wait_until(lambda: summary(client, table)["abandoned"])
        # The lobby no longer offers it, though the bots are still playing it.
        assert client.get("/api/tables").json() == []
        assert wait_until(lambda: summary(client, table)["status"] == "over", 30)
        assert summary(client, table)["seats"][0]["auto"] is True
        assert client.get("/api/tables").json() == []


def test_a_connection_past_its_rate_is_refused_then_closed(db_url):
    # A slow refill, so that a loaded machine sending the flood slowly cannot
    # earn it back: at the default 20 a second, half a second would.
    settings = Settings(ws_rate=0.5)
    with serving(db_url, ws_rate=settings.ws_rate) as client:
        created = create(client, [HUMAN, HUMAN])
        table = created["table"]
        with (
            client.websocket_connect(f"/ws/{table}") as a,
            client.websocket_connect(f"/ws/{table}") as b,
        ):
            flooder, calm = Socket(a), Socket(b)
            calm.send({"type": "hello"})
            calm.state()
            sent = settings.ws_burst + 10
            for _ in range(sent):
                flooder.send({"type": "ping"})
            answers = [flooder.next() for _ in range(settings.ws_burst + 1)]
            pongs = [m for m in answers if m["type"] == "pong"]
            errors = [m for m in answers if m["type"] == "error"]
            # About the burst is answered; the rest is refused, with one error said.
            assert settings.ws_burst <= len(pongs) < sent
            assert [e["message"] for e in errors] == ["too many messages; slow down"]
            # Still sending while refused: the connection is closed.
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(10 * settings.ws_burst):
                    flooder.send({"type": "ping"})
                while True:
                    flooder.next()
            assert closed.value.code == 1008
            # Another connection to the table is not affected.
            calm.send({"type": "ping"})
            assert calm.until(lambda m: m["type"] == "pong")
