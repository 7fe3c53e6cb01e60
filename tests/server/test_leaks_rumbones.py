"""A Rum & Bones table leaks nothing: a side's Tide hand stays its own.

Two humans play a whole game (two rounds) while a spectator watches. Every message
each of them receives is kept; afterwards the record is replayed to the move each
message was sent at, and the message is checked against the truth:

- its ``view`` is exactly ``state.view(seat, log=False)`` at that move, its
  ``events`` what the seat lacked, its ``legal`` and ``actions`` the seat's own
  (``check_state_message``);
- a hand appears only at the top of a seat's own view, and is that seat's hand;
  the cards a side draws are told to that side alone, never to the other side or
  the spectator; the Tide cards a seat may play are in its own hand;
- the message would be the same had the other side held any other hand: the
  truth is determinized for the seat (every card it cannot see dealt anew) and
  the seat's view and events of that world equal what it was sent.
"""

from __future__ import annotations

import random

from server.leaks import check_bodies, check_unseen, play_by_hand, state_messages, walk


def test_no_rumbones_message_shows_the_other_sides_tide_hand(client):
    played = play_by_hand(
        client, 2, rng=random.Random(5), limit=3000, game="rumbones",
        options={"round_limit": 2}, reflex_clock=60,
    )
    rng = random.Random(1)
    checked = resampled = 0
    for seat, socket, message, truth in state_messages(played):
        view = socket.full_view(message)
        for path, key, _ in walk(message):
            if key == "hand":
                assert path == ("view",) and seat is not None, (path, key)
        if seat is not None:
            assert view["hand"] == truth.hand[seat]
        for event in view["log"]:
            if event["type"] == "tide_drew":
                assert event["side"] == seat, (seat, event)
        for action in message["actions"]:
            if action["verb"] in ("tide", "discard"):
                assert action["arg"] in truth.hand[seat], (seat, action)
        # Another world the seat cannot tell from this one: its message is the same.
        world = check_unseen(truth, seat, message, rng)
        others = [side for side in (0, 1) if side != seat]
        resampled += any(sorted(world.hand[s]) != sorted(truth.hand[s]) for s in others)
        checked += 1
    assert checked > 100
    assert resampled > 50, "the hidden hands were rarely dealt anew: the check saw little"
    check_bodies(played.bodies, played.seed, ("hand",))
