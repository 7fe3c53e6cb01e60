"""Duel's words in English: the rules log events and open decisions, this module
words them (the log's lines, and each decision's prompt and labels, which every
front end fills in from the catalogue)."""

from __future__ import annotations

import functools

from plunder.engine.words import Ask
from plunder.games.duel.content import CONTENT

ASKS = {
    "shootout": Ask(
        prompt="Your move in shootout {shootout} of duel {duel}: choose a card to play face down.",
        label=(
            "fire a {card.title} at {target|seat}",
            "fire a {card.title} at no one{card.weapon|if}",
            "play the {card.title}",
        ),
    ),
}

_CARDS = {card.name: card for card in CONTENT.cards}


def duel_begins(duel: int, master: int) -> str:
    return f"Duel {duel} begins; seat {master} is the duelling master."


@functools.cache  # a few dozen lines in all, written at every shootout
def play(seat: int, card: str, target: int | None) -> str:
    if target is not None:
        return f"Seat {seat} fires a {card} at seat {target}"
    if _CARDS[card].weapon:
        return f"Seat {seat} fires a {card} at no one"
    if _CARDS[card].returns == "itself":
        return f"Seat {seat} hides behind a {card}"
    return f"Seat {seat} plays {card}"


def reveal(choices: list[tuple[int, str, int | None]]) -> str:
    return "; ".join(play(seat, card, target) for seat, card, target in choices) + "."


# Why a shot hit or missed (R12-R16, R29-R31), by the ``why`` of its ``shot`` event:
# what the target had played, read as the chosen deflection reading reads it.
SHOT_WHY = {
    "shooting": "seat {target} was shooting too, and a pirate who shoots cannot be hit",
    "barricade": "seat {target} hid behind a Barricade, which stops a Colt",
    "reloading": "seat {target} was reloading, and a reloading pirate is hit by anything",
    "through": "a Rifle goes through seat {target}'s Barricade",
    "stops": "seat {target}'s {guard} stops a {weapon}",
    "open": "seat {target}'s {guard} does not stop a {weapon}",
}


@functools.cache  # a few dozen lines in all, written at every shootout
def shot_why(hit: bool, weapon: str, guard: str, reading: str) -> str:
    """The ``why`` of a shot with ``weapon`` at a target that played ``guard``, under
    the deflection ``reading``; where the cards read otherwise (an edited card file),
    what the target's card stops or does not."""
    if guard == "reload" and hit:
        return "reloading"
    if guard == "barricade":
        if hit and weapon == "rifle":
            return "through"
        if not hit and weapon == "colt":
            return "barricade"
    if _CARDS[guard].weapon and not hit and reading == "seed":
        return "shooting"
    return "open" if hit else "stops"


@functools.cache  # a few dozen lines in all, written at every shootout
def shot(seat: int, card: str, target: int, hit: bool, why: str, guard: str) -> str:
    """A shot's line: who fired what at whom, whether it hit, and why."""
    title = _CARDS[card].title
    reason = SHOT_WHY[why].format(target=target, guard=_CARDS[guard].title, weapon=title)
    outcome = "hits" if hit else "misses"
    return f"Seat {seat}'s {title} at seat {target} {outcome}: {reason}."


def hit(seats: list[int]) -> str:
    return "Hit, to the grave: " + ", ".join(f"seat {s}" for s in seats) + "."


def reload(seat: int, cards: int) -> str:
    return f"Seat {seat} reloads: {'1 card' if cards == 1 else f'{cards} cards'} back in hand."


def duel_ends(duel: int, winner: int | None, why: str, dollars: int = 0) -> str:
    if winner is None:
        return f"Duel {duel} ends with no winner ({why}); no one earns."
    return f"Seat {winner} wins duel {duel} ({why}) and earns $1 (now ${dollars})."


LAST_STANDING = "the last one standing"
EVERYONE_HIT = "everyone was hit"


def no_survivor(shootouts: int) -> str:
    return f"no single survivor after {shootouts} shootouts"


# A part of a seat's score in a position set up with dollars already earned.
DOLLARS_BEFORE = "dollars at the start"


def duel_won(duel: int) -> str:
    """A part of a seat's score: the dollar of a duel it won."""
    return f"duel {duel}"


def rich(winner: int, target: int) -> str:
    return f"Seat {winner} has a fistful of dollars (${target})"


def duel_limit(duels: int) -> str:
    return f"The duel limit ({duels}) was reached; the richest win"
