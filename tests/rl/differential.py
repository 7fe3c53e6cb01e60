"""Batch engine against scalar engine, step by step (the differential tests' harness).

Plays of one table run side by side: each seed's scalar state (``game.new``) and
its row of a batch state, dealt with the chance the scalar state drew. At every
step both must agree on every seat's legal actions (as a mask over the action
space), every seat's observation and the spectator's, whether the play is over,
each seat's return, and the evaluation where the batch engine has one (the shaped
reward's potential); then every deciding seat plays the same action in both
(``picks`` chooses it among the legal ones), and both draw the same chance: the
batch step is handed chance drawn for it (``chance_for``), and the scalar
states draw the same outcomes from it (their ``shuffle`` and ``choice`` are
given, for that step, functions that read it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

import plunder
from plunder.engine.registry import part
from plunder.rl.batched import rules_for

# The chance a batch step is handed, and for each scalar state the draws it makes from
# it in that step: (chance, [{method name: function} per play]).
ChanceFor = Callable[[Any, Sequence[plunder.State], np.random.Generator],
                     tuple[dict[str, Any], list[dict[str, Any]]]]


def ids(options: dict[str, Any]) -> str:
    """A test id for a table's options: ``players=3,target=2``."""
    return ",".join(f"{k}={v}" for k, v in options.items())


def compare(rules: Any, scalars: Sequence[plunder.State], state: dict[str, Any]) -> None:
    """Every seat's mask and observation, the spectator's, the end and the returns agree,
    and so do the evaluations where the batch engine evaluates (a shaped reward)."""
    space = rules.game.action_space()
    values = rules.evaluate(np, state)
    evaluate = part(rules.game.name, "evaluate") if values is not None else None
    legal = rules.legal(np, state)
    observed = rules.observe(np, state)
    spectator = rules.spectator(np, state)
    over = rules.over(np, state)
    returns = rules.returns(np, state)
    seats = list(range(rules.players))
    for row, scalar in enumerate(scalars):
        where = f"play {row} (seed {scalar.seed}) after {len(scalar.moves)} moves"
        for seat in seats:
            expected = np.zeros(rules.actions, dtype=bool)
            expected[space.positions(scalar.legal(seat))] = True
            assert np.array_equal(legal[row, seat], expected), (
                f"{where}: seat {seat}'s legal actions differ: batch "
                f"{[space.action(i).notation for i in np.flatnonzero(legal[row, seat])]}, "
                f"scalar {[a.notation for a in scalar.legal(seat)]}"
            )
        vectors = scalar.observations(seats)
        for seat in seats:
            assert_same_vector(rules, observed[row, seat], vectors[seat], f"{where}, seat {seat}")
        assert_same_vector(rules, spectator[row], scalar.observation(None), f"{where}, spectator")
        assert bool(over[row]) == scalar.is_over, where
        if evaluate is not None:
            want = evaluate(scalar)
            if want is None:
                assert np.isnan(values[row]).all(), f"{where}: the batch evaluates, not the game"
            else:
                assert np.allclose(values[row], want), f"{where}: evaluations differ"
        if scalar.is_over:
            assert np.allclose(returns[row], scalar.result.returns()), where


def assert_same_vector(rules: Any, got: np.ndarray, want: np.ndarray, where: str) -> None:
    if np.array_equal(got, want):
        return
    at = int(np.flatnonzero(got != want)[0])
    field = [r for r in rules.encoder.describe() if r["offset"] <= at][-1]
    raise AssertionError(
        f"{where}: observation field {field['name']}[{at - field['offset']}] is "
        f"{got[at]} in the batch, {want[at]} in the scalar engine"
    )


def play_side_by_side(
    game: str,
    options: dict[str, Any],
    seeds: Sequence[int],
    picks: Sequence[int],
    steps: int,
    deal_of: Callable[[Any, Sequence[plunder.State]], dict[str, Any]],
    chance_for: ChanceFor,
) -> tuple[int, int]:
    """Play ``steps`` steps of every seed side by side, comparing at every step; the
    number of steps compared and of plays that ended."""
    rules = rules_for(game, **options)
    loaded = plunder.load(game, **options)
    space = loaded.action_space()
    scalars = [loaded.new(seed=seed) for seed in seeds]
    state = rules.deal(np, deal_of(rules, scalars))
    rng = np.random.default_rng(seeds[0] if seeds else 0)
    compared = 0
    for step in range(steps):
        compare(rules, scalars, state)
        compared += 1
        if all(s.is_over for s in scalars):
            break
        actions = np.full((len(scalars), rules.players), rules.noop, dtype=np.int64)
        chance, draws = chance_for(rules, scalars, rng)
        for row, scalar in enumerate(scalars):
            if scalar.is_over:
                continue
            for seat in sorted(scalar.pending):
                legal = scalar.legal(seat)
                pick = picks[(step * 7 + row * 3 + seat) % len(picks)] if picks else 0
                action = legal[pick % len(legal)]
                actions[row, seat] = space.index(action)
            # The batch commits a step at once, in seat order: so does the scalar here,
            # drawing what the batch is handed.
            scalar.__dict__.update(draws[row])
            try:
                for seat in sorted(scalar.pending):
                    scalar.act(seat, space.action(int(actions[row, seat])))
            finally:
                for name in draws[row]:
                    del scalar.__dict__[name]
        state = rules.step(np, state, actions, chance)
    return compared, sum(1 for s in scalars if s.is_over)
