"""Pirates Under Fire in English: the rules log events, open decisions and refuse actions,
this module words them (each decision's prompt and labels are filled in by the front ends).

Every line speaks of the seats in the third person ("Seat 1 gains 2 gold"), as a
log read by players and spectators alike; so does a refusal, which ends on the
rule the rules found broken. The words of an effect are kept here by the name the
rules register it under (``effects.py``); the content's texts, in the second
person, are what a tile or a space says to its player.
"""

from __future__ import annotations

from plunder.engine.words import Ask
from plunder.games.underfire.content import CONTENT

ASKS = {
    "turn": Ask(
        prompt="Your turn: lay a ship from your hand or hire a mercenary, each on a space; "
        "or end the turn once a ship is laid.",
        by="verb",
        labels={
            "play": "lay ship {ship} ({ship.title}) on {at}",
            "buy": "hire {merc.title} on {at}",
            "end": "end the turn",
        },
    ),
    "order": Ask(
        prompt="Which effect first at {at}: the space's or the ship's?",
        label="apply the {at}'s effect first",
    ),
    "target": Ask(
        prompt="Aim: {effect.text}.",
        by="verb",
        labels={
            "fire": "fire on the ship on {at}",
            "mine": "lay or lift a mine on {at}",
            "shield": "put a shield on the ship on {at}",
            "repair": "repair the ship on {at}",
        },
        label="{verb} at {at}",
    ),
}

# What a seat does when an aimed effect lands on a space, by the target decision's verb.
AIMED = {
    "fire": "fires on the ship on {at}",
    "mine": "lays a mine on {at}",
    "shield": "puts a shield on the ship on {at}",
    "repair": "repairs the ship on {at}: it is active again",
}
# An aimed effect that finds nothing to aim at, by the effect's name.
# Why a shot did no harm: nothing to aim at in plain sight, or a shield took it (R24, R27).
NO_TARGET = "nothing to aim at"
SHIELD_TOOK_IT = "a shield took the hit"
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


def scoring(parts: list[dict[str, int]]) -> str:
    """The count before the final line: each seat's VP by source (R33-R40); the final
    line (the game's end) then says who won."""
    def seat_parts(seat: int, part: dict[str, int]) -> str:
        sources = ", ".join(f"{name} {vp}" for name, vp in part.items() if name != "total")
        return f"seat {seat} {part['total']} VP ({sources})"

    return "The VP are counted: " + "; ".join(seat_parts(s, p) for s, p in enumerate(parts))


def scores(totals: list[int], winner: int | None, tie_on_gold: bool) -> str:
    shown = ", ".join(f"seat {s}: {v} VP" for s, v in enumerate(totals))
    if winner is None:
        return f"Final scores {shown}; tied on VP and gold, no one wins"
    how = " (more gold breaks the tie)" if tie_on_gold else ""
    return f"Final scores {shown}; seat {winner} wins{how}"


# ------------------------------------------------------------ refusals
# Why an action is refused: the rules pick the sentence and give the facts, and the
# rule broken (``rule``, e.g. "R10") that the sentence ends on.


def not_ours(action: object) -> str:
    """An action of another game."""
    return f"{action!r} is not a Pirates Under Fire action"


def order_first(rule: str) -> str:
    """Two effects wait to be ordered, and the action is not ``first:``."""
    return f"first choose which effect applies first: first:space or first:ship ({rule})"


def nothing_to_order(rule: str) -> str:
    """``first:`` with no two effects waiting."""
    return f"no two effects wait to be ordered now ({rule})"


def nothing_aims(verb: str) -> str:
    """An aimed action (``verb@SPACE``) with no effect aiming."""
    return f"no effect is aiming now: {verb}@SPACE answers an effect that aims"


def end_before_laying(rule: str) -> str:
    """``end`` before the turn's ship is laid."""
    return f"a turn ends only once its ship is laid (the main action, {rule})"


def laid_already(seat: int, rule: str) -> str:
    """A second ship in one turn."""
    return f"seat {seat} has laid this turn's ship already ({rule})"


def not_held(seat: int, number: int, hand: list[int], rule: str) -> str:
    """Ship ``number`` is not in ``seat``'s ``hand``."""
    held = ", ".join(str(n) for n in hand) or "none"
    return (f"seat {seat} holds no ship {number} "
            f"({CONTENT.ships[number].title}); her hand: {held} ({rule})")


def hired_already(seat: int, rule: str) -> str:
    """A second hire in one turn."""
    return f"seat {seat} has hired a mercenary this turn already: one a turn ({rule})"


def not_for_hire(merc: str, market: list[str]) -> str:
    """``merc`` is not among the mercenaries of the ``market``."""
    shown = ", ".join(CONTENT.mercenaries[m].title for m in market) or "no one"
    return f"the {CONTENT.mercenaries[merc].title} is not for hire (for hire: {shown})"


def too_dear(seat: int, merc: str, cost: int, gold: int) -> str:
    """``merc`` costs more than the ``gold`` ``seat`` has."""
    return f"the {CONTENT.mercenaries[merc].title} costs {cost} gold; seat {seat} has {gold}"


def opens_nothing(seat: int, merc: str, at: str, rule: str) -> str:
    """``seat`` cannot lay a ship, and ``merc`` on ``at`` would not change that."""
    return (f"seat {seat} cannot lay a ship, and the {CONTENT.mercenaries[merc].title} "
            f"on {at} would open her no space: only a hire that does is offered then ({rule})")


def occupied(at: str, owner: int, number: int, merc: str, rule: str) -> str:
    """``at`` holds ``owner``'s active ship, and the action does not board it."""
    return (f"{at} is occupied by seat {owner}'s active {ship_name(number, merc)}: "
            f"no ship is laid on an active ship ({rule})")


def burning_out_of_reach(seat: int, at: str, rule: str) -> str:
    """``at`` holds a burning ship that ``seat`` does not reach."""
    return (f"{at} holds a burning ship, which is reached only from next to one of "
            f"seat {seat}'s active ships ({rule})")


def out_of_reach(seat: int, at: str, row: int, rule: str) -> str:
    """``at`` is neither on ``seat``'s first row (``row``) nor next to her active ships."""
    return (f"{at} is not accessible to seat {seat}: a ship is laid on row {row} or "
            f"next to one of her active ships ({rule})")


def aiming(seat: int, verb: str, targets: list[str], effect: str, origin: str) -> str:
    """``seat`` is aiming the ``effect`` of ``origin``, and the action is not ``verb@``."""
    return (f"seat {seat} is aiming: {verb}@SPACE on one of {', '.join(targets)}, "
            f"for the {effect} effect of {origin}")


def off_target(at: str, effect: str, targets: list[str]) -> str:
    """``at`` is not among the ``targets`` of the aimed ``effect``."""
    why = OFF_TARGET.get(effect, "it may aim only at")
    return f"{at} is not a target: {why}; the targets: {', '.join(targets)}"
