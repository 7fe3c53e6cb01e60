"""Pirates Under Fire's batch engine against the scalar engine, step by step.

For many seeds, under every choice of the game's options (when it ends, where a
burning ship may be reached, how a turn draws), the batch engine and the scalar
engine given the same actions (hypothesis chooses them among the legal ones) and
the same chance (the sea, market, fleets and first player the scalar engine dealt;
at each step keys that pick the ships a reserve gives, read by both) agree on every
seat's mask and observation, the spectator's, the end and the returns, at every
step (``differential.py``). About 200 plays by default, some 1,000 more under
``--slow``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import plunder
from plunder.games.underfire.content import NUMBERS
from plunder.games.underfire.encoder import MERCS
from plunder.rl.batched import rules_for
from rl.differential import ids, play_side_by_side


def deal_of(rules: Any, scalars: Sequence[plunder.State]) -> dict[str, Any]:
    """The chance each scalar play was dealt with: its sea, its market, each fleet's
    draw pile before the hand was drawn from its end, each reserve, the first player."""
    space, market, piles, reserves, first = [], [], [], [], []
    for state in scalars:
        view: Any = state
        space.append([rules.code_index[code] if code else -1 for code in view.effects])
        market.append([m in view.market for m in MERCS])
        # The hand was drawn off the pile's end; the order within it does not matter.
        piles.append([list(view.pile[seat]) + list(view.hand[seat]) for seat in (0, 1)])
        reserves.append([[view.reserve[seat].count(n) for n in NUMBERS] for seat in (0, 1)])
        first.append(view.current)
    return {"space": np.array(space), "market": np.array(market), "piles": np.array(piles),
            "reserve": np.array(reserves), "first": np.array(first)}


def chance_for(rules: Any, scalars: Sequence[plunder.State], rng: np.random.Generator
               ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Keys for the batch step, and for each scalar play a ``randrange`` that takes from
    the reserve the ship the batch takes with them: the ``key * size``-th of the
    reserve's ships in order of number."""
    chance = {"reserve": rng.random((len(scalars), rules.reserve_draws))}
    draws = []
    for row, state in enumerate(scalars):

        def randrange(stop: int, keys: np.ndarray = chance["reserve"][row], state: Any = state,
                      used: list[int] = [0]) -> int:  # noqa: B006 - one counter a step
            reserve = state.reserve[state.current]
            assert len(reserve) == stop, "the scalar engine drew for something else"
            pick = int(keys[used[0]] * stop)
            used[0] += 1
            return int(reserve.index(sorted(reserve)[pick]))

        draws.append({"randrange": randrange})
    return chance, draws


TABLES = [
    {},
    {"end": "sixteen"},
    {"burning": "accessible"},
    {"draw": "one"},
    {"draw": "fill"},
    {"draw": "fill", "burning": "accessible", "end": "sixteen"},
]


@pytest.mark.parametrize("options", TABLES, ids=lambda o: ids(o) or "default")
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first=st.integers(0, 2**31), picks=st.lists(st.integers(0, 1000), min_size=1, max_size=40))
def test_batch_underfire_plays_as_the_scalar_engine(options: dict, first: int,
                                                    picks: list[int]) -> None:
    # Eight plays side by side for 60 steps, every step compared.
    seeds = [first + k for k in range(8)]
    compared, _ = play_side_by_side("underfire", options, seeds, picks, 60, deal_of, chance_for)
    assert compared > 1


@pytest.mark.slow
@pytest.mark.parametrize("options", TABLES, ids=lambda o: ids(o) or "default")
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first=st.integers(0, 2**31), picks=st.lists(st.integers(0, 1000), min_size=1, max_size=80))
def test_batch_underfire_plays_as_the_scalar_engine_at_scale(options: dict, first: int,
                                                             picks: list[int]) -> None:
    seeds = [first + k for k in range(16)]
    compared, ended = play_side_by_side("underfire", options, seeds, picks, 1000, deal_of,
                                        chance_for)
    assert compared > 1 and ended == len(seeds)


@pytest.mark.parametrize("options", [{}, {"draw": "one"}], ids=lambda o: ids(o) or "default")
def test_whole_plays_to_their_end(options: dict) -> None:
    # Played to the end: the final scoring, the winners and the returns compared too.
    seeds = list(range(10))
    _, ended = play_side_by_side("underfire", options, seeds, list(range(1, 89)), 1000,
                                 deal_of, chance_for)
    assert ended == len(seeds)


def test_random_plays_of_the_batch_engine_end_with_a_result() -> None:
    rules = rules_for("underfire")
    rng = np.random.default_rng(3)
    state = rules.deal(np, rules.deal_chance(rng, 64))
    for _ in range(400):
        legal = rules.legal(np, state)
        deciding = legal.any(axis=2)
        # Every live play has exactly one seat deciding, at least one action open.
        assert np.array_equal(deciding.sum(axis=1), (~state["over"]).astype(int))
        picks = np.array([[rng.choice(np.flatnonzero(row)) if row.any() else rules.noop
                           for row in play] for play in legal])
        state = rules.step(np, state, picks, rules.step_chance(rng, state))
        if state["over"].all():
            break
    assert state["over"].all()
    returns = rules.returns(np, state)
    assert np.allclose(returns.sum(axis=1), 1.0)
