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


def test_every_entry_plays_every_game_of_a_two_seat_match():
    # Formerly the module's doctest: the module names no game, so the example lives here.
    report = run_match("duel", ["random", "random"], games=4, seed=1)
    assert [bot.games for bot in report.bots] == [4, 4]
    assert round(sum(bot.wins for bot in report.bots) + report.draws, 6) == 4.0


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


# ---------------------------------------------------------------- parallel games
def _without_timings(report: dict) -> dict:
    """A match report minus the figures that measure the clock, not the play."""
    return {
        **report,
        "bots": [
            {k: v for k, v in bot.items() if k != "mean_decision_ms"} for bot in report["bots"]
        ],
    }


def _outcomes(report) -> list[tuple]:
    return [(o.seed, o.bots, o.winners, o.length, o.decisions, o.reason) for o in report.outcomes]


def test_two_workers_play_the_same_games_as_one():
    # Three seats and two entries, so rotation and cycling both matter; 30 games
    # make several batches per worker, finishing out of order. A one-sample greedy
    # bot draws from the bots' generator for its sampled worlds, and is quick.
    bots = ["greedy:samples=1" if FIRST == "greedy" else "random", "random"]
    kwargs = {"games": 30, "players": 3, "seed": 11, "options": {"target": 1}}
    alone = run_match("duel", bots, jobs=1, **kwargs)
    shared = run_match("duel", bots, jobs=2, **kwargs)
    assert _outcomes(shared) == _outcomes(alone)
    assert _without_timings(shared.to_json()) == _without_timings(alone.to_json())


def test_progress_hears_of_every_game_from_the_workers():
    seen = []
    run_match(
        "duel",
        ["random", "random"],
        games=12,
        seed=3,
        options={"target": 1},
        jobs=2,
        on_game=lambda index, outcome: seen.append((index, outcome.seed)),
    )
    assert sorted(seen) == [(i, 3 + i) for i in range(12)]


@pytest.mark.parametrize("jobs", [1, 2])
def test_progress_within_a_game_is_told_while_it_is_played(jobs: int):
    # Every decision is told (progress_every=0): each game's counts rise to its length,
    # and none is told once its game is over.
    told: dict[int, list[int]] = {}
    over: set[int] = set()

    def moving(index: int, decisions: int) -> None:
        assert index not in over or jobs > 1  # a worker's last word may come late
        told.setdefault(index, []).append(decisions)

    report = run_match(
        "duel", ["random", "random"], games=4, seed=3, options={"target": 2}, jobs=jobs,
        on_game=lambda index, outcome: over.add(index), on_progress=moving, progress_every=0,
    )
    assert sorted(told) == [0, 1, 2, 3]
    for index, counts in told.items():
        assert counts == sorted(counts) and counts[0] >= 1
        assert counts[-1] == report.outcomes[index].length


def test_match_jobs_2_prints_the_same_json_as_jobs_1(plunder_cli):
    args = ["match", "duel", "--bots", "random,random", "--games", "16", "--seed", "5", "--json"]
    alone = plunder_cli([*args, "--jobs", "1"])
    shared = plunder_cli([*args, "--jobs", "2"])
    assert alone.exit_code == 0 and shared.exit_code == 0, alone.output + shared.output
    assert _without_timings(json.loads(shared.stdout)) == _without_timings(json.loads(alone.stdout))


def test_match_json_is_the_whole_of_stdout(plunder_cli):
    # The progress bar writes to stderr (and only on a terminal): stdout stays JSON.
    result = plunder_cli(
        ["match", "duel", "--bots", "random,random", "-n", "4", "--seed", "1", "-j", "2", "--json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert set(report) == {
        "game",
        "options",
        "players",
        "games",
        "seed",
        "draws",
        "mean_length",
        "bots",
    }
    assert report["options"] == {
        "players": 2,
        "target": 5,
        "deflection": "seed",
        "shootout_limit": 30,
        "duel_limit": 100,
    }
    assert len(report["bots"]) == 2
    assert all(isinstance(bot["ci95"], list) and len(bot["ci95"]) == 2 for bot in report["bots"])


def test_jobs_0_means_one_worker_per_core():
    from plunder.match import default_jobs

    assert default_jobs(0) >= 1
    assert default_jobs(3) == 3
    with pytest.raises(ValueError, match="jobs"):
        default_jobs(-1)


# ---------------------------------------------------------------- bot specs
def test_bot_specs_with_levels_and_settings_take_part(plunder_cli):
    result = plunder_cli(
        [
            "match",
            "duel",
            "--bots",
            "greedy:easy,random:hard,greedy:samples=2",
            "--games",
            "3",
            "--seed",
            "2",
            "--option",
            "target=1",
            "--json",
        ]
    )
    assert result.exit_code == 0, result.output
    labels = [bot["label"] for bot in json.loads(result.stdout)["bots"]]
    assert labels == ["greedy:easy", "random:hard", "greedy:samples=2"]


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("random,greedy:brutal", "no level 'brutal'; levels are: easy, normal, hard"),
        ("random,greedy:samples=many", "'many' is not a number"),
        ("random,greedy:depth=3", "bot 'greedy' does not take ['depth']"),
        ("random,:hard", "names no bot"),
    ],
)
def test_a_bad_bot_spec_is_a_one_line_error(plunder_cli, bots, message):
    result = plunder_cli(["match", "duel", "--bots", bots, "--games", "2"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert message in " ".join(result.stderr.split())
    assert "Traceback" not in result.output


def test_a_bot_that_cannot_play_the_table_is_refused_before_play(plunder_cli):
    result = plunder_cli(["match", "duel", "--bots", "solver,random", "-p", "3", "-n", "2"])
    assert result.exit_code == 2
    assert "2-player Duel only" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("flag", ["--bot", "--seat-bots"])
def test_play_takes_bot_specs(plunder_cli, tmp_path, flag):
    save = tmp_path / "specs.json"
    result = plunder_cli(
        [
            "play",
            "duel",
            "--humans",
            "0",
            "--seed",
            "4",
            flag,
            "greedy:easy",
            "--option",
            "target=1",
            "--save",
            str(save),
        ]
    )
    assert result.exit_code == 0, result.output
    assert "greedy" in result.stdout
    assert plunder.replay(save.read_text()).is_over


def test_play_refuses_a_bad_spec_in_one_line(plunder_cli, tmp_path):
    result = plunder_cli(
        ["play", "duel", "--humans", "0", "--bot", "greedy:brutal", "--save", str(tmp_path / "x")]
    )
    assert result.exit_code == 2
    assert "no level 'brutal'" in result.stderr


def test_help_texts_name_bot_levels(plunder_cli):
    for command in ("play", "match"):
        result = plunder_cli([command, "--help"])
        text = " ".join(result.stdout.split())
        assert "greedy:hard" in text or "greedy:easy" in text, command
        assert "ismcts:" in text, command
