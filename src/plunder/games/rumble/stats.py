"""Pirate Rumble's content statistics for the balance lab (``MANIFEST.stats``)."""

from __future__ import annotations

from plunder.engine.stats import ContentStats, count_plays
from plunder.games.rumble import text
from plunder.games.rumble.rules import RumbleAction, RumbleState, camp_of


def content_stats(state: RumbleState) -> ContentStats:
    """Rounds played, whether the round limit ended the game, each seat's pirate (and
    camp in Camp Mode), and each card's plays (golden cards included)."""
    assert state.result is not None
    picks = {"pirate": [[name] for name in state.pirate]}
    if state.camp:
        picks["camp"] = [[camp_of(card)] for card in state.camp]
    return ContentStats(
        rounds=state.round,
        unit="rounds",
        cut_off=state.result.reason == text.round_limit(state.round),
        picks=picks,
        plays={"card": count_plays(
            state, lambda a: a.name if a.verb == "play" else None, RumbleAction
        )},
    )
