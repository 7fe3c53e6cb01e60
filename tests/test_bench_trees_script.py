"""The side-by-side playout benchmark runs end to end on source trees and writes
positive figures (never how fast anything is)."""

from __future__ import annotations

import json
from pathlib import Path

import scripts_kit

REPO = scripts_kit.script_path("bench_trees").parents[1]


def test_quick_run_measures_every_game_of_each_tree(tmp_path: Path) -> None:
    bench = scripts_kit.load_script("bench_trees")
    out = tmp_path / "trees.json"
    assert bench.main(["--tree", str(REPO), "--tree", str(REPO), "--quick",
                       "--json", str(out)]) == 0
    found = json.loads(out.read_text(encoding="utf-8"))
    # Each worker measured the tree's own code.
    assert [Path(s).is_relative_to(REPO / "src") for s in found["sources"]] == [True, True]
    for name in bench.GAMES:
        for figure in ("decisions_per_second", "clone_us"):
            entry = found["figures"][f"{name} {figure}"]
            assert len(entry["medians"]) == 2 and min(entry["medians"]) > 0, (name, figure)
            assert entry["ratio"] > 0 and entry["best_ratio"] > 0
        # One code, the same fixed games: the same decisions in both trees.
        first, second = found["figures"][f"{name} decisions"]
        assert first == second > 0
