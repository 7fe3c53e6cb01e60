"""Helpers for Swordplay's tests: set a table, arrange hands and gear, read views.

Play goes through the public protocol (``plunder.load``, ``state.act``,
``state.legal``, ``state.view``, ``state.result``). Arranging a position (which
cards a hand holds, what is ready) moves cards between a side's deck and the
hand or the table, so every card of the deck stays accounted for.
"""

from __future__ import annotations

import functools

import plunder

PAIR = "grady,mako"


@functools.cache
def seed_first(pirates: str, first: int, **options: object) -> int:
    """The first seed at which seat ``first`` wins the roll for the first turn."""
    game = plunder.load("swordplay", players=len(pirates.split(",")), pirates=pirates, **options)
    for seed in range(500):
        if game.new(seed=seed).view(None)["active"] == first:
            return seed
    raise AssertionError(f"no seed lets seat {first} go first")


def new(pirates: str = "vane,finch", first: int = 0, **options: object) -> plunder.State:
    """A game whose seats hold the listed fighters, seat ``first`` to play first."""
    players = len(pirates.split(","))
    game = plunder.load("swordplay", players=players, pirates=pirates, **options)
    return game.new(seed=seed_first(pirates, first, **options))


def _take(state, side: str, card: str) -> None:
    """Take one ``card`` out of the side's deck, its discard pile, or a hand (which
    gets a card of the deck instead)."""
    for pile in (state.decks[side], state.discards[side]):
        if card in pile:
            pile.remove(card)
            return
    for seat, hand in enumerate(state.hands):
        if state.side[seat] == side and card in hand:
            hand.remove(card)
            spare = next(c for c in state.decks[side] if c != card)
            state.decks[side].remove(spare)
            hand.append(spare)
            hand.sort()
            return
    raise AssertionError(f"no {card} left in the {side} deck")


def give(state, seat: int, *cards: str) -> None:
    """``seat``'s hand becomes exactly ``cards``; its old hand goes back into the deck."""
    side = state.side[seat]
    state.decks[side].extend(state.hands[seat])
    state.hands[seat] = []
    for card in cards:
        _take(state, side, card)
    state.hands[seat] = sorted(cards)
    state._legal_cache.clear()


def equip(state, seat: int, *cards: str) -> None:
    """Put ``cards`` (items or a stance) into play for ``seat``, taken from the deck."""
    from plunder.games.swordplay.content import CONTENT

    for card in cards:
        _take(state, state.side[seat], card)
        spec = CONTENT.cards[card]
        if spec.type == "stance":
            state.stance[seat] = card
        elif spec.item == "armor":
            state.armor[seat] = card
        else:
            state.gear[seat].append([card, 0])
    state._legal_cache.clear()


def legal(state, seat: int | None = None) -> list[str]:
    seat = min(state.pending) if seat is None else seat
    return [str(a) for a in state.legal(seat)]


def row(state, seat: int, viewer: int | None = None) -> dict:
    return state.view(seat if viewer is None else viewer, log=False)["fighters"][seat]


def kind(state) -> str | None:
    frame = state.view(None, log=False)["decision"]
    return None if frame is None else frame["kind"]


def attack(state, notation: str, discard: str = "pass") -> None:
    """The active seat passes its discard and ready phases and makes ``notation``."""
    seat = state.view(None, log=False)["active"]
    state.act(seat, discard)
    state.act(seat, "pass")
    state.act(seat, notation)


def log_types(state, seat: int | None = None) -> list[str]:
    return [e["type"] for e in state.view(seat)["log"]]
