"""Reading what clients send: JSON within bounds, and game options by their kind.

Every problem is a ``BadInput`` with a message meant for the sender; nothing a
client sends may end in an exception the server did not expect.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from plunder.engine.errors import OptionError
from plunder.engine.options import Option
from plunder.engine.windows import MAX_TIMINGS, TIMING, AutoPass

# The longest text an option value may be.
MAX_OPTION_TEXT = 64


class BadInput(ValueError):
    """Input the server refuses, with a message for the sender."""


def depth(value: Any, limit: int) -> int:
    """How deeply ``value`` nests objects and lists, counting at most to ``limit + 1``."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        inner: Iterable[Any]
        if isinstance(item, dict):
            inner = item.values()
        elif isinstance(item, list):
            inner = item
        else:
            continue
        deepest = max(deepest, level)
        if deepest > limit:
            return deepest
        stack.extend((child, level + 1) for child in inner)
    return deepest


def parse_json(text: str | bytes, max_depth: int) -> Any:
    """``text`` as JSON nested at most ``max_depth`` deep, or ``BadInput``."""
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise BadInput(f"JSON nested more than {max_depth} deep") from None
    except (ValueError, UnicodeDecodeError):
        raise BadInput("not JSON") from None
    if depth(value, max_depth) > max_depth:
        raise BadInput(f"JSON nested more than {max_depth} deep")
    return value


def _no_constant(name: str) -> Any:
    # NaN and Infinity are not JSON; Python's reader accepts them unless told not to.
    raise ValueError(f"{name} is not JSON")


def normalise_options(specs: Sequence[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Option values as their options take them, or ``BadInput`` naming the option.

    A text is read as its option reads it (``Option.read``: the command line and
    the lab read the same text the same way). Lists, objects, long texts and
    numbers out of any sensible range are refused here; everything else (an
    unknown option, a value outside the option's range or choices) is left to the
    game's own validation, whose messages the server passes on.
    """
    known = {spec.name: spec for spec in specs}
    options: dict[str, Any] = {}
    for name, value in given.items():
        if not isinstance(name, str) or len(name) > MAX_OPTION_TEXT:
            raise BadInput("option names are short texts")
        if isinstance(value, (dict, list)):
            raise BadInput(f"option {name!r}: a single value, not a list or an object")
        if isinstance(value, str) and len(value) > MAX_OPTION_TEXT:
            raise BadInput(f"option {name!r}: at most {MAX_OPTION_TEXT} characters")
        if isinstance(value, float) and not math.isfinite(value):
            raise BadInput(f"option {name!r}: not a number")
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**18:
            raise BadInput(f"option {name!r} is too large")
        if isinstance(value, str) and name in known:
            try:
                value = known[name].read(value)
            except OptionError as exc:
                raise BadInput(str(exc)) from None
        options[name] = value
    return options


def autopass_setting(every: bool, timings: Sequence[str]) -> AutoPass:
    """A seat's auto-pass as an ``autopass`` message sets it, or ``BadInput``.

    The message's schema (``messages.Autopass``) has checked the kinds: ``every``
    is true or false, ``timings`` a list of texts. Here: at most ``MAX_TIMINGS``
    window timings, each a decision kind's name of letters, digits, ``_`` and ``-``
    (at most 32). The list replaces the seat's.
    """
    if len(timings) > MAX_TIMINGS:
        raise BadInput(f"autopass: timings is a list of at most {MAX_TIMINGS} window timings")
    for timing in timings:
        if not TIMING.fullmatch(timing):
            raise BadInput("autopass: a timing is a decision kind's name, as the view gives it")
    return AutoPass(every, frozenset(timings))
