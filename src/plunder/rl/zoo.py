"""PettingZoo environments for any registered game: Parallel and AEC.

Every seat is an agent, ``seat_0`` ... ``seat_{n-1}``. An observation is
``{"observation": float32 vector, "action_mask": int8 vector}``; the action space
is ``Discrete(len(game.action_space()) + 1)``, the last index being the no-op,
the only legal action of a seat that owes nothing at this step. See docs/rl.md.

* ``ParallelEnv.step(actions)`` plays one step of the game: every live agent
  gives an index, the deciding seats' choices are committed in an order drawn
  from the environment's seeded generator (never the dict's order).
* ``AECEnv`` asks the live agents one at a time, in seat order, for the same
  step (a *cycle*): choices are kept hidden until the last agent of the cycle
  has chosen, then committed as above. Everyone observes the state as it was
  at the start of the cycle, so no agent learns another's choice early.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from plunder.engine.game import Game
from plunder.rl.deps import need
from plunder.rl.play import (
    Play,
    Potential,
    agent_name,
    observation_bounds,
    render_text,
    resolve_game,
)

gymnasium = need("gymnasium")
pettingzoo = need("pettingzoo")
spaces = gymnasium.spaces


class Seats:
    """What both PettingZoo environments share: the game, the spaces and one play at a time."""

    def __init__(
        self,
        game: str | Game,
        *,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        shaped: bool = False,
        keep_eliminated: bool = False,
        seed: int | None = None,
        **options: Any,
    ) -> None:
        self.game = resolve_game(game, options)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: the environments draw 'ansi' only")
        self.render_mode = render_mode
        self.metadata = {
            "name": f"plunder_{self.game.name}",
            "render_modes": ["ansi"],
            "render_fps": 1,
            "is_parallelizable": True,
        }
        # A step has at least one decision, so the game's bound on decisions bounds steps.
        self.max_cycles = self.game.max_decisions() if max_cycles is None else int(max_cycles)
        self.shaped = shaped
        self.keep_eliminated = keep_eliminated
        self.possible_agents = [agent_name(seat) for seat in range(self.game.players)]
        self.seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = len(self.game.action_space()) + 1
        low, high = observation_bounds(self.game)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self.state_space = spaces.Box(low, high, dtype=np.float32)
        self._generator = random.Random(seed)
        self._play: Play | None = None
        self._potential: Potential | None = None
        self.agents: list[str] = []

    # --------------------------------------------------------------- spaces
    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    @property
    def noop(self) -> int:
        """The no-op's index: ``len(game.action_space())``."""
        return len(self.game.action_space())

    @property
    def play(self) -> Play:
        if self._play is None:
            raise RuntimeError("call reset() before using the environment")
        return self._play

    # --------------------------------------------------------------- plays
    def _start(self, seed: int | None) -> None:
        if seed is not None:
            self._generator = random.Random(seed)
        generator = self._generator
        game_seed = generator.getrandbits(63)
        self._play = Play(self.game, game_seed, random.Random(generator.getrandbits(64)))
        self._potential = Potential(self.game, self.shaped)
        self.agents = list(self.possible_agents)

    def _after_step(self, acting: list[str]) -> tuple[dict, dict, dict]:
        """Rewards, terminations and truncations of ``acting`` for the step just played."""
        play = self.play
        assert self._potential is not None
        seats = [self.seat_of[agent] for agent in acting]
        over = play.over
        gone = set() if self.keep_eliminated else {s for s in seats if play.eliminated(s)}
        rewards = self._potential.update(play, seats, gone)
        truncated = not over and play.steps >= self.max_cycles
        terminations = {agent: over or self.seat_of[agent] in gone for agent in acting}
        truncations = {agent: truncated for agent in acting}
        reward_of = {agent: rewards[self.seat_of[agent]] for agent in acting}
        return reward_of, terminations, truncations

    def _info(self, agent: str, substituted: set[int]) -> dict[str, Any]:
        seat = self.seat_of[agent]
        info: dict[str, Any] = {"status": self.play.state.status(seat)}
        if seat in substituted:
            info["substituted"] = True
        return info

    def state(self) -> np.ndarray:
        """The spectator's observation: everything public, nothing hidden."""
        return self.play.state.observation(None)

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; use render_mode='ansi'")
            return None
        return render_text(self.play.state)

    def close(self) -> None:
        """Nothing to release: an environment holds no files, windows or processes."""


class ParallelEnv(Seats, pettingzoo.ParallelEnv):
    """Every live agent acts at each step; see the module's docstring."""

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self._start(seed)
        play = self.play
        observations = {agent: play.observation(self.seat_of[agent]) for agent in self.agents}
        infos = {agent: self._info(agent, set()) for agent in self.agents}
        return observations, infos

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        play = self.play
        acting = list(self.agents)
        seat_of = self.seat_of
        substituted = play.commit(
            {seat_of[agent]: action for agent, action in actions.items() if agent in seat_of}
        )
        rewards, terminations, truncations = self._after_step(acting)
        observations = {agent: play.observation(seat_of[agent]) for agent in acting}
        infos = {agent: self._info(agent, substituted) for agent in acting}
        self.agents = [a for a in acting if not (terminations[a] or truncations[a])]
        return observations, rewards, terminations, truncations, infos


class AECEnv(Seats, pettingzoo.AECEnv):
    """The live agents act one at a time, a cycle per step of the game (module docstring)."""

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._start(seed)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: self._info(agent, set()) for agent in self.agents}
        self._skip_agent_selection = None
        self._new_cycle()

    def _new_cycle(self) -> None:
        self._cycle = [a for a in self.agents if not (self.terminations[a] or self.truncations[a])]
        self._chosen: dict[int, Any] = {}
        self._turn = 0
        self.agent_selection = self._cycle[0] if self._cycle else self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.play.observation(self.seat_of[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._chosen[self.seat_of[agent]] = action
        self._turn += 1
        if self._turn < len(self._cycle):
            self.agent_selection = self._cycle[self._turn]
            self._clear_rewards()
        else:
            substituted = self.play.commit(self._chosen)
            rewards, terminations, truncations = self._after_step(self._cycle)
            self.rewards = {a: rewards.get(a, 0.0) for a in self.agents}
            self.terminations.update(terminations)
            self.truncations.update(truncations)
            self.infos = {a: self._info(a, substituted) for a in self.agents}
            self._new_cycle()
            self._deads_step_first()
        self._accumulate_rewards()


__all__ = ["AECEnv", "ParallelEnv"]
