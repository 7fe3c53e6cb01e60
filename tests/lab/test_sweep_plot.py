"""The sweep's curves carry the 95% interval of every measure, balance's and the
advantages' included."""

from __future__ import annotations

from typing import Any

import pytest
from matplotlib.collections import LineCollection
from matplotlib.container import ErrorbarContainer

from lab.kit import record
from plunder.lab import plots
from plunder.lab.measures import measures


def _stats(cut_off: bool, rounds: int) -> dict[str, Any]:
    return {"rounds": rounds, "unit": "rounds", "cut_off": cut_off,
            "picks": {}, "plays": {}, "amounts": {}}


def _study(no_winner: int, cut: int, games: int = 20) -> dict[str, Any]:
    done = (
        [record((), stats=_stats(False, 3), decisions=8)] * no_winner
        + [record((), stats=_stats(True, 9), decisions=30)] * cut
        + [record((0,), stats=_stats(False, 5), decisions=12 + i % 5)
           for i in range(games - no_winner - cut)]
    )
    return {"measures": measures(done, 3)}


def _bars(axes: Any) -> list[tuple[float, float, float]]:
    """(x, low, high) of every error bar drawn on ``axes``."""
    found = []
    for container in axes.containers:
        if isinstance(container, ErrorbarContainer):
            _, _, lines = container.lines
            for collection in lines:
                assert isinstance(collection, LineCollection)
                for segment in collection.get_segments():
                    (x, low), (_, high) = segment
                    found.append((float(x), float(min(low, high)), float(max(low, high))))
    return sorted(found)


def test_the_sweep_plot_draws_each_interval_of_the_report() -> None:
    studies = [_study(2, 4), _study(5, 1)]
    figure = plots.sweep("turn_limit", [5, 50], studies)
    panels = {axes.get_title(): axes for axes in figure.axes if axes.get_visible()}
    checks = {
        "no-winner share (not cut off)": lambda m: m["outcomes"]["no_winner"]["ci95"],
        "cut-off share": lambda m: m["outcomes"]["cut_off"]["ci95"],
        "mean length (decisions)": lambda m: m["length"]["decisions"]["mean_ci95"],
        "mean length (rounds)": lambda m: m["length"]["rounds"]["mean_ci95"],
        "balance": lambda m: m["balance_ci95"],
        "first player's advantage": lambda m: m["first_player"]["advantage"]["ci95"],
        "first-seat advantage": lambda m: m["first_seat_advantage_ci95"],
    }
    for title, interval in checks.items():
        drawn = _bars(panels[title])
        expected = [(x, *interval(s["measures"])) for x, s in enumerate(studies)]
        assert [x for x, _, _ in drawn] == [x for x, _, _ in expected], title
        flat = [bound for _, low, high in drawn for bound in (low, high)]
        assert flat == pytest.approx([b for _, low, high in expected for b in (low, high)]), title
    # The no-winner share at 2 of 20 games, its Wilson interval by hand:
    # (0.1 + 1.92/20 -+ 1.96 * sqrt(0.1 * 0.9 / 20 + 1.96**2 / 1600)) / (1 + 3.8416/20).
    assert _bars(panels["no-winner share (not cut off)"])[0][1:] == pytest.approx(
        (0.0279, 0.3010), abs=1e-4)
    # Every bot's share, as before; every panel now has its interval.
    assert len(_bars(panels["win share by bot"])) == 3 * 2  # bots a, b, c at two values
    assert not any(title.endswith("(no interval)") for title in panels)


def test_a_mean_s_interval_by_hand() -> None:
    # Lengths 8, 8, 14, 14: mean 11, sample sd sqrt(12) = 3.464; 1.96 * 3.464 / 2 = 3.395.
    done = [record((0,), decisions=d) for d in (8, 8, 14, 14)]
    low, high = measures(done, 3)["length"]["decisions"]["mean_ci95"]
    assert (low, high) == pytest.approx((11 - 3.3948, 11 + 3.3948), abs=1e-4)
