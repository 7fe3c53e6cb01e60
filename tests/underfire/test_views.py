"""Pirates Under Fire's views: hands, piles and reserves hidden; the sea public (R42)."""

from __future__ import annotations

import json
import random

import plunder


def test_views_are_json_and_show_only_the_viewers_hand() -> None:
    state = plunder.load("underfire").new(seed=3)
    for seat in (0, 1, None):
        view = state.view(seat)
        json.dumps(view)
        assert ("hand" in view) == (seat is not None)
    assert state.view(0)["hand"] == sorted(state.view(0)["hand"])
    assert "pile" in state.view(0)["players"][1] and "hand" not in state.view(0)["players"][1]


def test_a_view_does_not_depend_on_what_the_seat_cannot_see() -> None:
    state = plunder.load("underfire").new(seed=4)
    rng = random.Random(1)
    for _ in range(30):
        seat = next(iter(state.pending))
        state.act(seat, rng.choice(state.legal(seat)))
    for seat in (0, 1):
        other = state.determinize(seat, rng)
        assert other.view(seat) == state.view(seat)
        assert other.view(1 - seat, log=False)["players"] == state.view(
            1 - seat, log=False)["players"]


def test_drawn_ships_are_told_to_their_owner_alone() -> None:
    state = plunder.load("underfire").new(seed=5)
    rng = random.Random(2)
    while not any(e["type"] == "drawn" for e in state.events(0) + state.events(1)):
        seat = next(iter(state.pending))
        state.act(seat, rng.choice(state.legal(seat)))
    for seat in (0, 1):
        for event in state.events(1 - seat) + state.events(None):
            assert not (event["type"] == "drawn" and event["seat"] == seat)
    assert any(e["type"] == "drawn" for e in state.events(0) + state.events(1))
