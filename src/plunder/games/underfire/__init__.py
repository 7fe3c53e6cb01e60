"""Pirates Under Fire: two fleets of numbered ships on a 7 x 6 sea, combos, fire and mercenaries."""

from plunder.engine.manifest import Manifest
from plunder.games.underfire.rules import FireAction, UnderFireGame, UnderFireState

MANIFEST = Manifest(
    game=UnderFireGame,
    terminal="terminal:UnderFireRenderer",
    browser="browser.js",
    bots={"greedy": "greedy:GreedyBot", "lookahead": "bot:LookaheadBot"},
    evaluate="bot:evaluate",
    search_depth="bot:search_depth",
    rules="docs/rules/underfire.md",
    guide="guide.md",
    lesson="lesson.toml",
    encoder="encoder:UnderFireEncoder",
    stats="stats:content_stats",
    batch="batch:UnderFireBatch",
)

__all__ = ["MANIFEST", "FireAction", "UnderFireGame", "UnderFireState"]
