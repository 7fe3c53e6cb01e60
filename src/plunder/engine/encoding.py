"""Observation encoders: a view turned into a fixed-length float32 vector.

An encoder reads a view (``state.view(seat, log=False)``) and nothing else, so an
observation can hold no more than the seat may know. A game's encoder declares
its layout field by field (``field``, with the bounds of its values) when it is
built from the game's options, and fills the fields in the same order in
``fill``; ``Writer`` checks that every field gets exactly its size, so the layout
a rules document lists is the one the vector has.

That path is the reference. Learners ask for observations at every step of
every seat, and building a JSON view for each costs more than the step itself;
so an encoder may also write the same vector straight from the state, for
several seats at once (``observe``): the public fields once, then each seat's
own. The conformance kit compares ``observe`` with the reference at every state
it looks at, and checks it is unchanged on a state determinized for the seat, so
the fast path can hold neither more nor less than the view.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Mapping, MutableSequence, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from plunder.engine.errors import PlunderError

if TYPE_CHECKING:
    from plunder.engine.game import Game
    from plunder.engine.state import State


@dataclass(frozen=True)
class Field:
    """One part of an observation: its name, its length, what it holds and the
    bounds of its values (the observation space's box)."""

    name: str
    size: int
    meaning: str
    low: float = 0.0
    high: float = 1.0


class Writer:
    """Fills a vector field by field, checking each field's size as it goes.

    Values are gathered in a list and made one float32 array at the end: an
    array per field cost more than the encoding itself (observations are built
    at every step of a learning environment).
    """

    def __init__(self, layout: tuple[Field, ...]) -> None:
        self.layout = layout
        self._values: list[float] = []
        self._field = 0

    def put(self, name: str, values: Iterable[float]) -> None:
        """Write the field ``name`` (the next one in the layout) from ``values``."""
        if self._field >= len(self.layout):
            raise PlunderError(f"observation field {name!r} is not in the layout")
        spec = self.layout[self._field]
        if spec.name != name:
            raise PlunderError(f"observation field {name!r} written where {spec.name!r} belongs")
        out = self._values
        before = len(out)
        out.extend(values)
        written = len(out) - before
        if written != spec.size:
            raise PlunderError(
                f"observation field {name!r} has {written} values; its layout says {spec.size}"
            )
        self._field += 1

    def one_hot(self, name: str, index: int | None, size: int) -> None:
        """A one-hot field; ``None`` (unknown or absent) leaves it all zero."""
        values = [0.0] * size
        if index is not None:
            values[index] = 1.0
        self.put(name, values)

    def done(self) -> np.ndarray:
        if self._field != len(self.layout):
            missing = [f.name for f in self.layout[self._field :]]
            raise PlunderError(f"observation fields not written: {missing}")
        return np.array(self._values, dtype=np.float32)


class FastWriter(Writer):
    """A ``Writer`` that checks only the total length: for play, where an
    observation is built at every step. The conformance kit encodes with the
    checking ``Writer`` and compares, so a field of the wrong size or order is
    still caught there."""

    def put(self, name: str, values: Iterable[float]) -> None:
        self._values.extend(values)

    def done(self) -> np.ndarray:
        size = sum(f.size for f in self.layout)
        if len(self._values) != size:
            raise PlunderError(
                f"observation has {len(self._values)} values; its layout says {size}"
            )
        return np.array(self._values, dtype=np.float32)


class Encoder:
    """Base class of a game's observation encoder."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._layout: list[Field] = []
        self.declare()
        self.layout: tuple[Field, ...] = tuple(self._layout)
        self.size = sum(f.size for f in self.layout)
        # A vector of zeros to copy (``self._zero[:]``), for encoders that write in place.
        self._zero = blank(self.size)
        # Where each field starts in the vector, for encoders that write in place.
        self.at: dict[str, int] = {}
        offset = 0
        for spec in self.layout:
            self.at[spec.name] = offset
            offset += spec.size

    def field(
        self, name: str, size: int, meaning: str, *, high: float = 1.0, low: float = 0.0
    ) -> None:
        """Declare the next field of the layout (called from ``declare``); its values
        lie in ``low..high`` (0..1 unless said)."""
        if not low <= high:
            raise PlunderError(f"observation field {name!r}: low {low} is above high {high}")
        self._layout.append(Field(name, size, meaning, float(low), float(high)))

    def declare_ending(self) -> None:
        """Declare the ``over`` and ``winners`` fields every game's ending is told by."""
        self.field("over", 1, "1 once the game is over")
        self.field("winners", self.game.players, "1 where the seat won (at the end)")

    def fill_ending(self, view: Mapping[str, Any], out: Writer) -> None:
        """Write ``declare_ending``'s fields from a view."""
        out.put("over", [float(view["over"])])
        winners = (view.get("result") or {}).get("winners", [])
        out.put("winners", [float(s in winners) for s in range(self.game.players)])

    def write_ending(self, state: State, public: np.ndarray | MutableSequence[float]) -> None:
        """Write ``declare_ending``'s fields from the state into a vector being filled
        in place (a fast path's), once the game is over."""
        result = state.result
        if result is not None:
            public[self.at["over"]] = 1.0
            winners = self.at["winners"]
            for seat in result.winners:
                public[winners + seat] = 1.0

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """The least and greatest value of each entry of the vector (float32 arrays)."""
        low = np.concatenate([np.full(f.size, f.low, np.float32) for f in self.layout])
        high = np.concatenate([np.full(f.size, f.high, np.float32) for f in self.layout])
        return low, high

    def declare(self) -> None:
        """Declare every field, in order, for ``self.game``'s options."""
        raise NotImplementedError

    def fill(self, view: Mapping[str, Any], out: Writer) -> None:
        """Write every field, in the declared order, from ``view`` alone."""
        raise NotImplementedError

    def encode(self, view: Mapping[str, Any], check: bool = False) -> np.ndarray:
        """The view as a vector; ``check`` verifies every field's name and size."""
        out = Writer(self.layout) if check else FastWriter(self.layout)
        self.fill(view, out)
        return out.done()

    @property
    def from_state(self) -> bool:
        """Whether ``observe`` writes its rows straight from the state (a fast path the
        reference, ``encode`` of the view, is held to) rather than encoding each view."""
        return type(self).observe is not Encoder.observe

    def observe(self, state: State, seats: Sequence[int | None]) -> np.ndarray:
        """The observations of ``seats`` (``None``: the spectator), one row each: a
        fresh float32 array of shape ``(len(seats), size)``.

        This default encodes each seat's view, the reference. A game's encoder
        may override it to write the same rows straight from the state (the
        conformance kit holds it to the reference).
        """
        out = np.empty((len(seats), self.size), dtype=np.float32)
        for row, seat in enumerate(seats):
            out[row] = self.encode(state.view(seat, log=False))
        return out

    def describe(self) -> list[dict[str, Any]]:
        """The layout as rows (offset, size, name, meaning), for documentation."""
        rows, at = [], 0
        for spec in self.layout:
            rows.append({"offset": at, "size": spec.size, "name": spec.name,
                         "meaning": spec.meaning})
            at += spec.size
        return rows


def seat_one_hot(seat: int | None, players: int) -> list[float]:
    """``players`` values, 1 at ``seat`` (all zero for ``None``)."""
    return [1.0 if s == seat else 0.0 for s in range(players)]


def blank(size: int) -> array:
    """``size`` float32 zeros in an ``array``, for an ``observe`` to set value by value.

    Setting a value in an ``array`` converts it to float32 just as NumPy does, at a
    fraction of the cost of setting it in a NumPy array or of turning a list into
    one; ``rows`` then hands the buffer to NumPy without a copy.
    """
    return array("f", bytes(4 * size))


def rows(values: array, count: int) -> np.ndarray:
    """The float32 array of ``count`` rows over ``values`` (an ``array("f")``, not copied)."""
    return np.frombuffer(values, dtype=np.float32).reshape(count, -1)


__all__ = ["Encoder", "FastWriter", "Field", "Writer", "blank", "rows", "seat_one_hot"]
