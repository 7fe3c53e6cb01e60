"""Views, observations, info keys and windows: stable, and leaking nothing hidden
(``views``, ``observation``, ``info_key``, ``frames``, ``windows``)."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np

from plunder.engine.conformance.core import (
    _RECENT,
    ConformanceFailure,
    _where,
)
from plunder.engine.errors import PlunderError
from plunder.engine.state import State


class InfoKeys:
    """Pairs of (``info_key``, view text) seen so far, to prove the key and the view agree.

    One key must never stand for two different views (the key forgets something the
    seat knows), nor one view for two keys (the key holds something the seat cannot
    know, or something that does not matter).
    """

    def __init__(self) -> None:
        self._view_of: dict[Any, str] = {}
        self._key_of: dict[str, Any] = {}

    def __len__(self) -> int:
        return len(self._key_of)

    def add(self, key: Any, view_text: str, where: str) -> None:
        try:
            hash(key)
        except TypeError as exc:
            raise ConformanceFailure(
                "info_key", f"an info key is not hashable: {exc}", where
            ) from None
        known_view = self._view_of.setdefault(key, view_text)
        if known_view != view_text:
            raise ConformanceFailure(
                "info_key",
                "one info key stands for two different views: "
                + _difference(known_view, view_text),
                where,
            )
        known_key = self._key_of.setdefault(view_text, key)
        if known_key != key:
            raise ConformanceFailure(
                "info_key",
                "one view has two different info keys (the key depends on something the view "
                f"does not show): {known_key!r} and {key!r}",
                where,
            )


def _difference(a: str, b: str) -> str:
    """The first top-level fields in which two view texts differ, for a failure message."""
    one, two = json.loads(a), json.loads(b)
    fields = sorted(k for k in one.keys() | two.keys() if one.get(k) != two.get(k))
    return "they differ in " + ", ".join(fields[:5])


def check_observation(state: State, seat: int | None, where: str = "") -> np.ndarray:
    """``observation(seat)`` is a finite float32 vector of the game's shape, stable; returned."""
    where = where or _where(state)
    shape = tuple(state.game.observation_shape())
    vector = state.observation(seat)
    if not isinstance(vector, np.ndarray) or vector.dtype != np.float32:
        raise ConformanceFailure(
            "observation", f"observation({seat}) is not a float32 array: {type(vector)}", where
        )
    if vector.shape != shape:
        raise ConformanceFailure(
            "observation",
            f"observation({seat}) has shape {vector.shape}; observation_shape() says {shape}",
            where,
        )
    if not np.isfinite(vector).all():
        raise ConformanceFailure("observation", f"observation({seat}) is not finite", where)
    low, high = state.game.encoder().bounds()
    outside = np.flatnonzero((vector < low) | (vector > high))
    if outside.size:
        at = int(outside[0])
        name = next(r["name"] for r in reversed(state.game.encoder().describe())
                    if r["offset"] <= at)
        raise ConformanceFailure(
            "observation",
            f"observation({seat})[{at}] (field {name!r}) is {vector[at]}, outside its bounds "
            f"{low[at]}..{high[at]}",
            where,
        )
    if not np.array_equal(state.observation(seat), vector):
        raise ConformanceFailure(
            "observation", f"observation({seat}) changes when asked twice", where
        )
    try:
        checked = state.game.encoder().encode(state.view(seat, log=False), check=True)
    except PlunderError as exc:
        raise ConformanceFailure(
            "observation", f"observation({seat}) breaks its layout: {exc}", where
        ) from None
    if not np.array_equal(checked, vector):
        raise ConformanceFailure(
            "observation", f"observation({seat}) differs from its checked encoding", where
        )
    return vector


def check_views(
    state: State,
    rng: random.Random,
    determinizations: int = 3,
    keys: InfoKeys | None = None,
) -> None:
    """Views, observations and info keys are stable and leak nothing.

    Views (without their log) are JSON and stable; a state determinized for a seat
    gives that seat an equal view, observation, pending seats, legal actions and
    latest events. Every (info key, view) pair goes to ``keys`` (a fresh collector
    when ``None``), which fails as soon as keys and views disagree.
    """
    where = _where(state)
    keys = InfoKeys() if keys is None else keys
    owed = sorted(state.pending | state.committed)
    _check_window(state, rng, determinizations, where)
    seats = [None, *range(state.players)]
    together = state.observations(seats)
    for row, seat in enumerate(seats):
        if not np.array_equal(together[row], state.observation(seat)):
            raise ConformanceFailure(
                "observation", f"observations(...)'s row for seat {seat} differs from "
                f"observation({seat})", where
            )
    for seat in seats:
        view = state.view(seat, log=False)
        if "log" in view:
            raise ConformanceFailure("views", f"view({seat}, log=False) holds a log", where)
        try:
            text = json.dumps(view, allow_nan=False, sort_keys=True)
        except (TypeError, ValueError) as exc:
            raise ConformanceFailure("views", f"view({seat}) is not JSON: {exc}", where) from None
        if json.dumps(state.view(seat, log=False), allow_nan=False, sort_keys=True) != text:
            raise ConformanceFailure("views", f"view({seat}) changes when asked twice", where)
        if json.loads(text) != view:
            raise ConformanceFailure(
                "views", f"view({seat}) does not survive JSON unchanged", where
            )
        decision = view.get("decision")
        if state.is_over and decision is not None:
            raise ConformanceFailure("frames", f"view({seat}) shows a decision at the end", where)
        if not state.is_over and (decision is None or decision.get("seats") != owed):
            raise ConformanceFailure(
                "frames",
                f"view({seat})['decision'] is {decision}, but seats {owed} owe this step",
                where,
            )
        observation = check_observation(state, seat, where)
        keys.add(state.info_key(seat), text, where)
        legal = [str(a) for a in state.legal(seat)] if seat is not None else []
        count = state.event_count(seat)
        recent = state.events(seat, count - _RECENT)
        for _ in range(determinizations):
            other = state.determinize(seat, random.Random(rng.getrandbits(64)))
            other_text = json.dumps(other.view(seat, log=False), sort_keys=True)
            if other_text != text:
                raise ConformanceFailure(
                    "views",
                    f"view({seat}) differs on a state determinized for that seat: the view shows "
                    "something the seat cannot know (or determinize changes what it can)",
                    where,
                )
            if other.pending != state.pending:
                raise ConformanceFailure(
                    "views", f"determinize({seat}) changed the pending seats", where
                )
            if seat is not None and [str(a) for a in other.legal(seat)] != legal:
                raise ConformanceFailure(
                    "views", f"determinize({seat}) changed the seat's legal actions", where
                )
            if other.event_count(seat) != count or other.events(seat, count - _RECENT) != recent:
                raise ConformanceFailure(
                    "views", f"determinize({seat}) changed the events the seat saw", where
                )
            if not np.array_equal(other.observation(seat), observation):
                raise ConformanceFailure(
                    "observation",
                    f"observation({seat}) differs on a state determinized for that seat: it "
                    "encodes something the seat cannot know",
                    where,
                )
            keys.add(other.info_key(seat), other_text, where)
            if seat is not None and state.game.team_sees_all:
                _check_team_sees_all(state, other, seat, where)


def _check_team_sees_all(state: State, other: State, seat: int, where: str) -> None:
    """A game whose teammates see all each other sees: what ``seat`` cannot know
    (redrawn in ``other``) is hidden from its teammates too, and they see its events."""
    for mate in sorted(state.allies(seat) - {seat}):
        if other.info_key(mate) != state.info_key(mate):
            raise ConformanceFailure(
                "teams", f"seat {mate} sees what its teammate {seat} cannot, though the "
                "game says teammates see all each other sees (team_sees_all)", where
            )
        count = state.event_count(seat)
        if state.event_count(mate) != count or state.events(mate, count - _RECENT) != (
            state.events(seat, count - _RECENT)
        ):
            raise ConformanceFailure(
                "teams", f"seats {seat} and {mate} see different events, though the game "
                "says teammates see all each other sees (team_sees_all)", where
            )


def _check_window(state: State, rng: random.Random, worlds: int, where: str) -> None:
    """An open window is offered by public information: in worlds where every hidden
    thing is drawn anew, the game offers it to the same seats."""
    frame = state.decision
    if frame is None or not frame.window or state.is_over:
        return
    for _ in range(worlds):
        world = state.determinize(None, random.Random(rng.getrandbits(64)))
        seats = frozenset(world._window_seats(frame.kind, frame.data))
        if seats != frame.seats:
            raise ConformanceFailure(
                "windows",
                f"the {frame.kind!r} window is offered to seats {sorted(frame.seats)}, but to "
                f"{sorted(seats)} where hidden things differ: who is asked must follow from "
                "public information only",
                where,
            )
