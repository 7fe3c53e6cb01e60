"""What Pirate Rumble declares to the balance lab: each seat's camp in Camp Mode (R55)."""

from __future__ import annotations

import random

import plunder
from plunder.games.rumble.rules import camp_of


def played(seed: int, **options: object) -> plunder.State:
    state = plunder.load("rumble", **options).new(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        for seat in state.seats_to_act():
            state.act(seat, rng.choice(state.legal(seat)))
    return state


def test_camp_mode_names_each_seats_camp() -> None:
    for seed in range(3):
        state = played(seed, players=5, mode="camp")
        sides = state.seat_sides()
        assert sides == tuple(camp_of(card) for card in state.camp)
        assert set(sides) == {"sun", "moon", "lone"}
        winners = state.result.winners
        # A camp wins whole: its seats and no others.
        if winners:
            assert {sides[seat] for seat in winners} == {sides[min(winners)]}
            assert winners == {s for s, side in enumerate(sides) if side == sides[min(winners)]}
        assert state.first_movers() == (frozenset({0}),)


def test_duel_mode_has_no_sides() -> None:
    assert played(1, players=3).seat_sides() == ()
