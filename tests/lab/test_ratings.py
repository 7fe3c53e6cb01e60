"""The win-rate matrix by hand, openskill ratings that order the bots, alpha-Rank's distribution."""

from __future__ import annotations

import pytest

from lab.kit import record
from plunder.lab.ratings import alpha_rank, ratings, skill_ratings, win_matrix


def test_win_matrix_by_hand() -> None:
    games = [
        record((0,), bots=("x", "y", "z")),  # x beats y and z; y and z tie (both lost)
        record((1,), bots=("x", "y", "z")),  # y beats x and z
        record((), bots=("y", "x", "z")),  # no winner: every pair ties
        record((0,), bots=("x", "y", "x")),  # z is absent; x won at seat 0, y lost
    ]
    matrix = win_matrix(games, ["x", "y", "z"])
    # x against y: won, lost, tied, won = 2.5 of 4.
    assert matrix[0][1] == pytest.approx(2.5 / 4)
    assert matrix[1][0] == pytest.approx(1.5 / 4)
    # y against z: tie, won, tie = 2 of 3.
    assert matrix[1][2] == pytest.approx(2 / 3)
    assert matrix[0][0] is None
    for a in range(3):
        for b in range(3):
            if a != b:
                assert matrix[a][b] + matrix[b][a] == pytest.approx(1)


def test_ratings_put_the_bot_that_wins_above_the_one_that_loses() -> None:
    games = [record((i % 2,), bots=("strong", "weak") if i % 2 == 0 else ("weak", "strong"))
             for i in range(20)]
    found = skill_ratings(games, ["strong", "weak"])
    assert found["strong"]["mu"] > found["weak"]["mu"]
    assert found["strong"]["sigma"] < 25 / 3  # more certain than a new rating
    assert found["strong"]["ordinal"] == pytest.approx(
        found["strong"]["mu"] - 3 * found["strong"]["sigma"]
    )


def test_alpha_rank_gives_a_distribution_favouring_the_dominant_bot() -> None:
    pytest.importorskip("open_spiel")
    pi = alpha_rank([[None, 0.8, 0.7], [0.2, None, 0.6], [0.3, 0.4, None]])
    assert pi is not None
    assert sum(pi) == pytest.approx(1)
    assert pi[0] == max(pi)


def test_one_bot_has_no_alpha_rank() -> None:
    found = ratings([record((0,), bots=("x", "x", "x"))], ["x"])
    assert found["alpha_rank"] is None
    assert found["win_matrix"] == [[None]]
