"""Who sits on which side, and what each player of a side controls.

Rum & Bones is played by two sides. With 2 players each side is one player; with
3 to 6 the players form two teams (2 against 1, 2 against 2, 3 against 2, 3
against 3), and the rules summary says how a team shares its side: how many
heroes each player controls, who controls the crew, how many Tide cards each
holds or whether a captain holds them for the team (``teams.toml``). In Clash
Royale! every player is a side of their own, with 1 or 2 heroes and nothing
else. A ``Seating`` is worked out once from a game's options; the state reads
it and never asks how many play.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from plunder.games.rumbones.content import CONTENT, Split

# How the players of a team sit (option ``teams``).
ALTERNATE, TOGETHER = "alternate", "together"


@dataclass(frozen=True)
class Seating:
    """The sides of one game and what each seat controls."""

    sides: tuple[tuple[int, ...], ...]  # the seats of each side, in the order they sit
    side_of: tuple[int, ...]  # each seat's side
    shares: tuple[int, ...]  # how many heroes each seat controls
    crew: tuple[int | None, ...]  # per side: the seat controlling its crew (None: the team)
    tide: tuple[int, ...]  # per seat: the Tide cards it holds at most (without a captain)
    captain: tuple[int, ...]  # per side: the captain's hand, where a captain holds the Tide

    def heroes(self, side: int) -> int:
        """How many heroes ``side`` fields."""
        return sum(self.shares[seat] for seat in self.sides[side])

    @functools.cached_property
    def firsts(self) -> tuple[int, ...]:
        """Each side's first hero, by number: the sides' heroes are numbered in turn
        (asked constantly: worked out once)."""
        return tuple(sum(self.heroes(s) for s in range(side)) for side in range(len(self.sides)))

    @property
    def hero_count(self) -> int:
        return sum(self.shares)

    def pickers(self, side: int) -> tuple[int, ...]:
        """Which seat of ``side`` takes each of its heroes, in order: the side's
        players in turn, each until it has its share (2, 1 gives A, B, A)."""
        order = []
        for turn in range(max(self.shares[seat] for seat in self.sides[side])):
            order += [seat for seat in self.sides[side] if self.shares[seat] > turn]
        return tuple(order)

    @property
    def has_teams(self) -> bool:
        return any(len(seats) > 1 for seats in self.sides)


def team_seats(players: int, teams: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The two teams' seats: taking turns around the table (``alternate``: seats 0,
    2, 4 against 1, 3, 5) or side by side (``together``: the first half against the
    second); side 0 is the larger team when the count is odd."""
    if teams == ALTERNATE:
        return tuple(range(0, players, 2)), tuple(range(1, players, 2))
    half = (players + 1) // 2
    return tuple(range(half)), tuple(range(half, players))


@functools.cache
def battle(players: int, teams: str) -> Seating:
    """Two sides, shared as the summary says for ``players`` at the table (worked out
    once for each)."""
    sides = team_seats(players, teams)
    splits = [_split(players, len(seats)) for seats in sides]
    shares = [0] * players
    tide = [0] * players
    crew: list[int | None] = []
    for seats, split in zip(sides, splits, strict=True):
        for index, seat in enumerate(seats):
            shares[seat] = split.heroes[index]
            tide[seat] = split.tide[index] if split.tide else 0
        crew.append(seats[split.crew - 1] if split.crew else None)
    side_of = [0] * players
    for side, seats in enumerate(sides):
        for seat in seats:
            side_of[seat] = side
    return Seating(sides, tuple(side_of), tuple(shares), tuple(crew), tuple(tide),
                   tuple(split.captain for split in splits))


@functools.cache
def clash(players: int, heroes: int) -> Seating:
    """Clash Royale!: every seat a side of its own, with ``heroes`` heroes; no crew,
    no Tide."""
    seats = tuple((seat,) for seat in range(players))
    return Seating(seats, tuple(range(players)), (heroes,) * players,
                   tuple(range(players)), (0,) * players, (0,) * players)


def _split(players: int, team: int) -> Split:
    for split in CONTENT.splits.values():
        if split.players == players and split.team == team:
            return split
    raise LookupError(f"teams.toml has no split for a team of {team} at {players} players")
