"""A store that cannot write: 503 with Retry-After on every route, an error on the socket.

The store is made unavailable as another program would: a trigger that refuses
the write (on SQLite and PostgreSQL alike), or the SQLite write lock held by
another connection past the store's wait. Creating, joining, closing a table
and asking for a rematch answer 503 with ``Retry-After``; a WebSocket's
``close``, ``leave``, ``handover`` and ``takeback`` are answered with an
``error`` and the socket stays open. Once the store writes again, each works.
"""

from __future__ import annotations

import threading
from typing import Any

from server.kit import HUMAN, Socket, bot, create, host_and_guest, join, summary
from server.test_store_faults import hold_lock, refusing


def unavailable(response: Any) -> None:
    assert response.status_code == 503, response.text
    assert "try again" in response.json()["error"]
    assert int(response.headers["Retry-After"]) >= 1


def still_open(socket: Socket) -> None:
    socket.send({"type": "ping"})
    socket.until(lambda m: m["type"] == "pong")


def test_routes_answer_503_while_the_store_refuses_writes(client, db_url):
    body = {"game": "duel", "options": {}, "seats": [HUMAN, HUMAN], "name": "Ann"}
    with refusing(db_url, "INSERT", "plunder_tables"):
        unavailable(client.post("/api/tables", json=body))
    waiting = create(client, [HUMAN, HUMAN])
    with refusing(db_url, "UPDATE", "plunder_seats"):
        unavailable(client.post(f"/api/tables/{waiting['table']}/join", json={"name": "Bob"}))
    assert summary(client, waiting["table"])["seats"][1]["taken"] is False
    join(client, waiting["table"])
    headers = {"X-Plunder-Token": waiting["token"]}
    with refusing(db_url, "UPDATE OF status", "plunder_tables"):
        unavailable(client.post(f"/api/tables/{waiting['table']}/close", headers=headers))
    assert summary(client, waiting["table"])["status"] == "running"
    assert client.post(f"/api/tables/{waiting['table']}/close", headers=headers).status_code == 200

    finished = create(client, [HUMAN, bot()], options={"target": 1})
    with client.websocket_connect(f"/ws/{finished['table']}") as ws:
        me = Socket(ws)
        me.send({"type": "hello", "token": finished["token"]})
        message = me.state()
        while not message["view"]["over"]:
            if message["legal"]:
                me.send({"type": "act", "action": message["legal"][0]})
            message = me.state(message["move"] + 1)
    rematch = f"/api/tables/{finished['table']}/rematch"
    headers = {"X-Plunder-Token": finished["token"]}
    with refusing(db_url, "INSERT", "plunder_tables"):
        unavailable(client.post(rematch, headers=headers))
    assert client.post(rematch, headers=headers).status_code == 200


def test_socket_messages_are_answered_while_the_store_refuses_writes(client, db_url):
    with host_and_guest(client) as (table, host, guest):
        host.state()
        guest.state()
        with refusing(db_url, "UPDATE", "plunder_seats"):
            for socket, message in (
                (guest, {"type": "leave"}),
                # The host's own seat: a handover that needs no one's consent.
                (host, {"type": "handover", "seat": 0}),
            ):
                socket.send(message)
                assert "try again" in socket.error()["message"]
                still_open(socket)
        assert not any(s["auto"] for s in summary(client, table)["seats"])
        guest.send({"type": "leave"})
        assert guest.state()["table"]["seats"][1]["auto"]
        with refusing(db_url, "UPDATE", "plunder_seats"):
            guest.send({"type": "takeback"})
            assert "try again" in guest.error()["message"]
            still_open(guest)
        guest.send({"type": "takeback"})
        guest.until(lambda m: m["type"] == "state" and not m["table"]["seats"][1]["auto"])
        with refusing(db_url, "UPDATE OF status", "plunder_tables"):
            host.send({"type": "close"})
            assert "try again" in host.error()["message"]
            still_open(host)
        assert summary(client, table)["status"] == "running"
        host.send({"type": "close"})
        host.until(lambda m: m["type"] == "state" and m["table"]["status"] == "closed")


def test_a_table_is_refused_503_while_another_program_holds_the_sqlite_lock(client, db_url):
    if not db_url.startswith("sqlite"):
        return  # PostgreSQL's locks are on rows and tables: the triggers above stand in
    locked = threading.Event()
    # Longer than the store waits for the lock (SQLite's busy timeout, 5 s).
    holder = threading.Thread(target=hold_lock, args=(db_url, 7.0, locked))
    holder.start()
    try:
        assert locked.wait(5)
        body = {"game": "duel", "options": {}, "seats": [HUMAN, HUMAN], "name": "Ann"}
        unavailable(client.post("/api/tables", json=body))
    finally:
        holder.join()
    assert client.post("/api/tables", json=body).status_code == 200
