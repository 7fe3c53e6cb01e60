"""Rum & Bones: attacks, dice, reactions, hits, KOs, push, coins and VP (R15-R27, R47).

A mixin of ``BonesState``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from plunder.engine.action import Action
from plunder.engine.dice import assignable
from plunder.engine.frame import ANY, Frame
from plunder.games.rumbones import text
from plunder.games.rumbones.actions import (
    BOSUN,
    CREW_KO_COINS,
    DARK,
    DECKHAND,
    GOLD,
    HERO_KO_COINS,
    HERO_KO_VP,
    KEEP,
    PASS,
    BonesAction,
    act,
    other,
)
from plunder.games.rumbones.content import CONTENT, Profile
from plunder.games.rumbones.effects import EFFECTS
from plunder.games.rumbones.pieces import Attack
from plunder.games.rumbones.sea import KRAKEN
from plunder.games.rumbones.whole import Whole

# The decisions that interrupt an attack's hits: who of a team gains an objective (R69).
HOLDING = frozenset(("reward",))


class Combat(Whole):
    """Rum & Bones: attacks, dice, reactions, hits, KOs, push, coins and VP (R15-R27, R47)."""

    holds: frozenset[str] = HOLDING

    @property
    def attacking(self) -> Attack:
        """The attack under way (there is one)."""
        attack = self.attack
        assert attack is not None
        return attack

    def _declare_attack(
        self, side: int, zone: str, profile: Profile, *, who: str, hero: int | None,
        then: str, to_hit: int | None = None, coins: bool = True, skill: str = "",
        modifier: int = 0, monster: str = "", source: str = "", seat: int,
    ) -> None:
        """Declare an attack on ``zone``: the Tide cards played when a hero attacks
        (R51), then its roll, re-rolls and the defenders' reactions, its hits, then
        its effects; ``_after_<then>`` follows (R15-R27). ``seat`` is the player who
        makes the attack's choices (R62)."""
        self.emit({"type": "attack", "side": side, "zone": zone, "hero": hero, "skill": skill,
                   "monster": monster or None, "text": text.attack(who, zone)})
        if hero is not None and "blind" in self.heroes[hero].conditions:
            modifier -= 1  # R46: Blind: attacks are -1 to hit (on the roll, R18)
        self.attack = Attack(side=side, seat=seat, zone=zone, hero=hero,
                             damage=profile.damage,
                             then=then, coins=coins, had=self.enemies_in(side, zone),
                             skill=skill, monster=monster,
                             dice=profile.dice, modifier=modifier, who=who,
                             source=source or ("hero" if hero is not None else "monster"),
                             to_hit=profile.to_hit if to_hit is None else to_hit)
        if hero is not None and skill:
            self._run(hero, skill, "roll")
        if hero is not None:
            self.open_window("tide", PASS, zone=zone, attacker=hero)
        else:
            self._roll_attack()

    def _roll_attack(self) -> None:
        attack = self.attacking
        attack.pool = self.roll_pool(
            attack.dice, attack.to_hit, modifier=attack.modifier, reason=attack.who,
            seat=attack.seat,
        )
        self._offer_reroll()

    def _missed(self) -> list[int]:
        pool = self.attacking.pool
        assert pool is not None
        return [i for i in pool.rerollable if not pool.hit(i)]

    def _offer_reroll(self) -> None:
        """R18: a die is re-rolled at most once, one at a time, as effects allow."""
        attack = self.attacking
        if attack.rerolls > 0 and self._missed():
            self.replace(Frame.of("reroll", [attack.seat], left=attack.rerolls,
                                  pool=attack.pool.to_json() if attack.pool else None))
            return
        self._react()

    def _legal_reroll(self, seat: int, frame: Frame) -> list[BonesAction]:
        return [KEEP, *(act("reroll", str(i)) for i in self._missed())]

    def _on_reroll(self, seat: int, action: BonesAction, frame: Frame) -> None:
        attack = self.attacking
        if action == KEEP:
            attack.rerolls = 0
        else:
            assert attack.pool is not None
            attack.rerolls -= 1
            attack.pool = self.reroll_die(attack.pool, int(action.arg), reason="re-roll", seat=seat)
        self._offer_reroll()

    def _react(self) -> None:
        """R45: the defenders' reactions, in a window offered to each defending player
        one of whose heroes in the zone has a reaction ready (public information)."""
        attack = self.attacking
        assert attack.pool is not None
        attack.hits = attack.pool.hits
        self.open_window("hits", PASS, zone=attack.zone, hits=attack.hits, attacker=attack.hero)

    def _reactors(self, side: int, zone: str) -> list[tuple[int, str]]:
        out = []
        for hero in self.heroes_in(side, zone):
            if self.silenced(hero):
                continue
            for skill in self.heroes[hero].unlocked:
                if CONTENT.skills[skill].reaction and skill not in self.heroes[hero].spent:
                    out.append((hero, skill))
        return out

    def _defenders(self, zone: str) -> list[tuple[int, str]]:
        """The reactions ready in ``zone`` against the attack: its foes' heroes'."""
        return [pair for enemy in self.foes(self.attacking.side)
                for pair in self._reactors(enemy, zone)]

    def _seats_hits(self, data: Any) -> list[int]:
        if self.attacking.hits <= 0:
            return []
        return sorted({self.heroes[hero].owner for hero, _ in self._defenders(data["zone"])})

    def _plays_hits(self, seat: int, frame: Frame) -> list[Action]:
        # R62: a player reacts with its own heroes only.
        return [act("react", skill) for hero, skill in self._defenders(frame.data["zone"])
                if self.heroes[hero].owner == seat]

    def _play_hits(self, seat: int, action: Action, frame: Frame) -> None:
        assert isinstance(action, BonesAction)
        hero = next(h for h, s in self._defenders(frame.data["zone"])
                    if s == action.arg and self.heroes[h].owner == seat)
        self.heroes[hero].spent.append(action.arg)
        self.emit({"type": "reaction", "hero": hero, "skill": action.arg,
                   "text": text.reaction(self.heroes[hero].name, action.arg)})
        self._run(hero, action.arg, "reaction")

    def _window_first(self, frame: Frame) -> int:
        # The plays of a window resolve from the player after the attacker's on.
        return (self.attacking.seat + 1) % self.players

    def _after_hits(self, frame: Frame) -> None:
        if self.attack is not None:
            self._next_hit()

    def assign_targets(self) -> list[str]:
        """R19: the targets the next hit may go to: enemy deckhands first, then bosuns,
        then heroes, then objectives; never a friendly model."""
        side, zone = self.attacking.side, self.attacking.zone
        foes = self.foes(side)
        deckhands = bosuns = 0
        for enemy in foes:
            here = self.crew_in(enemy, zone)
            deckhands, bosuns = deckhands + here.deckhands, bosuns + here.bosuns
        # Sea monsters are struck as heroes are (R59), and so is the Kraken.
        giants = [name for name, m in sorted(self.monsters.items())
                  if m.side in foes and m.zone == zone]
        if self.kraken and self.kraken.zone == zone:
            giants.append(KRAKEN)
        levels = [
            [DECKHAND] if deckhands else [],
            [BOSUN] if bosuns else [],
            [f"hero{h}" for enemy in foes for h in self.heroes_in(enemy, zone)] + giants,
            self.features_in(side, zone),
        ]
        return assignable(levels)

    def features_in(self, side: int, zone: str) -> list[str]:
        """The deck features in ``zone`` that ``side`` may attack: its foes' objectives."""
        return [self.objectives[enemy][zone].objective for enemy in self.foes(side)
                if zone in self.objectives[enemy]]

    def crew_side(self, side: int, zone: str, kind: str) -> int:
        """The foe of ``side`` whose deckhand or bosun stands on ``zone``."""
        return next(enemy for enemy in self.foes(side)
                    if self.crew_in(enemy, zone).of(kind))

    def _next_hit(self) -> None:
        attack = self.attacking
        while attack.hits > 0 and self._over is None and not self.holding():
            targets = self.assign_targets()
            if not targets:
                # R19: hits left over when no enemy is left in the zone are lost.
                self.emit({"type": "miss", "zone": attack.zone, "hits": attack.hits,
                           "why": "no_target", "text": text.hits_lost(attack.hits, attack.zone)})
                break
            if len(targets) > 1:
                self.replace(Frame.of("assign", [attack.seat], zone=attack.zone,
                                      hits=attack.hits, targets=targets))
                return
            attack.hits -= 1
            self._strike(targets[0])
        if self._over is not None or self.holding():
            return  # the game is over, or a decision interrupts the hits (R69, R82)
        attack.hits = 0
        hero, skill = self.attacking.hero, self.attacking.skill
        if hero is not None and skill and self.heroes[hero].zone is not None:
            # The attack's effects on what it hit (R44, R46, R47).
            self._run(hero, skill, "hit")
        if self.attacking.push and self._shove_targets():
            self.replace(Frame.of("shove", [self.attacking.seat], zone=self.attacking.zone,
                                  push=self.attacking.push))
            return
        self._finish_attack()

    def _finish_attack(self) -> None:
        then, side, zone = self.attacking.then, self.attacking.side, self.attacking.zone
        # Whether the attack KO'd every enemy model that stood in its zone (R36).
        self.attacking.cleared = self.attacking.had and not self.enemies_in(side, zone)
        self.last_attack, self.attack = self.attack, None
        getattr(self, f"_after_{then}")()

    # Push (R47).
    def _shove_targets(self) -> list[str]:
        """The enemy models of the zone attacked that a push may move: a hero the
        attack hit (never a steady one), or a deckhand or bosun of the zone."""
        side, zone = self.attacking.side, self.attacking.zone
        out = [f"hero{h}" for h in self.attacking.heroes_hit
               if self.heroes[h].zone == zone and not self.has_passive(h, "steady")]
        deckhands = bosuns = 0
        for enemy in self.foes(side):
            here = self.crew_in(enemy, zone)
            deckhands, bosuns = deckhands + here.deckhands, bosuns + here.bosuns
        out += [DECKHAND] if deckhands else []
        out += [BOSUN] if bosuns else []
        return out

    def _pushed_side(self, model: str, zone: str) -> int:
        """The side of ``model`` (``heroN``, a deckhand or a bosun) pushed on ``zone``."""
        if model.startswith("hero"):
            return self.side_of(int(model[4:]))
        return self.crew_side(self.attacking.side, zone, model)

    def _legal_shove(self, seat: int, frame: Frame) -> list[BonesAction]:
        return [KEEP, *(act("shove", t) for t in self._shove_targets())]

    def _on_shove(self, seat: int, action: BonesAction, frame: Frame) -> None:
        if action == KEEP:
            self._finish_attack()
            return
        self._ask_push(action.arg, self.attacking.zone, self.attacking.push)

    def _push_zones(self, model: str, zone: str) -> list[str]:
        """R47: a pushed model moves as a model moves (never diagonally, never into its
        enemies), but may be forced into the sea."""
        board = self.config.board
        pushed_side = self._pushed_side(model, zone)
        return [z for z in board.neighbours(zone) if not self.blocks(pushed_side, z)]

    def _ask_push(self, model: str, zone: str, left: int) -> None:
        """The next step of a push (R47), which its frame carries: the model pushed, where
        it stands and the steps left."""
        if left > 0 and self._push_zones(model, zone):
            self.replace(Frame.of("push", [self.attacking.seat], model=model, zone=zone,
                                  left=left))
            return
        self._finish_attack()

    def push_under_way(self) -> list[Any] | None:
        """The push being made, as its frame carries it: model, zone, steps left."""
        frame = self.decision
        if frame is None or frame.kind != "push":
            return None
        return [frame.get("model"), frame.get("zone"), frame.get("left")]

    def _legal_push(self, seat: int, frame: Frame) -> list[BonesAction]:
        return [act("push", zone=z) for z in self._push_zones(frame.get("model"),
                                                              frame.get("zone"))]

    def _on_push(self, seat: int, action: BonesAction, frame: Frame) -> None:
        model, start, left = frame.get("model"), frame.get("zone"), frame.get("left")
        enemy = self._pushed_side(model, start)
        to = action.zone
        sea = self.config.board.zones[to].kind == "sea"
        self.emit({"type": "push", "model": model, "zone": start, "to": to,
                   "text": text.push(self._model_title(enemy, model), start, to)})
        if model.startswith("hero"):
            hero = int(model[4:])
            if sea:
                self._knock_overboard(hero)
                left = 0
            else:
                self.heroes[hero].zone = to
                left -= 1
        else:
            bosun = self._take_crew(enemy, start, model)
            if sea:
                # R47: crew pushed into the sea are KO'd; no one gains coins for them.
                self.reserve[enemy].add(model)
                self.emit({"type": "crew_ko", "side": enemy, "zone": to, "kind": model,
                           "text": text.knocked_out("A " + model, to)})
                left = 0
            else:
                hp = CONTENT.factions[self.factions[enemy]].bosun_hp
                self._place_crew(enemy, to, int(model == DECKHAND),
                                 [bosun or hp] if model == BOSUN else [])
                left -= 1
        if self._over is None:
            self._ask_push(model, to, left)

    def _take_crew(self, side: int, zone: str, kind: str) -> int:
        """Take one deckhand or bosun (the most wounded) off ``zone``: the bosun's HP
        left, or 0."""
        taken = 0
        for group in self.crew[side]:
            if group.zone != zone:
                continue
            if kind == DECKHAND and group.deckhands:
                group.deckhands -= 1
                break
            if kind == BOSUN and group.bosuns:
                taken = group.bosuns.pop(0)
                break
        self.crew[side] = [g for g in self.crew[side] if g.deckhands or g.bosuns]
        return taken

    def _model_title(self, side: int, model: str) -> str:
        if model.startswith("hero"):
            return text.hero_title(self.heroes[int(model[4:])].name)
        return "A " + model

    def _legal_assign(self, seat: int, frame: Frame) -> list[BonesAction]:
        return [act("assign", t) for t in self.assign_targets()]

    def _on_assign(self, seat: int, action: BonesAction, frame: Frame) -> None:
        self.attacking.hits -= 1
        self._strike(action.arg)
        self._next_hit()

    def _strike(self, target: str) -> None:
        """One hit of the attack lands on ``target`` (R19-R27)."""
        side, zone, amount = self.attacking.side, self.attacking.zone, self.attacking.damage
        attacker = self.attacking.hero
        if target in (DECKHAND, BOSUN):
            self._hurt_crew(self.crew_side(side, zone, target), zone, target, amount,
                            attacker if self.attacking.coins else None)
        elif target.startswith("hero"):
            hit = int(target[4:])
            if hit not in self.attacking.heroes_hit:
                self.attacking.heroes_hit.append(hit)
            self._hurt_hero(hit, amount, attacker)
        elif target == KRAKEN:
            self.hurt_kraken(amount, attacker)
        elif target in self.monsters:
            self._hurt_monster(target, amount, attacker)
        else:
            self._hurt_feature(zone, target, amount, side, attacker)

    def _hurt_crew(self, side: int, zone: str, kind: str, amount: int, by: int | None) -> None:
        for group in self.crew[side]:
            if group.zone != zone:
                continue
            if kind == DECKHAND and group.deckhands > 0:
                hp = CONTENT.factions[self.factions[side]].deckhand_hp
                self.emit({"type": "hit", "target": DECKHAND, "side": side, "zone": zone,
                           "amount": amount, "text": text.hit("A deckhand", zone, amount)})
                if amount >= hp:
                    group.deckhands -= 1
                    self._crew_ko(side, zone, DECKHAND, by)
                break
            if kind == BOSUN and group.bosuns:
                # R20: a hit on bosuns goes to the most wounded one.
                group.bosuns[0] -= amount
                self.emit({"type": "hit", "target": BOSUN, "side": side, "zone": zone,
                           "amount": amount, "text": text.hit("A bosun", zone, amount)})
                if group.bosuns[0] <= 0:
                    group.bosuns.pop(0)
                    self._crew_ko(side, zone, BOSUN, by)
                group.bosuns.sort()
                break
        self.crew[side] = [g for g in self.crew[side] if g.deckhands or g.bosuns]

    def _crew_ko(self, side: int, zone: str, kind: str, by: int | None) -> None:
        """R22: KO'd crew return to their owner; R25: the hero who KO'd it gains a coin."""
        self.reserve[side].add(kind)
        self.emit({"type": "crew_ko", "side": side, "zone": zone, "kind": kind,
                   "text": text.knocked_out("A " + kind, zone)})
        if by is not None:
            self.gain_coins(by, CREW_KO_COINS, "crew KO'd")

    def _hurt_hero(self, hero: int, amount: int, by: int | None) -> None:
        zone = self.heroes[hero].zone
        self.heroes[hero].damage += amount
        self.emit({"type": "hit", "target": f"hero{hero}", "hero": hero, "zone": zone,
                   "amount": amount,
                   "text": text.hit(text.hero_title(self.heroes[hero].name), zone or "", amount)})
        if self.heroes[hero].damage >= self.max_hp(hero):
            self._hero_ko(hero, by)

    def _hero_ko(self, hero: int, by: int | None) -> None:
        """R21, R23, R26, R27: a KO'd hero leaves the board with a dead man's coin; its
        killer gains coins and VP for its side."""
        self.heroes[hero].zone = None
        self.heroes[hero].damage = 0
        self.heroes[hero].conditions = []  # R23, R46: a KO'd hero loses its conditions
        # R23: a hero KO'd while its activation is under way has activated this round
        # (its token comes only when the activation ends, R10): the dark side.
        coin = DARK if self.heroes[hero].activated or hero == self.acting else GOLD
        self.heroes[hero].coin = coin
        self.heroes[hero].activated = True
        self.emit({"type": "hero_ko", "hero": hero, "coin": coin,
                   "text": text.hero_ko(self.heroes[hero].name, coin)})
        self._ko_rewards(self.side_of(hero), by)
        if hero == self.acting:
            self.activation.left = 0

    def _ko_rewards(self, side: int, by: int | None) -> None:
        """R26, R27: the enemy hero that KO'd a hero of ``side`` gains 3 coins and its
        side 1 VP; a KO from anything else gives each enemy hero 1 coin and that side
        1 VP."""
        enemy = other(side)
        if by is not None and self.side_of(by) == enemy:
            self.gain_coins(by, HERO_KO_COINS, "enemy hero KO'd")
        else:
            for h in self.heroes_of(enemy):
                self.gain_coins(h, 1, "enemy hero KO'd")
        self._gain_vp(enemy, HERO_KO_VP, "enemy hero KO'd")

    def _hurt_feature(self, zone: str, name: str, amount: int, by_side: int,
                      by: int | None) -> None:
        """A hit on a deck feature: the objective of the foe that stands there (R24)."""
        side = next(enemy for enemy in self.foes(by_side)
                    if zone in self.objectives[enemy]
                    and self.objectives[enemy][zone].objective == name)
        self._hurt_objective(side, zone, amount, by_side, by)

    def _hurt_objective(self, side: int, zone: str, amount: int, by_side: int,
                        by: int | None) -> None:
        entry = self.objectives[side][zone]
        entry.damage += amount
        objective = CONTENT.objectives[entry.objective]
        self.emit({"type": "hit", "target": entry.objective, "side": side, "zone": zone,
                   "amount": amount, "text": text.hit(objective.title, zone, amount)})
        if entry.damage < objective.hp:
            return
        # R24: destroyed: VP to the side that destroyed it, coins to each of its heroes.
        del self.objectives[side][zone]
        self.emit({"type": "destroyed", "side": side, "zone": zone, "objective": entry.objective,
                   "text": text.destroyed(entry.objective, self.factions[by_side], objective.vp)})
        seats = self.seating.sides[by_side]
        if len(seats) > 1:
            # R69: a team decides which of its players gains the objective's benefits.
            self.push(Frame.of("reward", seats, answer=ANY, zone=zone, objective=entry.objective))
            return
        self._objective_benefits(self.heroes_of(by_side), zone, entry.objective, by_side)

    def _objective_benefits(self, heroes: Sequence[int], zone: str, name: str,
                            side: int) -> None:
        """R24: coins to each of ``heroes``, the VP to ``side``, then the effect."""
        objective = CONTENT.objectives[name]
        for h in heroes:
            self.gain_coins(h, objective.coins, objective.title)
        self._gain_vp(side, objective.vp, objective.title)
        for step in objective.effects:  # R24: its effect, resolved at once
            if self._over is None:
                self.run_effect(step.name, zone, step.amount)

    def holding(self) -> bool:
        """Whether a decision interrupts an attack's hits (``HOLDING``), open now."""
        return self.frames[-1].kind in self.holds if self.frames else False

    def _legal_reward(self, seat: int, frame: Frame) -> list[BonesAction]:
        return [act("reward", str(s)) for s in self.seating.sides[self.seat_side(seat)]]

    def _on_reward(self, seat: int, action: BonesAction, frame: Frame) -> None:
        # The frame carries the objective; its seats are the side that destroyed it.
        zone, name, side = frame.get("zone"), frame.get("objective"), self.seat_side(seat)
        self.pop()
        chosen = int(action.arg)
        self.emit({"type": "reward", "side": side, "seat": chosen, "by": seat,
                   "objective": name, "text": text.reward(chosen, name)})
        heroes = [h for h in self.heroes_of(side) if self.heroes[h].owner == chosen]
        self._objective_benefits(heroes, zone, name, side)
        if self._over is None:
            self._next_hit()

    def run_effect(self, name: str, subject: Any, amount: int) -> None:
        """Apply the registered effect ``name`` to ``subject`` (a side, a zone)."""
        EFFECTS[name].apply(self, subject, amount)

    def gain_coins(self, hero: int, amount: int, why: str) -> None:
        if amount <= 0:
            return
        self.heroes[hero].coins += amount
        self.emit({"type": "coins", "hero": hero, "amount": amount,
                   "text": text.coins(self.heroes[hero].name, amount, why)})

    def _gain_vp(self, side: int, amount: int, why: str) -> None:
        if amount <= 0 or self._over is not None:
            return
        self.vp[side] += amount
        self.emit({"type": "vp", "side": side, "amount": amount, "total": self.vp[side],
                   "why": why, "text": text.vp(self.factions[side], amount, self.vp[side], why)})
        target = self.game.options["target"]
        if self.vp[side] >= target:
            self.finish(self.side_result([side], text.win(self.factions[side], target)))
