"""A bot's move shown at a set time, so that how long it thought tells nothing hidden.

How long a bot thinks may hang on what it holds: the searching bot answers a
window at once when passing is all it can do, and searches for its whole time
when it holds a card for it. Whoever timed its moves (a seat at the browser
table, a player at the terminal) would read its hand from them. So the front
ends show a bot's move no sooner than a set time after the decision fell due:
at least the bot's time cap (``time_cap``), whatever this decision took. Only a
bot that thinks past that time (a slow machine) is shown when it is done.

A set time alone is not enough where it can be told from a person's: a move
always shown exactly 0.6 s after its decision fell due is a bot's or an
auto-pass's, never a player's, and a search that overran its cap on a busy
machine would stand out against it. So the browser table adds to it a part
drawn by chance (``drawn_part``), the same for every move no person thought
over (a bot's, the stand-in's, an auto-pass): spread as a quick player's
answers are, and never drawn from anything the table holds.
"""

from __future__ import annotations

import random
import time

# The chance the drawn part comes from: the system's, which no seed reproduces.
CHANCE = random.SystemRandom()
# The drawn part, as a share of the table's pause: a gamma distribution of shape
# 2 and scale 0.35 (mean 0.7: a pause of 0.6 s becomes 0.6 to 2.4 s, about 1 s on
# average, as a quick player answers), cut at 3 times the pause.
SHAPE, SCALE, MOST = 2.0, 0.35, 3.0


def time_cap(bot: object) -> float:
    """The longest ``bot`` searches, if a clock stops it (an ``ismcts`` level: 0.25 s at
    ``easy``, 0.9 s at ``normal``, 4 s at ``hard``), else 0: a bot no clock stops."""
    budget = getattr(bot, "budget", None)
    seconds = getattr(budget, "seconds", None)
    return float(seconds) if seconds else 0.0


def wait_out(fell_due: float, seconds: float) -> None:
    """Sleeps until ``seconds`` have passed since ``fell_due`` (a ``time.monotonic()``)."""
    time.sleep(max(0.0, fell_due + seconds - time.monotonic()))


def drawn_part(pause: float, chance: random.Random = CHANCE) -> float:
    """Seconds added by chance to a ``pause`` before a move no person thought over."""
    return pause * min(MOST, chance.gammavariate(SHAPE, SCALE))
