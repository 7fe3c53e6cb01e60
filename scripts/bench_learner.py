"""What a learner's step costs in the Gymnasium environment, by the bots it plays against.

For every game (the tables of ``bench_rl.py``), a random learner at seat 0 plays
``plunder.rl.gym_env`` episodes against each opponent spec in turn (the default:
the environment's own default, ``random`` and ``ismcts:easy``), and the figure is
learner steps per second: one ``env.step`` of the learner, with the bots' moves
that come before its next decision. Time is the process's CPU time; a bot that
searches on the clock (``ismcts``'s levels) stops on the wall clock, so on a busy
machine its figure reads a little high.

Run it from the project root with the ``rl`` extra installed::

    python scripts/bench_learner.py                   # 3 s per game and opponent
    python scripts/bench_learner.py --games duel --opponents default,greedy --json l.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from typing import Any

import numpy as np

from plunder import rl
from plunder.rl.single import default_opponent

TABLES = (
    ("duel", {"players": 2}),
    ("rumble", {"players": 4}),
    ("swordplay", {"players": 2}),
    ("underfire", {"players": 2}),
    ("rumbones", {"players": 2}),
)
# ``default`` stands for the environment's default opponent.
OPPONENTS = ("default", "random", "ismcts:easy")


def learner_steps(name: str, options: dict[str, Any], opponent: str, seconds: float,
                  seed: int) -> float:
    """Learner steps per second of CPU time against ``opponent`` at every other seat."""
    spec = None if opponent == "default" else opponent
    env = rl.gym_env(name, opponents=spec, **options)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    steps = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        _, _, terminated, truncated, _ = env.step(action)
        steps += 1
        if terminated or truncated:
            env.reset()
    return steps / elapsed


def _rate(rate: float) -> str:
    return f"{rate:,.0f}" if rate >= 10 else f"{rate:.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="CPU time per game and opponent")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", help="a comma list of the games to measure (default: all)")
    parser.add_argument("--opponents", default=",".join(OPPONENTS),
                        help="a comma list of bot specs ('default': the environment's default)")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    wanted = args.games.split(",") if args.games else [name for name, _ in TABLES]
    unknown = set(wanted) - {name for name, _ in TABLES}
    if unknown:
        parser.error(f"no table for {', '.join(sorted(unknown))}")
    opponents = [spec.strip() for spec in args.opponents.split(",") if spec.strip()]
    if not opponents:
        parser.error("--opponents names no bot")
    print("game (players) | default opponent | learner steps/s against: "
          + " | ".join(opponents))
    rows = []
    for name, options in TABLES:
        if name not in wanted:
            continue
        rates = {spec: learner_steps(name, options, spec, args.seconds, args.seed)
                 for spec in opponents}
        rows.append({"game": name, "options": options, "default": default_opponent(name),
                     "steps_per_second": rates})
        print(f"{name} ({options['players']}) | {default_opponent(name)} | "
              + " | ".join(_rate(rate) for rate in rates.values()), flush=True)
    if args.json:
        figures = {
            "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
            "settings": vars(args) | {"json": None},
            "tables": rows,
        }
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(figures, out, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
