"""Learning environments for every registered game: PettingZoo, Gymnasium and OpenSpiel.

Install the libraries with the ``rl`` extra (``pip install 'plunder[rl]'``); the
rest of plunder does not need them, and this package imports them only when an
environment is asked for.

* ``parallel_env(game, **options)`` and ``aec_env(game, **options)``: PettingZoo
  environments, one agent per seat (``plunder.rl.zoo``);
* ``gym_env(game, seat=0, opponents=None, **options)``: a Gymnasium
  environment for one learner against plunder's bots (``plunder.rl.single``),
  also registered as ``plunder/<game>-v0`` by ``register_gym()``;
* ``plunder.rl.openspiel.register()``: every game as the OpenSpiel game
  ``python_plunder_<game>``;
* ``batch(game, num_envs, **options)`` and ``vector_env(game, num_envs, ...)``:
  thousands of plays stepped at once from arrays, for the games with a batch
  engine (``plunder.rl.batched``): every seat at once, or a Gymnasium
  ``VectorEnv`` for one learner.

Everything goes through the engine's protocol (action space, masks, observation
vectors, status, results), so a game added to the registry gets all of them.
See docs/rl.md.
"""

from __future__ import annotations

from importlib.util import find_spec
from typing import Any

from plunder.engine.game import Game
from plunder.rl.deps import MissingExtra


def parallel_env(game: str | Game, **options: Any) -> Any:
    """A PettingZoo Parallel environment of ``game``.

    Keywords besides the game's options: ``render_mode`` (``"ansi"``),
    ``max_cycles`` (steps before truncation; default ``game.max_decisions()``),
    ``shaped`` (the shaped reward), ``keep_eliminated`` and ``seed``.
    """
    from plunder.rl.zoo import ParallelEnv

    return ParallelEnv(game, **options)


def aec_env(game: str | Game, **options: Any) -> Any:
    """A PettingZoo AEC environment of ``game`` (keywords as ``parallel_env``)."""
    from plunder.rl.zoo import AECEnv

    return AECEnv(game, **options)


def gym_env(game: str | Game, seat: int = 0, opponents: Any = None, **options: Any) -> Any:
    """A Gymnasium environment: one learner at ``seat``, bots (specs) at the other seats
    (by default the game's ``greedy:easy``; ``random`` for a game without a greedy bot)."""
    from plunder.rl.single import SingleSeatEnv

    return SingleSeatEnv(game, seat, opponents, **options)


def batch(game: str | Game, num_envs: int, **options: Any) -> Any:
    """``num_envs`` plays of ``game`` stepped at once, every seat of every play
    (``plunder.rl.batched.BatchEnv``); keywords: the game's options, ``seed``, ``max_steps``."""
    from plunder.rl.batched import batch as make

    return make(game, num_envs, **options)


def vector_env(game: str | Game, num_envs: int, **options: Any) -> Any:
    """A Gymnasium ``VectorEnv`` of ``num_envs`` batched plays for one learner
    (``plunder.rl.batched_vector.BatchVectorEnv``); keywords: the game's options,
    ``seat``, ``opponents``, ``seed``, ``max_steps``."""
    from plunder.rl.batched import vector_env as make

    return make(game, num_envs, **options)


def register_gym() -> list[str]:
    """Register ``plunder/<game>-v0`` with Gymnasium for every registered game."""
    from plunder.rl.single import register

    return register()


__all__ = [
    "MissingExtra",
    "aec_env",
    "batch",
    "gym_env",
    "parallel_env",
    "register_gym",
    "vector_env",
]


# With Gymnasium installed, importing this package registers the environments, so
# ``gymnasium.make("plunder.rl:plunder/<game>-v0")`` works without an import first.
if find_spec("gymnasium") is not None:
    register_gym()
