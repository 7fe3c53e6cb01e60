"""Rum & Bones: the crews and the deck guns (R28-R37).

A mixin of ``BonesState``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from plunder.engine.action import Action
from plunder.engine.frame import Frame
from plunder.engine.triggers import Trigger
from plunder.games.rumbones import text
from plunder.games.rumbones.actions import (
    ADVANCE,
    BOSUN,
    BOSUNS_A_CREW,
    DECKHAND,
    DECKHANDS_A_POINT,
    HOLD,
    STRAY,
    BonesAction,
    act,
    other,
)
from plunder.games.rumbones.content import CONTENT, Profile
from plunder.games.rumbones.pieces import Crew, CrewTurn, Strike
from plunder.games.rumbones.whole import Whole

if TYPE_CHECKING:
    pass


class Crews(Whole):
    """Rum & Bones: the crews and the deck guns (R28-R37)."""

    def _activate_crew(self, side: int, seat: int) -> None:
        """R28, R66: the crew activates once a round, played by the player who controls
        it, or by the teammate who activated it where the team shares it."""
        self.crew_done[side] = True
        controller = self.seating.crew[side]
        self.crew_turn = CrewTurn(by=seat if controller is None else controller)
        self.emit({"type": "crew", "side": side, **self.by_seat(self.crew_turn.by),
                   "text": text.crew_activate(self.factions[side])})
        self._muster_next()

    def _muster_points(self, side: int) -> list[str]:
        return [z for z in self.deployment(side) if not self.enemies_in(side, z)]

    def _muster_next(self) -> None:
        """R29: two deckhands on each deployment point (a choice only when too few are
        left for all three), then two bosuns on any of them; as many as remain."""
        turn = self.crew_turn
        side = self.side
        points = self._muster_points(side)
        deckhands, bosuns = self.reserve[side].deckhands, self.reserve[side].bosuns
        if not turn.mustered:
            if points and deckhands and deckhands < DECKHANDS_A_POINT * len(points):
                self.replace(Frame.of("muster", [turn.by], left=deckhands))
                return
            for zone in points if deckhands else ():
                self._deploy_crew(side, zone, DECKHANDS_A_POINT, 0)
            turn.mustered = True
        if points and bosuns and turn.bosuns_placed < BOSUNS_A_CREW:
            if len(points) == 1:
                turn.bosuns_placed += 1
                self._deploy_crew(side, points[0], 0, 1)
                self._muster_next()
                return
            self.replace(Frame.of("bosun", [turn.by],
                                  left=BOSUNS_A_CREW - turn.bosuns_placed))
            return
        # R32: the hold belongs to where the crew begin to move and fight, so it is
        # settled now: a deck gun fired first may remove the enemy beside them.
        turn.began_near = sorted({g.zone for g in self.crew[side]
                                  if self._next_to_enemy(side, g.zone)})
        # R30: crew moves and attacks, and the deck gun fires, in the order the side chooses.
        self.raise_triggers([Trigger.of("advance", turn.by, "crew"),
                             Trigger.of("gun", turn.by, "gun")], then="crew")

    def _deploy_crew(self, side: int, zone: str, deckhands: int, bosuns: int) -> None:
        bosun_hp = CONTENT.factions[self.factions[side]].bosun_hp
        self.reserve[side].deckhands -= deckhands
        self.reserve[side].bosuns -= bosuns
        self._place_crew(side, zone, deckhands, [bosun_hp] * bosuns)
        self.emit({"type": "muster", "side": side, "zone": zone, "deckhands": deckhands,
                   "bosuns": bosuns,
                   "text": text.muster(self.factions[side], zone, deckhands, bosuns)})

    def _legal_muster(self, seat: int, frame: Frame) -> list[BonesAction]:
        return [act("muster", zone=z) for z in self._muster_points(self.side)]

    def _on_muster(self, seat: int, action: BonesAction, frame: Frame) -> None:
        side = self.side
        count = min(DECKHANDS_A_POINT, self.reserve[side].deckhands)
        self._deploy_crew(side, action.zone, count, 0)
        if not self.reserve[side].deckhands:
            self.crew_turn.mustered = True
        self._muster_next()

    def _legal_bosun(self, seat: int, frame: Frame) -> list[BonesAction]:
        return [act("bosun", zone=z) for z in self._muster_points(self.side)]

    def _on_bosun(self, seat: int, action: BonesAction, frame: Frame) -> None:
        self.crew_turn.bosuns_placed += 1
        self._deploy_crew(self.side, action.zone, 0, 1)
        self._muster_next()

    def _order_action(self, index: int, trigger: Trigger) -> Action:
        return act("first", trigger.label)

    def _trigger_orderer(self, triggers: list[Trigger]) -> int:
        return self.crew_turn.by  # R30: the crew's player orders crew and deck gun

    def _after_crew(self) -> None:
        self._next_turn()

    # The deck gun (R37).
    def _fire_gun(self, trigger: Trigger) -> None:
        side = self.side
        if self.jammed[side]:
            return  # its helm is destroyed (designed objective effect)
        zones = self._gun_zones(side)
        if not zones:
            return
        if len(zones) == 1:
            self._shoot_gun(side, zones[0])
            return
        self.replace(Frame.of("fire", [self.crew_turn.by], zones=zones))

    def _gun_zones(self, side: int) -> list[str]:
        faction = CONTENT.factions[self.factions[side]]
        return self.attack_zones(side, self.config.gun[self.factions[side]], faction.gun.range)

    def _legal_fire(self, seat: int, frame: Frame) -> list[BonesAction]:
        return [act("fire", zone=z) for z in self._gun_zones(self.side)]

    def _on_fire(self, seat: int, action: BonesAction, frame: Frame) -> None:
        self._shoot_gun(self.side, action.zone)

    def _shoot_gun(self, side: int, zone: str) -> None:
        faction = CONTENT.factions[self.factions[side]]
        self.emit({"type": "gun", "side": side, "zone": zone,
                   "text": text.gun(self.factions[side], zone)})
        # R37: no one gains from crew the gun KOs; a KO'd hero still gives coins.
        self._declare_attack(side, zone, faction.gun, who="The deck gun", hero=None,
                             then="gun", coins=False, source="gun", seat=self.crew_turn.by)

    def _after_gun(self) -> None:
        self.run_triggers()

    # The crew's move (R31-R33) and attacks (R34-R36).
    def _fire_advance(self, trigger: Trigger) -> None:
        side = self.side
        # The groups to move, in order (crew off every track never move).
        self.crew_turn.advancing = [(g.track, g.pos) for g in self.crew[side] if g.track != STRAY]
        self._advance_next(side)

    def _group_at(self, side: int, track: int, position: int, zone: str = "") -> Crew | None:
        for group in self.crew[side]:
            if group.track == track and group.pos == position and (
                    not zone or group.zone == zone):
                return group
        return None

    def _next_to_enemy(self, side: int, zone: str) -> bool:
        return any(self.enemies_in(side, z) for z in self.config.board.neighbours(zone))

    def _advance_next(self, side: int) -> None:
        turn = self.crew_turn
        while turn.advancing:
            track, position = turn.advancing[0]
            group = self._group_at(side, track, position)
            if group is None:
                turn.advancing.pop(0)
                continue
            zone = self.crew_zone(side, group)
            route = self.config.board.tracks[self.factions[side]][track]
            ahead = route[position + 1] if position + 1 < len(route) else None
            if ahead is None or self.enemies_in(side, ahead) or ahead in self.wrecked:
                turn.advancing.pop(0)  # R31: crew cannot move into enemies (nor the sea)
                continue
            if zone in turn.began_near:
                # R32: crew that began next to an enemy may stay, even if it is gone.
                self.replace(Frame.of("advance", [turn.by], zone=zone, to=ahead))
                return
            turn.advancing.pop(0)
            self._move_group(side, group)
        self._crew_attacks(side)

    def _legal_advance(self, seat: int, frame: Frame) -> list[BonesAction]:
        return [ADVANCE, HOLD]

    def _on_advance(self, seat: int, action: BonesAction, frame: Frame) -> None:
        side = self.side
        track, position = self.crew_turn.advancing.pop(0)
        group = self._group_at(side, track, position)
        assert group is not None
        if action == ADVANCE:
            self._move_group(side, group)
        else:
            self.emit({"type": "crew_hold", "side": side, "zone": frame.data["zone"],
                       "text": text.crew_hold(self.factions[side], frame.data["zone"])})
        self._advance_next(side)

    def _move_group(self, side: int, group: Crew) -> None:
        """Move a crew group one zone along its track; the end of a track is a raid (R33)."""
        start = group.zone
        route = self.routes[side][group.track]
        if group.pos + 1 == len(route) - 1:
            # R33: the track's end is an enemy deployment point: the crew leave the deck
            # and each makes one attack, hitting on 3+, at a zone of that ship holding
            # an enemy deck feature or hero.
            self.crew[side].remove(group)
            count = group.models
            self.reserve[side].deckhands += group.deckhands
            self.reserve[side].bosuns += len(group.bosuns)
            self.emit({"type": "raid", "side": side, "zone": route[-1], "count": count,
                       "text": text.raid(self.factions[side], route[-1], count)})
            ship = self.config.board.zones[route[-1]].ship
            assert ship is not None
            self.crew_turn.raids.extend([ship] * count)
            return
        group.pos += 1
        group.zone = route[group.pos]
        end = group.zone
        self._merge(side)
        self.emit({"type": "crew_move", "side": side, "zone": start, "to": end,
                   "text": text.crew_move(self.factions[side], start, end)})

    def _merge(self, side: int) -> None:
        merged: dict[tuple[int, int, str], Crew] = {}
        for group in self.crew[side]:
            key = (group.track, group.pos, group.zone)
            if key in merged:
                merged[key].deckhands += group.deckhands
                merged[key].bosuns = sorted(merged[key].bosuns + group.bosuns)
            else:
                merged[key] = group
        self.crew[side] = sorted(merged.values(), key=Crew.order)

    def _crew_attacks(self, side: int) -> None:
        """R33, R34: the raids' attacks, then one attack a crew model (they must attack
        if able, each at a zone of its choice)."""
        turn = self.crew_turn
        turn.strikes = [Strike("raid", ship=ship) for ship in turn.raids]
        turn.raids = []
        for group in self.crew[side]:
            kinds = [DECKHAND] * group.deckhands + [BOSUN] * len(group.bosuns)
            turn.strikes += [Strike("crew", track=group.track, pos=group.pos, model=kind,
                                    zone=group.zone)
                             for kind in kinds]
        self._next_crew_attack(side)

    def _strike_zones(self, side: int, entry: Strike) -> list[str]:
        """The zones a crew attack may take: for a raid, a zone of the ship raided that
        holds an enemy hero or objective (R33); else zones in the crew's range holding
        enemies or their objectives (R34)."""
        if entry.raid:
            enemy = other(side)
            return [
                z for z, info in self.config.board.zones.items()
                if info.ship == entry.ship
                and (self.heroes_in(enemy, z) or z in self.objectives[enemy])
            ]
        group = self._group_at(side, entry.track, entry.pos, entry.zone)
        if group is None or not (group.deckhands if entry.model == DECKHAND else group.bosuns):
            return []  # the model was KO'd before its turn to attack
        faction = CONTENT.factions[self.factions[side]]
        return self.attack_zones(side, group.zone, faction.crew_range)

    def _next_crew_attack(self, side: int) -> None:
        turn = self.crew_turn
        while turn.strikes and self._over is None:
            entry = turn.strikes[0]
            zones = self._strike_zones(side, entry)
            if not zones:
                turn.strikes.pop(0)
                continue
            if len(zones) > 1:
                self.replace(Frame.of("strike", [turn.by], raid=entry.raid,
                                      zone=entry.zone, zones=zones))
                return
            turn.strikes.pop(0)
            self._crew_strike(side, entry, zones[0])
            return
        if self._over is None:
            self.run_triggers()

    def _legal_strike(self, seat: int, frame: Frame) -> list[BonesAction]:
        entry = self.crew_turn.strikes[0]
        return [act("strike", zone=z) for z in self._strike_zones(self.side, entry)]

    def _on_strike(self, seat: int, action: BonesAction, frame: Frame) -> None:
        entry = self.crew_turn.strikes.pop(0)
        self._crew_strike(self.side, entry, action.zone)

    def _crew_strike(self, side: int, entry: Strike, zone: str) -> None:
        faction = CONTENT.factions[self.factions[side]]
        origin = entry.zone
        if entry.raid:
            to_hit = faction.end_of_track_hit
        else:
            # R35: 3+ with a bosun in the crew's zone (or a hero with Bosun Bond, R44).
            bonded = any(self.has_passive(h, "bosun_bond") for h in self.heroes_in(side, origin))
            to_hit = faction.bosun_hit if self.crew_in(side, origin).bosuns or bonded \
                else faction.crew_hit
        modifier = 0
        if not entry.raid:
            # R44: First Mate: crew attacking from the hero's zone add to their rolls.
            modifier = max([self.passive(h, "first_mate") for h in self.heroes_in(side, origin)],
                           default=0)
        self.crew_turn.striking = entry
        self._declare_attack(side, zone, Profile(0, faction.crew_dice, to_hit, 1), who="Crew",
                             hero=None, then="crew_strike", modifier=modifier,
                             source=entry.source, seat=self.crew_turn.by)

    def _after_crew_strike(self) -> None:
        turn = self.crew_turn
        side, entry = self.side, turn.striking
        turn.striking = None
        assert self.last_attack is not None
        cleared = self.last_attack.zone
        if entry is not None and not entry.raid and entry.track != STRAY \
                and not self.enemies_in(side, cleared):
            route = self.routes[side][entry.track]
            group = self._group_at(side, entry.track, entry.pos, entry.zone)
            ahead = entry.pos + 1
            if (group is not None and ahead < len(route) - 1 and route[ahead] == cleared
                    and self.last_attack.cleared):
                # R36: crew that KO every enemy in a zone on their track move in (once,
                # without attacking again).
                self._split_forward(side, group, entry.model)
        self._next_crew_attack(side)

    def _split_forward(self, side: int, group: Crew, kind: str) -> None:
        start = group.zone
        ahead = self.routes[side][group.track][group.pos + 1]
        if kind == DECKHAND:
            group.deckhands -= 1
            moved = Crew(group.track, group.pos + 1, ahead, 1, [])
        else:
            moved = Crew(group.track, group.pos + 1, ahead, 0, [group.bosuns.pop()])
        self.crew[side] = [g for g in self.crew[side] if g.deckhands or g.bosuns]
        self.crew[side].append(moved)
        self._merge(side)
        end = self.crew_zone(side, moved)
        self.emit({"type": "crew_move", "side": side, "zone": start, "to": end,
                   "text": text.crew_move(self.factions[side], start, end)})
