"""Random-playout speed of one or more source trees of plunder, measured side by side.

For each tree given with ``--tree`` (oldest first), a worker runs in a subprocess
of this interpreter with ``PYTHONPATH=<tree>/src``, so each tree is measured with
its own code, and plays the same fixed work for each game of ``--game``:

* whole random playouts from fixed seeds (each decision drawn uniformly from the
  seat's legal actions by a generator seeded per game), timed together: the
  figure is decisions per second. The trees play the same games when their rules
  agree, and the table says so (the decisions each tree made);
* ``clone()`` of states taken part-way through those games, in microseconds.

The trees are measured in rounds, each round every tree once (in turn forwards and
backwards, so that neither always runs first), and each figure is the median
over the rounds (and, beside it, the best round: the highest rate, the lowest
cost); a shared, noisy machine then penalises every tree alike. Each ratio is the
last tree's figure over the first's.

Run it from the project root, with an older tree's source unpacked somewhere::

    git archive <commit> src | tar -x -C /tmp/old
    python scripts/bench_trees.py --tree /tmp/old --tree . --rounds 7
    python scripts/bench_trees.py --tree . --quick --json out.json   # to try the script
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve()
# Each game, the options it is played with.
GAMES: dict[str, dict[str, Any]] = {
    "rumbones": {"players": 2},
    "duel": {"players": 3},
}


# ------------------------------------------------------------------ the worker
def playout(state: Any, rng: random.Random, limit: int | None = None) -> int:
    """Play ``state`` at random to its end (or ``limit`` decisions); the decisions made."""
    decisions = 0
    while not state.is_over:
        for seat in sorted(state.pending):
            if limit is not None and decisions >= limit:
                return decisions
            state.act(seat, rng.choice(state.legal(seat)))
            decisions += 1
    return decisions


def measure(name: str, games: int, clones: int) -> dict[str, Any]:
    """One game's figures in this process: decisions per second over ``games`` whole
    playouts, and the median cost of a ``clone()`` of states part-way through them."""
    import plunder  # the tree's own, from PYTHONPATH

    game = plunder.load(name, **GAMES[name])
    clock = time.perf_counter
    decisions = 0
    start = clock()
    for seed in range(1, games + 1):
        decisions += playout(game.new(seed=seed), random.Random(seed))
    seconds = clock() - start
    # Clone costs: states stopped after a drawn number of decisions of the same games.
    picker = random.Random(0)
    costs = []
    for seed in range(1, clones + 1):
        state = game.new(seed=seed)
        playout(state, random.Random(seed), limit=picker.randrange(1, 400))
        repeat = 50
        begin = clock()
        for _ in range(repeat):
            state.clone()
        costs.append((clock() - begin) / repeat * 1e6)
    return {
        "decisions": decisions,
        "decisions_per_second": decisions / seconds,
        "clone_us": statistics.median(costs),
    }


def worker(names: Sequence[str], games: int, clones: int) -> dict[str, Any]:
    import plunder

    # Where the code measured came from: the tree's own source, not an installed copy.
    return {"source": plunder.__file__, **{name: measure(name, games, clones) for name in names}}


# ------------------------------------------------------------------ the run
def run_tree(tree: Path, names: Sequence[str], games: int, clones: int) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--worker", ",".join(names), str(games), str(clones)],
        env=env, capture_output=True, text=True, check=True,
    )
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


def run(trees: Sequence[Path], names: Sequence[str], rounds: int, games: int,
        clones: int) -> dict[str, Any]:
    found: list[list[dict[str, Any]]] = [[] for _ in trees]
    for number in range(rounds):
        order = list(range(len(trees)))
        if number % 2:
            order.reverse()
        for index in order:
            found[index].append(run_tree(trees[index], names, games, clones))
    out: dict[str, Any] = {"trees": [str(t) for t in trees], "rounds": rounds, "games": games,
                           "clones": clones, "figures": {}}
    for name in names:
        for figure in ("decisions_per_second", "clone_us"):
            medians = [statistics.median(r[name][figure] for r in runs) for runs in found]
            # The best round, the least disturbed by the rest of the machine: the
            # highest rate, the lowest cost.
            pick = max if figure == "decisions_per_second" else min
            best = [pick(r[name][figure] for r in runs) for runs in found]
            out["figures"][f"{name} {figure}"] = {
                "medians": medians,
                "best": best,
                "rounds": [[r[name][figure] for r in runs] for runs in found],
                "ratio": medians[-1] / medians[0],
                "best_ratio": best[-1] / best[0],
            }
        out["figures"][f"{name} decisions"] = [runs[0][name]["decisions"] for runs in found]
    out["sources"] = [runs[0]["source"] for runs in found]
    return out


def report(out: dict[str, Any]) -> None:
    print(f"{out['rounds']} rounds; {out['games']} playouts and {out['clones']} cloned states "
          "per game and tree")
    for index, tree in enumerate(out["trees"]):
        print(f"  tree {index + 1}: {tree}")
    for key, value in out["figures"].items():
        if key.endswith(" decisions"):
            print(f"{key:36} {'  '.join(f'{v:>10}' for v in value)}  (the same games when equal)")
            continue
        cells = "  ".join(f"{v:10.1f}" for v in value["medians"])
        best = "  ".join(f"{v:10.1f}" for v in value["best"])
        print(f"{key:36} {cells}  ratio {value['ratio']:.3f}   best {best}  ratio "
              f"{value['best_ratio']:.3f}")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", type=Path,
                        help="a source tree (a folder holding src/plunder); oldest first")
    parser.add_argument("--game", action="append", choices=sorted(GAMES),
                        help="a game to measure (default: all of " + ", ".join(GAMES) + ")")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (default 5)")
    parser.add_argument("--games", type=int, default=40,
                        help="playouts per game, tree and round (default 40)")
    parser.add_argument("--clones", type=int, default=20,
                        help="states whose clone is timed (default 20)")
    parser.add_argument("--quick", action="store_true", help="tiny counts, to try the script")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON to PATH")
    parser.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds, args.games, args.clones = 1, 2, 2
    if min(args.rounds, args.games, args.clones) < 1:
        parser.error("--rounds, --games and --clones must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.worker:
        names, games, clones = args.worker
        print(json.dumps(worker(names.split(","), int(games), int(clones))))
        return 0
    trees = [t.resolve() for t in (args.tree or [Path(".")])]
    out = run(trees, args.game or list(GAMES), args.rounds, args.games, args.clones)
    report(out)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
