"""What the environments promise beyond the libraries' suites: whole seeded episodes replay,
arrival order is the environment's, the no-op, termination, truncation and rewards."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import plunder
from plunder import rl
from plunder.rl.play import Play
from rl.cases import Case, params


def parallel_trajectory(case: Case, seed: int, **kw: Any) -> list[Any]:
    """Every step of a whole parallel episode, masked actions drawn by a seeded generator."""
    env = rl.parallel_env(case.game, **case.options, **kw)
    observations, infos = env.reset(seed=seed)
    picker = np.random.default_rng(seed)
    steps: list[Any] = [(observations, infos)]
    while env.agents:
        actions = {
            agent: int(picker.choice(np.flatnonzero(observations[agent]["action_mask"])))
            for agent in env.agents
        }
        observations, rewards, terminations, truncations, infos = env.step(actions)
        steps.append((actions, observations, rewards, terminations, truncations, infos))
    return steps


def aec_trajectory(case: Case, seed: int) -> list[Any]:
    env = rl.aec_env(case.game, **case.options)
    env.reset(seed=seed)
    picker = np.random.default_rng(seed)
    steps = []
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        action = None
        if not (terminated or truncated):
            action = int(picker.choice(np.flatnonzero(observation["action_mask"])))
        steps.append((agent, observation, reward, terminated, truncated, info, action))
        env.step(action)
    return steps


def same(a: Any, b: Any) -> bool:
    from gymnasium.utils.env_checker import data_equivalence

    return bool(data_equivalence(a, b, exact=True))


@pytest.mark.parametrize("case", params())
def test_a_whole_seeded_episode_replays_exactly(case: Case) -> None:
    first = parallel_trajectory(case, seed=11)
    assert len(first) > 2
    assert same(first, parallel_trajectory(case, seed=11))
    other = parallel_trajectory(case, seed=12)
    assert not same(first, other)
    assert same(aec_trajectory(case, seed=5), aec_trajectory(case, seed=5))


@pytest.mark.parametrize("case", params())
def test_rewards_add_up_to_the_returns_shaped_or_not(case: Case) -> None:
    for shaped in (False, True):
        env = rl.parallel_env(case.game, shaped=shaped, keep_eliminated=True, **case.options)
        observations, _ = env.reset(seed=4)
        total = dict.fromkeys(env.possible_agents, 0.0)
        picker = np.random.default_rng(4)
        while env.agents:
            actions = {
                a: int(picker.choice(np.flatnonzero(observations[a]["action_mask"])))
                for a in env.agents
            }
            observations, rewards, *_ = env.step(actions)
            for agent, reward in rewards.items():
                total[agent] += reward
        returns = env.play.returns()
        assert env.play.over
        for seat, agent in enumerate(env.possible_agents):
            assert total[agent] == pytest.approx(returns[seat])


def test_a_shaped_reward_comes_before_the_end_where_the_game_evaluates() -> None:
    # Duel evaluates the positions between two duels; with two dollars to win the
    # first duel's end changes each seat's value before the game is over.
    env = rl.parallel_env("duel", players=2, target=2, shaped=True)
    observations, _ = env.reset(seed=3)
    early = []
    picker = np.random.default_rng(3)
    while env.agents:
        actions = {
            a: int(picker.choice(np.flatnonzero(observations[a]["action_mask"])))
            for a in env.agents
        }
        observations, rewards, terminations, *_ = env.step(actions)
        if not any(terminations.values()):
            early += [r for r in rewards.values() if r != 0.0]
    assert early


def test_arrival_order_is_drawn_by_the_environment_not_the_dict() -> None:
    game = plunder.load("duel", players=3)
    orders = set()
    for seed in range(12):
        runs = []
        for reverse in (False, True):
            play = Play(game, seed=1, rng=random.Random(seed))
            chosen = {seat: play.legal_indices(seat)[0] for seat in sorted(play.state.pending)}
            if reverse:
                chosen = dict(reversed(chosen.items()))
            play.commit(chosen)
            runs.append([seat for seat, _ in play.state.moves])
        # The dict's order changes nothing; the generator decides.
        assert runs[0] == runs[1]
        orders.add(tuple(runs[0]))
    assert len(orders) > 1


def test_a_seat_that_owes_nothing_has_only_the_noop() -> None:
    env = rl.parallel_env("duel", players=3, seed=1)
    observations, _ = env.reset()
    picker = np.random.default_rng(1)
    seen_waiting = False
    while env.agents and not seen_waiting:
        for agent in env.agents:
            seat = env.seat_of[agent]
            mask = observations[agent]["action_mask"]
            if seat not in env.play.state.pending:
                expected = np.zeros_like(mask)
                expected[env.noop] = 1
                assert np.array_equal(mask, expected)
                seen_waiting = True
            else:
                assert mask[env.noop] == 0 and mask.sum() >= 1
        actions = {
            a: int(picker.choice(np.flatnonzero(observations[a]["action_mask"])))
            for a in env.agents
        }
        observations, *_ = env.step(actions)
    assert seen_waiting


def test_an_illegal_index_is_replaced_by_a_legal_action_and_reported() -> None:
    env = rl.parallel_env("duel", players=2, seed=1)
    env.reset()
    before = len(env.play.state.moves)
    _, _, _, _, infos = env.step({"seat_0": env.noop, "seat_1": 10_000})
    assert infos["seat_0"].get("substituted") and infos["seat_1"].get("substituted")
    assert len(env.play.state.moves) == before + 2


def test_a_seat_knocked_out_for_good_is_terminated_while_the_game_goes_on() -> None:
    env = rl.parallel_env("rumble", players=4, seed=2)
    observations, _ = env.reset()
    picker = np.random.default_rng(2)
    knocked = None
    while env.agents and knocked is None:
        actions = {
            a: int(picker.choice(np.flatnonzero(observations[a]["action_mask"])))
            for a in env.agents
        }
        observations, rewards, terminations, _, infos = env.step(actions)
        gone = [a for a, done in terminations.items() if done]
        if gone and not env.play.over:
            knocked = gone[0]
            assert infos[knocked]["status"] == "eliminated"
            assert knocked not in env.agents and env.agents
            assert rewards[knocked] == 0.0
    assert knocked is not None


def test_the_step_limit_truncates_everyone() -> None:
    env = rl.parallel_env("duel", players=3, max_cycles=3, seed=1)
    env.reset()
    for _ in range(3):
        actions = {a: env.noop for a in env.agents}
        _, _, terminations, truncations, _ = env.step(actions)
    assert all(truncations.values()) and not any(terminations.values())
    assert env.agents == []


def test_render_draws_the_terminal_table() -> None:
    env = rl.parallel_env("duel", players=2, render_mode="ansi", seed=1)
    env.reset()
    picture = env.render()
    assert isinstance(picture, str) and "seat" in picture and "$0" in picture


def test_the_gym_environment_plays_the_bots_and_ends_with_the_return() -> None:
    env = rl.gym_env("duel", seat=1, opponents="random", players=3)
    observation, _ = env.reset(seed=5)
    assert 1 in env.play.state.pending
    total, done, steps = 0.0, False, 0
    picker = np.random.default_rng(5)
    while not done:
        action = int(picker.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, _ = env.step(action)
        total += reward
        done = terminated or truncated
        steps += 1
    assert env.play.over and terminated and not truncated
    assert total == pytest.approx(env.play.returns()[1])
    # The learner decided only at its own steps; the bots played the rest.
    assert steps == sum(1 for seat, _ in env.play.state.moves if seat == 1)


def test_gym_ids_are_registered_for_every_game() -> None:
    import gymnasium

    for name in plunder.engine.names():
        env = gymnasium.make(f"plunder/{name}-v0", opponents="random")
        assert env.unwrapped.game.name == name


def test_a_missing_library_names_the_extra() -> None:
    from plunder.rl.deps import MissingExtra, need

    with pytest.raises(MissingExtra, match=r"plunder\[rl\]"):
        need("a_module_that_is_not_there")
