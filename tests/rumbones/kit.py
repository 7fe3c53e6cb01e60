"""Helpers for Rum & Bones tests: set a position, then act through the public API.

A position is set by editing the state (where models stand, whose turn it is),
as a player setting up a scenario would; everything after that goes through
``legal``, ``act``, ``view`` and the events.
"""

from __future__ import annotations

import random
from typing import Any

import plunder
from plunder.engine.frame import Frame
from plunder.games.rumbones.content import CONTENT
from plunder.games.rumbones.pieces import Standing
from plunder.games.rumbones.rules import BonesState

# Seat 0 leads the Deep Sea Lords (heroes 0-2), seat 1 the Marea (heroes 3-5).
HEROES = "carcharius,ishmael,nerissa;calavera,demarco,hueso"
# Two against two (seats 0 and 2 against 1 and 3): the heroes are taken by the team's
# players in turn, so seat 0 controls heroes 0 and 2, seat 2 heroes 1 and 3, seat 1
# heroes 4 and 6, seat 3 heroes 5 and 7.
HEROES_4 = "carcharius,ishmael,nerissa,barnacle;calavera,demarco,hueso,polvora"
# Two against one (seats 0 and 2 against 1): seat 0 controls heroes 0 and 2, seat 2
# hero 1 and the crew; seat 1 heroes 3 to 5 and its crew.
HEROES_3 = HEROES
# Three against three: seat 0 heroes 0 and 3, seat 2 heroes 1 and 4, seat 4 hero 2 and
# the crew; seat 1 heroes 5 and 8, seat 3 heroes 6 and 9, seat 5 hero 7 and the crew.
HEROES_6 = ("carcharius,ishmael,nerissa,barnacle,oona;"
            "calavera,demarco,hueso,polvora,ceniza")


def new(seed: int = 1, heroes: str = HEROES, **options: Any) -> BonesState:
    state = plunder.load("rumbones", heroes=heroes, **options).new(seed=seed)
    assert isinstance(state, BonesState)
    return state


def empty(seed: int = 1, **options: Any) -> BonesState:
    """A game at its first turn with no crew, no objectives, no hero on the board and
    no Tide card in hand (so no Tide window opens unless a test deals one), side 0 to
    play."""
    state = new(seed, **options)
    state.crew = [[], []]
    state.objectives = [{}, {}]
    for seat in range(state.players):
        state.deck[state.seat_side(seat)] += state.hand[seat]
        state.hand[seat] = []
    turn(state, 0)
    return state


def turn(state: BonesState, side: int) -> BonesState:
    """Give ``side`` the turn (a fresh ``turn`` decision)."""
    state.side = side
    state._ask_turn()
    state._open_step()
    return state


def place(state: BonesState, hero: int, zone: str | None) -> None:
    state.heroes[hero].zone = zone
    state._legal_cache.clear()


def crew(state: BonesState, side: int, zone: str, deckhands: int = 0, bosuns: int = 0) -> None:
    """Put crew of ``side`` on ``zone`` (a zone on one of its tracks)."""
    hp = CONTENT.factions[state.factions[side]].bosun_hp
    state._place_crew(side, zone, deckhands, [hp] * bosuns)
    state._legal_cache.clear()


def objective(state: BonesState, side: int, zone: str, name: str, damage: int = 0) -> None:
    state.objectives[side][zone] = Standing(name, damage)
    state._legal_cache.clear()


def activate(state: BonesState, hero: int, deploy: str | None = None) -> None:
    """Activate ``hero`` (its side must have the turn), deploying it on ``deploy``: its
    player answers the side's turn, and deploys it."""
    seat = state.heroes[hero].owner
    state.act(seat, f"hero:{hero}")
    if deploy is not None:
        state.act(seat, f"deploy>{deploy}")


def play(state: BonesState, side: int, *moves: str) -> None:
    for move in moves:
        state.act(side, move)


def legal(state: BonesState, seat: int) -> list[str]:
    return [str(a) for a in state.legal(seat)]


def kinds(state: BonesState, since: int) -> list[str]:
    return [e["type"] for e in state.events(None, since)]


def rolls_for(state: BonesState, *faces: int) -> None:
    """Make the state's next dice come up ``faces`` (a loaded die for a scenario)."""
    queue = list(faces)
    real = state.rng.randint

    def loaded(low: int, high: int) -> int:
        return queue.pop(0) if queue else real(low, high)

    state.rng = _Loaded(state.rng, loaded)


class _Loaded(random.Random):
    """A generator whose ``randint`` is given; everything else as the wrapped one."""

    def __init__(self, wrapped: random.Random, randint: Any) -> None:
        super().__init__()
        self.setstate(wrapped.getstate())
        self._randint = randint

    def randint(self, a: int, b: int) -> int:  # type: ignore[override]
        return self._randint(a, b)


def decision(state: BonesState) -> dict[str, Any]:
    frame = state.view(None, log=False)["decision"]
    assert frame is not None
    return frame


__all__ = ["Frame"]
