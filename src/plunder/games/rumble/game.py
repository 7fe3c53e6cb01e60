"""Pirate Rumble as a game of the engine: its options, action space, catalogue and
notation. The rules of a play are ``rules.py``'s (``RumbleState``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from plunder.engine.catalogue import Shown, named, worded
from plunder.engine.errors import OptionError
from plunder.engine.game import Game, notation_error
from plunder.engine.options import Option
from plunder.games.rumble import text
from plunder.games.rumble.content import (
    CAMP_TABLE_SCHEMA,
    CARD_SCHEMA,
    CONTENT,
    PIRATE_SCHEMA,
)
from plunder.games.rumble.effects import MAX_BULLETS
from plunder.games.rumble.rules import (
    AIMS,
    CARDS,
    DECISIONS,
    GESTURES,
    NO_GESTURE,
    PIRATES,
    RumbleAction,
    RumbleState,
    action,
    bullet_name,
    play,
)
from plunder.games.rumble.text import NOTATION_HELP

VERBS = ("grab", "dig", "gesture", "pirate")
NOTATION = re.compile(r"^\s*([a-z0-9]+)\s*(?:>\s*(.*?))?\s*$")

# The content in the catalogue: each entry with the fields its Schema declares; a
# pirate's abilities in players' words, and what its bullets are called.
CARDS_SHOWN = Shown.of(CARD_SCHEMA)
PIRATES_SHOWN = Shown.of(
    PIRATE_SCHEMA,
    abilities=lambda pirate: worded(pirate.abilities, CONTENT.ability_text),
    bullet_name=bullet_name,
)
CAMP_TABLE_SHOWN = Shown.of(CAMP_TABLE_SCHEMA, id=None)


class RumbleGame(Game):
    """Pirate Rumble: 2 to 8 pirates, simultaneous cards, Duel Mode and Camp Mode.

    >>> import plunder
    >>> state = plunder.load("rumble", players=3, pirates="read,kidd,zheng").new(seed=1)
    >>> [str(a) for a in state.legal(0)][:6]
    ['load', 'shoot>1', 'shoot>2', 'shoot2>1,1', 'shoot2>1,2', 'shoot2>2,2']
    """

    asks = text.ASKS
    name = "rumble"
    title = "Pirate Rumble"
    summary = "2-8 pirates, simultaneous cards; Duel Mode or Camp Mode (Sun, Moon, lone boss)"
    min_players = 2
    max_players = 8
    default_players = 4
    modes = ("duel", "camp")
    extra_options = (
        Option(
            "mode",
            "duel",
            "Duel: the last pirate standing wins. Camp: the Sun and the Moon camps and a lone "
            "boss, for 4 to 8 players.",
            choices=("duel", "camp"),
            label="Mode",
            choice_labels=("Duel: last pirate standing", "Camp: Sun, Moon and a boss (4-8)"),
        ),
        Option(
            "pirates",
            "random",
            "Leave random to have the pirates dealt, type draft for each seat to pick one in "
            "turn, or name one for each seat in seat order, for example roberts, bonny, kidd.",
            label="Pirates",
            accepts="random, draft, or one pirate per seat, commas between: "
            + ",".join(sorted(PIRATES)),
            common=False,
        ),
        Option(
            "race",
            "random",
            "Who wins a Search race, when two pirates reach for the same golden card.",
            choices=("random", "arrival"),
            label="When two reach for the same card",
            choice_labels=("A draw of lots decides", "The first to choose gets it"),
            common=False,
        ),
        Option(
            "gestures",
            False,
            "After the reveal each pirate quickly makes the gesture of the card played. A "
            "wrong gesture loses the card.",
            choices=(False, True),
            label="Gestures",
            choice_labels=("Off", "On"),
        ),
        Option(
            "round_limit",
            100,
            "After this many rounds the game ends with no winner.",
            minimum=1,
            maximum=1000,
            label="Rounds at most",
            common=False,
        ),
        # Three readings of the rules players may disagree on (R91-R93).
        Option(
            "void_cost",
            "free",
            "With gestures on: whether a card lost to a wrong gesture still costs its bullets "
            "(or Take Cover its token), or was never played at all.",
            choices=("free", "paid"),
            label="A card lost to a wrong gesture",
            choice_labels=("Costs nothing", "Is still paid for"),
            common=False,
        ),
        Option(
            "block_cut",
            "no",
            "Whether Block strikes back at a pirate who Cuts you. Either way Block takes "
            "nothing off the Cut.",
            choices=("no", "yes"),
            label="Block strikes back at a Cut",
            choice_labels=("No: a Cut goes past Block", "Yes: the cutter takes 1 back"),
            common=False,
        ),
        Option(
            "last_gasp",
            "no",
            "Whether Heal, Search or Pick can save a pirate brought to 0 health in the same "
            "round, the health coming before the dead are counted.",
            choices=("no", "yes"),
            label="Health taken in time saves a pirate",
            choice_labels=("No: a pirate at 0 is dead", "Yes: health can come back in time"),
            common=False,
        ),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        players = self.options["players"]
        if self.options["mode"] == "camp" and players not in CONTENT.camp_tables:
            counts = sorted(CONTENT.camp_tables)
            raise OptionError(
                f"Camp Mode is for {counts[0]} to {counts[-1]} players, not {players}",
                field="mode",
            )
        self.pirate_list = self._pirate_list(self.options["pirates"], players)

    @staticmethod
    def _pirate_list(choice: Any, players: int) -> list[str]:
        if not isinstance(choice, str):
            raise OptionError(f"option 'pirates' is {choice!r}; it takes text", field="pirates")
        if choice in ("random", "draft"):
            return []
        names = [part.strip().lower() for part in choice.split(",")]
        unknown = [n for n in names if n not in PIRATES]
        if unknown:
            raise OptionError(
                f"option 'pirates' names {', '.join(map(repr, unknown))}; pirates are "
                + ", ".join(sorted(PIRATES))
                + " (or 'random', 'draft')",
                field="pirates",
            )
        if len(names) != players:
            raise OptionError(
                f"option 'pirates' lists {len(names)} pirates for {players} seats", field="pirates"
            )
        if len(set(names)) != len(names):
            raise OptionError("option 'pirates' names a pirate twice", field="pirates")
        return names

    def _new_state(self, seed: int) -> RumbleState:
        return RumbleState(self, seed)

    def _all_actions(self) -> list[RumbleAction]:
        # The draft, every card at every aim its kind of target allows at any
        # table of this size, the reach, then the gestures.
        seats = range(self.players)
        out = [action("pirate", p) for p in sorted(PIRATES)]
        for name, card in CARDS.items():
            out.extend(play(name, *targets) for targets in AIMS[card.target].space(seats))
        out += [action("grab", str(slot)) for slot in range(self.players // 2)]
        out += [action("dig", name) for name, card in CARDS.items() if card.golden]
        out += [action("gesture", g) for g in (*GESTURES, NO_GESTURE)]
        return out

    def _max_decisions(self) -> int:
        # The draft, then up to three steps a round (cards, gestures, reaches).
        return self.players + 3 * self.players * self.options["round_limit"]

    def _catalogue(self) -> dict[str, Any]:
        return {
            "cards": CARDS_SHOWN.section(CARDS),
            "effects": named(CONTENT.effect_text),
            "pirates": PIRATES_SHOWN.section(dict(sorted(PIRATES.items()))),
            "camps": named(CONTENT.camp_titles, "title"),
            "camp_table": CAMP_TABLE_SHOWN.section(dict(sorted(CONTENT.camp_tables.items()))),
            "gestures": [*GESTURES, NO_GESTURE],
            "max_bullets": MAX_BULLETS,
            "decisions": {kind: decision.about for kind, decision in DECISIONS.items()},
        }

    def parse(self, text: str, legal: Sequence[str] = ()) -> RumbleAction:
        if not isinstance(text, str):
            raise notation_error(repr(text), NOTATION_HELP, legal)
        match = NOTATION.match(text.lower())
        if match is None:
            raise notation_error(text, NOTATION_HELP, legal)
        word, rest = match.group(1), match.group(2)
        if word in VERBS:
            if not rest or not re.fullmatch(r"[a-z0-9-]{1,20}", rest):
                raise notation_error(text, f"{word}>NAME ({NOTATION_HELP})", legal)
            if word == "grab" and not rest.isdigit():
                raise notation_error(text, "grab>SLOT, a slot number of the golden area", legal)
            if word == "grab":
                rest = str(int(rest))
            return action(word, rest)
        if word not in CARDS:
            raise notation_error(text, NOTATION_HELP, legal)
        if rest is None:
            return play(word)
        parts = [p.strip() for p in rest.split(",")]
        if not parts or len(parts) > 2 or not all(re.fullmatch(r"\d{1,3}", p) for p in parts):
            raise notation_error(text, f"seat numbers after '>' ({NOTATION_HELP})", legal)
        targets = [int(p) for p in parts]
        if AIMS[CARDS[word].target].count > 1:
            targets.sort()  # two shots at once: "shoot2>3,1" is "shoot2>1,3"
        return play(word, *targets)
