"""Handing a seat to a bot: only a player's seat, only while the game is on.

- A free seat no one has joined cannot be handed over (its bot would commit the
  seat's move before its player arrives).
- Nothing is handed over once the game is over.
- A move the engine refuses does not take the seat back from its bot.
- ``bot_delay`` is a number: ``true`` is refused, not read as 1 second.
"""

from __future__ import annotations

import random

from server.kit import HUMAN, Socket, bot, create, host_and_guest, join, summary


def test_a_free_seat_cannot_be_handed_over(client):
    created = create(client, [HUMAN, HUMAN])
    table = created["table"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        host = Socket(ws)
        host.send({"type": "hello", "token": created["token"]})
        host.state()
        host.send({"type": "handover", "seat": 1})
        assert "no player yet" in host.error()["message"]
        assert summary(client, table)["seats"][1]["auto"] is False
        joined = join(client, table)
        with client.websocket_connect(f"/ws/{table}") as ws2:
            guest = Socket(ws2)
            guest.send({"type": "hello", "token": joined["token"]})
            first = guest.state()
            # The player who joined decides for the seat: no bot chose before them.
            assert first["table"]["status"] == "running"
            assert 1 not in first["view"]["committed"]
            assert first["legal"]
            guest.send({"type": "act", "action": "reload"})
            assert guest.state(1)["view"]["committed"] == [1]


def test_nothing_is_handed_over_after_the_end(client):
    with host_and_guest(client, options={"target": 1}) as (table, host, guest):
        latest = {0: host.state(), 1: guest.state()}
        rng = random.Random(4)
        while not latest[0]["view"]["over"]:
            move = max(m["move"] for m in latest.values())
            for seat, socket in ((0, host), (1, guest)):
                latest[seat] = socket.state(move)
                if latest[seat]["legal"]:
                    socket.send({"type": "act", "action": rng.choice(latest[seat]["legal"])})
                    move += 1
                    latest[seat] = socket.state(move)
            latest = {0: host.state(move), 1: guest.state(move)}
        host.send({"type": "handover", "seat": 1})
        assert "over" in host.error()["message"]
        guest.send({"type": "takeback"})
        assert "over" in guest.error()["message"]
    assert [s["auto"] for s in summary(client, table)["seats"]] == [False, False]


def test_a_refused_move_leaves_the_bot_in_the_seat(client):
    with host_and_guest(client, bot_delay=10) as (table, host, guest):
        host.state()
        guest.state()
        guest.send({"type": "leave"})
        guest.until(lambda m: m["type"] == "state" and m["table"]["seats"][1]["auto"])
        for refused in ("cannon", "colt>1", "colt>9"):
            guest.send({"type": "act", "action": refused})
            assert guest.error()["type"] == "error"
        assert summary(client, table)["seats"][1]["auto"] is True
        # A move the engine accepts takes the seat back.
        guest.send({"type": "act", "action": "reload"})
        back = guest.until(lambda m: m["type"] == "state" and m["move"] >= 1)
        assert back["table"]["seats"][1]["auto"] is False


def test_bot_delay_is_a_number_of_seconds(client):
    for delay in (True, False, "1", [1], -1, 11):
        response = client.post(
            "/api/tables",
            json={"game": "duel", "seats": [HUMAN, bot()], "bot_delay": delay},
        )
        assert response.status_code == 400, delay
        assert "bot_delay" in response.json()["error"]
    for clock in (True, "10", 4):
        response = client.post(
            "/api/tables", json={"game": "duel", "seats": [HUMAN, bot()], "clock": clock}
        )
        assert response.status_code == 400, clock
    assert client.get("/api/tables").json() == []
    accepted = create(client, [HUMAN, bot()], bot_delay=1)
    assert accepted["seat"] == 0
