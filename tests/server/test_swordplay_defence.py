"""Swordplay at the server: a defence waits for its player, whatever the reflex clock.

The rules put no time on answering an attack, so the defence is an untimed
window: a human seat gets no reflex clock for it (nor a turn clock, at a table
without one), and nothing is played for the seat until it answers.
"""

from __future__ import annotations

from plunder.server.live import REFLEX_MIN
from server.kit import HUMAN, Socket, bot, create, summary


def test_a_defence_gets_no_clock_and_waits_for_its_player(client):
    created = create(
        client,
        [HUMAN, bot("greedy")],
        game="swordplay",
        options={"pirates": "vane,grady"},
        clock=None,
        reflex_clock=REFLEX_MIN,
    )
    table = created["table"]
    with client.websocket_connect(f"/ws/{table}") as ws:
        ann = Socket(ws)
        ann.send({"type": "hello", "token": created["token"]})
        # Her defence with one answer waits for her too (autoplay off).
        ann.send({"type": "autopass", "forced": False})
        ann.until(lambda m: m["type"] == "autopass" and m["forced"] is False)
        moved = -1
        # Ann passes every phase of her turns until the bot attacks her.
        for _ in range(300):
            asked = ann.until(
                lambda m, after=moved: m["type"] == "state" and m["legal"] and m["move"] > after
            )
            if "no" in asked["legal"]:
                break
            moved = asked["move"]
            ann.send({"type": "act", "action": "pass"})
        else:
            raise AssertionError("the bot never attacked Ann")

        decision = asked["view"]["decision"]
        assert decision["kind"] == "defend" and decision["window"] is True
        assert decision["default"] == "no" and "timed" not in decision
        # The message is made once the step's clocks are started: none runs for her.
        assert asked["deadline"] is None
        assert [s["deadline"] for s in asked["table"]["seats"]] == [None, None]
        now = summary(client, table)
        assert now["move"] == asked["move"] and now["seats"][0]["deadline"] is None
        assert not now["seats"][0]["auto"]

        # She takes it: her answer is the one move after the prompt, and the hit lands.
        ann.send({"type": "act", "action": "no"})
        after = ann.until(lambda m: m["type"] == "state" and m["move"] > asked["move"])
        events = after["events"]
        window = [e for e in events if e["type"] == "window"]
        assert [(e["timing"], e["choices"]) for e in window] == [("defend", {"0": "no"})]
        assert any(e["type"] == "hit" and e["seat"] == 0 for e in events)
