"""Rum & Bones' content statistics for the balance lab (``MANIFEST.stats``)."""

from __future__ import annotations

from plunder.engine.stats import ContentStats
from plunder.games.rumbones import text
from plunder.games.rumbones.rules import BonesState


def content_stats(state: BonesState) -> ContentStats:
    """Rounds played, whether the round limit ended the game, and each seat's faction
    and heroes. With two players each seat is a side."""
    assert state.result is not None
    sides = range(state.players)
    return ContentStats(
        rounds=state.round,
        unit="rounds",
        cut_off=state.result.reason == text.round_limit(state.game.options["round_limit"]),
        picks={
            "faction": [[state.factions[side]] for side in sides],
            "hero": [[state.hero[h] for h in state.heroes_of(side)] for side in sides],
        },
    )
