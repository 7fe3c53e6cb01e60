"""The lab benchmark script runs end to end on a tiny count and writes sensible JSON.

It checks that every figure is measured and positive, never how fast anything is.
The Ray backend it also measures is the lab's own (``tests/lab/test_games.py`` runs
it); one local Ray at a time is enough for the suite.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import scripts_kit


def run_bench(tmp_path: Path, backends: str) -> dict:
    bench = scripts_kit.load_script("bench_lab")
    out = tmp_path / "bench.json"
    assert bench.main(["--games", "2", "--backends", backends, "--json", str(out)]) == 0
    return json.loads(out.read_text(encoding="utf-8"))


def test_bench_lab_measures_each_process_backend(tmp_path: Path) -> None:
    figures = run_bench(tmp_path, "jobs1,jobs2")
    assert set(figures["backends"]) == {"jobs1", "jobs2"}
    for found in figures["backends"].values():
        assert found["games"] == 2
        assert found["games_per_second"] > 0
        assert 0 < found["first_game_seconds"] <= found["seconds"]
    assert figures["jobs2_over_jobs1"] > 0


def test_bench_lab_refuses_an_unknown_backend(tmp_path: Path) -> None:
    bench = scripts_kit.load_script("bench_lab")
    with pytest.raises(SystemExit):
        bench.main(["--backends", "gpu"])
