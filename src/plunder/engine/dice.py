"""Dice pools: a number of dice rolled against a to-hit number, with re-rolls.

The rules this module keeps for every game that rolls to hit:

* a die *hits* when its face plus the roll's modifier equals or beats the
  to-hit number (modifiers apply to the roll, never to the to-hit number);
* a face of 1 always misses, whatever the modifiers (``ones_miss``);
* a die may be re-rolled at most once, and the new face stands.

A ``DicePool`` is an immutable value (clones share it; a frame may show it as
``to_json``). The state's ``roll_pool`` and ``reroll_die`` roll through the state's
seeded generator and log public ``roll`` and ``reroll`` events.

Decisions about dice are asked one die or one hit at a time, so a game's action
space grows with the size of a pool, not with its subsets: a re-roll offer is
"re-roll die *i*" or "keep" (``rerollable`` lists the dice that may still be
re-rolled), and hits are assigned one by one to a target of the first priority
level that still has one (``assignable``).

>>> pool = DicePool.of([1, 4, 6, 3], to_hit=4)
>>> pool.hits, [pool.hit(i) for i in range(4)]
(2, [False, True, True, False])
>>> DicePool.of([1, 3], to_hit=4, modifier=3).hits  # a 1 misses even at +3
1
>>> again = pool.rerolled_with(3, 5)
>>> again.faces, again.rerollable, again.hits
((1, 4, 6, 5), (0, 1, 2), 3)
>>> assignable([[], ["bosun"], ["hero", "captain"]])
['bosun']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from plunder.engine.errors import PlunderError

if TYPE_CHECKING:
    import random

T = TypeVar("T")


class DiceError(PlunderError, ValueError):
    """A re-roll the rules do not allow (a die re-rolled twice, a die that is not there)."""


# Why a die hit or missed (``DicePool.why``), as roll events carry it die by die.
HIT, ONE, SHORT = "hit", "one", "short"


@dataclass(frozen=True, slots=True)
class DicePool:
    """Dice rolled against ``to_hit``: their faces, and which were re-rolled."""

    sides: int
    to_hit: int
    faces: tuple[int, ...]
    rerolled: tuple[bool, ...]
    modifier: int = 0
    ones_miss: bool = True

    @classmethod
    def of(
        cls,
        faces: Iterable[int],
        to_hit: int,
        *,
        sides: int = 6,
        modifier: int = 0,
        ones_miss: bool = True,
    ) -> DicePool:
        faces = tuple(faces)
        return cls(sides, to_hit, faces, (False,) * len(faces), modifier, ones_miss)

    def hit(self, index: int) -> bool:
        """Whether die ``index`` hits: face + modifier >= to-hit, and never on a 1."""
        face = self.faces[index]
        if face == 1 and self.ones_miss:
            return False
        return face + self.modifier >= self.to_hit

    @property
    def hits(self) -> int:
        return sum(1 for index in range(len(self.faces)) if self.hit(index))

    @property
    def rerollable(self) -> tuple[int, ...]:
        """The dice that may still be re-rolled (each die at most once)."""
        return tuple(i for i, done in enumerate(self.rerolled) if not done)

    def rerolled_with(self, index: int, face: int) -> DicePool:
        """This pool with die ``index`` re-rolled to ``face``; refused for a second re-roll."""
        if not 0 <= index < len(self.faces):
            raise DiceError(f"there is no die {index} in a pool of {len(self.faces)}")
        if self.rerolled[index]:
            raise DiceError(f"die {index} was re-rolled already; a die is re-rolled at most once")
        faces = list(self.faces)
        faces[index] = face
        flags = list(self.rerolled)
        flags[index] = True
        return DicePool(self.sides, self.to_hit, tuple(faces), tuple(flags), self.modifier,
                        self.ones_miss)

    def why(self, index: int) -> str:
        """Why die ``index`` hit or missed: ``hit``, ``one`` (a 1 always misses) or
        ``short`` (its face and the modifier fall short of the to-hit number)."""
        if self.hit(index):
            return HIT
        return ONE if self.faces[index] == 1 and self.ones_miss else SHORT

    def misses_text(self) -> str:
        """Why the dice that missed did, in words (empty when every die hit)."""
        short = [str(f) for i, f in enumerate(self.faces) if self.why(i) == SHORT]
        ones = sum(1 for i in range(len(self.faces)) if self.why(i) == ONE)
        parts = []
        if short:
            needed = f"{self.to_hit}+" + (f" with {self.modifier:+d}" if self.modifier else "")
            parts.append(f"{', '.join(short)} short of {needed}")
        if ones:
            parts.append("a 1 always misses")
        return "; ".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {
            "sides": self.sides,
            "to_hit": self.to_hit,
            "modifier": self.modifier,
            "dice": list(self.faces),
            "rerolled": [i for i, done in enumerate(self.rerolled) if done],
            "hits": self.hits,
        }


def assignable(levels: Sequence[Iterable[T]]) -> list[T]:
    """The targets the next hit may go to: those of the first priority level that
    still has any (hits go down the levels only once a level is empty)."""
    for level in levels:
        found = list(level)
        if found:
            return found
    return []


class Dice:
    """Rolling dice pools through the state's generator, part of every ``State``."""

    if TYPE_CHECKING:  # what the rolls use of the State they are part of
        rng: random.Random

        def emit(self, event: dict[str, Any], to: Iterable[int] | None = None) -> None: ...

    def roll_pool(
        self,
        count: int,
        to_hit: int,
        *,
        sides: int = 6,
        modifier: int = 0,
        ones_miss: bool = True,
        reason: str = "",
        seat: int | None = None,
    ) -> DicePool:
        """Roll ``count`` dice against ``to_hit`` and log the roll (public)."""
        faces = [self.rng.randint(1, sides) for _ in range(count)]
        pool = DicePool.of(faces, to_hit, sides=sides, modifier=modifier, ones_miss=ones_miss)
        who = "Roll" if seat is None else f"Seat {seat} rolls"
        event: dict[str, Any] = {"type": "roll", "reason": reason, **pool.to_json()}
        event["why"] = [pool.why(i) for i in range(len(faces))]
        misses = pool.misses_text()
        event["text"] = (
            f"{who} {', '.join(map(str, faces))} needing {to_hit}+"
            + (f" ({modifier:+d})" if modifier else "")
            + f": {pool.hits} hit(s)" + (f", missed: {misses}" if misses else "")
            + (f" ({reason})." if reason else ".")
        )
        if seat is not None:
            event["seat"] = seat
        self.emit(event)
        return pool

    def reroll_die(
        self, pool: DicePool, index: int, *, reason: str = "", seat: int | None = None
    ) -> DicePool:
        """Re-roll die ``index`` of ``pool`` (once per die) and log it (public)."""
        before = pool.faces[index] if 0 <= index < len(pool.faces) else None
        new = pool.rerolled_with(index, self.rng.randint(1, pool.sides))
        event: dict[str, Any] = {
            "type": "reroll",
            "index": index,
            "before": before,
            "after": new.faces[index],
            "reason": reason,
            "hits": new.hits,
            "why": new.why(index),
            "text": f"Die {index + 1} re-rolled: {before} becomes {new.faces[index]}, "
            + ("a hit" if new.hit(index) else "a miss")
            + (f" ({reason})." if reason else "."),
        }
        if seat is not None:
            event["seat"] = seat
        self.emit(event)
        return new


__all__ = ["Dice", "DiceError", "DicePool", "assignable"]
