"""The engine: protocol, errors, records, registry and the conformance kit."""

from plunder.engine.action import Action, action_type
from plunder.engine.bots import LEVELS, UnknownBot, check_level
from plunder.engine.encoding import Encoder, Writer
from plunder.engine.errors import (
    ContentError,
    IllegalAction,
    NotationError,
    OptionError,
    PlunderError,
    RecordError,
    UnknownGame,
)
from plunder.engine.frame import Frame
from plunder.engine.game import Game, GameInfo
from plunder.engine.manifest import Manifest
from plunder.engine.options import Option
from plunder.engine.registry import games, load, manifest, names, register, replay
from plunder.engine.result import Result
from plunder.engine.space import ActionSpace
from plunder.engine.state import DECIDING, ELIMINATED, OUT, PUBLIC, WAITING, State, record
from plunder.engine.words import Ask

__all__ = [
    "DECIDING",
    "ELIMINATED",
    "LEVELS",
    "OUT",
    "PUBLIC",
    "WAITING",
    "Action",
    "ActionSpace",
    "Ask",
    "ContentError",
    "Encoder",
    "Frame",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Manifest",
    "NotationError",
    "Option",
    "OptionError",
    "PlunderError",
    "RecordError",
    "Result",
    "State",
    "UnknownBot",
    "UnknownGame",
    "Writer",
    "action_type",
    "check_level",
    "games",
    "load",
    "manifest",
    "names",
    "record",
    "register",
    "replay",
]
