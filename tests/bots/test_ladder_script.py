"""The ladder script rates a game's fixed pool of bots and names the code it ran on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import scripts_kit


def test_the_pool_holds_every_bot_of_the_game_and_search_by_fixed_budgets() -> None:
    script = scripts_kit.load_script("ladder")
    assert script.pool("duel", (100, 300)) == [
        "random", "greedy", "solver", "ismcts:iterations=100", "ismcts:iterations=300"]
    assert script.pool("swordplay", (50,)) == ["random", "greedy", "ismcts:iterations=50"]


def test_a_small_ladder_lists_each_bot_once_best_first(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = scripts_kit.load_script("ladder")
    assert script.main(["--game", "swordplay", "--iterations", "5", "--games-per-table", "6",
                        "--jobs", "1", "--seed", "3", "--out", str(tmp_path)]) == 0
    table = capsys.readouterr().out
    found = json.loads((tmp_path / "ladder-swordplay.json").read_text(encoding="utf-8"))
    bots = [row["bot"] for row in found["ladder"]]
    assert sorted(bots) == ["greedy", "ismcts:iterations=5", "random"]
    ordinals = [row["ordinal"] for row in found["ladder"]]
    assert ordinals == sorted(ordinals, reverse=True)
    # Every game of two seats seats two of the three bots: 12 seats among them.
    assert sum(row["seats"] for row in found["ladder"]) == 12
    for row in found["ladder"]:
        low, high = row["ci95"]
        assert low <= row["share"] <= high
    assert found["code"] and found["code"] in table
    assert "`python scripts/ladder.py --game swordplay" in table
    assert (tmp_path / "ladder-swordplay.png").stat().st_size > 0
