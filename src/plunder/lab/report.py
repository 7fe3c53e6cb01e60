"""Writing a lab report: ``report.json``, the PNG plots and ``report.html``.

``report.html`` is one self-contained file: its style is inline and its plots
are embedded as base64 PNG, so it opens offline and asks nothing of the network.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from plunder.lab import html


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


def draw_plots(report: dict[str, Any], out: Path) -> list[Path]:
    """Draw every plot of ``report`` into ``out`` and list them in the report: each
    study's under its ``"plots"``, the sweep's under the report's ``"plots"``
    (name -> file name)."""
    from plunder.lab import plots  # matplotlib only when a report is drawn

    written = []
    several = len(report["studies"]) > 1

    def keep(figure: Any, name: str, table: dict[str, str]) -> None:
        path = out / f"{name}.png"
        plots.save(figure, path)
        table[name] = path.name
        written.append(path)

    for number, study in enumerate(report["studies"]):
        suffix = f"-{number + 1}" if several else ""
        table: dict[str, str] = {}
        measures = study["measures"]
        keep(plots.seat_shares(measures), f"seats{suffix}", table)
        keep(plots.length(measures), f"length{suffix}", table)
        keep(plots.ratings(study["ratings"]), f"ratings{suffix}", table)
        content = measures["content"] or {}
        fair = measures["fair_share"]
        for kind, pieces in content.get("picks", {}).items():
            keep(plots.content_picks(kind, pieces, fair), f"content-{_slug(kind)}{suffix}", table)
        for kind, pieces in content.get("plays", {}).items():
            keep(plots.content_plays(kind, pieces), f"plays-{_slug(kind)}{suffix}", table)
        study["plots"] = table
    report["plots"] = {}
    if report["sweep"] is not None:
        sweep = report["sweep"]
        figure = plots.sweep(sweep["option"], sweep["values"], report["studies"])
        keep(figure, "sweep", report["plots"])
    return written


# The folder of the report's directory that holds every game's record (--records).
RECORDS = "records"


def record_file(out: Path, study: int, studies: int, index: int) -> Path:
    """Where game ``index`` of study ``study`` (of ``studies``) keeps its record.

    >>> record_file(Path("lab"), 0, 1, 0).as_posix()
    'lab/records/game-000001.json'
    >>> record_file(Path("lab"), 1, 3, 41).as_posix()
    'lab/records/study-2/game-000042.json'
    """
    folder = out / RECORDS
    if studies > 1:
        folder = folder / f"study-{study + 1}"
    return folder / f"game-{index + 1:06d}.json"


def write_game_record(path: Path, record: Mapping[str, Any], bots: Sequence[str]) -> None:
    """A game's record as ``plunder replay`` reads it, with the bot at each seat."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({**record, "bots": list(bots)}) + "\n", encoding="utf-8")


def write_report(report: dict[str, Any], out: Path) -> list[Path]:
    """Write ``report.json``, the plots and ``report.html`` into ``out`` (made if
    missing); returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = draw_plots(report, out)
    data = out / "report.json"
    data.write_text(json.dumps(report, indent=2, allow_nan=False) + "\n", encoding="utf-8")
    page = out / "report.html"
    page.write_text(html.render(report, out), encoding="utf-8")
    return [data, page, *written]


__all__ = ["RECORDS", "draw_plots", "record_file", "write_game_record", "write_report"]
