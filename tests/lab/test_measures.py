"""The lab's measures on small fixed sets of results, worked out by hand (and against SciPy)."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import binomtest

from lab.kit import record
from plunder.lab import measures as m

# Ten 3-seat games: seat 0 wins 5, seat 1 wins 2, seat 2 wins 1, one game is shared
# by seats 1 and 2, one has no winner.
TEN = [
    *(record((0,)) for _ in range(5)),
    record((1,)),
    record((1,)),
    record((2,)),
    record((1, 2)),
    record(()),
]


def test_seat_shares_count_a_shared_win_as_a_half() -> None:
    shares = m.seat_shares(TEN, 3)
    assert [s.wins for s in shares] == [5, 2.5, 1.5]
    assert [s.trials for s in shares] == [10, 10, 10]
    assert [s.share for s in shares] == [0.5, 0.25, 0.15]


@pytest.mark.parametrize(("wins", "trials"), [(0, 10), (5, 10), (7, 9), (1, 300), (412, 1000)])
def test_wilson_intervals_match_scipy(wins: int, trials: int) -> None:
    found = m.share(wins, trials)
    expected = binomtest(wins, trials).proportion_ci(confidence_level=0.95, method="wilson")
    assert found.low == pytest.approx(expected.low, abs=1e-9)
    assert found.high == pytest.approx(expected.high, abs=1e-9)


def test_seat_intervals_on_the_fixed_results_match_scipy() -> None:
    seat0 = m.seat_shares(TEN, 3)[0]
    expected = binomtest(5, 10).proportion_ci(method="wilson")
    assert (seat0.low, seat0.high) == pytest.approx((expected.low, expected.high))


def test_balance_and_first_seat_advantage_by_hand() -> None:
    shares = m.seat_shares(TEN, 3)
    # Win shares 0.50, 0.25, 0.15: the largest gap is 0.50 - 0.15 = 0.35.
    assert m.balance(shares) == pytest.approx(0.65)
    # The mean seat's share is (0.50 + 0.25 + 0.15) / 3 = 0.30; seat 0 has 0.20 more.
    assert m.first_seat_advantage(shares) == pytest.approx(0.20)
    assert m.no_winner_share(TEN) == pytest.approx(0.1)


def test_bot_shares_count_each_seat_a_bot_fills() -> None:
    games = [record((0,), bots=("g", "r", "g")), record((1,), bots=("r", "g", "r"))]
    shares = m.bot_shares(games)
    # g filled 3 seats and won 2 of them; r filled 3 seats and won none.
    assert (shares["g"].wins, shares["g"].trials) == (2, 3)
    assert (shares["r"].wins, shares["r"].trials) == (0, 3)


def test_perfectly_even_seats_have_balance_one() -> None:
    games = [record((seat,)) for seat in (0, 1, 2, 0, 1, 2)]
    shares = m.seat_shares(games, 3)
    assert m.balance(shares) == 1
    assert m.first_seat_advantage(shares) == pytest.approx(0)


def test_distribution_by_hand() -> None:
    found = m.distribution([3, 5, 7, 9])
    assert found["mean"] == 6
    assert found["sd"] == pytest.approx(math.sqrt(20 / 3))  # sample sd: ((9+1+1+9)/3) ** 0.5
    assert (found["min"], found["max"]) == (3, 9)
    assert found["histogram"]["counts"] == [1, 0, 1, 0, 1, 0, 1]
    assert sum(found["histogram"]["counts"]) == 4


def test_wide_ranges_are_cut_into_at_most_twenty_bars() -> None:
    found = m.distribution(list(range(1000)))
    counts, edges = found["histogram"]["counts"], found["histogram"]["edges"]
    assert len(counts) <= m.HISTOGRAM_BARS
    assert len(edges) == len(counts) + 1
    assert sum(counts) == 1000


def test_cut_off_share_reads_the_games_own_word() -> None:
    told = [record((0,), stats=_stats(cut_off=cut)) for cut in (True, False, False, False)]
    assert m.cut_off_share(told) == 0.25
    assert m.cut_off_share([record((0,))]) is None


def test_games_cut_off_are_counted_apart_from_games_without_a_winner() -> None:
    games = [
        record((0,), stats=_stats()),  # won
        record((), stats=_stats()),  # the rules ended it without a winner: a draw
        record((), stats=_stats(cut_off=True)),  # the round limit, nobody won
        record((1,), stats=_stats(cut_off=True)),  # the limit, a winner on points
        record((2,), stats=_stats()),
    ]
    assert m.no_winner_share(games) == pytest.approx(1 / 5)
    assert m.cut_off_share(games) == pytest.approx(2 / 5)
    assert m.without_winner_share(games) == pytest.approx(2 / 5)
    found = m.measures(games, 3)
    assert found["outcomes"]["no_winner"]["wins"] == 1
    assert found["outcomes"]["cut_off"]["wins"] == 2
    assert found["outcomes"]["cut_off"]["trials"] == 5
    # The seats' wins and the games without a winner make up every game.
    assert sum(s["wins"] for s in found["seats"]) == 5 * (1 - found["without_winner_share"])
    # A game that declares no statistics cuts nothing off.
    assert m.no_winner_share([record(())]) == 1 and m.measures([record(())], 3)["outcomes"][
        "cut_off"] is None


def _stats(**given: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"rounds": 4, "unit": "rounds", "cut_off": False,
                            "picks": {}, "plays": {}, "amounts": {}}
    return {**base, **given}


def test_content_statistics_by_hand() -> None:
    games = [
        record((0,), bots=("a", "b"), stats=_stats(
            picks={"pirate": [["kidd"], ["read"]]},
            plays={"card": [{"shoot": 3}, {"shoot": 1, "dodge": 2}]},
            amounts={"vp": [{"kills": 4}, {"kills": 2, "gold": 1}]},
        )),
        record((1,), bots=("a", "b"), stats=_stats(
            picks={"pirate": [["kidd"], ["bonny"]]},
            plays={"card": [{"dodge": 1}, {"shoot": 2}]},
            amounts={"vp": [{"kills": 1}, {"kills": 5}]},
        )),
    ]
    found = m.content(games)
    assert found is not None
    pirates = found["picks"]["pirate"]
    assert (pirates["kidd"]["wins"], pirates["kidd"]["trials"]) == (1, 2)
    assert (pirates["read"]["wins"], pirates["bonny"]["wins"]) == (0, 1)
    shoot = found["plays"]["card"]["shoot"]
    # 6 shots, 3 by game 1's winner and 2 by game 2's.
    assert shoot == {"plays": 6, "per_game": 3.0, "winners_share": 5 / 6}
    assert found["plays"]["card"]["dodge"]["winners_share"] == 0
    kills = found["amounts"]["vp"]["kills"]
    assert kills == {"mean": 3.0, "winners": 4.5, "others": 1.5}
    # A part a seat did not score counts 0 for it.
    assert found["amounts"]["vp"]["gold"] == {"mean": 0.25, "winners": 0.0, "others": 0.5}


def test_lead_changes_and_decisiveness_by_hand() -> None:
    trace = [(10, (0.6, 0.4)), (20, (0.3, 0.7)), (30, (0.5, 0.5)), (40, (0.8, 0.2))]
    # Leaders: 0, 1 (a change), none (a tie), 0 (a change). The loser's best was 0.7,
    # which the winner first beat at 40 decisions of 50.
    assert m.lead_summary(trace, [0], 50) == (2, 0.8)
    # Seat 1 won in the end without ever leading by more than seat 0 once had.
    assert m.lead_summary(trace, [1], 50) == (2, 1.0)
    assert m.lead_summary(trace, [], 50) == (2, None)
    assert m.lead_summary([], [0], 50) == (None, None)


def test_teammates_leading_together_are_one_leader() -> None:
    teams = (frozenset({0, 2}), frozenset({1, 3}))
    trace = [(5, (0.6, 0.4, 0.6, 0.4)), (9, (0.4, 0.6, 0.4, 0.6))]
    assert m.lead_summary(trace, [1, 3], 10, teams)[0] == 1


def test_measures_keep_timings_apart() -> None:
    games = [replace(r, seat_seconds=(0.01, 0.0, 0.0)) for r in TEN]
    found = m.measures(games, 3)
    assert found["timing"]["ms_per_decision"]["a"] == pytest.approx(1.0)
    assert "ms_per_decision" not in {k for k in found if k != "timing"}
    assert found["branching"]["mean_legal_actions"] == 2
    assert found["drama"] is None and found["content"] is None


winners_strategy = st.lists(
    st.sets(st.integers(0, 3), max_size=4).map(lambda s: tuple(sorted(s))), min_size=1,
    max_size=40,
)


@given(winners_strategy)
def test_shares_balance_and_intervals_stay_in_range(all_winners: list[tuple[int, ...]]) -> None:
    games = [record(w, bots=("a", "b", "c", "d")) for w in all_winners]
    shares = m.seat_shares(games, 4)
    assert 0 <= m.balance(shares) <= 1
    for found in shares:
        assert 0 <= found.low <= found.share <= found.high <= 1
    # The seats' shares and the no-winner share add up to one game per game.
    assert sum(s.share for s in shares) + m.no_winner_share(games) == pytest.approx(1)


def _mirrored(seat_zero_wins: list[tuple[bool, bool]]) -> list[Any]:
    """Two-player mirrored games, a rotation group of two per seed: bots a and b swap
    seats between the group's games; each pair says whether seat 0 won each game."""
    games = []
    for group, outcomes in enumerate(seat_zero_wins):
        for turn, seat_zero in enumerate(outcomes):
            bots = ("a", "b") if turn == 0 else ("b", "a")
            games.append(record((0,) if seat_zero else (1,), bots=bots, seed=100 + group,
                                index=2 * group + turn))
    return games


def test_mirrored_games_at_exactly_one_half_have_no_spread() -> None:
    # Eight mirrored games: seat 0 wins every deal both ways, so each bot wins one
    # game of each pair: 50.0% with nothing left to chance.
    games = _mirrored([(True, True)] * 4)
    paired = m.bot_shares(games, paired=True)["a"]
    assert (paired.share, paired.low, paired.high) == (0.5, 0.5, 0.5)
    # Counted as eight independent games, Wilson's interval is about ±28 points:
    # (0.5 -+ 1.96 * sqrt(0.25 / 8 + 1.96**2 / 256)) / (1 + 1.96**2 / 8) = 0.215, 0.785.
    single = m.bot_shares(games)["a"]
    assert (single.share, round(single.low, 3), round(single.high, 3)) == (0.5, 0.215, 0.785)
    report = m.measures(games, 2, paired=True)
    assert report["intervals"] == "paired"
    assert report["bots"]["a"]["ci95"] == [0.5, 0.5]


def test_a_paired_interval_by_hand() -> None:
    # Bot a's wins per pair: 2, 1, 1, 0 of 2 (it sits at seat 0 in the first game).
    games = _mirrored([(True, False), (True, True), (False, False), (False, True)])
    found = m.bot_shares(games, paired=True)["a"]
    # Share 4/8; squared deviations (2-1)^2 + 0 + 0 + (0-1)^2 = 2, times 4/3 for the
    # groups; 1.96 * sqrt(8/3) / 8 = 0.4001.
    assert found.share == 0.5
    assert (found.low, found.high) == pytest.approx((0.0999, 0.9001), abs=1e-4)
    # The seats are paired too: seat 0 won 1, 2, 0, 1 of each pair.
    seat0 = m.seat_shares(games, 2, paired=True)[0]
    assert seat0.share == 0.5 and (seat0.low, seat0.high) == pytest.approx((0.0999, 0.9001),
                                                                             abs=1e-4)


@given(st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=30))
def test_pairing_changes_the_interval_never_the_share(pairs: list[tuple[bool, bool]]) -> None:
    games = _mirrored(pairs)
    for bot in ("a", "b"):
        paired, single = m.bot_shares(games, paired=True)[bot], m.bot_shares(games)[bot]
        assert (paired.wins, paired.trials, paired.share) == (single.wins, single.trials,
                                                             single.share)
        assert 0 <= paired.low <= paired.share <= paired.high <= 1
