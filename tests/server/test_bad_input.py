"""Bad input is answered to its sender and logged; the server and the game go on."""

from __future__ import annotations

import logging

import pytest
from starlette.websockets import WebSocketDisconnect

from server.kit import HUMAN, Socket, create, join


@pytest.fixture
def table(client):
    """A running 2-player table: its id and both tokens."""
    created = create(client, [HUMAN, HUMAN])
    joined = join(client, created["table"])
    return {"id": created["table"], 0: created["token"], 1: joined["token"]}


def seated(client, table, seat):
    """A socket that said hello as ``seat``, with its first state read."""
    ws = client.websocket_connect(f"/ws/{table['id']}")
    socket = Socket(ws.__enter__())
    socket.context = ws
    socket.send({"type": "hello", "token": table[seat]})
    socket.first = socket.state()
    return socket


def still_serves(client, table, seat=0):
    """The table still answers, at the move it was at, with seat's choices open."""
    socket = seated(client, table, seat)
    try:
        assert socket.first["seat"] == seat
        return socket.first
    finally:
        socket.context.__exit__(None, None, None)


def test_malformed_json_on_the_socket(client, table, caplog):
    caplog.set_level(logging.WARNING, logger="plunder.server")
    me = seated(client, table, 0)
    for text in ("{not json", "[1, 2]", '"hello"', '{"no": "type"}', '{"type": 7}'):
        me.ws.send_text(text)
        assert "not a JSON message with a type" in me.error()["message"]
    me.send({"type": "whatever"})
    assert "unknown message type" in me.error()["message"]
    # The same connection still plays.
    me.send({"type": "act", "action": "reload"})
    assert me.state(1)["view"]["committed"] == [0]
    me.context.__exit__(None, None, None)
    assert "malformed message" in caplog.text


def test_malformed_json_over_http(client, table):
    for body in (b"{not json", b"[1]", b"\xff\xfe"):
        response = client.post(
            "/api/tables", content=body, headers={"content-type": "application/json"}
        )
        assert response.status_code == 400
        assert "error" in response.json()
    response = client.post(f"/api/tables/{table['id']}/join", content=b"nope")
    assert response.status_code == 400


def test_bad_table_requests_name_the_problem(client):
    cases = [
        ({"game": "chess", "seats": [HUMAN, HUMAN]}, "chess"),
        ({"game": "duel", "seats": []}, "seats"),
        ({"game": "duel", "seats": [HUMAN] * 9}, "players"),
        ({"game": "duel", "seats": [HUMAN, {"kind": "robot"}]}, "kind"),
        ({"game": "duel", "seats": [HUMAN, {"kind": "bot", "bot": "oracle"}]}, "oracle"),
        ({"game": "duel", "seats": [HUMAN, {"kind": "bot", "level": "godlike"}]}, "godlike"),
        ({"game": "duel", "seats": [HUMAN, HUMAN], "options": {"target": 0}}, "target"),
        ({"game": "duel", "seats": [HUMAN, HUMAN, {"kind": "bot", "bot": "solver"}]}, "2-player"),
        ({"game": "duel", "seats": [HUMAN, HUMAN], "options": []}, "options"),
        ({"game": "duel", "seats": [HUMAN, HUMAN], "clock": -1}, "clock"),
        ({"game": 5, "seats": [HUMAN, HUMAN]}, "game"),
    ]
    for body, word in cases:
        response = client.post("/api/tables", json=body)
        assert response.status_code == 400, body
        assert word in response.json()["error"], (body, response.json())
    assert client.get("/api/tables").json() == []


def test_unknown_table(client):
    for method, path in [
        ("get", "/api/tables/nope"),
        ("post", "/api/tables/nope/join"),
        ("get", "/api/tables/nope/record"),
        ("get", "/api/tables/nope/replay"),
        ("post", "/api/tables/nope/rematch"),
    ]:
        response = getattr(client, method)(path)
        assert response.status_code == 404, path
        assert response.json() == {"error": "no table 'nope'"}
    with client.websocket_connect("/ws/nope") as ws:
        assert ws.receive_json()["message"] == "no table 'nope'"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


def test_wrong_or_missing_token_makes_a_spectator_who_cannot_act(client, table):
    for hello in ({"type": "hello", "token": "forged"}, {"type": "hello", "token": 12}):
        with client.websocket_connect(f"/ws/{table['id']}") as ws:
            socket = Socket(ws)
            socket.send(hello)
            if hello["token"] == 12:
                # Not a token at all: refused by its type, and no state is sent.
                assert socket.error()["message"] == "hello: token must be a text"
                socket.send({"type": "hello", "token": "forged"})
            assert "holds no seat" in socket.error()["message"]
            state = socket.state()
            assert state["seat"] is None and state["legal"] == []
            socket.send({"type": "act", "action": "reload"})
            assert "spectator cannot act" in socket.error()["message"]
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        socket = Socket(ws)
        socket.send({"type": "act", "action": "reload"})
        assert "hello first" in socket.error()["message"]
        socket.send({"type": "hello"})
        assert socket.state()["view"]["viewer"] is None
    assert still_serves(client, table)["move"] == 0


def test_a_token_of_another_table_or_seat_acts_only_for_its_own_seat(client, table):
    other = create(client, [HUMAN, HUMAN])
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        socket = Socket(ws)
        socket.send({"type": "hello", "token": other["token"]})
        assert "holds no seat" in socket.error()["message"]
    # Seat 1's token plays seat 1, whatever seat the message names.
    me = seated(client, table, 1)
    me.send({"type": "act", "action": "colt>1", "seat": 0})
    assert "cannot aim at itself" in me.error()["message"]
    me.send({"type": "act", "action": "reload", "seat": 0})
    assert me.state(1)["view"]["committed"] == [1]
    me.context.__exit__(None, None, None)
    assert still_serves(client, table, 0)["legal"], "seat 0 still has its choice to make"
    headers = {"X-Plunder-Token": table[0]}
    assert client.post(f"/api/tables/{other['table']}/rematch", headers=headers).status_code == 403


def test_oversized_messages_are_refused(client, table, caplog):
    caplog.set_level(logging.WARNING, logger="plunder.server")
    me = seated(client, table, 0)
    me.ws.send_text('{"type": "act", "action": "' + "x" * 20000 + '"}')
    assert me.error()["message"] == "message too large"
    with pytest.raises(WebSocketDisconnect) as closed:
        me.next()
    assert closed.value.code == 1009
    me.context.__exit__(None, None, None)
    big = client.post("/api/tables", content=b"{" + b" " * 70000 + b"}")
    assert big.status_code == 413
    assert "a message over 16384 bytes refused" in caplog.text
    assert still_serves(client, table)["move"] == 0


def test_the_message_size_limit_counts_bytes_not_characters(client, table):
    # 9,000 characters of two bytes each: 18 KB on the wire, over the 16 KiB limit,
    # which once counted the characters only.
    me = seated(client, table, 0)
    me.ws.send_text('{"type": "chat", "text": "' + "\u00e9" * 9000 + '"}')
    assert me.error()["message"] == "message too large"
    with pytest.raises(WebSocketDisconnect) as closed:
        me.next()
    assert closed.value.code == 1009
    me.context.__exit__(None, None, None)
    # Under the limit in bytes, such a message is read (and answered on its merits).
    me = seated(client, table, 0)
    me.ws.send_text('{"type": "chat", "text": "' + "\u00e9" * 8000 + '"}')
    assert "at most 300 characters" in me.error()["message"]
    me.context.__exit__(None, None, None)


def test_actions_out_of_turn_and_after_the_end(client, table):
    me = seated(client, table, 0)
    me.send({"type": "act", "action": "reload"})
    me.state(1)
    me.send({"type": "act", "action": "colt"})  # a second commit in the same shootout
    error = me.error()
    assert "already" in error["message"] or "no decision" in error["message"]
    for bad in ("", None, 5, {"card": "colt"}, "colt>99", "cannon"):
        me.send({"type": "act", "action": bad})
        assert me.error()["type"] == "error"
    me.send({"type": "handover", "seat": "all"})
    assert "no seat" in me.error()["message"]
    me.context.__exit__(None, None, None)
    assert client.get(f"/api/tables/{table['id']}").json()["move"] == 1


def test_bad_replay_queries(client):
    created = create(client, [{"kind": "bot"}, {"kind": "bot"}], options={"target": 1})
    table = created["table"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        watcher = Socket(ws)
        watcher.send({"type": "hello"})
        watcher.until(lambda m: m["type"] == "state" and m["view"]["over"], limit=100000)
    for params in ({"seat": 7}, {"seat": "x"}, {"move": -1}, {"move": 10**6}):
        response = client.get(f"/api/tables/{table}/replay", params=params)
        assert response.status_code == 400, params
        assert response.json()["error"]


def no_crash_logged(caplog) -> None:
    crashes = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not crashes, [r.getMessage() for r in crashes]


def test_deeply_nested_json_is_refused_with_a_clear_error(client, caplog):
    caplog.set_level(logging.WARNING, logger="plunder.server")
    for depth in (20, 900, 5000):
        nested = "[" * depth + "]" * depth
        for body in (
            '{"game": "duel", "options": ' + nested + "}",
            '{"game": "duel", "seats": [{"kind": "human"}], "options": {"target": ' + nested + "}}",
            nested,
        ):
            response = client.post(
                "/api/tables", content=body, headers={"content-type": "application/json"}
            )
            assert response.status_code == 400, (depth, response.text[:200])
            assert "nested" in response.json()["error"]
    no_crash_logged(caplog)


def test_odd_option_values_are_refused_naming_the_option(client, caplog):
    caplog.set_level(logging.WARNING, logger="plunder.server")
    seats = [HUMAN, HUMAN]
    for value in ("²", "٣", "9" * 5000, "1e9", "-", " ", "x" * 100):
        response = client.post(
            "/api/tables", json={"game": "duel", "seats": seats, "options": {"target": value}}
        )
        assert response.status_code == 400, (value[:20], response.text[:200])
        assert "target" in response.json()["error"]
        catalogue = client.get("/api/games/duel/catalogue", params={"target": value})
        assert catalogue.status_code == 400, (value[:20], catalogue.text[:200])
        assert "target" in catalogue.json()["error"]
    for options in ({"target": [1]}, {"target": {"a": 1}}, {"players": "²"}):
        response = client.post(
            "/api/tables", json={"game": "duel", "seats": seats, "options": options}
        )
        assert response.status_code == 400, options
    # A 5,000-digit number is no number Python reads from JSON: refused as such.
    huge = '{"game": "duel", "seats": [{"kind": "human"}], "options": {"target": ' + "9" * 5000
    response = client.post("/api/tables", content=huge + "}}")
    assert response.status_code == 400
    for query in ("target=²", "players=" + "9" * 5000, "gestures=²"):
        assert client.get(f"/api/games/rumble/catalogue?{query}").status_code == 400
    assert client.get("/api/tables").json() == []
    no_crash_logged(caplog)


def test_binary_and_deeply_nested_messages_get_an_error_and_the_socket_stays(client, table, caplog):
    caplog.set_level(logging.WARNING, logger="plunder.server")
    me = seated(client, table, 0)
    me.ws.send_bytes(b'{"type": "ping"}')
    assert "binary" in me.error()["message"]
    me.ws.send_bytes(b"\x00\xff" * 100)
    assert "binary" in me.error()["message"]
    for depth in (20, 5000):
        me.ws.send_text('{"type": "act", "action": ' + "[" * depth + "]" * depth + "}")
        assert "nested" in me.error()["message"]
    me.ws.send_text('{"type": "ping", "n": 1e999999}')
    me.send({"type": "ping"})
    assert me.until(lambda m: m["type"] == "pong")
    # The same connection still plays.
    me.send({"type": "act", "action": "reload"})
    assert me.state(1)["view"]["committed"] == [0]
    me.context.__exit__(None, None, None)
    no_crash_logged(caplog)
