"""The engine benchmark script measures every figure of a source tree, end to end.

It checks that every figure is measured and positive, never how fast anything is.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import scripts_kit

SCRIPT = scripts_kit.script_path("bench_engine")
REPO = SCRIPT.parents[1]


def load_script() -> ModuleType:
    return scripts_kit.load_script("bench_engine")


def quick_run(*extra: str) -> str:
    """The script's standard output for ``--quick --tree <this repository>``."""
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick", "--tree", str(REPO), *extra],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_quick_run_measures_every_figure_as_json() -> None:
    bench = load_script()
    result = json.loads(quick_run("--json"))

    assert list(result["trees"]) == [REPO.name]
    entry = result["trees"][REPO.name]
    keys = {figure.key for figure in bench.FIGURES}
    assert set(entry["figures"]) == keys
    for key, value in entry["figures"].items():
        assert value > 0, key
    assert len(entry["rounds"]) == bench.QUICK.rounds
    # The worker measured this tree's code, not whatever plunder is installed.
    assert Path(entry["details"]["plunder"]).is_relative_to(REPO / "src")
    # One tree: nothing to compare it with.
    assert "ratio" not in result
    assert result["same_positions"] is True


def test_quick_run_prints_a_row_per_figure() -> None:
    bench = load_script()
    out = quick_run()

    for figure in bench.FIGURES:
        rows = [line for line in out.splitlines() if figure.label in line]
        assert len(rows) == 1, figure.label
        cells = [cell.strip() for cell in rows[0].split("│") if cell.strip()]
        assert cells[0] == figure.label
        assert cells[1].startswith(figure.unit)
        assert re.fullmatch(r"[0-9][0-9,]*(\.[0-9]+)?(e-?[0-9]+)?", cells[2]), cells
        assert float(cells[2].replace(",", "")) > 0, cells


def fake_round(scale: float) -> dict[str, Any]:
    bench = load_script()
    return {
        "figures": {figure.key: scale for figure in bench.FIGURES},
        "details": {
            "plunder": "",
            "python": "3",
            "views": {"seeds": [1]},
            "messages": {"seed": 1, "message_late_keys": ["view"]},
            "ismcts_duel_position": "a",
            "ismcts_rumble_position": "b",
        },
    }


def test_figures_are_medians_of_rounds_and_the_ratio_is_last_over_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bench = load_script()
    measured = {"old": iter([1.0, 9.0, 2.0]), "new": iter([4.0, 3.0, 30.0])}
    monkeypatch.setattr(
        bench, "run_worker", lambda tree, settings, label: fake_round(next(measured[label]))
    )
    settings = bench.Settings(**(bench.asdict(bench.QUICK) | {"rounds": 3}))

    result = bench.run([Path("/x/old"), Path("/x/new")], settings)

    assert list(result["trees"]) == ["old", "new"]
    for figure in bench.FIGURES:
        assert result["trees"]["old"]["figures"][figure.key] == 2.0
        assert result["trees"]["new"]["figures"][figure.key] == 4.0
        assert result["ratio"][figure.key] == 2.0
    assert [r["duel_playouts"] for r in result["trees"]["new"]["rounds"]] == [4.0, 3.0, 30.0]
    assert result["same_positions"] is True


def test_same_positions_notices_a_tree_that_played_other_games() -> None:
    bench = load_script()
    first, second = fake_round(1.0), fake_round(1.0)
    result = {"trees": {"a": first, "b": second}}
    # The message's fields may differ between trees: that is what is compared.
    second["details"]["messages"]["message_late_keys"] = ["view", "events"]
    assert bench.same_positions(result)
    second["details"]["views"] = {"seeds": [2]}
    assert not bench.same_positions(result)


def test_labels_name_trees_by_folder_unless_folders_clash() -> None:
    bench = load_script()
    assert bench.labels([Path("/a/old"), Path("/b/new")]) == ["old", "new"]
    assert bench.labels([Path("/a/main"), Path("/b/main")]) == ["/a/main", "/b/main"]


def test_playout_counts_every_decision_and_stops_where_asked() -> None:
    import plunder

    bench = load_script()
    game = plunder.load("duel", players=3)

    state = game.new(seed=3)
    assert bench.play(state, random.Random(3)) == len(state.moves)
    assert state.is_over

    stopped = bench.played_to(game, 3, 7)
    assert stopped is not None and len(stopped.moves) == 7
    # The same seed reaches the same position: the moves are a prefix of the whole game.
    assert list(stopped.moves) == list(state.moves[:7])
    assert bench.played_to(game, 3, len(state.moves) + 1) is None


def test_per_call_cost_counts_every_call() -> None:
    bench = load_script()
    calls: list[int] = []
    cost = bench.per_call_us(lambda: calls.append(1), 0.001)
    assert cost > 0
    assert len(calls) > 1
