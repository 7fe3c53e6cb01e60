"""Duel's batch engine against the scalar engine, step by step, and its environments.

For many seeds, the batch engine and the scalar engine given the same actions
(hypothesis chooses them among the legal ones) and the same first master agree
on every seat's mask and observation, the spectator's, the end and the returns,
at every step (``differential.py``). A few hundred plays by default, 144 more
under ``--slow`` (six tables, four draws of six plays, each to 3,000 steps).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import plunder
from plunder.games.duel.rules import CARD_NAMES
from rl.differential import ids, play_side_by_side


def deal_of(rules: Any, scalars: Sequence[plunder.State]) -> dict[str, Any]:
    return {"master": np.array([s.master for s in scalars])}  # type: ignore[attr-defined]


def chance_for(rules: Any, scalars: Any, rng: Any) -> tuple[dict, list]:
    return {}, [{} for _ in scalars]  # Duel draws nothing after the deal


TABLES = [
    {"players": 2},
    {"players": 3},
    {"players": 5},
    {"players": 2, "deflection": "per-weapon", "target": 2},
    {"players": 4, "shootout_limit": 3, "duel_limit": 4},
    {"players": 3, "target": 1, "duel_limit": 2},
]


@pytest.mark.parametrize("options", TABLES, ids=ids)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first=st.integers(0, 2**31), picks=st.lists(st.integers(0, 1000), min_size=1, max_size=40))
def test_batch_duel_plays_as_the_scalar_engine(options: dict, first: int, picks: list[int]) -> None:
    # Ten plays side by side, every step compared: 300 plays in the default run.
    seeds = [first + k for k in range(10)]
    compared, _ = play_side_by_side("duel", options, seeds, picks, 150, deal_of, chance_for)
    assert compared > 1


@pytest.mark.slow
@pytest.mark.parametrize("options", TABLES, ids=ids)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first=st.integers(0, 2**31), picks=st.lists(st.integers(0, 1000), min_size=1, max_size=80))
def test_batch_duel_plays_as_the_scalar_engine_at_scale(options: dict, first: int,
                                                        picks: list[int]) -> None:
    seeds = [first + k for k in range(6)]
    compared, ended = play_side_by_side("duel", options, seeds, picks, 3000, deal_of, chance_for)
    assert compared > 1 and ended > 0


def test_whole_plays_to_their_end() -> None:
    # Plays to the end, a dollar of target: the winners and returns are compared too.
    seeds = list(range(40))
    picks = list(range(97))
    _, ended = play_side_by_side("duel", {"players": 3, "target": 2}, seeds, picks, 4000,
                                 deal_of, chance_for)
    assert ended == len(seeds)


def test_the_batched_greedy_bot_scores_a_shootout_as_the_greedy_bot_does() -> None:
    """``greedy_scores`` on the batch engine's rows against the greedy bot's own
    ``shootout_score`` on the scalar engine, for the same cards played."""
    from plunder.games.duel.batch import greedy_scores
    from plunder.games.duel.bot import shootout_score
    from plunder.rl.batched import rules_for

    rng = np.random.default_rng(5)
    for options in ({"players": 2}, {"players": 3, "target": 2}, {"players": 4, "duel_limit": 3}):
        rules = rules_for("duel", **options)
        game = plunder.load("duel", **options)
        space = game.action_space()
        for seed in range(12):
            state = game.new(seed=seed)
            moves = int(rng.integers(0, 60))
            for _ in range(moves):
                if state.is_over:
                    break
                for s in sorted(state.pending):
                    state.act(s, state.legal(s)[int(rng.integers(len(state.legal(s))))])
            if state.is_over:
                continue
            # One play, laid out as the batch engine holds it: the play on the last axis.
            batch = rules.deal(np, {"master": np.array([state.master])})
            batch.update(alive=np.array(state.alive)[:, None],
                         dollars=np.array(state.dollars)[:, None],
                         hands=np.array([[h[c] for c in CARD_NAMES]
                                         for h in state.hands])[..., None],
                         played=np.array([[p.count(c) for c in CARD_NAMES]
                                          for p in state.played])[..., None],
                         duel=np.array([state.duel]), shootout=np.array([state.shootout]))
            for seat in sorted(state.pending):
                chosen = {s: state.legal(s)[int(rng.integers(len(state.legal(s))))]
                          for s in sorted(state.pending)}
                actions = np.full((1, rules.players), rules.noop)
                for s, action in chosen.items():
                    actions[0, s] = space.index(action)
                after = rules.step(np, batch, actions, {})
                got = greedy_scores(batch, after, seat)[0]
                assert got == pytest.approx(shootout_score(state, seat, chosen))


def test_the_batched_greedy_bot_beats_random_play() -> None:
    from plunder import rl

    env = rl.vector_env("duel", 64, players=2, opponents="greedy", seed=3, target=2)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    ended = won = 0.0
    for _ in range(150):
        masks = env.action_masks()
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)
        _, rewards, terminated, _, _ = env.step(actions)
        ended += terminated.sum()
        won += rewards.sum()
    assert ended > 50 and won / ended < 0.25
