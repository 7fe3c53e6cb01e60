"""The report's plots, drawn with matplotlib (Agg: no display, no window) as PNG files.

Each function takes a part of the report (JSON-ready data, never records) and
returns a finished figure; ``save`` writes it and closes it.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

from matplotlib import pyplot as plt
from matplotlib.figure import Figure

BAR = "#3b6ea5"
FAIR = "#c0392b"


def save(figure: Figure, path: Path) -> None:
    figure.tight_layout()
    figure.savefig(path, format="png", dpi=100)
    plt.close(figure)


def _shares(axes: Any, labels: Sequence[str], shares: Sequence[Mapping[str, Any]], fair: float,
            title: str) -> None:
    """Bars of win shares with their 95% intervals, and the fair share as a line."""
    values = [s["share"] for s in shares]
    below = [s["share"] - s["ci95"][0] for s in shares]
    above = [s["ci95"][1] - s["share"] for s in shares]
    axes.barh(range(len(values)), values, xerr=[below, above], color=BAR, capsize=4)
    axes.set_yticks(range(len(values)), labels)
    axes.invert_yaxis()
    axes.axvline(fair, color=FAIR, linestyle="--", label=f"fair share {fair:.0%}")
    axes.set_xlim(0, max(1.0, *(s["ci95"][1] for s in shares)) if shares else 1.0)
    axes.set_xlabel("win share (95% interval)")
    axes.set_title(title)
    axes.legend(loc="lower right", fontsize="small")


def seat_shares(measures: Mapping[str, Any]) -> Figure:
    """Each seat's and each bot's win share with its interval; the first player's and
    each side's beside them."""
    figure, (seats, bots, sides) = plt.subplots(1, 3, figsize=(15, 3.5))
    rows = measures["seats"]
    _shares(seats, [f"seat {s}" for s in range(len(rows))], rows, measures["fair_share"],
            f"Win share by seat (balance {measures['balance']:.3f})")
    names = list(measures["bots"])
    _shares(bots, names, [measures["bots"][b] for b in names], measures["fair_share"],
            "Win share by bot (per seat filled)")
    first = measures["first_player"]
    found = measures["sides"]
    _shares(sides, ["first player", *found], [first, *found.values()], first["fair_share"],
            "Win share of the first player" + (" and by side" if found else ""))
    return figure


def _histogram(axes: Any, found: Mapping[str, Any], label: str) -> None:
    edges, counts = found["histogram"]["edges"], found["histogram"]["counts"]
    widths = [b - a for a, b in itertools.pairwise(edges)]
    axes.bar(edges[:-1], counts, width=widths, align="edge", color=BAR, edgecolor="white")
    axes.axvline(found["mean"], color=FAIR, linestyle="--", label=f"mean {found['mean']:.1f}")
    axes.set_xlabel(label)
    axes.set_ylabel("games")
    axes.set_title(f"Game length in {label} (sd {found['sd']:.1f})")
    axes.legend(fontsize="small")


def length(measures: Mapping[str, Any]) -> Figure:
    """Histograms of game length, in decisions and in the game's own rounds or turns."""
    found = measures["length"]
    panels = 2 if found["rounds"] else 1
    figure, axes = plt.subplots(1, panels, figsize=(5 * panels, 3.5), squeeze=False)
    _histogram(axes[0][0], found["decisions"], "decisions")
    if found["rounds"]:
        _histogram(axes[0][1], found["rounds"], found["unit"] or "rounds")
    return figure


def ratings(found: Mapping[str, Any]) -> Figure:
    """Skill ratings (mu with one sigma) and the win-rate matrix."""
    figure, (bars, grid) = plt.subplots(1, 2, figsize=(10, 3.5))
    bots = found["bots"]
    skill = found["openskill"]
    bars.barh(range(len(bots)), [skill[b]["mu"] for b in bots],
              xerr=[skill[b]["sigma"] for b in bots], color=BAR, capsize=4)
    bars.set_yticks(range(len(bots)), bots)
    bars.invert_yaxis()
    bars.set_xlabel("openskill mu (± sigma)")
    title = "Ratings"
    if found["alpha_rank"] is not None:
        title += " (alpha-Rank: " + ", ".join(
            f"{b} {p:.2f}" for b, p in zip(bots, found["alpha_rank"], strict=True)) + ")"
    bars.set_title(title, fontsize="medium")
    matrix = [[float("nan") if v is None else v for v in row] for row in found["win_matrix"]]
    shown = grid.imshow(matrix, vmin=0, vmax=1, cmap="RdBu")
    grid.set_xticks(range(len(bots)), bots, rotation=30, ha="right")
    grid.set_yticks(range(len(bots)), bots)
    for a, row in enumerate(found["win_matrix"]):
        for b, value in enumerate(row):
            if value is not None:
                grid.text(b, a, f"{value:.2f}", ha="center", va="center", fontsize="small")
    grid.set_title("Win rate of row against column")
    figure.colorbar(shown, ax=grid)
    return figure


def content_picks(kind: str, pieces: Mapping[str, Any], fair: float) -> Figure:
    """Each piece's win share over the seats that had it."""
    names = list(pieces)
    figure, axes = plt.subplots(figsize=(7, 1.2 + 0.35 * len(names)))
    _shares(axes, names, [pieces[n] for n in names], fair, f"Win share by {kind}")
    return figure


def content_plays(kind: str, pieces: Mapping[str, Any]) -> Figure:
    """Each piece's plays per game, and the share of its plays made by winners."""
    names = list(pieces)
    height = 1.2 + 0.35 * len(names)
    figure, (played, won) = plt.subplots(1, 2, figsize=(10, height))
    played.barh(range(len(names)), [pieces[n]["per_game"] for n in names], color=BAR)
    played.set_yticks(range(len(names)), names)
    played.invert_yaxis()
    played.set_title(f"{kind}: plays per game")
    won.barh(range(len(names)), [pieces[n]["winners_share"] for n in names], color=BAR)
    won.set_yticks(range(len(names)), names)
    won.invert_yaxis()
    won.set_xlim(0, 1)
    won.set_title(f"{kind}: share of plays made by winners")
    return figure


# A measure at one value of a sweep, and its 95% interval (low, high) or None.
Point = tuple[float | None, Sequence[float] | None]


def _share_point(found: Mapping[str, Any] | None) -> Point:
    return (None, None) if found is None else (found["share"], found["ci95"])


def _mean_point(found: Mapping[str, Any] | None) -> Point:
    if not found or found["mean"] is None:
        return None, None
    return found["mean"], found.get("mean_ci95")


def sweep(option: str, values: Sequence[Any], studies: Sequence[Mapping[str, Any]]) -> Figure:
    """Each headline measure against the swept option's value."""
    at = list(range(len(values)))
    labels = [str(v) for v in values]
    measures = [s["measures"] for s in studies]
    # Each curve: its name and, per value, the measure and its 95% interval (None where
    # the measure has none).
    curves: list[tuple[str, list[Point]]] = [
        ("balance", [(m["balance"], m["balance_ci95"]) for m in measures]),
        ("first player's advantage",
         [(m["first_player"]["advantage"]["value"], m["first_player"]["advantage"]["ci95"])
          for m in measures]),
        ("first-seat advantage",
         [(m["first_seat_advantage"], m["first_seat_advantage_ci95"]) for m in measures]),
        ("no-winner share (not cut off)",
         [_share_point(m["outcomes"]["no_winner"]) for m in measures]),
        ("cut-off share", [_share_point(m["outcomes"]["cut_off"]) for m in measures]),
        ("mean length (decisions)", [_mean_point(m["length"]["decisions"]) for m in measures]),
    ]
    if measures[0]["length"]["rounds"]:
        unit = measures[0]["length"]["unit"] or "rounds"
        curves.append((f"mean length ({unit})",
                       [_mean_point(m["length"]["rounds"]) for m in measures]))
    if measures[0]["drama"]:
        curves.append(("lead changes per game",
                       [_mean_point((m["drama"] or {}).get("lead_changes")) for m in measures]))
    panels = len(curves) + 1
    columns = 3
    rows = (panels + columns - 1) // columns
    figure, axes = plt.subplots(rows, columns, figsize=(12, 3 * rows), squeeze=False)
    flat = [a for row in axes for a in row]
    for axes_one, (name, ys) in zip(flat, curves, strict=False):
        points = [(x, y, ci) for x, (y, ci) in zip(at, ys, strict=True) if y is not None]
        if points:
            xs = [x for x, _, _ in points]
            values = [y for _, y, _ in points]
            axes_one.plot(xs, values, marker="o", color=BAR)
            bars = [(x, y, ci) for x, y, ci in points if ci is not None]
            if bars:
                axes_one.errorbar(
                    [x for x, _, _ in bars], [y for _, y, _ in bars],
                    yerr=[[y - ci[0] for _, y, ci in bars], [ci[1] - y for _, y, ci in bars]],
                    fmt="none", ecolor=BAR, capsize=3,
                )
        axes_one.set_title(name + ("" if any(ci for _, ci in ys) else " (no interval)"))
    wins = flat[len(curves)]
    for bot in measures[0]["bots"]:
        shares = [m["bots"][bot] for m in measures]
        wins.errorbar(at, [s["share"] for s in shares],
                      yerr=[[s["share"] - s["ci95"][0] for s in shares],
                            [s["ci95"][1] - s["share"] for s in shares]],
                      marker="o", capsize=3, label=bot)
    wins.set_title("win share by bot")
    wins.legend(fontsize="small")
    for axes_one in flat[:panels]:
        axes_one.set_xticks(at, labels)
        axes_one.set_xlabel(option)
    for axes_one in flat[panels:]:
        axes_one.set_visible(False)
    return figure


__all__ = ["content_picks", "content_plays", "length", "ratings", "save", "seat_shares", "sweep"]
