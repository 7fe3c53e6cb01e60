"""A Pirates Under Fire table leaks nothing: hands, draw piles and reserves stay hidden.

Two humans play a whole game while a spectator watches. Every message each of
them receives is kept; afterwards the record is replayed to the move each
message was sent at, and the message is checked against the truth: its view is
the seat's own (``check_state_message``), a hand shows only at the top of the
seat's own view, a drawn ship is told to its owner alone, and no message holds
the order of a pile or the ships of a reserve.
"""

from __future__ import annotations

import random

from server.leaks import check_bodies, play_by_hand, state_messages, walk


def test_no_underfire_message_shows_a_hand_pile_or_reserve_it_should_not(client):
    played = play_by_hand(client, 2, rng=random.Random(7), limit=1000, game="underfire")
    checked = 0
    for seat, socket, message, truth in state_messages(played):
        view = socket.full_view(message)
        for path, key, _ in walk(message):
            if key == "hand":
                assert path == ("view",) and seat is not None, (path, key)
            assert key not in ("pile_order", "reserve_ships")
        for row in view["players"]:
            assert set(row) >= {"pile", "reserve", "hand_size"}
            assert isinstance(row["pile"], int) and isinstance(row["reserve"], int)
        for event in view.get("log", []):
            if event["type"] == "drawn":
                assert event["seat"] == seat
        if seat is not None:
            assert view["hand"] == truth.hand[seat]
        checked += 1
    assert checked > 100
    check_bodies(played.bodies, played.seed, ("hand", "pile_order", "reserve_ships"))
