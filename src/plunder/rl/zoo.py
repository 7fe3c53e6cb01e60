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

Observations are encoded for all the live agents at once (what they all see
alike once, then each one's own): at every step in the Parallel environment,
at the first ``observe`` of a cycle in the AEC environment, which then hands
out the same observation for the rest of the cycle.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from plunder.engine.game import Game
from plunder.engine.state import DECIDING, ELIMINATED
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
# The base classes, typed Any: pettingzoo is imported by name at run time.
ZooParallelEnv: Any = pettingzoo.ParallelEnv
ZooAECEnv: Any = pettingzoo.AECEnv
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
        self._seats_of: tuple[list[str], list[int]] = (self.agents, [])

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

    def _after_step(
        self, acting: list[str], substituted: set[int]
    ) -> tuple[dict, dict, dict, dict]:
        """Rewards, terminations, truncations and infos of ``acting`` for the step just played.

        Written for speed (it runs at every step): each seat's status is asked once,
        and the common case (no shaping, the game going on) makes no reward at all.
        """
        play = self.play
        state = play.state
        seats = self._seats(acting)
        pending = state.pending
        over = state.is_over
        infos: dict[str, dict[str, Any]] = {}
        gone: set[int] = set()
        for agent, seat in zip(acting, seats, strict=False):
            status = DECIDING if seat in pending else state.status(seat)
            infos[agent] = {"status": status}
            if status == ELIMINATED and not (over or self.keep_eliminated):
                gone.add(seat)
        if substituted:
            for seat in substituted:
                agent = self.possible_agents[seat]
                if agent in infos:
                    infos[agent]["substituted"] = True
        potential = self._potential
        assert potential is not None
        if over or potential.evaluate is not None:
            rewards = potential.update(play, seats, gone)
            reward_of = {agent: rewards[seat] for agent, seat in zip(acting, seats, strict=False)}
        else:
            reward_of = dict.fromkeys(acting, 0.0)  # no shaping: 0 till the end
        terminations = dict.fromkeys(acting, over)
        for seat in gone:
            terminations[self.possible_agents[seat]] = True
        truncations = dict.fromkeys(acting, not over and play.steps >= self.max_cycles)
        return reward_of, terminations, truncations, infos

    def _infos(self, agents: list[str], substituted: set[int]) -> dict[str, dict[str, Any]]:
        seats = self._seats(agents)
        statuses = self.play.statuses(seats)
        return {
            agent: _info(status, seat in substituted)
            for agent, seat, status in zip(agents, seats, statuses, strict=False)
        }

    def _seats(self, agents: list[str]) -> list[int]:
        """The seats of ``agents`` (kept for the last list asked: the live agents change
        only when one leaves)."""
        if agents is not self._seats_of[0]:
            seat_of = self.seat_of
            self._seats_of = (agents, [seat_of[agent] for agent in agents])
        return self._seats_of[1]

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


class ParallelEnv(Seats, ZooParallelEnv):
    """Every live agent acts at each step; see the module's docstring."""

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self._start(seed)
        agents = self.agents
        observations = dict(zip(agents, self.play.observe(self._seats(agents)), strict=False))
        return observations, self._infos(agents, set())

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        play = self.play
        acting = self.agents
        seat_of = self.seat_of
        chosen = {}
        for agent, action in actions.items():
            seat = seat_of.get(agent)
            if seat is not None:
                chosen[seat] = action
        substituted = play.commit(chosen)
        rewards, terminations, truncations, infos = self._after_step(acting, substituted)
        # Every live agent's observation at once: what they all see alike is encoded once.
        observations = dict(zip(acting, play.observe(self._seats(acting)), strict=False))
        if True in terminations.values() or True in truncations.values():
            self.agents = [a for a in acting if not (terminations[a] or truncations[a])]
        return observations, rewards, terminations, truncations, infos


class AECEnv(Seats, ZooAECEnv):
    """The live agents act one at a time, a cycle per step of the game (module docstring).

    ``step`` does PettingZoo's reward bookkeeping (``_clear_rewards``,
    ``_accumulate_rewards``, ``_deads_step_first``) only when there is something to
    do: most turns of a cycle carry no reward and end no one.
    """

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._start(seed)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = self._infos(self.agents, set())
        self._skip_agent_selection = None
        self._rewarded = False  # whether ``rewards`` holds a reward that is not 0
        self._ended = False  # whether an agent was terminated or truncated
        self._new_cycle()

    def _new_cycle(self) -> None:
        if self._ended:
            self._cycle = [
                a for a in self.agents if not (self.terminations[a] or self.truncations[a])
            ]
        else:
            self._cycle = self.agents
        self._chosen: dict[int, Any] = {}
        self._turn = 0
        self._seen: dict[str, dict[str, np.ndarray]] = {}
        self.agent_selection = self._cycle[0] if self._cycle else self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        # The state does not change during a cycle: the live agents are observed
        # together at the first ask, and each gets that observation all cycle long.
        found = self._seen.get(agent)
        if found is None:
            agents = self._cycle if agent in self._cycle else [agent]
            seats = self._seats(agents)
            self._seen.update(zip(agents, self.play.observe(seats), strict=False))
            found = self._seen[agent]
        return found

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self._ended and (self.terminations[agent] or self.truncations[agent]):
            self._was_dead_step(action)  # (it clears the rewards)
            self._rewarded = False
            return
        self._cumulative_rewards[agent] = 0.0
        self._chosen[self.seat_of[agent]] = action
        self._turn += 1
        if self._turn < len(self._cycle):
            self.agent_selection = self._cycle[self._turn]
            if self._rewarded:
                self._clear_rewards()
                self._rewarded = False
            return
        substituted = self.play.commit(self._chosen)
        rewards, terminations, truncations, infos = self._after_step(self._cycle, substituted)
        self.infos.update(infos)
        if True in terminations.values() or True in truncations.values():
            self.terminations.update(terminations)
            self.truncations.update(truncations)
            self._ended = True
        paid = {a: r for a, r in rewards.items() if r}
        if paid or self._rewarded:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.rewards.update(paid)
            self._rewarded = bool(paid)
            self._accumulate_rewards()
        self._new_cycle()
        if self._ended:
            self._deads_step_first()


def _info(status: str, substituted: bool) -> dict[str, Any]:
    """A seat's info: its status, and ``substituted`` when the environment chose for it."""
    if substituted:
        return {"status": status, "substituted": True}
    return {"status": status}


__all__ = ["AECEnv", "ParallelEnv"]
