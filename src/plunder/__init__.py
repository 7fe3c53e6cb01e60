"""plunder: pirate tabletop games on one rules engine.

>>> import plunder
>>> game = plunder.load("duel", players=2)
>>> state = game.new(seed=7)
>>> sorted(state.pending)
[0, 1]
>>> state.act(0, "colt>1")
>>> state.act(1, "barricade")
>>> state.view(1)["players"][0]["played"]
['colt']
"""

from plunder.engine import (
    Action,
    ContentError,
    Game,
    GameInfo,
    IllegalAction,
    NotationError,
    OptionError,
    PlunderError,
    RecordError,
    Result,
    State,
    UnknownGame,
    games,
    load,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ContentError",
    "Game",
    "GameInfo",
    "IllegalAction",
    "NotationError",
    "OptionError",
    "PlunderError",
    "RecordError",
    "Result",
    "State",
    "UnknownGame",
    "__version__",
    "games",
    "load",
    "replay",
]
