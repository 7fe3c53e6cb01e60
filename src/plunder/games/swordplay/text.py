"""Swordplay's log lines in English: the rules log events, this module words them."""

from __future__ import annotations

from plunder.games.swordplay.content import CONTENT


def _title(card: str) -> str:
    return CONTENT.cards[card].title


def _who(seat: int, fighter: str) -> str:
    return f"Seat {seat} ({CONTENT.fighters[fighter].short})"


def setup(fighters: list[str]) -> str:
    return "Fighters: " + ", ".join(
        f"seat {s} {CONTENT.fighters[f].title}" for s, f in enumerate(fighters)
    ) + "."


def first(seat: int, fighter: str) -> str:
    return f"{_who(seat, fighter)} rolled highest and goes first."


def tie(seats: list[int]) -> str:
    return "Tie for the highest roll: seats " + ", ".join(map(str, seats)) + " roll again."


def turn(number: int, seat: int, fighter: str) -> str:
    return f"Turn {number}: {_who(seat, fighter)}."


def discard(seat: int, card: str) -> str:
    return f"Seat {seat} discards {_title(card)}."


def draw(seat: int, count: int) -> str:
    return f"Seat {seat} draws {count} card{'s' if count != 1 else ''}."


def reshuffle(side: str) -> str:
    return f"The {CONTENT.decks[side].title} runs out: its discard pile is shuffled into it."


def ready(seat: int, card: str) -> str:
    return f"Seat {seat} readies {_title(card)}."


def drop(seat: int, card: str) -> str:
    return f"Seat {seat} drops {_title(card)}."


def replaced(seat: int, card: str) -> str:
    return f"Seat {seat}'s {_title(card)} is discarded for the new one."


def attack(seat: int, card: str, target: int, damage: int, counter: bool) -> str:
    what = "counter-attacks" if counter else "attacks"
    return f"Seat {seat} {what} seat {target} with {_title(card)} ({damage} damage)."


def defend(seat: int, card: str) -> str:
    return f"Seat {seat} answers with {_title(card)}: countered."


def guard(seat: int, card: str, worn_out: bool) -> str:
    tail = f"; the {_title(card)} is used up" if worn_out else ""
    return f"Seat {seat} counters with the ready {_title(card)}{tail}."


def hit(seat: int, armor: int, life: int, left: int) -> str:
    parts = []
    if armor:
        parts.append(f"{armor} to armor")
    parts.append(f"{life} to life")
    return f"Seat {seat} is hit: {', '.join(parts)} ({left} life left)."


def armor_gone(seat: int, card: str) -> str:
    return f"Seat {seat}'s {_title(card)} has taken all it can and is discarded."


def breaks(seat: int, card: str) -> str:
    return f"Seat {seat}'s {_title(card)} breaks."


def holds(seat: int, card: str) -> str:
    return f"Seat {seat}'s {_title(card)} holds."


def defeated(seat: int, fighter: str) -> str:
    return f"{_who(seat, fighter)} is defeated."


def winner(seat: int, fighter: str) -> str:
    return f"{_who(seat, fighter)} is the last one standing and wins the bounty"


def turn_limit(turns: int) -> str:
    return f"The turn limit ({turns}) was reached with more than one fighter standing; no winner"
