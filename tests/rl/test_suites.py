"""The libraries' own test suites, on every registered game, mode and end of its player range.

PettingZoo: ``api_test`` (AEC), ``parallel_api_test``, ``seed_test``,
``parallel_seed_test``, ``max_cycles_test``; Gymnasium: ``check_env``; OpenSpiel:
``random_sim_test`` with serialization, on the game and on its turn-based
conversion. Every warning but the two PettingZoo gives any dict observation
fails the test (``cases.strict_warnings``). Nothing is skipped: without the ``rl``
extra these tests fail.
"""

from __future__ import annotations

import pettingzoo.test as pettingzoo_test
import pytest

from rl.cases import Case, params, quietly, zoo_module


@pytest.mark.parametrize("case", params())
def test_pettingzoo_aec_api(case: Case) -> None:
    from plunder import rl

    env = rl.aec_env(case.game, seed=1, **case.options)
    quietly(lambda: pettingzoo_test.api_test(env, num_cycles=300))


@pytest.mark.parametrize("case", params())
def test_pettingzoo_parallel_api(case: Case) -> None:
    from plunder import rl

    env = rl.parallel_env(case.game, seed=2, **case.options)
    quietly(lambda: pettingzoo_test.parallel_api_test(env, num_cycles=300))


@pytest.mark.parametrize("case", params())
def test_pettingzoo_seed(case: Case) -> None:
    from plunder import rl

    quietly(
        lambda: pettingzoo_test.seed_test(
            lambda: rl.aec_env(case.game, **case.options), num_cycles=100
        )
    )


@pytest.mark.parametrize("case", params())
def test_pettingzoo_parallel_seed(case: Case) -> None:
    from plunder import rl

    quietly(
        lambda: pettingzoo_test.parallel_seed_test(
            lambda: rl.parallel_env(case.game, **case.options), num_cycles=100
        )
    )


@pytest.mark.parametrize("case", params())
def test_pettingzoo_max_cycles(case: Case) -> None:
    quietly(lambda: pettingzoo_test.max_cycles_test(zoo_module(case, seed=3)))


@pytest.mark.parametrize("case", params())
def test_gymnasium_check_env(case: Case) -> None:
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    from plunder.rl.single import env_id

    # Bots with a fixed number of iterations: the clock never changes their choices,
    # so the checker's determinism checks hold.
    env = gymnasium.make(
        env_id(case.game), opponents="ismcts:iterations=8", render_mode="ansi", **case.options
    )
    quietly(lambda: check_env(env.unwrapped))


@pytest.mark.parametrize("case", params())
def test_openspiel_random_sim(case: Case) -> None:
    import pyspiel

    from plunder.rl import openspiel

    game = openspiel.load_game(case.game, **case.options)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    turn_based = pyspiel.convert_to_turn_based(game)
    pyspiel.random_sim_test(turn_based, num_sims=1, serialize=True, verbose=False)
