"""Pirates Under Fire's sea: a 7 x 6 grid of named spaces, and how a ship lies on it.

Shared by the effects (lines of sight) and the rules; it knows no content.
"""

from __future__ import annotations

COLUMNS, ROWS, HALF = 7, 6, 3
LETTERS = "abcdefg"
SPACES = tuple(f"{LETTERS[i % COLUMNS]}{i // COLUMNS + 1}" for i in range(COLUMNS * ROWS))
INDEX = {name: i for i, name in enumerate(SPACES)}
# A ship on the sea: [owner, number (0 for a mercenary), mercenary id, burning, shielded].
OWNER, NUMBER, MERC, BURNING, SHIELD = range(5)


def neighbours(index: int) -> list[int]:
    row, col = divmod(index, COLUMNS)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, col + dc
        if 0 <= r < ROWS and 0 <= c < COLUMNS:
            out.append(r * COLUMNS + c)
    return out


NEIGHBOURS = tuple(tuple(neighbours(i)) for i in range(COLUMNS * ROWS))


def half_of(index: int) -> int:
    """R4: seat 0's half is rows 1-3, seat 1's rows 4-6."""
    return 0 if index // COLUMNS < HALF else 1


def first_row(seat: int) -> range:
    row = 0 if seat == 0 else ROWS - 1
    return range(row * COLUMNS, row * COLUMNS + COLUMNS)
