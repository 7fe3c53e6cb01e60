"""What a bot's decision costs, in every game, measured in one run.

For each game (one table each: Duel with 3 players, Pirate Rumble with 4, the
others with 2), whole games are played with the bot at every seat; the bot's
``choose`` is timed (CPU time of this process) at every decision it makes where
it has a choice (a single legal action is answered without thinking, and is
not counted). The figure is the mean over the decisions, in milliseconds; the
median and the slowest decile say how uneven the decisions are.

The time of a bare engine step is measured alongside (random play, same
tables), so a figure can be read against the machine of the run: a decision's
cost in engine steps.

Run it from the project root::

    python scripts/bench_bots.py                        # greedy, 20 s per game at most
    python scripts/bench_bots.py --bot greedy:easy --seconds 5 --games duel,rumble
    python scripts/bench_bots.py --json bots.json
    python scripts/bench_bots.py --bot greedy,lookahead  # both, game by game, in one run

A bot a game does not have (``lookahead`` is kept only where ``greedy`` changed)
is left out of that game's rows. With more than one bot, each game also gets a
line giving every other bot's median time a decision as a multiple of the first
bot's (``lookahead`` 30x: thirty times as long as ``greedy``), both measured in
the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from typing import Any

import plunder
from plunder.bots import from_spec, names, parse_spec

TABLES = (
    ("duel", {"players": 3}),
    ("rumble", {"players": 4}),
    ("swordplay", {"players": 2}),
    ("underfire", {"players": 2}),
    ("rumbones", {"players": 2}),
)


def decision_times(name: str, options: dict[str, Any], spec: str, seconds: float,
                   seed: int) -> tuple[list[float], int]:
    """The CPU time of each of the bot's decisions (with a choice), and the games played."""
    game = plunder.load(name, **options)
    bot = from_spec(spec, name)
    clock = time.process_time
    times: list[float] = []
    rng = random.Random(seed)
    games = 0
    start = clock()
    while clock() - start < seconds:
        state = game.new(seed=seed + games)
        while not state.is_over and clock() - start < seconds:
            for seat in state.seats_to_act():
                if len(state.legal(seat)) == 1:
                    state.act(seat, state.legal(seat)[0])
                    continue
                before = clock()
                action = bot.choose(state, seat, rng)
                times.append(clock() - before)
                state.act(seat, action)
        games += 1
    return times, games


def engine_step(name: str, options: dict[str, Any], seconds: float, seed: int) -> float:
    """The CPU time of a bare engine step in random play, in seconds."""
    game = plunder.load(name, **options)
    rng = random.Random(seed)
    clock = time.process_time
    steps = 0
    start = clock()
    while clock() - start < seconds:
        state = game.new(seed=seed + steps)
        while not state.is_over:
            for seat in state.seats_to_act():
                state.act(seat, rng.choice(state.legal(seat)))
            steps += 1
    return (clock() - start) / steps


def _measure(name: str, options: dict[str, Any], spec: str, args: argparse.Namespace,
             step: float) -> dict[str, Any] | None:
    """One bot's row for one game, printed as it is measured."""
    times, games = decision_times(name, options, spec, args.seconds, args.seed)
    if not times:
        print(f"{spec}: {name}: no decision with a choice in {args.seconds} s")
        return None
    mean = statistics.fmean(times)
    row = {
        "game": name,
        "options": options,
        "bot": spec,
        "decisions": len(times),
        "games": games,
        "mean_ms": 1000 * mean,
        "median_ms": 1000 * statistics.median(times),
        "p90_ms": 1000 * sorted(times)[int(0.9 * (len(times) - 1))],
        "engine_step_ms": 1000 * step,
        "engine_steps_per_decision": mean / step,
    }
    print(f"{spec}: {name} ({options['players']}) | {row['mean_ms']:.3f}, "
          f"{row['median_ms']:.3f}, {row['p90_ms']:.3f} | {len(times)} | "
          f"{row['engine_steps_per_decision']:.1f}", flush=True)
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="greedy",
                        help="a bot spec, or a comma list of them (default greedy)")
    parser.add_argument("--seconds", type=float, default=20.0, help="CPU time per game at most")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", help="a comma list of the games to measure (default: all)")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    wanted = args.games.split(",") if args.games else [name for name, _ in TABLES]
    rows = []
    specs = args.bot.split(",")
    print("bot: game (players) | ms a decision (mean, median, 90th percentile) | "
          "decisions | engine steps a decision")
    for name, options in TABLES:
        if name not in wanted:
            continue
        step = engine_step(name, options, min(2.0, args.seconds), args.seed)
        measured = []
        for spec in specs:
            if parse_spec(spec)[0] not in names(name):
                continue
            row = _measure(name, options, spec, args, step)
            if row is not None:
                measured.append(row)
        if len(measured) > 1:
            first = measured[0]
            ratios = {row["bot"]: row["median_ms"] / first["median_ms"] for row in measured[1:]}
            first["median_ratios"] = ratios
            print(f"{name}: median a decision against {first['bot']}'s: "
                  + ", ".join(f"{bot} {ratio:.1f}x" for bot, ratio in ratios.items()), flush=True)
        rows.extend(measured)
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
