"""Random-playout throughput of plunder's Duel next to an OpenSpiel Python game.

One run measures, in the same process and on the same machine:

* decisions per second of uniformly random playouts of Duel with 3 players
  (``plunder.load("duel", players=3)``; ``--game`` and ``--players`` name another
  table); every ``state.act`` of a pending seat is one decision;
* the same for OpenSpiel's ``python_iterated_prisoners_dilemma``, a
  simultaneous-move game written in Python with a chance node for continuation;
  at a simultaneous node each player's choice is one decision, and chance
  outcomes (sampled with the same generator) are not decisions;
* the cost per call, in microseconds, of plunder's ``clone``, ``determinize`` and
  ``view`` (with and without the event log) on mid-game states of that game, and of
  OpenSpiel's ``clone`` on mid-game states of the same Python game.

The measurements run one after the other in rounds (plunder playouts, OpenSpiel
playouts, then the per-call costs), and each figure reported is the median over
the rounds, so that a noisy machine penalises both sides alike.

Run it from the project root with the ``bench`` extra installed::

    python scripts/bench_playouts.py                      # 3 rounds of 5 s per side
    python scripts/bench_playouts.py --seconds 2 --rounds 5 --json bench.json
    python scripts/bench_playouts.py --game rumbones --players 2   # another game's playouts

``--seconds`` is the playout budget of each side in each round, so the playouts
take about ``2 * rounds * seconds`` in all.
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
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import plunder
from plunder.engine.state import State

PLUNDER_GAME = "duel"
PLUNDER_PLAYERS = 3
OPENSPIEL_GAME = "python_iterated_prisoners_dilemma"


@dataclass(frozen=True, slots=True)
class Playouts:
    """What one timed batch of random playouts did."""

    games: int
    decisions: int
    seconds: float

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else 0.0


# ------------------------------------------------------------------ plunder
def plunder_playout(state: State, rng: random.Random, limit: int | None = None) -> int:
    """Play ``state`` at random to its end (or ``limit`` decisions); return the decisions made."""
    decisions = 0
    while not state.is_over:
        for seat in state.seats_to_act():
            if limit is not None and decisions >= limit:
                return decisions
            state.act(seat, rng.choice(state.legal(seat)))
            decisions += 1
    return decisions


def timed_playouts(play: Callable[[int], int], seconds: float) -> Playouts:
    """Call ``play(game_number)`` (it returns the decisions made) until ``seconds`` pass."""
    clock = time.perf_counter
    games = decisions = 0
    start = clock()
    deadline = start + seconds
    while True:
        decisions += play(games)
        games += 1
        now = clock()
        if now >= deadline:
            return Playouts(games, decisions, now - start)


def plunder_playouts(seconds: float, seed: int, name: str = PLUNDER_GAME,
                     players: int = PLUNDER_PLAYERS) -> Playouts:
    """Random playouts of ``name`` (Duel by default), whole games from fresh seeds,
    until ``seconds`` have passed."""
    game = plunder.load(name, players=players)
    rng = random.Random(seed)
    return timed_playouts(lambda n: plunder_playout(game.new(seed=seed + n), rng), seconds)


def plunder_midgame_states(count: int, seed: int, name: str = PLUNDER_GAME,
                           players: int = PLUNDER_PLAYERS) -> list[State]:
    """``count`` states of ``name`` stopped after a uniformly drawn number of random
    decisions."""
    game = plunder.load(name, players=players)
    picker = random.Random(seed)
    states: list[State] = []
    for i in range(count):
        length = plunder_playout(game.new(seed=seed + i), random.Random(seed + i))
        stop = picker.randrange(1, length) if length > 1 else 0
        # Replaying the same seeds reaches the same game, stopped part-way.
        state = game.new(seed=seed + i)
        plunder_playout(state, random.Random(seed + i), limit=stop)
        states.append(state)
    return states


# ---------------------------------------------------------------- OpenSpiel
def load_openspiel_game() -> Any:
    """The OpenSpiel game; Python games register themselves when their module is imported."""
    import open_spiel.python.games.iterated_prisoners_dilemma  # noqa: F401
    import pyspiel

    return pyspiel.load_game(OPENSPIEL_GAME)


def sample_chance(outcomes: Sequence[tuple[int, float]], rng: random.Random) -> int:
    """One outcome of a chance node, drawn with ``rng`` by its probability."""
    draw = rng.random()
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if draw < total:
            return int(action)
    return int(outcomes[-1][0])


def openspiel_playout(state: Any, rng: random.Random, limit: int | None = None) -> int:
    """Play an OpenSpiel state at random to its end (or about ``limit`` decisions)."""
    players = range(state.num_players())
    decisions = 0
    while not state.is_terminal():
        if limit is not None and decisions >= limit:
            return decisions
        if state.is_chance_node():
            state.apply_action(sample_chance(state.chance_outcomes(), rng))
        elif state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in players])
            decisions += len(players)
        else:
            state.apply_action(rng.choice(state.legal_actions(state.current_player())))
            decisions += 1
    return decisions


def openspiel_playouts(seconds: float, seed: int, game: Any | None = None) -> Playouts:
    """Random playouts of the OpenSpiel game, whole games, until ``seconds`` have passed."""
    game = game if game is not None else load_openspiel_game()
    rng = random.Random(seed)
    return timed_playouts(lambda _: openspiel_playout(game.new_initial_state(), rng), seconds)


def openspiel_midgame_states(count: int, seed: int, game: Any | None = None) -> list[Any]:
    """``count`` OpenSpiel states stopped after a uniformly drawn number of random decisions."""
    game = game if game is not None else load_openspiel_game()
    picker = random.Random(seed)
    states: list[Any] = []
    for i in range(count):
        length = openspiel_playout(game.new_initial_state(), random.Random(seed + i))
        stop = picker.randrange(1, length) if length > 1 else 0
        state = game.new_initial_state()
        openspiel_playout(state, random.Random(seed + i), limit=stop)
        states.append(state)
    return states


# ------------------------------------------------------------- per-call cost
def median_call_us(call: Callable[[Any], object], items: Sequence[Any], repeat: int) -> float:
    """Median over ``items`` of the mean cost of ``repeat`` calls of ``call(item)``, in µs.

    Timing a short batch per item keeps the clock's own cost out of the figure
    while the median over many states still reflects a typical mid-game state.
    """
    clock = time.perf_counter
    costs: list[float] = []
    for item in items:
        start = clock()
        for _ in range(repeat):
            call(item)
        costs.append((clock() - start) / repeat * 1e6)
    return statistics.median(costs)


def call_costs(
    plunder_states: Sequence[State],
    openspiel_states: Sequence[Any],
    repeat: int,
    seed: int,
) -> dict[str, float]:
    """Per-call costs (µs) of clone, determinize and view, and of OpenSpiel's clone."""
    seats = random.Random(seed)
    seated = [(state, seats.randrange(state.players)) for state in plunder_states]
    rng = random.Random(seed)
    return {
        "plunder_clone": median_call_us(lambda s: s[0].clone(), seated, repeat),
        "plunder_determinize": median_call_us(
            lambda s: s[0].determinize(s[1], rng), seated, repeat
        ),
        "plunder_view": median_call_us(lambda s: s[0].view(s[1]), seated, repeat),
        # What bots and learners ask for: the table without the event log.
        "plunder_view_without_log": median_call_us(
            lambda s: s[0].view(s[1], log=False), seated, repeat
        ),
        "openspiel_clone": median_call_us(lambda s: s.clone(), openspiel_states, repeat),
    }


# ------------------------------------------------------------------ the run
def run(seconds: float, rounds: int, samples: int, repeat: int, seed: int,
        name: str = PLUNDER_GAME, players: int = PLUNDER_PLAYERS) -> dict[str, Any]:
    """Every measurement, interleaved over ``rounds``; the figures are medians of rounds."""
    os_game = load_openspiel_game()
    plunder_states = plunder_midgame_states(samples, seed, name, players)
    openspiel_states = openspiel_midgame_states(samples, seed, os_game)
    plunder_rounds: list[Playouts] = []
    openspiel_rounds: list[Playouts] = []
    cost_rounds: list[dict[str, float]] = []
    for r in range(rounds):
        round_seed = seed + 1_000_003 * (r + 1)
        plunder_rounds.append(plunder_playouts(seconds, round_seed, name, players))
        openspiel_rounds.append(openspiel_playouts(seconds, round_seed, os_game))
        cost_rounds.append(call_costs(plunder_states, openspiel_states, repeat, round_seed))

    def summary(batches: list[Playouts]) -> dict[str, Any]:
        return {
            "decisions_per_second": statistics.median(b.decisions_per_second for b in batches),
            "games": sum(b.games for b in batches),
            "decisions": sum(b.decisions for b in batches),
            "rounds": [
                asdict(b) | {"decisions_per_second": b.decisions_per_second} for b in batches
            ],
        }

    plunder_summary = summary(plunder_rounds)
    openspiel_summary = summary(openspiel_rounds)
    costs = {name: statistics.median(c[name] for c in cost_rounds) for name in cost_rounds[0]}
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cpu_count": os.cpu_count(),
        "plunder_version": plunder.__version__,
        "openspiel_version": _openspiel_version(),
        "settings": {
            "seconds": seconds,
            "rounds": rounds,
            "samples": samples,
            "repeat": repeat,
            "seed": seed,
        },
        "playouts": {
            "plunder": {"game": f"{name} ({players} players)"} | plunder_summary,
            "openspiel": {"game": OPENSPIEL_GAME} | openspiel_summary,
        },
        "ratio_plunder_over_openspiel": (
            plunder_summary["decisions_per_second"] / openspiel_summary["decisions_per_second"]
        ),
        "per_call_us": costs,
        "per_call_us_rounds": cost_rounds,
    }


def _openspiel_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("open_spiel")
    except PackageNotFoundError:
        return "unknown"


def report(figures: dict[str, Any]) -> None:
    """Print the figures as tables."""
    from rich.console import Console
    from rich.table import Table

    # Wide enough for the OpenSpiel game's name even when the output is piped.
    console = Console(width=max(Console().width, 100))
    settings = figures["settings"]
    console.print(
        f"Python {figures['python']} ({figures['implementation']}) on {figures['platform']}, "
        f"{figures['cpu_count']} CPUs; plunder {figures['plunder_version']}, "
        f"open_spiel {figures['openspiel_version']}; {settings['rounds']} "
        f"round{'' if settings['rounds'] == 1 else 's'} of "
        f"{settings['seconds']:g} s per side"
    )
    playouts = Table(title="Random playouts, decisions per second (median of rounds)")
    playouts.add_column("engine")
    playouts.add_column("game")
    playouts.add_column("decisions/s", justify="right")
    playouts.add_column("games", justify="right")
    playouts.add_column("decisions", justify="right")
    for engine, entry in figures["playouts"].items():
        playouts.add_row(
            engine,
            entry["game"],
            f"{entry['decisions_per_second']:,.0f}",
            f"{entry['games']:,}",
            f"{entry['decisions']:,}",
        )
    console.print(playouts)
    for engine, entry in figures["playouts"].items():
        per_round = ", ".join(f"{r['decisions_per_second']:,.0f}" for r in entry["rounds"])
        console.print(f"{engine} per round: {per_round}")
    console.print(f"ratio plunder / OpenSpiel: {figures['ratio_plunder_over_openspiel']:.2f}")
    calls = Table(
        title="Cost per call on mid-game states, µs",
        caption=f"median over {settings['samples']} states of {settings['repeat']} calls each, "
        "median of rounds",
    )
    calls.add_column("call")
    calls.add_column("µs", justify="right")
    for name, cost in figures["per_call_us"].items():
        calls.add_row(name, f"{cost:,.2f}")
    console.print(calls)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds",
        type=float,
        default=5.0,
        help="playout budget of each side in each round (default 5)",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="rounds of interleaved measurements; figures are medians (default 3)",
    )
    parser.add_argument(
        "--samples",
        type=int,
        default=200,
        help="mid-game states per per-call measurement (default 200)",
    )
    parser.add_argument(
        "--repeat", type=int, default=20, help="calls timed together on each state (default 20)"
    )
    parser.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    parser.add_argument("--game", default=PLUNDER_GAME,
                        help=f"the plunder game played out (default {PLUNDER_GAME})")
    parser.add_argument("--players", type=int, default=PLUNDER_PLAYERS,
                        help=f"its players (default {PLUNDER_PLAYERS})")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON to PATH")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1 or args.samples < 1 or args.repeat < 1:
        parser.error("--seconds must be positive and --rounds, --samples, --repeat at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; return the process exit status."""
    args = parse_args(argv)
    figures = run(args.seconds, args.rounds, args.samples, args.repeat, args.seed,
                  args.game, args.players)
    report(figures)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(figures, out, indent=2)
            out.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
