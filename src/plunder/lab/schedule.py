"""Who sits where in each game of a study, and which seed each game is dealt.

A *line-up* is the bots at one table: the ``--bots`` list cycled to fill the seats
when it has no more entries than seats (``greedy,random`` at four seats is two of
each), or, with more bots than seats, every choice of as many bots as seats (a
round-robin over line-ups, the games shared out evenly).

The *arrangements* of a line-up are its distinct seatings. The schedule plays
them in rotation groups: an arrangement followed by its rotations by one seat, so
after each whole group every bot has sat in every seat equally often. When a
line-up has at most ``EXHAUSTIVE_LIMIT`` arrangements the groups cover them all
(exhaustive rotation); otherwise each group starts from an arrangement drawn at
random from the study's seed (a balanced random schedule).

A game whose options seat its sides (``Game.side_rotation``: the faction each seat
leads, say) has each seating played once under each of those settings, so every
side sits in every seat, and meets every bot, equally often: a rotation group is
then its seatings times the settings. With ``mirror`` the games of a group are dealt the
same seed, so each deal is played with the bots and the sides in every seat, and
a deal's luck cancels out of the comparison of bots, seats and sides.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

# Line-ups with more distinct seatings than this get a balanced random schedule.
EXHAUSTIVE_LIMIT = 120


@dataclass(frozen=True)
class Slot:
    """One scheduled game: its place in the study, its seed, its line-up and who sits where."""

    index: int
    seed: int
    lineup: int
    bots: tuple[str, ...]
    keep: bool = False  # whether the game's moves come back with its record
    # Options this game sets on top of the study's: its setting of the sides.
    options: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Schedule:
    """Every game of a study, in order, and how it was made."""

    slots: tuple[Slot, ...]
    lineups: tuple[tuple[str, ...], ...]
    kind: str  # "exhaustive" or "balanced random"
    mirror: bool
    # The settings of the sides each seating is played under (none: the game's own).
    sides: tuple[tuple[tuple[str, Any], ...], ...] = ()

    @property
    def balanced(self) -> bool:
        """Whether each bot sat in each seat equally often, under each setting of the
        sides equally often (the games fill whole rotation groups)."""
        seats: dict[str, Counter[tuple[int, tuple[tuple[str, Any], ...]]]] = {}
        for slot in self.slots:
            for seat, bot in enumerate(slot.bots):
                seats.setdefault(bot, Counter())[seat, slot.options] += 1
        players = len(self.lineups[0])
        settings = self.sides or ((),)
        return all(
            len({counts[seat, setting] for seat in range(players) for setting in settings}) == 1
            for counts in seats.values()
        )

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "lineups": [list(lineup) for lineup in self.lineups],
            "mirror": self.mirror,
            "balanced": self.balanced,
            "sides": [dict(setting) for setting in self.sides] if self.sides else None,
        }


def lineups(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The line-ups of a study.

    >>> lineups(["greedy", "random"], 4)
    [('greedy', 'random', 'greedy', 'random')]
    >>> lineups(["a", "b", "c"], 2)
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    """
    if not bots:
        raise ValueError("a study needs at least one bot")
    if len(bots) <= players:
        return [tuple(bots[seat % len(bots)] for seat in range(players))]
    return list(itertools.combinations(bots, players))


def arrangement_count(lineup: Sequence[str]) -> int:
    """How many distinct seatings a line-up has (a multiset's permutations).

    >>> arrangement_count(["g", "r", "g", "r"]), arrangement_count("abcd")
    (6, 24)
    """
    count = math.factorial(len(lineup))
    for repeats in Counter(lineup).values():
        count //= math.factorial(repeats)
    return count


def rotations(seating: Sequence[str]) -> list[tuple[str, ...]]:
    """A seating and its distinct rotations by one seat, in order.

    >>> rotations("abc")
    [('a', 'b', 'c'), ('b', 'c', 'a'), ('c', 'a', 'b')]
    >>> rotations("abab")
    [('a', 'b', 'a', 'b'), ('b', 'a', 'b', 'a')]
    """
    out: list[tuple[str, ...]] = []
    for shift in range(len(seating)):
        turned = tuple(seating[shift:]) + tuple(seating[:shift])
        if turned in out:
            break
        out.append(turned)
    return out


def exhaustive_groups(lineup: Sequence[str]) -> list[list[tuple[str, ...]]]:
    """Every distinct seating of ``lineup``, as rotation groups.

    >>> for group in exhaustive_groups("abc"):
    ...     print(group)
    [('a', 'b', 'c'), ('b', 'c', 'a'), ('c', 'a', 'b')]
    [('a', 'c', 'b'), ('c', 'b', 'a'), ('b', 'a', 'c')]
    """
    seen: set[tuple[str, ...]] = set()
    groups = []
    for seating in sorted(set(itertools.permutations(lineup)), key=_first_order(lineup)):
        if seating not in seen:
            group = rotations(seating)
            seen.update(group)
            groups.append(group)
    return groups


def _first_order(lineup: Sequence[str]) -> Callable[[Sequence[str]], list[int]]:
    # Seatings in the order of the line-up's own entries, so the line-up as given comes first.
    rank = {name: lineup.index(name) for name in lineup}
    return lambda seating: [rank[name] for name in seating]


def make_schedule(
    bots: Sequence[str],
    players: int,
    games: int,
    seed: int,
    mirror: bool = False,
    sides: Sequence[Mapping[str, Any]] = (),
) -> Schedule:
    """The games of a study: ``games`` in all, shared evenly among the line-ups; with
    ``sides`` (settings of the game's options), each seating under each setting in turn.

    >>> found = make_schedule(["g"], 2, 4, 10, mirror=True, sides=[{"s": "x"}, {"s": "y"}])
    >>> [(slot.seed, slot.bots, dict(slot.options)) for slot in found.slots][:3]
    [(10, ('g', 'g'), {'s': 'x'}), (10, ('g', 'g'), {'s': 'y'}), (11, ('g', 'g'), {'s': 'x'})]
    """
    if games < 1:
        raise ValueError("a study needs at least one game")
    settings = tuple(tuple(sorted(setting.items())) for setting in sides)
    tables = lineups(bots, players)
    slots: list[Slot] = []
    kinds = set()
    group_number = 0
    for number, lineup in enumerate(tables):
        count = games // len(tables) + (1 if number < games % len(tables) else 0)
        exhaustive = arrangement_count(lineup) <= EXHAUSTIVE_LIMIT
        kinds.add("exhaustive" if exhaustive else "balanced random")
        groups = exhaustive_groups(lineup) if exhaustive else None
        played = 0
        for made in itertools.count():
            if played >= count:
                break
            if groups is not None:
                group = groups[made % len(groups)]
            else:
                drawn = list(lineup)
                random.Random(f"plunder-lab:{seed}:{number}:{made}").shuffle(drawn)
                group = rotations(drawn)
            games_of_group = [(seating, setting) for seating in group
                              for setting in settings or ((),)]
            for seating, setting in games_of_group[: count - played]:
                index = len(slots)
                game_seed = seed + (group_number if mirror else index)
                slots.append(Slot(index, game_seed, number, seating, options=setting))
                played += 1
            group_number += 1
    kind = kinds.pop() if len(kinds) == 1 else "mixed"
    return Schedule(tuple(slots), tuple(tables), kind, mirror, settings)


__all__ = [
    "EXHAUSTIVE_LIMIT",
    "Schedule",
    "Slot",
    "arrangement_count",
    "exhaustive_groups",
    "lineups",
    "make_schedule",
    "rotations",
]
