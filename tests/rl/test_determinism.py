"""Every environment is its own seed's: the same seed gives the same trajectory, however
much else draws from Python's ``random`` and NumPy's global generators in between.

Each trajectory is played twice with the same seed while a *meddler* draws from (and
reseeds) the global generators at every step, differently in each run; a policy with
its own seeded generator picks the actions. An environment that took any draw from a
global generator (a shuffle, an arrival order, a substitute, a bot's choice, a deal)
would part from its twin. A different seed must give a different trajectory, so the
comparison is not of two empty records.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from plunder import rl
from plunder.rl.batched import random_legal
from rl.cases import Case, params

# Steps of each trajectory: enough for deals, reshuffles and ends in the short games,
# and a bounded time in the long ones.
STEPS = 300
# Every so many steps the policy sends index 0 whatever the mask says, so that the
# environment draws substitutes for the seats it is not legal for.
BLIND = 5


class Meddler:
    """Draws from the global generators between steps, each run its own way."""

    def __init__(self, salt: int) -> None:
        random.seed(1000 + salt)
        np.random.seed(2000 + salt)
        self.salt = salt
        self.deck = list(range(52))

    def __call__(self) -> None:
        for _ in range(1 + self.salt):
            random.random()
            np.random.random()
        random.shuffle(self.deck)
        np.random.shuffle(self.deck)
        random.getrandbits(64)
        np.random.randint(0, 1000, size=3)


def pick(picker: np.random.Generator, mask: np.ndarray, step: int) -> int:
    """A legal index drawn by the policy's own generator; index 0 every ``BLIND`` steps."""
    if step % BLIND == 0:
        return 0
    return int(picker.choice(np.flatnonzero(mask)))


def same(a: Any, b: Any) -> bool:
    from gymnasium.utils.env_checker import data_equivalence

    return bool(data_equivalence(a, b, exact=True))


def twice(trajectory: Callable[[int, Meddler], list[Any]], seed: int) -> None:
    """The trajectory of ``seed`` under two meddlers is one; another seed's differs."""
    first = trajectory(seed, Meddler(0))
    assert len(first) > 2
    assert same(first, trajectory(seed, Meddler(1))), "the same seed played differently"
    assert not same(first, trajectory(seed + 1, Meddler(0))), "another seed played the same"


def parallel(case: Case) -> Callable[[int, Meddler], list[Any]]:
    def play(seed: int, meddle: Meddler) -> list[Any]:
        env = rl.parallel_env(case.game, **case.options)
        observations, infos = env.reset(seed=seed)
        picker = np.random.default_rng(seed)
        steps: list[Any] = [(observations, infos)]
        while env.agents and len(steps) < STEPS:
            meddle()
            actions = {
                agent: pick(picker, observations[agent]["action_mask"], len(steps))
                for agent in env.agents
            }
            observations, *rest = env.step(actions)
            steps.append((actions, observations, *rest))
        # The order the choices were committed in is part of the trajectory.
        steps.append(list(env.play.state.moves))
        return steps

    return play


def aec(case: Case) -> Callable[[int, Meddler], list[Any]]:
    def play(seed: int, meddle: Meddler) -> list[Any]:
        env = rl.aec_env(case.game, **case.options)
        env.reset(seed=seed)
        picker = np.random.default_rng(seed)
        steps: list[Any] = []
        for agent in env.agent_iter(max_iter=STEPS):
            meddle()
            observation, reward, terminated, truncated, info = env.last()
            action = None
            if not (terminated or truncated):
                action = pick(picker, observation["action_mask"], len(steps))
            steps.append((agent, observation, reward, terminated, truncated, info, action))
            env.step(action)
        steps.append(list(env.play.state.moves))
        return steps

    return play


def gymnasium_env(case: Case, opponents: str | None) -> Callable[[int, Meddler], list[Any]]:
    def play(seed: int, meddle: Meddler) -> list[Any]:
        env = rl.gym_env(case.game, opponents=opponents, **case.options)
        observation, info = env.reset(seed=seed)
        picker = np.random.default_rng(seed)
        steps: list[Any] = [(observation, info)]
        done = False
        while not done and len(steps) < STEPS:
            meddle()
            action = pick(picker, observation["action_mask"], len(steps))
            observation, reward, terminated, truncated, info = env.step(action)
            steps.append((action, observation, reward, terminated, truncated, info))
            done = terminated or truncated
        # What the bots played is part of the trajectory.
        steps.append(list(env.unwrapped.play.state.moves))
        return steps

    return play


def openspiel_game(case: Case) -> Callable[[int, Meddler], list[Any]]:
    from plunder.rl import openspiel

    game = openspiel.load_game(case.game, **case.options)

    def play(seed: int, meddle: Meddler) -> list[Any]:
        state = game.new_initial_state()
        state.apply_action(seed % game.max_chance_outcomes())
        picker = np.random.default_rng(seed)
        players = range(game.num_players())
        steps: list[Any] = []
        while not state.is_terminal() and len(steps) < STEPS:
            meddle()
            legal = [state.legal_actions(p) for p in players]
            actions = [int(picker.choice(found)) if found else 0 for found in legal]
            state.apply_actions(actions)
            steps.append((legal, actions, [np.asarray(state.observation_tensor(p))
                                           for p in players]))
        steps.append((str(state), state.returns()))
        return steps

    return play


@pytest.mark.parametrize("case", params())
def test_the_parallel_environment_is_its_seeds(case: Case) -> None:
    twice(parallel(case), seed=21)


@pytest.mark.parametrize("case", params())
def test_the_aec_environment_is_its_seeds(case: Case) -> None:
    twice(aec(case), seed=21)


@pytest.mark.parametrize("case", params())
def test_the_gymnasium_environment_is_its_seeds_with_random_bots(case: Case) -> None:
    twice(gymnasium_env(case, "random"), seed=21)


@pytest.mark.parametrize("case", [p for p in params() if not p.marks])
def test_the_gymnasium_environment_is_its_seeds_with_its_default_bots(case: Case) -> None:
    twice(gymnasium_env(case, None), seed=21)


@pytest.mark.parametrize("case", params())
def test_the_openspiel_game_is_its_seeds(case: Case) -> None:
    twice(openspiel_game(case), seed=21)


BATCHED = [("duel", {"players": 3}), ("rumble", {"players": 4}), ("underfire", {})]


@pytest.mark.parametrize(("game", "options"), BATCHED)
def test_the_batch_environment_is_its_seeds(game: str, options: dict[str, Any]) -> None:
    def play(seed: int, meddle: Meddler) -> list[Any]:
        env = rl.batch(game, 8, seed=seed, **options)
        observations, masks = env.reset()
        picker = np.random.default_rng(seed)
        steps: list[Any] = [(observations, masks)]
        for _ in range(60):
            meddle()
            # Every third index ignores the mask: the substitutes are drawn too.
            actions = random_legal(picker, masks[..., :-1].astype(bool))
            actions[::3] = 0
            observations, masks, rewards, terminated, truncated, info = env.step(actions)
            steps.append((observations, masks, rewards, terminated, truncated,
                          info["substituted"], info["ended"]))
        return steps

    twice(play, seed=21)


VECTOR = [(*BATCHED[0], "random"), (*BATCHED[0], "greedy"), (*BATCHED[1], "random"),
          (*BATCHED[2], "random")]


@pytest.mark.parametrize(("game", "options", "opponents"), VECTOR)
def test_the_vector_environment_is_its_seeds(game: str, options: dict[str, Any],
                                             opponents: str) -> None:
    def play(seed: int, meddle: Meddler) -> list[Any]:
        env = rl.vector_env(game, 8, opponents=opponents, seat="each", **options)
        observations, infos = env.reset(seed=seed)
        picker = np.random.default_rng(seed)
        steps: list[Any] = [observations]
        for _ in range(60):
            meddle()
            actions = random_legal(picker, observations["action_mask"].astype(bool))
            observations, rewards, terminated, truncated, infos = env.step(actions)
            steps.append((observations, rewards, terminated, truncated, infos))
        return steps

    twice(play, seed=21)
