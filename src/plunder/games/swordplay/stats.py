"""Swordplay's content statistics for the balance lab (``MANIFEST.stats``)."""

from __future__ import annotations

from plunder.engine.stats import ContentStats, count_plays
from plunder.games.swordplay import text
from plunder.games.swordplay.rules import SwordAction, SwordplayState

# The verbs that put a card into play: readied gear, an attack, a guard.
PLAYED = ("ready", "attack", "guard")


def content_stats(state: SwordplayState) -> ContentStats:
    """Turns played, whether the turn limit ended the game, each seat's fighter, and
    each card's plays."""
    assert state.result is not None
    return ContentStats(
        rounds=state.turn,
        unit="turns",
        cut_off=state.result.reason == text.turn_limit(state.turn),
        picks={"fighter": [[name] for name in state.fighter]},
        plays={"card": count_plays(
            state, lambda a: a.name if a.verb in PLAYED else None, SwordAction
        )},
    )
