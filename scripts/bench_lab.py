"""How fast the balance lab plays: games per second on each backend.

Plays the same study (Pirate Rumble, 4 players, every seat the greedy bot) with
``--jobs 1``, ``--jobs 2`` and ``--cluster local`` (Ray on this machine, two
CPUs), and reports for each the games per second over the whole run and the time
from the start to the first game done (what it costs to start the workers, or
Ray). The goal: ``--jobs 2`` at least 1.8 times ``--jobs 1`` on two free cores.
Run it on a quiet machine; it prints JSON (``--json FILE`` also writes it).

    python scripts/bench_lab.py --games 200
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from pathlib import Path
from typing import Any

from plunder.lab.run import LOCAL, Backend, LabError
from plunder.lab.study import LabSpec, run_lab

BACKENDS = {
    "jobs1": Backend(jobs=1),
    "jobs2": Backend(jobs=2),
    "ray": Backend(jobs=2, cluster=LOCAL),
}


def measure(name: str, games: int, seed: int) -> dict[str, Any]:
    """One run of the study on the backend called ``name``."""
    spec = LabSpec("rumble", ("greedy",), games, {"players": 4}, seed=seed)
    report = run_lab(spec, BACKENDS[name])
    timing = report["timing"]
    return {
        "games": games,
        "seconds": timing["seconds"],
        "games_per_second": timing["games_per_second"],
        "first_game_seconds": timing["first_game_seconds"],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per backend")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--backends",
        default=",".join(BACKENDS),
        help=f"which backends, comma-separated, of {', '.join(BACKENDS)}",
    )
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    names = [name.strip() for name in args.backends.split(",") if name.strip()]
    unknown = [name for name in names if name not in BACKENDS]
    if unknown or args.games < 1:
        parser.error(f"unknown backends {unknown}" if unknown else "--games must be 1 or more")
    figures: dict[str, Any] = {
        "study": "rumble, 4 players, greedy at every seat",
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
        "backends": {},
    }
    for name in names:
        try:
            figures["backends"][name] = measure(name, args.games, args.seed)
        except LabError as exc:  # Ray not installed
            figures["backends"][name] = {"error": str(exc)}
        print(f"{name}: {figures['backends'][name]}", file=sys.stderr)
    found = figures["backends"]
    if "games_per_second" in found.get("jobs1", {}) and "games_per_second" in found.get(
        "jobs2", {}
    ):
        figures["jobs2_over_jobs1"] = (
            found["jobs2"]["games_per_second"] / found["jobs1"]["games_per_second"]
        )
    text = json.dumps(figures, indent=2)
    print(text)
    if args.json is not None:
        args.json.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
