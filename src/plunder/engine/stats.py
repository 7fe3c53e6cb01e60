"""What a finished play says about a game's content, for the balance lab.

A game may name in its manifest (``stats``) a function ``stats(state)`` that
reads a finished state and returns a ``ContentStats``: how long the game lasted
in its own unit (rounds, turns, duels), whether it was cut off at a limit of the
rules, and its content per seat. The lab sums these up without knowing the game:

* ``picks``: kind -> per seat, the pieces that seat had (a pirate, three heroes,
  the mercenaries it hired); the lab gives each piece's win share;
* ``plays``: kind -> per seat, piece -> how many times it was played; the lab
  gives each piece's play count and the share of its plays made by winners;
* ``amounts``: kind -> per seat, part -> an amount (victory points by source);
  the lab gives each part's mean, for winners and for the others.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, overload

from plunder.engine.action import Action
from plunder.engine.errors import PlunderError
from plunder.engine.state import State

A = TypeVar("A", bound=Action)


class StatsError(PlunderError, ValueError):
    """Content statistics that do not have the shape the lab reads."""


@dataclass(frozen=True)
class ContentStats:
    """The content statistics of one finished play (see the module's docstring)."""

    rounds: int | None = None
    unit: str = "rounds"
    cut_off: bool = False
    picks: Mapping[str, Sequence[Sequence[str]]] = field(default_factory=dict)
    plays: Mapping[str, Sequence[Mapping[str, int]]] = field(default_factory=dict)
    amounts: Mapping[str, Sequence[Mapping[str, float]]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "rounds": self.rounds,
            "unit": self.unit,
            "cut_off": self.cut_off,
            "picks": {k: [list(items) for items in seats] for k, seats in self.picks.items()},
            "plays": {k: [dict(c) for c in seats] for k, seats in self.plays.items()},
            "amounts": {k: [dict(a) for a in seats] for k, seats in self.amounts.items()},
        }

    def check(self, players: int) -> ContentStats:
        """``self`` if every table has one entry per seat, else ``StatsError``."""
        for group in ("picks", "plays", "amounts"):
            for kind, seats in getattr(self, group).items():
                if len(seats) != players:
                    raise StatsError(
                        f"content statistics: {group}[{kind!r}] has {len(seats)} entries "
                        f"for {players} seats"
                    )
        return self


@overload
def count_plays(state: State, key: Callable[[Action], str | None]) -> list[dict[str, int]]: ...
@overload
def count_plays(
    state: State, key: Callable[[A], str | None], kind: type[A]
) -> list[dict[str, int]]: ...
def count_plays(
    state: State, key: Callable[[Any], str | None], kind: type[Action] = Action
) -> list[dict[str, int]]:
    """Per seat, how many times each piece was played: ``key(action)`` names the piece
    an action of the record plays, or ``None`` for an action that plays none.
    ``kind`` is the game's action type, the one ``key`` reads."""
    counts: list[dict[str, int]] = [{} for _ in range(state.players)]
    for seat, notation in state.moves:
        piece = key(state.game.parse(notation))
        if piece is not None:
            counts[seat][piece] = counts[seat].get(piece, 0) + 1
    return counts


__all__ = ["ContentStats", "StatsError", "count_plays"]
