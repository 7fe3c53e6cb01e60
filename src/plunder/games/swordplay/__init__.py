"""Swordplay: Pirates: a card duel of attacks by location, defences, items and stances."""

from plunder.engine.manifest import Manifest
from plunder.games.swordplay.rules import SwordAction, SwordplayGame, SwordplayState

MANIFEST = Manifest(
    game=SwordplayGame,
    terminal="terminal:SwordplayRenderer",
    browser="browser.js",
    bots={"greedy": "bot:GreedyBot"},
    evaluate="bot:evaluate",
    search_depth="bot:search_depth",
    rules="docs/rules/swordplay.md",
    guide="guide.md",
    lesson="lesson.toml",
    encoder="encoder:SwordplayEncoder",
    stats="stats:content_stats",
    batch="batch:SwordplayBatch",
    tunables="tunables.toml",
)

__all__ = ["MANIFEST", "SwordAction", "SwordplayGame", "SwordplayState"]
