"""The events a connection is sent are exactly the ones its seat may see and lacks.

Four humans play a Pirate Rumble Camp Mode table (Anne Bonny's golden card and
each camp card are logged for one seat only) while a spectator watches. Seat 1
leaves and comes back several times; seat 0 opens a second tab midway. Once the
game is over its record is replayed to the move of every state message, and:

- each message's ``events`` are the seat's events from ``events_from`` on
  (``state.events(seat, since)``), so none is one the seat may not see, and
  with those received before them they are the seat's whole log;
- the first message of every connection, a reconnection included, starts at 0
  and carries exactly the seat's log at that move.
"""

from __future__ import annotations

import json
import random
from typing import Any

from server.kit import HUMAN, Socket, create, join, states_along
from server.leaks import check_state_message, roundtrip

SEATS = (0, 1, 2, 3)


def test_events_are_what_each_connection_lacks_and_a_reconnection_gets_its_whole_log(client):
    created = create(
        client,
        [HUMAN] * 4,
        game="rumble",
        options={"mode": "camp", "pirates": "bonny,read,kidd,kuki", "round_limit": 12},
    )
    table = created["table"]
    tokens = {0: created["token"], **{s: join(client, table, f"P{s}")["token"] for s in SEATS[1:]}}
    opened: list[tuple[int | None, Socket, Any]] = []

    def connect(seat: int | None) -> Socket:
        context = client.websocket_connect(f"/ws/{table}")
        socket = Socket(context.__enter__())
        socket.send({"type": "hello"} if seat is None else {"type": "hello", "token": tokens[seat]})
        opened.append((seat, socket, context))
        return socket

    acting = {seat: connect(seat) for seat in SEATS}
    # Every open connection, read along so that each message it gets is checked.
    reading: list[tuple[int | None, Socket]] = [(s, acting[s]) for s in SEATS]
    spectator = connect(None)
    reading.append((None, spectator))
    latest = {id(socket): socket.state() for _, socket in reading}
    rng = random.Random(9)
    acts = reconnects = 0
    try:
        while not latest[id(spectator)]["view"]["over"]:
            move = max(m["move"] for m in latest.values())
            acted = 0
            for seat in SEATS:
                socket = acting[seat]
                message = latest[id(socket)]
                if message["move"] < move:
                    message = latest[id(socket)] = socket.state(move)
                if message["legal"]:
                    socket.send({"type": "act", "action": rng.choice(message["legal"])})
                    acted += 1
                    move += 1
                    latest[id(socket)] = socket.state(move)
            assert acted
            acts += acted
            for _, socket in reading:
                latest[id(socket)] = socket.state(move)
            if acts >= 6 * (reconnects + 1) and not latest[id(acting[1])]["view"]["over"]:
                # Seat 1 leaves and comes back on a new connection.
                old = acting[1]
                reading.remove((1, old))
                next(c for s, k, c in opened if k is old).__exit__(None, None, None)
                acting[1] = connect(1)
                reading.insert(1, (1, acting[1]))
                latest[id(acting[1])] = acting[1].state()
                reconnects += 1
            if acts >= 10 and len(reading) == len(SEATS) + 1:
                tab = connect(0)
                reading.append((0, tab))
                latest[id(tab)] = tab.state()
            assert move < 3000, "the game should end"
    finally:
        for _, _, context in opened:
            context.__exit__(None, None, None)

    record = client.get(f"/api/tables/{table}/record").json()
    states = states_along(record)
    final = states[-1]
    private = [e for e in final.log if e.to is not None]
    assert private, "some events are for one seat only"
    assert reconnects >= 3 and len(opened) == len(SEATS) + 1 + reconnects + 1

    checked = 0
    for seat, socket, _ in opened:
        first = next(m for m in socket.received if m["type"] == "state")
        truth = states[first["move"]]
        # A new connection, a reconnection included, gets its seat's log, exactly.
        assert first["events_from"] == 0
        assert first["events"] == roundtrip(truth.events(seat))
        for message in socket.received:
            if message["type"] != "state":
                continue
            truth = states[message["move"]]
            check_state_message(socket, message, seat, truth)
            visible = roundtrip(truth.events(seat))
            for event in message["events"]:
                assert event in visible, (seat, event)
            assert socket.log_at(message) == visible
            checked += 1
    # The check can see a private event: a seat's own log holds some another's lacks.
    logs = [json.dumps(roundtrip(final.events(s))) for s in (*SEATS, None)]
    assert len(set(logs)) == len(SEATS) + 1
    assert checked > 100
