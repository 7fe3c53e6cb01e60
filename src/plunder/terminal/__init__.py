"""The terminal table: play, watch and replay games in a terminal.

``TerminalTable`` runs the game loop, ``RecordPlayer`` steps through a saved
record, and ``renderer_for(game)`` draws a game's views (a generic renderer
draws the games that have none of their own).
"""

from plunder.terminal.records import default_record_path, record_json, save_record
from plunder.terminal.render import GenericRenderer, renderer_for
from plunder.terminal.replay import RecordPlayer, read_record_file
from plunder.terminal.table import InputEnded, QuitRequested, TerminalTable, table_labels

__all__ = [
    "GenericRenderer",
    "InputEnded",
    "QuitRequested",
    "RecordPlayer",
    "TerminalTable",
    "default_record_path",
    "read_record_file",
    "record_json",
    "renderer_for",
    "save_record",
    "table_labels",
]
