"""A Pirates Under Fire table leaks nothing: hands, draw piles and reserves stay hidden.

Two humans play a whole game while a spectator watches. Every message each of
them receives is kept; afterwards the record is replayed to the move each
message was sent at, and the message is checked against the truth: its view is
the seat's own (``check_state_message``), a hand shows only at the top of the
seat's own view, a drawn ship is told to its owner alone, and no message holds
the order of a pile or the ships of a reserve.
"""

from __future__ import annotations

import json
import random

from server.kit import HUMAN, Socket, create, states_along
from server.test_leaks import SUMMARY_KEYS, check_state_message, walk


def test_no_underfire_message_shows_a_hand_pile_or_reserve_it_should_not(client):
    created = create(client, [HUMAN] * 2, game="underfire", options={})
    table = created["table"]
    tokens = {0: created["token"]}
    response = client.post(f"/api/tables/{table}/join", json={"name": "P1"})
    tokens[1] = response.json()["token"]
    seats: list[int | None] = [0, 1, None]
    contexts = {seat: client.websocket_connect(f"/ws/{table}") for seat in seats}
    sockets = {seat: Socket(context.__enter__()) for seat, context in contexts.items()}
    try:
        for seat, socket in sockets.items():
            socket.send(
                {"type": "hello"} if seat is None else {"type": "hello", "token": tokens[seat]}
            )
        latest = {seat: socket.state() for seat, socket in sockets.items()}
        rng = random.Random(7)
        while not latest[None]["view"]["over"]:
            move = max(m["move"] for m in latest.values())
            for seat in (0, 1):
                if latest[seat]["move"] < move:
                    latest[seat] = sockets[seat].state(move)
                if latest[seat]["legal"]:
                    sockets[seat].send({"type": "act", "action": rng.choice(latest[seat]["legal"])})
                    move += 1
                    latest[seat] = sockets[seat].state(move)
            for seat, socket in sockets.items():
                latest[seat] = socket.state(move)
            assert move < 1000, "the game should end"
    finally:
        for context in contexts.values():
            context.__exit__(None, None, None)

    record = client.get(f"/api/tables/{table}/record").json()
    seed = str(record["seed"])
    states = states_along(record)
    checked = 0
    for seat, socket in sockets.items():
        for message in socket.received:
            text = json.dumps(message)
            assert seed not in text
            if message["type"] != "state":
                continue
            assert set(message["table"]) == SUMMARY_KEYS
            truth = states[message["move"]]
            check_state_message(socket, message, seat, truth)
            view = socket.full_view(message)
            for path, key, _ in walk(message):
                if key == "hand":
                    assert path == ("view",) and seat is not None, (path, key)
                assert key not in ("pile_order", "reserve_ships")
            for row in view["players"]:
                assert set(row) >= {"pile", "reserve", "hand_size"}
                assert isinstance(row["pile"], int) and isinstance(row["reserve"], int)
            for event in view.get("log", []):
                if event["type"] == "drawn":
                    assert event["seat"] == seat
            if seat is not None:
                assert view["hand"] == truth.hand[seat]
            checked += 1
    assert checked > 100
