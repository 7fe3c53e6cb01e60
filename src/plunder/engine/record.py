"""The record format: everything needed to rebuild a play, as versioned JSON.

A record is ``{"format": "plunder-record", "version": 1, "game": ..., "options":
{...}, "seed": int, "moves": [[seat, notation], ...]}``; moves are kept in the
order they arrived, which is the order they are replayed in.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from plunder.engine.errors import RecordError

FORMAT = "plunder-record"
VERSION = 1


def make_record(
    game: str, options: Mapping[str, Any], seed: int, moves: Sequence[tuple[int, str]]
) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "options": dict(options),
        "seed": seed,
        "moves": [[seat, notation] for seat, notation in moves],
    }


def read_record(data: Mapping[str, Any] | str | bytes) -> dict[str, Any]:
    """Parse and check a record (a dict or JSON text); raise ``RecordError`` naming the field.

    >>> read_record('{"format": "plunder-record", "version": 1, "game": "duel",'
    ...             ' "options": {}, "seed": 1, "moves": [[0, "colt"]]}')["moves"]
    [(0, 'colt')]
    >>> read_record('{"format": "plunder-record", "version": 9}')
    Traceback (most recent call last):
    ...
    plunder.engine.errors.RecordError: version: version 9 is not supported (this plunder reads 1)
    """
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not JSON: {exc.msg} at line {exc.lineno}") from None
    if not isinstance(data, Mapping):
        raise RecordError("a record is a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"expected {FORMAT!r}, found {data.get('format')!r}", field="format")
    if data.get("version") != VERSION:
        raise RecordError(
            f"version {data.get('version')!r} is not supported (this plunder reads {VERSION})",
            field="version",
        )
    game = data.get("game")
    if not isinstance(game, str):
        raise RecordError("the game's name is missing", field="game")
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise RecordError("options are a JSON object", field="options")
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError(f"the seed is a whole number, found {seed!r}", field="seed")
    raw_moves = data.get("moves")
    if not isinstance(raw_moves, list):
        raise RecordError("moves are a list of [seat, notation] pairs", field="moves")
    moves: list[tuple[int, str]] = []
    for index, move in enumerate(raw_moves):
        if (
            not isinstance(move, (list, tuple))
            or len(move) != 2
            or isinstance(move[0], bool)
            or not isinstance(move[0], int)
            or not isinstance(move[1], str)
        ):
            raise RecordError(f"expected [seat, notation], found {move!r}", field=f"moves[{index}]")
        moves.append((move[0], move[1]))
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "options": dict(options),
        "seed": seed,
        "moves": moves,
    }
