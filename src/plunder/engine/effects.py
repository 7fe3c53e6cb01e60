"""Effects named in content and checked when it loads.

A game's content files name what a card, a ship or a space does as effect codes:
``"gold:2"`` is the effect ``gold`` with the amount 2, ``"mine"`` the effect
``mine`` (amount 1). The rules register each effect once, under its name, with
the function that applies it; the content reader refuses a code whose effect is
not registered, or that gives an amount to an effect that takes none, naming the
file, the entry, the field and the line. So the rules never compare card names:
they run the effects the content lists.

The registry holds behaviour only. What an effect says to players (its text)
lives in the content, beside the code that names it.

>>> effects = EffectRegistry("effect")
>>> @effects.register("gold", amount=True)
... def gold(state, seat, step, at):
...     return None
>>> effects.step("gold:2")
Step(name='gold', amount=2)
>>> effects.step("gold").code, effects.step("gold:2").code
('gold', 'gold:2')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from plunder.engine.content import fault


@dataclass(frozen=True, slots=True)
class Step:
    """One effect to apply: a registered effect's name and its amount (1 when unstated)."""

    name: str
    amount: int = 1

    @property
    def code(self) -> str:
        """The step as content writes it: ``name`` or ``name:amount``."""
        return self.name if self.amount == 1 else f"{self.name}:{self.amount}"


@dataclass(frozen=True)
class Effect:
    """A registered effect: its ``apply`` function, whether it takes an amount, and
    anything else the game keeps with it (``extra``: an aimed effect's verb and the
    function listing its targets, say)."""

    name: str
    apply: Callable[..., Any]
    amount: bool = False
    extra: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.extra).get(key, default)


class EffectRegistry:
    """The effects one game's rules know, by name.

    ``register(name, amount=..., **extra)`` is a decorator for the function that
    applies the effect (its signature is the game's own); ``step(code)`` reads a
    code; ``parse(code, path, entry, field)`` reads it for the content reader,
    with a ``ContentError`` at the entry's line when it names no registered effect.
    """

    def __init__(self, what: str = "effect") -> None:
        self.what = what
        self._effects: dict[str, Effect] = {}
        self._steps: dict[str, Step] = {}

    def register(
        self, name: str, *, amount: bool = False, **extra: Any
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        def add(apply: Callable[..., Any]) -> Callable[..., Any]:
            if name in self._effects:
                raise ValueError(f"the {self.what} {name!r} is registered twice")
            self._effects[name] = Effect(name, apply, amount, tuple(extra.items()))
            return apply

        return add

    def __contains__(self, name: object) -> bool:
        return name in self._effects

    def __getitem__(self, name: str) -> Effect:
        return self._effects[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._effects)

    def __len__(self) -> int:
        return len(self._effects)

    @property
    def names(self) -> list[str]:
        return sorted(self._effects)

    def step(self, code: str) -> Step:
        """The step a code stands for (codes are read once and shared)."""
        found = self._steps.get(code)
        if found is None:
            name, _, amount = code.partition(":")
            found = self._steps[code] = Step(name, int(amount) if amount else 1)
        return found

    def parse(self, code: Any, path: Path, entry: str = "", field: str = "") -> Step:
        """Read one effect code from a content file, or raise a ``ContentError`` there."""
        if not isinstance(code, str):
            raise fault(
                path, f"has {code!r}; expected an {self.what} such as 'name' or 'name:2'", entry,
                field,
            )
        name, sep, amount = code.partition(":")
        if name not in self._effects:
            raise fault(
                path, f"names the {self.what} {name!r}, which is not one of {self.names}",
                entry, field,
            )
        if not sep:
            return self.step(name)
        if not self._effects[name].amount:
            raise fault(path, f"gives {name!r} an amount, which it does not take", entry, field)
        if not amount.isdigit() or int(amount) < 1:
            raise fault(path, f"has {code!r}; an amount is a whole number from 1", entry, field)
        return self.step(code)

    def check_texts(self, path: Path, texts: dict[str, Any], key: str = "effects") -> None:
        """Every registered effect has players' words in ``[key.<name>]``, and no
        words are written for an effect the rules do not know."""
        for name in self.names:
            if name not in texts:
                raise fault(path, f"needs a [{key}.{name}] table with its text", field=key)
        unknown = sorted(set(texts) - set(self._effects))
        if unknown:
            raise fault(
                path, f"describes {unknown}, which the rules do not know (known: {self.names})",
                unknown[0],
            )


__all__ = ["Effect", "EffectRegistry", "Step"]
