"""Every message and body a seat receives carries its own view and public facts, nothing more.

A 3-player Duel is played to its end by three humans and watched by a spectator.
Every WebSocket message and HTTP body each of them receives is kept. Afterwards
the game's record (available once it is over) is replayed to the move each
message was sent at, and the message is compared with what that seat may know:

- its ``view`` is exactly ``state.view(seat, log=False)`` at that move, its
  ``events`` exactly the seat's events it lacked (``state.events(seat, since)``),
  so that with the events received before it the seat holds ``state.view(seat)``;
- its ``legal`` and ``actions`` are the seat's own legal actions, or nothing, and
  its ``chosen`` the seat's own concealed choice, or nothing;
- its other fields are the table's public summary;
- no concealed choice of another seat, no other seat's hand and no seed appears
  anywhere in it;
- a chat message (two are posted in mid-game) and the chat history carry their
  author's seat and name, the time and the text, and nothing else.
"""

from __future__ import annotations

import json
import random
from typing import Any

from server.kit import HUMAN, Socket, create, states_along

MESSAGE_KEYS = {
    "type",
    "seat",
    "move",
    "step",
    "view",
    "events",
    "events_from",
    "legal",
    "actions",
    "chosen",
    "table",
    "deadline",
}
SUMMARY_KEYS = {
    "table",
    "game",
    "title",
    "options",
    "status",
    "closed",
    "abandoned",
    "finishable",  # from every seat's public status (docs/design.md: status)
    "rushed",
    "move",
    "host",
    "clock",
    "reflex_clock",
    "timed",
    "created",
    "seats",
    "result",
    "rematch",
}


# Messages other than ``state``: an error, a chat message (its author's seat and
# name, the time, the text) and the chat history sent after a hello.
ERROR_KEYS = {"type", "message", "legal"}
CHAT_LINE_KEYS = {"seat", "name", "at", "text"}
CHAT_HISTORY_KEYS = {"type", "messages", "can_post", "max_length"}


def check_other_message(message: dict[str, Any]) -> None:
    """A message that is not a state carries only its own fields, none from the game."""
    if message["type"] == "chat":
        assert set(message) == {"type", *CHAT_LINE_KEYS}
    elif message["type"] == "chat_history":
        assert set(message) == CHAT_HISTORY_KEYS
        assert all(set(line) == CHAT_LINE_KEYS for line in message["messages"])
    else:
        assert set(message) <= ERROR_KEYS


def walk(value: Any, path: tuple = ()):
    """Every (path, key, value) inside a JSON value."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield path, key, inner
            yield from walk(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from walk(inner, (*path, index))


def roundtrip(value: Any) -> Any:
    return json.loads(json.dumps(value))


def check_state_message(socket: Socket, message: dict[str, Any], seat: int | None, truth: Any):
    """A state message against the truth at its move: its view, events and actions."""
    assert set(message) == MESSAGE_KEYS
    assert message["seat"] == seat
    assert "log" not in message["view"]
    assert message["view"] == roundtrip(truth.view(seat, log=False))
    assert message["events"] == roundtrip(truth.events(seat, message["events_from"]))
    # With every event received before it, the seat holds its whole view.
    assert socket.full_view(message) == roundtrip(truth.view(seat))
    assert message["step"] == truth.step
    due = seat is not None and seat in truth.pending and seat not in truth.committed
    offered = truth.legal(seat) if due else []
    assert message["legal"] == [a.notation for a in offered]
    assert message["actions"] == roundtrip([a.to_json() for a in offered])
    view = truth.view(seat, log=False)
    chosen = truth.game.parse(view["choice"]).to_json() if "choice" in view else None
    assert message["chosen"] == roundtrip(chosen)


def test_no_message_or_body_carries_what_its_seat_may_not_see(client):
    http_bodies: dict[int | None, list[str]] = {0: [], 1: [], 2: [], None: []}
    created = create(client, [HUMAN, HUMAN, HUMAN], options={"target": 2})
    table = created["table"]
    tokens = {0: created["token"]}
    for seat in (1, 2):
        response = client.post(f"/api/tables/{table}/join", json={"name": f"P{seat}"})
        http_bodies[seat].append(response.text)
        tokens[seat] = response.json()["token"]
    contexts = {seat: client.websocket_connect(f"/ws/{table}") for seat in (0, 1, 2, None)}
    sockets = {seat: Socket(context.__enter__()) for seat, context in contexts.items()}
    try:
        for seat, socket in sockets.items():
            socket.send(
                {"type": "hello"} if seat is None else {"type": "hello", "token": tokens[seat]}
            )
        latest = {seat: socket.state() for seat, socket in sockets.items()}
        rng = random.Random(11)
        chatted = 0
        while not latest[None]["view"]["over"]:
            move = max(m["move"] for m in latest.values())
            acted = 0
            for seat in (0, 1, 2):
                if latest[seat]["move"] < move:
                    latest[seat] = sockets[seat].state(move)
                if latest[seat]["legal"]:
                    sockets[seat].send({"type": "act", "action": rng.choice(latest[seat]["legal"])})
                    acted += 1
                    # Each act is its own move: wait for it before the next seat acts,
                    # so messages are sent in mid-step, with choices concealed.
                    move += 1
                    latest[seat] = sockets[seat].state(move)
            assert acted
            if chatted < 2:
                # A chat message in mid-game: it carries nothing of the game either.
                sockets[chatted].send({"type": "chat", "text": f"move {move}: my hand?"})
                chatted += 1
            for seat, socket in sockets.items():
                latest[seat] = socket.state(move)
            for seat in (0, 1, 2, None):
                for path in (f"/api/tables/{table}", "/api/tables"):
                    http_bodies[seat].append(client.get(path).text)
            assert move < 5000, "the game should end"
    finally:
        for context in contexts.values():
            context.__exit__(None, None, None)

    record = client.get(f"/api/tables/{table}/record").json()
    seed = str(record["seed"])
    states = states_along(record)

    checked = 0
    concealed_seen = 0
    for seat, socket in sockets.items():
        for message in socket.received:
            text = json.dumps(message)
            assert seed not in text
            if message["type"] != "state":
                check_other_message(message)
                continue
            truth = states[message["move"]]
            check_state_message(socket, message, seat, truth)
            assert set(message["table"]) == SUMMARY_KEYS
            # Structural scan: a choice or a hand only at the top of the seat's own view
            # (the choice as data at the top of the seat's own message).
            for path, key, _ in walk(message):
                if key in ("choice", "hand"):
                    assert path == ("view",) and seat is not None, (path, key)
                if key == "chosen":
                    assert path == () and (seat is not None or message["chosen"] is None)
            # The one choice a message may show is the seat's own.
            if "choice" in message["view"]:
                assert seat in truth.committed
                assert message["view"]["choice"] == truth.view(seat)["choice"]
            concealed_seen += len(truth.committed - {seat})
            checked += 1
    assert checked > 100
    assert concealed_seen > 10, "messages were sent while choices were concealed"
    for socket in sockets.values():
        assert [m["seat"] for m in socket.received if m["type"] == "chat"] == [0, 1]

    for seat, bodies in http_bodies.items():
        for body in bodies:
            assert seed not in body
            for _, key, _ in walk(json.loads(body)):
                assert key not in ("choice", "hand", "seed", "moves", "token_hash"), (seat, key)
