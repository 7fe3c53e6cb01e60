"""Swordplay in English: the rules log events, open decisions and refuse actions, this
module words them (each decision's prompt and labels are filled in by the front ends)."""

from __future__ import annotations

from plunder.engine.words import Ask
from plunder.games.swordplay.content import CONTENT

# The parts of a fighter's final score, the life it has left.
LIFE_AT_START = "life at the start"
LIFE_LOST = "life lost"

_PASS = "Pass: do nothing this phase"

# An action plays the card its ``name`` is (a card of the catalogue) where it plays one.
ASKS = {
    "discard": Ask(
        prompt="Your discard decision: discard one card, or pass.",
        by="verb",
        labels={"pass": _PASS, "discard": "Discard {name.title}"},
    ),
    "ready": Ask(
        prompt="Your ready decision: drop items, ready one item or stance, or pass.",
        by="verb",
        labels={"pass": _PASS, "drop": "Drop {name.title}", "ready": "Ready {name.title}"},
    ),
    "attack": Ask(
        prompt="Your attack decision: attack a fighter with a card, or pass.",
        by="verb",
        labels={"pass": _PASS, "attack": "{name.title} at {target|seat}"},
    ),
    "defend": Ask(
        prompt="Your defend decision: defend, guard, or take the attack.",
        by="verb",
        labels={
            "no": "Take the attack",
            "defend": "Defend with {name.title}",
            "guard": "Guard with {name.title}",
        },
    ),
}


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


# Why an attack was stopped or landed (R28-R30, R39), by the ``why`` of the events
# that say so. Whether the target held a fitting defence is its secret: a hit that
# lands says only that the target did not counter.
WHY = {
    "dodge": "a Dodge counters any attack",
    "parry": "it counters a {location} attack",
    "guard": "a ready {card} counters an attack",
    "taken": "seat {seat} did not counter",
}


def defend(seat: int, card: str, why: str = "", location: str = "") -> str:
    reason = WHY[why].format(location=location, seat=seat) if why else ""
    tail = f" ({reason})." if reason else "."
    return f"Seat {seat} answers with {_title(card)}: countered{tail}"


def lessened(stance: str | None, iron_hide: bool) -> list[str]:
    """What took damage off a hit before armor and life (R30): the stance, the hide."""
    out = [f"1 less for {_title(stance)}"] if stance else []
    if iron_hide:
        out.append("1 less for the iron hide")
    return out


def guard(seat: int, card: str, worn_out: bool) -> str:
    tail = f"; the {_title(card)} is used up" if worn_out else ""
    return f"Seat {seat} counters with the ready {_title(card)}{tail}."


def hit(seat: int, armor: int, life: int, left: int, less: list[str] | None = None) -> str:
    parts = []
    if armor:
        parts.append(f"{armor} to armor")
    parts.append(f"{life} to life")
    why = "; ".join([WHY["taken"].format(seat=seat), *(less or [])])
    return f"Seat {seat} is hit ({why}): {', '.join(parts)} ({left} life left)."


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


# ------------------------------------------------------------ refusals
# Why an action is refused: the rules pick the sentence and give the facts. When
# nothing more precise is wrong, the sentence says what the open decision takes.


def not_ours(action: object) -> str:
    """An action of another game."""
    return f"{action!r} is not a Swordplay action"


def not_held(seat: int, card: str) -> str:
    """``seat`` plays ``card`` from a hand that holds none."""
    return f"seat {seat} holds no {_title(card)}"


def discard_asked() -> str:
    """What the discard decision takes (R12)."""
    return "now is the discard decision: discard:CARD or pass"


def ready_asked() -> str:
    """What the ready decision takes (R16-R22)."""
    return ("now is the ready decision: drop:ITEM, ready:CARD "
            "(a stance or an item that fits free hands) or pass")


def attack_asked() -> str:
    """What the attack decision takes (R24-R27)."""
    return "now is the attack decision: attack:CARD>SEAT (a living opponent) or pass"


def defend_asked() -> str:
    """What the defence window takes (R28, R29)."""
    return ("now is the defend decision: "
            "a defence that fits the attack (defend:CARD), guard:CLOAK, or no")
