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

# The game folders live in the sub-package ``plunder.games``; import it before the
# ``games`` function is bound, or the import system would later put the package
# where the function belongs.
import plunder.games as _game_folders  # noqa: F401
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
