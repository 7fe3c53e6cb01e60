"""One play of a game driven by action indices: what every learning environment shares.

An environment holds the real state (never a determinized copy) and talks to a
learner in indices over ``game.action_space()``. ``Play`` does the bookkeeping
the PettingZoo, Gymnasium and OpenSpiel adapters have in common:

* the action mask of a seat, with one extra index, ``len(action_space)``, the
  *no-op*: the only legal index of a seat that owes nothing at this step;
* committing a whole step: the deciding seats' choices are committed in an order
  drawn from the play's own seeded generator, never in the order a caller's
  dict lists them, so a rule that depends on the order choices arrive in (a
  race decided by arrival) is decided by that generator and nothing else;
* an index that is not legal for a deciding seat (a sampled action that ignores
  the mask, a missing one, the no-op) is replaced by a legal action drawn from
  the same generator, and the seat is reported as ``substituted``;
* the shaped reward (``Potential``).

It names no game: everything comes through the engine's protocol.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np

from plunder.engine.errors import IllegalAction
from plunder.engine.game import Game
from plunder.engine.registry import load, part
from plunder.engine.state import ELIMINATED, State


def resolve_game(game: str | Game, options: Mapping[str, Any]) -> Game:
    """The game to play: a registered game's name with its options, or a loaded game."""
    if isinstance(game, Game):
        if options:
            raise TypeError("options go with a game's name, not with a loaded game")
        return game
    return load(game, **options)


def agent_name(seat: int) -> str:
    """The agent name of a seat in the PettingZoo environments: ``seat_0``, ``seat_1``..."""
    return f"seat_{seat}"


def observation_bounds(game: Game) -> tuple[np.ndarray, np.ndarray]:
    """Bounds of an observation vector: the finite float32 range.

    The protocol promises a finite float32 vector; each rules document says the
    scale of each field (most lie in 0..1), so the box claims no more than that.
    """
    shape = game.observation_shape()
    top = np.finfo(np.float32).max
    return np.full(shape, -top, dtype=np.float32), np.full(shape, top, dtype=np.float32)


class Play:
    """One play of ``game`` from ``seed``, driven by action indices.

    ``rng`` is the environment's own generator: it orders each step's commits and
    draws substitutes for illegal indices (and the sampled worlds of the shaped
    reward), so a seeded environment replays exactly.
    """

    def __init__(self, game: Game, seed: int, rng: random.Random) -> None:
        self.game = game
        self.space = game.action_space()
        self.noop = len(self.space)
        self.state: State = game.new(seed=seed)
        self.rng = rng
        self.steps = 0

    @property
    def over(self) -> bool:
        return self.state.is_over

    def eliminated(self, seat: int) -> bool:
        """Whether ``seat`` is out of this play for good (it will never decide again)."""
        return not self.state.is_over and self.state.status(seat) == ELIMINATED

    def legal_indices(self, seat: int) -> list[int]:
        """The indices of ``seat``'s legal actions now, in action-space order (empty if none)."""
        index = self.space.index
        return sorted(index(action) for action in self.state.legal(seat))

    def mask(self, seat: int) -> np.ndarray:
        """An int8 mask over the action space plus the no-op: 1 where the index is legal."""
        mask = np.zeros(self.noop + 1, dtype=np.int8)
        legal = self.state.legal(seat)
        if legal:
            index = self.space.index
            mask[[index(action) for action in legal]] = 1
        else:
            mask[self.noop] = 1
        return mask

    def observation(self, seat: int) -> dict[str, np.ndarray]:
        """What the seat sees: its observation vector and its action mask (fresh arrays)."""
        return {"observation": self.state.observation(seat), "action_mask": self.mask(seat)}

    def commit(self, chosen: Mapping[int, Any], strict: bool = False) -> set[int]:
        """Play one whole step: every deciding seat commits ``chosen[seat]`` (an index).

        Seats are committed in an order drawn from the play's generator. Indices of
        seats that owe nothing are ignored. Returns the deciding seats whose index
        was missing or not legal, which got a legal action drawn at random instead;
        with ``strict`` such an index raises ``IllegalAction`` and nothing is committed.
        """
        state = self.state
        deciding = sorted(state.pending)
        if strict:
            self._check(deciding, chosen)
        if len(deciding) > 1:
            # Arrival order is the generator's, never the caller's dict order.
            self.rng.shuffle(deciding)
        substituted: set[int] = set()
        actions = self.space.actions
        for seat in deciding:
            legal = state.legal(seat)
            index = chosen.get(seat)
            action = None
            if index is not None:
                number = int(index)
                if 0 <= number < self.noop and actions[number] in legal:
                    action = actions[number]
            if action is None:
                action = self.rng.choice(legal)
                substituted.add(seat)
            state.act(seat, action)
        self.steps += 1
        return substituted

    def _check(self, deciding: list[int], chosen: Mapping[int, Any]) -> None:
        for seat in deciding:
            index = chosen.get(seat)
            legal = self.legal_indices(seat)
            if index is None or int(index) not in legal:
                raise IllegalAction(
                    f"action {index!r} is not legal for seat {seat} now (legal: {legal})",
                    legal=[str(a) for a in self.state.legal(seat)],
                )

    def returns(self) -> tuple[float, ...]:
        """Each seat's return once the play is over (zeros before)."""
        result = self.state.result
        if result is None:
            return (0.0,) * self.game.players
        return result.returns()

    # Copies share the game and its action space (both immutable) and copy the rest:
    # OpenSpiel clones and serializes states through ``deepcopy`` and ``pickle``.
    def __deepcopy__(self, memo: dict[int, Any]) -> Play:
        new = object.__new__(Play)
        new.__dict__.update(self.__dict__)
        new.state = self.state.clone()
        new.rng = random.Random.__new__(random.Random)  # no OS seeding: setstate overwrites it
        new.rng.setstate(self.rng.getstate())
        return new

    def __getstate__(self) -> dict[str, Any]:
        fields = dict(self.__dict__)
        del fields["space"]
        return fields

    def __setstate__(self, fields: dict[str, Any]) -> None:
        self.__dict__.update(fields)
        self.space = self.game.action_space()


class Potential:
    """The shaped reward: each seat's reward is the change in a potential.

    A seat's potential starts at 0 and, while the game goes on, is the game's own
    ``evaluate`` value for that seat wherever the game gives one (kept from the
    last evaluated position elsewhere); once the game is over it is the seat's
    return, and 0 for a seat knocked out before the end. The rewards of a seat
    therefore add up to exactly what the unshaped rewards add up to: only their
    timing changes.

    ``evaluate`` is meant for sampled worlds: each seat's value is taken on
    ``state.determinize(seat, rng)``, so a reward tells a seat nothing its own
    observation does not. A game whose manifest names no ``evaluate`` gets no
    shaping: zero until the end, then the return.
    """

    def __init__(self, game: Game, enabled: bool) -> None:
        self.evaluate = part(game.name, "evaluate") if enabled else None
        self.values = [0.0] * game.players

    def update(self, play: Play, seats: list[int], gone: set[int]) -> dict[int, float]:
        """The rewards of ``seats`` for the step just played; ``gone``: seats knocked out now."""
        returns = play.returns() if play.over else None
        rewards: dict[int, float] = {}
        for seat in seats:
            if returns is not None:
                value = returns[seat]
            elif seat in gone:
                value = 0.0
            else:
                value = self._estimate(play, seat)
            rewards[seat] = value - self.values[seat]
            self.values[seat] = value
        return rewards

    def _estimate(self, play: Play, seat: int) -> float:
        if self.evaluate is None:
            return self.values[seat]
        found = self.evaluate(play.state.determinize(seat, play.rng))
        return self.values[seat] if found is None else float(found[seat])


def render_text(state: State, seat: int | None = None) -> str:
    """The terminal table's picture of ``state`` as ``seat`` sees it (``None``: a spectator)."""
    import io

    from rich.console import Console

    from plunder.terminal.render import renderer_for

    view = state.view(seat, log=False)
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None, force_terminal=False)
    console.print(renderer_for(state.game.name).table(view, {}))
    return out.getvalue()


__all__ = [
    "Play",
    "Potential",
    "agent_name",
    "observation_bounds",
    "render_text",
    "resolve_game",
]
