"""Duel (Duelo): simultaneous shootouts for 2 to 5 players, first to $5."""

from plunder.engine.manifest import Manifest
from plunder.games.duel.rules import DuelAction, DuelGame, DuelState

MANIFEST = Manifest(
    game=DuelGame,
    terminal="terminal:DuelRenderer",
    browser="browser.js",
    bots={"greedy": "bot:GreedyBot", "solver": "solver:SolverBot"},
    evaluate="bot:evaluate",
    rules="docs/rules/duel.md",
    guide="guide.md",
    encoder="encoder:DuelEncoder",
    stats="stats:content_stats",
    batch="batch:DuelBatch",
    lesson="lesson.toml",
)

__all__ = ["MANIFEST", "DuelAction", "DuelGame", "DuelState"]
