"""A Pirate Rumble Camp Mode table leaks nothing: shields, face-down camps, unseen golden cards.

Five humans play a Camp Mode table with gestures (Anne Bonny among them, who
draws a golden card no one else sees) while a spectator watches. Every message
each of them receives is kept; afterwards the record is replayed to the move
each message was sent at, and the message is checked against the truth:

- its ``view`` is exactly ``state.view(seat, log=False)`` at that move and its
  ``events`` what the seat lacked, so that with the events before them the seat
  holds ``state.view(seat)``; its ``legal`` and ``actions`` the seat's own legal
  actions or nothing;
- while more than two pirates live, no other living seat's health or bullets;
- no other seat's camp card while it lies face down;
- no other seat's unseen golden card (Bonny's draw), in the table or the log.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from plunder.games.rumble.content import CONTENT
from server.leaks import check_bodies, play_by_hand, state_messages, walk

PIRATES = "bonny,read,chingshih,kuki,zheng"
BONNY = 0


def choose(message: dict[str, Any], rng: random.Random) -> str:
    """A move for the seat: mostly the right gesture, else a random legal action."""
    legal = message["legal"]
    if message["view"]["phase"] == "gesture" and rng.random() < 0.85:
        card = next(c["card"] for c in message["view"]["revealed"] if c["seat"] == message["seat"])
        return f"gesture>{CONTENT.cards[card].gesture}"
    return rng.choice(legal)


def test_no_rumble_message_shows_a_shield_a_camp_or_a_golden_card_it_should_not(client):
    played = play_by_hand(
        client,
        5,
        rng=random.Random(5),
        choose=choose,
        game="rumble",
        options={"mode": "camp", "gestures": True, "pirates": PIRATES, "round_limit": 40},
        reflex_clock=60,
    )
    states = played.states
    assert states[0].secret[BONNY], "Bonny draws a golden card no one else sees"

    checked = shielded = face_down = unseen = 0
    deaths = sum(not alive for alive in states[-1].alive)
    for seat, socket, message, truth in state_messages(played):
        # Every event the seat holds: those received before this message and its own.
        view = socket.full_view(message)
        # A hand, golden cards, a camp or a choice: only at the top of the seat's own view.
        for path, key, _ in walk(message):
            if key in ("choice", "hand", "golden"):
                assert path == ("view",) and seat is not None, (path, key)
            if key == "camp" and path == ("view",):
                assert seat is not None
        living = [s for s in range(5) if truth.alive[s]]
        for row in view["players"]:
            other = row["seat"]
            if other == seat:
                continue
            if truth.alive[other] and len(living) > 2:
                assert row["health"] is None and row["bullets"] is None, (seat, other)
                shielded += 1
            if not truth.camp_shown[other]:
                assert row["camp"] is None, (seat, other)
                face_down += 1
            # Only the golden cards someone has seen, never the unseen ones.
            secret = Counter(truth.secret[other])
            assert Counter(row["golden_known"]) == Counter(truth.golden[other]) - secret
            assert row["golden_unseen"] == sum(secret.values())
            unseen += sum(secret.values())
        # The log: no camp event of a seat whose card is face down, no unseen draw.
        for path, key, value in walk(view.get("log", [])):
            if key == "camp" and path and isinstance(path[-1], int):
                event = view["log"][path[0]]
                if event.get("seat") != seat:
                    assert truth.camp_shown[event["seat"]], event
            if key == "type" and value == "secret_golden":
                assert view["log"][path[0]]["seat"] == seat
        if seat == BONNY:
            # Her own draw is hers to see.
            assert Counter(view["golden"]) == Counter(truth.golden[BONNY])
        checked += 1
    assert checked > 300
    assert shielded > 100 and face_down > 100 and unseen > 50
    assert deaths >= 1, "a pirate died, and showed its camp"
    check_bodies(played.bodies, played.seed, ("choice", "hand", "golden", "camp"))
