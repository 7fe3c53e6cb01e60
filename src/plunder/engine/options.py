"""Declared game options and their validation.

A game lists its options as ``Option`` values; ``validate_options`` turns the
keyword arguments of ``plunder.load`` into a complete, checked mapping, so a bad
option fails at load time with the option's name and what it accepts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from plunder.engine.errors import OptionError


@dataclass(frozen=True)
class Option:
    """One option of a game.

    Either ``choices`` (a closed list of values) or an integer range
    (``minimum``/``maximum``) constrains it; ``help`` is shown by ``plunder games``.
    What the lobby shows is in players' words: ``label`` names the option ("Dollars
    to win", not ``target``) and ``choice_labels`` names each choice, in the order
    of ``choices``; ``help`` is the one line that explains it.
    """

    name: str
    default: Any
    help: str = ""
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""
    choice_labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(
                f"option {self.name!r}: {len(self.choice_labels)} choice labels for "
                f"{len(self.choices)} choices"
            )

    def check(self, value: Any) -> Any:
        """Return the value, normalised, or raise ``OptionError`` naming this option."""
        if self.choices:
            if value not in self.choices:
                allowed = ", ".join(repr(c) for c in self.choices)
                raise OptionError(
                    f"option {self.name!r} is {value!r}; it takes one of {allowed}", field=self.name
                )
            return value
        if isinstance(self.default, int) and not isinstance(self.default, bool):
            if isinstance(value, bool) or not isinstance(value, int):
                if isinstance(value, str) and value.strip().lstrip("-").isdigit():
                    value = int(value)
                else:
                    raise OptionError(
                        f"option {self.name!r} is {value!r}; it takes a whole number",
                        field=self.name,
                    )
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise OptionError(
                    f"option {self.name!r} is {value}; it takes {low}..{high}", field=self.name
                )
            return value
        if isinstance(self.default, bool) and not isinstance(value, bool):
            raise OptionError(
                f"option {self.name!r} is {value!r}; it takes true or false", field=self.name
            )
        return value

    def describe(self) -> dict[str, Any]:
        """JSON-ready description (for the lobby and ``plunder games``)."""
        out: dict[str, Any] = {
            "name": self.name,
            "default": self.default,
            "help": self.help,
            "label": self.label or self.name.replace("_", " ").capitalize(),
        }
        if self.choices:
            out["choices"] = list(self.choices)
            out["choice_labels"] = list(self.choice_labels or (str(c) for c in self.choices))
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out


def validate_options(specs: Sequence[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Check ``given`` against ``specs`` and fill in defaults.

    >>> validate_options([Option("players", 2, minimum=2, maximum=5)], {"players": 3})
    {'players': 3}
    >>> validate_options([Option("players", 2, minimum=2, maximum=5)], {"player": 3})
    Traceback (most recent call last):
    ...
    plunder.engine.errors.OptionError: unknown option 'player'; options are: players
    """
    known = {spec.name: spec for spec in specs}
    for name in given:
        if name not in known:
            raise OptionError(
                f"unknown option {name!r}; options are: {', '.join(known)}", field=name
            )
    return {spec.name: spec.check(given.get(spec.name, spec.default)) for spec in specs}
