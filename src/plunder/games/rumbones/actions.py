"""Rum & Bones' actions and the numbers its rules share (their R-numbers refer to
``docs/rules/rumbones.md``)."""

from __future__ import annotations

import re

from plunder.engine.action import Action, action_type
from plunder.games.rumbones.content import CONTENT

HEROES_A_SIDE = 3  # in the two-player game (R2); teams field more (R61)
HAND_LIMIT = 3  # Tide cards in a hand in the two-player game (R48; teams: R63)
ACTIONS = 3  # R10
MOVEMENT_POINTS = 2  # R11
DECKHANDS_A_POINT = 2  # R29
BOSUNS_A_CREW = 2  # R29
HERO_KO_COINS = 3  # R26
HERO_KO_VP = 1  # R26
CREW_KO_COINS = 1  # R25
GOLD, DARK = "gold", "dark"  # the sides of a dead man's coin (R23)
# The track of crew pushed off every track, who stay where they are (R31, R47).
STRAY = -1
DECKHAND, BOSUN = "deckhand", "bosun"
VERBS = ("pick", "captain", "reward", "loot", "seize", "hero", "crew", "pass", "deploy", "move",
         "step", "rig", "stop", "attack", "end", "assign", "muster", "bosun", "first", "advance",
         "hold", "strike", "fire", "unlock", "level", "use", "shake", "react", "reroll", "keep",
         "shove", "push", "tide", "monster", "mend", "gather", "summon", "discard", "swim")
NOTATION_HELP = (
    "hero:N, crew, pass, deploy>ZONE, move, step>ZONE, rig>ZONE, stop, attack:SKILL>ZONE, end, "
    "assign:TARGET, muster>ZONE, bosun>ZONE, first:crew, first:gun, advance, hold, "
    "strike>ZONE, fire>ZONE or pick:HERO"
)
_NOTATION = re.compile(r"^\s*([a-z]+)(?::([a-z0-9_]+))?(?:>([a-z][0-9]{1,2}))?\s*$")


@action_type
class BonesAction(Action):
    """``verb``, its ``arg`` after ``:`` (a hero, skill or target) and its ``zone`` after ``>``."""

    verb: str
    arg: str = ""
    zone: str = ""

    def spell(self) -> str:
        out = self.verb
        if self.arg:
            out += f":{self.arg}"
        if self.zone:
            out += f">{self.zone}"
        return out


def act(verb: str, arg: str = "", zone: str = "") -> BonesAction:
    return BonesAction.of(verb, arg, zone)


PASS, CREW, MOVE, STOP, END = act("pass"), act("crew"), act("move"), act("stop"), act("end")
LOOT, SEIZE = act("loot"), act("seize")
ADVANCE, HOLD, SHAKE, KEEP = act("advance"), act("hold"), act("shake"), act("keep")


def other(side: int) -> int:
    return 1 - side


def max_dice(hand: int = HAND_LIMIT) -> int:
    """The most dice any attack rolls: a skill at level 2 or a deck gun, with as many
    "more dice" Tide cards as a side's hands hold (``hand``)."""
    skills = [p.dice for s in CONTENT.skills.values() for p in (s.level1, s.level2)]
    guns = [f.gun.dice for f in CONTENT.factions.values()]
    cards = [sum(step.amount for step in c.effects if step.name == "dice")
             for c in CONTENT.cards.values()]
    return max(skills + guns) + hand * max(cards, default=0)
