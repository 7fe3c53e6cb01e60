"""Events fetched a few at a time, as a table's client does, add up to the log
(``events``)."""

from __future__ import annotations

from typing import Any

from plunder.engine.conformance.core import (
    ConformanceFailure,
    _where,
)
from plunder.engine.state import State


class EventFeed:
    """Each seat's events as a table's client holds them: fetched with ``events(seat, since)``.

    ``update`` fetches what each seat lacks and checks the counts and the latest
    events (its cost grows with the new events only); ``check_whole`` compares
    what was gathered with ``view(seat)["log"]`` and several tails of it.
    """

    def __init__(self, players: int) -> None:
        self.held: dict[int | None, list[dict[str, Any]]] = {
            seat: [] for seat in [None, *range(players)]
        }

    def update(self, state: State) -> None:
        where = _where(state)
        for seat, held in self.held.items():
            try:
                held.extend(state.events(seat, len(held)))
            except (TypeError, ValueError) as exc:
                raise ConformanceFailure("events", f"an event is not JSON: {exc}", where) from None
            count = state.event_count(seat)
            if len(held) != count:
                raise ConformanceFailure(
                    "events",
                    f"fetching seat {seat}'s new events gave {len(held)} in all; "
                    f"event_count says {count}",
                    where,
                )
            if state.events(seat, count):
                raise ConformanceFailure(
                    "events", f"events({seat}, event_count) is not empty", where
                )
            for back in (1, 3):
                if back <= count and state.events(seat, count - back) != held[-back:]:
                    raise ConformanceFailure(
                        "events",
                        f"events({seat}, {count - back}) is not the last {back} of the seat's "
                        "events (an event changed after it was sent?)",
                        where,
                    )

    def check_whole(self, state: State) -> None:
        self.update(state)
        where = _where(state)
        for seat, held in self.held.items():
            log = state.view(seat)["log"]
            if log != held:
                raise ConformanceFailure(
                    "events",
                    f"seat {seat}'s events fetched a few at a time differ from view['log']",
                    where,
                )
            count = len(log)
            if state.event_count(seat) != count:
                raise ConformanceFailure(
                    "events", f"event_count({seat}) is not the length of its log", where
                )
            for since in sorted({0, 1, count // 3, count // 2, count - 1, count, count + 2}):
                if since >= 0 and state.events(seat, since) != log[since:]:
                    raise ConformanceFailure(
                        "events",
                        f"events({seat}, {since}) is not the log's tail from {since}",
                        where,
                    )
            if log:
                handed = state.events(seat, count - 1)
                handed[0]["conformance"] = "changed by a caller"
                if state.events(seat, count - 1) != log[-1:]:
                    raise ConformanceFailure(
                        "events", "changing an event handed out changed the log", where
                    )


def check_events(state: State) -> None:
    """``events(seat, since)`` agrees with ``view(seat)["log"]`` (reads the whole log)."""
    EventFeed(state.players).check_whole(state)
