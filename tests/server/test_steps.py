"""A move names the step it answers: one sent twice, or late, is refused in the next step.

The attack: in Swordplay the active fighter's discard step and ready step both
take ``pass``. Two ``pass`` messages meant for the discard step (a double click,
a message sent again) once passed the ready step too. Each ``act`` now carries
the ``step`` of the state it answers; one for a step that is over is refused
with an error naming it, and the table stays where the first left it.
"""

from __future__ import annotations

from typing import Any

from server.kit import HUMAN, Socket, create, join, summary


def until_pong(socket: Socket) -> list[dict[str, Any]]:
    """Every message up to the answer to a ping sent now."""
    socket.send({"type": "ping"})
    start = len(socket.received)
    socket.until(lambda m: m["type"] == "pong")
    return socket.received[start:]


def test_a_pass_sent_twice_for_the_discard_step_does_not_pass_the_ready_step(client):
    created = create(client, [HUMAN, HUMAN], game="swordplay", options={"pirates": "vane,grady"})
    table = created["table"]
    joined = join(client, table)
    with (
        client.websocket_connect(f"/ws/{table}") as a,
        client.websocket_connect(f"/ws/{table}") as b,
    ):
        sockets = [Socket(a), Socket(b)]
        sockets[0].send({"type": "hello", "token": created["token"]})
        sockets[1].send({"type": "hello", "token": joined["token"]})
        latest = [s.state() for s in sockets]
        # Both answer every decision themselves: a ready step whose one answer is
        # pass must wait for the fighter, not play itself (autoplay).
        for socket in sockets:
            socket.send({"type": "autopass", "every": False, "timings": [], "forced": False})
            socket.until(lambda m: m["type"] == "autopass" and m["forced"] is False)
        fighter = next(seat for seat in (0, 1) if latest[seat]["legal"])
        me, discard = sockets[fighter], latest[fighter]
        assert discard["view"]["decision"]["kind"] == "discard" and "pass" in discard["legal"]
        twice = {"type": "act", "action": "pass", "step": discard["step"]}
        me.send(twice)
        me.send(twice)
        seen = until_pong(me)
        ready = next(m for m in seen if m["type"] == "state" and m["move"] > discard["move"])
        assert ready["view"]["decision"]["kind"] == "ready" and "pass" in ready["legal"]
        assert ready["step"] != discard["step"]
        refused = [m for m in seen if m["type"] == "error"]
        assert len(refused) == 1
        assert f"step {discard['step']}" in refused[0]["message"]
        # One move was played: the fighter is still to ready.
        assert summary(client, table)["move"] == discard["move"] + 1
        assert not [m for m in seen if m["type"] == "state" and m["move"] > ready["move"]]
        # The ready step's own pass is played.
        me.send({"type": "act", "action": "pass", "step": ready["step"]})
        after = me.state(ready["move"] + 1)
        assert after["view"]["decision"]["kind"] != "ready" or after["seat"] != fighter


def test_a_move_that_names_no_step_is_refused(client):
    created = create(client, [HUMAN, HUMAN])
    table = created["table"]
    join(client, table)
    with client.websocket_connect(f"/ws/{table}") as ws:
        me = Socket(ws)
        me.send({"type": "hello", "token": created["token"]})
        first = me.state()
        for stepless in (
            {"type": "act", "action": "reload"},
            {"type": "act", "action": "reload", "step": str(first["step"])},
        ):
            me.ws.send_json(stepless)
            refused = [m for m in until_pong(me) if m["type"] == "error"]
            assert refused and "names the step" in refused[0]["message"]
        assert summary(client, table)["move"] == 0
        me.send({"type": "act", "action": "reload", "step": first["step"]})
        assert me.state(1)["view"]["committed"] == [0]
