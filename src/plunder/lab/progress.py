"""Progress of a lab run as lines of text, for output that is not a terminal.

A run sent to a file or a pipe shows no progress bar; without these lines it would
be silent for as long as it runs. ``ProgressLines`` writes a line every ``every``
games (a twentieth of the run, at most ``MOST_GAMES_APART`` games apart) with the
games done, the rate and an estimate of the time left, and one when the last game
ends.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

# Games between two lines at most, however long the run: at a game or two a second
# a line comes every minute or so.
MOST_GAMES_APART = 50
# Lines per run at least (one every 5% of the games), for a short run.
LINES = 20


def every(total: int) -> int:
    """Games between two lines of a run of ``total`` games.

    >>> every(10), every(200), every(1000), every(100_000)
    (1, 10, 50, 50)
    """
    return max(1, min(MOST_GAMES_APART, math.ceil(total / LINES)))


def duration(seconds: float) -> str:
    """A time as people say it, to the second.

    >>> duration(4.2), duration(75), duration(3725)
    ('4 s', '1 min 15 s', '1 h 2 min')
    """
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60} s"
    return f"{whole // 3600} h {whole % 3600 // 60} min"


def line(done: int, total: int, elapsed: float, what: str = "") -> str:
    """One line of progress: games done, rate and time left at the rate so far.

    >>> line(150, 1000, 60.0, "toy")
    'toy: 150/1,000 games (15%), 2.5 games/s, about 5 min 40 s left'
    >>> line(1000, 1000, 400.0)
    '1,000/1,000 games (100%), 2.5 games/s, done in 6 min 40 s'
    """
    rate = done / elapsed if elapsed > 0 else 0.0
    head = f"{what}: " if what else ""
    out = f"{head}{done:,}/{total:,} games ({done / total:.0%}), {rate:,.1f} games/s"
    if done >= total:
        return f"{out}, done in {duration(elapsed)}"
    if rate <= 0:
        return out
    return f"{out}, about {duration((total - done) / rate)} left"


class ProgressLines:
    """Calls ``write`` with a line each time the games done pass a multiple of
    ``every(total)``, and when the last game ends (games end in batches, so a batch
    that passes several multiples gives one line)."""

    def __init__(self, total: int, write: Callable[[str], None], what: str = "",
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.total = total
        self.write = write
        self.what = what
        self.clock = clock
        self.started = clock()
        self.step = every(total)
        self.shown = 0

    def __call__(self, done: int, total: int | None = None) -> None:
        if done // self.step > self.shown // self.step or (done >= self.total > self.shown):
            self.shown = done
            self.write(line(done, self.total, self.clock() - self.started, self.what))


__all__ = ["LINES", "MOST_GAMES_APART", "ProgressLines", "duration", "every", "line"]
