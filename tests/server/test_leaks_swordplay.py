"""A Swordplay table leaks nothing: hands and the order of the decks stay hidden.

Three humans (one of them an Arena hero, with Weapon Breakage on) play a whole
game while a spectator watches. Every message each of them receives is kept;
afterwards the record is replayed to the move each message was sent at, and the
message is checked against the truth:

- its ``view`` is exactly ``state.view(seat, log=False)`` at that move and its
  ``events`` what the seat lacked; its ``legal`` and ``actions`` the seat's own
  legal actions or nothing;
- a hand appears only at the top of the seat's own view, never another's, and no
  other seat's hand is in the log;
- the order of a deck is never sent (no list of its cards in deck order).
"""

from __future__ import annotations

import json
import random

from server.kit import HUMAN, Socket, create, states_along
from server.test_leaks import SUMMARY_KEYS, check_other_message, check_state_message, walk

SEATS = 3


def test_no_swordplay_message_shows_a_hand_or_a_deck_it_should_not(client):
    created = create(
        client,
        [HUMAN] * SEATS,
        game="swordplay",
        options={
            "arena_seats": 1,
            "weapon_breakage": True,
            "realistic_parries": True,
            "turn_limit": 60,
        },
    )
    table = created["table"]
    tokens = {0: created["token"]}
    http_bodies: list[str] = []
    for seat in range(1, SEATS):
        response = client.post(f"/api/tables/{table}/join", json={"name": f"P{seat}"})
        http_bodies.append(response.text)
        tokens[seat] = response.json()["token"]
    seats: list[int | None] = [*range(SEATS), None]
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
            acted = 0
            for seat in range(SEATS):
                if latest[seat]["move"] < move:
                    latest[seat] = sockets[seat].state(move)
                if latest[seat]["legal"]:
                    sockets[seat].send({"type": "act", "action": rng.choice(latest[seat]["legal"])})
                    acted += 1
                    move += 1
                    latest[seat] = sockets[seat].state(move)
            assert acted
            for seat, socket in sockets.items():
                latest[seat] = socket.state(move)
            http_bodies.append(client.get(f"/api/tables/{table}").text)
            assert move < 5000, "the game should end"
    finally:
        for context in contexts.values():
            context.__exit__(None, None, None)

    record = client.get(f"/api/tables/{table}/record").json()
    seed = str(record["seed"])
    states = states_along(record)
    checked = hidden = 0
    for seat, socket in sockets.items():
        for message in socket.received:
            text = json.dumps(message)
            assert seed not in text
            if message["type"] != "state":
                check_other_message(message)
                continue
            assert set(message["table"]) == SUMMARY_KEYS
            truth = states[message["move"]]
            check_state_message(socket, message, seat, truth)
            view = socket.full_view(message)
            for path, key, value in walk(message):
                if key in ("choice", "hand"):
                    assert path == ("view",) and seat is not None, (path, key)
                if isinstance(value, list) and len(value) >= 4:
                    for deck in truth.decks.values():
                        assert value != deck[: len(value)] and value != deck[-len(value) :], path
            if seat is not None:
                assert view["hand"] == truth.hands[seat]
            # A list anyone may see (the spectator's view, discard piles and ready
            # items among them) may hold the same cards as a hand by chance.
            public = [v for _, _, v in walk(truth.view(None)) if isinstance(v, list)]
            shown = [v for _, _, v in walk(view) if isinstance(v, list) and v not in public]
            for other in range(SEATS):
                if other != seat and len(truth.hands[other]) >= 3:
                    assert sorted(truth.hands[other]) not in shown
                    hidden += 1
            for _, key, _ in walk(view.get("log", [])):
                assert key != "hand"
            checked += 1
    assert checked > 100 and hidden > 100

    for body in http_bodies:
        assert seed not in body
        for _, key, _ in walk(json.loads(body)):
            assert key not in ("choice", "hand", "seed", "moves", "token_hash")
