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

import itertools
import random
import weakref
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from plunder.engine.action import Action
from plunder.engine.errors import IllegalAction
from plunder.engine.game import Game
from plunder.engine.registry import load, part
from plunder.engine.state import DECIDING, ELIMINATED, State


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
    """Bounds of an observation vector: each field's own, as its encoder declares them
    (``Encoder.field``; the conformance kit checks every observation keeps to them)."""
    return game.encoder().bounds()


# Legal tuples whose indices and mask rows are kept, per game, before starting afresh.
ROWS_KEPT = 4096
Rows = dict[int, list[Any]]
_ROWS: weakref.WeakKeyDictionary[Game, Rows] = weakref.WeakKeyDictionary()


def _rows_of(game: Game) -> Rows:
    """The cache of mask rows by legal tuple that every play of ``game`` shares."""
    found = _ROWS.get(game)
    if found is None:
        found = _ROWS[game] = {}
    return found


# Every order of k seats, for the arrival orders of small steps (one draw picks one).
_ORDERS: dict[int, list[tuple[int, ...]]] = {}
ORDERS_UP_TO = 5


def arrival_order(seats: list[int], rng: random.Random) -> list[int]:
    """``seats`` in an order drawn uniformly by ``rng``: one draw among every order for a
    few seats (a shuffle draws once per seat, and a step is played at every step)."""
    count = len(seats)
    if count > ORDERS_UP_TO:
        shuffled = list(seats)
        rng.shuffle(shuffled)
        return shuffled
    orders = _ORDERS.get(count)
    if orders is None:
        orders = _ORDERS[count] = list(itertools.permutations(range(count)))
    return [seats[i] for i in orders[rng.randrange(len(orders))]]


class Play:
    """One play of ``game`` from ``seed``, driven by action indices.

    ``rng`` is the environment's own generator: it orders each step's commits and
    draws substitutes for illegal indices (and the sampled worlds of the shaped
    reward), so a seeded environment replays exactly.
    """

    def __init__(self, game: Game, seed: int, rng: random.Random) -> None:
        self.game = game
        self.space = game.action_space()
        self.encoder = game.encoder()
        self.noop = len(self.space)
        self.state: State = game.new(seed=seed)
        self.rng = rng
        self.steps = 0
        # Each seat's legal indices and mask row for the step under way (emptied at
        # each commit), and the same by legal tuple, shared by the game's plays.
        self._legal: dict[int, list[Any]] = {}
        self._rows = _rows_of(game)

    @property
    def over(self) -> bool:
        return self.state.is_over

    def eliminated(self, seat: int) -> bool:
        """Whether ``seat`` is out of this play for good (it will never decide again)."""
        return not self.state.is_over and self.state.status(seat) == ELIMINATED

    def legal_positions(self, seat: int) -> list[int]:
        """The indices of ``seat``'s legal actions now, in the engine's order (empty if
        none); worked out once a step, since masks, commits and checks all ask."""
        return self._legal_row(seat)[1]

    def _legal_row(self, seat: int) -> list[Any]:
        """``[legal tuple, legal indices in the engine's order, the same in increasing
        order or None, mask bytes or None]`` for ``seat``: the sorted indices and the
        mask (over the space and the no-op) are made when first asked for
        (``_sorted``, ``_mask_bytes``).

        They are kept for the step, and across steps for a legal tuple the game
        hands back again (a situation that comes back: see ``State.legal_tuple``).
        """
        found = self._legal.get(seat)
        if found is None:
            legal = self.state.legal_tuple(seat)
            cache = self._rows
            found = cache.get(id(legal))
            if found is None or found[0] is not legal:
                positions = self.space.positions(legal)
                if len(cache) >= ROWS_KEPT:
                    cache.clear()
                # The tuple is held in the entry, so its id stays its own while kept.
                found = cache[id(legal)] = [legal, positions, None, None]
            self._legal[seat] = found
        return found

    def _sorted(self, seat: int) -> list[int]:
        """``seat``'s legal indices in increasing order, made once per legal row."""
        row = self._legal_row(seat)
        found = row[2]
        if found is None:
            found = row[2] = sorted(row[1])
        return found

    def _mask_bytes(self, seat: int) -> bytes:
        """``seat``'s mask as bytes, made once per legal row and kept with it."""
        row = self._legal_row(seat)
        ones = row[3]
        if ones is None:
            mask = bytearray(self.noop + 1)
            for position in row[1] or (self.noop,):
                mask[position] = 1
            ones = row[3] = bytes(mask)
        return ones

    def _mask(self, seat: int) -> np.ndarray:
        """``seat``'s mask, a fresh array (users keep what an environment returns)."""
        return np.frombuffer(bytearray(self._mask_bytes(seat)), dtype=np.int8)

    def sorted_indices(self, seat: int) -> list[int]:
        """``legal_indices`` as the list kept for the step: not a copy, never to be changed."""
        return self._sorted(seat)

    def legal_indices(self, seat: int) -> list[int]:
        """The indices of ``seat``'s legal actions now, in action-space order (empty if none)."""
        return list(self._sorted(seat))

    def mask(self, seat: int) -> np.ndarray:
        """An int8 mask over the action space plus the no-op: 1 where the index is legal
        (a fresh array)."""
        return self._mask(seat)

    def masks(self, seats: Sequence[int]) -> np.ndarray:
        """``mask`` of each of ``seats``, one row each: a fresh int8 array, made from
        the seats' kept bytes in one copy (a row is a seat's own: no two overlap)."""
        ones = b"".join([self._mask_bytes(seat) for seat in seats])
        return np.frombuffer(bytearray(ones), dtype=np.int8).reshape(len(seats), self.noop + 1)

    def observation(self, seat: int) -> dict[str, np.ndarray]:
        """What the seat sees: its observation vector and its action mask (fresh arrays)."""
        return self.observe((seat,))[0]

    def observe(self, seats: Sequence[int]) -> list[dict[str, np.ndarray]]:
        """``observation`` of each of ``seats``: what every seat sees alike is encoded
        once, and the seats' vectors and masks are rows of one fresh array each."""
        # Straight to the encoder: the environments hand in their own seats, all valid.
        vectors = self.encoder.observe(self.state, seats)
        masks = self.masks(seats)
        # (zip's strict check costs more than the rest here: a row per seat in each)
        return [
            {"observation": vector, "action_mask": mask}
            for vector, mask in zip(vectors, masks, strict=False)
        ]

    def statuses(self, seats: Sequence[int]) -> list[str]:
        """``state.status`` of each of ``seats``."""
        pending = self.state.pending
        status = self.state.status
        return [DECIDING if seat in pending else status(seat) for seat in seats]

    def commit(self, chosen: Mapping[int, Any], strict: bool = False,
               actions: Mapping[int, Action] | None = None) -> set[int]:
        """Play one whole step: every deciding seat commits ``chosen[seat]`` (an index),
        or ``actions[seat]``, an action chosen among ``state.legal(seat)`` (a bot's),
        committed as it is.

        Seats are committed in an order drawn from the play's generator. Indices of
        seats that owe nothing are ignored; so are the later seats of a decision one
        seat answers for all (a team's), which the first in that order decides.
        Returns the deciding seats whose index was missing or not legal, which got a
        legal action drawn at random instead; with ``strict`` such an index raises
        ``IllegalAction`` and nothing is committed.
        """
        state = self.state
        deciding = sorted(state.pending)
        if strict:
            self._check(deciding, chosen)
        if len(deciding) > 1:
            # Arrival order is the generator's, never the caller's dict order.
            deciding = arrival_order(deciding, self.rng)
        substituted: set[int] = set()
        space = self.space.actions
        given = actions or {}
        for seat in deciding:
            action = given.get(seat)
            index = None if action is not None else chosen.get(seat)
            if index is not None:
                number = int(index)
                if number in self._legal_row(seat)[1]:
                    action = space[number]
            if action is None:
                action = self.rng.choice(state.legal(seat))
                substituted.add(seat)
            state.act(seat, action)
            if not state.committed:
                break  # the step resolved early: a team's decision, answered once
        self._legal = {}
        self.steps += 1
        return substituted

    def _check(self, deciding: list[int], chosen: Mapping[int, Any]) -> None:
        for seat in deciding:
            index = chosen.get(seat)
            legal = self._sorted(seat)
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
        new._legal = {}
        new.rng = random.Random.__new__(random.Random)  # no OS seeding: setstate overwrites it
        new.rng.setstate(self.rng.getstate())
        return new

    def __getstate__(self) -> dict[str, Any]:
        fields = dict(self.__dict__)
        del fields["space"], fields["encoder"], fields["_rows"]
        fields["_legal"] = {}
        return fields

    def __setstate__(self, fields: dict[str, Any]) -> None:
        self.__dict__.update(fields)
        self.space = self.game.action_space()
        self.encoder = self.game.encoder()
        self._rows = _rows_of(self.game)


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
        if returns is None and self.evaluate is None:
            return dict.fromkeys(seats, 0.0)  # no shaping: every potential stays 0 till the end
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
