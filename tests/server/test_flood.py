"""One client cannot flood a table's other viewers, nor the server.

A hello is answered to its sender alone: others hear of it only when who is
connected changes, in one message however many change. (The rate limit of each
connection is tested with the other limits, in ``test_limits.py``.)
"""

from __future__ import annotations

import math
import time

from plunder.server.publishing import PRESENCE_DELAY
from server.kit import HUMAN, Socket, create, join

SPECTATORS = 20
HELLOS = 50


def states_before_pong(socket: Socket) -> int:
    """State messages waiting for ``socket``: it pings, and counts those before the pong."""
    socket.send({"type": "ping"})
    count = 0
    while True:
        message = socket.next()
        if message["type"] == "pong":
            return count
        if message["type"] == "state":
            count += 1


def test_hellos_are_answered_to_their_sender_only(client):
    created = create(client, [HUMAN, HUMAN])
    table = created["table"]
    join(client, table)
    contexts = [client.websocket_connect(f"/ws/{table}") for _ in range(SPECTATORS)]
    watchers = [Socket(context.__enter__()) for context in contexts]
    try:
        for watcher in watchers:
            watcher.send({"type": "hello"})
            watcher.state()
        time.sleep(0.5)  # spectators change nothing anyone is shown
        assert [states_before_pong(w) for w in watchers] == [0] * SPECTATORS
        with client.websocket_connect(f"/ws/{table}") as ws:
            flooder = Socket(ws)
            began = time.monotonic()
            for n in range(HELLOS):
                token = created["token"] if n % 2 else None
                flooder.send({"type": "hello", "token": token})
            answers = [flooder.state() for _ in range(HELLOS)]
            spanned = time.monotonic() - began
            assert [a["seat"] for a in answers] == [0 if n % 2 else None for n in range(HELLOS)]
            # Each answer is the whole state, for the sender's next start.
            assert all(a["events_from"] == 0 for a in answers)
            time.sleep(2 * PRESENCE_DELAY)  # the last pause ends, and its message goes
            told = [states_before_pong(w) for w in watchers]
        # Seat 0 came and went and came again many times: the others were told once for
        # each presence pause the hellos spanned (a handful; more on a loaded machine,
        # where the hellos take longer), never once per hello.
        pauses = math.ceil(spanned / PRESENCE_DELAY) + 1
        assert max(told) <= min(pauses, HELLOS // 2), (told, spanned)
        assert min(told) >= 1, "the others were told that seat 0 came"
    finally:
        for context in contexts:
            context.__exit__(None, None, None)
