"""Notices: a seat owing a decision at a turn-based table, whose player has not seen
the table for two minutes, has a short message posted to the webhook its player set:
at most one per ten minutes, never one saying anything hidden, and only its own
player may say where it goes. The webhook is a receiver on loopback; the clock is
the test's own."""

from __future__ import annotations

import dataclasses
import json
import logging
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from plunder.server import notices
from plunder.server.app import create_app
from plunder.server.notices import TIMEOUT
from plunder.server.settings import Settings
from plunder.server.store import Store
from server.kit import HUMAN, Socket, create, join, summary
from server.test_turns import (
    TURN_SETTINGS,
    TestClock,
    hub_of,
    seconds_left,
    serving,
    turn_table,
    visit,
)

MINUTE = 60.0


class Receiver:
    """A webhook on loopback: keeps what each path was sent; ``/fail`` answers 500,
    ``/slow`` late."""

    def __init__(self) -> None:
        self.received: list[tuple[str, Any]] = []
        received = self.received

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                received.append((self.path, json.loads(self.rfile.read(length))))
                if self.path == "/slow":
                    time.sleep(3)  # longer than the timeout the test gives notices
                self.send_response(500 if self.path == "/fail" else 204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}{path}"

    def paths(self) -> list[str]:
        return [path for path, _ in self.received]


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    webhook = Receiver()
    webhook.thread.start()
    yield webhook
    webhook.server.shutdown()
    webhook.server.server_close()


def set_webhook(client: TestClient, table: str, token: str | None, url: Any) -> httpx.Response:
    headers = {"x-plunder-token": token} if token is not None else {}
    return client.post(f"/api/tables/{table}/notices", json={"webhook": url}, headers=headers)


def run_notices(client: TestClient) -> int:
    """Has the server send the notices owed now (it waits for each webhook's answer);
    how many webhooks took theirs."""
    assert client.portal is not None
    return int(client.portal.call(hub_of(client).notices.run))


def advance(clock: TestClock, minutes: float) -> None:
    clock.at += minutes * MINUTE


def words(table: str) -> str:
    return f"Your move in Duel at table {table}."


def test_an_away_seat_is_told_once_of_its_move_and_at_most_once_in_ten_minutes(db_url, receiver):
    clock = TestClock()
    with serving(db_url, clock) as client:
        table, ann, bob = turn_table(client)
        assert set_webhook(client, table, ann, receiver.url("/ann")).json()["seat"] == 0
        # Ann has not opened the table since her decision fell due (no hello, no
        # move): she is told at the first look, which comes within 60 s of it.
        assert run_notices(client) == 1
        # The message says which table and game and that it is her move: nothing else.
        assert receiver.received == [("/ann", {"content": words(table), "text": words(table)})]

        # Both play; the next decision falls due at once. Ann then stays away, but
        # her last notice was less than ten minutes ago.
        advance(clock, 1)
        visit(client, table, ann, most=1)
        visit(client, table, bob, most=1)
        assert seconds_left(client, table)[0] is not None  # Ann owes the next one
        advance(clock, 3)
        assert run_notices(client) == 0
        advance(clock, 5.9)  # 9.9 minutes since the notice: still too soon
        assert run_notices(client) == 0
        advance(clock, 0.2)
        assert run_notices(client) == 1
        assert receiver.paths() == ["/ann", "/ann"]
        # One notice per decision: an hour later she is not told of it again.
        advance(clock, 60)
        assert run_notices(client) == 0
        assert receiver.paths() == ["/ann", "/ann"]

    # The webhook and the last notice are kept in the store: a restarted server
    # still knows where to tell Ann, and that she was told of this decision already.
    with serving(db_url, clock) as client:
        assert seconds_left(client, table)[0] is not None
        assert run_notices(client) == 0
        # Her next decision, once both have played, is told of (ten minutes on).
        visit(client, table, ann, most=1)
        visit(client, table, bob, most=1)
        advance(clock, 3)
        assert run_notices(client) == 1
        assert receiver.paths() == ["/ann", "/ann", "/ann"]


def test_a_player_who_just_saw_the_table_is_not_told(db_url, receiver):
    clock = TestClock()
    with serving(db_url, clock) as client:
        table, ann, bob = turn_table(client)
        set_webhook(client, table, ann, receiver.url("/ann"))
        set_webhook(client, table, bob, receiver.url("/bob"))
        visit(client, table, ann, move=False)  # opens the table, looks, leaves
        assert run_notices(client) == 1
        assert receiver.paths() == ["/bob"]
        advance(clock, 1.9)
        assert run_notices(client) == 0
        advance(clock, 0.2)
        assert run_notices(client) == 1
        assert receiver.paths() == ["/bob", "/ann"]


def test_an_open_socket_is_not_seeing_the_table_a_page_showing_the_state_is(db_url, receiver):
    clock = TestClock()
    with serving(db_url, clock) as client:
        table, ann, bob = turn_table(client)
        set_webhook(client, table, ann, receiver.url("/ann"))
        set_webhook(client, table, bob, receiver.url("/bob"))
        with (
            client.websocket_connect(f"/ws/{table}") as ann_ws,
            client.websocket_connect(f"/ws/{table}") as bob_ws,
        ):
            sockets = [Socket(ann_ws), Socket(bob_ws)]
            for seat, token in zip(sockets, (ann, bob), strict=True):
                seat.send({"type": "hello", "token": token})
            step = sockets[0].state()["step"]
            sockets[1].state()
            advance(clock, 3)
            # Both tabs are still open; only Ann's page says it showed her the state
            # (Bob's says so of a step that is not the table's).
            sockets[0].send({"type": "seen", "step": step})
            sockets[1].send({"type": "seen", "step": step + 1})
            for seat in sockets:
                seat.send({"type": "ping"})
                seat.until(lambda m: m["type"] == "pong")
            assert run_notices(client) == 1
            assert receiver.paths() == ["/bob"]


def test_only_a_seats_own_player_sets_its_webhook_and_no_one_reads_it(db_url, receiver):
    clock = TestClock()
    with serving(db_url, clock) as client:
        table, ann, bob = turn_table(client)
        other = create(client, [HUMAN, HUMAN], speed="turns", turn_hours=24)["token"]
        for token in (None, "", "not-a-seat", other):
            answer = set_webhook(client, table, token, receiver.url("/thief"))
            assert answer.status_code == 403, (token, answer.text)
        # Bob's token sets Bob's seat, whatever else the request says.
        answer = client.post(
            f"/api/tables/{table}/notices",
            json={"webhook": receiver.url("/bob"), "seat": 0},
            headers={"x-plunder-token": bob},
        )
        assert answer.json() == {"table": table, "seat": 1, "webhook": receiver.url("/bob")}
        # Each player's own list says whether their seat's notices are on.
        listed = [
            client.post("/api/my-tables", json={"seats": [{"table": table, "token": token}]})
            .json()[0]
            for token in (ann, bob)
        ]
        assert [(t["seat"], t["notices"]) for t in listed] == [(0, False), (1, True)]
        # Nothing anyone may read shows where a seat's notices go.
        assert "/bob" not in client.get(f"/api/tables/{table}").text
        assert "/bob" not in client.get("/api/tables").text
        with client.websocket_connect(f"/ws/{table}") as ws:
            ann_seat = Socket(ws)
            ann_seat.send({"type": "hello", "token": ann})
            ann_seat.until(lambda m: m["type"] == "autopass")
            assert not any("/bob" in json.dumps(m) for m in ann_seat.received)
        advance(clock, 3)
        assert run_notices(client) == 1
        assert receiver.paths() == ["/bob"]
        # A player may stop their notices.
        assert set_webhook(client, table, bob, None).json()["webhook"] is None


@pytest.mark.parametrize(
    "url",
    [
        "ftp://127.0.0.1/hook",
        "file:///etc/passwd",
        "javascript:alert(1)",
        "http://",
        "/relative/hook",
        "http://127.0.0.1:99999/hook",
        "http://exa mple.com/hook",
        "http://example.com/\nhook",
        "https://example.com/" + "a" * 2000,
        42,
        ["http://example.com"],
    ],
)
def test_a_webhook_that_is_not_an_http_url_is_refused(db_url, url):
    with serving(db_url, TestClock()) as client:
        table, ann, _ = turn_table(client)
        answer = set_webhook(client, table, ann, url)
        assert answer.status_code == 400, answer.text
        assert "webhook" in answer.json()["error"]
        assert hub_of(client).tables[table].seat_row(0).webhook is None


def test_a_failing_webhook_is_logged_once_and_the_table_plays_on(db_url, receiver, caplog):
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    nowhere = f"http://127.0.0.1:{closed.getsockname()[1]}/hook"
    closed.close()  # nothing listens there now
    clock = TestClock()
    with serving(db_url, clock) as client:
        table, ann, bob = turn_table(client)
        set_webhook(client, table, ann, receiver.url("/fail"))
        set_webhook(client, table, bob, nowhere)
        with caplog.at_level(logging.WARNING, logger="plunder.server.notices"):
            assert run_notices(client) == 0
        warned = [r.getMessage() for r in caplog.records if r.name == "plunder.server.notices"]
        assert len(warned) == 2
        assert any("HTTP 500" in line for line in warned)
        # Not tried again: the next notice is for the next decision.
        advance(clock, 30)
        assert run_notices(client) == 0
        assert receiver.paths() == ["/fail"]
        visit(client, table, ann, most=1)
        visit(client, table, bob, most=1)
        assert summary(client, table)["move"] == 2


def test_a_live_table_sends_no_notices(db_url, receiver):
    clock = TestClock()
    with serving(db_url, clock) as client:
        created = create(client, [HUMAN, HUMAN])
        table = created["table"]
        join(client, table)
        set_webhook(client, table, created["token"], receiver.url("/ann"))
        advance(clock, 30)
        assert run_notices(client) == 0
        assert receiver.received == []


def test_a_notice_goes_within_a_minute_of_falling_due():
    # A look every ``notice_check`` seconds, and each webhook answering within its
    # timeout, keep a notice within 60 s of the moment it is owed.
    assert Settings().notice_check + TIMEOUT <= 60


def test_a_store_made_before_notices_gets_its_column(db_url, receiver):
    clock = TestClock()
    with serving(db_url, clock) as client:
        table, ann, _ = turn_table(client)
    store = Store(db_url)
    with store.engine.begin() as db:
        db.execute(text("ALTER TABLE plunder_seats DROP COLUMN webhook"))
    store.close()
    with serving(db_url, clock) as client:
        assert set_webhook(client, table, ann, receiver.url("/ann")).status_code == 200
    with serving(db_url, clock) as client:
        assert run_notices(client) == 1
        assert receiver.paths() == ["/ann"]


def test_a_webhook_that_does_not_answer_in_time_is_given_up(db_url, receiver, caplog, monkeypatch):
    monkeypatch.setattr(notices, "TIMEOUT", 0.2)
    clock = TestClock()
    with serving(db_url, clock) as client:
        table, ann, bob = turn_table(client)
        set_webhook(client, table, ann, receiver.url("/slow"))
        set_webhook(client, table, bob, receiver.url("/bob"))
        with caplog.at_level(logging.WARNING, logger="plunder.server.notices"):
            # Bob's is taken; Ann's is given up, logged, and the table plays on.
            assert run_notices(client) == 1
        warned = [r.getMessage() for r in caplog.records if r.name == "plunder.server.notices"]
        assert len(warned) == 1 and "Timeout" in warned[0], warned
        assert sorted(receiver.paths()) == ["/bob", "/slow"]
        visit(client, table, ann, most=1)
        assert summary(client, table)["move"] == 1


@contextmanager
def serving_public_only(db_url: str, clock: TestClock) -> Iterator[TestClient]:
    """The server as it is by default: webhooks reach public addresses only."""
    settings = dataclasses.replace(TURN_SETTINGS, webhook_private=False)
    with TestClient(create_app(db_url, settings=settings, now=clock)) as client:
        yield client


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8000/admin",
        "http://localhost/hook",
        "http://10.0.0.7/hook",
        "http://192.168.1.1/hook",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]:8000/hook",
        "http://[fd00::1]/hook",
        "http://0.0.0.0/hook",
    ],
)
def test_by_default_a_webhook_may_not_point_into_the_servers_network(db_url, url):
    with serving_public_only(db_url, TestClock()) as client:
        table, ann, _ = turn_table(client)
        answer = set_webhook(client, table, ann, url)
        assert answer.status_code == 400, answer.text
        assert "public addresses" in answer.json()["error"]
        assert hub_of(client).tables[table].seat_row(0).webhook is None
        # A public address is taken (nothing is sent to it here).
        assert set_webhook(client, table, ann, "https://1.1.1.1/hook").status_code == 200


def test_by_default_a_name_that_resolves_into_the_servers_network_is_not_posted_to(
    db_url, receiver, caplog
):
    # Written so that no address parser takes them for one, yet each resolves to the
    # loopback receiver: only the check at sending time can see where they go.
    port = receiver.server.server_address[1]
    disguised = [f"http://127.1:{port}/short", f"http://2130706433:{port}/decimal"]
    with serving_public_only(db_url, TestClock()) as client:
        table, ann, bob = turn_table(client)
        for token, url in zip((ann, bob), disguised, strict=True):
            assert set_webhook(client, table, token, url).status_code == 200, url
        with caplog.at_level(logging.WARNING, logger="plunder.server.notices"):
            assert run_notices(client) == 0
        assert receiver.received == []
        warned = [r.getMessage() for r in caplog.records if r.name == "plunder.server.notices"]
        assert len(warned) == 2 and all("not a public address" in w for w in warned)
