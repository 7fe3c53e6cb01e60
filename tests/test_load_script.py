"""The server load script runs end to end against a server it starts itself.

It checks that the figures are measured and consistent, never how fast anything is.
"""

from __future__ import annotations

import json
import subprocess
import sys
from types import ModuleType

import pytest

import scripts_kit

SCRIPT = scripts_kit.script_path("load_tables")


def load_script() -> ModuleType:
    return scripts_kit.load_script("load_tables")


# A hung server must fail the test rather than stall the run; a tiny load takes seconds.
@pytest.mark.timeout(60)
def test_tiny_load_plays_moves_without_errors() -> None:
    # A process of its own: the script runs its own event loop, and a test worker
    # may already have one running (the browser tests' driver).
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--tables", "2", "--seconds", "2", "--json", "--quiet"],
        capture_output=True,
        text=True,
        timeout=50,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(done.stdout)

    (size,) = figures["sizes"]
    assert size["tables"] == 2
    assert size["errors"] == 0, size["error_samples"]
    # Server log records are reported, not judged here: the script's job is to find them,
    # so it must have read the log (None: no log was read).
    assert isinstance(size["server_log_problems"], int)
    assert size["server_cpu_seconds"] is None or size["server_cpu_seconds"] > 0
    assert size["moves"] > 0
    assert size["moves_per_second"] > 0
    latency = size["latency_ms"]
    assert latency["count"] == size["moves"]
    assert 0 < latency["p50"] <= latency["p90"] <= latency["p99"] <= latency["max"]


def test_percentile_interpolates_and_tables_parse() -> None:
    load = load_script()

    assert load.percentile([1.0, 2.0, 3.0, 4.0, 5.0], 50) == 3.0
    assert load.percentile([1.0, 2.0], 50) == 1.5
    assert load.percentile([7.0], 99) == 7.0
    assert load.table_counts("50,200") == [50, 200]


def test_a_stale_state_is_not_the_acknowledgement() -> None:
    load = load_script()

    def state(move: int, committed: list[int]) -> dict[str, object]:
        return {"move": move, "view": {"committed": committed}}

    # Seat 0 acted at move 4 while both seats were to choose.
    acted = state(4, [])
    # Seat 1's commit arrives first: seat 0's action is still on its way.
    assert not load.reflects(acted, state(5, [1]), 0)
    # Seat 0's own commit, step still open; or the step resolved by it.
    assert load.reflects(acted, state(5, [0]), 0)
    assert load.reflects(acted, state(6, []), 0)
    # A new step in which seat 1 already committed again.
    assert load.reflects(acted, state(7, [1]), 0)
    # Nothing new: same move.
    assert not load.reflects(acted, state(4, []), 0)


def test_server_log_records_are_summarised_by_exception() -> None:
    load = load_script()
    log = "\n".join(
        [
            "plunder is serving at http://localhost:8000/",
            "2024-01-01 12:00:00,000 WARNING plunder.server: table t refused: no",
            "ERROR:    Exception in ASGI application",
            "Traceback (most recent call last):",
            '  File "app.py", line 1, in run',
            "KeyError: 1",
            "",
            "During handling of the above exception, another exception occurred:",
            "",
            "Traceback (most recent call last):",
            '  File "app.py", line 2, in run',
            "RuntimeError: gone",
        ]
    )
    assert load.log_records(log) == {
        "WARNING plunder.server: table t refused: no": 1,
        "ERROR Exception in ASGI application -- RuntimeError: gone": 1,
    }


def test_worker_counts_make_a_run_each_and_need_postgresql() -> None:
    load = load_script()
    args = load.parse_args(
        ["--workers", "1,2", "--tables", "30", "--db", "postgresql://u@127.0.0.1/x"]
    )
    runs = [(plan.server, plan.workers, plan.tables) for plan in load.plans(args)]
    assert runs == [("this tree x1", 1, 30), ("this tree x2", 2, 30)]
    # One worker, the default: the server keeps its plain name.
    assert [p.server for p in load.plans(load.parse_args([]))] == ["this tree"]
    with pytest.raises(SystemExit):
        load.parse_args(["--workers", "2"])  # a SQLite store serves one process
