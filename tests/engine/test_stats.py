"""Content statistics: the shape the lab reads, and plays counted from a record."""

from __future__ import annotations

import random

import pytest

import plunder
from plunder.engine.stats import ContentStats, StatsError, count_plays


def test_a_table_with_the_wrong_number_of_seats_is_refused() -> None:
    ContentStats(picks={"piece": [["a"], ["b"]]}).check(2)
    with pytest.raises(StatsError, match=r"picks\['piece'\] has 1 entries for 2 seats"):
        ContentStats(picks={"piece": [["a"]]}).check(2)
    with pytest.raises(StatsError, match="amounts"):
        ContentStats(amounts={"vp": [{}, {}, {}]}).check(2)


def test_plays_are_counted_from_the_record_per_seat() -> None:
    state = plunder.load("duel", players=2).new(seed=4)
    rng = random.Random(4)
    for _ in range(6):
        if state.is_over:
            break
        seat = min(state.pending)
        state.act(seat, rng.choice(state.legal(seat)))
    counts = count_plays(state, lambda action: action.card)
    by_hand: list[dict[str, int]] = [{}, {}]
    for seat, notation in state.moves:
        card = notation.split(">")[0]
        by_hand[seat][card] = by_hand[seat].get(card, 0) + 1
    assert counts == by_hand
    assert sum(sum(c.values()) for c in counts) == len(state.moves)
    # A key that names no piece counts nothing.
    assert count_plays(state, lambda action: None) == [{}, {}]
