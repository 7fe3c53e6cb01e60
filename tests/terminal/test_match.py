"""`plunder match` and ``plunder.match.run_match``: bots against bots, with statistics."""

from __future__ import annotations

import json

import pytest

import plunder.bots
from plunder.match import run_match, seat_entries, wilson_interval

# The greedy bot takes part when the game has one; the statistics do not depend on it.
FIRST = "greedy" if "greedy" in plunder.bots.names("duel") else "random"


def test_match_json_has_the_fields(plunder_cli):
    result = plunder_cli(
        ["match", "duel", "--bots", f"{FIRST},random", "--games", "20", "--seed", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["game"] == "duel"
    assert report["games"] == 20
    assert report["seed"] == 1
    assert len(report["bots"]) == 2
    for bot in report["bots"]:
        assert set(bot) >= {
            "label",
            "bot",
            "games",
            "wins",
            "win_share",
            "ci95",
            "mean_length",
            "mean_decision_ms",
        }
        low, high = bot["ci95"]
        assert 0 <= low <= bot["win_share"] <= high <= 1
        assert bot["games"] == 20
        assert bot["mean_length"] > 0
    assert sum(bot["wins"] for bot in report["bots"]) + report["draws"] == pytest.approx(20)


def test_match_table_output(plunder_cli):
    result = plunder_cli(
        [
            "match",
            "duel",
            "--bots",
            "random,random",
            "--games",
            "4",
            "--seed",
            "2",
            "--players",
            "3",
            "--option",
            "target=2",
        ]
    )
    assert result.exit_code == 0, result.output
    assert "random#1" in result.stdout and "random#2" in result.stdout
    assert "95% CI" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "random,oracle"], "no bot 'oracle'"),
        (["--bots", "random", "--option", "target=0"], "option 'target' is 0"),
        (["--bots", ","], "--bots names no bot"),
    ],
)
def test_match_user_errors_exit_2(plunder_cli, args, message):
    result = plunder_cli(["match", "duel", "--games", "2", *args])
    assert result.exit_code == 2
    assert message in result.stderr


def test_seats_rotate_and_the_bot_list_is_cycled():
    assert seat_entries(2, 3, 0) == (0, 1, 0)
    assert seat_entries(2, 3, 1) == (1, 0, 1)
    assert seat_entries(3, 2, 2) == (2, 0)


def test_run_match_is_reproducible_and_counts_every_game():
    first = run_match(
        "duel", ["random", "random"], games=6, players=3, seed=4, options={"target": 2}
    )
    second = run_match(
        "duel", ["random", "random"], games=6, players=3, seed=4, options={"target": 2}
    )
    assert first.to_json()["bots"][0]["wins"] == second.to_json()["bots"][0]["wins"]
    assert [o.winners for o in first.outcomes] == [o.winners for o in second.outcomes]
    assert [o.seed for o in first.outcomes] == [4, 5, 6, 7, 8, 9]
    assert sum(bot.wins for bot in first.bots) + first.draws == pytest.approx(6)
    # Three seats, two entries: each entry fills two seats in every other game.
    assert sorted(bot.seats for bot in first.bots) == [9, 9]


def test_more_bots_than_seats_sit_out_in_turn():
    report = run_match(
        "duel", ["random", "random", "random"], games=3, players=2, seed=1, options={"target": 1}
    )
    assert [bot.games for bot in report.bots] == [2, 2, 2]


def test_wilson_interval():
    low, high = wilson_interval(0, 20)
    assert low == 0 and 0 < high < 0.2
    low, high = wilson_interval(10.5, 21)
    assert low < 0.5 < high
    assert wilson_interval(0, 0) == (0.0, 1.0)
