"""Answers a table of bots gives at once arrive in an order the game draws from its seed:
under Pirate Rumble's ``race="arrival"`` no seat wins every contested grab by where it sits."""

from __future__ import annotations

import plunder
from plunder.lab.play import play_game
from plunder.lab.schedule import Slot

BOTS = ("random",) * 4


def contested_grabs(games: int) -> list[tuple[int, list[int]]]:
    """(winner, contenders) of every grab that more than one searcher reached for, over
    ``games`` games the lab plays under ``race="arrival"``."""
    found = []
    for index in range(games):
        slot = Slot(index, 5000 + index, 0, BOTS, keep=True)
        record = play_game("rumble", {"players": 4, "race": "arrival"}, slot).record
        assert record is not None
        for event in plunder.replay(record).log:
            grab = event.data
            if grab.get("type") == "grab" and grab["losers"]:
                found.append((grab["seat"], sorted([grab["seat"], *grab["losers"]])))
    return found


def test_the_lowest_contender_wins_its_fair_share_of_arrival_races() -> None:
    grabs = contested_grabs(600)
    assert len(grabs) > 200  # random bots at four seats contest a grab about every other game
    lowest = sum(winner == contenders[0] for winner, contenders in grabs) / len(grabs)
    # With arrival drawn fairly, the lowest of k contenders wins 1/k of the time.
    fair = sum(1 / len(contenders) for _, contenders in grabs) / len(grabs)
    # About 0.02 is one standard deviation at this count: 0.1 is five.
    assert abs(lowest - fair) < 0.1, (lowest, fair, len(grabs))
    # And every seat wins some race it contests.
    assert {winner for winner, _ in grabs} == {0, 1, 2, 3}


def test_arrivals_yield_each_seat_owing_the_step_once_in_the_game_s_order() -> None:
    orders = set()
    for seed in range(40):
        state = plunder.load("rumble", players=4).new(seed=seed)
        assert state.pending == frozenset({0, 1, 2, 3})  # everyone plays a card at once
        order = list(state.arrivals())
        assert sorted(order) == [0, 1, 2, 3]
        assert list(state.arrivals()) == order  # the same game and step: the same order
        orders.add(tuple(order))
        # Drawing the order leaves the game's chance as it was.
        fresh = plunder.load("rumble", players=4).new(seed=seed)
        assert state.rng.getstate() == fresh.rng.getstate()
    assert len(orders) > 10  # not one fixed order


def test_a_seat_that_has_answered_is_not_yielded_again() -> None:
    state = plunder.load("rumble", players=4).new(seed=3)
    first = next(state.arrivals())
    state.act(first, state.legal(first)[0])
    rest = list(state.arrivals())
    assert first not in rest and len(rest) == 3
