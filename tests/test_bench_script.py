"""The playout benchmark script runs end to end and writes sensible JSON.

It checks that every figure is measured and positive, never how fast anything is.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import ModuleType

import pytest

import scripts_kit

SCRIPT = scripts_kit.script_path("bench_playouts")


def load_script() -> ModuleType:
    return scripts_kit.load_script("bench_playouts")


def test_bench_script_writes_positive_figures(tmp_path: Path) -> None:
    pytest.importorskip("pyspiel")
    bench = load_script()
    out = tmp_path / "bench.json"
    status = bench.main(
        ["--seconds", "0.2", "--rounds", "2", "--samples", "5", "--repeat", "2", "--json", str(out)]
    )
    assert status == 0
    figures = json.loads(out.read_text(encoding="utf-8"))

    assert figures["cpu_count"] is None or figures["cpu_count"] > 0
    assert figures["python"]
    for engine in ("plunder", "openspiel"):
        entry = figures["playouts"][engine]
        assert entry["decisions_per_second"] > 0
        assert entry["games"] > 0
        assert entry["decisions"] > 0
        assert len(entry["rounds"]) == 2
    assert figures["ratio_plunder_over_openspiel"] > 0
    costs = figures["per_call_us"]
    assert set(costs) == {
        "plunder_clone",
        "plunder_determinize",
        "plunder_view",
        "plunder_view_without_log",
        "openspiel_clone",
    }
    assert all(cost > 0 for cost in costs.values())


def test_playout_counts_every_decision_and_ends() -> None:
    import plunder

    bench = load_script()

    state = plunder.load("duel", players=3).new(seed=3)
    decisions = bench.plunder_playout(state, random.Random(3))
    assert state.is_over
    assert decisions == len(state.moves)


def test_sample_chance_follows_the_draw() -> None:
    bench = load_script()

    class Fixed:
        def __init__(self, value: float) -> None:
            self.value = value

        def random(self) -> float:
            return self.value

    outcomes = [(0, 0.875), (1, 0.125)]
    assert bench.sample_chance(outcomes, Fixed(0.5)) == 0
    assert bench.sample_chance(outcomes, Fixed(0.9)) == 1


def test_bench_script_plays_out_the_game_it_is_given(tmp_path: Path) -> None:
    pytest.importorskip("pyspiel")
    bench = load_script()
    out = tmp_path / "bench.json"
    status = bench.main(["--game", "rumble", "--players", "4", "--seconds", "0.2", "--rounds",
                         "1", "--samples", "3", "--repeat", "1", "--json", str(out)])
    assert status == 0
    played = json.loads(out.read_text(encoding="utf-8"))["playouts"]["plunder"]
    assert played["game"] == "rumble (4 players)"
    assert played["decisions"] > 0 and played["games"] > 0
