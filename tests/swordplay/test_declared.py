"""What Swordplay declares to the balance lab: who won the roll for the first turn, and each
seat's side in the Arena crossover."""

from __future__ import annotations

import plunder


def test_the_arena_crossover_names_each_seats_side() -> None:
    state = plunder.load("swordplay", players=3, arena_seats=1).new(seed=1)
    assert state.seat_sides() == ("pirates", "pirates", "arena")
    assert plunder.load("swordplay", players=3).new(seed=1).seat_sides() == ()


def test_the_first_player_is_the_one_who_won_the_roll() -> None:
    for seed in range(6):
        state = plunder.load("swordplay", players=3).new(seed=seed)
        (first,) = [e["seat"] for e in state.events(None) if e["type"] == "first"]
        assert state.first_movers() == (frozenset({first}),)
        assert state.view(None)["active"] == first
