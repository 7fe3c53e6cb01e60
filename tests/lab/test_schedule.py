"""Seat rotation: every bot sits in every seat equally often, and mirrored games share a deal."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plunder.lab.schedule import (
    EXHAUSTIVE_LIMIT,
    arrangement_count,
    exhaustive_groups,
    lineups,
    make_schedule,
    rotations,
)


def seat_counts(slots: tuple, players: int) -> dict[str, list[int]]:
    counts: dict[str, Counter[int]] = {}
    for slot in slots:
        for seat, bot in enumerate(slot.bots):
            counts.setdefault(bot, Counter())[seat] += 1
    return {bot: [c[seat] for seat in range(players)] for bot, c in counts.items()}


def test_exhaustive_rotation_seats_every_arrangement_once_per_cycle() -> None:
    schedule = make_schedule(["g", "r"], 4, 6, seed=0)
    assert schedule.kind == "exhaustive"
    # Two of each bot at four seats: 4! / (2! 2!) = 6 seatings, each once.
    assert sorted(slot.bots for slot in schedule.slots) == sorted(
        {("g", "g", "r", "r"), ("g", "r", "r", "g"), ("r", "r", "g", "g"),
         ("r", "g", "g", "r"), ("g", "r", "g", "r"), ("r", "g", "r", "g")}
    )
    assert seat_counts(schedule.slots, 4) == {"g": [3, 3, 3, 3], "r": [3, 3, 3, 3]}
    assert schedule.balanced


def test_games_are_seeded_one_after_another() -> None:
    schedule = make_schedule(["a", "b", "c"], 3, 7, seed=100)
    assert [slot.seed for slot in schedule.slots] == list(range(100, 107))
    assert [slot.index for slot in schedule.slots] == list(range(7))


def test_mirror_deals_one_seed_to_each_rotation_group() -> None:
    schedule = make_schedule(["a", "b", "c"], 3, 9, seed=50, mirror=True)
    seeds = [slot.seed for slot in schedule.slots]
    assert seeds == [50, 50, 50, 51, 51, 51, 52, 52, 52]
    # Within a group the same deal meets every bot at every seat.
    group = [slot.bots for slot in schedule.slots[:3]]
    assert [sorted(seat) for seat in zip(*group, strict=True)] == [["a", "b", "c"]] * 3


def test_large_line_ups_get_a_balanced_random_schedule() -> None:
    bots = [f"bot{i}" for i in range(6)]
    assert arrangement_count(bots) > EXHAUSTIVE_LIMIT
    schedule = make_schedule(bots, 6, 60, seed=3)
    assert schedule.kind == "balanced random"
    assert schedule.balanced
    assert all(counts == [10] * 6 for counts in seat_counts(schedule.slots, 6).values())
    # Drawn from the seed: the same seed, the same schedule; another seed, another.
    assert make_schedule(bots, 6, 60, seed=3) == schedule
    assert make_schedule(bots, 6, 60, seed=4).slots != schedule.slots


def test_games_that_stop_mid_rotation_are_not_called_balanced() -> None:
    assert not make_schedule(["a", "b", "c"], 3, 4, seed=0).balanced


def test_more_bots_than_seats_is_a_round_robin_of_line_ups() -> None:
    schedule = make_schedule(["a", "b", "c"], 2, 12, seed=0)
    assert schedule.lineups == (("a", "b"), ("a", "c"), ("b", "c"))
    assert Counter(slot.lineup for slot in schedule.slots) == {0: 4, 1: 4, 2: 4}
    for slot in schedule.slots:
        assert sorted(slot.bots) == sorted(schedule.lineups[slot.lineup])


def test_rotations_and_groups() -> None:
    assert rotations(("a", "b", "a", "b")) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    groups = exhaustive_groups(("a", "a", "b"))
    assert groups == [[("a", "a", "b"), ("a", "b", "a"), ("b", "a", "a")]]


def test_a_study_needs_games_and_bots() -> None:
    with pytest.raises(ValueError):
        make_schedule(["a"], 2, 0, seed=0)
    with pytest.raises(ValueError):
        lineups([], 2)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(["a", "b", "c", "d"]), min_size=1, max_size=4),
    st.integers(2, 5),
    st.integers(1, 6),
    st.booleans(),
)
def test_whole_rotation_cycles_are_always_balanced(
    bots: list[str], players: int, cycles: int, mirror: bool
) -> None:
    tables = lineups(bots, players)
    if len(tables) > 1:
        return  # the round-robin shares games among line-ups: checked above
    lineup = tables[0]
    exhaustive = arrangement_count(lineup) <= EXHAUSTIVE_LIMIT
    per_cycle = arrangement_count(lineup) if exhaustive else len(rotations(lineup))
    if not exhaustive and len(rotations(lineup)) != players:
        return  # a periodic line-up's random groups are shorter; the count check covers it
    schedule = make_schedule(bots, players, per_cycle * cycles, seed=7, mirror=mirror)
    assert schedule.balanced
    counts = seat_counts(schedule.slots, players)
    for bot, seats in counts.items():
        assert len(set(seats)) == 1, (bot, seats)


def test_each_seating_is_played_under_each_setting_of_the_sides() -> None:
    sides = [{"f": "x"}, {"f": "y"}]
    schedule = make_schedule(["a", "b"], 2, 8, seed=3, sides=sides)
    # Two seatings times two settings a group: every bot at every seat with every side.
    played = Counter((slot.bots, dict(slot.options)["f"]) for slot in schedule.slots)
    assert played == {(("a", "b"), "x"): 2, (("a", "b"), "y"): 2,
                      (("b", "a"), "x"): 2, (("b", "a"), "y"): 2}
    assert schedule.balanced
    assert schedule.to_json()["sides"] == sides
    assert not make_schedule(["a", "b"], 2, 6, seed=3, sides=sides).balanced
    assert make_schedule(["a", "b"], 2, 4, seed=3).to_json()["sides"] is None


def test_mirror_with_one_bot_plays_each_deal_with_the_sides_swapped() -> None:
    schedule = make_schedule(["a"], 2, 6, seed=20, mirror=True, sides=[{"f": "x"}, {"f": "y"}])
    assert [(slot.seed, dict(slot.options)["f"]) for slot in schedule.slots] == [
        (20, "x"), (20, "y"), (21, "x"), (21, "y"), (22, "x"), (22, "y")
    ]


@given(st.integers(1, 3), st.integers(2, 4), st.integers(1, 3), st.booleans())
def test_whole_groups_with_sides_are_balanced(
    bots: int, players: int, cycles: int, mirror: bool
) -> None:
    names = ["a", "b", "c"][: min(bots, players)]
    settings = [{"f": "x"}, {"f": "y"}, {"f": "z"}][: players - 1 or 1]
    one = make_schedule(names, players, 1, seed=0, sides=settings)
    group = sum(len(g) for g in exhaustive_groups(lineups(names, players)[0])) * len(settings)
    schedule = make_schedule(names, players, group * cycles, seed=5, mirror=mirror,
                             sides=settings)
    assert schedule.balanced and one.slots[0].options == (("f", "x"),)
    for start in range(0, len(schedule.slots), group):
        block = schedule.slots[start:start + group]
        # A whole cycle meets every seating under every setting once.
        assert len({(s.bots, s.options) for s in block}) == group
    if mirror:
        # A rotation group (one seating's rotations, under each setting) shares a seed.
        for seed in {s.seed for s in schedule.slots}:
            settings_of = Counter(s.options for s in schedule.slots if s.seed == seed)
            assert len(set(settings_of.values())) == 1 and len(settings_of) == len(settings)
