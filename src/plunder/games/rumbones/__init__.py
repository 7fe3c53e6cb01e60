"""Rum & Bones: Second Tide: heroes and crews fight across pirate ships, first to 8 VP."""

from plunder.engine.manifest import Manifest
from plunder.games.rumbones.game import BonesGame
from plunder.games.rumbones.rules import BonesAction, BonesState

MANIFEST = Manifest(
    game=BonesGame,
    terminal="terminal:BonesRenderer",
    browser="browser.js",
    bots={"greedy": "bot:GreedyBot"},
    # The Tide cards' and the reactions' windows are timed decisions in every game:
    # the lobby offers the reflex clock.
    timed={},
    evaluate="bot:evaluate",
    rollout="bot:rollout",
    # The evaluation is a chance to win that one activation moves by a few
    # hundredths: at the default exploration the search spreads its visits
    # evenly and plays little better than a guess (docs/bots.md).
    search_exploration=0.1,
    rules="docs/rules/rumbones.md",
    guide="guide.md",
    encoder="encoder:BonesEncoder",
    stats="stats:content_stats",
    lesson="lesson.toml",
    tunables="tunables.toml",
)

__all__ = ["MANIFEST", "BonesAction", "BonesGame", "BonesState"]
