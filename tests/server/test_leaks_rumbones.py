"""A Rum & Bones table leaks nothing: a side's Tide hand stays its own.

Two humans play whole games (two rounds each) while a spectator watches. Every message
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
import secrets
from collections import Counter
from functools import partial
from typing import Any

from server.leaks import (
    Played,
    check_bodies,
    check_unseen,
    play_by_hand,
    play_until_enough,
    state_messages,
    walk,
)


def test_no_rumbones_message_shows_the_other_sides_tide_hand(client):
    def play(index: int) -> Played:
        return play_by_hand(
            client, 2, rng=random.Random(5 + index), limit=3000, game="rumbones",
            options={"round_limit": 2}, reflex_clock=60,
        )

    play_until_enough(play, partial(check_hands, rng=random.Random(1)), messages=100)


def check_hands(played: Played, rng: random.Random) -> tuple[int, int]:
    """Checks every state message of ``played``; returns how many there were and in how
    many the other side's hand was dealt anew."""
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
    check_bodies(played.bodies, played.seed, ("hand",))
    return checked, resampled


DECLINE = ("pass", "end", "stop", "keep")


def _passing(message: dict[str, Any], rng: random.Random) -> str:
    """Seat 0 passes every window, as its auto-pass would; otherwise a random choice,
    mostly not a way to decline (so heroes attack and windows open).

    A window's pass draws nothing from ``rng``, so a game where the server passes
    for seat 0 draws the same choices, and with the same deal is the same game.
    """
    decision = message["view"]["decision"] or {}
    if message["seat"] == 0 and decision.get("window"):
        return decision["default"]
    keen = [a["notation"] for a in message["actions"] if a["verb"] not in DECLINE]
    return rng.choice(keen if keen and rng.random() < 0.9 else message["legal"])


def _kind(value: Any) -> Any:
    """A message's kind: its fields and their types, all the way down, without the values."""
    if isinstance(value, dict):
        return tuple(sorted((key, _kind(inner)) for key, inner in value.items()))
    if isinstance(value, list):
        return tuple(sorted({_kind(inner) for inner in value}, key=repr))
    return type(value).__name__


def _told(played: Played, seat: int | None) -> tuple[set[Any], int]:
    """The kinds of the messages ``seat`` received, the game itself left out (the view, its
    events and actions, the seats' clocks, which run as the moves come); and how many state
    messages showed seat 0 owing a window with its reflex clock running."""
    kinds: set[Any] = set()
    clocked = 0
    for message in played.sockets[seat].received:
        if message["type"] == "autopass":
            assert seat is not None and message["every"] is False and not message["timings"]
        if message["type"] != "state":
            kinds.add(_kind(message))
            continue
        table = {**message["table"], "seats": [
            {key: value for key, value in entry.items() if key != "deadline"}
            for entry in message["table"]["seats"]]}
        kinds.add(_kind({**message, "table": table, "view": None, "events": None,
                         "legal": None, "actions": None, "chosen": None, "deadline": None}))
        view = message["view"]
        decision = view["decision"] or {}
        if decision.get("window") and 0 in view["pending"] and 0 not in view["committed"]:
            # Seat 0's reflex clock runs whether or not the server will pass for it.
            assert message["table"]["seats"][0]["deadline"] is not None, message["table"]
            clocked += 1
    return kinds, clocked


def test_an_auto_pass_shows_in_no_message_to_the_other_side_or_a_spectator(client, monkeypatch):
    # The same deal twice: once seat 0 passes every window itself, once the server
    # passes them for it (its auto-pass on "every window").
    monkeypatch.setattr(secrets, "randbits", lambda bits: 1732050807568877)
    # Six rounds: time for more than twenty of seat 0's windows, of both kinds.
    table = {"game": "rumbones", "options": {"round_limit": 6}, "reflex_clock": 60}
    # Both seats answer their decisions with one answer by hand (autoplay off), so that
    # only the auto-pass differs between the two.
    off = play_by_hand(client, 2, rng=random.Random(5), choose=_passing, limit=3000,
                       autopass={0: {"forced": False}, 1: {"forced": False}}, **table)
    on = play_by_hand(client, 2, rng=random.Random(5), choose=_passing, limit=3000,
                      autopass={0: {"every": True, "forced": False}, 1: {"forced": False}},
                      **table)
    # The same game, move for move (within a window the two sides may answer in
    # either order): so what the others were told can be compared.
    moves = [[(s, m) for s, m in played.states[-1].record["moves"]] for played in (off, on)]
    assert Counter(map(tuple, moves[0])) == Counter(map(tuple, moves[1]))
    assert off.states[-1].result == on.states[-1].result
    met = Counter(state.decision.kind for state in on.states[:-1]
                  if state.decision.window and 0 in state.pending)
    assert sum(met.values()) > 20 and set(met) == {"tide", "hits"}, met
    # Seat 0's setting went to seat 0 alone.
    assert {"type": "autopass", "every": True, "timings": [], "forced": False} in (
        on.sockets[0].received)
    for seat in (1, None):
        kinds_off, clocked_off = _told(off, seat)
        kinds_on, clocked_on = _told(on, seat)
        assert kinds_on == kinds_off, seat
        assert clocked_on > 20 and clocked_off > 20
    # Every state message of the game with auto-pass passes the leak checks too.
    assert sum(1 for _ in state_messages(on)) > 100
