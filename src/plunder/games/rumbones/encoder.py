"""Rum & Bones' observation: the board zone by zone and the heroes, from the viewer's side.

Everything is read from the view. Sides are seen from the viewer's (a spectator
sees from side 0's): "own" is the viewer's side (its team's), "enemy" the
other. The layout is listed field by field in ``docs/rules/rumbones.md``.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from plunder.engine.encoding import Encoder, Writer, blank, seat_one_hot
from plunder.engine.state import State
from plunder.games.rumbones.actions import HEROES_A_SIDE
from plunder.games.rumbones.content import CONTENT
from plunder.games.rumbones.game import BonesGame
from plunder.games.rumbones.rules import BonesState

KINDS = ("pick", "turn", "deploy", "act", "move", "reroll", "hits", "assign", "shove", "push",
         "muster", "bosun", "order", "advance", "strike", "fire", "tide", "mend", "gather",
         "summon", "beast", "swim", "discard")
CARDS = tuple(CONTENT.cards)
MONSTERS = tuple(CONTENT.monsters)
MONSTER_FEATURES = 5
CONDITIONS = ("blind", "stun", "slow", "silence", "bleed")
SKILL_KINDS = ("attack", "ability", "reaction", "passive")
ZONE_FEATURES = 12
HERO_FEATURES = 8 + len(SKILL_KINDS) + 2 + len(CONDITIONS)
CREW_SCALE = 6.0  # deckhands or bosuns on one zone, for scaling
COIN_SCALE = 10.0
CARD_INDEX = {card: i for i, card in enumerate(CARDS)}
KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}
SKILL_KIND = {name: skill.kind for name, skill in CONTENT.skills.items()}
# Situations whose values an encoder keeps (boards, heroes), before it starts afresh.
KEPT = 4096


CLASH_KINDS = ("pick", "turn", "deploy", "act", "move", "reroll", "hits", "assign", "shove",
               "push", "seize")
CLASH_ZONE_FEATURES = 4
LIVES_SCALE = 5.0


class BonesEncoder(Encoder):
    """The battle's layout, or Clash Royale!'s (``clash_declare``, ``clash_fill``)."""

    game: BonesGame

    def declare(self) -> None:
        # The two-player battle, where a seat is a side, has a fast path from the state.
        self.fast = not self.game.clash and self.game.players == 2
        if self.game.clash:
            self.clash_declare()
        else:
            self.battle_declare()

    def fill(self, view: Mapping[str, Any], out: Writer) -> None:
        if self.game.clash:
            self.clash_fill(view, out)
        else:
            self.battle_fill(view, out)

    # ------------------------------------------------------------ Clash Royale!
    def clash_declare(self) -> None:
        players = self.game.players
        self.field("viewer", players, "one-hot: the seat observing")
        self.field("zones", len(self.game.zones()) * CLASH_ZONE_FEATURES,
                   "per zone (board order): own heroes, enemy heroes, a deck feature's HP "
                   "left / its HP, the Captain's Chest",
                   high=self.game.seating.hero_count)  # every hero may crowd one zone
        self.field("heroes", self.game.seating.hero_count * (HERO_FEATURES + 1),
                   "per hero, own first: as in a battle, then lives left / 5")
        self.field("players", players, "1 where the seat still has heroes")
        self.field("round", 1, "round / round limit")
        self.field("turn", 1, "the viewer to play")
        self.field("decision", len(CLASH_KINDS), "one-hot: the kind of the open decision")
        self.field("action", 4, "actions left / 3, movement points left / 3, hits to assign / 6, "
                                "re-rolls left / 2")
        self.field("pending", players, "1 where the seat owes a decision")
        self.field("over", 1, "1 once the game is over")

    def clash_fill(self, view: Mapping[str, Any], out: Writer) -> None:
        seat = view["viewer"]
        own = 0 if seat is None else seat
        out.put("viewer", seat_one_hot(seat, self.game.players))
        cells = {z: [0.0] * CLASH_ZONE_FEATURES for z in self.game.zones()}
        for hero in view["heroes"]:
            if hero["zone"] is not None:
                cells[hero["zone"]][0 if hero["side"] == own else 1] += 1.0
        for zone, entry in view["features"].items():
            cells[zone][2] = (entry["hp"] - entry["damage"]) / entry["hp"]
        cells[view["chest"]][3] = 1.0
        out.put("zones", [value for cell in cells.values() for value in cell])
        heroes: list[float] = []
        for hero in sorted(view["heroes"], key=lambda h: (h["side"] != own, h["index"])):
            heroes += [*self.hero_features(hero), hero["lives"] / LIVES_SCALE]
        heroes += [0.0] * (self.game.seating.hero_count * (HERO_FEATURES + 1) - len(heroes))
        out.put("heroes", heroes)
        left = view["players_left"]
        out.put("players", [float(s in left) for s in range(self.game.players)])
        out.put("round", [view["round"] / self.game.options["clash_rounds"]])
        out.put("turn", [float(view["side"] == own and not view["over"])])
        kind = (view["decision"] or {}).get("kind")
        out.one_hot("decision", CLASH_KINDS.index(kind) if kind in CLASH_KINDS else None,
                    len(CLASH_KINDS))
        out.put("action", [view["actions_left"] / 3, min(view["mp"], 3) / 3,
                           min(view["hits"], 6) / 6, min(view["rerolls"], 2) / 2])
        out.put("pending", [float(s in view["pending"]) for s in range(self.game.players)])
        out.put("over", [float(view["over"])])

    @staticmethod
    def hero_features(hero: Mapping[str, Any]) -> list[float]:
        kinds = {CONTENT.skills[s].kind for s in hero["skills"]}
        return [
            float(hero["zone"] is not None),
            hero["damage"] / hero["hp_max"],
            hero["hp_max"] / 14.0,
            min(hero["coins"], COIN_SCALE) / COIN_SCALE,
            float(hero["activated"]),
            float(hero["coin"] == "gold"),
            float(hero["coin"] == "dark"),
            float(hero["overboard"]),
            *(float(kind in kinds) for kind in SKILL_KINDS),
            float(bool(hero["spent"])),
            sum(1 for level in hero["skills"].values() if level >= 2) / 5.0,
            *(float(c in hero["conditions"]) for c in CONDITIONS),
        ]

    # ------------------------------------------------------------ the battle
    def battle_declare(self) -> None:
        # The kinds of decision these options open (a team's captain only where one holds
        # the Tide).
        seating = self.game.seating
        self.kinds = (KINDS + (("reward",) if seating.has_teams else ())
                      + (("captain",) if any(seating.captain) else ()))
        zones = len(self.game.zones())
        self._zones = {zone: i for i, zone in enumerate(self.game.zones())}
        self._flips: dict[int, np.ndarray] = {}
        self._boards: dict[tuple[Any, ...], Any] = {}
        self._heroes: dict[tuple[Any, ...], Any] = {}
        heroes = seating.hero_count
        self.field("viewer", self.game.players, "one-hot: the seat observing")
        # A zone may hold a side's every hero and its whole crew.
        crowd = max(
            *(seating.heroes(side) for side in (0, 1)),
            *(f.deckhands / CREW_SCALE for f in CONTENT.factions.values()),
            *(f.bosuns / CREW_SCALE for f in CONTENT.factions.values()),
        )
        self.field(
            "zones", zones * ZONE_FEATURES,
            "per zone (board order): own heroes, enemy heroes, own deckhands / 6, own bosuns "
            "/ 6, enemy deckhands / 6, enemy bosuns / 6, own objective's HP left / its HP, "
            "enemy objective's HP left / its HP, own sea monster, enemy sea monster, the "
            "Kraken, a destroyed gangplank", high=crowd,
        )
        self.field(
            "heroes", heroes * HERO_FEATURES,
            "per hero, own side's first: on the board, damage / HP, HP / 14, coins / 10, "
            "activated, gold coin, dark coin, overboard, its attack skill, ability, reaction "
            "and passive unlocked, its reaction spent this round, skills at level 2 / 5, and "
            "each condition (blind, stun, slow, silence, bleed)",
        )
        self.field("hand", len(CARDS), "the Tide cards of each kind the viewer sees in its "
                                       "team's hands / 4")
        self.field("discards", 2 * len(CARDS), "each Tide card in the own, then the enemy's "
                                               "discards / 4")
        # A side's hands hold 3 cards in all, or 4 where a team splits them (2 and 2, or
        # the solo player's 4).
        held = max(seating.captain[side] or sum(seating.tide[s] for s in seating.sides[side])
                   for side in (0, 1))
        self.field("tide", 6, "own and enemy cards in hand / 3, decks / 30, Kraken pools / 10",
                   high=max(1.0, held / 3))
        self.field("kraken", 3, "the Kraken is up, its damage / its HP, it is dead")
        self.field("monsters", len(MONSTERS) * MONSTER_FEATURES,
                   "per sea monster: summoned, own, enemy, damage / HP, activated")
        self.field("vp", 2, "own and enemy VP / target")
        self.field("reserve", 4, "own deckhands / 24, own bosuns / 6, the enemy's likewise")
        self.field("round", 1, "round / round limit")
        self.field("turn", 6, "own side first, own side to play, own and enemy passed, own and "
                              "enemy crew activated")
        self.field("decision", len(self.kinds), "one-hot: the kind of the open decision")
        self.field("action", 4, "actions left / 3, movement points left / 3, hits to assign / 6, "
                                "re-rolls left / 2")
        self.field("pending", self.game.players, "1 where the seat owes a decision")
        self.field("over", 1, "1 once the game is over")

    def battle_fill(self, view: Mapping[str, Any], out: Writer) -> None:
        seat = view["viewer"]
        sides = self.game.seating.sides
        own = 0 if seat is None else self.game.seating.side_of[seat]
        enemy = 1 - own
        out.put("viewer", seat_one_hot(seat, self.game.players))
        cells: dict[str, list[float]] = {z: [0.0] * ZONE_FEATURES for z in self.game.zones()}
        for hero in view["heroes"]:
            if hero["zone"] is not None:
                cells[hero["zone"]][0 if hero["side"] == own else 1] += 1.0
        for side, offset in ((own, 2), (enemy, 4)):
            for group in view["crew"][side]:
                cell = cells[group["zone"]]
                cell[offset] += group["deckhands"] / CREW_SCALE
                cell[offset + 1] += len(group["bosuns"]) / CREW_SCALE
        for side, offset in ((own, 6), (enemy, 7)):
            for zone, entry in view["objectives"][side].items():
                cells[zone][offset] = (entry["hp"] - entry["damage"]) / entry["hp"]
        for monster in view["monsters"].values():
            cells[monster["zone"]][8 if monster["side"] == own else 9] = 1.0
        if view["kraken"]:
            cells[view["kraken"][0]][10] = 1.0
        for zone in view["wrecked"]:
            cells[zone][11] = 1.0
        out.put("zones", [value for cell in cells.values() for value in cell])
        heroes: list[float] = []
        ordered = sorted(view["heroes"], key=lambda h: (h["side"] != own, h["index"]))
        for hero in ordered:
            heroes += self.hero_features(hero)
        heroes += [0.0] * (self.game.seating.hero_count * HERO_FEATURES - len(heroes))
        out.put("heroes", heroes)
        hands = view.get("hands") or {"own": view.get("hand", [])}
        hand = [card for cards in hands.values() for card in cards]
        out.put("hand", [hand.count(c) / 4 for c in CARDS])
        out.put("discards", [view["discards"][side].count(c) / 4 for side in (own, enemy)
                             for c in CARDS])
        held = [sum(view["hand_sizes"][s] for s in seats) for seats in sides]
        out.put("tide", [held[own] / 3, held[enemy] / 3,
                         view["decks"][own] / 30, view["decks"][enemy] / 30,
                         view["pools"][own] / 10, view["pools"][enemy] / 10])
        kraken = view["kraken"]
        out.put("kraken", [float(bool(kraken)),
                           (kraken[1] / CONTENT.kraken.hp) if kraken else 0.0,
                           float(view["kraken_dead"])])
        monsters: list[float] = []
        for name in MONSTERS:
            found = view["monsters"].get(name)
            monsters += [
                float(name in view["summoned"]),
                float(bool(found) and found["side"] == own),
                float(bool(found) and found["side"] == enemy),
                found["damage"] / found["hp"] if found else 0.0,
                float(bool(found) and found["activated"]),
            ]
        out.put("monsters", monsters)
        target = self.game.options["target"]
        out.put("vp", [min(view["vp"][own], target) / target,
                       min(view["vp"][enemy], target) / target])
        factions = view["factions"]
        reserve = []
        for side in (own, enemy):
            faction = CONTENT.factions[factions[side]]
            reserve += [view["reserve"][side][0] / faction.deckhands,
                        view["reserve"][side][1] / max(1, faction.bosuns)]
        out.put("reserve", reserve)
        out.put("round", [view["round"] / self.game.options["round_limit"]])
        out.put("turn", [
            float(view["first"] == own), float(view["side"] == own),
            float(view["passed"][own]), float(view["passed"][enemy]),
            float(view["crew_done"][own]), float(view["crew_done"][enemy]),
        ])
        decision = view["decision"] or {}
        kind = decision.get("kind")
        kinds = self.kinds
        out.one_hot("decision", kinds.index(kind) if kind in kinds else None, len(kinds))
        out.put("action", [view["actions_left"] / 3, min(view["mp"], 3) / 3,
                           min(view["hits"], 6) / 6, min(view["rerolls"], 2) / 2])
        out.put("pending", [float(s in view["pending"]) for s in range(self.game.players)])
        out.put("over", [float(view["over"])])

    @property
    def from_state(self) -> bool:
        return self.fast

    def observe(self, state: State, seats: Sequence[int | None]) -> np.ndarray:
        """``fill`` for several seats at once, straight from the state (docs/design.md),
        in the two-player battle; teams and Clash Royale! encode each seat's view.

        Everything but the viewer and its hand is seen from a side. It is written
        from side 0's (a spectator's too), and side 1's is the same values in other
        places (own and enemy swapped, its heroes first), but for whether it plays
        first and plays now.
        """
        if not self.fast:
            return super().observe(state, seats)
        assert isinstance(state, BonesState)
        heroes = [self._hero(state, h) for h in range(len(state.heroes))]
        front = np.frombuffer(self._side_zero(state, self._zones_block(state), heroes),
                              np.float32)
        out = np.empty((len(seats), self.size), dtype=np.float32)
        at = self.at
        turn = at["turn"]
        back = None
        for row, seat in enumerate(seats):
            if seat == 1:
                if back is None:
                    back = front[self._flip(len(heroes))]
                    back[turn] = float(state.first == 1)
                    back[turn + 1] = float(state.side == 1)
                out[row] = back
            else:
                out[row] = front
            if seat is None:
                continue
            line = out[row]
            line[at["viewer"] + seat] = 1.0
            hand = state.hand[seat]
            for card in set(hand):
                line[at["hand"] + CARD_INDEX[card]] = hand.count(card) / 4
        return out

    def _flip(self, heroes: int) -> np.ndarray:
        """Where side 1's view takes each value of side 0's (with ``heroes`` heroes dealt)."""
        found = self._flips.get(heroes)
        if found is not None:
            return found
        at = self.at
        perm = np.arange(self.size)

        def swap(a: int, b: int) -> None:
            perm[a], perm[b] = b, a

        for z in range(len(self._zones)):
            base = at["zones"] + z * ZONE_FEATURES
            for a, b in ((0, 1), (2, 4), (3, 5), (6, 7), (8, 9)):
                swap(base + a, base + b)
        ordered = list(range(heroes))
        ordered = ordered[HEROES_A_SIDE:] + ordered[:HEROES_A_SIDE]
        for rank, h in enumerate(ordered):
            for f in range(HERO_FEATURES):
                perm[at["heroes"] + rank * HERO_FEATURES + f] = (
                    at["heroes"] + h * HERO_FEATURES + f
                )
        for c in range(len(CARDS)):
            swap(at["discards"] + c, at["discards"] + len(CARDS) + c)
        for a, b in ((0, 1), (2, 3), (4, 5)):
            swap(at["tide"] + a, at["tide"] + b)
        for m in range(len(MONSTERS)):
            base = at["monsters"] + m * MONSTER_FEATURES
            swap(base + 1, base + 2)
        swap(at["vp"], at["vp"] + 1)
        swap(at["reserve"], at["reserve"] + 2)
        swap(at["reserve"] + 1, at["reserve"] + 3)
        swap(at["turn"] + 2, at["turn"] + 3)
        swap(at["turn"] + 4, at["turn"] + 5)
        self._flips[heroes] = perm
        return perm

    def _zones_block(self, state: BonesState) -> Any:
        """The ``zones`` field seen from side 0, kept by what stands where (the board
        changes at few steps)."""
        key = (
            tuple([hero.zone for hero in state.heroes]),
            tuple([(g.zone, g.deckhands, len(g.bosuns)) for g in state.crew[0]]),
            tuple([(g.zone, g.deckhands, len(g.bosuns)) for g in state.crew[1]]),
            tuple([(z, e.objective, e.damage) for z, e in state.objectives[0].items()]),
            tuple([(z, e.objective, e.damage) for z, e in state.objectives[1].items()]),
            tuple([(m.side, m.zone) for m in state.monsters.values()]),
            state.kraken.zone if state.kraken else None,
            tuple(state.wrecked),
        )
        kept = self._boards
        block = kept.get(key)
        if block is None:
            if len(kept) >= KEPT:
                kept.clear()
            block = kept[key] = self._lay_out_zones(self._board(state))
        return block

    def _lay_out_zones(self, board: dict[int, list[Any]]) -> Any:
        """The ``zones`` field, seen from side 0, of ``_board``'s cells."""
        block = blank(len(self._zones) * ZONE_FEATURES)
        for z, (mine, theirs, kraken, wrecked) in board.items():
            base = z * ZONE_FEATURES
            # Own heroes, enemy heroes, own crew, enemy crew, objectives, monsters.
            for f, value in ((0, mine[0]), (1, theirs[0]), (2, mine[1]), (3, mine[2]),
                             (4, theirs[1]), (5, theirs[2]), (6, mine[3]), (7, theirs[3]),
                             (8, mine[4]), (9, theirs[4]), (10, kraken), (11, wrecked)):
                if value:
                    block[base + f] = value
        return block

    def _board(self, state: BonesState) -> dict[int, list[Any]]:
        """Per zone something stands on: per side, its heroes, deckhands / 6 and bosuns
        / 6 (summed group by group, as ``fill`` sums them), its objective's HP left /
        its HP and its sea monster; then the Kraken and a destroyed gangplank."""
        zones = self._zones
        cells: dict[int, list[Any]] = {}

        def cell(zone: str) -> list[Any]:
            found = cells.get(zones[zone])
            if found is None:
                found = cells[zones[zone]] = [[0.0, 0.0, 0.0, 0.0, 0.0] for _ in (0, 1)]
                found += [0.0, 0.0]
            return found

        for h in range(len(state.heroes)):
            zone = state.heroes[h].zone
            if zone is not None:
                cell(zone)[state.side_of(h)][0] += 1.0
        for side in (0, 1):
            for group in state.crew[side]:
                found = cell(group.zone)[side]
                found[1] += group.deckhands / CREW_SCALE
                found[2] += len(group.bosuns) / CREW_SCALE
            for zone, entry in state.objectives[side].items():
                hp = CONTENT.objectives[entry.objective].hp
                cell(zone)[side][3] = (hp - entry.damage) / hp
        for monster in state.monsters.values():
            cell(monster.zone)[monster.side][4] = 1.0
        if state.kraken:
            cell(state.kraken.zone)[2] = 1.0
        for zone in state.wrecked:
            cell(zone)[3] = 1.0
        return cells

    def _hero(self, state: BonesState, h: int) -> Any:
        """Hero ``h``'s features, as ``fill`` lists them, kept by what they follow from."""
        hero = state.heroes[h]
        key = (
            hero.name, hero.zone, hero.damage, hero.coins, hero.activated, hero.coin,
            hero.overboard, tuple(hero.unlocked), tuple(hero.levels.items()),
            tuple(hero.conditions), bool(hero.spent),
        )
        kept = self._heroes
        found = kept.get(key)
        if found is None:
            if len(kept) >= KEPT:
                kept.clear()
            found = kept[key] = array("f", self._hero_features(state, h))
        return found

    @staticmethod
    def _hero_features(state: BonesState, h: int) -> tuple[float, ...]:
        hp_max = state.max_hp(h)
        skills = state.heroes[h].unlocked
        levels = state.heroes[h].levels
        kinds = {SKILL_KIND[skill] for skill in skills}
        conditions = state.heroes[h].conditions
        coin = state.heroes[h].coin
        return (
            float(state.heroes[h].zone is not None),
            state.heroes[h].damage / hp_max,
            hp_max / 14.0,
            min(state.heroes[h].coins, COIN_SCALE) / COIN_SCALE,
            float(state.heroes[h].activated),
            float(coin == "gold"),
            float(coin == "dark"),
            float(state.heroes[h].overboard),
            *(float(kind in kinds) for kind in SKILL_KINDS),
            float(bool(state.heroes[h].spent)),
            sum(1 for skill in skills if levels.get(skill, 1) >= 2) / 5.0,
            *(float(c in conditions) for c in CONDITIONS),
        )

    def _side_zero(self, state: BonesState, board: Any, heroes: list[Any]) -> Any:
        """Every field but the viewer's and its hand, seen from side 0 (``board``: the
        ``zones`` field, ``heroes``: each hero's features)."""
        own, enemy = 0, 1
        at = self.at
        out = blank(self.size)
        start = at["zones"]
        out[start:start + len(board)] = board
        # Side 0's heroes (0..2) come first, then side 1's (3..5).
        base = at["heroes"]
        for features in heroes:
            out[base:base + HERO_FEATURES] = features
            base += HERO_FEATURES
        start = at["discards"]
        for i, side in enumerate((own, enemy)):
            pile = state.discards[side]
            for card in set(pile):
                out[start + i * len(CARDS) + CARD_INDEX[card]] = pile.count(card) / 4
        hands, decks, pools = state.hand, state.deck, state.pools
        start = at["tide"]
        for f, value in enumerate((len(hands[own]) / 3, len(hands[enemy]) / 3,
                                   len(decks[own]) / 30, len(decks[enemy]) / 30,
                                   pools[own] / 10, pools[enemy] / 10)):
            out[start + f] = value
        kraken = state.kraken
        start = at["kraken"]
        if kraken:
            out[start] = 1.0
            out[start + 1] = kraken.damage / CONTENT.kraken.hp
        if state.kraken_dead:
            out[start + 2] = 1.0
        start = at["monsters"]
        for m, name in enumerate(MONSTERS):
            base = start + m * MONSTER_FEATURES
            if name in state.summoned:
                out[base] = 1.0
            found = state.monsters.get(name)
            if found:
                if found.side == own:
                    out[base + 1] = 1.0
                if found.side == enemy:
                    out[base + 2] = 1.0
                out[base + 3] = found.damage / CONTENT.monsters[name].hp
                if found.activated:
                    out[base + 4] = 1.0
        target = self.game.options["target"]
        vp = state.vp
        out[at["vp"]] = min(vp[own], target) / target
        out[at["vp"] + 1] = min(vp[enemy], target) / target
        start = at["reserve"]
        for i, side in enumerate((own, enemy)):
            faction = CONTENT.factions[state.factions[side]]
            out[start + 2 * i] = state.reserve[side].deckhands / faction.deckhands
            out[start + 2 * i + 1] = state.reserve[side].bosuns / max(1, faction.bosuns)
        out[at["round"]] = state.round / self.game.options["round_limit"]
        start = at["turn"]
        for f, value in enumerate((state.first == own, state.side == own,
                                   state.passed[own], state.passed[enemy],
                                   state.crew_done[own], state.crew_done[enemy])):
            if value:
                out[start + f] = 1.0
        frame = state.open_frame
        if frame is not None and frame.kind in KIND_INDEX:
            out[at["decision"] + KIND_INDEX[frame.kind]] = 1.0
        start = at["action"]
        out[start] = state.activation.left / 3
        out[start + 1] = min(state.activation.mp, 3) / 3
        if state.attack is not None:
            out[start + 2] = min(state.attack.hits, 6) / 6
            out[start + 3] = min(state.attack.rerolls, 2) / 2
        for s in state.pending:
            out[at["pending"] + s] = 1.0
        if state.result is not None:
            out[at["over"]] = 1.0
        return out
