"""Records of made-up games, for checking the lab's measures by hand."""

from __future__ import annotations

from typing import Any

from plunder.lab.play import GameRecord


def record(
    winners: tuple[int, ...],
    bots: tuple[str, ...] = ("a", "b", "c"),
    decisions: int = 10,
    stats: dict[str, Any] | None = None,
    **more: Any,
) -> GameRecord:
    players = len(bots)
    fields: dict[str, Any] = {
        "index": 0,
        "seed": 0,
        "lineup": 0,
        "bots": bots,
        "winners": winners,
        "reason": "",
        "decisions": decisions,
        "choices": decisions,
        "legal": 2 * decisions,
        "seat_decisions": (decisions,) + (0,) * (players - 1),
        "seat_seconds": (0.0,) * players,
        "evaluated": 0,
        "lead_changes": None,
        "decisive_at": None,
        "stats": stats,
    }
    fields.update(more)
    return GameRecord(**fields)
