"""Decision frames: what is being decided, as plain public data.

The engine holds a stack of frames. The frame on top is the decision open now:
its ``kind`` names the question ("shootout", "defend", "react", "reroll"...),
``seats`` are the seats that owe an answer, ``data`` says what a front end or a
bot needs to know about it (the attack to answer, the dice to keep...). A game
pushes a frame for an interrupt (a defence, a counter-attack, a reaction window)
and pops it when the interrupt is resolved, so the decision below it resumes.

Frames are shown to every seat (``view["decision"]``), so their data must be
public. Two things are kept apart:

* ``default``: the notation of the frame's *default answer*, what stands for "no
  answer" (a defence's "take it", a window's pass). A bot, a turn clock or a seat
  that has left may play it; it says nothing about time.
* ``timed``: the rules themselves limit how long a seat may take (a reflex
  gesture, an "any time" window). Only such a decision gets a live table's
  reflex clock, which plays the default when it runs out; every other decision
  waits for its player (or for the table's turn clock, if the table set one).

``window`` marks an any-time window (``State.open_window``), named by its timing.
``answer`` says who answers: ``ALL`` (every seat of the frame, the step resolving
when the last one has) or ``ANY`` (any one of them answers for all: a team's
decision, such as which hero activates).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

_SCALARS = frozenset((int, float, str, bool, type(None)))

# Who answers a frame: every one of its seats, or any one of them for all.
ALL, ANY = "all", "any"


class _Object(tuple):
    """A JSON object frozen as a tuple of (key, value) pairs."""

    __slots__ = ()


def freeze(value: Any) -> Any:
    """JSON data as immutable, hashable values: lists become tuples, objects pairs."""
    if isinstance(value, (list, tuple)):
        return tuple(freeze(item) for item in value)
    if isinstance(value, dict):
        return _Object((key, freeze(item)) for key, item in value.items())
    return value


def thaw(value: Any) -> Any:
    """Fresh JSON data from ``freeze``'s values."""
    kind = type(value)
    if kind is _Object:
        return {key: thaw(item) for key, item in value}
    if kind is tuple:
        return [thaw(item) for item in value]
    return value


@dataclass(frozen=True, slots=True)
class Frame:
    """One open decision: its kind, the seats that owe an answer, public data.

    The data is held frozen (``fields``), so a frame is an immutable, hashable
    value: clones share it and an information key may contain it.
    """

    kind: str
    seats: frozenset[int]
    fields: tuple[tuple[str, Any], ...] = ()
    default: str | None = None
    timed: bool = False
    answer: str = ALL
    window: bool = False
    race: bool = False

    @classmethod
    def of(
        cls,
        kind: str,
        seats: Iterable[int],
        default: str | None = None,
        *,
        timed: bool = False,
        answer: str = ALL,
        window: bool = False,
        race: bool = False,
        **data: Any,
    ) -> Frame:
        """A frame; ``data`` must be JSON (the conformance kit checks every view).

        ``default`` is the notation of the default answer; ``timed`` says the rules
        limit the decision's time (it then needs a default, which the clock plays);
        ``answer`` is ``ALL`` or ``ANY``; ``window`` marks an any-time window
        (``State.open_window``), whose kind is its timing; ``race`` says the order
        the answers arrive in decides (the first to answer wins), so that when an
        answer comes matters as much as which: a table never plays it for a player.
        """
        if timed and default is None:
            raise ValueError(f"a timed {kind!r} decision needs a default answer for its clock")
        if answer not in (ALL, ANY):
            raise ValueError(f"answer is {ALL!r} or {ANY!r}, not {answer!r}")
        fields = tuple([(k, v if type(v) in _SCALARS else freeze(v)) for k, v in data.items()])
        return cls(kind, frozenset(seats), fields, default, timed, answer, window, race)

    @property
    def data(self) -> Mapping[str, Any]:
        """The frame's data, read-only."""
        return MappingProxyType({key: thaw(value) for key, value in self.fields})

    def get(self, key: str, default: Any = None) -> Any:
        """One value of the frame's data (``default`` where it has none), as ``data`` gives it."""
        for name, value in self.fields:
            if name == key:
                return value if type(value) in _SCALARS else thaw(value)
        return default

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "seats": sorted(self.seats)}
        for key, value in self.fields:
            out[key] = value if type(value) in _SCALARS else thaw(value)
        if self.default is not None:
            out["default"] = self.default
        if self.timed:
            out["timed"] = True
        if self.answer != ALL:
            out["answer"] = self.answer
        if self.window:
            out["window"] = True
        if self.race:
            out["race"] = True
        return out

    def key(self) -> Frame:
        """A hashable form, equal exactly when ``to_json`` is: the frame itself."""
        return self


__all__ = ["ALL", "ANY", "Frame", "freeze", "thaw"]
