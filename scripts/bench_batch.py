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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--envs", type=int, default=1024, help="plays in a batch")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU time per side and round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    if args.envs < 1 or args.seconds <= 0 or args.rounds < 1:
        parser.error("--envs, --seconds and --rounds must be positive")
    duel = BatchEngine("duel", args.envs, args.seed, players=3)
    rumble = BatchEngine("rumble", args.envs, args.seed, players=4)
    duel_env = BatchPlayer("duel", args.envs, args.seed, players=3)
    rumble_env = BatchPlayer("rumble", args.envs, args.seed, players=4)
    swordplay = BatchEngine("swordplay", args.envs, args.seed)
    swordplay_env = BatchPlayer("swordplay", args.envs, args.seed)
    underfire = BatchEngine("underfire", args.envs, args.seed)
    underfire_env = BatchPlayer("underfire", args.envs, args.seed)
    sides: dict[str, Callable[[], int]] = {
        "batch duel decisions": lambda: duel.steps()[0],
        "batch duel env decisions": lambda: duel_env.steps()[0],
        "goofspiel decisions": goofspiel_decisions(args.seed),
        "batch rumble steps": lambda: rumble.steps()[1],
        "batch rumble env steps": lambda: rumble_env.steps()[1],
        "scalar rumble steps": scalar_play("rumble", args.seed, per_seat=False, players=4),
        "batch swordplay decisions": lambda: swordplay.steps()[0],
        "batch swordplay env decisions": lambda: swordplay_env.steps()[0],
        "scalar swordplay decisions": scalar_play("swordplay", args.seed, per_seat=True),
        "batch underfire decisions": lambda: underfire.steps()[0],
        "batch underfire env decisions": lambda: underfire_env.steps()[0],
        "scalar underfire decisions": scalar_play("underfire", args.seed, per_seat=True),
    }
    rates: dict[str, list[float]] = {name: [] for name in sides}
    for _ in range(args.rounds):
        for name, work in sides.items():
            rates[name].append(timed(work, args.seconds))
    rate = {name: statistics.median(found) for name, found in rates.items()}
    duel_ratio = rate["batch duel decisions"] / rate["goofspiel decisions"]
    rumble_ratio = rate["batch rumble steps"] / rate["scalar rumble steps"]
    duel_env = rate["batch duel env decisions"] / rate["goofspiel decisions"]
    rumble_env = rate["batch rumble env steps"] / rate["scalar rumble steps"]
    sword_ratio = rate["batch swordplay decisions"] / rate["scalar swordplay decisions"]
    sword_env = rate["batch swordplay env decisions"] / rate["scalar swordplay decisions"]
    fire_ratio = rate["batch underfire decisions"] / rate["scalar underfire decisions"]
    fire_env = rate["batch underfire env decisions"] / rate["scalar underfire decisions"]
    print(f"batch duel (3 players, {args.envs} plays): {rate['batch duel decisions']:,.0f} "
          f"decisions/s ({rate['batch duel env decisions']:,.0f} with observations); "
          f"goofspiel (C++): {rate['goofspiel decisions']:,.0f} decisions/s; "
          f"ratio {duel_ratio:.1f} ({duel_env:.1f} with observations)")
    print(f"batch rumble (4 players, {args.envs} plays): {rate['batch rumble steps']:,.0f} "
          f"steps/s ({rate['batch rumble env steps']:,.0f} with observations); scalar "
          f"rumble: {rate['scalar rumble steps']:,.0f} steps/s; ratio {rumble_ratio:.1f} "
          f"({rumble_env:.1f} with observations)")
    print(f"batch swordplay (2 players, {args.envs} plays): "
          f"{rate['batch swordplay decisions']:,.0f} decisions/s "
          f"({rate['batch swordplay env decisions']:,.0f} with observations); scalar "
          f"swordplay: {rate['scalar swordplay decisions']:,.0f} decisions/s; ratio "
          f"{sword_ratio:.1f} ({sword_env:.1f} with observations)")
    print(f"batch underfire (2 players, {args.envs} plays): "
          f"{rate['batch underfire decisions']:,.0f} decisions/s "
          f"({rate['batch underfire env decisions']:,.0f} with observations); scalar "
          f"underfire: {rate['scalar underfire decisions']:,.0f} decisions/s; ratio "
          f"{fire_ratio:.1f} ({fire_env:.1f} with observations)")
    if args.json:
        figures = {
            "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
            "settings": vars(args) | {"json": None},
            "per_second": rate,
            "ratios": {"batch_duel_over_goofspiel": duel_ratio,
                       "batch_duel_env_over_goofspiel": duel_env,
                       "batch_rumble_over_scalar_rumble": rumble_ratio,
                       "batch_rumble_env_over_scalar_rumble": rumble_env,
                       "batch_swordplay_over_scalar_swordplay": sword_ratio,
                       "batch_swordplay_env_over_scalar_swordplay": sword_env,
                       "batch_underfire_over_scalar_underfire": fire_ratio,
                       "batch_underfire_env_over_scalar_underfire": fire_env},
        }
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(figures, out, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
