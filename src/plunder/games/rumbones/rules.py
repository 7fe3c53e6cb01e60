"""Rum & Bones: Second Tide: heroes and crews fight across pirate ships.

Rule numbers (R1, R2, …) refer to ``docs/rules/rumbones.md``. Two sides, each a
faction on its own ship(s), take turns: activate a hero (deploy it, then up to
three actions: a move of two movement points, attacks), activate the crew (once
a round: deploy, advance along the tracks and attack, fire the deck gun, in the
order the side chooses), or pass; when both have passed the round ends with
recovery. Destroyed objectives and knocked-out heroes score VP; the first side
to the target (8) wins.

Each kind of decision is a pair of handlers (``_legal_<kind>``, ``_on_<kind>``):

* ``pick``: a side picks a hero of its faction or a mercenary (the draft);
* ``turn``: the side to play activates a hero (``hero:N``), its crew (``crew``) or
  passes (``pass``);
* ``deploy``: the hero not on the board picks a deployment point of its side;
* ``act``: the hero's next action (``move``, ``attack:SKILL>ZONE``, ``end``);
* ``move``: a movement point (``step>ZONE``, ``rig>ZONE`` or ``stop``);
* ``assign``: where the next hit goes, when there is a choice (``assign:TARGET``);
* ``muster``, ``bosun``: where crew deploy, when there is a choice;
* ``advance``: whether crew next to an enemy move on (``advance`` or ``hold``);
* ``strike``: the zone a crew model attacks, when there is a choice;
* ``fire``: the zone the deck gun fires at;
* ``order``: the engine's trigger order: crew first or deck gun first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from plunder.engine.dice import DicePool
from plunder.engine.errors import OptionError
from plunder.engine.frame import Frame
from plunder.engine.game import Game, notation_error
from plunder.engine.options import Option
from plunder.engine.result import Result
from plunder.engine.state import State
from plunder.games.rumbones import text
from plunder.games.rumbones.actions import (
    _NOTATION,
    ACTIONS,
    ADVANCE,
    BOSUN,
    BOSUNS,
    BOSUNS_A_CREW,
    CREW,
    DARK,
    DECKHAND,
    END,
    GOLD,
    HANDS,
    HEROES_A_SIDE,
    HOLD,
    KEEP,
    MOVE,
    MOVEMENT_POINTS,
    NOTATION_HELP,
    PASS,
    SHAKE,
    STOP,
    STRAY,
    TRACK,
    VERBS,
    ZONE,
    BonesAction,
    act,
    max_dice,
    other,
)
from plunder.games.rumbones.combat import Combat
from plunder.games.rumbones.content import CONTENT, SIDES, Configuration, Profile
from plunder.games.rumbones.crew import Crews
from plunder.games.rumbones.sea import HAND, KRAKEN, TideAndSea
from plunder.games.rumbones.skills import Skills


class BonesState(Skills, Combat, Crews, TideAndSea, State):
    game: BonesGame

    def __init__(self, game: BonesGame, seed: int) -> None:
        super().__init__(game, seed)
        config = game.config
        self.factions: list[str] = list(game.faction_order(self))
        # Each side's crew tracks (immutable: clones share them).
        self.routes = tuple(config.board.tracks[f] for f in self.factions)
        # Heroes by index: side 0's are 0..2, side 1's 3..5 (R3).
        self.hero: list[str] = []
        self.zone: list[str | None] = []
        self.damage: list[int] = []
        self.coins: list[int] = []
        self.activated: list[bool] = []
        self.coin: list[str | None] = []  # a dead man's coin: None, "gold" or "dark"
        self.overboard: list[bool] = []
        self.unlocked: list[list[str]] = []  # skills each hero may use (R42)
        self.levels: list[dict[str, int]] = []  # skills at level 2 (R43)
        self.conditions: list[list[str]] = []  # at most one of each (R46)
        self.spent: list[list[str]] = []  # reactions used this round (R45)
        # Crew: per side, groups [track, position, zone, deckhands, [bosun hp left...]].
        self.crew: list[list[list[Any]]] = [[], []]
        self.reserve: list[list[int]] = [[0, 0], [0, 0]]  # deckhands, bosuns off the board
        # Objectives standing: per side, zone -> [objective, damage].
        self.objectives: list[dict[str, list[Any]]] = [{}, {}]
        self.vp = [0, 0]
        self.round = 1
        self.first = 0
        self.side = 0  # the side to play
        self.passed = [False, False]
        self.crew_done = [False, False]
        self.acting: int | None = None  # the hero whose activation this is
        self.actions_left = 0
        self.mp = 0
        self.used: list[str] = []  # attack skills and abilities used this activation (R15)
        self.move_actions = 0  # move actions made this activation (Slow, R46)
        self.attack: dict[str, Any] = {}
        self.hits = 0
        self.pool: DicePool | None = None
        self.rerolls = 0  # dice the attack may still re-roll (R18)
        self.pushing: list[Any] = []  # a push under way: [model, zone, steps left]
        self._pushed_bosun = 0
        self.crew_queue: list[list[Any]] = []  # crew moves or attacks still to make
        self.raids: list[str] = []  # raiding crew's attacks still to make: the ship attacked
        self.mustered = False  # the crew activation's deckhands are on the board
        self.striking: list[Any] = []  # the crew attack being made
        self.last_zone = ""  # the zone the last attack took, and whether it cleared it
        self.enemies_cleared = False
        self.bosuns_placed = 0
        self.picks: list[list[str]] = [[], []]
        # The Tide (R48-R52): decks (hidden order), hands (hidden), discards (public).
        self.deck: list[list[str]] = [[], []]
        self.hand: list[list[str]] = [[], []]
        self.discards: list[list[str]] = [[], []]
        self.pools = [0, 0]  # the Kraken pools (R50)
        self.choices: list[list[Any]] = []  # what a Tide card's effects still ask
        self.discarding = 0
        # The Kraken (R53-R56): [zone, damage] while it is up.
        self.kraken: list[Any] = []
        self.kraken_dead = False
        # Sea monsters (R55-R59): name -> [side, zone, damage, activated].
        self.monsters: dict[str, list[Any]] = {}
        self.summoned: list[str] = []
        self.acting_monster = ""
        self.wrecked: dict[str, str] = {}  # gangplanks destroyed: zone -> by what
        self.jammed = [False, False]  # deck guns whose helm is destroyed
        self.emit({"type": "setup", "board": config.name, "factions": list(self.factions),
                   "text": text.setup(config.name, self.factions)})
        choice = game.options["heroes"]
        if choice == "draft":
            self._ask_pick()
        else:
            for side in (0, 1):
                self.picks[side] = (
                    self.sample(CONTENT.roster(self.factions[side]), HEROES_A_SIDE)
                    if choice == "random" else list(game.hero_lists[side])
                )
            self._start()
        self._open_step()

    # ----------------------------------------------------------- set-up (R1-R6)
    def side_of(self, hero: int) -> int:
        """R3: heroes are numbered by side: side 0's are 0..2, side 1's 3..5."""
        return hero // HEROES_A_SIDE

    def heroes_of(self, side: int) -> range:
        return range(side * HEROES_A_SIDE, side * HEROES_A_SIDE + len(self.picks[side]))

    def _picker(self) -> int:
        """R2: the sides pick in turn, side 0 first, until each has three heroes."""
        return 0 if len(self.picks[0]) <= len(self.picks[1]) else 1

    def _ask_pick(self) -> None:
        side = self._picker()
        self.replace(Frame.of("pick", [side], faction=self.factions[side]))

    def _legal_pick(self, seat: int, frame: Frame) -> list[BonesAction]:
        # R2: heroes of the side's faction or mercenaries, each at most once a side
        # (both sides may field the same hero).
        taken = set(self.picks[seat])
        return [act("pick", h) for h in CONTENT.roster(self.factions[seat]) if h not in taken]

    def _on_pick(self, seat: int, action: BonesAction, frame: Frame) -> None:
        self.picks[seat].append(action.arg)
        self.emit({"type": "pick", "seat": seat, "hero": action.arg,
                   "text": text.pick(seat, action.arg)})
        if len(self.picks[1]) < HEROES_A_SIDE:
            self._ask_pick()
        else:
            self._start()

    def _start(self) -> None:
        config = self.game.config
        for side in (0, 1):
            faction = CONTENT.factions[self.factions[side]]
            for name in self.picks[side]:
                self.hero.append(name)
                self.zone.append(None)
                self.damage.append(0)
                self.coins.append(0)
                self.activated.append(False)
                self.coin.append(None)
                self.overboard.append(False)
                hero = CONTENT.heroes[name]
                # R42: the basic attack and the passive are the hero's from the start.
                self.unlocked.append([s for s in (hero.basic, *hero.skills)
                                      if CONTENT.skills[s].unlock == 0])
                self.levels.append({})
                self.conditions.append([])
                self.spent.append([])
            self.emit({"type": "heroes", "side": side, "heroes": list(self.picks[side]),
                       "text": text.heroes(self.factions[side], self.picks[side])})
            # R4, R5: objectives and the starting deckhands as the configuration shows.
            for zone, objective in config.objectives[self.factions[side]].items():
                self.objectives[side][zone] = [objective, 0]
            placed = 0
            for zone, count in config.crew[self.factions[side]].items():
                self._place_crew(side, zone, count, [])
                placed += count
            self.reserve[side] = [faction.deckhands - placed, faction.bosuns]
        self._deal_tide()
        # R6: both roll a die; the highest goes first (ties roll again).
        while True:
            rolls = [self.roll(6, reason="first player", seat=s)[0] for s in (0, 1)]
            if rolls[0] != rolls[1]:
                break
        self.first = 0 if rolls[0] > rolls[1] else 1
        order = rolls if self.first == 0 else rolls[::-1]
        self.emit({"type": "first", "side": self.first,
                   "text": text.first(self.factions[self.first], order)})
        self._begin_round()

    def _place_crew(self, side: int, zone: str, deckhands: int, bosuns: list[int]) -> None:
        """Put crew on ``zone``, on the first of the side's tracks through it (R31), or
        off every track where none passes."""
        track = position = STRAY
        for index, route in enumerate(self.routes[side]):
            if zone in route:
                track, position = index, route.index(zone)
                break
        self.crew[side].append([track, position, zone, deckhands, sorted(bosuns)])
        self._merge(side)

    # ----------------------------------------------------------- the board
    @property
    def config(self) -> Configuration:
        return self.game.config

    def crew_zone(self, side: int, group: Sequence[Any]) -> str:
        return group[ZONE]

    def crew_in(self, side: int, zone: str) -> tuple[int, int]:
        """How many deckhands and bosuns of ``side`` stand on ``zone``."""
        deckhands = bosuns = 0
        for group in self.crew[side]:
            if group[ZONE] == zone:
                deckhands += group[HANDS]
                bosuns += len(group[BOSUNS])
        return deckhands, bosuns

    def heroes_in(self, side: int, zone: str) -> list[int]:
        return [h for h in self.heroes_of(side) if self.zone[h] == zone]

    def enemies_in(self, side: int, zone: str) -> bool:
        """Whether ``zone`` holds a model of the side against ``side``, a sea monster of
        that side or the Kraken, everyone's enemy (R12)."""
        enemy = other(side)
        if self.heroes_in(enemy, zone) or any(self.crew_in(enemy, zone)):
            return True
        if self.kraken and self.kraken[0] == zone:
            return True
        return any(m[0] == enemy and m[1] == zone for m in self.monsters.values())

    def targets_in(self, side: int, zone: str) -> bool:
        """Whether ``zone`` holds something ``side`` may attack: enemy models or
        objectives (R16)."""
        return self.enemies_in(side, zone) or zone in self.objectives[other(side)]

    def deployment(self, side: int) -> tuple[str, ...]:
        return self.config.board.deploy[self.factions[side]]

    # ----------------------------------------------------------- rounds (R7-R10, R39)
    def _begin_round(self) -> None:
        self.passed = [False, False]
        self.crew_done = [False, False]
        self.side = self.first
        self.emit({"type": "round", "round": self.round, "first": self.first,
                   "text": text.round_begins(self.round, self.factions[self.first])})
        self._ask_turn()

    def _ask_turn(self) -> None:
        self.acting = None
        self.replace(Frame.of("turn", [self.side], round=self.round))

    def ready(self, side: int) -> list[int]:
        """The heroes ``side`` may activate: no activation token, no dead man's coin (R8),
        and on the board or able to deploy."""
        return [
            h for h in self.heroes_of(side)
            if not self.activated[h] and self.coin[h] is None
            and (self.zone[h] is not None or self._deploy_points(h))
        ]

    def _legal_turn(self, seat: int, frame: Frame) -> list[BonesAction]:
        out = [act("hero", str(h)) for h in self.ready(seat)]
        out += [act("monster", m) for m in self.ready_monsters(seat)]
        if not self.crew_done[seat]:
            out.append(CREW)
        out += [act("tide", c) for c in self.tide_turn_cards(seat)]
        out.append(PASS)
        return out

    def _on_turn(self, seat: int, action: BonesAction, frame: Frame) -> None:
        if action.verb == "tide":
            self._play_turn_card(seat, action.arg)  # R49: no cost; the turn goes on
        elif action.verb == "monster":
            self._activate_monster(action.arg)
        elif action == PASS:
            # R9: a side that passes is done for the round.
            self.passed[seat] = True
            self.emit({"type": "pass", "side": seat, "text": text.passes(self.factions[seat])})
            self._next_turn()
        elif action == CREW:
            self._activate_crew(seat)
        else:
            self._activate(int(action.arg))

    def _next_turn(self) -> None:
        """R9: the sides alternate; a side that has passed is skipped; when both have
        passed the round ends."""
        if self._over is not None:
            return
        if all(self.passed):
            self._end_round()
            return
        enemy = other(self.side)
        if not self.passed[enemy]:
            self.side = enemy
        self._ask_turn()

    def _end_round(self) -> None:
        """R53, R39: Unleash the Kraken, then recovery: the Tide discards and draws
        (R60), then the rest; then the next round (or the round limit, R41)."""
        self._unleash()
        if self._over is not None:
            return
        self.emit({"type": "recovery", "round": self.round, "text": text.recovery(self.round)})
        self._ask_discard(self.first)

    def _recover(self) -> None:
        for monster in self.monsters.values():
            monster[3] = False
        self._mend_gangplanks()
        for h in range(len(self.hero)):
            if self.coin[h] == GOLD:
                self.coin[h] = None  # R39: back next round
            elif self.coin[h] == DARK:
                self.coin[h] = GOLD  # R39: out of play next round
            if self.coin[h] is None:
                self.activated[h] = False  # R39
                self.overboard[h] = False
            self.spent[h] = []  # R45: reactions are ready again
        self.first = other(self.first)  # R39
        if self.round >= self.game.options["round_limit"]:
            self._end_by_limit()
            return
        self.round += 1
        self._begin_round()

    def _end_by_limit(self) -> None:
        """R41: past the round limit the side with more VP wins; equal VP, no one."""
        best = max(self.vp)
        sides = [s for s in (0, 1) if self.vp[s] == best]
        winners = frozenset() if len(sides) == 2 else self.game.team_of(sides[0])
        self.finish(Result(winners, tuple(float(v) for v in self.vp),
                           text.round_limit(self.game.options["round_limit"])))

    # ----------------------------------------------------------- hero activation
    def _activate(self, hero: int) -> None:
        self.acting = hero
        self.actions_left = ACTIONS
        self.emit({"type": "activate", "hero": hero, "text": text.activate(self.hero[hero])})
        if self.zone[hero] is None:
            self.replace(Frame.of("deploy", [self.side], hero=hero))
        else:
            self._ask_action()

    def _deploy_points(self, hero: int) -> list[str]:
        """R8: a deployment point of the hero's side without enemies (a ruling)."""
        side = self.side_of(hero)
        return [z for z in self.deployment(side) if not self.enemies_in(side, z)]

    def _legal_deploy(self, seat: int, frame: Frame) -> list[BonesAction]:
        return [act("deploy", zone=z) for z in self._deploy_points(frame.data["hero"])]

    def _on_deploy(self, seat: int, action: BonesAction, frame: Frame) -> None:
        hero = frame.data["hero"]
        self.zone[hero] = action.zone
        self.overboard[hero] = False
        self.emit({"type": "deploy", "hero": hero, "zone": action.zone,
                   "text": text.deploy(self.hero[hero], action.zone)})
        self._ask_action()

    def _ask_action(self) -> None:
        hero = self.acting
        assert hero is not None
        if self.zone[hero] is None or (self.actions_left <= 0 and not self._free_choices(hero)):
            self._end_activation()
            return
        self.replace(Frame.of("act", [self.side], hero=hero, left=self.actions_left))

    def occupied(self, side: int) -> set[str]:
        """The zones where ``side`` has a model (a sea monster of its own included)."""
        found = {z for h in self.heroes_of(side) if (z := self.zone[h]) is not None}
        found.update(g[ZONE] for g in self.crew[side])
        found.update(m[1] for m in self.monsters.values() if m[0] == side)
        return found

    def reach(self, hero: int, skill: str) -> int:
        """An attack skill's range, with the hero's Deadeye (R44)."""
        return self.profile(hero, skill).range + self.passive(hero, "deadeye")

    def target_zones(self, side: int) -> set[str]:
        """Every zone holding something ``side`` may attack: enemy models or
        objectives, and the Kraken (R16)."""
        enemy = other(side)
        targets = self.occupied(enemy)
        targets.update(self.objectives[enemy])
        if self.kraken:
            targets.add(self.kraken[0])
        return targets

    def attack_zones(self, side: int, origin: str, reach: int) -> list[str]:
        """Zones in range (counted orthogonally, across the sea) holding something
        ``side`` may attack (R16, R17)."""
        targets = self.target_zones(side)
        return [z for z in self.config.board.within(origin, reach) if z in targets]

    def _legal_act(self, seat: int, frame: Frame) -> list[BonesAction]:
        hero = frame.data["hero"]
        zone = self.zone[hero]
        assert zone is not None
        out: list[BonesAction] = []
        if self.actions_left > 0:
            if "stun" in self.conditions[hero]:
                out.append(SHAKE)  # R46: Stun is shaken off before any other action
            else:
                out += self._actions(seat, hero, zone)
        out += self._free_choices(hero)
        out.append(END)
        return out

    def _actions(self, seat: int, hero: int, zone: str) -> list[BonesAction]:
        out: list[BonesAction] = []
        slowed = "slow" in self.conditions[hero] and self.move_actions >= 1
        if not slowed and (self._step_zones(hero, MOVEMENT_POINTS)
                           or self._rig_zones(hero, MOVEMENT_POINTS)):
            out.append(MOVE)
        for skill in self.unlocked[hero]:
            spec = CONTENT.skills[skill]
            if spec.attacks and not (spec.once_a_turn and skill in self.used):
                out += [act("attack", skill, z)
                        for z in self.attack_zones(seat, zone, self.reach(hero, skill))]
        for skill in self.unlocked[hero]:
            spec = CONTENT.skills[skill]
            if spec.ability and skill not in self.used and not self.silenced(hero):
                out.append(act("use", skill))
        return out

    def _on_act(self, seat: int, action: BonesAction, frame: Frame) -> None:
        hero = frame.data["hero"]
        if action == END:
            self._end_activation()
            return
        if action.verb == "unlock":
            self.coins[hero] -= CONTENT.skills[action.arg].unlock
            self.unlocked[hero].append(action.arg)
            self.emit({"type": "unlock", "hero": hero, "skill": action.arg,
                       "text": text.unlock(self.hero[hero], action.arg)})
            self._ask_action()
            return
        if action.verb == "level":
            self.coins[hero] -= CONTENT.skills[action.arg].level_up
            self.levels[hero][action.arg] = 2
            self.emit({"type": "level", "hero": hero, "skill": action.arg,
                       "text": text.level(self.hero[hero], action.arg)})
            self._ask_action()
            return
        self.actions_left -= 1
        if action == SHAKE:
            self.conditions[hero].remove("stun")
            self.emit({"type": "shake", "hero": hero, "text": text.shake(self.hero[hero])})
            self._after_action()
        elif action == MOVE:
            self.move_actions += 1
            self.mp = MOVEMENT_POINTS
            self._ask_move()
        elif action.verb == "use":
            self.used.append(action.arg)
            self.emit({"type": "ability", "hero": hero, "skill": action.arg,
                       "text": text.ability(self.hero[hero], action.arg)})
            self.mp = 0
            self._run(hero, action.arg, "ability")
            if self.mp > 0 and self.zone[hero] is not None:
                self._ask_move()  # a dash: movement points of its own
            else:
                self._after_action()
        else:
            if CONTENT.skills[action.arg].once_a_turn:
                self.used.append(action.arg)
            self._declare_attack(
                seat, action.zone, self.profile(hero, action.arg),
                who=text.hero_title(self.hero[hero]), hero=hero, then="action",
                skill=action.arg,
            )

    def _after_action(self) -> None:
        """An action is over: a bleeding hero suffers 1 damage (R46)."""
        hero = self.acting
        if hero is not None and "bleed" in self.conditions[hero] and self.zone[hero] is not None:
            self.emit({"type": "bleed", "hero": hero, "text": text.bleed(self.hero[hero])})
            self._hurt_hero(hero, 1, None)
            if self._over is not None:
                return
        if self.acting is not None:
            self._ask_action()

    def _end_activation(self) -> None:
        hero = self.acting
        assert hero is not None
        self.activated[hero] = True  # R10: the activation token
        self.conditions[hero] = []  # R46: conditions end with the hero's activation
        self.used, self.move_actions, self.mp = [], 0, 0
        self.emit({"type": "activation_end", "hero": hero,
                   "text": text.end_activation(self.hero[hero])})
        self._next_turn()

    # ----------------------------------------------------------- movement (R11-R14)
    def _step_zones(self, hero: int, mp: int) -> list[str]:
        """Zones the hero may step into with one of its ``mp`` movement points: an
        adjacent deck zone or gangplank without enemies, never ending the move
        on an enemy deployment point (R12)."""
        zone = self.zone[hero]
        if zone is None:
            return []
        side = self.side_of(hero)
        board = self.config.board
        enemy_points = set(self.deployment(other(side)))
        out = []
        removed = self.removed()
        for there in board.adjacent(zone, removed):
            if self.enemies_in(side, there):
                continue
            if there in enemy_points and not (
                mp >= 2 and any(not self.enemies_in(side, z) and z != there
                                for z in board.adjacent(there, removed))
            ):
                continue  # the move could end there
            out.append(there)
        return out

    def _rig_zones(self, hero: int, mp: int) -> list[str]:
        """R13: from a zone on a ship's edge facing another ship, any deck zone of a
        faced ship without enemies (never a gangplank; not an enemy deployment
        point unless a movement point is left to leave it)."""
        zone = self.zone[hero]
        if zone is None:
            return []
        board = self.config.board
        faced = board.edge(zone)
        if not faced:
            return []
        side = self.side_of(hero)
        enemy_points = set(self.deployment(other(side)))
        own_ship = board.zones[zone].ship
        return [
            z for z, info in board.zones.items()
            if info.ship in faced and info.ship != own_ship and not self.enemies_in(side, z)
            and (z not in enemy_points or mp >= 2)
        ]

    def _ask_move(self) -> None:
        hero = self.acting
        assert hero is not None
        stuck = not self._step_zones(hero, self.mp) and not self._rig_zones(hero, self.mp)
        if self.mp <= 0 or stuck:
            self.mp = 0
            self._after_action()
            return
        self.replace(Frame.of("move", [self.side], hero=hero, mp=self.mp))

    def _legal_move(self, seat: int, frame: Frame) -> list[BonesAction]:
        hero = frame.data["hero"]
        out = [act("step", zone=z) for z in self._step_zones(hero, self.mp)]
        out += [act("rig", zone=z) for z in self._rig_zones(hero, self.mp)]
        zone = self.zone[hero]
        if zone not in self.deployment(other(seat)):
            out.append(STOP)  # R12: a move never ends on an enemy deployment point
        return out

    def _on_move(self, seat: int, action: BonesAction, frame: Frame) -> None:
        hero = frame.data["hero"]
        if action == STOP:
            self.mp = 0
            self._after_action()
            return
        self.mp -= 1
        if action.verb == "step":
            self.zone[hero] = action.zone
            self.emit({"type": "step", "hero": hero, "zone": action.zone,
                       "text": text.step(self.hero[hero], action.zone)})
            self._ask_move()
            return
        origin = self.zone[hero]
        assert origin is not None
        reach = self.config.board.distance(origin, action.zone)
        roll = self.roll(6, reason="rigging check", seat=seat)[0]
        success = roll + self.passive(hero, "sea_legs") >= reach  # R13, R44
        self.emit({"type": "rig", "hero": hero, "zone": action.zone, "roll": roll,
                   "range": reach, "success": success,
                   "text": text.rig(self.hero[hero], action.zone, roll, reach, success)})
        if success:
            self.zone[hero] = action.zone
            self._ask_move()
        else:
            self._knock_overboard(hero)

    def _knock_overboard(self, hero: int) -> None:
        """R14: the hero goes overboard with an activation token; if it was its
        activation, the activation ends at once."""
        self.zone[hero] = None
        self.overboard[hero] = True
        self.activated[hero] = True
        if hero == self.acting:
            self.mp = 0
            self.actions_left = 0
            self._end_activation()

    # ----------------------------------------------------------- the end, views
    def _out(self, seat: int) -> str | None:
        return None

    def _table_view(self) -> dict[str, Any]:
        heroes = []
        for h, name in enumerate(self.hero):
            heroes.append({
                "index": h,
                "hero": name,
                "side": self.side_of(h),
                "zone": self.zone[h],
                "damage": self.damage[h],
                "hp": CONTENT.heroes[name].hp,
                "coins": self.coins[h],
                "activated": self.activated[h],
                "coin": self.coin[h],
                "overboard": self.overboard[h],
                "hp_max": self.max_hp(h) if self.hero else CONTENT.heroes[name].hp,
                "skills": {skill: self.levels[h].get(skill, 1) for skill in self.unlocked[h]},
                "conditions": list(self.conditions[h]),
                "spent": list(self.spent[h]),
            })
        crew = []
        for side in (0, 1):
            groups = [
                {"zone": g[ZONE], "track": g[TRACK], "deckhands": g[HANDS],
                 "bosuns": list(g[BOSUNS])}
                for g in self.crew[side]
            ]
            crew.append(groups)
        objectives = [
            {zone: {"objective": entry[0], "damage": entry[1],
                    "hp": CONTENT.objectives[entry[0]].hp}
             for zone, entry in sorted(self.objectives[side].items())}
            for side in (0, 1)
        ]
        return {
            "board": self.config.name,
            "factions": list(self.factions),
            "round": self.round,
            "first": self.first,
            "side": self.side,
            "passed": list(self.passed),
            "crew_done": list(self.crew_done),
            "vp": list(self.vp),
            "picks": [list(p) for p in self.picks],
            "heroes": heroes,
            "crew": crew,
            "reserve": [list(r) for r in self.reserve],
            "objectives": objectives,
            "acting": self.acting,
            "actions_left": self.actions_left,
            "mp": self.mp,
            "used": list(self.used),
            "move_actions": self.move_actions,
            "hits": self.hits,
            "rerolls": self.rerolls,
            "pool": None if self.pool is None else self.pool.to_json(),
            "attack": {k: self.attack[k] for k in ("side", "zone", "hero", "damage", "skill",
                                                  "heroes_hit", "push", "monster", "dice",
                                                  "modifier", "to_hit", "source")
                       if k in self.attack} or None,
            "pushing": list(self.pushing) or None,
            # The Tide: hand sizes, deck sizes and discards are public, a hand is its
            # side's (and its teammates') alone.
            "hand_sizes": [len(h) for h in self.hand],
            "decks": [len(d) for d in self.deck],
            "discards": [sorted(d) for d in self.discards],
            "pools": list(self.pools),
            "kraken": list(self.kraken) or None,
            "kraken_dead": self.kraken_dead,
            "monsters": {name: {"side": m[0], "zone": m[1], "damage": m[2], "activated": m[3],
                                "hp": CONTENT.monsters[name].hp}
                         for name, m in sorted(self.monsters.items())},
            "summoned": list(self.summoned),
            "acting_monster": self.acting_monster or None,
            "wrecked": dict(sorted(self.wrecked.items())),
            "jammed": list(self.jammed),
        }

    def _view(self, seat: int | None) -> dict[str, Any]:
        view = self._table_view()
        if seat is not None:
            view["hand"] = list(self.hand[seat])
        return view

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        # R48: the other side's hand, and the order of every deck, are hidden. The
        # unseen cards of a side (its deck, and its hand unless it is the seat's) are
        # dealt anew; sorted first, so two states alike to the seat sample alike.
        for side in (0, 1):
            own = seat is not None and side == seat
            unseen = sorted(self.deck[side] + ([] if own else self.hand[side]))
            rng.shuffle(unseen)
            if not own:
                size = len(self.hand[side])
                self.hand[side] = sorted(unseen[:size])
                unseen = unseen[size:]
            self.deck[side] = unseen


def faction_pair(first: str) -> list[str]:
    """The factions of seats 0 and 1 when seat 0 leads ``first``."""
    return [first, *(side for side in SIDES if side != first)]


class BonesGame(Game):
    """Rum & Bones: Second Tide, two sides on pirate ships.

    >>> import plunder
    >>> state = plunder.load("rumbones", heroes="carcharius,ishmael,nerissa;"
    ...                      "calavera,demarco,hueso").new(seed=1)
    >>> state.decision.kind, [str(a) for a in state.legal(state.decision.data["round"] and
    ...                                                   min(state.pending))][:2]
    ('turn', ['hero:0', 'hero:1'])
    """

    name = "rumbones"
    title = "Rum & Bones: Second Tide"
    summary = "heroes and crews fight across pirate ships; first to 8 VP"
    min_players = 2
    max_players = 2
    default_players = 2
    extra_options = (
        Option("board", "box", "the board configuration: 'box' (the Gallant against two "
               "Windcutters) or 'broadside' (one ship a side)", choices=tuple(CONTENT.boards),
               label="Ships", choice_labels=tuple(c.title for c in CONTENT.boards.values())),
        Option("factions", "lords", "the faction seat 0 leads (seat 1 leads the other): "
               "'lords', 'marea' or 'random'", choices=("lords", "marea", "random"),
               label="Factions", choice_labels=("Seat 1: Deep Sea Lords",
                                                "Seat 1: Marea de la Muerte", "Drawn at random")),
        Option("heroes", "draft", "'draft' (the sides pick in turn), 'random' (dealt), or "
               "three heroes a side: 'a,b,c;d,e,f'", label="Heroes"),
        Option("target", 8, "VP that win the game", minimum=1, maximum=30, label="VP to win"),
        Option("round_limit", 20, "rounds after which the side with more VP wins",
               minimum=1, maximum=200, label="Rounds at most"),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.config = CONTENT.boards[self.options["board"]]
        self.hero_lists = self._hero_lists(self.options["heroes"], self.options["factions"])

    @staticmethod
    def _hero_lists(choice: Any, factions: str) -> list[list[str]]:
        if not isinstance(choice, str):
            raise OptionError(f"option 'heroes' is {choice!r}; it takes text", field="heroes")
        if choice in ("draft", "random"):
            return []
        sides = [part.split(",") for part in choice.lower().replace(" ", "").split(";")]
        if len(sides) != 2 or any(len(names) != HEROES_A_SIDE for names in sides):
            raise OptionError("option 'heroes' lists three heroes a side: 'a,b,c;d,e,f'",
                              field="heroes")
        order = None if factions == "random" else faction_pair(factions)
        for index, names in enumerate(sides):
            for name in names:
                if name not in CONTENT.heroes:
                    raise OptionError(f"option 'heroes' names {name!r}; heroes are "
                                      + ", ".join(sorted(CONTENT.heroes)), field="heroes")
            if len(set(names)) != len(names):
                raise OptionError("a side fields each hero at most once", field="heroes")
            if order is not None:
                allowed = CONTENT.roster(order[index])
                wrong = [n for n in names if n not in allowed]
                if wrong:
                    raise OptionError(f"{', '.join(wrong)} cannot fight for the "
                                      f"{CONTENT.factions[order[index]].title}", field="heroes")
        return sides

    def faction_order(self, state: State) -> list[str]:
        """R1: which faction each side leads (drawn by the state's generator if random)."""
        choice = self.options["factions"]
        if choice != "random":
            return faction_pair(choice)
        order = list(SIDES)
        state.shuffle(order)
        if self.hero_lists:
            # Listed heroes must fit their side's faction whatever the draw.
            for index, names in enumerate(self.hero_lists):
                if any(n not in CONTENT.roster(order[index]) for n in names):
                    order.reverse()
                    break
        return order

    def _new_state(self, seed: int) -> BonesState:
        return BonesState(self, seed)

    def zones(self) -> tuple[str, ...]:
        return tuple(self.config.board.zones)

    def _all_actions(self) -> list[BonesAction]:
        board = self.config.board
        every = self.zones()
        decks = [z for z in every if board.zones[z].kind == "deck"]
        walk = [z for z in every if board.zones[z].walkable]
        out = [act("pick", h) for h in CONTENT.heroes]
        out += [act("hero", str(h)) for h in range(2 * HEROES_A_SIDE)] + [CREW, PASS]
        out += [act("deploy", zone=z) for z in decks]
        out += [MOVE] + [act("step", zone=z) for z in walk] + [act("rig", zone=z) for z in decks]
        out += [STOP, END]
        skills = CONTENT.skills
        attacks = [name for name, spec in skills.items() if spec.attacks]
        out += [act("attack", skill, z) for skill in attacks for z in every]
        out += [act("unlock", name) for name, spec in skills.items() if spec.unlock]
        out += [act("level", name) for name, spec in skills.items() if spec.level_up]
        out += [act("use", name) for name, spec in skills.items() if spec.ability]
        out += [SHAKE]
        out += [act("react", name) for name, spec in skills.items() if spec.reaction]
        out += [KEEP] + [act("reroll", str(i)) for i in range(max_dice())]
        targets = [DECKHAND, BOSUN, *(f"hero{h}" for h in range(2 * HEROES_A_SIDE)),
                   *CONTENT.objectives, *CONTENT.monsters, KRAKEN]
        out += [act("assign", t) for t in targets]
        out += [act("shove", t) for t in targets[: 2 + 2 * HEROES_A_SIDE]]
        out += [act("push", zone=z) for z in every]
        out += [act("muster", zone=z) for z in decks] + [act("bosun", zone=z) for z in decks]
        out += [act("first", "crew"), act("first", "gun"), ADVANCE, HOLD]
        out += [act("strike", zone=z) for z in every] + [act("fire", zone=z) for z in every]
        sea = [z for z in every if board.zones[z].kind == "sea"]
        out += [act("tide", card) for card in CONTENT.cards]
        out += [act("discard", card) for card in CONTENT.cards]
        out += [act("mend", f"hero{h}") for h in range(2 * HEROES_A_SIDE)]
        out += [act("gather", zone=z) for z in decks]
        out += [act("summon", m, z) for m in CONTENT.monsters for z in sea]
        out += [act("monster", m) for m in CONTENT.monsters]
        out += [act("attack", m, z) for m in CONTENT.monsters for z in every]
        out += [act("swim", zone=z) for z in every]
        return out

    def _max_decisions(self) -> int:
        # The draft and every unlock and level-up of a game; then each round every
        # hero's activation (the turn, a deploy, three actions each with two movement
        # points, a dash, its re-rolls, the defenders' reactions, its hits, a push),
        # both crews' (the turn, muster and bosun choices, the order, a choice to
        # advance or an attack's target for each of up to thirty crew and the raids,
        # their hits, the gun and its hits) and both passes.
        skills = CONTENT.skills.values()
        dice = max_dice()
        dash = max(p.amount("dash") for s in skills for p in (s.level1, s.level2))
        rerolls = max(p.amount("reroll") for s in skills for p in (s.level1, s.level2))
        push = max(p.amount("push") for s in skills for p in (s.level1, s.level2))
        action = 1 + MOVEMENT_POINTS + dash + rerolls + (HEROES_A_SIDE + 1) + dice + 1 + push
        hero = 2 + ACTIONS * action
        crews = max(f.deckhands + f.bosuns for f in CONTENT.factions.values())
        gun = max(f.gun.dice for f in CONTENT.factions.values())
        crew = 1 + 3 + BOSUNS_A_CREW + 1 + 4 * crews + 1 + gun
        # A Tide card a turn at most as many as a side draws (3 a round, each asking a
        # choice or two); each attack's Tide window (both hands and a pass each); the
        # sea monsters' activations; the discards.
        cards = 2 * HAND * 3
        windows = ACTIONS * HEROES_A_SIDE * (2 * HAND + 2)
        beasts = len(CONTENT.monsters) * (1 + ACTIONS * (1 + 3 + 1 + HEROES_A_SIDE + 1 + dice))
        per_round = 2 * (HEROES_A_SIDE * hero + crew + 1 + cards + windows + HAND + 1) + beasts
        once = 2 * HEROES_A_SIDE * (1 + 2 * 4)  # a pick, and each skill unlocked and levelled
        return once + self.options["round_limit"] * per_round

    def _catalogue(self) -> dict[str, Any]:
        def profile(p: Profile) -> dict[str, Any]:
            return {"range": p.range, "dice": p.dice, "to_hit": p.to_hit, "damage": p.damage,
                    "effects": [step.code for step in p.effects]}

        return {
            "factions": {
                name: {"id": name, "title": f.title, "flavour": f.flavour,
                       "deckhands": f.deckhands, "bosuns": f.bosuns,
                       "deckhand_hp": f.deckhand_hp, "bosun_hp": f.bosun_hp,
                       "crew": {"range": f.crew_range, "dice": f.crew_dice,
                                "to_hit": f.crew_hit, "with_bosun": f.bosun_hit},
                       "gun": profile(f.gun)}
                for name, f in CONTENT.factions.items()
            },
            "heroes": {
                name: {"id": name, "title": h.title, "faction": h.faction, "role": h.role,
                       "hp": h.hp, "basic": h.basic, "skills": list(h.skills),
                       "flavour": h.flavour}
                for name, h in CONTENT.heroes.items()
            },
            "skills": {
                name: {"id": name, "title": s.title, "kind": s.kind, "text": s.text,
                       "unlock": s.unlock, "level_up": s.level_up,
                       "level1": profile(s.level1), "level2": profile(s.level2)}
                for name, s in CONTENT.skills.items()
            },
            "objectives": {
                name: {"id": name, "title": o.title, "hp": o.hp, "vp": o.vp, "coins": o.coins,
                       "effects": [step.code for step in o.effects]}
                for name, o in CONTENT.objectives.items()
            },
            "cards": {
                name: {"id": name, "title": c.title, "faction": c.faction, "count": c.count,
                       "kraken": c.kraken, "timing": c.timing, "side": c.side or None,
                       "effects": [step.code for step in c.effects], "text": c.text}
                for name, c in CONTENT.cards.items()
            },
            "monsters": {
                name: {"id": name, "title": m.title, "hp": m.hp, "move": m.move,
                       "attack": profile(m.attack), "text": m.text}
                for name, m in CONTENT.monsters.items()
            },
            "effects": dict(CONTENT.effects),
            "ships": dict(CONTENT.ships),
            "conditions": dict(CONTENT.conditions),
            "kraken": {
                "hp": CONTENT.kraken.hp, "arrival": CONTENT.kraken.arrival,
                "pool_cap": CONTENT.kraken.pool_cap,
                "table": {str(face): {"name": row[0], "text": row[1], "range": row[2],
                                      "damage": row[3]}
                          for face, row in CONTENT.kraken.table.items()},
            },
            "board": {
                "id": self.config.name,
                "title": self.config.title,
                **self.config.board.to_json(),
                "objectives": self.config.objectives,
                "crew": self.config.crew,
                "gun": self.config.gun,
                "kraken": self.config.kraken,
            },
            "decisions": {
                "pick": "a side picks a hero of its faction or a mercenary",
                "turn": "the side to play activates a hero or its crew, or passes",
                "deploy": "the activating hero picks a deployment point",
                "act": "the activating hero's next action: move, attack, an ability, shake off "
                       "a stun, or end; unlocking and levelling up skills cost no action",
                "move": "a movement point: step to a zone next door, rig across, or stop",
                "reroll": "which missed die to re-roll, or keep the dice",
                "hits": "the defenders' reactions to the hits rolled against their zone",
                "assign": "where the next hit goes",
                "shove": "which model the attack pushes, or none",
                "push": "where the pushed model goes, one zone at a time",
                "muster": "where deckhands deploy when too few are left for every point",
                "bosun": "where a bosun deploys",
                "order": "crew first or deck gun first",
                "advance": "crew next to an enemy move on or hold",
                "strike": "the zone a crew model attacks",
                "fire": "the zone the deck gun fires at",
                "tide": "Tide cards played when a hero attacks, before the dice",
                "mend": "which hero a Tide card heals",
                "gather": "where a Tide card's deckhands go",
                "summon": "which sea monster a Sea Monster Attack! summons, and where",
                "beast": "a sea monster's next action: move, attack or end",
                "swim": "a sea monster's movement point: a sea zone or gangplank, or stop",
                "discard": "recovery: which Tide card to discard, or keep the rest",
            },
        }

    def parse(self, text_: str, legal: Sequence[str] = ()) -> BonesAction:
        if not isinstance(text_, str):
            raise notation_error(repr(text_), NOTATION_HELP, legal)
        match = _NOTATION.match(text_.lower())
        if match is None or match.group(1) not in VERBS:
            raise notation_error(text_, NOTATION_HELP, legal)
        return act(match.group(1), match.group(2) or "", match.group(3) or "")

