"""A strength ladder per game: a fixed pool of bots, played round-robin through the lab.

Each game's pool is ``random``, the game's own bots (``greedy``; ``lookahead``
where kept; ``solver`` where the table is solved) and ``ismcts`` at fixed
iteration counts with no clock, so the ladder is the same on a busy machine as
on an idle one. The lab (``plunder.lab``) plays every line-up of as many bots as
seats, every bot in every seat equally often, game ``i`` dealt ``seed + i``, and
rates the bots: openskill (Plackett-Luce) mu and sigma, each bot's win share
over the seats it filled with its Wilson 95% interval, and alpha-Rank where
OpenSpiel is installed. The ladder lists the bots by openskill's cautious
estimate (mu - 3 sigma), and names the code it ran on (the git commit).

Run it from the project root::

    python scripts/ladder.py --games-per-table 60 --jobs 2           # every game
    python scripts/ladder.py --game duel --iterations 100,300,1000 --games-per-table 200
    python scripts/ladder.py --game rumble --out ladders/             # also JSON and a plot
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import plunder
from plunder.bots import names

# One table per game: the solved one for Duel, Pirate Rumble's usual brawl of four.
TABLES = {"duel": 2, "rumble": 4, "swordplay": 2, "underfire": 2, "rumbones": 2}
ITERATIONS = (100, 300, 1000)  # the full-size ladder adds 3000 (normal) and 12000 (hard)


def pool(game: str, iterations: tuple[int, ...]) -> list[str]:
    """The ladder's bots for ``game``: random, the game's own, then ismcts by budget."""
    own = [n for n in names(game) if n not in ("random", "ismcts")]
    return ["random", *own, *(f"ismcts:iterations={n}" for n in iterations)]


def fingerprint() -> str:
    """The git commit of the code, marked ``+changes`` when the code (``src``,
    ``scripts``) in the work tree differs from it; records and docs may."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], capture_output=True, text=True, check=False,
                              cwd=Path(__file__).resolve().parents[1]).stdout.strip()

    commit = git("rev-parse", "--short=12", "HEAD") or "unknown"
    return commit + ("+changes" if git("status", "--porcelain", "--", "src", "scripts") else "")


def ladder(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The report's bots, best first, each with its rating and win share."""
    study = report["studies"][0]
    found = study["ratings"]
    shares = study["measures"]["bots"]
    alpha = found["alpha_rank"]
    rows = []
    for index, bot in enumerate(found["bots"]):
        skill = found["openskill"][bot]
        rows.append({
            "bot": bot,
            "mu": skill["mu"],
            "sigma": skill["sigma"],
            "ordinal": skill["ordinal"],
            "share": shares[bot]["share"],
            "ci95": shares[bot]["ci95"],
            "seats": shares[bot]["trials"],
            "alpha_rank": None if alpha is None else alpha[index],
        })
    return sorted(rows, key=lambda row: row["ordinal"], reverse=True)


def markdown(game: str, players: int, report: dict[str, Any], rows: list[dict[str, Any]],
             command: str, commit: str, seconds: float) -> str:
    """The ladder as a table, with what made it."""
    fair = 1.0 / players
    head = (f"{plunder.load(game).title}, {players} players: {report['games']} games, "
            f"seed {report['seed']}, code {commit}, {seconds / 60:.1f} min "
            f"(fair share {100 * fair:.0f}%)\n`{command}`\n\n")
    lines = ["| rank | bot | openskill mu ± sigma | mu - 3 sigma | win share (95% CI) | seats |"
             + (" alpha-Rank |" if rows and rows[0]["alpha_rank"] is not None else ""),
             "|---|---|---|---|---|---|"
             + ("---|" if rows and rows[0]["alpha_rank"] is not None else "")]
    for rank, row in enumerate(rows, start=1):
        low, high = row["ci95"]
        line = (f"| {rank} | `{row['bot']}` | {row['mu']:.1f} ± {row['sigma']:.1f} | "
                f"{row['ordinal']:.1f} | {100 * row['share']:.1f}% "
                f"({100 * low:.1f}-{100 * high:.1f}%) | {row['seats']} |")
        if row["alpha_rank"] is not None:
            line += f" {row['alpha_rank']:.2f} |"
        lines.append(line)
    return head + "\n".join(lines) + "\n"


def run(game: str, iterations: tuple[int, ...], games: int, seed: int, jobs: int,
        out: Path | None, command: str) -> str:
    from plunder.lab.run import Backend
    from plunder.lab.study import LabSpec, run_lab

    players = TABLES[game]
    bots = pool(game, iterations)
    spec = LabSpec(game, tuple(bots), games, {"players": players}, seed)
    commit = fingerprint()  # before the games: the code they are played by
    started = time.perf_counter()
    report = run_lab(spec, Backend(jobs=jobs))
    seconds = time.perf_counter() - started
    rows = ladder(report)
    text = markdown(game, players, report, rows, command, commit, seconds)
    if out is not None:
        from plunder.lab import plots

        out.mkdir(parents=True, exist_ok=True)
        (out / f"ladder-{game}.json").write_text(json.dumps(
            {"game": game, "players": players, "games": games, "seed": seed, "code": commit,
             "command": command, "seconds": seconds, "ladder": rows}, indent=2) + "\n",
            encoding="utf-8")
        (out / f"ladder-{game}.md").write_text(text, encoding="utf-8")
        plots.save(plots.ratings(report["studies"][0]["ratings"]), out / f"ladder-{game}.png")
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", help="one game (default: every game, one after another)")
    parser.add_argument("--iterations", default=",".join(map(str, ITERATIONS)),
                        help="ismcts's iteration counts, a comma list (default 100,300,1000)")
    parser.add_argument("--games-per-table", type=int, default=60, dest="games",
                        help="games per ladder (default 60)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=0, help="worker processes (0: one a core)")
    parser.add_argument("--out", type=Path, help="also write each ladder's JSON, table and plot")
    args = parser.parse_args(argv)
    if args.game is not None and args.game not in TABLES:
        parser.error(f"--game must be one of {', '.join(TABLES)}")
    if args.games < 1:
        parser.error("--games-per-table must be at least 1")
    iterations = tuple(int(n) for n in args.iterations.split(",") if n)
    command = "python scripts/ladder.py " + " ".join(
        shlex.quote(a) for a in (argv if argv is not None else sys.argv[1:]))
    for game in [args.game] if args.game else list(TABLES):
        print(run(game, iterations, args.games, args.seed, args.jobs, args.out, command),
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
