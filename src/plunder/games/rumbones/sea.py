"""Rum & Bones: the Tide cards, the Kraken and the sea monsters (R48-R60).

A mixin of ``BonesState``: the rules of the cards in each side's hand, of the
Kraken that surfaces when the pools run high, and of the sea monsters the cards
summon. Rule numbers refer to ``docs/rules/rumbones.md``.
"""

from __future__ import annotations

from typing import Any

from plunder.engine.action import Action
from plunder.engine.frame import Frame
from plunder.games.rumbones import text
from plunder.games.rumbones.actions import BOSUN, DECKHAND, END, KEEP, MOVE, STOP, act, other
from plunder.games.rumbones.content import CONTENT
from plunder.games.rumbones.pieces import Activation, Kraken, Monster
from plunder.games.rumbones.whole import Whole

KRAKEN = "kraken"
# The Kraken is nobody's: its "side" for the rules of KOs.
NOBODY = -1


class TideAndSea(Whole):
    """Tide cards, the Kraken and sea monsters, for ``BonesState``."""

    # ----------------------------------------------------------- the Tide decks (R48-R52)
    def hand_limit(self, seat: int) -> int:
        """How many Tide cards ``seat`` holds at most: 3 in the two-player game (R48), as
        the split says in teams, the captain's hand where a captain holds them (R63)."""
        side = self.seat_side(seat)
        if self.seating.captain[side]:
            return self.seating.captain[side] if self.captains[side] == seat else 0
        return self.seating.tide[seat]

    def _deal_tide(self) -> None:
        """R48, R63: each side shuffles its faction's Tide deck, and its players draw
        their hands from it."""
        for side, seats in enumerate(self.seating.sides):
            deck = CONTENT.deck(self.factions[side])
            self.shuffle(deck)
            self.deck[side] = deck
            for seat in seats:
                self._draw_tide(seat)

    def _draw_tide(self, seat: int) -> None:
        """Draw up to the seat's hand; an empty deck takes the shuffled discards (R52)."""
        side = self.seat_side(seat)
        limit = self.hand_limit(seat)
        drawn = []
        while len(self.hand[seat]) < limit:
            if not self.deck[side]:
                if not self.discards[side]:
                    break
                self.deck[side] = list(self.discards[side])
                self.discards[side] = []
                self.shuffle(self.deck[side])
                self.emit({"type": "tide_reshuffle", "side": side,
                           "text": text.tide_reshuffle(self.factions[side])})
            card = self.deck[side].pop()
            self.hand[seat].append(card)
            drawn.append(card)
        self.hand[seat].sort()
        if drawn:
            self.emit({"type": "tide_draw", "side": side, **self.by_seat(seat),
                       "count": len(drawn),
                       "text": text.tide_draw(self.factions[side], len(drawn))})
            # R65: what a player draws is seen by its team alone.
            self.emit({"type": "tide_drew", "side": side, **self.by_seat(seat),
                       "cards": sorted(drawn), "text": text.tide_drew(drawn)},
                      to=self.allies(seat))

    def _play_card(self, seat: int, card: str) -> None:
        """R49, R50: a card costs nothing; played, it goes to the discards and its
        Kraken symbols raise its side's pool (capped, and playable at the cap)."""
        side = self.seat_side(seat)
        spec = CONTENT.cards[card]
        self.hand[seat].remove(card)
        self.discards[side].append(card)
        cap = CONTENT.kraken.pool_cap
        self.pools[side] = min(cap, self.pools[side] + spec.kraken)
        self.emit({"type": "tide", "side": side, **self.by_seat(seat), "card": card,
                   "pool": self.pools[side], "text": text.tide(self.factions[side], card)})

    def tide_turn_cards(self, seat: int) -> list[str]:
        return sorted({c for c in self.hand[seat] if CONTENT.cards[c].timing == "turn"})

    def _play_turn_card(self, seat: int, card: str) -> None:
        self._play_card(seat, card)
        for step in CONTENT.cards[card].effects:
            self.run_effect(step.name, seat, step.amount)
        self._next_choice()

    def queue_choice(self, kind: str, seat: int, amount: int) -> None:
        """A choice a Tide card's effect needs, asked of the player who played it."""
        self.choices.append((kind, seat, amount))

    def _next_choice(self) -> None:
        """Ask the choices the card's effects need (which hero heals, where crew go,
        which monster comes), then the side's turn goes on (R49)."""
        while self.choices and self._over is None:
            kind, seat, amount = self.choices[0]
            if getattr(self, f"_{kind}_options")(self.seat_side(seat)):
                self.replace(Frame.of(kind, [seat], amount=amount))
                return
            self.choices.pop(0)
        if self._over is None:
            self._ask_turn()

    # mend:N (a hero of the side heals)
    def _mend_options(self, side: int) -> list[int]:
        return [h for h in self.heroes_of(side)
                if self.heroes[h].zone is not None and self.heroes[h].damage]

    def _legal_mend(self, seat: int, frame: Frame) -> list[Action]:
        return [act("mend", f"hero{h}") for h in self._mend_options(self.seat_side(seat))]

    def _on_mend(self, seat: int, action: Any, frame: Frame) -> None:
        self.choices.pop(0)
        self.heal(int(action.arg[4:]), frame.data["amount"])
        self._next_choice()

    # muster:N (deckhands onto a deployment point)
    def _gather_options(self, side: int) -> list[str]:
        return self._muster_points(side) if self.reserve[side].deckhands else []

    def _legal_gather(self, seat: int, frame: Frame) -> list[Action]:
        return [act("gather", zone=z) for z in self._gather_options(self.seat_side(seat))]

    def _on_gather(self, seat: int, action: Any, frame: Frame) -> None:
        self.choices.pop(0)
        side = self.seat_side(seat)
        count = min(frame.data["amount"], self.reserve[side].deckhands)
        self._deploy_crew(side, action.zone, count, 0)
        self._next_choice()

    # summon (a sea monster joins the side, R55)
    def _summon_options(self, side: int) -> list[str]:
        if not self._surface_zones(side):
            return []
        return [m for m in CONTENT.monsters if m not in self.summoned]

    def _surface_zones(self, side: int) -> list[str]:
        """A sea zone next to one of the side's ships, without enemies (designed)."""
        board = self.config.board
        faction = self.factions[side]
        out = []
        for zone, info in board.zones.items():
            if info.kind != "sea" or self.enemies_in(side, zone) or zone in self.monster_zones():
                continue
            if any(board.zones[z].side == faction for z in board.neighbours(zone)):
                out.append(zone)
        return out

    def _legal_summon(self, seat: int, frame: Frame) -> list[Action]:
        side = self.seat_side(seat)
        return [act("summon", m, z) for m in self._summon_options(side)
                for z in self._surface_zones(side)]

    def _on_summon(self, seat: int, action: Any, frame: Frame) -> None:
        self.choices.pop(0)
        side = self.seat_side(seat)
        self.summoned.append(action.arg)
        # R66: the monster joins the side, played by the player who summoned it. R55:
        # it acts like a hero from then on, one not yet activated this round, unless
        # the table plays that it waits for the next round.
        waits = self.game.options["monster_acts"] == "next_round"
        self.monsters[action.arg] = Monster(side, action.zone, 0, waits, seat)
        self.emit({"type": "summon", "side": side, **self.by_seat(seat), "monster": action.arg,
                   "zone": action.zone,
                   "text": text.summon(self.factions[side], action.arg, action.zone)})
        self._next_choice()

    # ----------------------------------------------------------- "When a Hero Attacks" (R51)
    def _seats_tide(self, data: Any) -> list[int]:
        """Offered by public facts: each player whose side's deck lists cards for its
        part of the attack, and whose hand is not empty (R51, R65)."""
        attacker = self.attacking.side
        out = []
        for side, part in ((attacker, "attacker"), (other(attacker), "defender")):
            listed = any(c.faction == self.factions[side] and c.timing == "attack"
                         and c.side == part for c in CONTENT.cards.values())
            if listed:
                out += [seat for seat in self.seating.sides[side] if self.hand[seat]]
        return out

    def _plays_tide(self, seat: int, frame: Frame) -> list[Action]:
        part = "attacker" if self.seat_side(seat) == self.attacking.side else "defender"
        return [act("tide", c) for c in sorted(set(self.hand[seat]))
                if CONTENT.cards[c].timing == "attack" and CONTENT.cards[c].side == part]

    def _play_tide(self, seat: int, action: Action, frame: Frame) -> None:
        card = action.arg  # type: ignore[attr-defined]
        self._play_card(seat, card)
        for step in CONTENT.cards[card].effects:
            self.run_effect(step.name, seat, step.amount)

    def _after_tide(self, frame: Frame) -> None:
        self._roll_attack()

    # ----------------------------------------------------------- recovery's discards (R60)
    def recovery_seats(self) -> list[int]:
        """R60: who discards and draws at recovery, in order: the first side's players,
        then the other's."""
        return [*self.seating.sides[self.first], *self.seating.sides[other(self.first)]]

    def _ask_discard(self, seat: int) -> None:
        self.discarding = seat
        if self.hand[seat]:
            self.replace(Frame.of("discard", [seat]))
        else:
            self._discarded(seat)

    def _legal_discard(self, seat: int, frame: Frame) -> list[Action]:
        return [KEEP, *(act("discard", c) for c in sorted(set(self.hand[seat])))]

    def _on_discard(self, seat: int, action: Any, frame: Frame) -> None:
        if action.verb == "keep":
            self._discarded(seat)
            return
        # R50: a card discarded from the hand raises no pool.
        side = self.seat_side(seat)
        self.hand[seat].remove(action.arg)
        self.discards[side].append(action.arg)
        self.emit({"type": "tide_discard", "side": side, **self.by_seat(seat),
                   "card": action.arg,
                   "text": text.tide_discard(self.factions[side], action.arg)})
        self._ask_discard(seat)

    def _discarded(self, seat: int) -> None:
        self._draw_tide(seat)
        order = self.recovery_seats()
        at = order.index(seat) + 1
        if at < len(order):
            self._ask_discard(order[at])
        else:
            self._recover()

    # ----------------------------------------------------------- the Kraken (R53-R56)
    def _unleash(self) -> None:
        """R53: test the waters (unless the Kraken is up or dead), then its attack."""
        kraken = CONTENT.kraken
        if not self.kraken and not self.kraken_dead:
            dice = [self.roll(6, reason="test the waters", seat=seats[0])[0]
                    for seats in self.seating.sides]
            total, pools = sum(dice), sum(self.pools)
            self.emit({"type": "waters", "total": total, "pools": pools,
                       "text": text.waters(total, pools)})
            if total <= pools:
                self._surface()
        if self.kraken and self._over is None:
            face = self.roll(6, reason="the Kraken attacks")[0]
            name, words, reach, damage = kraken.table[face]
            self.emit({"type": "kraken_attack", "roll": face, "attack": name,
                       "text": text.kraken_attack(words)})
            if damage and reach:
                self._lash(reach, damage)

    def _surface(self) -> None:
        """R54: the Kraken surfaces on its zone: a gangplank there is destroyed until it
        is KO'd, a sea monster there is KO'd, models there go overboard; its arrival
        damages every hero of the side with the highest pool, wherever it is."""
        zone = self.config.kraken
        self.kraken = Kraken(zone, 0)
        self.emit({"type": "kraken", "zone": zone, "text": text.kraken_surfaces(zone)})
        if self.config.board.zones[zone].kind == "link" and zone not in self.wrecked:
            self.wrecked[zone] = KRAKEN
        for name, monster in list(self.monsters.items()):
            if monster.zone == zone:
                self._monster_ko(name, None, reward=False)
        self._sweep_overboard(zone)
        best = max(self.pools)
        for side in range(len(self.pools)):
            if self.pools[side] == best:
                for hero in self.heroes_of(side):
                    self._arrival(hero)

    def _arrival(self, hero: int) -> None:
        amount = CONTENT.kraken.arrival
        if self.heroes[hero].zone is not None:
            self._hurt_hero(hero, amount, None)
            return
        # Off the board (KO'd ones too, the FAQ): the damage stays on the dashboard,
        # but a hero off the board is never KO'd again (a ruling).
        self.heroes[hero].damage = min(self.max_hp(hero) - 1, self.heroes[hero].damage + amount)
        self.emit({"type": "hit", "target": f"hero{hero}", "hero": hero, "zone": None,
                   "amount": amount,
                   "text": text.hit(text.hero_title(self.heroes[hero].name), "off the board",
                                    amount)})

    def _lash(self, reach: int, damage: int) -> None:
        """The Kraken's attack: damage to every model within ``reach`` zones."""
        assert self.kraken is not None
        zone = self.kraken.zone
        board = self.config.board
        for there in board.within(zone, reach):
            if there == zone:
                continue
            for side in range(len(self.seating.sides)):
                for hero in self.heroes_in(side, there):
                    self._hurt_hero(hero, damage, None)
                    if self._over is not None:
                        return
                for _ in range(sum(self.crew_in(side, there))):
                    kind = DECKHAND if self.crew_in(side, there).deckhands else BOSUN
                    self._hurt_crew(side, there, kind, damage, None)
            for name, monster in list(self.monsters.items()):
                if monster.zone == there:
                    self._hurt_monster(name, damage, None)

    def hurt_kraken(self, amount: int, by: int | None) -> None:
        kraken = self.kraken
        assert kraken is not None
        kraken.damage += amount
        self.emit({"type": "hit", "target": KRAKEN, "zone": kraken.zone, "amount": amount,
                   "text": text.hit("The Kraken", kraken.zone, amount)})
        if kraken.damage < CONTENT.kraken.hp:
            return
        # R56: the Kraken KO'd: every pool to 0, its gangplank back, and it never returns.
        zone = kraken.zone
        self.kraken, self.kraken_dead = None, True
        self.pools = [0] * len(self.pools)
        for link, cause in list(self.wrecked.items()):
            if cause == KRAKEN:
                del self.wrecked[link]
        self.emit({"type": "kraken_ko", "zone": zone, "text": text.kraken_ko()})
        if by is not None:
            side = self.side_of(by)
            self.gain_coins(by, CONTENT.kraken.reward_coins, "the Kraken KO'd")
            self._gain_vp(side, CONTENT.kraken.reward_vp, "the Kraken KO'd")

    # ----------------------------------------------------------- sea monsters (R55, R57-R59)
    def monster_zones(self) -> set[str]:
        return {m.zone for m in self.monsters.values()}

    def monsters_of(self, side: int) -> list[str]:
        return sorted(name for name, m in self.monsters.items() if m.side == side)

    def ready_monsters(self, side: int) -> list[str]:
        return [name for name in self.monsters_of(side) if not self.monsters[name].activated]

    def _activate_monster(self, name: str) -> None:
        self.acting_monster = name
        self.activation = Activation(left=3)  # R55: like a hero, three actions
        self.emit({"type": "activate", "monster": name, "text": text.activate_monster(name)})
        self._ask_beast()

    def _ask_beast(self) -> None:
        name = self.acting_monster
        if name not in self.monsters or self.activation.left <= 0:
            self._end_beast()
            return
        # R66: a sea monster is played by the player who summoned it.
        self.replace(Frame.of("beast", [self.monsters[name].seat], monster=name,
                              left=self.activation.left))

    def _swim_zones(self, name: str) -> list[str]:
        """A monster moves through the sea and over gangplanks, never onto a deck, never
        into enemies (R57); a gangplank it takes is destroyed (R58), so it takes none
        its own side's models stand on unless the table plays that they go overboard."""
        side, zone = self.monsters[name].side, self.monsters[name].zone
        board = self.config.board
        spare = self.game.options["monster_gangplank"] == "clear"
        return [z for z in board.neighbours(zone)
                if board.zones[z].kind != "deck" and not self.enemies_in(side, z)
                and z not in self.monster_zones() and not (self.kraken and self.kraken.zone == z)
                and not (spare and board.zones[z].kind == "link" and self._friends_on(side, z))]

    def _friends_on(self, side: int, zone: str) -> bool:
        """Whether a hero or crew of ``side`` stands on ``zone``."""
        return bool(self.heroes_in(side, zone)) or any(self.crew_in(side, zone))

    def _legal_beast(self, seat: int, frame: Frame) -> list[Action]:
        name = frame.data["monster"]
        out: list[Action] = []
        if self._swim_zones(name):
            out.append(MOVE)
        profile = CONTENT.monsters[name].attack
        zone = self.monsters[name].zone
        side = self.monsters[name].side
        out += [act("attack", name, z) for z in self.attack_zones(side, zone, profile.range)]
        out.append(END)
        return out

    def _on_beast(self, seat: int, action: Any, frame: Frame) -> None:
        name = frame.data["monster"]
        if action.verb == "end":
            self._end_beast()
            return
        self.activation.left -= 1
        if action.verb == "move":
            self.activation.mp = CONTENT.monsters[name].move
            self._ask_swim()
            return
        self._declare_attack(self.monsters[name].side, action.zone, CONTENT.monsters[name].attack,
                             who=text.monster_title(name), hero=None, then="beast_attack",
                             monster=name, seat=seat)

    def _after_beast_attack(self) -> None:
        self._ask_beast()

    def _ask_swim(self) -> None:
        name = self.acting_monster
        if self.activation.mp <= 0 or name not in self.monsters or not self._swim_zones(name):
            self.activation.mp = 0
            self._ask_beast()
            return
        self.replace(Frame.of("swim", [self.monsters[name].seat], monster=name,
                              mp=self.activation.mp))

    def _legal_swim(self, seat: int, frame: Frame) -> list[Action]:
        return [*(act("swim", zone=z) for z in self._swim_zones(frame.data["monster"])), STOP]

    def _on_swim(self, seat: int, action: Any, frame: Frame) -> None:
        name = frame.data["monster"]
        if action.verb == "stop":
            self.activation.mp = 0
            self._ask_beast()
            return
        self.activation.mp -= 1
        start = self.monsters[name].zone
        self.monsters[name].zone = action.zone
        self.emit({"type": "swim", "monster": name, "zone": start, "to": action.zone,
                   "text": text.swim(name, action.zone)})
        board = self.config.board
        if board.zones[action.zone].kind == "link" and action.zone not in self.wrecked:
            # R58: a gangplank a monster takes is destroyed; models on it go overboard.
            self.wrecked[action.zone] = "monster"
            self.emit({"type": "wreck", "zone": action.zone, "text": text.wreck(action.zone)})
            self._sweep_overboard(action.zone)
        self._ask_swim()

    def _end_beast(self) -> None:
        name = self.acting_monster
        if name in self.monsters:
            self.monsters[name].activated = True
        self.acting_monster = ""
        self.activation = Activation()
        self._next_turn()

    def _hurt_monster(self, name: str, amount: int, by: int | None) -> None:
        monster = self.monsters[name]
        monster.damage += amount
        self.emit({"type": "hit", "target": name, "zone": monster.zone, "amount": amount,
                   "text": text.hit(text.monster_title(name), monster.zone, amount)})
        if monster.damage >= CONTENT.monsters[name].hp:
            self._monster_ko(name, by)

    def _monster_ko(self, name: str, by: int | None, reward: bool = True) -> None:
        """R59: a KO'd sea monster is gone for good, and gives what a KO'd hero gives."""
        side, zone = self.monsters[name].side, self.monsters[name].zone
        del self.monsters[name]
        self.emit({"type": "monster_ko", "monster": name, "zone": zone,
                   "text": text.knocked_out(text.monster_title(name), zone)})
        if not reward:
            return
        self._ko_rewards(side, by)

    # ----------------------------------------------------------- gangplanks and overboard
    def _sweep_overboard(self, zone: str) -> None:
        """Models standing on a gangplank that is destroyed go overboard (a ruling)."""
        for side in range(len(self.seating.sides)):
            for hero in self.heroes_in(side, zone):
                self._knock_overboard(hero)
            deckhands, bosuns = self.crew_in(side, zone)
            if deckhands or bosuns:
                self.crew[side] = [g for g in self.crew[side] if g.zone != zone]
                self.reserve[side].deckhands += deckhands
                self.reserve[side].bosuns += bosuns
                self.emit({"type": "crew_ko", "side": side, "zone": zone, "kind": "crew",
                           "text": text.knocked_out("The crew", zone)})

    def removed(self) -> list[str]:
        return sorted(self.wrecked)

    def _mend_gangplanks(self) -> None:
        """R58: a gangplank a monster destroyed returns at the end of a round in which
        its space is empty."""
        for link, cause in list(self.wrecked.items()):
            if cause == "monster" and link not in self.monster_zones():
                del self.wrecked[link]
                self.emit({"type": "gangplank", "zone": link, "text": text.gangplank(link)})

    # ----------------------------------------------------------- objectives destroyed (R24)
    def blast(self, zone: str, amount: int) -> None:
        """An objective's blast: damage to every model in its zone, either side's."""
        self.emit({"type": "blast", "zone": zone, "amount": amount,
                   "text": text.blast(zone, amount)})
        for side in range(len(self.seating.sides)):
            for hero in self.heroes_in(side, zone):
                self._hurt_hero(hero, amount, None)
                if self._over is not None:
                    return
            for _ in range(sum(self.crew_in(side, zone))):
                kind = DECKHAND if self.crew_in(side, zone).deckhands else BOSUN
                self._hurt_crew(side, zone, kind, amount, None)

    def jam(self, zone: str) -> None:
        side = 0 if zone in self.config.board.zones and (
            self.config.board.zones[zone].side == self.factions[0]) else 1
        self.jammed[side] = True
        self.emit({"type": "jam", "side": side, "text": text.jam(self.factions[side])})
