"""A bot's move shown at a set time, so that how long it thought tells nothing hidden.

How long a bot thinks may hang on what it holds: the searching bot answers a
window at once when passing is all it can do, and searches for its whole time
when it holds a card for it. Whoever timed its moves (a seat at the browser
table, a player at the terminal) would read its hand from them. So the front
ends show a bot's move no sooner than a set time after the decision fell due:
at least the bot's time cap (``time_cap``), whatever this decision took. Only a
bot that thinks past that time (a slow machine) is shown when it is done.
"""

from __future__ import annotations

import time


def time_cap(bot: object) -> float:
    """The longest ``bot`` searches, if a clock stops it (an ``ismcts`` level: 0.25 s at
    ``easy``, 0.9 s at ``normal``, 4 s at ``hard``), else 0: a bot no clock stops."""
    budget = getattr(bot, "budget", None)
    seconds = getattr(budget, "seconds", None)
    return float(seconds) if seconds else 0.0


def wait_out(fell_due: float, seconds: float) -> None:
    """Sleeps until ``seconds`` have passed since ``fell_due`` (a ``time.monotonic()``)."""
    time.sleep(max(0.0, fell_due + seconds - time.monotonic()))
