"""What learning libraries expect of the Gymnasium environment beyond its checker:
``action_masks()`` (sb3-contrib's MaskablePPO), masks a vector environment can
sample from at every step (its final observations included), and observation
spaces bounded field by field."""

from __future__ import annotations

import numpy as np
import pytest

import plunder
from plunder import rl
from rl.cases import Case, params


def test_action_masks_are_the_observed_mask_and_never_empty() -> None:
    env = rl.gym_env("duel", opponents="random", players=2)
    observation, _ = env.reset(seed=3)
    picker = np.random.default_rng(3)
    done = False
    while not done:
        mask = env.action_masks()
        assert mask.dtype == np.int8 and mask.shape == (len(env.game.action_space()),)
        assert np.array_equal(mask, observation["action_mask"])
        assert mask.any()
        legal = {env.play.space.index(a) for a in env.play.state.legal(env.seat)}
        assert set(np.flatnonzero(mask)) == legal
        action = int(picker.choice(np.flatnonzero(mask)))
        observation, _, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    # The end: nothing is decided, yet the mask marks every action (none is played).
    assert env.play.over
    assert np.array_equal(env.action_masks(), np.ones(len(env.game.action_space()), np.int8))
    assert np.array_equal(observation["action_mask"], env.action_masks())


def test_a_vector_environment_never_hands_out_an_empty_mask() -> None:
    import gymnasium

    envs = gymnasium.vector.SyncVectorEnv(
        [lambda: rl.gym_env("duel", opponents="random", players=2, target=1)] * 3
    )
    observations, _ = envs.reset(seed=11)
    picker = np.random.default_rng(11)
    ended = 0
    for _ in range(300):
        masks = observations["action_mask"]
        assert masks.shape[0] == 3 and masks.any(axis=1).all()
        actions = np.array([picker.choice(np.flatnonzero(row)) for row in masks])
        observations, _, terminated, truncated, _ = envs.step(actions)
        ended += int(np.sum(terminated | truncated))
    assert ended > 3  # episodes ended (and restarted) along the way
    envs.close()


@pytest.mark.parametrize("case", params())
def test_observation_spaces_carry_each_fields_bounds(case: Case) -> None:
    game = plunder.load(case.game, **case.options)
    low, high = game.encoder().bounds()
    env = rl.parallel_env(case.game, seed=1, **case.options)
    box = env.observation_space(env.possible_agents[0])["observation"]
    assert np.array_equal(box.low, low) and np.array_equal(box.high, high)
    assert np.all(np.isfinite(box.high)) and np.all(box.low <= box.high)
    # Every field states its bounds, and most are 0..1.
    for spec in game.encoder().layout:
        assert spec.low <= spec.high
    observations, _ = env.reset()
    for observation in observations.values():
        assert box.contains(observation["observation"])
    single = rl.gym_env(case.game, opponents="random", **case.options)
    assert np.array_equal(single.observation_space["observation"].high, high)


@pytest.mark.parametrize("game", plunder.engine.names())
def test_the_default_opponent_is_fast_and_plays_a_seed_alike(game: str) -> None:
    # The greedy bot at its easy level, not a search on the clock: two episodes from
    # one seed, the learner playing the same moves, are the same episode.
    def episode() -> list:
        env = rl.gym_env(game)
        assert set(env.opponents.values()) == {"greedy:easy"}
        env.reset(seed=5)
        picker = np.random.default_rng(5)
        moves = []
        for _ in range(60):
            action = int(picker.choice(np.flatnonzero(env.action_masks())))
            _, reward, terminated, truncated, _ = env.step(action)
            moves.append((action, reward))
            if terminated or truncated:
                break
        return [*moves, [str(move) for move in env.play.state.moves]]

    assert episode() == episode()


def test_a_game_without_a_greedy_bot_is_played_by_random_bots(monkeypatch) -> None:
    from plunder.rl import single

    monkeypatch.setattr(single, "bot_names", lambda game: ["random", "ismcts"])
    assert single.default_opponent("duel") == "random"
    env = rl.gym_env("duel", players=3)
    assert set(env.opponents.values()) == {"random"}
