"""Helpers for Pirates Under Fire tests: set a position, then act through the public API."""

from __future__ import annotations

from typing import Any

import plunder
from plunder.engine.frame import Frame
from plunder.games.underfire.rules import INDEX, MERCS, UnderFireState


def new(seed: int = 1, **options: Any) -> UnderFireState:
    state = plunder.load("underfire", **options).new(seed=seed)
    assert isinstance(state, UnderFireState)
    return state


def blank(state: UnderFireState, seat: int = 0) -> UnderFireState:
    """Clear the sea's effects and ships and give ``seat`` the turn (a test position)."""
    state.effects = ("",) * len(state.effects)
    state.sea = [None] * len(state.sea)
    state.mines = [False] * len(state.mines)
    state.current = seat
    # Every mercenary for hire and gold for one: a turn waits for "end" after its ship.
    state.market = list(MERCS)
    state.gold = [3, 3]
    state.replace(Frame.of("turn", [seat], turn=1, stage="start"))
    state.played = state.bought = False
    state._open_step()
    return state


def put(state: UnderFireState, at: str, owner: int, number: int = 1, merc: str = "",
        burning: bool = False, shield: bool = False) -> None:
    state.sea[INDEX[at]] = [owner, number, merc, burning, shield]
    state._legal_cache.clear()


def play(state: UnderFireState, seat: int, *moves: str) -> None:
    for move in moves:
        state.act(seat, move)


def effect(state: UnderFireState, at: str, code: str) -> None:
    effects = list(state.effects)
    effects[INDEX[at]] = code
    state.effects = tuple(effects)


def cell(state: UnderFireState, at: str) -> dict[str, Any]:
    return next(c for c in state.view(None)["sea"] if c["at"] == at)


def legal(state: UnderFireState, seat: int) -> set[str]:
    return {str(a) for a in state.legal(seat)}
