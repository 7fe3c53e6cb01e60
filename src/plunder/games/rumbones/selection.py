"""Rum & Bones: who the heroes are: the draft, Random Heroes, Strange Allies, and a
team's captain (R2, R61-R64, R70-R72).

A mixin of ``BonesState``. Each side fields its heroes (3 in the two-player game,
as many as its players' shares in teams, R61), chosen as the options say:

* ``heroes = "draft"``: the sides pick in turn, side 0 first; within a team its
  players take the side's picks in turn, each until it has its share, and each
  picks the heroes it will control (R2, R62);
* ``heroes = "random"``: each side is dealt its heroes from its roster;
* three heroes a side listed: as listed;
* Random Heroes (``random_heroes``): method 1 deals each side its heroes from its
  faction's own; method 2 deals them with 2 mercenaries besides, and the side's
  players then pick their heroes among those dealt (R70, R71);
* Strange Allies (``strange_allies``): a side's roster is every hero, whatever
  its faction (R72).

At 5 and 6 players each team first elects a captain, a decision of the team
(R64).
"""

from __future__ import annotations

from typing import Any

from plunder.engine.frame import ANY, Frame
from plunder.games.rumbones import text
from plunder.games.rumbones.actions import BonesAction, act
from plunder.games.rumbones.content import CONTENT, MERCENARY
from plunder.games.rumbones.whole import Whole

MERCENARIES_DEALT = 2  # Random Heroes, method 2 (R71)


class Selection(Whole):
    """Captains, the draft and the heroes dealt, for ``BonesState``."""

    # ----------------------------------------------------------- captains (R64)
    def _elect_captains(self) -> None:
        """R64: where a captain holds a team's Tide cards, each team elects one (side 0
        first), as one decision of the team; then the heroes are chosen."""
        for side, hand in enumerate(self.seating.captain):
            if hand and self.captains[side] is None:
                self.replace(Frame.of("captain", self.seating.sides[side], answer=ANY,
                                      side=side))
                return
        self._choose_heroes()

    def _legal_captain(self, seat: int, frame: Frame) -> list[BonesAction]:
        return [act("captain", str(s)) for s in self.seating.sides[frame.data["side"]]]

    def _on_captain(self, seat: int, action: BonesAction, frame: Frame) -> None:
        side, captain = frame.data["side"], int(action.arg)
        self.captains[side] = captain
        self.emit({"type": "captain", "side": side, "seat": captain, "by": seat,
                   "text": text.captain(self.who(side), captain)})
        self._elect_captains()

    # ----------------------------------------------------------- the heroes (R2, R70-R72)
    def roster(self, side: int) -> list[str]:
        """The heroes ``side`` may field: its faction's and the mercenaries; with Strange
        Allies, every hero (R72)."""
        if self.game.options["strange_allies"]:
            return list(CONTENT.heroes)
        return CONTENT.roster(self.factions[side])

    def _own_heroes(self, side: int) -> list[str]:
        """Random Heroes deals from the faction's own heroes (R70); with Strange Allies,
        from every faction's."""
        return [name for name in self.roster(side) if CONTENT.heroes[name].faction != MERCENARY]

    def _choose_heroes(self) -> None:
        game = self.game
        method = game.options["random_heroes"]
        sides = range(len(self.seating.sides))
        if method != "off":
            for side in sides:
                count = self.seating.heroes(side)
                dealt = self.sample(self._own_heroes(side), count)
                if method == "mercenaries":
                    mercenaries = [h for h, hero in CONTENT.heroes.items()
                                   if hero.faction == MERCENARY]
                    dealt += self.sample(mercenaries, MERCENARIES_DEALT)
                self.dealt[side] = sorted(dealt)
                self.emit({"type": "dealt", "side": side, "heroes": sorted(dealt),
                           "text": text.dealt(self.who(side), sorted(dealt))})
            if method == "faction":
                # R70: the heroes dealt are the side's, numbered in the order dealt (R3).
                for side in sides:
                    self.picks[side] = list(self.dealt[side])
                self._start()
                return
        choice = game.options["heroes"]
        if choice == "draft" or method == "mercenaries":
            self._ask_pick()
            return
        for side in sides:
            self.picks[side] = (
                self.sample(self.roster(side), self.seating.heroes(side))
                if choice == "random" else list(game.hero_lists[side])
            )
        self._start()

    def _picker(self) -> tuple[int, int]:
        """R2, R62: the sides pick in turn, side 0 first (a side with all its heroes is
        done); a team's picks go to its players in turn, each until it has its share."""
        counts = [len(p) for p in self.picks]
        open_sides = [s for s in range(len(counts)) if counts[s] < self.seating.heroes(s)]
        side = min(open_sides, key=lambda s: (counts[s], s))
        return side, self.seating.pickers(side)[counts[side]]

    def pick_data(self, side: int) -> dict[str, Any]:
        """The public data of a pick: the faction whose heroes (and the mercenaries) the
        side picks from."""
        return {"faction": self.factions[side]}

    def _ask_pick(self) -> None:
        side, seat = self._picker()
        self.replace(Frame.of("pick", [seat], **self.pick_data(side)))

    def _legal_pick(self, seat: int, frame: Frame) -> list[BonesAction]:
        # R2: heroes of the side's roster (or those dealt to it, R71), each at most once
        # a side (both sides may field the same hero).
        side = self.seat_side(seat)
        taken = set(self.picks[side])
        pool = self.dealt[side] or self.roster(side)
        return [act("pick", h) for h in pool if h not in taken]

    def _on_pick(self, seat: int, action: BonesAction, frame: Frame) -> None:
        side = self.seat_side(seat)
        self.picks[side].append(action.arg)
        self.emit({"type": "pick", "seat": seat, "hero": action.arg,
                   "text": text.pick(seat, action.arg)})
        if any(len(self.picks[s]) < self.seating.heroes(s) for s in range(len(self.picks))):
            self._ask_pick()
        else:
            self._start()
