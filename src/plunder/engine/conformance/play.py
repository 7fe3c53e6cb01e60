"""Random play: one step, a whole playout, and states reached by generated choices."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from plunder.engine.conformance.core import (
    ConformanceFailure,
    _where,
)
from plunder.engine.conformance.state_checks import _check_dispatch
from plunder.engine.errors import IllegalAction
from plunder.engine.game import Game
from plunder.engine.state import State


def random_step(
    state: State, rng: random.Random, after_each: Callable[[State], None] | None = None
) -> int:
    """Commit a random legal action for every pending seat; return how many were made.

    ``after_each`` sees the state after every single commit, so a caller can look
    at the middle of a simultaneous step.
    """
    made = 0
    _check_dispatch(state)
    for seat in state.seats_to_act():
        actions = state.legal(seat)
        if not actions:
            raise ConformanceFailure(
                "decisions", f"pending seat {seat} has no legal action", _where(state)
            )
        action = rng.choice(actions)
        try:
            state.act(seat, action)
        except IllegalAction as exc:
            raise ConformanceFailure(
                "decisions",
                f"legal action {action} of seat {seat} was refused: {exc}",
                _where(state),
            ) from None
        made += 1
        if after_each is not None:
            after_each(state)
    return made


def play_by_choices(game: Game, seed: int, choices: Iterable[int]) -> State:
    """A state reached by picking ``legal[i % len(legal)]`` for each pending seat, in seat order.

    Property tests use it to turn generated integers into reachable states.
    """
    state = game.new(seed=seed)
    for choice in choices:
        if state.is_over:
            break
        seat = min(state.pending)
        actions = state.legal(seat)
        state.act(seat, actions[choice % len(actions)])
    return state


def _play(state: State, rng: random.Random, limit: int = 60) -> int:
    """Play up to ``limit`` random decisions (fewer if the game ends or stalls)."""
    made = 0
    while not state.is_over and made < limit:
        step = random_step(state, rng)
        if not step:
            break
        made += step
    return made


def playout(
    game: Game,
    seed: int,
    rng: random.Random,
    *,
    max_decisions: int = 100_000,
    on_state: Callable[[State], None] | None = None,
) -> State:
    """One random playout; fails if it does not end within ``max_decisions``.

    ``on_state`` sees every state reached, including those in the middle of a
    simultaneous step where some seats have committed and others not.
    """
    state = game.new(seed=seed)
    decisions = 0
    if on_state is not None:
        on_state(state)
    while not state.is_over:
        if decisions >= max_decisions:
            raise ConformanceFailure(
                "termination", f"no end after {max_decisions} decisions", _where(state)
            )
        if not state.pending:
            raise ConformanceFailure(
                "decisions", "the game is not over but no seat owes a decision", _where(state)
            )
        decisions += random_step(state, rng, on_state)
    return state
