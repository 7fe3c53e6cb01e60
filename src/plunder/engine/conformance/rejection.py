"""Every legal action accepted, and bad input refused without a trace (``decisions``,
``rejection``)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from plunder.engine.conformance.core import (
    GARBAGE,
    ConformanceFailure,
    _where,
    fingerprint,
)
from plunder.engine.conformance.play import random_step
from plunder.engine.errors import IllegalAction
from plunder.engine.state import State

# Stands for "an action legal for the first pending seat" in the attempts below.
_LEGAL_ACTION = object()


def check_all_legal_accepted(state: State) -> None:
    """Every legal action of every pending seat is accepted (each tried on a clone)."""
    for seat in sorted(state.pending):
        for action in state.legal(seat):
            trial = state.clone()
            try:
                trial.act(seat, action)
                trial = state.clone()
                trial.act(seat, str(action))
            except IllegalAction as exc:
                raise ConformanceFailure(
                    "decisions",
                    f"legal action {str(action)!r} of seat {seat} was refused: {exc}",
                    _where(state),
                ) from None


def check_rejections(
    state: State, texts: Iterable[Any] = GARBAGE, known: Iterable[str] = ()
) -> None:
    """Bad input raises ``IllegalAction`` and changes nothing, now or later.

    ``texts`` are tried for every seat; ``known`` notations (actions seen legal
    elsewhere, so they parse) are tried by each pending seat for which they are
    not legal now, which reaches the game's own legality checks.
    """
    before = fingerprint(state)
    before_moves, before_pending = list(state.moves), state.pending
    future = state.clone()
    attempts: list[tuple[Any, Any]] = [
        (seat, text) for seat in range(state.players) for text in texts
    ]
    for seat in sorted(state.pending):
        legal_now = {str(a) for a in state.legal(seat)}
        attempts += [(seat, text) for text in sorted(known) if text not in legal_now][:40]
    attempts += [(bad, _LEGAL_ACTION) for bad in (-1, state.players, "0", None, True, 1.0)]
    pending = sorted(state.pending)
    for seat in range(state.players):
        if seat in pending:
            continue
        # An action legal for a pending seat, offered by a seat that owes nothing.
        for other in pending:
            legal = state.legal(other)
            if legal:
                attempts.append((seat, legal[0]))
                break
    for seat, text in attempts:
        if text is _LEGAL_ACTION:
            legal = state.legal(pending[0]) if pending else []
            if not legal:
                continue
            text = legal[0]
        try:
            state.act(seat, text)
        except IllegalAction as exc:
            if not str(exc):
                raise ConformanceFailure(
                    "rejection", "IllegalAction with an empty message", _where(state)
                ) from None
        except Exception as exc:
            raise ConformanceFailure(
                "rejection",
                f"act({seat!r}, {text!r}) raised {type(exc).__name__}: {exc}, not IllegalAction",
                _where(state),
            ) from None
        else:
            raise ConformanceFailure(
                "rejection", f"act({seat!r}, {text!r}) was accepted", _where(state)
            )
        # The moves and pending seats are cheap to compare after each attempt; the
        # whole fingerprint (every view) is compared once all attempts are made.
        if state.moves != before_moves or state.pending != before_pending:
            raise ConformanceFailure(
                "rejection",
                f"the rejected act({seat!r}, {text!r}) changed the state",
                _where(state),
            )
    if fingerprint(state) != before:
        tried = ", ".join(f"act({seat!r}, {text!r})" for seat, text in attempts[:8])
        raise ConformanceFailure(
            "rejection", f"a rejected input changed the state (tried {tried}, …)", _where(state)
        )
    # A second commit by a seat that has committed: only when the step has another seat.
    if len(pending) > 1:
        seat = pending[0]
        trial = state.clone()
        trial.act(seat, trial.legal(seat)[0])
        snapshot = fingerprint(trial)
        try:
            trial.act(seat, state.legal(seat)[0])
        except IllegalAction:
            pass
        else:
            raise ConformanceFailure(
                "rejection", f"seat {seat} committed twice in one step", _where(state)
            )
        if fingerprint(trial) != snapshot:
            raise ConformanceFailure(
                "rejection", "a rejected second commit changed the state", _where(state)
            )
    # Hidden damage shows later: play the rejected-on state and an untouched clone alike.
    _play_alike(state.clone(), future, seed=len(state.moves))


def _play_alike(a: State, b: State, seed: int, limit: int = 40) -> None:
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    for _ in range(limit):
        if a.is_over or b.is_over:
            break
        if not random_step(a, rng_a) + random_step(b, rng_b):
            break
    if fingerprint(a) != fingerprint(b):
        raise ConformanceFailure(
            "rejection",
            "after a rejected input, play diverged from an untouched copy under the same moves "
            "(the rejection changed hidden state, or the game is not deterministic)",
            _where(a),
        )
