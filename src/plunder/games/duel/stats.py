"""Duel's content statistics for the balance lab (``MANIFEST.stats``)."""

from __future__ import annotations

from plunder.engine.stats import ContentStats, count_plays
from plunder.games.duel import text
from plunder.games.duel.rules import DuelAction, DuelState


def content_stats(state: DuelState) -> ContentStats:
    """Duels fought, whether the duel limit ended the game, and each card's plays."""
    assert state.result is not None
    return ContentStats(
        rounds=state.duel,
        unit="duels",
        cut_off=state.result.reason == text.duel_limit(state.duel),
        plays={"card": count_plays(state, lambda action: action.card, DuelAction)},
    )
