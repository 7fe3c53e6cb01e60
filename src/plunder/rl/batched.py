"""Thousands of plays at once, from arrays: the batch engine's generic part.

A game that offers a batch engine names it in its manifest (``batch``): a
``BatchRules`` subclass in the game's package, its rules written over arrays
with one row per play. ``plunder.rl.batch(game, num_envs, **options)`` wraps it:

* ``BatchEnv``: every seat of every play at once (self-play): ``reset`` and
  ``step(actions)`` with an ``(envs, seats)`` array of action indices over the
  game's action space plus the no-op (``len(action_space)``), observations
  ``(envs, seats, size)`` identical to the scalar encoder's, masks, rewards,
  and plays that end dealt anew in the same step;
* ``BatchVectorEnv``: a Gymnasium ``VectorEnv`` for one learner at one seat,
  the other seats played by a batched policy (``"random"``, or any callable).

The rules themselves keep the engine's contract (``plunder.engine.batch``:
``BatchRules`` and the array helpers a game writes them with); this module runs
them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

# The contract a game's batch engine keeps is the engine's; it is named here too, for
# the learners that run one.
from plunder.engine.batch import (
    BatchRules,
    Chance,
    Policy,
    State,
    assemble,
    counts_of,
    one_hot,
    scatter_add,
)
from plunder.engine.game import Game
from plunder.engine.registry import load, manifest


def rules_for(game: str | Game, **options: Any) -> BatchRules:
    """The batch rules of ``game`` (a name with options, or a loaded game)."""
    if isinstance(game, Game):
        if options:
            raise TypeError("options go with a game's name, not with a loaded game")
        loaded = game
    else:
        loaded = load(game, **options)
    ref = getattr(manifest(loaded.name), "batch", None)
    if ref is None:
        raise NotImplementedError(f"{loaded.name} has no batch engine (its manifest names none)")
    factory = manifest(loaded.name).part(ref)
    return factory(loaded)


class BatchEnv:
    """``num_envs`` plays of one game stepped at once, every seat of every play.

    ``step(actions)`` takes an ``(envs, seats)`` array of indices: a deciding
    seat plays its index (one that is not legal is replaced by a legal action
    drawn at random, reported in ``info["substituted"]``); a seat with nothing to
    decide is given the no-op, whatever it sent. A play that ends (or reaches
    ``max_steps`` steps) pays each seat its return and is dealt anew in the same
    step: its last observation and masks are in ``info["final_observation"]`` and
    ``info["final_mask"]``, where ``info["ended"]`` is true.

    ``shaped=True`` pays the shaped reward of the scalar environments (docs/rl.md):
    each seat has a potential, 0 at the deal, the rules' ``evaluate`` wherever it
    has an opinion (kept from the last such position elsewhere), the seat's return
    once the play is over; each step pays its change. A play's rewards add up to its
    returns, only earlier (a play cut at ``max_steps`` keeps what its potential said).
    """

    def __init__(self, rules: BatchRules, num_envs: int, *, seed: int | None = None,
                 max_steps: int | None = None, shaped: bool = False) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs is {num_envs}: at least one play")
        if shaped and not rules.evaluates:
            raise ValueError(f"{rules.game.name}'s batch engine has no evaluation: "
                             "no shaped reward (shaped=False)")
        self.shaped = shaped
        self.potential = np.zeros((num_envs, rules.players), dtype=np.float64)
        self.rules = rules
        self.game = rules.game
        self.num_envs = num_envs
        self.players = rules.players
        self.noop = rules.noop
        self.max_steps = rules.game.max_decisions() if max_steps is None else int(max_steps)
        self.rng = np.random.default_rng(seed)
        self.state: State = {}
        self.steps = np.zeros(num_envs, dtype=np.int64)
        self._legal: np.ndarray | None = None  # the legal actions of ``state``, once known

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Deal every play; their observations and masks."""
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        self.state = self.rules.deal(np, self.rules.deal_chance(self.rng, self.num_envs))
        self.steps = np.zeros(self.num_envs, dtype=np.int64)
        self.potential = np.zeros_like(self.potential)
        return self.observe()

    def observe(self) -> tuple[np.ndarray, np.ndarray]:
        """Every seat's observation and mask (int8 over the actions and the no-op)."""
        self._legal = self.rules.legal(np, self.state)
        return self.rules.observe(np, self.state), masks_of(self._legal)

    def masks(self) -> np.ndarray:
        return masks_of(self.rules.legal(np, self.state))

    def step(self, actions: Any, active: np.ndarray | None = None) -> tuple[
        np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]
    ]:
        """One step of every play (of those ``active`` says, if given; the others stay
        as they are and get no reward); see the class's docstring."""
        rules = self.rules
        actions = np.asarray(actions, dtype=np.int64).reshape(self.num_envs, self.players)
        legal = self._legal if self._legal is not None else rules.legal(np, self.state)
        deciding = legal.any(axis=-1)
        picked = np.take_along_axis(
            legal, np.clip(actions, 0, self.noop - 1)[..., None], axis=-1
        )[..., 0] & (actions >= 0) & (actions < self.noop)
        substituted = deciding & ~picked
        if substituted.any():
            actions = np.where(substituted, random_legal(self.rng, legal), actions)
        actions = np.where(deciding, actions, self.noop)
        chance = rules.step_chance(self.rng, self.state)
        new = rules.step(np, self.state, actions, chance)
        if active is None:
            moved = np.ones(self.num_envs, dtype=bool)
            self.state = new
        else:
            moved = np.asarray(active)
            self.state = rules.select(np, moved, new, self.state)
        self.steps = self.steps + moved
        terminated = moved & rules.over(np, self.state)
        truncated = moved & ~terminated & (self.steps >= self.max_steps)
        ended = terminated | truncated
        rewards = np.zeros((self.num_envs, self.players), dtype=np.float32)
        if terminated.any():
            rewards[terminated] = rules.returns(np, self.state)[terminated]
        if self.shaped:
            rewards = self._shaped(moved, terminated, ended, rewards)
        info: dict[str, Any] = {"substituted": substituted & moved[:, None], "ended": ended}
        if ended.any():
            # The ended plays' last observations (their rows only, in order), then
            # those plays dealt anew.
            rows = np.flatnonzero(ended)
            last = rules.plays(np, self.state, rows)
            info["final_observation"] = rules.observe(np, last)
            info["final_mask"] = masks_of(rules.legal(np, last))
            dealt = rules.deal(np, rules.deal_chance(self.rng, len(rows)))
            rules.put_plays(self.state, rows, dealt)
            self.steps[rows] = 0
        self._legal = None
        observations, masks = self.observe()
        return observations, masks, rewards, terminated, truncated, info

    def _shaped(self, moved: np.ndarray, terminated: np.ndarray, ended: np.ndarray,
                returns: np.ndarray) -> np.ndarray:
        """The potential's change in each play that moved (``returns``: the plays'
        returns where they ended, else 0); an ended play's potential goes back to 0."""
        value = self.rules.evaluate(np, self.state)
        assert value is not None  # shaped only where the rules evaluate (the constructor)
        now = np.where(np.isnan(value), self.potential, value)
        now = np.where(terminated[:, None], returns, now)
        now = np.where(moved[:, None], now, self.potential)
        rewards = (now - self.potential).astype(np.float32)
        self.potential = np.where(ended[:, None], 0.0, now)
        return rewards


def masks_of(legal: np.ndarray) -> np.ndarray:
    """int8 masks over the actions and the no-op, from ``(..., actions)`` booleans: the
    no-op is legal exactly where nothing else is."""
    masks = np.empty((*legal.shape[:-1], legal.shape[-1] + 1), dtype=np.int8)
    masks[..., :-1] = legal
    masks[..., -1] = ~legal.any(axis=-1)
    return masks


def random_legal(rng: np.random.Generator, legal: np.ndarray) -> np.ndarray:
    """A legal action of each row of ``legal`` (``(..., actions)`` booleans), drawn
    uniformly; ``actions`` (the no-op) where none is legal.

    The rows are short (a few actions) and many (seats times plays), so the work
    runs over the actions in a Python loop, each step a NumPy operation over every
    row at once, in the order ``legal`` lies in memory: a rules class that holds the
    play last hands out a transposed view, and reading it a row at a time would
    cost NumPy's per-row overhead thousands of times. Each row draws ``k`` uniform
    in [0, legal count) and takes the action where its running count of legal
    actions passes ``k``. A wide action space (hundreds of actions, a few legal in
    a row: Under Fire's ships and hires on 42 spaces) would make that loop long, so
    there the legal actions are found at once and each row picks among its own.
    """
    if legal.shape[-1] > WIDE:
        return _random_legal_wide(rng, legal)
    order = sorted(range(legal.ndim), key=lambda axis: -legal.strides[axis])
    actions_at = order.index(legal.ndim - 1)
    by_action = np.moveaxis(legal.transpose(order), actions_at, 0)
    # Counted in bytes (the booleans read as such, no cast) while a row's count fits
    # in one, each operation writing in place: the loop is a few hundred small calls.
    small = np.uint8 if legal.shape[-1] < 255 else np.int16
    rows = by_action.view(np.uint8)
    count = np.asarray(np.add.reduce(rows, axis=0, dtype=small))
    pick = (rng.random(count.shape, dtype=np.float32) * count).astype(small)
    # float32 rounding may carry u * count up to count itself.
    pick = np.minimum(pick, np.maximum(count, 1) - 1)
    running = np.zeros_like(count)
    chosen = np.zeros_like(count)
    passed = np.empty(count.shape, dtype=bool)
    for row in rows:
        np.add(running, row, out=running)
        np.less_equal(running, pick, out=passed)
        np.add(chosen, passed.view(np.uint8), out=chosen)
    # A row with no legal action never passes its pick: it counts every action.
    rest = [axis for axis in order if axis != legal.ndim - 1]
    return chosen.transpose(np.argsort(rest)).astype(np.int64)


# Past this many actions a row, ``random_legal`` finds the legal ones rather than
# running over every action.
WIDE = 512


def _random_legal_wide(rng: np.random.Generator, legal: np.ndarray) -> np.ndarray:
    """``random_legal`` for wide rows: every legal action's flat index, in row order;
    each row draws one of its own (its first plus a uniform offset under its count)."""
    actions = legal.shape[-1]
    flat = np.ascontiguousarray(legal).reshape(-1, actions)
    found = np.flatnonzero(flat)
    rows = found // actions
    count = np.bincount(rows, minlength=flat.shape[0])
    start = np.cumsum(count) - count
    pick = (rng.random(count.shape) * count).astype(np.int64)
    pick = np.minimum(pick, np.maximum(count, 1) - 1)
    chosen = np.full(flat.shape[0], actions, dtype=np.int64)
    some = count > 0
    chosen[some] = found[start[some] + pick[some]] % actions
    return chosen.reshape(legal.shape[:-1])


def random_policy(rng: np.random.Generator) -> Policy:
    """A batched policy that plays a legal action at random at every seat."""

    def policy(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        return random_legal(rng, masks[..., :-1].astype(bool))

    return policy


def batch(game: str | Game, num_envs: int, **options: Any) -> BatchEnv:
    """``num_envs`` plays of ``game`` at once, every seat at once (``BatchEnv``).

    Keywords besides the game's options: ``seed``, ``max_steps`` and ``shaped``.
    """
    seed = options.pop("seed", None)
    max_steps = options.pop("max_steps", None)
    shaped = options.pop("shaped", False)
    return BatchEnv(rules_for(game, **options), num_envs, seed=seed, max_steps=max_steps,
                    shaped=shaped)


def vector_env(game: str | Game, num_envs: int, **options: Any) -> Any:
    """A Gymnasium ``VectorEnv`` of ``num_envs`` plays for one learner (``BatchVectorEnv``).

    Keywords besides the game's options: ``seat`` (the learner's, 0, or ``"each"``),
    ``opponents`` (``"random"`` or a batched policy), ``seed``, ``max_steps`` and
    ``shaped`` (``BatchEnv``'s).
    """
    from plunder.rl.batched_vector import BatchVectorEnv

    seat = options.pop("seat", 0)
    opponents = options.pop("opponents", "random")
    seed = options.pop("seed", None)
    max_steps = options.pop("max_steps", None)
    shaped = options.pop("shaped", False)
    return BatchVectorEnv(rules_for(game, **options), num_envs, seat=seat,
                          opponents=opponents, seed=seed, max_steps=max_steps, shaped=shaped)


__all__ = [
    "BatchEnv",
    "BatchRules",
    "Chance",
    "Policy",
    "State",
    "assemble",
    "batch",
    "counts_of",
    "one_hot",
    "random_legal",
    "random_policy",
    "rules_for",
    "scatter_add",
    "vector_env",
]
