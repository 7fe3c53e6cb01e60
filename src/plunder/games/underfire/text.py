"""Pirates Under Fire's log lines in English: the rules log events, this module words them.

Every line speaks of the seats in the third person ("Seat 1 gains 2 gold"), as a
log read by players and spectators alike. The words of an effect are kept here by
the name the rules register it under (``effects.py``); the content's texts, in the
second person, are what a tile or a space says to its player.
"""

from __future__ import annotations

from plunder.games.underfire.content import CONTENT

# What a seat does when an aimed effect lands on a space, by the target decision's verb.
AIMED = {
    "fire": "fires on the ship on {at}",
    "mine": "lays a mine on {at}",
    "shield": "puts a shield on the ship on {at}",
    "repair": "repairs the ship on {at}: it is active again",
}
# An aimed effect that finds nothing to aim at, by the effect's name.
MISSED = {
    "line": "shot along the row and the column finds no enemy ship in plain sight",
    "diagonal": "shot along the diagonals finds no enemy ship in plain sight",
    "mine": "mine finds no space without a ship",
    "shield": "shield finds no active ship without one",
    "repair": "repair finds no burning ship",
}
# Why a target was refused, by the effect's name (the targets follow).
OFF_TARGET = {
    "line": "a shot along the row or the column hits the first ship met in a direction, "
            "when it is the enemy's",
    "diagonal": "a shot along a diagonal hits the first ship met in a direction, "
                "when it is the enemy's",
    "mine": "a mine is laid on, or lifted from, a space without a ship",
    "shield": "a shield goes on one of the seat's active ships that has none",
    "repair": "a repair turns back one of the seat's burning ships",
}


def plural(count: int, word: str) -> str:
    """``1 ship``, ``2 ships``.

    >>> plural(1, "VP token"), plural(2, "VP token")
    ('1 VP token', '2 VP tokens')
    """
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


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


def effect(seat: int, name: str, amount: int) -> str:
    """An effect that applies at once and needs no more words than its amount."""
    if name == "gold":
        return f"Seat {seat} gains {amount} gold."
    if name == "vp":
        return f"Seat {seat} takes {plural(amount, 'VP token')}."
    return f"Seat {seat}'s {name} effect applies."


def hand_limit(seat: int, limit: int, amount: int, most: int) -> str:
    if limit >= most:
        return f"Seat {seat}'s hand limit is already {most}, its most."
    return f"Seat {seat} raises the hand limit to {min(most, limit + amount)}."


def from_reserve(seat: int, count: int, why: str, limit: int) -> str:
    """``count`` ships come from the reserve; none: because it is ``empty`` or the hand
    is ``full`` (at its limit, under the rule that every turn draws)."""
    if count:
        return f"Seat {seat} takes {'a ship' if count == 1 else plural(count, 'ship')} " \
               "from the reserve."
    if why == "empty":
        return f"Seat {seat}'s reserve is empty: no ship comes from it."
    return f"Seat {seat}'s hand is at its limit ({limit}): no ship comes from the reserve."


def aimed(seat: int, verb: str, at: str, lifted: bool = False) -> str:
    if lifted:
        return f"Seat {seat} lifts the mine on {at}."
    words = AIMED.get(verb, verb + " on {at}")
    return f"Seat {seat} {words.format(at=at)}."


def no_target(seat: int, name: str) -> str:
    what = MISSED.get(name, f"{name} finds nothing to aim at")
    return f"Seat {seat}'s {what}."


def draw(seat: int, number: int | None) -> str:
    if number is None:
        return f"Seat {seat} draws a ship."
    return f"Seat {seat} draws ship {number} ({CONTENT.ships[number].title})."


def reserve(seat: int, number: int) -> str:
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
