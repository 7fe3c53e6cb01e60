"""Copies of a state: replays of its record, clones, pickles and deep copies are the
same state and play on alike, and share nothing (``record``, ``determinism``,
``clone``, ``sharing``, ``pickle``)."""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import pickle
import random
import types
from typing import Any

import numpy as np

from plunder.engine.conformance.core import (
    ConformanceFailure,
    _where,
    fingerprint,
)
from plunder.engine.conformance.play import _play
from plunder.engine.game import Game
from plunder.engine.registry import load, replay
from plunder.engine.state import State, is_record


def check_determinism(state: State, *, whole: bool = True, new: bool = True) -> None:
    """Replaying the record (also through JSON text) gives the same state.

    ``whole=False`` compares the replayed state's views and latest events only, not
    every seat's whole log (for states sampled along a playout). ``new`` also
    compares two new states of the same seed, one loaded and one replayed from an
    empty record (a caller checking many plays of one game asks it once).
    """
    where = _where(state)
    record = state.record
    text = json.dumps(record)
    again = replay(json.loads(text))
    if again.record != record:
        raise ConformanceFailure(
            "record", "the replayed state's record differs from the original", where
        )
    if fingerprint(again, whole=whole) != fingerprint(state, whole=whole):
        raise ConformanceFailure(
            "determinism", "the same options, seed and moves gave a different state", where
        )
    if not new:
        return
    fresh = load(state.game.name, **state.game.options).new(seed=state.seed)
    if fingerprint(fresh) != fingerprint(replay({**record, "moves": []})):
        raise ConformanceFailure("determinism", "two new states from one seed differ", where)


def check_clone(state: State, rng: random.Random) -> None:
    """A clone plays on without touching the original, and the other way round."""
    where = _where(state)
    if state.is_over:
        return
    before = fingerprint(state)
    clone = state.clone()
    if fingerprint(clone) != before:
        raise ConformanceFailure("clone", "a fresh clone differs from its original", where)
    seed = rng.getrandbits(32)
    _play(clone, random.Random(seed))
    if fingerprint(state) != before:
        raise ConformanceFailure("clone", "playing on a clone changed the original", where)
    clone_after = fingerprint(clone)
    second = state.clone()
    _play(state, random.Random(seed))
    if fingerprint(clone) != clone_after:
        raise ConformanceFailure("clone", "playing on the original changed an earlier clone", where)
    if fingerprint(state) != clone_after:
        raise ConformanceFailure(
            "clone", "a clone and its original diverged under the same moves", where
        )
    # Put the original back where it was for the caller.
    state.__dict__.update(second.__dict__)


# Values the sharing walk passes by: they hold no state of a play.
_PLAIN = (int, float, complex, str, bytes, bool, type(None))
_NOT_STATE = (
    type,
    types.ModuleType,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
    functools.partial,
    Game,
)
_MUTABLE = (list, dict, set, bytearray, np.ndarray)


def check_sharing(state: State) -> None:
    """No mutable part of a state is the same object in its clone.

    Walks the state's attributes and everything inside them (lists, dicts, tuples,
    objects with a ``__dict__``), pairing each part with the clone's part at the
    same place: a list, dict, set, byte array, array or object with a ``__dict__``
    (other than the game) found in both is a change waiting to leak from one
    play into the other. Frozen dataclasses may be shared if nothing mutable is
    inside them; records (``@record``) are mutable and walked field by field;
    other slotted values (actions, frames, logged events) are immutable.
    """
    clone = state.clone()
    where = _where(state)
    if clone.rng is state.rng:
        raise ConformanceFailure("sharing", "the clone shares the chance generator", where)
    seen: set[int] = set()
    for name, value in vars(state).items():
        _walk(value, vars(clone).get(name), f"state.{name}", seen, where)


def _walk(a: Any, b: Any, path: str, seen: set[int], where: str) -> None:
    if isinstance(a, (*_PLAIN, *_NOT_STATE)) or id(a) in seen:
        return
    seen.add(id(a))
    frozen = dataclasses.is_dataclass(a) and a.__dataclass_params__.frozen  # type: ignore[union-attr]
    mutable = isinstance(a, _MUTABLE) or is_record(a) or (hasattr(a, "__dict__") and not frozen)
    if a is b and mutable:
        raise ConformanceFailure(
            "sharing",
            f"{path} (a {type(a).__name__}) is one object in the state and its clone",
            where,
        )
    if isinstance(a, dict):
        other = b if isinstance(b, dict) else {}
        for key, value in a.items():
            _walk(value, other.get(key), f"{path}[{key!r}]", seen, where)
    elif isinstance(a, (list, tuple)):
        items = b if isinstance(b, (list, tuple)) else ()
        for index, value in enumerate(a):
            _walk(
                value, items[index] if index < len(items) else None, f"{path}[{index}]", seen, where
            )
    elif frozen or is_record(a):
        for spec in dataclasses.fields(a):
            _walk(
                getattr(a, spec.name),
                getattr(b, spec.name, None),
                f"{path}.{spec.name}",
                seen,
                where,
            )
    elif hasattr(a, "__dict__") and not isinstance(a, random.Random):
        for name, value in vars(a).items():
            _walk(value, getattr(b, name, None), f"{path}.{name}", seen, where)


def check_pickle(state: State, rng: random.Random, *, whole: bool = True) -> None:
    """The state survives ``pickle`` and ``copy.deepcopy``, and the copies play on alike.

    ``whole=False`` compares the copies' views and latest events, not whole logs.
    """
    where = _where(state)
    before = fingerprint(state, whole=whole)
    try:
        copies = {
            "pickled": pickle.loads(pickle.dumps(state)),
            "deep-copied": copy.deepcopy(state),
        }
    except Exception as exc:  # any failure to copy is the finding
        raise ConformanceFailure(
            "pickle", f"the state does not pickle or copy: {type(exc).__name__}: {exc}", where
        ) from None
    for how, other in copies.items():
        if type(other) is not type(state) or fingerprint(other, whole=whole) != before:
            raise ConformanceFailure("pickle", f"the {how} state differs from the original", where)
    if fingerprint(state, whole=whole) != before:
        raise ConformanceFailure("pickle", "pickling or copying changed the state", where)
    if state.is_over:
        return
    # The two copies play on alike (``check_clone`` proves a deep copy, which is a
    # clone, plays on as the original would).
    seed = rng.getrandbits(32)
    for other in copies.values():
        _play(other, random.Random(seed))
    if fingerprint(copies["pickled"]) != fingerprint(copies["deep-copied"]):
        raise ConformanceFailure(
            "pickle",
            "the pickled and the deep-copied state diverged under the same moves (hidden "
            "state, such as the chance generator, was lost)",
            where,
        )
