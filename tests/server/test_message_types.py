"""Every field of every client message is checked by its type before it is used.

A field of the wrong JSON kind is refused with an ``error`` naming what it must
be, and changes nothing: no move, no seat handed over or taken back, no setting,
and no chat line sent to anyone. The kinds each field takes are written here from
the protocol (docs/server.md), not read from the server's schemas, and every field
of every schema must be listed, so a new field cannot go unchecked.

Once, a chat line whose ``team`` was ``"true"``, ``1`` or a list (anything but the
boolean ``true``) went to everyone, the other team and the spectators included.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plunder.server import messages
from server.kit import Socket, summary

# The JSON kinds a client may send, each with values of that kind.
KINDS: dict[str, st.SearchStrategy[Any]] = {
    "null": st.none(),
    "boolean": st.booleans(),
    "integer": st.integers(-(2**40), 2**40),
    "float": st.floats(allow_nan=False, allow_infinity=False).filter(lambda x: x != int(x)),
    "text": st.text(max_size=12),
    "list": st.lists(st.integers() | st.text(max_size=4), max_size=3),
    "object": st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
}

# Per message type, per field: the kinds the protocol gives it.
FIELDS: dict[str, dict[str, set[str]]] = {
    "hello": {"token": {"text", "null"}, "held": {"object", "null"}},
    "ping": {},
    "act": {"action": {"text"}, "step": {"integer"}},
    "chat": {"text": {"text"}, "name": {"text", "null"}, "team": {"boolean"}},
    "handover": {"seat": {"integer"}},
    "takeback": {},
    "undo": {"move": {"integer"}},
    "close": {},
    "finish": {},
    "leave": {},
    "autopass": {"every": {"boolean"}, "timings": {"list"}, "forced": {"boolean", "null"}},
    "seen": {"step": {"integer"}},
}
# A value of the right kind for every field, so that one field alone is wrong (a
# hello's token is the sender's own, added by the test: a hello read as a
# spectator's would hide what follows).
GOOD: dict[str, dict[str, Any]] = {
    "act": {"action": "reload", "step": 0},
    "chat": {"text": "meet me at the rail", "team": False},
    "handover": {"seat": 1},
    "autopass": {"every": False, "timings": []},
    "seen": {"step": 0},
    "undo": {"move": 0},
}


def two_against_two(client: Any) -> tuple[str, list[str]]:
    """A Rum & Bones table of four players, two a side: its id and the seats' tokens."""
    created = client.post(
        "/api/tables",
        json={"game": "rumbones", "seats": [{"kind": "human"}] * 4, "name": "Ann"},
    ).json()
    table = created["table"]
    tokens = [created["token"]] + [
        client.post(f"/api/tables/{table}/join", json={"name": name}).json()["token"]
        for name in ("Bob", "Cid", "Dee")
    ]
    return table, tokens


def test_every_field_of_every_message_type_is_listed_here():
    listed = {(kind, name) for kind, fields in FIELDS.items() for name in fields}
    declared = set()
    for model in messages.MESSAGE_TYPES:
        kind = model.model_fields["type"].annotation.__args__[0]  # type: ignore[union-attr]
        declared |= {(kind, name) for name in model.model_fields if name != "type"}
    assert listed == declared


wrong_fields = st.sampled_from(
    [
        (kind, name, wrong)
        for kind, fields in FIELDS.items()
        for name, right in fields.items()
        for wrong in KINDS
        if wrong not in right
    ]
)


def test_a_field_of_the_wrong_kind_is_refused_and_changes_nothing(client):
    table, tokens = two_against_two(client)
    contexts = [client.websocket_connect(f"/ws/{table}") for _ in range(5)]
    sockets = [Socket(context.__enter__()) for context in contexts]
    try:
        for socket, token in zip(sockets, [*tokens, None], strict=True):
            socket.send({"type": "hello", "token": token} if token else {"type": "hello"})
            # A hello is answered with the state, the chat and (a seat's) auto-pass.
            last = "autopass" if token else "chat_history"
            socket.until(lambda m, last=last: m["type"] == last)
        ann, others = sockets[0], sockets[1:]
        good = {**GOOD, "hello": {"token": tokens[0]}}
        before = summary(client, table)

        @settings(
            max_examples=150,
            deadline=None,
            suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        )
        @given(case=wrong_fields, data=st.data())
        def refused(case: tuple[str, str, str], data: st.DataObject) -> None:
            kind, name, wrong = case
            value = data.draw(KINDS[wrong])
            ann.send({"type": kind, **good.get(kind, {}), name: value})
            # (A state message may come between: who is connected, told to all.)
            answer = ann.until(lambda m: m["type"] in ("error", "chat", "notice", "autopass"))
            assert answer["type"] == "error", (kind, name, value, answer)
            assert answer["message"], answer

        refused()
        # Nothing reached anyone: by the time each socket's ping is answered, no chat
        # line and no question to a seat has come.
        for socket in sockets:
            socket.send({"type": "ping"})
            socket.until(lambda m: m["type"] == "pong")
        for socket in others:
            assert not [m for m in socket.received if m["type"] in ("chat", "handover_asked")]
        after = summary(client, table)
        assert after["move"] == before["move"]
        assert [s["auto"] for s in after["seats"]] == [s["auto"] for s in before["seats"]]
        assert after["status"] == before["status"] == "running"
    finally:
        for context in contexts:
            context.__exit__(None, None, None)


def test_a_team_line_is_sent_to_the_team_only_when_team_is_true(client):
    table, tokens = two_against_two(client)
    contexts = [client.websocket_connect(f"/ws/{table}") for _ in range(4)]
    sockets = [Socket(context.__enter__()) for context in contexts]
    try:
        for socket, token in zip(sockets, tokens, strict=True):
            socket.send({"type": "hello", "token": token})
            socket.state()
        teams = sockets[0].received[0]["view"]["teams"]
        mates = next(team for team in teams if 0 in team)
        for almost in ("true", 1, [True], {"team": True}, None):
            sockets[0].send({"type": "chat", "text": "secret plan", "team": almost})
            assert sockets[0].error()["message"].startswith("team: true or false")
        sockets[0].send({"type": "chat", "text": "the real plan", "team": True})
        for seat, socket in enumerate(sockets):
            socket.send({"type": "ping"})
            got = socket.until(lambda m: m["type"] == "pong")
            assert got["type"] == "pong"
            lines = [m["text"] for m in socket.received if m["type"] == "chat"]
            assert "secret plan" not in lines
            assert ("the real plan" in lines) == (seat in mates), (seat, lines)
    finally:
        for context in contexts:
            context.__exit__(None, None, None)
