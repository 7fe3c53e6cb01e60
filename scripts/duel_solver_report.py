"""What the exact 2-player Duel solution says, and how the other bots fare against it.

Part one prints, for the default options and some variants (the other deflection
reading, other targets), the first seat's value of the game: its chance to win
and its expected result counting a win +1 and a loss -1. It also prints what the
solution does at the start of a duel and how duels and games go when both seats
play it: the chance a duel ends without a winner, the mean shootouts per duel and
duels per game, and the chance that the duel limit, which the solution leaves
out, would decide a game.

Part two plays matches of the solver against the other bots through the match
runner (``plunder.match.run_match``: seats rotate, game ``i`` is seeded
``seed + i``) and reports the solver's win share with a 95% Wilson interval. The
game is worth exactly 1/2 to each seat, so an opponent's shortfall, the solver's
share minus 1/2, is what the opponent loses by not playing the equilibrium: a
lower bound on its exploitability (a best reply to it would win even more). For
the random bot the share is also worked out exactly from the solution.

Run it from the project root::

    python scripts/duel_solver_report.py                          # 100 games per match
    python scripts/duel_solver_report.py --games 400 --jobs 2 --json
    python scripts/duel_solver_report.py --opponents random,greedy:hard,ismcts:easy
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

from plunder import bots as bot_registry
from plunder.games.duel import solver
from plunder.games.duel.rules import CARD_NAMES
from plunder.match import run_match

# (label, options) of the variants whose values are printed.
VARIANTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("default", {}),
    ("per-weapon", {"deflection": "per-weapon"}),
    ("target 3", {"target": 3}),
    ("target 10", {"target": 10}),
    ("per-weapon, target 3", {"deflection": "per-weapon", "target": 3}),
)


def default_opponents() -> list[str]:
    """random and greedy, and the cheapest ismcts level when that bot exists."""
    names = bot_registry.names("duel")
    wanted = ["random", "greedy", "ismcts:easy"]
    return [spec for spec in wanted if spec.split(":")[0] in names]


def describe_move(move: solver.Move) -> str:
    card, aimed = move
    return f"{CARD_NAMES[card]}>opponent" if aimed else CARD_NAMES[card]


def variant_figures(label: str, options: dict[str, Any]) -> dict[str, Any]:
    """The solution's figures for one set of options."""
    game = solver.game_solution({"players": 2, **options})
    duel = game.duel
    start = duel.states[duel.start]
    mix = duel.strategy(start, game.shootout_limit)
    value = game.first_seat_value
    return {
        "label": label,
        "options": {
            "deflection": game.deflection,
            "target": game.target,
            "shootout_limit": game.shootout_limit,
            "duel_limit": game.duel_limit,
        },
        # Rounded to 12 places: the values are exact to about 1e-15, and a printed
        # "-0.000000" would suggest a sign that is only rounding.
        "first_seat_win": round(value, 12) + 0.0,
        "first_seat_expected": round(2 * value - 1, 12) + 0.0,
        "lead_by_one": game.scores[(1, 0)] if game.target > 1 else 1.0,
        "opening": {describe_move(move): p for move, p in mix if p > 1e-9},
        "duel_no_winner": game.odds.no_winner,
        "mean_shootouts": game.odds.mean_shootouts,
        "mean_duels": game.mean_duels,
        "duel_limit_chance": game.limit_chance,
        "levels": duel.levels,
        "states": len(duel.states),
    }


def exact_against_random(options: dict[str, Any]) -> float:
    """The solver's exact chance to win a game against uniformly random play."""
    game = solver.game_solution({"players": 2, **options})
    duel = game.duel

    def uniform(pair: solver.Pair, _left: int) -> list[float]:
        moves = duel.model.moves(pair[0])
        return [1 / len(moves)] * len(moves)

    odds = duel.odds(game.shootout_limit, uniform)
    per_duel = odds.first_wins / (odds.first_wins + odds.second_wins)
    return solver.race(game.target, per_duel)[(0, 0)]


def match_figures(opponent: str, games: int, jobs: int, seed: int) -> dict[str, Any]:
    started = time.perf_counter()
    report = run_match("duel", ["solver", opponent], games=games, seed=seed, jobs=jobs)
    mine, theirs = report.bots
    figures = {
        "opponent": opponent,
        "games": report.games,
        "solver_share": mine.win_share,
        "ci95": [mine.ci_low, mine.ci_high],
        # What the opponent gives up against the equilibrium (negative: it did
        # better than the game's value, which can only be luck).
        "opponent_loses": mine.win_share - 0.5,
        "opponent_ms_per_decision": theirs.mean_decision_ms,
        "solver_ms_per_decision": mine.mean_decision_ms,
        "seconds": time.perf_counter() - started,
    }
    if opponent.split(":")[0] == "random":
        figures["exact_solver_share"] = exact_against_random({})
    return figures


def print_text(values: list[dict[str, Any]], matches: list[dict[str, Any]]) -> None:
    print("Value of 2-player Duel for the first seat (win = +1, loss = -1 for the expectation)")
    for v in values:
        o = v["options"]
        print(
            f"  {v['label']:<22} deflection={o['deflection']:<10} target={o['target']:<3}"
            f" win {v['first_seat_win']:.6f}  expected {v['first_seat_expected']:+.6f}"
            f"  $1 ahead: win {v['lead_by_one']:.4f}"
        )
        opening = ", ".join(f"{move} {p:.3f}" for move, p in v["opening"].items())
        print(f"    opening mix: {opening}")
        print(
            f"    duels without a winner {v['duel_no_winner']:.4%}, "
            f"{v['mean_shootouts']:.2f} shootouts per duel, {v['mean_duels']:.2f} duels "
            f"per game, duel limit decides {v['duel_limit_chance']:.2g} of games "
            f"({v['states']} states, {v['levels']} levels)"
        )
    if not matches:
        return
    print()
    print("Matches against the solver (default options; the game is worth 1/2 to each seat)")
    for m in matches:
        low, high = m["ci95"]
        exact = m.get("exact_solver_share")
        print(
            f"  solver vs {m['opponent']:<14} {m['games']:>5} games: solver wins "
            f"{m['solver_share']:.1%} (95% CI {low:.1%}-{high:.1%}); "
            f"{m['opponent']}'s shortfall {m['opponent_loses']:+.3f}"
            + (f" (exactly {exact - 0.5:+.3f})" if exact is not None else "")
            + f"; {m['seconds']:.0f} s"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per match (default 100)")
    parser.add_argument(
        "--jobs", type=int, default=1, help="worker processes per match (0: one per core)"
    )
    parser.add_argument("--seed", type=int, default=1, help="game i of a match is seeded SEED+i")
    parser.add_argument(
        "--opponents",
        default=None,
        help="comma-separated bot specs to play (default: random, greedy and ismcts:easy "
        "when it exists); an empty value plays no matches",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 0:
        parser.error("--games must be at least 1 and --jobs at least 0")
    opponents = (
        default_opponents()
        if args.opponents is None
        else [spec.strip() for spec in args.opponents.split(",") if spec.strip()]
    )
    values = [variant_figures(label, options) for label, options in VARIANTS]
    matches = [match_figures(spec, args.games, args.jobs, args.seed) for spec in opponents]
    if args.json:
        print(json.dumps({"values": values, "matches": matches}, indent=2))
    else:
        print_text(values, matches)
    return 0


if __name__ == "__main__":
    sys.exit(main())
