"""Rum & Bones: skills, unlocking and levelling up, passives, conditions (R42-R47).

A mixin of ``BonesState``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from plunder.games.rumbones import text
from plunder.games.rumbones.actions import (
    BonesAction,
    act,
)
from plunder.games.rumbones.content import CONTENT, Profile
from plunder.games.rumbones.effects import EFFECTS
from plunder.games.rumbones.whole import Whole

if TYPE_CHECKING:
    pass


class Skills(Whole):
    """Rum & Bones: skills, unlocking and levelling up, passives, conditions (R42-R47)."""

    def skills_of(self, hero: int) -> tuple[str, ...]:
        found = CONTENT.heroes[self.heroes[hero].name]
        return (found.basic, *found.skills)

    def profile(self, hero: int, skill: str) -> Profile:
        return CONTENT.skills[skill].at(self.heroes[hero].levels.get(skill, 1))

    def silenced(self, hero: int) -> bool:
        return "silence" in self.heroes[hero].conditions

    def passive(self, hero: int, effect: str) -> int:
        """The amount of the passive ``effect`` the hero has (R44; none while silenced)."""
        if self.silenced(hero):
            return 0
        total = 0
        for skill in self.heroes[hero].unlocked:
            if CONTENT.skills[skill].kind == "passive":
                total += self.profile(hero, skill).amount(effect)
        return total

    def has_passive(self, hero: int, effect: str) -> bool:
        if self.silenced(hero):
            return False
        return any(
            CONTENT.skills[s].kind == "passive"
            and any(step.name == effect for step in self.profile(hero, s).effects)
            for s in self.heroes[hero].unlocked
        )

    def max_hp(self, hero: int) -> int:
        return CONTENT.heroes[self.heroes[hero].name].hp + self.passive(hero, "tough")

    def _free_choices(self, hero: int) -> list[BonesAction]:
        """R43: unlocking and levelling up cost coins, no action, any time in the hero's
        activation (after its third action too, while the activation lasts)."""
        out = []
        coins = self.heroes[hero].coins
        for skill in self.skills_of(hero):
            spec = CONTENT.skills[skill]
            if skill not in self.heroes[hero].unlocked:
                if spec.unlock <= coins:
                    out.append(act("unlock", skill))
            elif (spec.level_up and self.heroes[hero].levels.get(skill, 1) == 1
                  and spec.level_up <= coins and not self.silenced(hero)):
                out.append(act("level", skill))
        return out

    def _run(self, hero: int, skill: str, use: str) -> None:
        """Run the effects of ``skill`` (at the hero's level) that act at ``use``;
        a silenced hero's skills have none (R46)."""
        if self.silenced(hero):
            return
        for step in self.profile(hero, skill).effects:
            effect = EFFECTS[step.name]
            if effect.get("use") == use:
                effect.apply(self, hero, step.amount)

    def give_condition(self, hero: int, condition: str) -> None:
        """R46: a hero on the board takes a condition it does not have yet."""
        if self.heroes[hero].zone is None or condition in self.heroes[hero].conditions:
            return
        self.heroes[hero].conditions.append(condition)
        self.heroes[hero].conditions.sort()
        if condition == "bleed":
            # Who made it bleed, should it bleed to death (R27, R46).
            self.heroes[hero].bled_by = None if self.attack is None else self.attack.hero
        self.emit({"type": "condition", "hero": hero, "condition": condition,
                   "text": text.condition(self.heroes[hero].name, condition)})

    def clear_conditions(self, hero: int) -> None:
        self.heroes[hero].conditions = []

    def heal(self, hero: int, amount: int) -> None:
        healed = min(amount, self.heroes[hero].damage)
        self.heroes[hero].damage -= healed
        self.emit({"type": "heal", "hero": hero, "amount": healed,
                   "text": text.heal(self.heroes[hero].name, healed)})

    def rally(self, hero: int, amount: int) -> None:
        side, zone = self.side_of(hero), self.heroes[hero].zone
        count = min(amount, self.reserve[side].deckhands)
        if zone is None or count <= 0:
            return
        self.reserve[side].deckhands -= count
        self._place_crew(side, zone, count, [])
        self.emit({"type": "muster", "side": side, "zone": zone, "deckhands": count,
                   "bosuns": 0, "text": text.muster(self.factions[side], zone, count, 0)})

    def riposte(self, hero: int, amount: int) -> None:
        """Damage back to the attacking hero, when it attacked from its zone or the
        next (R45)."""
        attacker = None if self.attack is None else self.attack.hero
        zone = self.heroes[hero].zone
        if attacker is None:
            return
        there = self.heroes[attacker].zone
        if there is None or zone is None or self.config.board.distance(there, zone) > 1:
            return
        self._hurt_hero(attacker, amount, hero)
