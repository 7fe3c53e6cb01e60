"""A game's benchmark card: reference learning curves over several training seeds.

For one game, ``scripts/learn.py`` trains MaskablePPO once per seed (``--seeds``,
three by default) for the same number of steps (``--timesteps``: the same curve
on any machine), evaluating the policy every ``--eval-every-steps`` against a
fixed pool of plunder's bots (``--eval``: ``random`` and ``greedy``) and, at the
end, over ``--final-games`` games against each (1,000 by default; its seat goes
round the table, game ``i`` dealt seed ``10000 + i`` of the evaluation, the same
deals for every seed).

The card, written to ``<out>/<game>.json`` and drawn in ``<out>/<game>.png``,
gives for each bot of the pool: each seed's final win share with its 95% Wilson
interval, the seeds pooled (every final game of every seed) with theirs, and the
spread between the seeds; and the curves, each seed's and their mean. A draw
counts as the seat's share of it (``result.returns()``). The card also keeps
the settings, the game's options and the code's commit, so that it can be made
again. The learning libraries of the ``learn`` extra are needed (see
``scripts/learn.py``).

Run it from the project root::

    python scripts/benchmark_card.py --game swordplay --players 2 --opponents random \\
        --timesteps 2400000 --out docs/figures/cards --runs runs/cards
    python scripts/benchmark_card.py --cards docs/figures/cards   # the cards as Markdown
    python scripts/benchmark_card.py --cards docs/figures/cards --redraw  # and their figures
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from pathlib import Path
from typing import Any

from plunder.match import wilson_interval

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # loaded as a module; run as a script, it is there already
    sys.path.insert(0, str(HERE))
import learn  # noqa: E402  (scripts/learn.py, beside this one)
from ladder import fingerprint  # noqa: E402


def card(game: str, runs: dict[int, dict[str, Any]], specs: list[str]) -> dict[str, Any]:
    """The card of ``runs`` (seed -> ``{"summary": learn's summary.json, "curve": its
    rows}``): for each bot of ``specs``, each seed's final share and interval, the
    seeds pooled, and the spread; and the curves."""
    pool: dict[str, Any] = {}
    for spec in specs:
        seeds = {}
        wins = 0.0
        games = 0
        for seed, run in sorted(runs.items()):
            final = run["summary"]["final"]
            share, count = float(final[f"vs {spec}"]), int(final["games"])
            low, high = wilson_interval(share * count, count)
            seeds[str(seed)] = {"share": share, "low": low, "high": high, "games": count}
            wins += share * count
            games += count
        shares = [entry["share"] for entry in seeds.values()]
        low, high = wilson_interval(wins, games)
        pool[spec] = {"seeds": seeds, "pooled": {"share": wins / games, "low": low,
                                                 "high": high, "games": games},
                      "spread": [min(shares), max(shares)]}
    curves = {str(seed): [{"timesteps": int(row["timesteps"]),
                           **{spec: float(row[f"vs {spec}"]) for spec in specs}}
                          for row in run["curve"]]
              for seed, run in sorted(runs.items())}
    return {"game": game, "pool": pool, "curves": curves}


def markdown(found: dict[str, Any]) -> str:
    """The card as a Markdown table: a row for each bot of the pool."""
    settings = found["settings"]
    seeds = sorted(found["curves"], key=int)
    lines = [
        f"**{found['game']}** ({settings['players']} players, {settings['timesteps']:,} steps "
        f"against `{settings['opponents']}`, seeds {', '.join(seeds)}, code {found['commit']})",
        "",
        "| against | " + " | ".join(f"seed {s}" for s in seeds)
        + " | seeds pooled | spread |",
        "|---|" + "---|" * len(seeds) + "---|---|",
    ]
    for spec, entry in found["pool"].items():
        cells = [f"{e['share']:.1%} ({e['low']:.1%}–{e['high']:.1%})"
                 for e in (entry["seeds"][s] for s in seeds)]
        pooled = entry["pooled"]
        lines.append(
            f"| `{spec}` | " + " | ".join(cells)
            + f" | {pooled['share']:.1%} ({pooled['low']:.1%}–{pooled['high']:.1%}),"
            f" {pooled['games']:,} games | {entry['spread'][0]:.1%}–{entry['spread'][1]:.1%} |")
    return "\n".join(lines)


def draw(found: dict[str, Any], path: Path) -> None:
    """Each bot's curves: every seed's, thin, and their mean."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4))
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    curves = list(found["curves"].values())
    for index, spec in enumerate(found["pool"]):
        colour = colours[index % len(colours)]
        for curve in curves:
            axes.plot([r["timesteps"] for r in curve], [r[spec] for r in curve],
                      color=colour, alpha=0.3, linewidth=1)
        points = min(len(curve) for curve in curves)
        steps = [sum(c[i]["timesteps"] for c in curves) / len(curves) for i in range(points)]
        mean = [sum(c[i][spec] for c in curves) / len(curves) for i in range(points)]
        axes.plot(steps, mean, color=colour, marker="o", label=f"against {spec} (mean)")
    players = found["settings"]["players"]
    axes.axhline(1 / players, color="grey", linestyle=":", label="an equal share")
    learn.save_figure(figure, axes, path, xlabel="training steps",
                      title=f"{found['game']} ({players} players): MaskablePPO, "
                            f"{len(curves)} seeds")


def read_run(folder: Path) -> dict[str, Any]:
    summary = json.loads((folder / "summary.json").read_text(encoding="utf-8"))
    with open(folder / "curve.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    return {"summary": summary, "curve": rows}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    learn.table_arguments(parser, opponents="random")
    parser.add_argument("--eval", default="random,greedy", help="the pool evaluated against")
    parser.add_argument("--seeds", default="1,2,3", help="the training seeds")
    parser.add_argument("--timesteps", type=int, default=2_000_000, help="steps a seed trains")
    parser.add_argument("--evals", type=int, default=5,
                        help="evaluations along the way (the curve's points)")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--final-games", type=int, default=1000)
    parser.add_argument("--envs", type=int, default=256, help="plays stepped at once")
    parser.add_argument("--out", default="runs/cards", help="where the cards go")
    parser.add_argument("--runs", default="runs/cards/runs",
                        help="where each seed's run (curve, model) goes")
    parser.add_argument("--cards", metavar="FOLDER",
                        help="print the cards found in FOLDER as Markdown, and train nothing")
    parser.add_argument("--redraw", action="store_true",
                        help="with --cards: draw each card's figure again from its file")
    args = parser.parse_args(argv)
    if args.cards:
        for path in sorted(Path(args.cards).glob("*.json")):
            found = json.loads(path.read_text(encoding="utf-8"))
            print(markdown(found), end="\n\n")
            if args.redraw:
                draw(found, path.with_suffix(".png"))
        return 0
    code = fingerprint()  # before the training: the code the card is made by
    out = Path(args.out)
    specs = [spec for spec in args.eval.split(",") if spec]
    runs: dict[int, dict[str, Any]] = {}
    for seed in (int(s) for s in args.seeds.split(",")):
        folder = Path(args.runs) / args.game / f"seed{seed}"
        print(f"{args.game}: seed {seed}, {args.timesteps:,} steps", flush=True)
        learn.main([
            "--game", args.game, "--players", str(args.players), "--opponents", args.opponents,
            "--eval", args.eval, "--timesteps", str(args.timesteps),
            "--eval-every-steps", str(max(1, args.timesteps // (args.evals + 1))),
            "--eval-games", str(args.eval_games), "--final-games", str(args.final_games),
            "--envs", str(args.envs), "--seed", str(seed), "--out", str(folder),
            *(f"--option={item}" for item in args.option),
        ])
        runs[seed] = read_run(folder)
    found = card(args.game, runs, specs)
    found["settings"] = {key: value for key, value in vars(args).items()
                         if key not in ("cards", "runs", "out")}
    found["options"] = runs[min(runs)]["summary"]["options"]
    found["commit"] = code
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{args.game}.json").write_text(json.dumps(found, indent=2), encoding="utf-8")
    draw(found, out / f"{args.game}.png")
    print(markdown(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
