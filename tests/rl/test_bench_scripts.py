"""The benchmarks of the learning environments, the batch engine and the bots run end to
end and write positive figures (never how fast anything is)."""

from __future__ import annotations

import json
from pathlib import Path

import scripts_kit


def figures(name: str, args: list[str], tmp_path: Path) -> dict:
    out = tmp_path / f"{name}.json"
    assert scripts_kit.load_script(name).main([*args, "--json", str(out)]) == 0
    return json.loads(out.read_text(encoding="utf-8"))


def test_bench_rl_measures_every_interface_of_a_game(tmp_path: Path) -> None:
    found = figures("bench_rl", ["--seconds", "0.05", "--rounds", "1", "--games", "duel",
                                 "--parts", "20"], tmp_path)
    (row,) = found["tables"]
    assert row["game"] == "duel"
    assert set(row["decisions_per_second"]) == {"engine", "parallel", "aec", "gymnasium",
                                                "openspiel"}
    assert all(rate > 0 for rate in row["decisions_per_second"].values())
    assert set(row["ratio"]) == {"parallel", "aec", "gymnasium", "openspiel"}
    assert set(row["parts_us"]) == {"engine_decision", "observations", "masks"}
    assert all(cost > 0 for cost in row["parts_us"].values())


def test_bench_rl_says_what_observations_cost_and_how_often_they_change(tmp_path: Path) -> None:
    found = figures("bench_rl", ["--seconds", "0.05", "--rounds", "1", "--games", "duel",
                                 "--why", "30"], tmp_path)
    (row,) = found["tables"]
    assert row["ratio"]["parallel_blind"] > 0
    # In Duel every step moves the shootout (or duel) counter every seat sees: no seat's
    # observation is ever the one before.
    assert row["unchanged"] == 0.0


def test_bench_rl_covers_every_game() -> None:
    import plunder

    bench = scripts_kit.load_script("bench_rl")
    assert {name for name, _ in bench.TABLES} == set(plunder.engine.names())


def test_bench_rl_parts_time_the_steps_of_real_plays() -> None:
    bench = scripts_kit.load_script("bench_rl")
    parts = bench.step_parts("rumbones", {"players": 2}, 30, seed=3)
    assert set(parts) == {"observations", "masks"}
    # Rum & Bones' observation of a board is never free: a step that timed nothing
    # (a loop that stopped early, a clock read twice in a row) would show 0.
    assert parts["observations"] > 0 and parts["masks"] > 0


def test_bench_batch_compares_the_batch_engine(tmp_path: Path) -> None:
    found = figures("bench_batch", ["--envs", "16", "--seconds", "0.05", "--rounds", "1"],
                    tmp_path)
    assert found["per_second"] and found["ratios"]
    assert all(rate > 0 for rate in found["per_second"].values())
    assert all(ratio > 0 for ratio in found["ratios"].values())
    assert found["ratios"]["batch_swordplay_over_scalar_swordplay"] > 0
    assert found["ratios"]["batch_underfire_over_scalar_underfire"] > 0
    assert found["ratios"]["batch_underfire_env_over_scalar_underfire"] > 0


def test_bench_batch_measures_only_the_games_asked_for(tmp_path: Path) -> None:
    found = figures("bench_batch", ["--envs", "8", "--seconds", "0.05", "--rounds", "1",
                                    "--games", "underfire"], tmp_path)
    assert set(found["ratios"]) == {"batch_underfire_over_scalar_underfire",
                                    "batch_underfire_env_over_scalar_underfire"}
    assert set(found["per_second"]) == {"batch underfire decisions",
                                        "batch underfire env decisions",
                                        "scalar underfire decisions"}


def test_bench_bots_times_the_greedy_bot(tmp_path: Path) -> None:
    found = figures("bench_bots", ["--seconds", "0.3", "--games", "duel,swordplay"], tmp_path)
    assert {row["game"] for row in found["tables"]} == {"duel", "swordplay"}
    for row in found["tables"]:
        assert row["decisions"] > 0 and row["mean_ms"] > 0 and row["engine_step_ms"] > 0


def test_bench_bots_times_several_bots_where_each_game_has_them(tmp_path: Path) -> None:
    found = figures("bench_bots", ["--seconds", "0.3", "--games", "swordplay,underfire",
                                   "--bot", "greedy,lookahead"], tmp_path)
    # Swordplay's greedy never changed, so it has no lookahead bot to time.
    assert sorted((row["game"], row["bot"]) for row in found["tables"]) == [
        ("swordplay", "greedy"), ("underfire", "greedy"), ("underfire", "lookahead")]
    # Where both ran, the first bot's row gives the other's median as a multiple of its own.
    rows = {(row["game"], row["bot"]): row for row in found["tables"]}
    (ratio,) = rows["underfire", "greedy"]["median_ratios"].values()
    medians = rows["underfire", "lookahead"]["median_ms"] / rows["underfire", "greedy"]["median_ms"]
    assert ratio == medians
    assert "median_ratios" not in rows["swordplay", "greedy"]


def test_bench_learner_times_the_learner_against_each_opponent(tmp_path: Path) -> None:
    found = figures("bench_learner", ["--seconds", "0.2", "--games", "duel",
                                      "--opponents", "default,random"], tmp_path)
    (row,) = found["tables"]
    assert row["default"] == "greedy:easy"
    assert set(row["steps_per_second"]) == {"default", "random"}
    assert all(rate > 0 for rate in row["steps_per_second"].values())


def test_bench_learner_covers_every_game() -> None:
    import plunder

    bench = scripts_kit.load_script("bench_learner")
    assert {name for name, _ in bench.TABLES} == set(plunder.engine.names())
