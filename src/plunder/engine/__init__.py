"""The engine: protocol, errors, records, registry and the conformance kit."""

from plunder.engine.action import Action
from plunder.engine.errors import (
    ContentError,
    IllegalAction,
    NotationError,
    OptionError,
    PlunderError,
    RecordError,
    UnknownGame,
)
from plunder.engine.game import Game, GameInfo
from plunder.engine.options import Option
from plunder.engine.registry import games, load, register, replay
from plunder.engine.result import Result
from plunder.engine.state import PUBLIC, State

__all__ = [
    "PUBLIC",
    "Action",
    "ContentError",
    "Game",
    "GameInfo",
    "IllegalAction",
    "NotationError",
    "Option",
    "OptionError",
    "PlunderError",
    "RecordError",
    "Result",
    "State",
    "UnknownGame",
    "games",
    "load",
    "register",
    "replay",
]
