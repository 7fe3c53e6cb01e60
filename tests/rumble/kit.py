"""Helpers for Pirate Rumble's tests: set a table, play rounds, read the public views.

Everything goes through the public protocol (``plunder.load``, ``state.act``,
``state.legal``, ``state.view``, ``state.result``). A round is written as
``{seat: notation}``; searchers' reaches, when the rules ask for them, as a second
dict.
"""

from __future__ import annotations

import functools

import plunder


def new(pirates: str, seed: int = 1, **options: object) -> plunder.State:
    """A game whose seats hold the listed pirates, in seat order."""
    players = len(pirates.split(","))
    return plunder.load("rumble", players=players, pirates=pirates, **options).new(seed=seed)


@functools.cache
def seed_with(pirates: str, *cards: str, **options: object) -> int:
    """The first seed whose golden card area starts with ``cards`` (slot 0 first)."""
    game = plunder.load("rumble", players=len(pirates.split(",")), pirates=pirates, **options)
    for seed in range(5000):
        if game.new(seed=seed).view(None)["area"][: len(cards)] == list(cards):
            return seed
    raise AssertionError(f"no seed deals {cards} face up")


def new_with(pirates: str, *cards: str, **options: object) -> plunder.State:
    """A game whose golden card area starts with ``cards`` (slot 0 first)."""
    return new(pirates, seed_with(pirates, *cards, **options), **options)


def play(state: plunder.State, plays: dict[int, str], reaches: dict[int, str] | None = None):
    """Play one round: every living seat's card, then the reaches if the rules ask for them."""
    assert set(plays) == set(state.pending), f"the round needs a card from {state.pending}"
    for seat, notation in plays.items():
        state.act(seat, notation)
    if reaches is not None:
        assert set(reaches) == set(state.pending), f"the reach needs {state.pending}"
        for seat, notation in reaches.items():
            state.act(seat, notation)


def row(state: plunder.State, seat: int, viewer: int | None = None) -> dict:
    """A seat's row of the table as ``viewer`` sees it (default: the seat itself)."""
    return state.view(seat if viewer is None else viewer, log=False)["players"][seat]


def health(state: plunder.State, seat: int) -> int:
    """A seat's health, read from its own view."""
    return row(state, seat)["health"]


def bullets(state: plunder.State, seat: int) -> int:
    """A seat's bullets (Qi-Gong tokens for Zheng Zhilong), read from its own view."""
    return row(state, seat)["bullets"]


def counts(state: plunder.State) -> list[tuple[int, int]]:
    """Every seat's (health, bullets), each read from that seat's own view."""
    return [(health(state, s), bullets(state, s)) for s in range(state.game.players)]


def alive(state: plunder.State) -> list[bool]:
    return [p["alive"] for p in state.view(None, log=False)["players"]]


def legal(state: plunder.State, seat: int) -> list[str]:
    return [str(a) for a in state.legal(seat)]


def log(state: plunder.State, kind: str, viewer: int | None = None) -> list[dict]:
    """The events of one type in ``viewer``'s log (default: a spectator's)."""
    return [e for e in state.view(viewer)["log"] if e["type"] == kind]


def last_round(state: plunder.State, viewer: int | None = None) -> list[dict]:
    """The events since the latest reveal, as ``viewer`` sees them."""
    events = state.view(viewer)["log"]
    start = max(i for i, e in enumerate(events) if e["type"] == "reveal")
    return events[start:]


def damage(state: plunder.State) -> dict[int, int]:
    """Damage dealt in the latest round, per seat, read from the public log."""
    return {e["seat"]: e["amount"] for e in last_round(state) if e["type"] == "damage"}
