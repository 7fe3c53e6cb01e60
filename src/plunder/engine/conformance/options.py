"""The option combinations the kit runs under: every pair of option values, or a
covering matrix per player count."""

from __future__ import annotations

import copy
import functools
import itertools
import json
from collections.abc import Callable
from typing import Any

import numpy

from plunder.engine.errors import OptionError
from plunder.engine.registry import game_class


def option_matrix(name: str) -> list[dict[str, Any]]:
    """Option combinations to run the kit under for a registered game.

    Every player count, each crossed with few combinations of the options that have
    choices which still meet every pair of their values at that count (the full
    product grows as two to the number of yes-or-no options: a game of seven would
    need 128 runs a count); then each whole-number option at its minimum (limits
    and targets are where endings hide), crossed the same way, at the smallest and
    largest player counts. Combinations the game refuses to load (an
    ``OptionError``, such as a mode that needs more players) are left out.

    >>> len(option_matrix("duel"))  # 4 player counts x 2 readings + 3 minima x 2 x 2
    20

    The matrix is worked out once per game class (loading every candidate is
    the costly part, and property tests ask for it at every example); each call
    hands out fresh copies.
    """
    return _once(_option_matrix, name)


# Each game class's option sets, by the function that makes them (keyed by the class
# too: a test may register another game under a name).
_MADE: dict[tuple[Any, str, type], list[dict[str, Any]]] = {}


def _once(make: Callable[[str], list[dict[str, Any]]], name: str) -> list[dict[str, Any]]:
    """What ``make(name)`` gives, worked out once per game class; fresh copies each call."""
    key = (make, name, game_class(name))
    if key not in _MADE:
        _MADE[key] = make(name)
    return copy.deepcopy(_MADE[key])


def _option_matrix(name: str) -> list[dict[str, Any]]:
    specs = game_class(name).option_specs()
    choice_specs = [s for s in specs if s.choices]
    players = next(s for s in specs if s.name == "players")
    assert players.minimum is not None and players.maximum is not None

    def at(count: int, extra: dict[str, Any]) -> list[dict[str, Any]]:
        candidates = [
            {
                "players": count,
                **extra,
                **dict(zip([s.name for s in choice_specs], values, strict=True)),
            }
            for values in itertools.product(*(s.choices for s in choice_specs))
        ]
        loadable = [options for options in candidates if _loads(name, options)]
        return _covering(loadable, [s.name for s in choice_specs])

    combos = [c for count in range(players.minimum, players.maximum + 1) for c in at(count, {})]
    for spec in specs:
        if spec.name == "players" or spec.choices or spec.minimum in (None, spec.default):
            continue
        for count in sorted({players.minimum, players.maximum}):
            combos += at(count, {spec.name: spec.minimum})
    return combos


def option_values(name: str) -> dict[str, list[Any]]:
    """The values ``option_matrix`` tries for each option of a registered game.

    Every player count, every choice, and for each other whole-number option its
    default and (when it differs) its minimum.
    """
    values: dict[str, list[Any]] = {}
    for spec in game_class(name).option_specs():
        if spec.name == "players":
            assert spec.minimum is not None and spec.maximum is not None
            values[spec.name] = list(range(spec.minimum, spec.maximum + 1))
        elif spec.choices:
            values[spec.name] = list(spec.choices)
        elif spec.minimum is not None and spec.minimum != spec.default:
            values[spec.name] = [spec.default, spec.minimum]
    return values


def option_pairs(name: str) -> list[dict[str, Any]]:
    """Few option combinations that still meet every pair of option values.

    For any two options and any values of them that some loadable combination of
    ``option_values`` joins, at least one combination here has both (pairwise
    covering, built greedily); so every single value is met too. Options left out
    of a combination keep their defaults. A pair no loadable combination joins
    (Camp Mode at a player count it is not played at) is not sought.

    >>> pairs = option_pairs("duel")
    >>> len(pairs) < len(option_matrix("duel"))
    True
    >>> met = {(o["players"], o.get("deflection", "seed")) for o in pairs}
    >>> met >= {(2, "seed"), (2, "per-weapon"), (5, "seed"), (5, "per-weapon")}
    True
    """
    return _once(_option_pairs, name)


def _option_pairs(name: str) -> list[dict[str, Any]]:
    values = option_values(name)
    candidates = [
        dict(zip(values, combo, strict=True)) for combo in itertools.product(*values.values())
    ]
    candidates = [options for options in candidates if _loads(name, options)]
    return [_trim(name, options) for options in _covering(candidates, list(values))]


def _covering(candidates: list[dict[str, Any]], names: list[str]) -> list[dict[str, Any]]:
    """Few of ``candidates`` that meet every value of ``names``, and every pair of values,
    that some candidate joins: greedily, the candidate meeting the most not met yet (the
    first on a tie, so the set is the same on every run)."""
    if not candidates or not names:
        return candidates[:1]  # nothing to vary: one candidate
    # Each value of each option as a number, and each candidate as the numbers of the
    # values and pairs of values it meets: a game with many options has a hundred
    # thousand candidates, and the greedy choice is then one count over a matrix.
    codes: list[dict[Any, int]] = [{} for _ in names]
    rows = numpy.array(
        [
            [codes[i].setdefault(_hashable(options[a]), len(codes[i])) for i, a in enumerate(names)]
            for options in candidates
        ],
        dtype=numpy.int64,
    ).reshape(len(candidates), len(names))
    sizes = [len(c) for c in codes]
    columns = []
    offset = 0
    for i, size in enumerate(sizes):
        columns.append(offset + rows[:, i])
        offset += size
    for i, j in itertools.combinations(range(len(names)), 2):
        columns.append(offset + rows[:, i] * sizes[j] + rows[:, j])
        offset += sizes[i] * sizes[j]
    meets = numpy.stack(columns, axis=1)
    wanted = numpy.zeros(offset, dtype=bool)
    wanted[meets.ravel()] = True
    chosen: list[dict[str, Any]] = []
    while wanted.any():
        gains = wanted[meets].sum(axis=1)
        best = int(gains.argmax())  # the first of the most
        chosen.append(candidates[best])
        wanted[meets[best]] = False
    return chosen


def _hashable(value: Any) -> Any:
    if type(value) in (int, str, bool, float, type(None)):
        # Most option values: asked again and again (the type's name keeps 1, 1.0 and True apart).
        return _scalar_text(type(value).__name__, value)
    return json.dumps(value, sort_keys=True)


@functools.cache
def _scalar_text(kind: str, value: Any) -> str:
    return json.dumps(value)


def _trim(name: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` without the values that are the defaults (shorter test ids)."""
    defaults = {spec.name: spec.default for spec in game_class(name).option_specs()}
    return {k: v for k, v in options.items() if k == "players" or v != defaults.get(k)}


def _loads(name: str, options: dict[str, Any]) -> bool:
    try:
        game_class(name)(**options)
    except OptionError:
        return False
    return True


def describe(options: dict[str, Any]) -> str:
    """A short id for a combination (used to name parametrized tests)."""
    return "-".join(f"{k}={v}" for k, v in options.items())
