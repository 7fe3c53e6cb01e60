"""Pirates Under Fire's log lines in English: the rules log events, this module words them."""

from __future__ import annotations

from plunder.games.underfire.content import CONTENT


def ship_name(number: int, merc: str) -> str:
    if merc:
        return f"the {CONTENT.mercenaries[merc].title}"
    return f"ship {number} ({CONTENT.ships[number].title})"


def setup(first: int, market: list[str]) -> str:
    titles = ", ".join(CONTENT.mercenaries[m].title for m in market)
    return f"The sea is laid out; seat {first} plays first. Mercenaries for hire: {titles}."


def turn(seat: int, number: int) -> str:
    return f"Seat {seat} begins turn {number}."


def play(seat: int, number: int, at: str) -> str:
    return f"Seat {seat} lays {ship_name(number, '')} on {at}."


def buy(seat: int, merc: str, at: str, cost: int) -> str:
    return f"Seat {seat} hires {ship_name(0, merc)} for {cost} gold and lays it on {at}."


def sunk(at: str, owner: int, why: str) -> str:
    return f"Seat {owner}'s ship on {at} is destroyed ({why})."


def burning(at: str, owner: int, why: str) -> str:
    return f"Seat {owner}'s ship on {at} catches fire ({why})."


def shielded(at: str, owner: int) -> str:
    return f"The shield of seat {owner}'s ship on {at} takes the hit."


def mine_explodes(at: str) -> str:
    return f"A mine explodes on {at}."


def effect(seat: int, words: str) -> str:
    return f"Seat {seat}: {words}."


def no_target(seat: int, words: str) -> str:
    return f"Seat {seat} cannot {words}: nothing to aim at."


def draw(seat: int, number: int | None) -> str:
    if number is None:
        return f"Seat {seat} draws a ship."
    return f"Seat {seat} draws ship {number} ({CONTENT.ships[number].title})."


def reserve(seat: int, number: int | None) -> str:
    if number is None:
        return f"Seat {seat} takes a ship from the reserve."
    return f"Seat {seat} takes ship {number} ({CONTENT.ships[number].title}) from the reserve."


def last_tile(seat: int) -> str:
    return f"Seat {seat} drew the last ship of the draw pile: one turn left."


def stuck(seat: int) -> str:
    return f"Seat {seat} cannot lay any ship and loses at once"


def scores(totals: list[int], winner: int | None, tie_on_gold: bool) -> str:
    shown = ", ".join(f"seat {s}: {v} VP" for s, v in enumerate(totals))
    if winner is None:
        return f"Final scores {shown}; tied on VP and gold, no one wins"
    how = " (more gold breaks the tie)" if tie_on_gold else ""
    return f"Final scores {shown}; seat {winner} wins{how}"
