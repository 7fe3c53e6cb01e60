"""Rum & Bones: Clash Royale!, every player for themselves (R73-R84).

Rule numbers refer to ``docs/rules/rumbones.md``. The heroes fight as in the
battle (movement, rigging, attacks and dice, skills, conditions, push and
reactions: R11-R21, R42-R47), on the arena of ``clash.toml``; what differs is
here. Each seat is a side of its own with 1 or 2 heroes from any faction, and
nothing else: no crew, no Tide, no VP. The seats play in turn around the table
from the highest roll of 2 dice; a turn activates one of the player's heroes.
Heroes deploy on any deployment point and may move through and end in zones
with enemies. A KO costs a life instead of a dead man's coin, and a hero whose
last life is gone is out of the game; a hero KO'd with lives left deploys again
on its player's next turn. Coins come from KOs (3), from damage to the deck
features (1 a point) and from the Captain's Chest (3 for an action on it), which
no one may damage; a hero next to the Chest that KOs the hero standing on it may
step onto it at once. The last player with heroes wins.

The kinds of decision added to the battle's: ``seize`` (step onto the Chest, or
``keep``); ``turn`` is the player's alone, and ``act`` may ``loot`` the Chest.
"""

from __future__ import annotations

from typing import Any

from plunder.engine.frame import Frame
from plunder.games.rumbones import text
from plunder.games.rumbones.actions import KEEP, LOOT, SEIZE, BonesAction, act
from plunder.games.rumbones.combat import HOLDING
from plunder.games.rumbones.content import CONTENT, Arena
from plunder.games.rumbones.pieces import Standing
from plunder.games.rumbones.rules import BonesState


class ClashState(BonesState):
    """Clash Royale!: a ``BonesState`` whose sides are the seats, each for itself."""

    def _set_up(self) -> None:
        arena = self.arena
        self.routes = tuple(() for _ in self.seating.sides)  # no crew, no tracks
        self.lives = [0] * self.seating.hero_count  # R76: filled when the heroes come
        # Deck features standing, by zone; anyone may damage them.
        self.features: dict[str, Standing] = {z: Standing(o, 0) for z, o in arena.features.items()}
        self.queue: list[int] = []  # R78: the players still to play this round, in order
        self.emit({"type": "setup", "board": arena.name, "factions": [],
                   "text": text.clash_setup(arena.title, self.players)})
        self._choose_heroes()

    @property
    def arena(self) -> Arena:
        return CONTENT.arena

    # ----------------------------------------------------------- who is who
    def foes(self, side: int) -> tuple[int, ...]:
        """R73: every other player is an enemy."""
        return tuple(s for s in range(len(self.seating.sides)) if s != side)

    def who(self, side: int) -> str:
        return text.seats([side])

    def roster(self, side: int) -> list[str]:
        """R74: heroes from any faction, in any combination."""
        return list(CONTENT.heroes)

    def pick_data(self, side: int) -> dict[str, Any]:
        return {"faction": None}

    def blocks(self, side: int, zone: str) -> bool:
        """R77: heroes move through and end in zones with enemy heroes."""
        return False

    def enemy_points(self, side: int) -> set[str]:
        return set()  # R77: every deployment point is anyone's

    def _deploy_points(self, hero: int) -> list[str]:
        """R77: any deployment point, whoever stands there."""
        return list(self.arena.deploy)

    def neutral_targets(self) -> set[str]:
        """R80: the deck features standing, which any hero may attack; never the Chest."""
        return set(self.features)

    def features_in(self, side: int, zone: str) -> list[str]:
        return [self.features[zone].objective] if zone in self.features else []

    def alive(self, side: int) -> list[int]:
        """A player's heroes still in the game (a life left)."""
        return [h for h in self.heroes_of(side) if self.lives[h] > 0]

    def players_left(self) -> list[int]:
        return [side for side in range(len(self.seating.sides)) if self.alive(side)]

    # ----------------------------------------------------------- set-up (R74-R76)
    def _start(self) -> None:
        lives = self.game.options["lives"]
        for side in range(len(self.seating.sides)):
            for name in self.picks[side]:
                self._add_hero(name, side)
            self.emit({"type": "heroes", "side": side, "heroes": list(self.picks[side]),
                       "text": text.clash_heroes(side, self.picks[side])})
        self.lives = [lives] * len(self.heroes)
        # R75: each player rolls 2 dice; the highest goes first; the tied highest roll
        # again.
        rolling = list(range(len(self.seating.sides)))
        while len(rolling) > 1:
            totals = {s: sum(self.roll(6, self.arena.first_dice, reason="first player",
                                       seat=s)) for s in rolling}
            best = max(totals.values())
            rolling = [s for s in rolling if totals[s] == best]
        self.first = rolling[0]
        self.emit({"type": "first", "side": self.first,
                   "text": text.clash_first(self.first)})
        self._begin_round()

    # ----------------------------------------------------------- turns (R75, R78)
    def _begin_round(self) -> None:
        """R78: a round is a turn of each player still in the game, from the first player
        on to the left."""
        seats = len(self.seating.sides)
        left = self.players_left()
        order = [(self.first + i) % seats for i in range(seats)]
        self.queue = [seat for seat in order if seat in left]
        self.side = self.queue.pop(0)
        self.emit({"type": "round", "round": self.round, "first": self.first,
                   "text": text.clash_round(self.round, self.first)})
        self._ask_turn()

    def ready(self, side: int) -> list[int]:
        """R78: any hero of the player still in the game."""
        return self.alive(side)

    def _legal_turn(self, seat: int, frame: Frame) -> list[BonesAction]:
        return [act("hero", str(h)) for h in self.ready(seat)]

    def _on_turn(self, seat: int, action: BonesAction, frame: Frame) -> None:
        self._activate(int(action.arg))

    def _next_turn(self) -> None:
        """R78: play passes to the left, skipping players with no hero left; the round
        ends after the last of them (R84: the round limit)."""
        if self._over is not None:
            return
        left = self.players_left()
        self.queue = [seat for seat in self.queue if seat in left]
        if not self.queue:
            self._end_round()
            return
        self.side = self.queue.pop(0)
        self._ask_turn()

    def _end_round(self) -> None:
        for h in range(len(self.heroes)):
            self.heroes[h].activated = False
            self.heroes[h].spent = []  # R45: reactions are ready again
        limit = self.game.options["clash_rounds"]
        if self.round >= limit:
            # R84: the round limit: no one wins.
            self.finish(self.side_result([], text.round_limit(limit)))
            return
        self.round += 1
        left = self.players_left()
        if self.first not in left:
            seats = len(self.seating.sides)
            self.first = next((self.first + s) % seats for s in range(1, seats + 1)
                              if (self.first + s) % seats in left)
        self._begin_round()

    # ----------------------------------------------------------- the Chest (R81, R82)
    def _actions(self, hero: int, zone: str) -> list[BonesAction]:
        out = super()._actions(hero, zone)
        if zone == self.arena.chest:
            out.append(LOOT)  # R81: an action on the Chest for its coins
        return out

    def _on_act(self, seat: int, action: BonesAction, frame: Frame) -> None:
        if action != LOOT:
            super()._on_act(seat, action, frame)
            return
        hero = frame.data["hero"]
        self.activation.left -= 1
        self.emit({"type": "loot", "hero": hero, "zone": self.arena.chest,
                   "text": text.loot(self.heroes[hero].name)})
        self.gain_coins(hero, self.arena.chest_coins, "the Captain's Chest")
        self._after_action()

    def _legal_seize(self, seat: int, frame: Frame) -> list[BonesAction]:
        return [SEIZE, KEEP]

    def _on_seize(self, seat: int, action: BonesAction, frame: Frame) -> None:
        hero = frame.get("hero")
        self.pop()
        if action == SEIZE:
            self.heroes[hero].zone = self.arena.chest
            self.emit({"type": "seize", "hero": hero, "zone": self.arena.chest,
                       "text": text.seize(self.heroes[hero].name, self.arena.chest)})
        if self._over is None:
            self._next_hit()

    # R82: a hero's seizing the Chest interrupts the hits too.
    holds = HOLDING | {"seize"}

    # ----------------------------------------------------------- KOs and coins (R76, R79, R80)
    def _hero_ko(self, hero: int, by: int | None) -> None:
        """R76, R79: a KO costs a life and takes the hero off the board, with no dead
        man's coin: it deploys again on its player's next turn; with no life left it
        is out of the game. The hero that KO'd it gains 3 coins, and no one VP."""
        zone = self.heroes[hero].zone
        self.heroes[hero].zone = None
        self.heroes[hero].damage = 0
        self.heroes[hero].conditions = []
        self.lives[hero] -= 1
        self.emit({"type": "hero_ko", "hero": hero, "lives": self.lives[hero],
                   "text": text.clash_ko(self.heroes[hero].name, self.lives[hero])})
        if by is not None and self.side_of(by) != self.side_of(hero):
            self.gain_coins(by, self.arena.ko_coins, "enemy hero KO'd")
        if hero == self.acting:
            self.activation.left = 0
        left = self.players_left()
        if len(left) <= 1:
            # R83: the last player with heroes wins.
            self.finish(self.side_result(left, text.clash_win(left)))
            return
        self._offer_seize(zone, by)

    def _offer_seize(self, zone: str | None, by: int | None) -> None:
        """R82: a hero within 1 zone of the Chest that KOs a hero standing on it may
        move onto it at once, for free (offered for a KO by an attack's hit)."""
        chest = self.arena.chest
        if zone != chest or by is None or self.attack is None or self.attack.hero != by:
            return
        there = self.heroes[by].zone
        if there is None or there == chest or self.config.board.distance(there, chest) > 1:
            return
        self.push(Frame.of("seize", [self.heroes[by].owner], hero=by, zone=chest))

    def _hurt_feature(self, zone: str, name: str, amount: int, by_side: int,
                      by: int | None) -> None:
        """R80: a hit on a deck feature: the hero gains a coin for each point of damage;
        destroyed, the feature is gone, and gives nothing more."""
        entry = self.features[zone]
        entry.damage += amount
        objective = CONTENT.objectives[entry.objective]
        self.emit({"type": "hit", "target": entry.objective, "zone": zone, "amount": amount,
                   "text": text.hit(objective.title, zone, amount)})
        if by is not None:
            self.gain_coins(by, amount * self.arena.damage_coins, objective.title)
        if entry.damage >= objective.hp:
            del self.features[zone]
            self.emit({"type": "destroyed", "zone": zone, "objective": entry.objective,
                       "text": text.clash_destroyed(entry.objective)})

    # ----------------------------------------------------------- no Tide (R74)
    def _seats_tide(self, data: Any) -> list[int]:
        return []

    # ----------------------------------------------------------- views
    def _table_view(self) -> dict[str, Any]:
        view = super()._table_view()
        for hero in view["heroes"]:
            hero["lives"] = self.lives[hero["index"]]  # R76: shown on the hero
        view["features"] = {zone: {"objective": entry.objective, "damage": entry.damage,
                                   "hp": CONTENT.objectives[entry.objective].hp}
                            for zone, entry in sorted(self.features.items())}
        view["chest"] = self.arena.chest
        view["players_left"] = self.players_left() if self.heroes else list(
            range(len(self.seating.sides)))
        view["to_play"] = list(self.queue)
        return view
