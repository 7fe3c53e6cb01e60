"""Pirate Rumble: simultaneous cards for 2 to 8 pirates; Duel Mode and Camp Mode."""

from plunder.engine.manifest import Manifest
from plunder.games.rumble.game import RumbleGame
from plunder.games.rumble.rules import RumbleAction, RumbleState

MANIFEST = Manifest(
    game=RumbleGame,
    terminal="terminal:RumbleRenderer",
    browser="browser.js",
    bots={"greedy": "greedy:GreedyBot", "lookahead": "bot:LookaheadBot"},
    evaluate="bot:evaluate",
    search_depth="bot:search_depth",
    rules="docs/rules/rumble.md",
    guide="guide.md",
    lesson="lesson.toml",
    encoder="encoder:RumbleEncoder",
    stats="stats:content_stats",
    batch="batch:RumbleBatch",
    # With gestures on, every pirate answers the revealed card at once (R62).
    timed={"gestures": True},
)

__all__ = ["MANIFEST", "RumbleAction", "RumbleGame", "RumbleState"]
