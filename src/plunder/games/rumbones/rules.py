"""Rum & Bones: Second Tide: heroes and crews fight across pirate ships.

Rule numbers (R1, R2, …) refer to ``docs/rules/rumbones.md``. Two sides, each a
faction on its own ship(s) (with 3 to 6 players each side is a team, R61-R69),
take turns: activate a hero (deploy it, then up to
three actions: a move of two movement points, attacks), activate the crew (once
a round: deploy, advance along the tracks and attack, fire the deck gun, in the
order the side chooses), or pass; when both have passed the round ends with
recovery. Destroyed objectives and knocked-out heroes score VP; the first side
to the target (8) wins.

Each kind of decision is a pair of handlers (``_legal_<kind>``, ``_on_<kind>``):

* ``captain``: a team elects its captain (5 and 6 players), answered once;
* ``pick``: a player picks a hero of its side's roster (the draft);
* ``turn``: the side to play activates a hero (``hero:N``), its crew (``crew``) or
  passes (``pass``); a team answers it once;
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
from typing import TYPE_CHECKING, Any

from plunder.engine.frame import ANY, Frame
from plunder.engine.result import Result
from plunder.engine.state import State
from plunder.games.rumbones import text
from plunder.games.rumbones.actions import (
    ACTIONS,
    ADVANCE,
    CREW,
    DARK,
    END,
    GOLD,
    HEROES_A_SIDE,
    MOVE,
    MOVEMENT_POINTS,
    PASS,
    SHAKE,
    STOP,
    STRAY,
    BonesAction,
    act,
    other,
)
from plunder.games.rumbones.combat import Combat
from plunder.games.rumbones.content import CONTENT, Configuration
from plunder.games.rumbones.crew import Crews
from plunder.games.rumbones.pieces import (
    Activation,
    Attack,
    Count,
    Crew,
    CrewTurn,
    Hero,
    Kraken,
    Monster,
    Reserve,
    Standing,
)
from plunder.games.rumbones.sea import TideAndSea
from plunder.games.rumbones.seating import Seating
from plunder.games.rumbones.selection import Selection
from plunder.games.rumbones.skills import Skills

if TYPE_CHECKING:
    from plunder.games.rumbones.game import BonesGame

__all__ = ["ADVANCE", "HEROES_A_SIDE", "BonesAction", "BonesState", "other"]


# Each side's foes in a battle (two sides): asked for every zone a rule looks at, so
# made once.
_FOES = ((other(0),), (other(1),))


class BonesState(Selection, Skills, Combat, Crews, TideAndSea, State):
    game: BonesGame

    # The decisions answered on the open board, which a player may take back until
    # a die is rolled or a card drawn (plunder.engine.undo). The Tide card windows
    # and the recovery's discard show a card of a hidden hand: not among them.
    quiet_kinds = frozenset((
        "captain", "pick", "reward", "turn", "deploy", "act", "move", "reroll", "assign",
        "shove", "push", "muster", "bosun", "order", "advance", "strike", "fire", "mend",
        "gather", "summon", "beast", "swim", "seize",
    ))

    def __init__(self, game: BonesGame, seed: int) -> None:
        super().__init__(game, seed)
        sides = len(self.seating.sides)
        self.factions: list[str] = list(game.faction_order(self))
        # Heroes by index, side by side (R3): side 0's first.
        self.heroes: list[Hero] = []
        # Crew: per side, its groups (by track, then along it).
        self.crew: list[list[Crew]] = [[] for _ in range(sides)]
        self.reserve: list[Reserve] = [Reserve(0, 0) for _ in range(sides)]  # off the board
        # Objectives standing: per side, by zone.
        self.objectives: list[dict[str, Standing]] = [{} for _ in range(sides)]
        self.vp = [0] * sides
        self.round = 1
        self.first = 0
        self.side = 0  # the side to play
        self.passed = [False] * sides
        self.crew_done = [False] * sides
        self.crew_turn = CrewTurn()  # the crew's activation under way (R28)
        self.acting: int | None = None  # the hero whose activation this is
        self.activation = Activation()  # the activation under way (R10, R55)
        self.attack: Attack | None = None  # the attack under way, with its dice
        self.last_attack: Attack | None = None  # the attack over last (R36)
        self.picks: list[list[str]] = [[] for _ in range(sides)]
        self.dealt: list[list[str]] = [[] for _ in range(sides)]  # Random Heroes (R70, R71)
        self.captains: list[int | None] = [None] * sides  # elected captains (R64)
        # The Tide (R48-R52): decks (hidden order) and discards per side, hands per seat
        # (hidden but from the seat's team, R65).
        self.deck: list[list[str]] = [[] for _ in range(sides)]
        self.hand: list[list[str]] = [[] for _ in range(game.players)]
        self.discards: list[list[str]] = [[] for _ in range(sides)]
        self.pools = [0] * sides  # the Kraken pools (R50)
        # What a Tide card's effects still ask: the kind of choice, its player, an amount.
        self.choices: list[tuple[str, int, int]] = []
        self.discarding = 0
        # The Kraken (R53-R56), while it is up.
        self.kraken: Kraken | None = None
        self.kraken_dead = False
        # Sea monsters (R55-R59) by name.
        self.monsters: dict[str, Monster] = {}
        self.summoned: list[str] = []
        self.acting_monster = ""
        self.wrecked: dict[str, str] = {}  # gangplanks destroyed: zone -> by what
        self.jammed = [False] * sides  # deck guns whose helm is destroyed
        self._set_up()
        self._open_step()

    def _set_up(self) -> None:
        config = self.game.config
        # Each side's crew tracks (immutable: clones share them).
        self.routes = tuple(config.board.tracks[f] for f in self.factions)
        self.emit({"type": "setup", "board": config.name, "factions": list(self.factions),
                   "text": text.setup(config.name, self.factions, self.seating.sides)})
        self._elect_captains()

    # ----------------------------------------------------------- sides and seats
    @property
    def seating(self) -> Seating:
        """Who plays what (R61-R66): the game's, fixed by its options, so clones share it."""
        return self.game.seating

    def seat_side(self, seat: int) -> int:
        """The side ``seat`` plays for (its team's, R61)."""
        return self.seating.side_of[seat]

    def first_movers(self) -> tuple[frozenset[int], ...]:
        """R6, R39 (R75, R78 in Clash Royale!): the side that went first in each round,
        its seats, as each round's start logged it."""
        sides = self.seating.sides
        leads = tuple(frozenset(sides[event.data["first"]]) for event in self.log
                      if event.data.get("type") == "round")
        return leads or super().first_movers()

    def seat_sides(self) -> tuple[str, ...]:
        """R1: each seat's faction, its side's; none in Clash Royale! (R73)."""
        if not self.factions:
            return ()
        return tuple(self.factions[side] for side in self.seating.side_of)

    def side_of(self, hero: int) -> int:
        """R3: heroes are numbered side by side: side 0's first (0..2 with two players)."""
        return self.game.hero_sides[hero]

    def heroes_of(self, side: int) -> range:
        # Asked for nearly every zone a rule looks at: the seating's first heroes read
        # straight from the game.
        first = self.game.seating.firsts[side]
        return range(first, first + len(self.picks[side]))

    def foes(self, side: int) -> tuple[int, ...]:
        """The sides against ``side``: the other one (every other one in Clash Royale!)."""
        return _FOES[side]

    def who(self, side: int) -> str:
        """``side`` in the log's words."""
        return text.side_name(self.factions[side])

    def team_frame(self, kind: str, side: int, **data: Any) -> Frame:
        """A decision of ``side``: a team answers it once, whichever of its players does
        (R67); a side of one player answers it alone."""
        seats = self.seating.sides[side]
        if len(seats) > 1:
            return Frame.of(kind, seats, answer=ANY, **data)
        return Frame.of(kind, seats, **data)

    def by_seat(self, seat: int) -> dict[str, int]:
        """An event's ``seat``, where a side has several: who of the team did it."""
        return {"seat": seat} if self.game.has_teams else {}

    # ----------------------------------------------------------- set-up (R1-R6)
    def _add_hero(self, name: str, owner: int) -> None:
        hero = CONTENT.heroes[name]
        # R42: the basic attack and the passive are the hero's from the start.
        unlocked = [s for s in (hero.basic, *hero.skills) if CONTENT.skills[s].unlock == 0]
        self.heroes.append(Hero(name, owner, unlocked))

    def _start(self) -> None:
        config = self.game.config
        for side in range(len(self.seating.sides)):
            faction = CONTENT.factions[self.factions[side]]
            for name, owner in zip(self.picks[side], self.seating.pickers(side), strict=True):
                self._add_hero(name, owner)
            self.emit({"type": "heroes", "side": side, "heroes": list(self.picks[side]),
                       "text": text.heroes(self.factions[side], self.picks[side])})
            # R4, R5: objectives and the starting deckhands as the configuration shows.
            for zone, objective in config.objectives[self.factions[side]].items():
                self.objectives[side][zone] = Standing(objective, 0)
            placed = 0
            for zone, count in config.crew[self.factions[side]].items():
                self._place_crew(side, zone, count, [])
                placed += count
            self.reserve[side] = Reserve(faction.deckhands - placed, faction.bosuns)
        self._deal_tide()
        # R6: both roll a die (a team's first player for it); the highest goes first
        # (ties roll again).
        while True:
            rolls = [self.roll(6, reason="first player", seat=seats[0])[0]
                     for seats in self.seating.sides]
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
        self.crew[side].append(Crew(track, position, zone, deckhands, sorted(bosuns)))
        self._merge(side)

    # ----------------------------------------------------------- the board
    @property
    def config(self) -> Configuration:
        return self.game.config

    def crew_zone(self, side: int, group: Crew) -> str:
        return group.zone

    def crew_in(self, side: int, zone: str) -> Count:
        """How many deckhands and bosuns of ``side`` stand on ``zone``."""
        deckhands = bosuns = 0
        for group in self.crew[side]:
            if group.zone == zone:
                deckhands += group.deckhands
                bosuns += len(group.bosuns)
        return Count(deckhands, bosuns)

    def heroes_in(self, side: int, zone: str) -> list[int]:
        return [h for h in self.heroes_of(side) if self.heroes[h].zone == zone]

    def enemies_in(self, side: int, zone: str) -> bool:
        """Whether ``zone`` holds a model of a side against ``side``, a sea monster of
        such a side or the Kraken, everyone's enemy (R12)."""
        # Written out rather than through heroes_in and crew_in: moves, attacks and
        # the crew's advance ask it of zone after zone, and it answers at the first.
        heroes = self.heroes
        for enemy in self.foes(side):
            for hero in self.heroes_of(enemy):
                if heroes[hero].zone == zone:
                    return True
            for group in self.crew[enemy]:
                if group.zone == zone and (group.deckhands or group.bosuns):
                    return True
        if self.kraken and self.kraken.zone == zone:
            return True
        foes = self.foes(side)
        return any(m.side in foes and m.zone == zone for m in self.monsters.values())

    def blocks(self, side: int, zone: str) -> bool:
        """Whether ``zone`` is closed to ``side``'s models as they move (R12: enemies)."""
        return self.enemies_in(side, zone)

    def deployment(self, side: int) -> tuple[str, ...]:
        return self.config.board.deploy[self.factions[side]]

    def enemy_points(self, side: int) -> set[str]:
        """Deployment points a move of ``side``'s may never end on (R12)."""
        return {z for enemy in self.foes(side) for z in self.deployment(enemy)}

    # ----------------------------------------------------------- rounds (R7-R10, R39)
    def _begin_round(self) -> None:
        self.passed = [False] * len(self.passed)
        self.crew_done = [False] * len(self.crew_done)
        self.side = self.first
        self.emit({"type": "round", "round": self.round, "first": self.first,
                   "text": text.round_begins(self.round, self.factions[self.first])})
        self._ask_turn()

    def _ask_turn(self) -> None:
        self.acting = None
        self.replace(self.team_frame("turn", self.side, round=self.round))

    def ready(self, side: int) -> list[int]:
        """The heroes ``side`` may activate: no activation token, no dead man's coin (R8),
        and on the board or able to deploy."""
        return [
            h for h in self.heroes_of(side)
            if not self.heroes[h].activated and self.heroes[h].coin is None
            and (self.heroes[h].zone is not None or self._deploy_points(h))
        ]

    def _legal_turn(self, seat: int, frame: Frame) -> list[BonesAction]:
        # R67: which hero, sea monster or crew activates, or a pass, is the team's
        # decision; a Tide card is played by the player who holds it (R65).
        side = self.seat_side(seat)
        out = [act("hero", str(h)) for h in self.ready(side)]
        out += [act("monster", m) for m in self.ready_monsters(side)]
        if not self.crew_done[side]:
            out.append(CREW)
        out += [act("tide", c) for c in self.tide_turn_cards(seat)]
        out.append(PASS)
        return out

    def _on_turn(self, seat: int, action: BonesAction, frame: Frame) -> None:
        side = self.seat_side(seat)
        if action.verb == "tide":
            self._play_turn_card(seat, action.arg)  # R49: no cost; the turn goes on
        elif action.verb == "monster":
            self._activate_monster(action.arg)
        elif action == PASS:
            # R9: a side that passes is done for the round.
            self.passed[side] = True
            self.emit({"type": "pass", "side": side, **self.by_seat(seat),
                       "text": text.passes(self.factions[side])})
            self._next_turn()
        elif action == CREW:
            self._activate_crew(side, seat)
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
        self._ask_discard(self.recovery_seats()[0])

    def _recover(self) -> None:
        for monster in self.monsters.values():
            monster.activated = False
        self._mend_gangplanks()
        for hero in self.heroes:
            if hero.coin == GOLD:
                hero.coin = None  # R39: back next round
            elif hero.coin == DARK:
                hero.coin = GOLD  # R39: out of play next round
            if hero.coin is None:
                hero.activated = False  # R39
                hero.overboard = False
            hero.spent = []  # R45: reactions are ready again
        self.first = other(self.first)  # R39
        if self.round >= self.game.options["round_limit"]:
            self._end_by_limit()
            return
        self.round += 1
        self._begin_round()

    def side_result(self, winners: Sequence[int], reason: str) -> Result:
        """A result in which ``winners`` (sides) win: every seat of theirs, and every seat
        scores its side's VP."""
        seats = frozenset(s for side in winners for s in self.seating.sides[side])
        scores = tuple(float(self.vp[self.seat_side(s)]) for s in range(self.players))
        # Each side's VP by source, as its "vp" events told them (R24, R26, R56).
        sources: list[dict[str, float]] = [{} for _ in self.vp]
        for event in self.log:
            if event.data.get("type") == "vp":
                parts = sources[event.data["side"]]
                why = event.data["why"]
                parts[why] = parts.get(why, 0.0) + event.data["amount"]
        for side, parts in enumerate(sources):
            # A position set up with VP already scored (a test's, an analysis's).
            before = self.vp[side] - sum(parts.values())
            if before:
                parts[text.VP_BEFORE] = float(before)
        breakdown = tuple(sources[self.seat_side(s)] for s in range(self.players))
        return Result(seats, scores, reason, breakdown=breakdown)

    def _end_by_limit(self) -> None:
        """R41: past the round limit the side with more VP wins; equal VP, no one."""
        best = max(self.vp)
        sides = [s for s in range(len(self.vp)) if self.vp[s] == best]
        self.finish(self.side_result(sides if len(sides) == 1 else [],
                                     text.round_limit(self.game.options["round_limit"])))

    # ----------------------------------------------------------- hero activation
    def _activate(self, hero: int) -> None:
        self.acting = hero
        self.activation = Activation(left=ACTIONS)
        self.emit({"type": "activate", "hero": hero, "text": text.activate(self.heroes[hero].name)})
        if self.heroes[hero].zone is None:
            self.replace(Frame.of("deploy", [self.heroes[hero].owner], hero=hero))
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
        self.heroes[hero].zone = action.zone
        self.heroes[hero].overboard = False
        self.emit({"type": "deploy", "hero": hero, "zone": action.zone,
                   "text": text.deploy(self.heroes[hero].name, action.zone)})
        self._ask_action()

    def _ask_action(self) -> None:
        hero = self.acting
        assert hero is not None
        off = self.heroes[hero].zone is None
        if off or (self.activation.left <= 0 and not self._free_choices(hero)):
            self._end_activation()
            return
        # R62: a hero's activation is its player's to play.
        self.replace(Frame.of("act", [self.heroes[hero].owner], hero=hero,
                              left=self.activation.left))

    def occupied(self, side: int) -> set[str]:
        """The zones where ``side`` has a model (a sea monster of its own included)."""
        found = {z for h in self.heroes_of(side) if (z := self.heroes[h].zone) is not None}
        found.update(g.zone for g in self.crew[side])
        found.update(m.zone for m in self.monsters.values() if m.side == side)
        return found

    def neutral_targets(self) -> set[str]:
        """Zones of things no side owns that anyone may attack (none in a battle)."""
        return set()

    def reach(self, hero: int, skill: str) -> int:
        """An attack skill's range, with the hero's Deadeye (R44)."""
        return self.profile(hero, skill).range + self.passive(hero, "deadeye")

    def target_zones(self, side: int) -> set[str]:
        """Every zone holding something ``side`` may attack: enemy models or
        objectives, what belongs to no side, and the Kraken (R16)."""
        targets = self.neutral_targets()
        for enemy in self.foes(side):
            targets.update(self.occupied(enemy))
            targets.update(self.objectives[enemy])
        if self.kraken:
            targets.add(self.kraken.zone)
        return targets

    def attack_zones(self, side: int, origin: str, reach: int) -> list[str]:
        """Zones in range (counted orthogonally, across the sea) holding something
        ``side`` may attack (R16, R17)."""
        targets = self.target_zones(side)
        return [z for z in self.config.board.within(origin, reach) if z in targets]

    def _legal_act(self, seat: int, frame: Frame) -> list[BonesAction]:
        hero = frame.data["hero"]
        zone = self.heroes[hero].zone
        assert zone is not None
        out: list[BonesAction] = []
        if self.activation.left > 0:
            if "stun" in self.heroes[hero].conditions:
                out.append(SHAKE)  # R46: Stun is shaken off before any other action
            else:
                out += self._actions(hero, zone)
        out += self._free_choices(hero)
        out.append(END)
        return out

    def _actions(self, hero: int, zone: str) -> list[BonesAction]:
        side = self.side_of(hero)
        out: list[BonesAction] = []
        slowed = "slow" in self.heroes[hero].conditions and self.activation.moves >= 1
        if not slowed and (self._step_zones(hero, MOVEMENT_POINTS)
                           or self._rig_zones(hero, MOVEMENT_POINTS)):
            out.append(MOVE)
        for skill in self.heroes[hero].unlocked:
            spec = CONTENT.skills[skill]
            if spec.attacks and not (spec.once_a_turn and skill in self.activation.used):
                out += [act("attack", skill, z)
                        for z in self.attack_zones(side, zone, self.reach(hero, skill))]
        for skill in self.heroes[hero].unlocked:
            spec = CONTENT.skills[skill]
            if spec.ability and skill not in self.activation.used and not self.silenced(hero):
                out.append(act("use", skill))
        return out

    def _on_act(self, seat: int, action: BonesAction, frame: Frame) -> None:
        hero = frame.data["hero"]
        if action == END:
            self._end_activation()
            return
        if action.verb == "unlock":
            self.heroes[hero].coins -= CONTENT.skills[action.arg].unlock
            self.heroes[hero].unlocked.append(action.arg)
            self.emit({"type": "unlock", "hero": hero, "skill": action.arg,
                       "text": text.unlock(self.heroes[hero].name, action.arg)})
            self._ask_action()
            return
        if action.verb == "level":
            self.heroes[hero].coins -= CONTENT.skills[action.arg].level_up
            self.heroes[hero].levels[action.arg] = 2
            self.emit({"type": "level", "hero": hero, "skill": action.arg,
                       "text": text.level(self.heroes[hero].name, action.arg)})
            self._ask_action()
            return
        self.activation.left -= 1
        if action == SHAKE:
            self.heroes[hero].conditions.remove("stun")
            self.emit({"type": "shake", "hero": hero, "text": text.shake(self.heroes[hero].name)})
            self._after_action()
        elif action == MOVE:
            self.activation.moves += 1
            self.activation.mp = MOVEMENT_POINTS
            self._ask_move()
        elif action.verb == "use":
            self.activation.used.append(action.arg)
            self.emit({"type": "ability", "hero": hero, "skill": action.arg,
                       "text": text.ability(self.heroes[hero].name, action.arg)})
            self.activation.mp = 0
            self._run(hero, action.arg, "ability")
            if self.activation.mp > 0 and self.heroes[hero].zone is not None:
                self._ask_move()  # a dash: movement points of its own
            else:
                self._after_action()
        else:
            if CONTENT.skills[action.arg].once_a_turn:
                self.activation.used.append(action.arg)
            self._declare_attack(
                self.side_of(hero), action.zone, self.profile(hero, action.arg),
                who=text.hero_title(self.heroes[hero].name), hero=hero, then="action",
                skill=action.arg, seat=seat,
            )

    def _after_action(self) -> None:
        """An action is over: a bleeding hero suffers 1 damage (R46)."""
        hero = self.acting
        bleeding = hero is not None and "bleed" in self.heroes[hero].conditions
        if hero is not None and bleeding and self.heroes[hero].zone is not None:
            self.emit({"type": "bleed", "hero": hero, "text": text.bleed(self.heroes[hero].name)})
            # R27, R46: the bleed comes from the attack of the hero that made it
            # bleed, and a KO by it is that hero's, unless the table plays it as a KO
            # by no hero.
            by = self.heroes[hero].bled_by if self.game.options["bleed_ko"] == "bleeder" else None
            self._hurt_hero(hero, 1, by)
            if self._over is not None:
                return
        if self.acting is not None:
            self._ask_action()

    def _end_activation(self) -> None:
        hero = self.acting
        assert hero is not None
        self.heroes[hero].activated = True  # R10: the activation token
        self.heroes[hero].conditions = []  # R46: conditions end with the hero's activation
        self.activation = Activation()
        self.emit({"type": "activation_end", "hero": hero,
                   "text": text.end_activation(self.heroes[hero].name)})
        self._next_turn()

    # ----------------------------------------------------------- movement (R11-R14)
    def _step_zones(self, hero: int, mp: int) -> list[str]:
        """Zones the hero may step into with one of its ``mp`` movement points: an
        adjacent deck zone or gangplank without enemies, never ending the move
        on an enemy deployment point (R12)."""
        zone = self.heroes[hero].zone
        if zone is None:
            return []
        side = self.side_of(hero)
        board = self.config.board
        enemy_points = self.enemy_points(side)
        out = []
        removed = self.removed()
        for there in board.adjacent(zone, removed):
            if self.blocks(side, there):
                continue
            if there in enemy_points and not (
                mp >= 2 and any(not self.blocks(side, z) and z != there
                                for z in board.adjacent(there, removed))
            ):
                continue  # the move could end there
            out.append(there)
        return out

    def _rig_zones(self, hero: int, mp: int) -> list[str]:
        """R13: from a zone on a ship's edge facing another ship, any deck zone of a
        faced ship without enemies (never a gangplank; not an enemy deployment
        point unless a movement point is left to leave it)."""
        zone = self.heroes[hero].zone
        if zone is None:
            return []
        board = self.config.board
        faced = board.edge(zone)
        if not faced:
            return []
        side = self.side_of(hero)
        enemy_points = self.enemy_points(side)
        own_ship = board.zones[zone].ship
        return [
            z for z, info in board.zones.items()
            if info.ship in faced and info.ship != own_ship and not self.blocks(side, z)
            and (z not in enemy_points or mp >= 2)
        ]

    def _ask_move(self) -> None:
        hero = self.acting
        assert hero is not None
        mp = self.activation.mp
        stuck = not self._step_zones(hero, mp) and not self._rig_zones(hero, mp)
        if mp <= 0 or stuck:
            self.activation.mp = 0
            self._after_action()
            return
        self.replace(Frame.of("move", [self.heroes[hero].owner], hero=hero, mp=self.activation.mp))

    def _legal_move(self, seat: int, frame: Frame) -> list[BonesAction]:
        hero = frame.data["hero"]
        out = [act("step", zone=z) for z in self._step_zones(hero, self.activation.mp)]
        out += [act("rig", zone=z) for z in self._rig_zones(hero, self.activation.mp)]
        zone = self.heroes[hero].zone
        if zone not in self.enemy_points(self.side_of(hero)):
            out.append(STOP)  # R12: a move never ends on an enemy deployment point
        return out

    def _on_move(self, seat: int, action: BonesAction, frame: Frame) -> None:
        hero = frame.data["hero"]
        if action == STOP:
            self.activation.mp = 0
            self._after_action()
            return
        self.activation.mp -= 1
        if action.verb == "step":
            self.heroes[hero].zone = action.zone
            self.emit({"type": "step", "hero": hero, "zone": action.zone,
                       "text": text.step(self.heroes[hero].name, action.zone)})
            self._ask_move()
            return
        origin = self.heroes[hero].zone
        assert origin is not None
        reach = self.config.board.distance(origin, action.zone)
        roll = self.roll(6, reason="rigging check", seat=seat)[0]
        success = roll + self.passive(hero, "sea_legs") >= reach  # R13, R44
        self.emit({"type": "rig", "hero": hero, "zone": action.zone, "roll": roll,
                   "range": reach, "success": success,
                   "text": text.rig(self.heroes[hero].name, action.zone, roll, reach, success)})
        if success:
            self.heroes[hero].zone = action.zone
            self._ask_move()
        else:
            self._knock_overboard(hero)

    def _knock_overboard(self, hero: int) -> None:
        """R14: the hero goes overboard with an activation token; if it was its
        activation, the activation ends at once."""
        self.heroes[hero].zone = None
        self.heroes[hero].overboard = True
        self.heroes[hero].activated = True
        if hero == self.acting:
            self.activation.mp = 0
            self.activation.left = 0
            self._end_activation()

    # ----------------------------------------------------------- the end, views
    def _out(self, seat: int) -> str | None:
        return None

    def _table_view(self) -> dict[str, Any]:
        heroes = []
        for h, hero in enumerate(self.heroes):
            name = hero.name
            heroes.append({
                "index": h,
                "hero": name,
                "side": self.side_of(h),
                "zone": hero.zone,
                "damage": hero.damage,
                "hp": CONTENT.heroes[name].hp,
                "coins": hero.coins,
                "activated": hero.activated,
                "coin": hero.coin,
                "overboard": hero.overboard,
                "hp_max": self.max_hp(h),
                "skills": {skill: hero.levels.get(skill, 1) for skill in hero.unlocked},
                "conditions": list(hero.conditions),
                "spent": list(hero.spent),
            })
        crew = []
        for side in range(len(self.crew)):
            groups = [
                {"zone": g.zone, "track": g.track, "deckhands": g.deckhands,
                 "bosuns": list(g.bosuns)}
                for g in self.crew[side]
            ]
            crew.append(groups)
        objectives = [
            {zone: {"objective": entry.objective, "damage": entry.damage,
                    "hp": CONTENT.objectives[entry.objective].hp}
             for zone, entry in sorted(self.objectives[side].items())}
            for side in range(len(self.objectives))
        ]
        attack = self.attack
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
            "reserve": [[r.deckhands, r.bosuns] for r in self.reserve],
            "objectives": objectives,
            "acting": self.acting,
            "actions_left": self.activation.left,
            "mp": self.activation.mp,
            "used": list(self.activation.used),
            "move_actions": self.activation.moves,
            "hits": 0 if attack is None else attack.hits,
            "rerolls": 0 if attack is None else attack.rerolls,
            "pool": None if attack is None or attack.pool is None else attack.pool.to_json(),
            "attack": None if attack is None else attack.shown(),
            "pushing": self.push_under_way(),
            # The Tide: hand sizes, deck sizes and discards are public, a hand is its
            # side's (and its teammates') alone.
            "hand_sizes": [len(h) for h in self.hand],
            "decks": [len(d) for d in self.deck],
            "discards": [sorted(d) for d in self.discards],
            "pools": list(self.pools),
            "kraken": None if self.kraken is None else [self.kraken.zone, self.kraken.damage],
            "kraken_dead": self.kraken_dead,
            "monsters": {name: {"side": m.side, "zone": m.zone, "damage": m.damage,
                                "activated": m.activated, "hp": CONTENT.monsters[name].hp}
                         for name, m in sorted(self.monsters.items())},
            "summoned": list(self.summoned),
            "acting_monster": self.acting_monster or None,
            "wrecked": dict(sorted(self.wrecked.items())),
            "jammed": list(self.jammed),
        }

    def _control_view(self) -> dict[str, Any]:
        """Who of each team controls what (R62-R66): public."""
        return {
            "sides": [list(seats) for seats in self.seating.sides],
            "fielded": [self.seating.heroes(side) for side in range(len(self.seating.sides))],
            "heroes": [hero.owner for hero in self.heroes],
            "crew": list(self.seating.crew),
            "captains": list(self.captains),
            "tide": [self.hand_limit(s) for s in range(self.players)],
            "monsters": {name: m.seat for name, m in sorted(self.monsters.items())},
        }

    def _view(self, seat: int | None) -> dict[str, Any]:
        view = self._table_view()
        if any(self.dealt):
            view["dealt"] = [list(d) for d in self.dealt]  # Random Heroes (R70, R71)
        if self.game.has_teams:
            view["control"] = self._control_view()
            if seat is not None:
                # R65: a seat sees its teammates' Tide hands.
                view["hands"] = {str(s): list(self.hand[s]) for s in sorted(self.allies(seat))}
        if seat is not None:
            view["hand"] = list(self.hand[seat])
        return view

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        # R48, R65: the other team's hands, and the order of every deck, are hidden. The
        # unseen cards of a side (its deck, and the hands the seat does not see) are
        # dealt anew; sorted first, so two states alike to the seat sample alike.
        known = set() if seat is None else self.allies(seat)
        for side, seats in enumerate(self.seating.sides):
            hidden = [s for s in seats if s not in known]
            unseen = sorted(self.deck[side] + [c for s in hidden for c in self.hand[s]])
            rng.shuffle(unseen)
            for s in hidden:
                size = len(self.hand[s])
                self.hand[s] = sorted(unseen[:size])
                unseen = unseen[size:]
            self.deck[side] = unseen
