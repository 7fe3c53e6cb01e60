"""A table's speed: live, as everyone sits at it together, or turn-based, played over days.

At a live table (the default) the clocks are the turn clock and the reflex clock
of ``plunder.server.live``: they run while the server runs, and a restart or a
handover starts them afresh.

At a turn-based table no one needs to be there: each human seat owing a decision
has ``turn_hours`` to make it, held as a deadline by the wall clock and stored
with the seat (``SeatRow.deadline``, with the engine's step it belongs to), so it
survives a restart and a handover between processes. When it runs out a bot
plays that one decision for the seat (a decision the rules time gets the rules'
own timeout action), and the seat stays its player's. The engine has no way to
concede a game, so playing the decision is the only thing a timeout does.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from plunder.server.store import LIVE, TURNS
from plunder.server.table import TableError, is_number

SPEEDS = (LIVE, TURNS)

# Hours a turn-based decision may be given: from one hour to four weeks.
TURN_HOURS_MIN, TURN_HOURS_MAX = 1.0, 672.0

# What a turn-based decision that runs out of time gets: a bot plays it. (Conceding
# would need the engine to end a game for one seat, which no game can.)
TIMEOUTS = ("bot",)

# The wall clock, seconds since the epoch; a test hands the server another.
Now = Callable[[], float]
WALL: Now = time.time


def read_speed(speed: Any, hours: Any, timeout: Any) -> tuple[str, float | None]:
    """The speed and hours a table is asked for, checked; ``TableError`` names a wrong one."""
    if speed is None:
        speed = LIVE
    if speed not in SPEEDS:
        raise TableError("speed: 'live' (everyone at the table together) or 'turns' (over days)")
    if timeout is not None and timeout not in TIMEOUTS:
        raise TableError(
            "timeout: 'bot' (a bot plays the decision that ran out of time); "
            "no game can be conceded by one seat"
        )
    if speed == LIVE:
        if hours is not None:
            raise TableError("turn_hours: only a turn-based table (speed 'turns') has them")
        return LIVE, None
    if not (is_number(hours) and TURN_HOURS_MIN <= hours <= TURN_HOURS_MAX):
        raise TableError(
            f"turn_hours: hours a decision, from {TURN_HOURS_MIN:g} to {TURN_HOURS_MAX:g}"
        )
    return TURNS, float(hours)
