"""Pirate Rumble at the server: the reflex clock on timed decisions, and the Search race.

A gesture is a decision the rules time (``state.timeout_action`` names
``gesture>none``): a human seat gets the table's reflex clock for it, and when
the clock runs out the server plays ``gesture>none`` for the seat, which stays
the player's (no bot takes it over). Bots answer such decisions at once. With
option ``race="arrival"`` the first reach to arrive wins the golden card.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from plunder.games.rumble.content import CONTENT
from plunder.server.app import create_app
from plunder.server.store import Store
from server.kit import HUMAN, Socket, bot, create, join


def rumble(client: TestClient, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    options = extra.pop("options", {})
    return create(client, seats, game="rumble", options=options, **extra)


def gesture_of(message: dict[str, Any]) -> str:
    """The right gesture for the card the message's seat revealed this round."""
    view = message["view"]
    (card,) = [c["card"] for c in view["revealed"] if c["seat"] == message["seat"]]
    return CONTENT.cards[card].gesture


def connect(client: TestClient, table: str, tokens: dict[int, str]) -> tuple[list, dict]:
    contexts = [client.websocket_connect(f"/ws/{table}") for _ in tokens]
    sockets = {}
    for (seat, token), context in zip(tokens.items(), contexts, strict=True):
        sockets[seat] = Socket(context.__enter__())
        sockets[seat].send({"type": "hello", "token": token})
        sockets[seat].state()
    return contexts, sockets


def close(contexts: list) -> None:
    for context in contexts:
        context.__exit__(None, None, None)


def test_reflex_clock_is_checked_stored_and_shown(client):
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert games["rumble"]["timed_when"] == {"gestures": True}
    assert games["duel"]["timed_when"] is None
    for wrong in (1, 61, "5", True):
        response = client.post(
            "/api/tables",
            json={"game": "rumble", "seats": [HUMAN, HUMAN], "reflex_clock": wrong},
        )
        assert response.status_code == 400, wrong
        assert "reflex_clock" in response.json()["error"]
    plain = rumble(client, [HUMAN, HUMAN])
    summary = client.get(f"/api/tables/{plain['table']}").json()
    assert (summary["reflex_clock"], summary["timed"]) == (5.0, False)
    timed = rumble(client, [HUMAN, HUMAN], options={"gestures": True}, reflex_clock=2.5)
    summary = client.get(f"/api/tables/{timed['table']}").json()
    assert (summary["reflex_clock"], summary["timed"]) == (2.5, True)
    duel = create(client, [HUMAN, HUMAN])
    assert client.get(f"/api/tables/{duel['table']}").json()["timed"] is False


def test_the_gesture_clock_plays_no_gesture_and_survives_a_restart(db_url):
    """Seat 0 gestures in time, the bot at once, seat 1 lets the reflex clock run out."""
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        created = rumble(
            client,
            [HUMAN, HUMAN, bot("random")],
            options={"gestures": True, "pirates": "bonny,roberts,kidd"},
            # Seconds enough for a loaded machine to pass the messages along in time.
            reflex_clock=5,
            # Longer than the reflex clock: a bot that waited its delay in the
            # gesture step would find the step judged without it.
            bot_delay=8,
        )
        table = created["table"]
        joined = join(client, table, "Bob")
        contexts, sockets = connect(client, table, {0: created["token"], 1: joined["token"]})
        try:
            ann, bob = sockets[0], sockets[1]
            # Choosing a card is not timed: no clock (the table has no turn clock).
            first = ann.state()
            assert first["view"]["phase"] == "choose" and first["deadline"] is None
            ann.send({"type": "act", "action": "load"})
            ann.state(1)
            bob.send({"type": "act", "action": "dodge"})
            bob.state(2)
            # The bot waits its delay for a card, then the gesture step opens.
            opened = ann.until(lambda m: m["type"] == "state" and m["view"]["phase"] == "gesture")
            started = time.monotonic()
            assert opened["move"] == 3
            assert opened["legal"] and "gesture>none" in opened["legal"]
            assert 0 < opened["deadline"] <= 5
            seats = opened["table"]["seats"]
            assert 0 < seats[0]["deadline"] <= 5 and 0 < seats[1]["deadline"] <= 5
            assert seats[2]["deadline"] is None
            ann.send({"type": "act", "action": f"gesture>{gesture_of(opened)}"})
            # The bot answers at its reflex, not after its 8 s delay.
            answered = ann.until(
                lambda m: (
                    m["type"] == "state"
                    and 2 in m["view"]["committed"]
                    and 0 in m["view"]["committed"]
                )
            )
            # Still in the gesture step, Bob's clock not yet run out: the bot did
            # not wait its delay (ordered by the events, not by a stopwatch).
            assert answered["view"]["phase"] == "gesture"
            assert 1 not in answered["view"]["committed"]
            bob_turn = bob.state(answered["move"])
            assert bob_turn["legal"] and bob_turn["deadline"] is not None
            # Bob lets it pass: the server makes no gesture for him, and he keeps his seat.
            judged = bob.until(lambda m: m["type"] == "state" and m["view"]["phase"] != "gesture")
            waited = time.monotonic() - started
            # The clock never runs out early (a busy machine may only make it late).
            assert waited >= 4.0, waited
            judged_log = bob.log_at(judged)
            gestures = [e for e in judged_log if e["type"] == "gestures"][-1]
            made = {g["seat"]: g["gesture"] for g in gestures["gestures"]}
            assert made[0] == gesture_of(opened)
            assert made[1] == "none"
            assert 1 in gestures["voided"] and 0 not in gestures["voided"]
            assert not any(s["auto"] for s in judged["table"]["seats"])
            moves_before = judged["move"]
        finally:
            close(contexts)
    stored = next(t for t in Store(db_url).load_tables() if t.id == table)
    assert (1, "gesture>none") in stored.moves[:moves_before]

    # The server comes back with the move; the next gesture step, cut short by a
    # restart, gets a fresh clock after it and runs out again for both humans.
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        contexts, sockets = connect(client, table, {0: created["token"], 1: joined["token"]})
        try:
            ann, bob = sockets[0], sockets[1]
            back = ann.received[-1]
            assert back["move"] >= moves_before
            again = bob.log_at(bob.received[-1])
            assert again[: len(judged_log)] == judged_log
            for socket in (ann, bob):
                message = socket.until(lambda m: m["type"] == "state" and m["legal"])
                assert message["view"]["phase"] == "choose"
                socket.send({"type": "act", "action": message["legal"][0]})
            opened = ann.until(lambda m: m["type"] == "state" and m["view"]["phase"] == "gesture")
        finally:
            close(contexts)
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        contexts, sockets = connect(client, table, {0: created["token"], 1: joined["token"]})
        try:
            ann = sockets[0]
            resumed = ann.received[-1]
            assert resumed["move"] >= opened["move"] and resumed["view"]["phase"] == "gesture"
            assert resumed["view"]["round"] == opened["view"]["round"]
            # A fresh clock runs for the decision still owed (without one the step
            # would wait for ever and the gestures below would never be made); how
            # much of it is left when the test reads it depends on the machine.
            assert 0 < resumed["deadline"] <= 5
            done = ann.until(lambda m: m["type"] == "state" and m["view"]["phase"] != "gesture")
            gestures = [e for e in ann.log_at(done) if e["type"] == "gestures"][-1]
            made = {g["seat"]: g["gesture"] for g in gestures["gestures"]}
            assert made[0] == made[1] == "none"
        finally:
            close(contexts)
    stored = next(t for t in Store(db_url).load_tables() if t.id == table)
    assert sum(1 for m in stored.moves if m[1] == "gesture>none" and m[0] in (0, 1)) == 3


@pytest.mark.parametrize("first", [1, 0])
def test_the_search_race_goes_to_the_first_arrival(client, first):
    created = rumble(
        client,
        [HUMAN, HUMAN],
        options={"race": "arrival", "pirates": "bonny,roberts"},
    )
    table = created["table"]
    joined = join(client, table, "Bob")
    contexts, sockets = connect(client, table, {0: created["token"], 1: joined["token"]})
    try:
        for seat in (0, 1):
            sockets[seat].send({"type": "act", "action": "search"})
            sockets[seat].state(seat + 1)
        reach = {s: sockets[s].state(2) for s in (0, 1)}
        for message in reach.values():
            assert message["view"]["phase"] == "reach"
            assert message["legal"] == ["grab>0"]
        card = reach[0]["view"]["area"][0]
        second = 1 - first
        sockets[first].send({"type": "act", "action": "grab>0"})
        sockets[first].state(3)
        sockets[second].send({"type": "act", "action": "grab>0"})
        after = sockets[first].state(4)
    finally:
        close(contexts)
    (grab,) = [e for e in sockets[first].log_at(after) if e["type"] == "grab"]
    assert (grab["seat"], grab["losers"], grab["card"]) == (first, [second], card)
    assert card in after["view"]["players"][first]["golden_known"]
