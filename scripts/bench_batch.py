"""The batch engine's speed, against references measured in the same run.

* The batch Duel engine (3 players) at ``--envs`` plays at once, random play, in
  decisions per second (a decision: one seat's action at a step where it
  decides), against OpenSpiel's C++ goofspiel (``pyspiel.load_game("goofspiel")``,
  its defaults: 2 players, 13 cards), random playouts through its Python API, in
  decisions per second (every player's action at every simultaneous node).
* The batch Pirate Rumble engine (4 players) at ``--envs`` plays at once, against
  the scalar Rumble engine playing the same table, both random, in steps per
  second (a step: every deciding seat's action at once).
* The batch Swordplay engine (its default table: 2 players) at ``--envs`` plays at
  once, against the scalar Swordplay engine playing the same table, both random,
  in decisions per second (Swordplay asks one fighter at a time, so a step is one
  decision).
* The batch Pirates Under Fire engine (2 players, its only table) at ``--envs``
  plays at once, against the scalar Under Fire engine, both random, in decisions
  per second (Under Fire asks one seat at a time too).

Engines against engines: the batch side works out the legal actions, draws a
random legal action for every seat of every play with NumPy, steps, and deals
anew the plays that ended (``BatchRules``: legal, step, over, deal), as the
references play with no observation. The batch environment (``BatchEnv``, which
also builds every seat's observation and mask at every step) is measured too,
for scale. Sides run in turns, a short slice each, round after round, on the
process's CPU time; each rate is the median of its rounds.

Run it from the project root with the ``rl`` extra installed::

    python scripts/bench_batch.py                    # 1,024 plays, 5 rounds of 1 s
    python scripts/bench_batch.py --envs 4096 --seconds 2 --json batch.json
    python scripts/bench_batch.py --games underfire     # one game's table only
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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

import plunder
from plunder.rl.batched import batch, random_legal, rules_for


def timed(work: Callable[[], int], seconds: float) -> float:
    """Units of work per second of CPU time, calling ``work`` (it returns its units)."""
    clock = time.process_time
    done = 0
    start = clock()
    while True:
        done += work()
        elapsed = clock() - start
        if elapsed >= seconds:
            return done / elapsed


class BatchEngine:
    """Random play of a batch table on the bare rules, a slice of steps at a time."""

    def __init__(self, game: str, envs: int, seed: int, **options: Any) -> None:
        self.rules = rules_for(game, **options)
        self.rng = np.random.default_rng(seed)
        self.envs = envs
        self.state = self.rules.deal(np, self.rules.deal_chance(self.rng, envs))

    def steps(self, count: int = 20) -> tuple[int, int]:
        """Play ``count`` steps; the decisions made and the plays' steps."""
        rules, rng = self.rules, self.rng
        decisions = 0
        for _ in range(count):
            legal = rules.legal(np, self.state)
            decisions += int(legal.any(axis=-1).sum())
            actions = random_legal(rng, legal)
            self.state = rules.step(np, self.state, actions, rules.step_chance(rng, self.state))
            ended = np.flatnonzero(rules.over(np, self.state))
            if ended.size:
                dealt = rules.deal(np, rules.deal_chance(rng, ended.size))
                rules.put_plays(self.state, ended, dealt)
        return decisions, count * self.envs


class BatchPlayer:
    """Random play of a batch environment (observations and masks every step)."""

    def __init__(self, game: str, envs: int, seed: int, **options: Any) -> None:
        self.env = batch(game, envs, seed=seed, **options)
        self.rng = np.random.default_rng(seed)
        _, self.masks = self.env.reset()

    def steps(self, count: int = 20) -> tuple[int, int]:
        """Play ``count`` steps; the decisions made and the plays' steps."""
        decisions = 0
        for _ in range(count):
            legal = self.masks[..., :-1].astype(bool)
            decisions += int(legal.any(axis=-1).sum())
            _, self.masks, *_ = self.env.step(random_legal(self.rng, legal))
        return decisions, count * self.env.num_envs


def goofspiel_decisions(seed: int) -> Callable[[], int]:
    import pyspiel

    game = pyspiel.load_game("goofspiel")
    rng = random.Random(seed)

    def play() -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
                continue
            actions = [rng.choice(state.legal_actions(p)) for p in range(game.num_players())]
            decisions += len(actions)
            state.apply_actions(actions)
        return decisions

    return play


def scalar_play(game: str, seed: int, per_seat: bool, **options: Any) -> Callable[[], int]:
    """Random play of the scalar engine, counting its steps, or every seat's action at
    every step (``per_seat``)."""
    loaded = plunder.load(game, **options)
    rng = random.Random(seed)
    seeds = iter(range(seed, seed + 10**9))

    def play() -> int:
        state = loaded.new(seed=next(seeds))
        counted = 0
        while not state.is_over:
            pending = state.pending
            for seat in pending:
                state.act(seat, rng.choice(state.legal(seat)))
            counted += len(pending) if per_seat else 1
        return counted

    return play


@dataclass(frozen=True)
class Table:
    """A game's table in the benchmark and what its batch engine is compared with."""

    game: str
    players: int
    options: dict[str, Any]
    unit: str  # "decisions" (a seat's action) or "steps" (every deciding seat's at once)
    reference: str  # the compared side's label in the report
    over: str  # the compared side in the ratios' names


TABLES = (
    Table("duel", 3, {"players": 3}, "decisions", "goofspiel (C++)", "goofspiel"),
    Table("rumble", 4, {"players": 4}, "steps", "scalar rumble", "scalar_rumble"),
    Table("swordplay", 2, {}, "decisions", "scalar swordplay", "scalar_swordplay"),
    Table("underfire", 2, {}, "decisions", "scalar underfire", "scalar_underfire"),
)


def sides_of(table: Table, envs: int, seed: int) -> dict[str, Callable[[], int]]:
    """The table's three sides: the batch engine, the batch environment, the reference."""
    engine = BatchEngine(table.game, envs, seed, **table.options)
    env = BatchPlayer(table.game, envs, seed, **table.options)
    pick = 0 if table.unit == "decisions" else 1
    reference = (goofspiel_decisions(seed) if table.over == "goofspiel" else
                 scalar_play(table.game, seed, per_seat=table.unit == "decisions",
                             **table.options))
    batch_side, env_side, reference_side = sides_of_names(table)
    return {
        batch_side: lambda: engine.steps()[pick],
        env_side: lambda: env.steps()[pick],
        reference_side: reference,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--envs", type=int, default=1024, help="plays in a batch")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU time per side and round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default=",".join(t.game for t in TABLES),
                        help="the games to measure, comma-separated (default: all)")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    if args.envs < 1 or args.seconds <= 0 or args.rounds < 1:
        parser.error("--envs, --seconds and --rounds must be positive")
    known = {t.game: t for t in TABLES}
    wanted = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in wanted if g not in known]
    if unknown or not wanted:
        parser.error(f"--games: choose among {', '.join(known)} (got {args.games!r})")
    tables = [known[g] for g in wanted]
    sides: dict[str, Callable[[], int]] = {}
    for table in tables:
        sides |= sides_of(table, args.envs, args.seed)
    rates: dict[str, list[float]] = {name: [] for name in sides}
    for _ in range(args.rounds):
        for name, work in sides.items():
            rates[name].append(timed(work, args.seconds))
    rate = {name: statistics.median(found) for name, found in rates.items()}
    ratios = {}
    for table in tables:
        batch_side, env_side, reference = sides_of_names(table)
        ratio = rate[batch_side] / rate[reference]
        env_ratio = rate[env_side] / rate[reference]
        ratios[f"batch_{table.game}_over_{table.over}"] = ratio
        ratios[f"batch_{table.game}_env_over_{table.over}"] = env_ratio
        print(f"batch {table.game} ({table.players} players, {args.envs} plays): "
              f"{rate[batch_side]:,.0f} {table.unit}/s ({rate[env_side]:,.0f} with "
              f"observations); {table.reference}: {rate[reference]:,.0f} {table.unit}/s; "
              f"ratio {ratio:.1f} ({env_ratio:.1f} with observations)")
    if args.json:
        figures = {
            "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
            "settings": vars(args) | {"json": None},
            "per_second": rate,
            "ratios": ratios,
        }
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(figures, out, indent=2)
    return 0


def sides_of_names(table: Table) -> tuple[str, str, str]:
    """The names ``sides_of`` gives the table's three sides."""
    return (f"batch {table.game} {table.unit}", f"batch {table.game} env {table.unit}",
            f"{table.reference.split(' (')[0]} {table.unit}")


if __name__ == "__main__":
    sys.exit(main())
