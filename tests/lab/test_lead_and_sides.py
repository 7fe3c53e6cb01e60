"""The first player's advantage, each side's share, balance's bootstrap interval and
what mirroring removed, worked out by hand on made-up records."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lab.kit import record
from plunder.lab import measures as m


def two(winners: tuple[int, ...], lead: int, **more: Any) -> Any:
    return record(winners, bots=("a", "b"), leads=((lead,),), **more)


# Four 2-seat games: the first mover won three (games 1, 2 and 4), seat 0 two (1, 3).
FOUR = [two((0,), 0), two((1,), 1), two((0,), 1), two((1,), 1)]


def test_the_first_player_is_who_moved_first_not_seat_0() -> None:
    found = m.first_player(FOUR, 2)
    assert (found["wins"], found["trials"], found["share"]) == (3, 4, 0.75)
    # Per game, the first mover's win less the mean side's half: +.5, +.5, -.5, +.5;
    # mean .25, sample sd .5 (squares .0625 * 3 + .5625 = .75, over 3), se .5 / 2,
    # interval .25 -+ 1.96 * .25.
    advantage = found["advantage"]
    assert advantage["value"] == 0.25
    assert advantage["ci95"] == pytest.approx([0.25 - m.Z95 * 0.25, 0.25 + m.Z95 * 0.25])
    assert found["last_round"] is None  # no game had a second lead
    report = m.measures(FOUR, 2)
    assert report["first_seat_advantage"] == 0  # seat 0 won half
    assert report["first_player"]["advantage"]["value"] == 0.25


def test_a_team_that_moves_first_wins_as_one() -> None:
    # Four seats in two teams, 0 and 2 against 1 and 3; the team of 0 and 2 leads.
    games = [
        record((0, 2), bots=("a",) * 4, leads=((0, 2),)),
        record((1, 3), bots=("a",) * 4, leads=((0, 2),)),
        record((0, 2), bots=("a",) * 4, leads=((0, 2),)),
        record((), bots=("a",) * 4, leads=((0, 2),)),
    ]
    found = m.first_player(games, 2)
    assert (found["wins"], found["share"]) == (2, 0.5)
    # Advantage per game: 1 - .5, 0 - .5, 1 - .5, and 0 - 0 for the game no one won.
    assert found["advantage"]["value"] == pytest.approx(0.5 / 4)


def test_the_last_rounds_leader_where_the_lead_passes() -> None:
    games = [
        record((0,), bots=("a", "b"), leads=((0,), (1,), (0,))),  # three rounds
        record((0,), bots=("a", "b"), leads=((1,), (0,))),
        record((1,), bots=("a", "b"), leads=((1,), (0,))),
        record((1,), bots=("a", "b"), leads=((0,), (1,))),
    ]
    found = m.first_player(games, 2)
    assert found["wins"] == 2  # games 1 and 3
    last = found["last_round"]
    assert last is not None and last["wins"] == 3  # games 1, 2 and 4


def test_each_side_by_hand() -> None:
    games = [
        record((0,), bots=("a", "b"), sides=("x", "y")),
        record((0,), bots=("a", "b"), sides=("y", "x")),
        record((1,), bots=("a", "b"), sides=("y", "x")),
        record((), bots=("a", "b"), sides=("x", "y")),
    ]
    found = m.side_shares(games)
    # x won games 1 and 3; y won game 2; no one won game 4.
    assert (found["x"]["wins"], found["x"]["trials"]) == (2, 4)
    assert (found["y"]["wins"], found["y"]["trials"]) == (1, 4)
    # x per game: 1 - .5, 0 - .5, 1 - .5, 0 - 0.
    assert found["x"]["advantage"]["value"] == pytest.approx(0.125)
    assert found["y"]["advantage"]["value"] == pytest.approx(-0.125)
    assert m.side_shares([record((0,))]) == {}


def test_a_side_of_several_seats_wins_once() -> None:
    # Three seats: two of camp "s" against one of camp "m"; s wins the first game whole
    # (each of its seats half of it), m the second.
    games = [record((0, 1), sides=("s", "s", "m")), record((1,), sides=("s", "m", "s"))]
    found = m.side_shares(games)
    assert (found["s"]["wins"], found["m"]["wins"]) == (1, 1)


def test_a_heros_share_is_split_by_side() -> None:
    stats = {"rounds": 1, "unit": "rounds", "cut_off": False, "plays": {}, "amounts": {},
             "picks": {"hero": [["h"], ["h"]]}}
    games = [record((0,), bots=("a", "b"), sides=("x", "y"), stats=stats),
             record((0,), bots=("a", "b"), sides=("y", "x"), stats=stats)]
    found = m.content(games)
    assert found is not None
    assert found["picks"]["hero"]["h"]["share"] == 0.5
    by_side = found["picks_by_side"]["hero"]
    assert (by_side["x"]["h"]["wins"], by_side["x"]["h"]["trials"]) == (1, 2)
    assert (by_side["y"]["h"]["wins"], by_side["y"]["h"]["trials"]) == (1, 2)


def test_mirroring_removes_a_sides_variance_and_can_add_a_seats() -> None:
    # Two deals, each played twice with the sides swapped (one seed a group); the seat,
    # not the side, decides a deal: seat 0 wins both games of the first deal, seat 1
    # both of the second.
    games = []
    for group, seat in enumerate((0, 1)):
        for sides in (("r", "b"), ("b", "r")):
            games.append(record((seat,), bots=("a", "a"), sides=sides, seed=group))
    found = {e["measure"]: e for e in m.mirror_gain(games, 2, 2)["measures"]}
    # Red wins one game of each deal: no spread between the deals. Game by game red's
    # wins are 1, 0, 0, 1: squares .25 * 4 = 1, times 4/3, sqrt over 4 games = .2887.
    assert found["side r"]["se_paired"] == 0
    assert found["side r"]["se_games"] == pytest.approx((4 / 3) ** 0.5 / 4)
    assert found["side r"]["variance_removed"] == 1
    # Seat 0 wins 2 then 0 of 2: (2 - 1)^2 + (0 - 1)^2 = 2, times 2/1, sqrt over 4 = .5;
    # paired, its variance is three times as large: -200% removed.
    assert found["seat 0"]["se_paired"] == pytest.approx(0.5)
    assert found["seat 0"]["variance_removed"] == pytest.approx(1 - 0.25 / (1 / 12))
    # One bot fills every seat: its share never varies.
    assert found["bot a"]["variance_removed"] is None


def test_balance_has_a_bootstrap_interval() -> None:
    # Deals that each split evenly between the seats: every resample is in balance.
    games = [record((seat,), bots=("a", "b"), seed=group)
             for group in range(10) for seat in (0, 1)]
    assert m.balance_interval(games, 2, paired=True) == (1.0, 1.0)
    # Counted game by game, resamples drift from one half each way.
    low, high = m.balance_interval(games, 2)
    assert 0 < low < high == 1.0
    # The same games give the same interval.
    assert m.balance_interval(games, 2) == (low, high)
    # Seat 0 won 70 of 100: balance 1 - (.7 - .3) = .6; seat 0's share has a standard
    # error of sqrt(.7 * .3 / 100) = .046, and the gap twice that: about .6 -+ .18.
    lopsided = [record((0 if i < 70 else 1,), bots=("a", "b")) for i in range(100)]
    low, high = m.balance_interval(lopsided, 2)
    assert low == pytest.approx(0.6 - 0.18, abs=0.05)
    assert high == pytest.approx(0.6 + 0.18, abs=0.05)


games_strategy = st.lists(
    st.tuples(st.sampled_from([(0,), (1,), (0, 1), ()]), st.integers(0, 1), st.booleans()),
    min_size=2, max_size=40,
)


@given(games_strategy)
def test_the_sides_and_the_first_player_add_up(games: list[Any]) -> None:
    records = [
        record(winners, bots=("a", "b"), leads=((lead,),),
               sides=("x", "y") if swap else ("y", "x"))
        for winners, lead, swap in games
    ]
    found = m.measures(records, 2)
    sides = found["sides"]
    # Every game has both sides: their wins and the games no one won make every game.
    total = sides["x"]["share"] + sides["y"]["share"] + found["without_winner_share"]
    assert total == pytest.approx(1)
    assert sides["x"]["advantage"]["value"] == pytest.approx(-sides["y"]["advantage"]["value"])
    for share in (*sides.values(), found["first_player"]):
        low, high = share["advantage"]["ci95"]
        assert low <= share["advantage"]["value"] <= high
        assert 0 <= share["ci95"][0] <= share["share"] <= share["ci95"][1] <= 1
    low, high = found["balance_ci95"]
    assert 0 <= low <= high <= 1


@given(games_strategy)
def test_a_game_that_declares_nothing_moves_seat_0_first(games: list[Any]) -> None:
    records = [record(winners, bots=("a", "b")) for winners, _, _ in games]
    found = m.measures(records, 2)
    first = found["first_player"]
    assert first["share"] == found["seats"][0]["share"]
    assert first["advantage"]["value"] == pytest.approx(found["first_seat_advantage"])
    assert first["advantage"]["ci95"] == pytest.approx(found["first_seat_advantage_ci95"])
    assert found["sides"] == {}
