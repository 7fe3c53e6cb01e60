"""A Gymnasium environment: one learner at one seat, plunder's bots at the others.

``SingleSeatEnv(game, seat=0, opponents=None, **options)``; registered
for every game as ``plunder/<game>-v0`` (``gymnasium.make("plunder/<game>-v0",
players=3)``). The learner is asked only when its seat decides: the bots play
every step in between (and, once the learner is knocked out for good, the rest
of the game, so its reward is its real return). The observation is
``{"observation": float32 vector, "action_mask": int8 vector}`` over
``Discrete(len(game.action_space()))``: no no-op is needed, since the learner is
never asked while it owes nothing. See docs/rl.md.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np

from plunder.bots import Bot, check_game, from_spec
from plunder.bots import names as bot_names
from plunder.engine.action import Action
from plunder.engine.game import Game
from plunder.engine.registry import names
from plunder.rl.deps import need
from plunder.rl.play import Play, Potential, observation_bounds, render_text, resolve_game

gymnasium = need("gymnasium")
# The base class, typed Any: gymnasium is imported by name at run time.
Env: Any = gymnasium.Env
spaces = gymnasium.spaces

NAMESPACE = "plunder"


def env_id(game: str) -> str:
    """The Gymnasium id of a game's environment: ``plunder/<game>-v0``."""
    return f"{NAMESPACE}/{game}-v0"


def default_opponent(game: str) -> str:
    """The bot every other seat gets unless told: fast, and deterministic for a seed."""
    return "greedy:easy" if "greedy" in bot_names(game) else "random"


class SingleSeatEnv(Env):
    """One learner at ``seat``; the other seats are played by bots named by specs.

    ``opponents`` is one bot spec for every other seat, or a list of specs given
    to the other seats in seat order (cycled); by default the game's ``greedy`` bot
    at its ``easy`` level (``random`` for a game without one), which answers in
    milliseconds at most, so a learner trains at speed, and plays the same for the
    same seed. A level's budget of ``ismcts`` includes a clock;
    ``ismcts:iterations=N`` makes those bots, and so a seeded episode, exactly
    reproducible.
    """

    # Text frames have no natural rate; a table is redrawn once a step.
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        game: str | Game,
        seat: int = 0,
        opponents: str | Sequence[str] | None = None,
        *,
        render_mode: str | None = None,
        max_steps: int | None = None,
        shaped: bool = False,
        **options: Any,
    ) -> None:
        self.game = resolve_game(game, options)
        if not (type(seat) is int and 0 <= seat < self.game.players):
            raise ValueError(f"seat {seat!r} is not a seat of a {self.game.players}-seat table")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: the environment draws 'ansi' only")
        self.seat = seat
        self.render_mode = render_mode
        self.shaped = shaped
        self.max_steps = self.game.max_decisions() if max_steps is None else int(max_steps)
        if opponents is None:
            opponents = default_opponent(self.game.name)
        specs = [opponents] if isinstance(opponents, str) else list(opponents)
        if not specs:
            raise ValueError("opponents names no bot")
        others = [s for s in range(self.game.players) if s != seat]
        self.opponents = {s: specs[i % len(specs)] for i, s in enumerate(others)}
        self.bots: dict[int, Bot] = {}
        for other, spec in self.opponents.items():
            bot = from_spec(spec, self.game.name)
            check_game(bot, self.game)
            self.bots[other] = bot
        size = len(self.game.action_space())
        low, high = observation_bounds(self.game)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(size,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(size)
        self._play: Play | None = None
        self._potential: Potential | None = None
        self._bot_rng = random.Random(0)
        self._decisions = 0

    @property
    def play(self) -> Play:
        if self._play is None:
            raise RuntimeError("call reset() before using the environment")
        return self._play

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        draw = self.np_random.integers
        game_seed = int(draw(2**63))
        self._play = Play(self.game, game_seed, random.Random(int(draw(2**63))))
        self._bot_rng = random.Random(int(draw(2**63)))
        self._potential = Potential(self.game, self.shaped)
        self._decisions = 0
        self._advance()
        return self._observe(), self._info(False)

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict]:
        play = self.play
        assert self._potential is not None
        if play.over:
            raise RuntimeError("the episode is over: call reset()")
        substituted = play.commit({self.seat: action}, actions=self._bot_choices())
        self._decisions += 1
        self._advance()
        reward = self._potential.update(play, [self.seat], set())[self.seat]
        truncated = not play.over and self._decisions >= self.max_steps
        return self._observe(), reward, play.over, truncated, self._info(self.seat in substituted)

    def _bot_choices(self) -> dict[int, Action]:
        """The bots' choices for this step, all made before any is committed (each among
        the seat's legal actions: committed as they are, with no index to look up)."""
        play = self.play
        return {
            seat: self.bots[seat].choose(play.state, seat, self._bot_rng)
            for seat in sorted(play.state.pending)
            if seat != self.seat
        }

    def _advance(self) -> None:
        """Let the bots play until the learner decides or the game is over."""
        play = self.play
        while not play.over and self.seat not in play.state.pending:
            play.commit({}, actions=self._bot_choices())

    def _observe(self) -> dict[str, np.ndarray]:
        vector = self.play.state.observation(self.seat)
        return {"observation": vector, "action_mask": self.action_masks()}

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions now, as an int8 mask (the method sb3-contrib's
        ``MaskablePPO`` asks an environment for).

        Once the episode is over the learner has nothing to decide, but a mask of
        zeros would break a learner that samples from it (the final observation of
        a vector environment is looked at like any other): every action is marked,
        and none is ever played.
        """
        play = self.play
        if play.over:
            return np.ones(play.noop, dtype=np.int8)
        return play.mask(self.seat)[:-1]

    def _info(self, substituted: bool) -> dict[str, Any]:
        info: dict[str, Any] = {"status": self.play.state.status(self.seat)}
        if substituted:
            info["substituted"] = True
        return info

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; use render_mode='ansi'")
            return None
        return render_text(self.play.state, self.seat)


def register() -> list[str]:
    """Register ``plunder/<game>-v0`` for every registered game not yet known to Gymnasium."""
    ids = []
    for name in names():
        found = env_id(name)
        if found not in gymnasium.envs.registry:
            gymnasium.register(
                id=found, entry_point="plunder.rl.single:SingleSeatEnv", kwargs={"game": name}
            )
        ids.append(found)
    return ids


__all__ = ["NAMESPACE", "SingleSeatEnv", "env_id", "register"]
