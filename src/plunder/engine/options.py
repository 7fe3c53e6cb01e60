"""Declared game options, their validation, and how they read from text.

A game lists its options as ``Option`` values; ``validate_options`` turns the
keyword arguments of ``plunder.load`` into a complete, checked mapping, so a bad
option fails at load time with the option's name and what it accepts.

Every front end that takes options as typed text (the command line's ``-o
NAME=VALUE``, the browser table's forms and queries, the lab's ``--sweep``) reads
them with ``Option.read`` (``read_options`` for several), so a text means the
same value wherever it is typed.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from plunder.engine.errors import OptionError

# The words a yes-or-no option reads as true and as false, in any case.
YES_WORDS = frozenset(("yes", "true", "on", "1"))
NO_WORDS = frozenset(("no", "false", "off", "0"))
# ASCII digits only ("²" and "٣" are digits to Python, not to a player), at most 18 of
# them: every whole number an option takes, and none so long that reading it costs.
WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,18}")
DECIMAL = re.compile(
    r"[+-]?(?:[0-9]{1,18}(?:\.[0-9]{0,18})?|\.[0-9]{1,18})(?:[eE][+-]?[0-9]{1,3})?"
)


@dataclass(frozen=True)
class Option:
    """One option of a game.

    Either ``choices`` (a closed list of values) or an integer range
    (``minimum``/``maximum``) constrains it. What the lobby and ``plunder games``
    show is in players' words: ``label`` names the option ("Dollars to win", not
    ``target``), ``choice_labels`` names each choice, in the order of ``choices``,
    and ``help`` is the one line that explains it, with examples in words. How a
    free-text value is typed at the command line (``-o heroes=...``), which is
    notation, goes in ``accepts`` for ``plunder games`` alone. ``common`` is False
    for an option most tables leave as it is (a reading of the rules, a cap on
    the game's length): the lobby folds those under "More options", so that the
    form stays short enough to see whole.
    """

    name: str
    default: Any
    help: str = ""
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""
    choice_labels: tuple[str, ...] = ()
    accepts: str = ""
    common: bool = True

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

    def read(self, text: str) -> Any:
        """The value ``text`` gives this option, or ``OptionError`` naming the option.

        Spaces around the text are dropped. A yes-or-no option (a ``bool`` default)
        reads ``yes``, ``true``, ``on`` and ``1`` as true and ``no``, ``false``, ``off``
        and ``0`` as false, in any case; a whole-number option an optional sign and
        ASCII digits; a number option a decimal; any other option the text itself.
        Whether the value is one the option allows (its range, its choices) is for
        ``check`` to say.

        >>> Option("gestures", False).read(" Yes"), Option("target", 5).read("+7")
        (True, 7)
        """
        text = text.strip()
        default = self.default
        if isinstance(default, bool):
            word = text.lower()
            if word in YES_WORDS or word in NO_WORDS:
                return word in YES_WORDS
            # Neither: refused by check, as the value would be anywhere else, in its words.
            return self.check(text)
        if isinstance(default, int):
            if not WHOLE_NUMBER.fullmatch(text):
                raise OptionError(
                    f"option {self.name!r} is {text!r}; it takes a whole number", field=self.name
                )
            return int(text)
        if isinstance(default, float):
            value = float(text) if DECIMAL.fullmatch(text) else math.nan
            if not math.isfinite(value):
                raise OptionError(
                    f"option {self.name!r} is {text!r}; it takes a number", field=self.name
                )
            return value
        return text

    def describe(self) -> dict[str, Any]:
        """JSON-ready description (for the lobby and ``plunder games``)."""
        out: dict[str, Any] = {
            "name": self.name,
            "default": self.default,
            "help": self.help,
            "label": self.label or self.name.replace("_", " ").capitalize(),
            "common": self.common,
        }
        if self.accepts:
            out["accepts"] = self.accepts
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


def read_options(specs: Sequence[Option], texts: Mapping[str, str]) -> dict[str, Any]:
    """Options typed as text, each read as its option takes it (``Option.read``).

    A name no option has keeps its text: ``validate_options`` refuses it, naming
    the options there are.

    >>> read_options([Option("gestures", False), Option("target", 5)], {"gestures": "on"})
    {'gestures': True}
    """
    known = {spec.name: spec for spec in specs}
    return {
        name: known[name].read(text) if name in known else text for name, text in texts.items()
    }
