"""Pirate Rumble's words in English: the rules log events, explain refusals and name
their decisions; this module words them all, so the rules hold rules only."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from plunder.engine.words import Ask
from plunder.games.rumble.content import CONTENT, NO_GESTURE

DRAFT = "Each seat in turn picks a pirate."
RESHUFFLE = "The discard pile becomes the golden pile."
ALL_GESTURES_RIGHT = "Every gesture is right."
# What a pirate's bullets are called: Zheng Zhilong's are Qi-Gong tokens (R42).
BULLETS = "bullets"
QIGONG = "Qi-Gong"
# Why a steal takes nothing (R68).
DODGES = "dodges"
BLOCKS = "blocks"
# Why a card did nothing: its target hid (R30, R67), or its player's gesture was wrong.
HID = "hides"
WRONG_GESTURE = "wrong gesture"
NO_BULLET = "has no bullet"
TOO_FEW = "has too few bullets for every thief"


# The parts of a pirate's final score, the health it has left.
HEALTH_AT_START = "health at the start"
HEALTH_CHANGE = "damage and healing"


def card(name: str) -> str:
    return CONTENT.cards[name].title


def pirate(name: str) -> str:
    return CONTENT.pirates[name].title


def seats(listed: Sequence[int]) -> str:
    return ", ".join(f"seat {s}" for s in listed)


def camp_title(camp: str) -> str:
    """``sun-boss`` as "Sun boss", ``moon`` as "Moon camp"."""
    name, _, boss = camp.partition("-")
    title = CONTENT.camp_titles[name]
    return f"{title} boss" if boss else f"{title} camp"


def bullets(count: int) -> str:
    return "1 bullet" if count == 1 else f"{count} bullets"


def secret_golden(seat: int, name: str) -> str:
    return f"Seat {seat} draws {card(name)} unseen."


def setup(pirates: Sequence[str], area: Sequence[str | None]) -> str:
    return (
        "Pirates: "
        + ", ".join(f"seat {s} {pirate(p)}" for s, p in enumerate(pirates))
        + ". Golden cards face up: "
        + ", ".join(card(c) for c in area if c)
        + "."
    )


def your_camp(camp: str) -> str:
    return f"Your camp: {camp_title(camp)}."


def camp_shown(seat: int, camp: str) -> str:
    return f"Seat {seat} is the {camp_title(camp)} (face up)."


def pick(seat: int, name: str) -> str:
    return f"Seat {seat} picks {pirate(name)}."


def play(seat: int, name: str, targets: Sequence[int]) -> str:
    if targets:
        return f"Seat {seat} plays {card(name)} at " + " and ".join(f"seat {t}" for t in targets)
    return f"Seat {seat} plays {card(name)}"


def reveal(choices: Sequence[tuple[int, str, Sequence[int]]]) -> str:
    return "; ".join(play(s, name, targets) for s, name, targets in choices) + "."


def gestures(wrong: Sequence[int]) -> str:
    return f"Wrong gesture, card void: {seats(wrong)}." if wrong else ALL_GESTURES_RIGHT


def dig(seat: int, name: str) -> str:
    return f"Seat {seat} takes {card(name)} from the discard pile."


def grab(winner: int, name: str, losers: Sequence[int], refill: str | None) -> str:
    text = f"Seat {winner} takes {card(name)}"
    if losers:
        text += f" first; {seats(losers)} reached too late"
    if refill:
        text += f". {card(refill)} is turned face up"
    return text + "."


def cancelled(seat: int, name: str, hiders: Sequence[int] = ()) -> str:
    verb = HID if len(hiders) == 1 else "hide"
    who = f"at {seats(hiders)}, who {verb}" if hiders else "at a hider"
    return f"Seat {seat}'s {card(name)} is aimed {who}, and does nothing."



def steal_fails(target: int, why: str, thieves: Sequence[int]) -> str:
    verb = "steals" if len(thieves) == 1 else "steal"
    return f"Seat {target} {why}: {seats(thieves)} {verb} nothing."


def steals(target: int, taken: Sequence[tuple[int, int]]) -> str:
    return (
        "; ".join(f"Seat {s} steals {bullets(n)} from seat {target}" for s, n in taken) + "."
    )


def damage(seat: int, amount: int) -> str:
    return f"Seat {seat} takes {amount} damage."


def block(blocker: int, attacker: int) -> str:
    return f"Seat {blocker} blocks and strikes seat {attacker} back."


def reserve(seat: int) -> str:
    return f"Seat {seat} turns a special token into health."


def death(seat: int, camp: str | None = None) -> str:
    return f"Seat {seat} dies: {camp_title(camp)}." if camp else f"Seat {seat} dies."


def health(seat: int, gained: int) -> str:
    if gained <= 0:
        return f"Seat {seat} is at full health and gains none."
    return f"Seat {seat} gains {gained} health."


def guard(seat: int, strikes_back: bool, prevented: int, attackers: Sequence[int]) -> str:
    """What a Dodge or Block stopped: 1 damage from each attacker (never a Cut's); a
    guard that strikes back blocks, one that does not dodges."""
    verb = "blocks" if strikes_back else "dodges"
    if not attackers:
        return f"Seat {seat} {verb}; no one attacked seat {seat}."
    each = "each of " if len(attackers) > 1 else ""
    return f"Seat {seat} {verb}: {prevented} damage stopped (1 from {each}{seats(attackers)})."


def picks_up(seat: int, cards: Sequence[str]) -> str:
    return f"Seat {seat} picks up " + ", ".join(card(c) for c in cards) + "."


def last_standing(seat: int) -> str:
    return f"Seat {seat} is the last pirate standing"


def camp_wins(camp: str) -> str:
    return f"Only the {CONTENT.camp_titles[camp]} camp remains"


NO_SURVIVOR = "No pirate survives; no one wins"


def round_limit(rounds: int) -> str:
    return f"The round limit ({rounds}) was reached"


# ------------------------------------------------------------------ decisions and notation
NOTATION_HELP = (
    "a card, aimed with '>' where it takes a target (load, shoot>2, shoot2>1,3, dodge, fire, "
    "search, steal>1, ...), grab>SLOT, dig>CARD, gesture>NAME or pirate>NAME"
)
# What each kind of decision is, for the whole table (the catalogue's ``decisions``).
ABOUT = {
    "draft": "each seat in turn picks a pirate",
    "choose": "every pirate chooses a card, face down",
    "gesture": "cards revealed: every pirate answers with the card's gesture",
    "reach": "searchers reach for a golden card",
}
# What each kind of decision asks of the seat deciding, and each answer in words (the
# front ends fill them in; a seat at a target is named with its pirate).
ASKS = {
    "draft": Ask(
        prompt="Pick your pirate: each seat in turn picks one of those left.",
        label="pick {name.title}",
    ),
    "choose": Ask(
        prompt="Round {round}: choose a card to play face down; all are revealed at once.",
        label=(
            "play {name.title} at {targets|seats:pirate.short}",
            "play {name.title}",
        ),
    ),
    "gesture": Ask(
        prompt="Cards revealed: make the gesture of your card, quick! A wrong one voids it.",
        by="name",
        labels={NO_GESTURE: "make no gesture"},
        label="make the {name} gesture",
    ),
    "reach": Ask(
        prompt=(
            "Reach for a golden card: the first to touch it takes it!{race|if}",
            "Reach for a golden card: where two reach for the same one, a draw decides.",
        ),
        by="verb",
        labels={
            "grab": "reach for {view.area|at:name|title}",
            "dig": "take {name.title} from the discard pile",
        },
    ),
}
# What a verb of the choose step is for, when it is played at the wrong time.
LATER = {"pirate": "is picked in the draft, before the first round"}
# Why a verb the open decision does not take is refused, by decision.
REFUSALS: dict[str, Callable[[str], str]] = {
    "draft": lambda verb: "now is the draft step: play pirate>...",
    "choose": lambda verb: f"now every pirate chooses a card; {verb}>... "
    + LATER.get(verb, "comes after the cards are revealed"),
    "gesture": lambda verb: "now is the gesture step: play gesture>...",
    "reach": lambda verb: "now is the reach step: play grab or dig>...",
}


# ------------------------------------------------------------------ why an action is refused
EMPTY_SLOT = "that slot of the golden card area is empty or does not exist"


def not_an_action(action: Any) -> str:
    return f"{action!r} is not a Pirate Rumble action"


def no_pirate(name: str) -> str:
    return f"there is no pirate {name!r}"


def pirate_taken(name: str) -> str:
    return f"{pirate(name)} is already taken"


def cannot_dig(seat: int, name: str) -> str:
    return (
        f"seat {seat} cannot take {name!r} from the discard pile "
        "(Ching Shih only, with a special token, and the card must be there)"
    )


def no_card(name: str) -> str:
    return f"there is no card {name!r}"


def lies_face_up(name: str) -> str:
    return f"{card(name)} was played last round and lies face up until this round ends"


def not_held(seat: int, pirate_name: str, name: str) -> str:
    return f"seat {seat} ({pirate(pirate_name)}) holds no {card(name)}"


def too_dear(seat: int, name: str, cost: int, bullets: int) -> str:
    return f"{card(name)} costs {cost} bullets; seat {seat} has {bullets}"


def no_token_left(name: str) -> str:
    return f"{card(name)} needs a special token, and none is left"


def not_a_target(target: int) -> str:
    return f"{target} is not another living pirate"


def neighbours_only(name: str, neighbours: Sequence[int]) -> str:
    return f"{card(name)} reaches only a pirate next to you: {neighbours}"


def target_count(name: str, count: int) -> str:
    return f"{card(name)} takes {count} target(s)"


def two_targets(name: str) -> str:
    return f"{card(name)} takes two different targets, in increasing order"
