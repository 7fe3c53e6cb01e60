"""What Pirates Under Fire declares to the balance lab: the seat drawn to start (R9)."""

from __future__ import annotations

import plunder


def test_the_first_player_is_the_one_drawn() -> None:
    drawn = set()
    for seed in range(8):
        state = plunder.load("underfire").new(seed=seed)
        (first,) = [e["first"] for e in state.events(None) if e["type"] == "setup"]
        assert state.first_movers() == (frozenset({first}),)
        assert state.pending == {first}
        drawn.add(first)
    assert drawn == {0, 1}
