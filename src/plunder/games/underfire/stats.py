"""Pirates Under Fire's content statistics for the balance lab (``MANIFEST.stats``)."""

from __future__ import annotations

from plunder.engine.stats import ContentStats, count_plays
from plunder.games.underfire.rules import FireAction, UnderFireState


def content_stats(state: UnderFireState) -> ContentStats:
    """Turns played, the mercenaries each seat hired, how often each was hired and each
    ship laid, and each seat's VP by source (R33-R37)."""
    assert state.result is not None
    hired = count_plays(state, lambda a: a.merc if a.verb == "buy" else None, FireAction)
    laid = count_plays(
        state, lambda a: str(a.ship) if a.verb == "play" else None, FireAction
    )
    vp = []
    for seat in range(state.players):
        parts = state.breakdown(seat)
        parts.pop("total")
        vp.append(parts)
    return ContentStats(
        rounds=sum(state.turns),
        unit="turns",
        picks={"mercenary": [sorted(seat) for seat in hired]},
        plays={"mercenary": hired, "ship": laid},
        amounts={"vp": vp},
    )
