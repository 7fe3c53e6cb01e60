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

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True, slots=True)
class Frame:
    """One open decision: its kind, the seats that owe an answer, public data."""

    kind: str
    seats: frozenset[int]
    data: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
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
        return cls(kind, frozenset(seats), MappingProxyType(data), timeout)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "seats": sorted(self.seats)}
        out.update(json.loads(json.dumps(dict(self.data))))
        if self.timeout is not None:
            out["timeout"] = self.timeout
        return out

    def key(self) -> tuple[Any, ...]:
        """A hashable form, equal exactly when ``to_json`` is."""
        return (self.kind, tuple(sorted(self.seats)), json.dumps(dict(self.data), sort_keys=True),
                self.timeout)

    def __reduce__(self) -> tuple[Any, ...]:
        # MappingProxyType does not pickle; a frame is rebuilt from plain data.
        return (_rebuild, (self.kind, tuple(self.seats), dict(self.data), self.timeout))

    def __deepcopy__(self, memo: dict[int, Any]) -> Frame:
        return self  # immutable


def _rebuild(kind: str, seats: tuple[int, ...], data: dict[str, Any], timeout: str | None) -> Frame:
    return Frame(kind, frozenset(seats), MappingProxyType(data), timeout)


__all__ = ["Frame"]
