"""The batch engine as a Gymnasium ``VectorEnv``: one learner at one seat of every play.

``plunder.rl.vector_env(game, num_envs, seat=0, opponents="random", **options)``.
The learner sits at ``seat`` in every play, or, with ``seat="each"``, at every
seat in turn across the plays (play ``i`` at seat ``i % players``), so one policy
learns every seat at once.
The other seats are played by a batched policy: ``"random"`` (a legal action at
random), a batched bot the game's batch engine offers (``BatchRules.bot``), or
any callable taking every seat's observations ``(envs, seats, size)``
and masks ``(envs, seats, actions + 1)`` and returning ``(envs, seats)`` action
indices (the learner's column is ignored): a frozen copy of the learner, for
self-play. The learner is asked only when its seat decides, as in the scalar
Gymnasium environment: the other seats play the steps in between (and, once the
learner is out for good, the rest of the play, so its reward is its return).

Spaces are the scalar Gymnasium environment's, batched: a ``Dict`` of
``"observation"`` (the encoder's bounds) and ``"action_mask"`` (int8) over
``Discrete(len(action_space))``. ``action_masks()`` gives the masks now (as
sb3-contrib's MaskablePPO asks). Plays reset in the step that ends them
(``AutoresetMode.SAME_STEP``): the ended play's last observation is in
``infos["final_obs"]`` (where ``infos["_final_obs"]`` is true), and its mask marks
every action rather than none, since nothing is played from it.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from plunder.rl.batched import BatchEnv, BatchRules, Policy, random_policy
from plunder.rl.deps import need

gymnasium = need("gymnasium")
spaces = gymnasium.spaces
AutoresetMode = gymnasium.vector.AutoresetMode
# The base class, typed Any: gymnasium is imported by name at run time.
VectorEnv: Any = gymnasium.vector.VectorEnv


class BatchVectorEnv(VectorEnv):
    """``num_envs`` plays of one game for one learner at ``seat`` (module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "autoreset_mode": AutoresetMode.SAME_STEP,
        "render_modes": [],
    }

    def __init__(self, rules: BatchRules, num_envs: int, *, seat: int | str = 0,
                 opponents: str | Policy = "random", seed: int | None = None,
                 max_steps: int | None = None, shaped: bool = False) -> None:
        self._rows = np.arange(num_envs)
        if seat == "each":
            self.seats = self._rows % rules.players
        elif type(seat) is int and 0 <= seat < rules.players:
            self.seats = np.full(num_envs, seat)
        else:
            raise ValueError(f"seat {seat!r} is not a seat of a {rules.players}-seat table "
                             "(nor 'each')")
        self.rules = rules
        self.seat = seat
        self.num_envs = num_envs
        self.batch = BatchEnv(rules, num_envs, seed=seed, max_steps=max_steps, shaped=shaped)
        # The other seats' generator: seeded with the plays, and again at each seeded
        # reset (in place: the policy holds it), so a seed fixes the whole trajectory.
        self._opponent_rng = np.random.default_rng(seed)
        if callable(opponents):
            self.opponents: Policy = opponents
        elif opponents == "random":
            self.opponents = random_policy(self._opponent_rng)
        elif isinstance(opponents, str):
            self.opponents = rules.bot(opponents, self.batch, self._opponent_rng)
        else:
            raise ValueError(f"opponents {opponents!r}: 'random', a batched bot's name or a "
                             "batched policy")
        low, high = rules.encoder.bounds()
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(rules.actions,), dtype=np.int8),
        })
        self.single_action_space = spaces.Discrete(rules.actions)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, num_envs
        )
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)
        self._observations = np.zeros((num_envs, rules.players, rules.size), np.float32)
        self._masks = np.zeros((num_envs, rules.players, rules.actions + 1), np.int8)

    @property
    def game(self) -> Any:
        return self.rules.game

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict]:
        super().reset(seed=seed)
        if seed is not None:
            fresh = np.random.default_rng(seed).bit_generator.state
            self._opponent_rng.bit_generator.state = fresh
        self._observations, self._masks = self.batch.reset(seed=seed)
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        ended = np.zeros(self.num_envs, dtype=bool)
        self._advance(rewards, ended, ended.copy(), {})
        return self._learner(), {}

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray,
                                          np.ndarray, dict[str, Any]]:
        actions = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        joint = np.array(self.opponents(self._observations, self._masks), dtype=np.int64)
        joint[self._rows, self.seats] = actions
        self._observations, self._masks, rewards, terminated, truncated, info = (
            self.batch.step(joint)
        )
        reward = rewards[self._rows, self.seats].copy()
        infos: dict[str, Any] = {}
        self._keep_final(info, infos)
        self._advance(reward, terminated, truncated, infos)
        return self._learner(), reward, terminated, truncated, infos

    def _advance(self, reward: np.ndarray, terminated: np.ndarray, truncated: np.ndarray,
                 infos: dict[str, Any]) -> None:
        """The other seats play on in the plays where the learner does not decide (and that
        did not end in this call), until it does in all of them."""
        while True:
            waiting = ~self._own(self._masks).any(axis=1) & ~(terminated | truncated)
            if not waiting.any():
                return
            joint = np.array(self.opponents(self._observations, self._masks), dtype=np.int64)
            joint[self._rows, self.seats] = self.rules.noop
            self._observations, self._masks, rewards, ended, cut, info = self.batch.step(
                joint, active=waiting
            )
            reward += rewards[self._rows, self.seats]
            terminated |= ended
            truncated |= cut
            self._keep_final(info, infos)

    def _keep_final(self, info: dict[str, Any], infos: dict[str, Any]) -> None:
        """The ended plays' last observations, as Gymnasium's same-step autoreset gives them."""
        ended = info["ended"]
        if not ended.any():
            return
        final = infos.setdefault("final_obs", np.full(self.num_envs, None, dtype=object))
        mask = infos.setdefault("_final_obs", np.zeros(self.num_envs, dtype=bool))
        every = np.ones(self.rules.actions, dtype=np.int8)
        for index, row in enumerate(np.flatnonzero(ended)):
            final[row] = {
                "observation": info["final_observation"][index, self.seats[row]].copy(),
                "action_mask": every.copy(),
            }
            mask[row] = True

    def _own(self, masks: np.ndarray) -> np.ndarray:
        """The learner's rows of every seat's masks, without the no-op (a copy)."""
        return masks[self._rows, self.seats, :-1]

    def _learner(self) -> dict[str, np.ndarray]:
        return {
            "observation": self._observations[self._rows, self.seats],
            "action_mask": self._own(self._masks),
        }

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions in every play now, ``(envs, actions)`` booleans."""
        return self._own(self._masks).astype(bool)


__all__ = ["BatchVectorEnv"]
