"""Cost of the learning environments (plunder.rl) next to the bare engine, measured in one run.

* Random-policy steps per second of the PettingZoo Parallel environment, against
  the bare engine playing the same games: whole games from fresh seeds, every
  pending seat picking uniformly among its legal actions. One *step* is one step
  of the game (every pending seat commits once): ``env.step(actions)`` there,
  the pending seats' ``state.act`` here. The environment's policy reads each
  live agent's action mask from its observation and draws one of the legal
  indices; the environment builds every observation, mask, reward and info.
* For scale, the bare engine that also builds every seat's observation vector
  and legal mask at every step (``state.observation``, ``state.legal_mask``): the
  floor of any environment that hands each seat what it sees.
* The time of ``pyspiel.random_sim_test`` (with serialization) on 5-player Duel,
  per simulated game.

Tables: Duel with 3 players and Pirate Rumble with 4 (the games' defaults
otherwise). The playouts run in rounds (engine, then environment, per table),
and each figure is the median over the rounds, so a noisy machine penalises
both sides alike.

Run it from the project root with the ``rl`` extra installed::

    python scripts/bench_rl.py                       # 3 rounds of 3 s per side
    python scripts/bench_rl.py --seconds 2 --rounds 5 --sims 5 --json bench.json
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
from plunder.engine.game import Game

TABLES = (("duel", {"players": 3}), ("rumble", {"players": 4}))
SIM_GAME = ("duel", {"players": 5})


def timed(play: Callable[[int], int], seconds: float) -> tuple[int, float]:
    """Call ``play(n)`` (it returns the steps played) until ``seconds`` pass; steps and time."""
    clock = time.perf_counter
    steps = games = 0
    start = clock()
    while True:
        steps += play(games)
        games += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return steps, elapsed


def engine_game(game: Game, seed: int, rng: random.Random) -> int:
    """One random game on the bare engine; the steps it took."""
    state = game.new(seed=seed)
    steps = 0
    while not state.is_over:
        # ``pending`` is a snapshot: the step resolves on its last commit.
        for seat in state.pending:
            state.act(seat, rng.choice(state.legal(seat)))
        steps += 1
    return steps


def observed_game(game: Game, seed: int, rng: random.Random) -> int:
    """``engine_game`` plus every seat's observation vector and legal mask at every step:
    the floor of any environment that hands each seat what it sees."""
    state = game.new(seed=seed)
    seats = range(game.players)
    steps = 0
    while not state.is_over:
        for seat in seats:
            state.observation(seat)
            state.legal_mask(seat)
        for seat in state.pending:
            state.act(seat, rng.choice(state.legal(seat)))
        steps += 1
    return steps


def env_game(env: Any, seed: int, rng: random.Random) -> int:
    """One random episode of the Parallel environment; the steps it took."""
    observations, _ = env.reset(seed=seed)
    steps = 0
    while env.agents:
        actions = {
            agent: rng.choice(np.flatnonzero(observations[agent]["action_mask"]))
            for agent in env.agents
        }
        observations, _, _, _, _ = env.step(actions)
        steps += 1
    return steps


def measure_tables(seconds: float, rounds: int, seed: int) -> list[dict[str, Any]]:
    from plunder import rl

    rows = []
    for name, options in TABLES:
        game = plunder.load(name, **options)
        env = rl.parallel_env(name, **options)
        engine_rates, observed_rates, env_rates = [], [], []
        for index in range(rounds):
            base = seed + 100_000 * index
            rng = random.Random(base)
            steps, elapsed = timed(
                lambda n, g=game, b=base, r=rng: engine_game(g, b + n, r), seconds
            )
            engine_rates.append(steps / elapsed)
            rng = random.Random(base)
            steps, elapsed = timed(
                lambda n, g=game, b=base, r=rng: observed_game(g, b + n, r), seconds
            )
            observed_rates.append(steps / elapsed)
            rng = random.Random(base)
            steps, elapsed = timed(lambda n, e=env, b=base, r=rng: env_game(e, b + n, r), seconds)
            env_rates.append(steps / elapsed)
        engine_rate = statistics.median(engine_rates)
        observed_rate = statistics.median(observed_rates)
        env_rate = statistics.median(env_rates)
        rows.append(
            {
                "game": name,
                "options": options,
                "engine_steps_per_second": engine_rate,
                "engine_with_observations_steps_per_second": observed_rate,
                "parallel_env_steps_per_second": env_rate,
                "ratio": env_rate / engine_rate,
                "ratio_to_engine_with_observations": env_rate / observed_rate,
            }
        )
    return rows


def measure_sims(sims: int) -> dict[str, Any]:
    import pyspiel

    from plunder.rl import openspiel

    name, options = SIM_GAME
    game = openspiel.load_game(name, **options)
    start = time.perf_counter()
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)
    elapsed = time.perf_counter() - start
    return {
        "game": f"python_plunder_{name}",
        "options": options,
        "sims": sims,
        "seconds": elapsed,
        "seconds_per_sim": elapsed / sims,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="budget per side and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sims", type=int, default=5, help="random_sim_test simulations")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1 or args.sims < 1:
        parser.error("--seconds, --rounds and --sims must be positive")
    tables = measure_tables(args.seconds, args.rounds, args.seed)
    sims = measure_sims(args.sims)
    figures = {
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
        "settings": vars(args) | {"json": None},
        "tables": tables,
        "random_sim_test": sims,
    }
    for row in tables:
        shown = ", ".join(f"{k}={v}" for k, v in row["options"].items())
        print(
            f"{row['game']} ({shown}): engine {row['engine_steps_per_second']:,.0f} steps/s; "
            f"engine + every seat's observation and mask "
            f"{row['engine_with_observations_steps_per_second']:,.0f} steps/s; "
            f"parallel env {row['parallel_env_steps_per_second']:,.0f} steps/s; "
            f"env / engine {row['ratio']:.2f}, "
            f"env / engine with observations {row['ratio_to_engine_with_observations']:.2f}"
        )
    print(
        f"random_sim_test {sims['game']} (players={sims['options']['players']}, serialize): "
        f"{sims['sims']} games in {sims['seconds']:.2f} s, {sims['seconds_per_sim']:.2f} s each"
    )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(figures, out, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
