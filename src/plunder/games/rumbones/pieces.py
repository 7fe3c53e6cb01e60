"""Rum & Bones: the parts of a play's state with fields of their own, as records.

Each is a ``@record`` (``plunder.engine.record``): a small mutable dataclass that a
clone copies as cheaply as a list, read by name rather than by position. Their
R-numbers refer to ``docs/rules/rumbones.md``.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, NamedTuple

from plunder.engine import record
from plunder.engine.dice import DicePool
from plunder.games.rumbones.actions import DECKHAND


class Count(NamedTuple):
    """The crew of a side on one zone (``BonesState.crew_in``)."""

    deckhands: int
    bosuns: int

    def of(self, kind: str) -> int:
        """How many models of ``kind`` (a deckhand or a bosun) it holds."""
        return self.deckhands if kind == DECKHAND else self.bosuns


@record
class Hero:
    """A hero in play (R3, R62): its name, the seat that plays it, where it stands
    (``None``: off the board) and what it carries."""

    name: str
    owner: int
    unlocked: list[str]  # the skills it may use (R42)
    zone: str | None = None
    damage: int = 0
    coins: int = 0
    activated: bool = False
    coin: str | None = None  # a dead man's coin: None, "gold" or "dark" (R23)
    overboard: bool = False
    levels: dict[str, int] = field(default_factory=dict)  # skills at level 2 (R43)
    conditions: list[str] = field(default_factory=list)  # at most one of each (R46)
    bled_by: int | None = None  # the hero whose attack made it bleed (R46)
    spent: list[str] = field(default_factory=list)  # reactions used this round (R45)


@record
class Crew:
    """The crew of one side on one zone and one track (R31): ``track`` is the index of
    the side's track (``STRAY``: pushed off every track, they stay where they are),
    ``pos`` the zone's place on it."""

    track: int
    pos: int
    zone: str
    deckhands: int
    bosuns: list[int]  # each bosun's HP left, lowest first

    def order(self) -> tuple[int, int, str, int, list[int]]:
        """Where the group stands in its side's list: by track, then along it."""
        return (self.track, self.pos, self.zone, self.deckhands, self.bosuns)

    @property
    def models(self) -> int:
        return self.deckhands + len(self.bosuns)


@record
class Reserve:
    """A side's crew off the board (R29)."""

    deckhands: int
    bosuns: int

    def add(self, model: str) -> None:
        """One ``model`` (``DECKHAND`` or ``BOSUN``) back off the board."""
        if model == DECKHAND:
            self.deckhands += 1
        else:
            self.bosuns += 1


@record
class Standing:
    """An objective (or, in Clash Royale!, a deck feature) still standing, and the
    damage it has taken (R24, R80)."""

    objective: str
    damage: int


@record
class Monster:
    """A sea monster on the board (R55-R59): the side it fights for, where it is, its
    damage, whether it has activated this round, and the seat that plays it."""

    side: int
    zone: str
    damage: int
    activated: bool
    seat: int


@record
class Kraken:
    """The Kraken while it is up (R53-R56): where it is and its damage."""

    zone: str
    damage: int


@record
class Strike:
    """One crew attack still to make in a crew's activation (R33, R34): a raiding
    model's at the ship it raids (``source`` "raid", ``ship``), or a crew model's
    (``source`` "crew", a ``model`` of the group at ``track``, ``pos`` and ``zone``)."""

    source: str
    ship: str = ""
    track: int = 0
    pos: int = 0
    model: str = ""
    zone: str = ""

    @property
    def raid(self) -> bool:
        return self.source == "raid"


@record
class Attack:
    """An attack under way (R15-R27), from its declaration to its last effect."""

    side: int
    seat: int  # the player who makes its choices (R62)
    zone: str
    hero: int | None
    damage: int
    then: str  # what follows it: ``_after_<then>``
    coins: bool  # whether a KO by it gives coins (never the deck gun's, R37)
    had: bool  # whether enemies stood in its zone as it was declared (R36)
    skill: str
    monster: str
    dice: int
    modifier: int
    who: str
    source: str  # what attacks: a hero, a sea monster, crew, a raid, a deck gun
    to_hit: int
    push: int = 0
    heroes_hit: list[int] = field(default_factory=list)
    # Its dice, from the roll on: as rolled and re-rolled, the hits still to assign
    # once the defenders have reacted (R19, R45), and the re-rolls left (R18).
    pool: DicePool | None = None
    hits: int = 0
    rerolls: int = 0
    # Once it is over: whether it KO'd every enemy model that stood in its zone (R36).
    cleared: bool = False

    def shown(self) -> dict[str, Any]:
        """What a view shows of it."""
        return {"side": self.side, "zone": self.zone, "hero": self.hero, "damage": self.damage,
                "skill": self.skill, "heroes_hit": list(self.heroes_hit), "push": self.push,
                "monster": self.monster, "dice": self.dice, "modifier": self.modifier,
                "to_hit": self.to_hit, "source": self.source}


@record
class Activation:
    """The activation under way, a hero's (R10-R15) or a sea monster's (R55): what it
    may still do and what it has done. Each activation starts a new one; between
    activations the state holds an empty one, so nothing carries over."""

    left: int = 0  # actions left
    mp: int = 0  # movement points of the move under way (R11)
    used: list[str] = field(default_factory=list)  # attack skills and abilities used (R15)
    moves: int = 0  # move actions made (Slow, R46)


@record
class CrewTurn:
    """The crew's activation under way (R28-R37), from its muster to its last
    attack. Each crew activation starts a new one."""

    by: int = 0  # the seat playing it (R66)
    mustered: bool = False  # its deckhands are on the board (R29)
    bosuns_placed: int = 0
    began_near: list[str] = field(default_factory=list)  # zones whose crew may hold (R32)
    advancing: list[tuple[int, int]] = field(default_factory=list)  # groups to move: track, place
    raids: list[str] = field(default_factory=list)  # the raids' attacks to make: the ship raided
    strikes: list[Strike] = field(default_factory=list)  # the crew's attacks still to make
    striking: Strike | None = None  # the crew attack being made
