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

import random

from server.leaks import check_bodies, play_by_hand, state_messages, walk

SEATS = 3


def test_no_swordplay_message_shows_a_hand_or_a_deck_it_should_not(client):
    options = {
        "arena_seats": 1,
        "weapon_breakage": True,
        "realistic_parries": True,
        "turn_limit": 60,
    }
    played = play_by_hand(client, SEATS, rng=random.Random(7), game="swordplay", options=options)
    checked = hidden = 0
    for seat, socket, message, truth in state_messages(played):
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
        # items among them) may hold the same cards as a hand by chance, and so may
        # the seat's own hand (two fighters may hold the same four cards).
        public = [v for _, _, v in walk(truth.view(None)) if isinstance(v, list)]
        shown = [v for where, key, v in walk(view) if isinstance(v, list)
                 and v not in public and (where, key) != ((), "hand")]
        for other in range(SEATS):
            if other != seat and len(truth.hands[other]) >= 3:
                assert sorted(truth.hands[other]) not in shown
                hidden += 1
        for _, key, _ in walk(view.get("log", [])):
            assert key != "hand"
        checked += 1
    assert checked > 100 and hidden > 100
    check_bodies(played.bodies, played.seed, ("choice", "hand"))
