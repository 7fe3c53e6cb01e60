"""A game's rules over arrays: the contract of a batch engine, and its helpers.

A game may write its rules a second time over arrays, one row per play, so that
thousands of plays step at once (for learning at speed): a ``BatchRules``
subclass in the game's package, named in its manifest (``batch``). This module is
the contract such a class keeps and the array helpers it writes with; the game
depends on nothing else. The machinery that runs a batch engine (environments,
random play, the Gymnasium wrapper) lives in ``plunder.rl.batched``, which a
game never imports.

The rules are pure functions of arrays: a state is a dict of arrays, every step
returns a new one, and every draw of chance is made outside them and handed in
(``deal_chance``, ``step_chance``). A state's arrays hold the play on their first
axis or on their last (``play_axis``): with the play last, NumPy's inner loops run
over thousands of plays rather than over a handful of seats or cards, which makes
every operation several times faster. What the rules hand out (masks,
observations, returns) always has the play first. They take the array namespace
``xp`` as an argument and use only what the Python array API standard offers, so
another array library (JAX, say) could run them; NumPy is the one used here.
Chance handed in is also what lets the differential tests give the batch engine
the very outcomes the scalar engine drew.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

import numpy as np

from plunder.engine.game import Game

State = dict[str, Any]
Chance = dict[str, Any]
# A batched policy for the other seats: (observations, masks) of every seat of
# every play -> an action index per seat and play.
Policy = Callable[[np.ndarray, np.ndarray], np.ndarray]


class Plays(Protocol):
    """The plays a batched bot plays in, as it may read them: their state now
    (``plunder.rl.batched.BatchEnv`` is one)."""

    state: State


class BatchRules:
    """A game's rules over arrays, for one game and options: ``players`` seats,
    ``actions`` indices (``game.action_space()``) and the no-op (``actions``),
    observations of ``size`` values (``game.encoder()``'s layout).

    A subclass writes ``deal``, ``legal``, ``step`` and ``_fields`` (the
    observations) as pure functions of arrays (see the module's docstring), with a
    state that holds ``over`` and ``winners`` (or its own ``over`` and ``returns``), and
    ``deal_chance``/``step_chance``, which draw with NumPy the chance they take.
    Its state's arrays hold the play on the axis ``play_axis`` says (0: first, -1:
    last); ``plays``, ``put_plays`` and ``select`` work on either.
    """

    play_axis = 0

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = game.players
        self.actions = len(game.action_space())
        self.noop = self.actions
        self.encoder = game.encoder()
        self.size = self.encoder.size

    # -- chance, drawn outside the rules
    def deal_chance(self, rng: np.random.Generator, count: int) -> Chance:
        """What chance decides when ``count`` plays are dealt."""
        raise NotImplementedError

    def step_chance(self, rng: np.random.Generator, state: State) -> Chance:
        """What chance may decide in a step of every play of ``state``."""
        raise NotImplementedError

    # -- the rules, pure functions of arrays
    def deal(self, xp: Any, chance: Chance) -> State:
        raise NotImplementedError

    def legal(self, xp: Any, state: State) -> Any:
        """``(envs, seats, actions)`` booleans: true at each seat's legal actions."""
        raise NotImplementedError

    def step(self, xp: Any, state: State, actions: Any, chance: Chance) -> State:
        """Every play's step, each deciding seat playing its (legal) action."""
        raise NotImplementedError

    # -- plays of a state, on whichever axis they lie
    def plays(self, xp: Any, state: State, rows: Any) -> State:
        """The plays ``rows`` (indices) of ``state``, as a state of their own."""
        if self.play_axis == 0:
            return {key: xp.take(value, rows, axis=0) for key, value in state.items()}
        return {key: xp.take(value, rows, axis=value.ndim - 1) for key, value in state.items()}

    def put_plays(self, state: State, rows: np.ndarray, plays: State) -> None:
        """Write ``plays`` (a state of ``len(rows)`` plays) over ``state``'s plays ``rows``,
        in place, on fresh copies of its arrays (NumPy: an earlier state may share them)."""
        for key, value in plays.items():
            state[key] = state[key].copy()
            if self.play_axis == 0:
                state[key][rows] = value
            else:
                state[key][..., rows] = value

    def select(self, xp: Any, rows: Any, new: State, old: State) -> State:
        """``new`` where ``rows`` (one boolean per play) is true, ``old`` elsewhere."""
        if self.play_axis != 0:
            return {key: xp.where(rows, value, old[key]) for key, value in new.items()}
        out = {}
        for key, value in new.items():
            mask = xp.reshape(rows, rows.shape + (1,) * (value.ndim - 1))
            out[key] = xp.where(mask, value, old[key])
        return out

    def observe(self, xp: Any, state: State) -> Any:
        """``(envs, seats, size)`` float32: each seat's observation, as its encoder gives it."""
        return self._fields(xp, state, viewers=True)

    def spectator(self, xp: Any, state: State) -> Any:
        """``(envs, size)``: the spectator's observation (everything public)."""
        return self._fields(xp, state, viewers=False)

    def _fields(self, xp: Any, state: State, viewers: bool) -> Any:
        """The encoder's fields: ``(envs, seats, size)`` with ``viewers``, else the
        spectator's ``(envs, size)``."""
        raise NotImplementedError

    def over(self, xp: Any, state: State) -> Any:
        """``(envs,)``: which plays are over (a state's ``over`` array, by default)."""
        return state["over"]

    def returns(self, xp: Any, state: State) -> Any:
        """``(envs, seats)``: each seat's return once its play is over (0 before). By
        default from the state's ``winners``: winners share 1, and a play no one won
        gives every seat ``1 / players``."""
        winners = xp.astype(state["winners"], xp.float64)
        if self.play_axis != 0:
            winners = xp.permute_dims(winners, (1, 0))
        count = xp.sum(winners, axis=1, keepdims=True)
        shares = xp.where(count > 0, winners / xp.maximum(count, 1.0), 1.0 / self.players)
        return xp.where(state["over"][:, None], shares, 0.0)

    @property
    def evaluates(self) -> bool:
        """Whether these rules evaluate positions (and so give a shaped reward)."""
        return type(self).evaluate is not BatchRules.evaluate

    def evaluate(self, xp: Any, state: State) -> Any | None:
        """``(envs, seats)``: each seat's value of every play's position, as the game's
        ``evaluate`` gives it, NaN where it has no opinion; ``None`` from rules that
        do not evaluate (they give no shaped reward)."""
        return None

    def bot(self, spec: str, env: Plays, rng: np.random.Generator) -> Policy:
        """A batched bot (a policy for every seat of ``env``'s plays) named by ``spec``."""
        raise ValueError(f"{self.game.name} has no batched bot {spec!r}")


def assemble(xp: Any, layout: Any, blocks: Mapping[str, Any], count: int,
             seats: int | None) -> Any:
    """Observation vectors from their fields, in ``layout``'s order (an encoder's): a
    ``(count, size)`` block is a field every seat sees alike, a ``(count, seats, size)``
    block each seat's own, a field with no block is zeros. ``seats=None``: one
    vector a play (a spectator's). float32, as the encoders give them.

    NumPy writes each block into one array made once; another array library gets
    the same array from one concatenation.
    """
    shape = (count,) if seats is None else (count, seats)
    if xp is np:
        out = np.zeros((*shape, sum(spec.size for spec in layout)), dtype=np.float32)
        at = 0
        for spec in layout:
            block = blocks.get(spec.name)
            if block is not None:
                if seats is not None and block.ndim == 2:
                    block = block[:, None, :]
                out[..., at:at + spec.size] = block
            at += spec.size
        return out
    parts = []
    for spec in layout:
        block = blocks.get(spec.name)
        if block is None:
            block = xp.zeros((*shape, spec.size), dtype=xp.float32)
        elif seats is not None and block.ndim == 2:
            block = xp.broadcast_to(block[:, None, :], (*shape, spec.size))
        parts.append(xp.astype(block, xp.float32))
    return xp.concat(parts, axis=-1)


def scatter_add(xp: Any, index: Any, weights: Any, size: int) -> Any:
    """A length-``size`` int64 array: the sum of ``weights`` at each of ``index`` (same
    shape; a negative index adds nothing). NumPy counts in one pass (``bincount``);
    another array library sums one-hot rows."""
    index, weights = xp.reshape(index, (-1,)), xp.reshape(weights, (-1,))
    if xp is np:
        keep = index >= 0
        return np.bincount(index[keep], weights[keep], minlength=size).astype(np.int64)
    hits = xp.astype(index[:, None] == xp.arange(size), xp.int64) * weights[:, None]
    return xp.sum(hits, axis=0)


def one_hot(xp: Any, index: Any, size: int) -> Any:
    """``index`` (any shape of ints, -1 for none) as float one-hot rows of ``size``."""
    return xp.astype(index[..., None] == xp.arange(size), xp.float32)


def counts_of(xp: Any, index: Any, size: int) -> Any:
    """How many times each of ``size`` values appears along the last axis of ``index``
    (-1 counts for nothing)."""
    return xp.sum(xp.astype(index[..., None] == xp.arange(size), xp.int64), axis=-2)


__all__ = [
    "BatchRules",
    "Chance",
    "Plays",
    "Policy",
    "State",
    "assemble",
    "counts_of",
    "one_hot",
    "scatter_add",
]
