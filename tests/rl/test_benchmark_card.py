"""scripts/benchmark_card.py: a card pools its seeds' final games into the right
shares and intervals, and reads back as the table docs/rl.md shows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import scripts_kit


def run(shares: dict[str, float], games: int, curve: list[tuple[int, float, float]]
        ) -> dict[str, Any]:
    final = {"games": games, **{f"vs {spec}": share for spec, share in shares.items()}}
    rows = [{"timesteps": str(t), "vs random": str(r), "vs greedy": str(g)} for t, r, g in curve]
    return {"summary": {"final": final, "options": {"players": 2}}, "curve": rows}


def test_a_card_pools_the_seeds_and_gives_each_its_interval() -> None:
    cards = scripts_kit.load_script("benchmark_card")
    runs = {
        1: run({"random": 0.9, "greedy": 0.5}, 1000, [(0, 0.5, 0.1), (100, 0.9, 0.5)]),
        2: run({"random": 0.8, "greedy": 0.3}, 1000, [(0, 0.4, 0.0), (100, 0.8, 0.3)]),
    }
    found = cards.card("toy", runs, ["random", "greedy"])
    greedy = found["pool"]["greedy"]
    # 500 + 300 wins of 2,000 games, worked out by hand.
    assert greedy["pooled"]["games"] == 2000
    assert greedy["pooled"]["share"] == pytest.approx(0.4)
    # Wilson's interval at 40% of 2,000: 37.9% to 42.2%.
    assert greedy["pooled"]["low"] == pytest.approx(0.3788, abs=1e-3)
    assert greedy["pooled"]["high"] == pytest.approx(0.4216, abs=1e-3)
    assert greedy["spread"] == [0.3, 0.5]
    # A seed alone: 50% of 1,000 is 46.9% to 53.1%.
    assert greedy["seeds"]["1"]["low"] == pytest.approx(0.469, abs=1e-3)
    assert found["curves"]["2"][1] == {"timesteps": 100, "random": 0.8, "greedy": 0.3}

    found["settings"] = {"players": 2, "timesteps": 100, "opponents": "random"}
    found["commit"] = "abc"
    table = cards.markdown(found)
    assert "| `greedy` | 50.0% (46.9%–53.1%) | 30.0% (27.2%–32.9%) |" in table
    assert "40.0% (37.9%–42.2%), 2,000 games | 30.0%–50.0% |" in table


def test_a_card_is_made_end_to_end_on_a_tiny_budget(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    pytest.importorskip("matplotlib")
    cards = scripts_kit.load_script("benchmark_card")
    status = cards.main([
        "--game", "duel", "--players", "2", "--timesteps", "64", "--envs", "8",
        "--evals", "1", "--eval-games", "2", "--final-games", "4", "--seeds", "1,2",
        "--option", "target=1", "--out", str(tmp_path), "--runs", str(tmp_path / "runs"),
    ])
    assert status == 0
    found = json.loads((tmp_path / "duel.json").read_text(encoding="utf-8"))
    assert set(found["curves"]) == {"1", "2"}
    for spec in ("random", "greedy"):
        assert found["pool"][spec]["pooled"]["games"] == 8  # 4 final games, 2 seeds
    assert found["options"]["target"] == 1 and found["settings"]["timesteps"] == 64
    assert (tmp_path / "duel.png").stat().st_size > 1000
