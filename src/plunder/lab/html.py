"""``report.html``: the lab report as one page that needs nothing but itself.

No script, no stylesheet or font from elsewhere, no link that loads: the style is
inline and every plot is an ``<img>`` whose source is the PNG itself (a base64
``data:`` address), so the page opens offline and sends no request.
"""

from __future__ import annotations

import base64
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

STYLE = """
body { font-family: sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.8em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #f0f3f7; }
img { max-width: 100%; display: block; margin: 1em 0; }
.note { color: #555; font-size: 0.9em; }
"""


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{value:.1%}"


def _num(value: float | None, digits: int = 2) -> str:
    return "–" if value is None else f"{value:,.{digits}f}"


def _mean_sd(found: Mapping[str, Any]) -> str:
    return f"{_num(found['mean'], 1)} ({_num(found['sd'], 1)})"


def _table(head: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    out = ["<table><tr>", *(f"<th>{escape(str(h))}</th>" for h in head), "</tr>"]
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{escape(str(cell))}</td>" for cell in row) + "</tr>")
    out.append("</table>")
    return "".join(out)


def _interval(found: Mapping[str, Any]) -> str:
    low, high = found["ci95"]
    return f"{low:.1%}–{high:.1%}"


def _with_interval(found: Mapping[str, Any] | None) -> str:
    return "–" if found is None else f"{_pct(found['share'])} ({_interval(found)})"


def _signed(found: Mapping[str, Any]) -> str:
    low, high = found["ci95"]
    return f"{found['value']:+.1%} ({low:+.1%} to {high:+.1%})"


def _image(out: Path, name: str, file: str) -> str:
    data = base64.b64encode((out / file).read_bytes()).decode("ascii")
    return f'<img alt="{escape(name)}" title="{escape(name)}" src="data:image/png;base64,{data}">'


def _study(study: Mapping[str, Any], out: Path) -> str:
    m = study["measures"]
    parts = []
    first = m["first_player"]
    low, high = m["balance_ci95"]
    seat_low, seat_high = m["first_seat_advantage_ci95"]
    summary = [
        ("games", f"{m['games']:,}"),
        ("balance (1 − largest gap between seats; bootstrap interval)",
         f"{m['balance']:.3f} ({low:.3f}–{high:.3f})"),
        ("first player's advantage (who moved first − mean side)",
         _signed(first["advantage"])),
        ("first player's win share", _with_interval(first)),
    ]
    if first["last_round"] is not None:
        summary.append(("last round's leader's advantage (who led the round the game "
                        "ended in − mean side)", _signed(first["last_round"]["advantage"])))
    summary += [
        ("first-seat advantage (seat 0 − mean seat)",
         f"{m['first_seat_advantage']:+.1%} ({seat_low:+.1%} to {seat_high:+.1%})"),
        ("games the rules ended with no winner (not cut off)",
         _with_interval(m["outcomes"]["no_winner"])),
        ("games cut off at a limit of the rules", _with_interval(m["outcomes"]["cut_off"])),
        ("length in decisions: mean (sd)", _mean_sd(m["length"]["decisions"])),
    ]
    if m["length"]["rounds"]:
        rounds = m["length"]["rounds"]
        summary.append((f"length in {m['length']['unit']}: mean (sd)", _mean_sd(rounds)))
    b = m["branching"]
    summary += [
        ("decision points per game (more than one legal action)",
         _num(b["decision_points_per_game"], 1)),
        ("mean legal actions per decision", _num(b["mean_legal_actions"], 2)),
    ]
    if m["drama"]:
        summary += [
            ("lead changes per game (the game's own evaluation)",
             _num(m["drama"]["lead_changes"]["mean"], 2)),
            ("decisiveness (share of the game played when the winner pulled clear)",
             _pct(m["drama"]["decisiveness"])),
        ]
    schedule = study["schedule"]
    parts.append(_table(["measure", "value"], summary))
    parts.append(
        f'<p class="note">Seats: {escape(schedule["kind"])} rotation'
        f'{", mirrored seeds" if schedule["mirror"] else ""}; every bot sat in every seat '
        + ("equally often." if schedule["balanced"] else
           "nearly equally often (the games do not fill whole rotations).")
        + (" Each seating was played under each setting of the sides ("
           + escape("; ".join(", ".join(f"{k}={v}" for k, v in setting.items())
                              for setting in schedule["sides"]))
           + "), so every side sat in every seat and met every bot equally often."
           if schedule.get("sides") else "")
        + (" The intervals of the seats', bots', sides' and first player's shares are"
           " paired: a rotation group, dealt alike, counts as one draw."
           if m.get("intervals") == "paired" else "")
        + "</p>"
    )
    if m["sides"]:
        parts.append("<h3>Win share by side</h3>")
        parts.append(_table(
            ["side", "games", "wins", "win share", "95% interval",
             "advantage over the mean side (95% interval)"],
            ([side, r["trials"], f"{r['wins']:g}", _pct(r["share"]), _interval(r),
              _signed(r["advantage"])] for side, r in m["sides"].items()),
        ))
    if m.get("mirror"):
        mirror = m["mirror"]
        parts.append("<h3>What mirroring removed</h3>")
        parts.append(
            f'<p class="note">{mirror["games"]:,} games in {mirror["groups"]:,} groups dealt '
            "alike. The standard error of each share with every game counted as a draw of "
            "its own (what as many independent games would give) and paired over the "
            "groups, and the share of the variance the pairing removed.</p>"
        )
        parts.append(_table(
            ["share", "standard error, games independent", "standard error, paired",
             "variance removed"],
            ([e["measure"], _num(e["se_games"], 4), _num(e["se_paired"], 4),
              _pct(e["variance_removed"])] for e in mirror["measures"]),
        ))
    parts.append("<h3>Win share by seat</h3>")
    parts.append(_table(
        ["seat", "wins", "win share", "95% interval"],
        ([f"seat {s}", f"{r['wins']:g}", _pct(r["share"]), _interval(r)]
         for s, r in enumerate(m["seats"])),
    ))
    times = m["timing"]["ms_per_decision"]
    parts.append("<h3>Win share by bot</h3>")
    parts.append(_table(
        ["bot", "seats filled", "wins", "win share", "95% interval", "ms per decision"],
        ([bot, r["trials"], f"{r['wins']:g}", _pct(r["share"]), _interval(r),
          _num(times.get(bot), 3)] for bot, r in m["bots"].items()),
    ))
    r = study["ratings"]
    rows = []
    for i, bot in enumerate(r["bots"]):
        skill = r["openskill"][bot]
        alpha = r["alpha_rank"][i] if r["alpha_rank"] is not None else None
        versus = [_pct(v) for v in r["win_matrix"][i]]
        rows.append([bot, _num(skill["mu"]), _num(skill["sigma"]), _num(skill["ordinal"]),
                     _num(alpha, 3), *versus])
    parts.append("<h3>Ratings</h3>")
    parts.append(_table(
        ["bot", "mu", "sigma", "mu − 3 sigma", "alpha-Rank",
         *(f"wins against {other}" for other in r["bots"])],
        rows,
    ))
    content = m["content"] or {}
    for kind, pieces in content.get("picks", {}).items():
        parts.append(f"<h3>Win share by {escape(kind)}</h3>")
        parts.append(_table(
            [kind, "seats", "win share", "95% interval"],
            ([piece, p["trials"], _pct(p["share"]), _interval(p)] for piece, p in pieces.items()),
        ))
    for kind, sides in content.get("picks_by_side", {}).items():
        parts.append(f"<h3>Win share by {escape(kind)} and side</h3>")
        parts.append(_table(
            ["side", kind, "seats", "win share", "95% interval"],
            ([side, piece, p["trials"], _pct(p["share"]), _interval(p)]
             for side, pieces in sides.items() for piece, p in pieces.items()),
        ))
    for kind, pieces in content.get("plays", {}).items():
        parts.append(f"<h3>Plays by {escape(kind)}</h3>")
        parts.append(_table(
            [kind, "plays", "per game", "made by winners"],
            ([piece, p["plays"], _num(p["per_game"]), _pct(p["winners_share"])]
             for piece, p in pieces.items()),
        ))
    for kind, table in content.get("amounts", {}).items():
        parts.append(f"<h3>{escape(kind)} by source</h3>")
        parts.append(_table(
            ["source", "mean per seat", "winners", "others"],
            ([part, _num(a["mean"]), _num(a["winners"]), _num(a["others"])]
             for part, a in table.items()),
        ))
    for name, file in study.get("plots", {}).items():
        parts.append(_image(out, name, file))
    return "\n".join(parts)


def _where(backend: Mapping[str, Any]) -> str:
    if backend["kind"] == "ray":
        return f"on Ray ({backend['address']})"
    if backend["kind"] == "pool":
        return f"in {backend['jobs']} worker processes"
    return "in one process"


def render(report: Mapping[str, Any], out: Path) -> str:
    """The page for ``report``, its plots read from ``out`` (drawn there already)."""
    title = f"{report['title']}, {report['players']} players: {', '.join(report['bots'])}"
    options = ", ".join(f"{k}={v}" for k, v in report["options"].items() if k != "players")
    timing = report["timing"]
    head = [
        f"<h1>{escape(title)}</h1>",
        '<p class="note">'
        + escape(f"{report['games']:,} games per study from seed {report['seed']}"
                 + (f"; options {options}" if options else "")
                 + f". Played in {timing['seconds']:.1f} s "
                 + f"({_num(timing['games_per_second'], 1)} games/s) "
                 + f"{_where(timing['backend'])}.")
        + " The measures are defined in docs/lab.md."
        + (escape(f" Every game's record is in {report['records']}/, for plunder replay.")
           if report.get("records") else "")
        + "</p>",
    ]
    body = []
    if report["sweep"] is not None:
        sweep = report["sweep"]
        body.append(f"<h2>Sweep of {escape(sweep['option'])}</h2>")
        for name, file in report["plots"].items():
            body.append(_image(out, name, file))
        for study in report["studies"]:
            body.append(f"<h2>{escape(sweep['option'])} = {escape(str(study['value']))}</h2>")
            body.append(_study(study, out))
    else:
        body.append(_study(report["studies"][0], out))
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>\n"
        + "\n".join(head + body)
        + "\n</body></html>\n"
    )


__all__ = ["render"]
