"""Rum & Bones' content statistics for the balance lab (``MANIFEST.stats``)."""

from __future__ import annotations

from plunder.engine.stats import ContentStats
from plunder.games.rumbones import text
from plunder.games.rumbones.rules import BonesState


def content_stats(state: BonesState) -> ContentStats:
    """Rounds played, whether the round limit ended the game, and each seat's faction
    (its side's; none in Clash Royale!, where heroes come from any faction) and the
    heroes it played (R62: in a team, the ones it controlled)."""
    assert state.result is not None
    seats = range(state.players)
    side_of = state.seating.side_of
    return ContentStats(
        rounds=state.round,
        unit="rounds",
        cut_off=state.result.reason == text.round_limit(state.game.options["round_limit"]),
        picks={
            "faction": [[state.factions[side_of[seat]]] if state.factions else []
                        for seat in seats],
            "hero": [[name for name, owner in zip(state.hero, state.owner, strict=True)
                      if owner == seat] for seat in seats],
        },
    )
