"""Actions: small immutable values whose ``str`` is their notation.

A game declares its action type with the ``action_type`` decorator, which makes
it a frozen, slotted dataclass and gives it what every game would otherwise
repeat: the notation worked out once per action, interning (``Kind.of(...)``
hands out one shared instance per value, as legal lists are hot in searches),
and ``to_json`` (the structured form front ends read instead of parsing notation).
"""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any, ClassVar, TypeVar, dataclass_transform

A = TypeVar("A", bound="Action")


class Action:
    """Base class of every game's actions.

    Actions compare by value, so an action parsed from text equals the one ``legal``
    offered. A subclass made with ``action_type`` writes its notation in
    ``spell()``; ``str(action)`` and ``action.notation`` return it.
    """

    __slots__ = ()
    _interned: ClassVar[dict[tuple[Any, ...], Any]]

    @property
    def notation(self) -> str:  # pragma: no cover - action_type replaces it with a field
        return self.spell()

    def spell(self) -> str:
        """The action's notation; every game's action type writes its own."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.notation

    @classmethod
    def of(cls: type[A], *args: Any) -> A:
        """The shared instance of ``cls(*args)`` (actions are immutable values)."""
        found = cls._interned.get(args)
        if found is None:
            found = cls._interned[args] = cls(*args)
        return found

    def to_json(self) -> dict[str, Any]:
        """The action as structured data: its fields and its notation.

        Front ends read these (the verb, the card, the targets...) instead of
        parsing notation; sequences become lists so the result is JSON.
        """
        out: dict[str, Any] = {}
        for spec in dataclasses.fields(self):  # type: ignore[arg-type]
            if spec.name == "notation":
                continue
            value = getattr(self, spec.name)
            out[spec.name] = list(value) if isinstance(value, tuple) else value
        out["notation"] = self.notation
        return out


@dataclass_transform(frozen_default=True)
def action_type(cls: type[A]) -> type[A]:
    """Make ``cls`` a frozen, slotted dataclass action with its notation precomputed.

    >>> @action_type
    ... class Move(Action):
    ...     square: int
    ...     def spell(self) -> str:
    ...         return f"move>{self.square}"
    >>> Move.of(3) is Move.of(3), str(Move(3)), Move(3).to_json()
    (True, 'move>3', {'square': 3, 'notation': 'move>3'})
    """
    annotations = dict(inspect.get_annotations(cls))
    annotations["notation"] = "str"
    cls.__annotations__ = annotations
    # The property ``notation`` becomes a field: the class is rebuilt as a dataclass below.
    cls.notation = dataclasses.field(  # type: ignore[method-assign]
        init=False, repr=False, compare=False
    )
    spell = cls.spell

    def __post_init__(self: Any) -> None:
        object.__setattr__(self, "notation", spell(self))

    cls.__post_init__ = __post_init__  # type: ignore[attr-defined]
    made = dataclasses.dataclass(frozen=True, slots=True)(cls)
    made._interned = {}
    made.__str__ = lambda self: self.notation  # type: ignore[method-assign]
    return made


__all__ = ["Action", "action_type"]
