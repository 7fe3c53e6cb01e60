"""Leaving a game: any seated player may leave it to the table's stand-in bot.

The bot plays the seat from then on (``auto``, as a handover does), and the
player takes it back with ``takeback`` while the game goes on. A spectator has
no seat to leave; a seat a bot already plays cannot be left again; nothing is
left once the game is over.
"""

from __future__ import annotations

from server.kit import HUMAN, Socket, bot, create, join, summary


def connect(client, table, token):
    context = client.websocket_connect(f"/ws/{table}")
    socket = Socket(context.__enter__())
    socket.send({"type": "hello", "token": token} if token else {"type": "hello"})
    socket.state()
    return context, socket


def test_a_player_who_is_not_the_host_leaves_and_takes_the_seat_back(client):
    created = create(client, [HUMAN, HUMAN, bot("random")], options={"target": 3})
    table = created["table"]
    joined = join(client, table, "Bob")
    contexts = []
    try:
        for token in (created["token"], joined["token"], None):
            contexts.append(connect(client, table, token))
        (_, ann), (_, bob), (_, spectator) = contexts
        ann.send({"type": "act", "action": "reload"})
        bob.send({"type": "leave"})
        # Everyone is told that a bot plays Bob's seat; the bot makes his choice for him.
        told = [
            socket.until(lambda m: m["type"] == "state" and m["table"]["seats"][1]["auto"])
            for socket in (ann, bob, spectator)
        ]
        assert all(m["table"]["seats"][1]["connected"] for m in told)
        left = told[1]
        assert summary(client, table)["seats"][1]["auto"] is True
        assert summary(client, table)["host"] == 0
        # Bob owed a choice in this step; the bot makes it: the step resolves without him.
        assert 1 in left["view"]["pending"] and 1 not in left["view"]["committed"]
        moved = bob.until(
            lambda m: (
                m["type"] == "state" and (m["step"] != left["step"] or 1 in m["view"]["committed"])
            )
        )
        assert not moved["view"]["over"]
        # Leaving twice is refused; the seat stays the bot's.
        bob.send({"type": "leave"})
        assert bob.error()["message"] == "a bot already plays your seat; take it back to play on"
        # Bob takes his seat back while the game goes on, and plays it himself.
        bob.send({"type": "takeback"})
        back = bob.until(lambda m: m["type"] == "state" and not m["table"]["seats"][1]["auto"])
        assert back["table"]["status"] == "running"
        # His next choice is his own: Ann plays on until Bob has one to make (if his
        # pirate fell meanwhile, that is at the next duel).
        mine = back
        for _ in range(300):
            if mine["legal"]:
                break
            if ann.state(mine["move"])["legal"]:
                ann.send({"type": "act", "action": ann.state(mine["move"])["legal"][0]})
            mine = bob.state(mine["move"] + 1)
        assert mine["legal"], "Bob decides again"
        bob.send({"type": "act", "action": mine["legal"][0]})
        played = bob.until(lambda m: m["type"] == "state" and m["move"] > mine["move"])
        assert played["table"]["seats"][1]["auto"] is False
    finally:
        for context, _ in contexts:
            context.__exit__(None, None, None)


def test_a_spectator_cannot_leave_and_nothing_is_left_after_the_end(client):
    # Ten seconds between bot moves: the game waits for the finish asked for.
    created = create(client, [HUMAN, bot("random")], options={"target": 1}, bot_delay=10)
    table = created["table"]
    contexts = []
    try:
        contexts.append(connect(client, table, None))
        contexts.append(connect(client, table, created["token"]))
        (_, spectator), (_, ann) = contexts
        spectator.send({"type": "leave"})
        assert spectator.error()["message"] == "a spectator has no seat to leave"
        # The only player leaves: no player is left in the game, the bots may finish it.
        ann.send({"type": "leave"})
        left = ann.until(lambda m: m["type"] == "state" and m["table"]["seats"][0]["auto"])
        assert left["table"]["finishable"] is True
        ann.send({"type": "finish"})
        ann.until(lambda m: m["type"] == "state" and m["table"]["status"] == "over")
        # A second ask comes after the end, as a click may cross the last move: it is
        # answered by nothing, so the next error is the takeback's.
        ann.send({"type": "finish"})
        ann.send({"type": "takeback"})
        assert ann.error()["message"] == "the table is over"
        ann.send({"type": "leave"})
        assert ann.error()["message"] == "the table is over"
    finally:
        for context, _ in contexts:
            context.__exit__(None, None, None)
    assert summary(client, table)["status"] == "over"
