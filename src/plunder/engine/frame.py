"""Decision frames: what is being decided, as plain public data.

The engine holds a stack of frames. The frame on top is the decision open now:
its ``kind`` names the question ("shootout", "defend", "react", "reroll"...),
``seats`` are the seats that owe an answer, ``data`` says what a front end or a
bot needs to know about it (the attack to answer, the dice to keep...). A game
pushes a frame for an interrupt (a defence, a counter-attack, a reaction window)
and pops it when the interrupt is resolved, so the decision below it resumes.

Frames are shown to every seat (``view["decision"]``), so their data must be
public. ``timeout`` is the notation of the action a seat is taken to play when it
lets a decision the rules time pass (a reaction window's pass, a reflex gesture).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

_SCALARS = frozenset((int, float, str, bool, type(None)))


class _Object(tuple):  # type: ignore[type-arg]
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
    timeout: str | None = None

    @classmethod
    def of(
        cls,
        kind: str,
        seats: Iterable[int],
        timeout: str | None = None,
        **data: Any,
    ) -> Frame:
        """A frame; ``data`` must be JSON (the conformance kit checks every view)."""
        fields = tuple([(k, v if type(v) in _SCALARS else freeze(v)) for k, v in data.items()])
        return cls(kind, frozenset(seats), fields, timeout)

    @property
    def data(self) -> Mapping[str, Any]:
        """The frame's data, read-only."""
        return MappingProxyType({key: thaw(value) for key, value in self.fields})

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "seats": sorted(self.seats)}
        for key, value in self.fields:
            out[key] = value if type(value) in _SCALARS else thaw(value)
        if self.timeout is not None:
            out["timeout"] = self.timeout
        return out

    def key(self) -> Frame:
        """A hashable form, equal exactly when ``to_json`` is: the frame itself."""
        return self


__all__ = ["Frame", "freeze", "thaw"]
