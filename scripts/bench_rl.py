"""Cost of the learning environments (plunder.rl) next to the bare engine, measured in one run.

For every game (one table each: Duel with 3 players, Pirate Rumble with 4, the
two-player games with 2), random-policy decisions per second (a decision: one
seat's committed action, ``state.moves``) of:

* the bare engine: whole games from fresh seeds, every pending seat drawing
  uniformly among its legal actions (``state.legal``, ``state.act``);
* the PettingZoo Parallel environment (``env.step``, every live agent's action
  drawn from the mask in its observation);
* the PettingZoo AEC environment (``agent_iter``, ``last``, ``step``);
* the Gymnasium environment, a random learner at seat 0 against ``random`` bots
  at the others (its decisions are the learner's and the bots');
* the OpenSpiel game (``legal_actions`` of every player, ``apply_actions``).

A *step* is one step of the game: every pending seat commits once. Each
environment builds what its library asks for (observations, masks, rewards,
infos); a policy reading them is part of the loop, as it is for a learner.

The figures are ratios measured in the same run: the sides run in turns, a
short slice each, round after round, and each rate is the median of its rounds,
so a machine shared with other work slows every side alike. Time is the
process's CPU time, which other processes on the machine do not inflate.

Run it from the project root with the ``rl`` extra installed::

    python scripts/bench_rl.py                       # 5 rounds of 1 s per side
    python scripts/bench_rl.py --seconds 2 --rounds 9 --json bench.json
    python scripts/bench_rl.py --games duel,rumble
    python scripts/bench_rl.py --parts 3000          # and what a step costs, part by part
    python scripts/bench_rl.py --why 3000            # and what observations cost, and change

With ``--why N`` it also measures the Parallel environment with an encoder that
costs nothing (zero vectors: what an environment costs beside its observations),
and the share of seat observations that equal the same seat's at the step
before, over the first ``N`` steps of random plays (what observing only the seats
whose view changed could save).

With ``--parts N`` it also takes a step apart, in microseconds of CPU: the bare
engine's decision (from its rate above) and, over the first ``N`` steps of random
plays of each table, every seat's observation (``state.observations``) and every
seat's mask (``Play.masks``, the legal actions worked out) at each step.
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

TABLES = (
    ("duel", {"players": 3}),
    ("rumble", {"players": 4}),
    ("swordplay", {"players": 2}),
    ("underfire", {"players": 2}),
    ("rumbones", {"players": 2}),
)
SIDES = ("engine", "parallel", "aec", "gymnasium", "openspiel")


def timed(play: Callable[[int], int], seconds: float) -> tuple[int, float]:
    """Call ``play(n)`` (it returns the decisions made) until ``seconds`` of CPU time pass."""
    clock = time.process_time
    decisions = games = 0
    start = clock()
    while True:
        decisions += play(games)
        games += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return decisions, elapsed


def engine_game(game: Game, seed: int, rng: random.Random) -> int:
    """One random game on the bare engine; the decisions made in it."""
    state = game.new(seed=seed)
    while not state.is_over:
        for seat in state.seats_to_act():
            state.act(seat, rng.choice(state.legal(seat)))
    return len(state.moves)


def parallel_game(env: Any, seed: int, rng: random.Random) -> int:
    """One random episode of the Parallel environment; the decisions made in it."""
    observations, _ = env.reset(seed=seed)
    while env.agents:
        actions = {
            agent: rng.choice(observations[agent]["action_mask"].nonzero()[0])
            for agent in env.agents
        }
        observations, _, _, _, _ = env.step(actions)
    return len(env.play.state.moves)


def aec_game(env: Any, seed: int, rng: random.Random) -> int:
    """One random episode of the AEC environment; the decisions made in it."""
    env.reset(seed=seed)
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        action = None
        if not (terminated or truncated):
            action = rng.choice(observation["action_mask"].nonzero()[0])
        env.step(action)
    return len(env.play.state.moves)


def gym_game(env: Any, seed: int, rng: random.Random) -> int:
    """One random episode of the Gymnasium environment (random bots at the other seats);
    the decisions made in it, the bots' with the learner's."""
    observation, _ = env.reset(seed=seed)
    done = False
    while not done:
        action = rng.choice(observation["action_mask"].nonzero()[0])
        observation, _, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    return len(env.unwrapped.play.state.moves)


def spiel_game(game: Any, seed: int, rng: random.Random) -> int:
    """One random play of the OpenSpiel game (its deal, then simultaneous nodes); the
    decisions made in it."""
    state = game.new_initial_state()
    state.apply_action(seed % game.max_chance_outcomes())
    players = range(game.num_players())
    while not state.is_terminal():
        actions = []
        for player in players:
            legal = state.legal_actions(player)
            actions.append(rng.choice(legal) if legal else 0)
        state.apply_actions(actions)
    return len(state.table.moves)


def blind_parallel(name: str, options: dict[str, Any]) -> Any:
    """The Parallel environment of a game whose encoder costs nothing: every observation
    a fresh vector of zeros (``--why``: what the environment costs beside encoding)."""
    from plunder import rl

    game = plunder.load(name, **options)
    encoder = game.encoder()
    size = encoder.size
    encoder.observe = lambda state, seats: np.zeros((len(seats), size), np.float32)  # type: ignore[method-assign]
    return rl.parallel_env(game)


def unchanged_share(name: str, options: dict[str, Any], count: int, seed: int) -> float:
    """The share of seat observations equal to the same seat's at the step before, over
    the first ``count`` steps of random plays (``--why``: what observing only the seats
    whose view changed could save)."""
    game = plunder.load(name, **options)
    seats = list(range(game.players))
    rng = random.Random(seed)
    same = total = 0
    play_seed = seed
    while total < count * len(seats):
        state = game.new(seed=play_seed)
        play_seed += 1
        before = state.observations(seats)
        while not state.is_over and total < count * len(seats):
            for seat in state.seats_to_act():
                state.act(seat, rng.choice(state.legal(seat)))
            now = state.observations(seats)
            same += int((now == before).all(axis=1).sum())
            total += len(seats)
            before = now
    return same / total


def players_of(name: str, options: dict[str, Any],
               why: bool = False) -> dict[str, Callable[[int, random.Random], int]]:
    """Each side's ``play(seed, rng)`` for one table."""
    from plunder import rl
    from plunder.rl import openspiel

    game = plunder.load(name, **options)
    parallel = rl.parallel_env(name, **options)
    aec = rl.aec_env(name, **options)
    gym = rl.gym_env(name, opponents="random", **options)
    spiel = openspiel.load_game(name, **options)
    sides = {
        "engine": lambda seed, rng: engine_game(game, seed, rng),
        "parallel": lambda seed, rng: parallel_game(parallel, seed, rng),
        "aec": lambda seed, rng: aec_game(aec, seed, rng),
        "gymnasium": lambda seed, rng: gym_game(gym, seed, rng),
        "openspiel": lambda seed, rng: spiel_game(spiel, seed, rng),
    }
    if why:
        blind = blind_parallel(name, options)
        sides["parallel_blind"] = lambda seed, rng: parallel_game(blind, seed, rng)
    return sides


def measure(name: str, options: dict[str, Any], seconds: float, rounds: int,
            seed: int, why: bool = False) -> dict[str, Any]:
    sides = players_of(name, options, why)
    rates: dict[str, list[float]] = {side: [] for side in sides}
    for index in range(rounds):
        base = seed + 100_000 * index
        for side in sides:
            rng = random.Random(base)
            play = sides[side]
            decisions, elapsed = timed(lambda n, p=play, b=base, r=rng: p(b + n, r), seconds)
            rates[side].append(decisions / elapsed)
    rate = {side: statistics.median(found) for side, found in rates.items()}
    return {
        "game": name,
        "options": options,
        "decisions_per_second": rate,
        "ratio": {side: rate[side] / rate["engine"] for side in sides if side != "engine"},
    }


def step_parts(name: str, options: dict[str, Any], count: int, seed: int) -> dict[str, float]:
    """Microseconds of CPU that every seat's observations and every seat's masks cost a
    step, the mean over the first ``count`` steps of random plays (``--parts``).

    Each is timed at its step of a running play, as an environment asks for it: what
    the encoders and the masks keep from one step to the next serves as it does there.
    The clock's own cost (a pair of readings with nothing between) is taken off.
    """
    from plunder.rl.play import Play

    game = plunder.load(name, **options)
    seats = list(range(game.players))
    clock = time.process_time_ns
    rng = random.Random(seed)
    spent = {"observations": 0, "masks": 0}
    idle = 0
    steps = 0
    play_seed = seed
    while steps < count:
        play = Play(game, play_seed, random.Random(play_seed))
        play_seed += 1
        while not play.over and steps < count:
            start = clock()
            play.state.observations(seats)
            observed = clock()
            play.masks(seats)
            masked = clock()
            idle += clock() - masked
            spent["observations"] += observed - start
            spent["masks"] += masked - observed
            play.commit({seat: rng.choice(play.legal_positions(seat))
                         for seat in play.state.pending})
            steps += 1
    return {part: max(0.0, (total - idle) / steps / 1e3) for part, total in spent.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU time per side and round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", help="a comma list of the games to measure (default: all)")
    parser.add_argument("--parts", type=int, default=0, metavar="N",
                        help="also take a step apart over the first N steps of random plays")
    parser.add_argument("--why", type=int, default=0, metavar="N",
                        help="also the Parallel environment with an encoder that costs "
                             "nothing, and the share of seat observations unchanged from "
                             "one step to the next over the first N steps of random plays")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds and --rounds must be positive")
    if args.parts < 0:
        parser.error("--parts must be 0 (none) or more")
    wanted = args.games.split(",") if args.games else [name for name, _ in TABLES]
    unknown = set(wanted) - {name for name, _ in TABLES}
    if unknown:
        parser.error(f"no table for {', '.join(sorted(unknown))}")
    rows = []
    print("game (players) | engine decisions/s | parallel / engine | aec / engine | "
          "gymnasium / engine | openspiel / engine")
    for name, options in TABLES:
        if name not in wanted:
            continue
        row = measure(name, options, args.seconds, args.rounds, args.seed, args.why > 0)
        rows.append(row)
        ratio = row["ratio"]
        print(
            f"{name} ({options['players']}) | {row['decisions_per_second']['engine']:,.0f} | "
            f"{ratio['parallel']:.2f} | {ratio['aec']:.2f} | {ratio['gymnasium']:.2f} | "
            f"{ratio['openspiel']:.2f}",
            flush=True,
        )
    if args.why:
        print("game (players) | parallel with observations free / engine | seat observations "
              "unchanged from the step before")
        for row in rows:
            name, options = row["game"], row["options"]
            row["unchanged"] = unchanged_share(name, options, args.why, args.seed)
            print(f"{name} ({options['players']}) | {row['ratio']['parallel_blind']:.2f} | "
                  f"{row['unchanged']:.1%}", flush=True)
    if args.parts:
        print("game (players) | us: engine a decision | observations of every seat a step | "
              "masks of every seat a step")
        for row in rows:
            name, options = row["game"], row["options"]
            parts = {"engine_decision": 1e6 / row["decisions_per_second"]["engine"]}
            parts.update(step_parts(name, options, args.parts, args.seed))
            row["parts_us"] = parts
            print(f"{name} ({options['players']}) | {parts['engine_decision']:.1f} | "
                  f"{parts['observations']:.1f} | {parts['masks']:.1f}", flush=True)
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
