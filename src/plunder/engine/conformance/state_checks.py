"""The cheap checks of one state, run at every state of every playout: pending seats,
legal actions, their notation, space and mask, frames, statuses, the length bound, the
end and its returns (``decisions``, ``action_space``, ``mask``, ``frames``, ``status``,
``max_decisions``, ``termination``, ``returns``, ``teams``, ``dispatch``)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from plunder.engine.conformance.core import (
    ConformanceFailure,
    _where,
)
from plunder.engine.errors import IllegalAction, PlunderError
from plunder.engine.state import DECIDING, ELIMINATED, OUT, WAITING, State


def check_state(state: State, known: dict[Any, int] | None = None) -> None:
    """The cheap per-state checks: pending seats, legal actions and their space and mask,
    notation, frames, statuses, the length bound, the end and its returns.

    ``known`` maps the actions whose notation and index are already checked in this
    game to their index: an action's round trips depend on the game alone, so a
    caller checking many states of one game checks each action's once (the mask is
    still checked at every state). Without it every action is checked every time.
    """
    where = _where(state)
    pending = state.pending
    _check_length(state, where)
    if state.is_over:
        if pending:
            raise ConformanceFailure(
                "termination", f"game over but seats {sorted(pending)} pending", where
            )
        result = state.result
        if result is None:
            raise ConformanceFailure("termination", "game over without a result", where)
        if not set(result.winners) <= set(range(state.players)):
            raise ConformanceFailure(
                "termination", f"winners {set(result.winners)} are not seats", where
            )
        if len(result.scores) != state.players:
            raise ConformanceFailure("termination", "a score per seat is expected", where)
        _check_returns(state, where)
        _check_sides(state, where)
        _check_frames(state, where)
        _check_status(state, where)
        for seat in range(state.players):
            _check_mask(state, seat, [], where)
        return
    if not pending:
        raise ConformanceFailure(
            "decisions", "the game is not over but no seat owes a decision", where
        )
    _check_dispatch(state)
    if not pending <= set(range(state.players)):
        raise ConformanceFailure("decisions", f"pending {sorted(pending)} are not all seats", where)
    frame = state.decision
    timed = frame is not None and frame.timed  # no open frame: the frames check fails
    for seat in range(state.players):
        actions = state.legal(seat)
        if seat in pending and not actions:
            raise ConformanceFailure("decisions", f"pending seat {seat} has no legal action", where)
        if seat not in pending and actions:
            raise ConformanceFailure(
                "decisions", f"seat {seat} is not pending but has legal actions", where
            )
        fallback = state.default_action(seat)
        if fallback is not None and fallback not in actions:
            raise ConformanceFailure(
                "decisions", f"seat {seat}'s default answer {fallback} is not legal", where
            )
        if state.timeout_action(seat) != (fallback if timed else None):
            raise ConformanceFailure(
                "decisions", f"seat {seat}'s timeout action is not its timed default", where
            )
        notations = [str(a) for a in actions]
        if len(set(notations)) != len(notations):
            raise ConformanceFailure(
                "decisions", f"seat {seat} has two legal actions with one notation", where
            )
        for action in actions:
            if known is not None and action in known:
                continue
            try:
                parsed = state.game.parse(str(action))
            except IllegalAction as exc:
                raise ConformanceFailure(
                    "decisions",
                    f"notation {str(action)!r} of a legal action does not parse: {exc}",
                    where,
                ) from None
            if parsed != action:
                raise ConformanceFailure(
                    "decisions",
                    f"notation {str(action)!r} parses to {parsed!r}, not {action!r}",
                    where,
                )
        _check_mask(state, seat, actions, where, known)
    _check_frames(state, where)
    _check_status(state, where)


def _check_dispatch(state: State) -> None:
    """The open decision has handlers for its kind (a game that dispatches by decision)."""
    frame = state.decision
    if frame is None or type(state)._legal_actions is not State._legal_actions:
        return
    if frame.kind not in state.decisions and not frame.window:
        try:
            state._handlers(frame)
        except PlunderError as exc:
            raise ConformanceFailure("dispatch", str(exc), _where(state)) from None


def _check_mask(
    state: State, seat: int, actions: Sequence[Any], where: str,
    known: dict[Any, int] | None = None,
) -> None:
    """Legal actions lie in the action space, and the mask marks exactly them
    (``known``: as ``check_state``'s)."""
    space = state.game.action_space()
    marked = []
    for action in actions:
        if known is not None and action in known:
            marked.append(known[action])
            continue
        if action not in space:
            raise ConformanceFailure(
                "action_space",
                f"seat {seat}'s legal action {str(action)!r} is not in the game's action space",
                where,
            )
        index = space.index(action)
        if space.action(index) != action or space.index(str(action)) != index:
            raise ConformanceFailure(
                "action_space", f"{str(action)!r} does not round-trip through its index", where
            )
        marked.append(index)
        if known is not None:
            known[action] = index
    mask = state.legal_mask(seat)
    if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_ or mask.shape != (len(space),):
        raise ConformanceFailure(
            "mask",
            f"legal_mask({seat}) is not a bool array of the action space's length {len(space)}",
            where,
        )
    if np.flatnonzero(mask).tolist() != sorted(marked):
        shown = [str(space.action(int(i))) for i in np.flatnonzero(mask)]
        raise ConformanceFailure(
            "mask",
            f"legal_mask({seat}) marks {shown}, legal is {[str(a) for a in actions]}",
            where,
        )


def _check_length(state: State, where: str) -> None:
    bound = state.game.max_decisions()
    if len(state.moves) > bound:
        raise ConformanceFailure(
            "max_decisions",
            f"{len(state.moves)} decisions made, more than game.max_decisions() = {bound}",
            where,
        )


def _check_frames(state: State, where: str) -> None:
    frame = state.decision
    if state.is_over:
        if state.frames or frame is not None:
            raise ConformanceFailure(
                "frames", f"the game is over with frames left on the stack: {state.frames}", where
            )
        return
    if frame is None:
        raise ConformanceFailure("frames", "the game runs but no decision frame is open", where)
    owed = state.pending | state.committed
    if frame.seats != owed:
        raise ConformanceFailure(
            "frames",
            f"the open {frame.kind!r} frame asks seats {sorted(frame.seats)}, but the seats "
            f"pending or committed are {sorted(owed)}",
            where,
        )


def _check_status(state: State, where: str) -> None:
    for seat in range(state.players):
        status = state.status(seat)
        deciding = seat in state.pending
        if deciding != (status == DECIDING) or status not in (DECIDING, WAITING, OUT, ELIMINATED):
            raise ConformanceFailure(
                "status",
                f"status({seat}) is {status!r} for a seat "
                + ("that owes a decision" if deciding else "that owes none"),
                where,
            )


def _check_sides(state: State, where: str) -> None:
    leads = state.first_movers()
    if not leads or not all(
        isinstance(seats, frozenset) and seats
        and all(type(s) is int and 0 <= s < state.players for s in seats)
        for seats in leads
    ):
        raise ConformanceFailure(
            "sides", f"first movers {leads!r} are not frozen sets of seats, one at least", where
        )
    sides = state.seat_sides()
    if sides and (len(sides) != state.players or not all(isinstance(s, str) for s in sides)):
        raise ConformanceFailure("sides", f"seat sides {sides!r} are not a name a seat", where)
    game = state.game
    for setting in game.side_rotation():
        try:
            type(game)(**{**game.options, **setting})
        except PlunderError as exc:
            raise ConformanceFailure(
                "sides", f"the side setting {dict(setting)} does not load: {exc}", where
            ) from None


def _check_returns(state: State, where: str) -> None:
    result = state.result
    assert result is not None
    returns = result.returns()
    low, high = state.game.utility_range()
    if len(returns) != state.players:
        raise ConformanceFailure(
            "returns", f"{len(returns)} returns for {state.players} seats", where
        )
    if any(not low - 1e-9 <= value <= high + 1e-9 for value in returns):
        raise ConformanceFailure(
            "returns", f"returns {returns} leave the utility range {low}..{high}", where
        )
    teams = state.game.teams()
    for team in teams:
        if len({returns[seat] for seat in team}) != 1:
            raise ConformanceFailure(
                "teams", f"returns {returns} differ within the team {sorted(team)}", where
            )
    shares = [returns[min(team)] for team in teams]
    if not math.isclose(sum(shares), 1.0, abs_tol=1e-9):
        what = "returns" if len(teams) == state.players else "the teams' shares"
        raise ConformanceFailure("returns", f"{what} {shares} do not add up to 1", where)
    if state.game.utility() == "constant-sum":
        size = len(teams[0])
        if not math.isclose(sum(returns), size, abs_tol=1e-9):
            raise ConformanceFailure(
                "teams", f"returns {returns} of a constant-sum game do not add up to {size}", where
            )
