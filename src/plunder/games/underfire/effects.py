"""Pirates Under Fire's effects and scoring rules, registered by the names content uses.

``EFFECTS`` holds what a sea space, a ship or a mercenary does when laid (R25-R30).
An effect either applies at once, ``apply(state, seat, origin, amount)`` where
``origin`` is the space of the ship that has it, or *aims*: it is registered with
the ``verb`` of its target decision and a ``targets(state, seat, origin)`` function
listing the spaces it may aim at, and its ``apply(state, seat, space)`` acts on the
space the seat chose. ``SCORES`` holds the scoring rules of the mercenaries that
score at the end (R35): ``apply(state, seat, amount)`` gives the VP.

This module knows no content (the content reader checks its codes against these
registries) and no rules module (the rules call these functions with their state).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from plunder.engine.effects import EffectRegistry
from plunder.games.underfire.sea import BURNING, COLUMNS, OWNER, ROWS, SHIELD

if TYPE_CHECKING:
    from plunder.games.underfire.rules import UnderFireState

EFFECTS = EffectRegistry("effect")
SCORES = EffectRegistry("scoring rule")


def aims(name: str) -> bool:
    """Whether the effect ``name`` asks the seat where it goes (a ``target`` decision)."""
    return EFFECTS[name].get("targets") is not None


# ------------------------------------------------------------------ targets
def _sight(state: UnderFireState, seat: int, origin: int, directions: Sequence[tuple[int, int]]
           ) -> list[int]:
    """R27: the first ship met in each direction, when it is the enemy's."""
    row, col = divmod(origin, COLUMNS)
    found = []
    for dr, dc in directions:
        r, c = row + dr, col + dc
        while 0 <= r < ROWS and 0 <= c < COLUMNS:
            ship = state.sea[r * COLUMNS + c]
            if ship is not None:
                if ship[OWNER] != seat:
                    found.append(r * COLUMNS + c)
                break
            r, c = r + dr, c + dc
    return sorted(found)


def _line(state: UnderFireState, seat: int, origin: int) -> list[int]:
    return _sight(state, seat, origin, ((-1, 0), (1, 0), (0, -1), (0, 1)))


def _diagonal(state: UnderFireState, seat: int, origin: int) -> list[int]:
    return _sight(state, seat, origin, ((-1, -1), (-1, 1), (1, -1), (1, 1)))


def _empty_spaces(state: UnderFireState, seat: int, origin: int) -> list[int]:
    # R28: a mine is laid on a space without a ship, or lifted from where it lies.
    return [i for i, ship in enumerate(state.sea) if ship is None]


def _unshielded_ships(state: UnderFireState, seat: int, origin: int) -> list[int]:
    return [i for i, ship in enumerate(state.sea) if ship is not None and ship[OWNER] == seat
            and not ship[BURNING] and not ship[SHIELD]]


def _burning_ships(state: UnderFireState, seat: int, origin: int) -> list[int]:
    return [i for i, ship in enumerate(state.sea) if ship is not None and ship[OWNER] == seat
            and ship[BURNING]]


# ------------------------------------------------------------------ aimed effects
@EFFECTS.register("diagonal", verb="fire", targets=_diagonal)
@EFFECTS.register("line", verb="fire", targets=_line)
def fire(state: UnderFireState, seat: int, at: int) -> None:
    """R23-R25, R27: the ship aimed at is hit."""
    state.hit(at, "under fire")


@EFFECTS.register("mine", verb="mine", targets=_empty_spaces)
def mine(state: UnderFireState, seat: int, at: int) -> None:
    """R28: a mine is laid, or the one lying there lifted."""
    state.mines[at] = not state.mines[at]


@EFFECTS.register("shield", verb="shield", targets=_unshielded_ships)
def shield(state: UnderFireState, seat: int, at: int) -> None:
    """R25: the ship takes the next hit in its place."""
    state.sea[at][SHIELD] = True  # type: ignore[index]


@EFFECTS.register("repair", verb="repair", targets=_burning_ships)
def repair(state: UnderFireState, seat: int, at: int) -> None:
    """R26: a burning ship turns back to its active side."""
    state.sea[at][BURNING] = False  # type: ignore[index]


# ------------------------------------------------------------------ effects at once
@EFFECTS.register("gold", amount=True)
def gold(state: UnderFireState, seat: int, origin: int, amount: int) -> None:
    state.gold[seat] += amount


@EFFECTS.register("vp", amount=True)
def vp(state: UnderFireState, seat: int, origin: int, amount: int) -> None:
    state.vp[seat] += amount


@EFFECTS.register("hand")
def hand(state: UnderFireState, seat: int, origin: int, amount: int) -> None:
    state.raise_limit(seat, amount)


@EFFECTS.register("reserve")
def reserve(state: UnderFireState, seat: int, origin: int, amount: int) -> None:
    """R29, R45: as many ships as the reserve holds and the hand limit lets in."""
    for _ in range(state.from_reserve(seat, amount)):
        state.take_from_reserve(seat)


# ------------------------------------------------------------------ scoring rules
@SCORES.register("gold", amount=True)
def score_gold(state: UnderFireState, seat: int, amount: int) -> int:
    return state.gold[seat] // 2 * amount


@SCORES.register("raiders", amount=True)
def score_raiders(state: UnderFireState, seat: int, amount: int) -> int:
    return state.raiders(seat) * amount


@SCORES.register("flat", amount=True)
def score_flat(state: UnderFireState, seat: int, amount: int) -> int:
    return amount
