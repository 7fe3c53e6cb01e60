"""Rum & Bones' observation: the board zone by zone and the heroes, from the viewer's side.

Everything is read from the view. Sides are seen from the viewer's (a spectator
sees from side 0's): "own" is the viewer's side, "enemy" the other. The layout
is listed field by field in ``docs/rules/rumbones.md``.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from plunder.engine.encoding import Encoder, Writer, blank, seat_one_hot
from plunder.engine.state import State
from plunder.games.rumbones.actions import BOSUNS, HANDS, ZONE
from plunder.games.rumbones.content import CONTENT
from plunder.games.rumbones.rules import HEROES_A_SIDE, BonesGame, BonesState

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


class BonesEncoder(Encoder):
    game: BonesGame

    def declare(self) -> None:
        zones = len(self.game.zones())
        self._zones = {zone: i for i, zone in enumerate(self.game.zones())}
        self._flips: dict[int, np.ndarray] = {}
        self._boards: dict[tuple[Any, ...], Any] = {}
        self._heroes: dict[tuple[Any, ...], Any] = {}
        heroes = 2 * HEROES_A_SIDE
        self.field("viewer", 2, "one-hot: the seat observing")
        # A zone may hold a side's every hero and its whole crew.
        crowd = max(
            HEROES_A_SIDE,
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
        self.field("hand", len(CARDS), "the viewer's Tide cards of each kind / 4")
        self.field("discards", 2 * len(CARDS), "each Tide card in the own, then the enemy's "
                                               "discards / 4")
        self.field("tide", 6, "own and enemy hand sizes / 3, decks / 30, Kraken pools / 10")
        self.field("kraken", 3, "the Kraken is up, its damage / its HP, it is dead")
        self.field("monsters", len(MONSTERS) * MONSTER_FEATURES,
                   "per sea monster: summoned, own, enemy, damage / HP, activated")
        self.field("vp", 2, "own and enemy VP / target")
        self.field("reserve", 4, "own deckhands / 24, own bosuns / 6, the enemy's likewise")
        self.field("round", 1, "round / round limit")
        self.field("turn", 6, "own side first, own side to play, own and enemy passed, own and "
                              "enemy crew activated")
        self.field("decision", len(KINDS), "one-hot: the kind of the open decision")
        self.field("action", 4, "actions left / 3, movement points left / 3, hits to assign / 6, "
                                "re-rolls left / 2")
        self.field("pending", 2, "1 where the seat owes a decision")
        self.field("over", 1, "1 once the game is over")

    def fill(self, view: Mapping[str, Any], out: Writer) -> None:
        seat = view["viewer"]
        own = 0 if seat is None else seat
        enemy = 1 - own
        out.put("viewer", seat_one_hot(seat, 2))
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
            kinds = {CONTENT.skills[s].kind for s in hero["skills"]}
            heroes += [
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
        heroes += [0.0] * (2 * HEROES_A_SIDE * HERO_FEATURES - len(heroes))
        out.put("heroes", heroes)
        hand = view.get("hand", [])
        out.put("hand", [hand.count(c) / 4 for c in CARDS])
        out.put("discards", [view["discards"][side].count(c) / 4 for side in (own, enemy)
                             for c in CARDS])
        out.put("tide", [view["hand_sizes"][own] / 3, view["hand_sizes"][enemy] / 3,
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
        out.one_hot("decision", KINDS.index(kind) if kind in KINDS else None, len(KINDS))
        out.put("action", [view["actions_left"] / 3, min(view["mp"], 3) / 3,
                           min(view["hits"], 6) / 6, min(view["rerolls"], 2) / 2])
        out.put("pending", [float(s in view["pending"]) for s in (0, 1)])
        out.put("over", [float(view["over"])])

    def observe(self, state: State, seats: Sequence[int | None]) -> np.ndarray:
        """``fill`` for several seats at once, straight from the state (docs/design.md).

        Everything but the viewer and its hand is seen from a side. It is written
        from side 0's (a spectator's too), and side 1's is the same values in other
        places (own and enemy swapped, its heroes first), but for whether it plays
        first and plays now.
        """
        assert isinstance(state, BonesState)
        heroes = [self._hero(state, h) for h in range(len(state.hero))]
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
            tuple(state.zone),
            tuple([(g[ZONE], g[HANDS], len(g[BOSUNS])) for g in state.crew[0]]),
            tuple([(g[ZONE], g[HANDS], len(g[BOSUNS])) for g in state.crew[1]]),
            tuple([(z, e[0], e[1]) for z, e in state.objectives[0].items()]),
            tuple([(z, e[0], e[1]) for z, e in state.objectives[1].items()]),
            tuple([(m[0], m[1]) for m in state.monsters.values()]),
            state.kraken[0] if state.kraken else None,
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

        for h in range(len(state.hero)):
            zone = state.zone[h]
            if zone is not None:
                cell(zone)[state.side_of(h)][0] += 1.0
        for side in (0, 1):
            for group in state.crew[side]:
                found = cell(group[ZONE])[side]
                found[1] += group[HANDS] / CREW_SCALE
                found[2] += len(group[BOSUNS]) / CREW_SCALE
            for zone, entry in state.objectives[side].items():
                hp = CONTENT.objectives[entry[0]].hp
                cell(zone)[side][3] = (hp - entry[1]) / hp
        for side, zone, _damage, _activated in state.monsters.values():
            cell(zone)[side][4] = 1.0
        if state.kraken:
            cell(state.kraken[0])[2] = 1.0
        for zone in state.wrecked:
            cell(zone)[3] = 1.0
        return cells

    def _hero(self, state: BonesState, h: int) -> Any:
        """Hero ``h``'s features, as ``fill`` lists them, kept by what they follow from."""
        key = (
            state.hero[h], state.zone[h], state.damage[h], state.coins[h],
            state.activated[h], state.coin[h], state.overboard[h],
            tuple(state.unlocked[h]), tuple(state.levels[h].items()),
            tuple(state.conditions[h]), bool(state.spent[h]),
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
        skills = state.unlocked[h]
        levels = state.levels[h]
        kinds = {SKILL_KIND[skill] for skill in skills}
        conditions = state.conditions[h]
        coin = state.coin[h]
        return (
            float(state.zone[h] is not None),
            state.damage[h] / hp_max,
            hp_max / 14.0,
            min(state.coins[h], COIN_SCALE) / COIN_SCALE,
            float(state.activated[h]),
            float(coin == "gold"),
            float(coin == "dark"),
            float(state.overboard[h]),
            *(float(kind in kinds) for kind in SKILL_KINDS),
            float(bool(state.spent[h])),
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
            out[start + 1] = kraken[1] / CONTENT.kraken.hp
        if state.kraken_dead:
            out[start + 2] = 1.0
        start = at["monsters"]
        for m, name in enumerate(MONSTERS):
            base = start + m * MONSTER_FEATURES
            if name in state.summoned:
                out[base] = 1.0
            found = state.monsters.get(name)
            if found:
                side, _zone, damage, activated = found
                if side == own:
                    out[base + 1] = 1.0
                if side == enemy:
                    out[base + 2] = 1.0
                out[base + 3] = damage / CONTENT.monsters[name].hp
                if activated:
                    out[base + 4] = 1.0
        target = self.game.options["target"]
        vp = state.vp
        out[at["vp"]] = min(vp[own], target) / target
        out[at["vp"] + 1] = min(vp[enemy], target) / target
        start = at["reserve"]
        for i, side in enumerate((own, enemy)):
            faction = CONTENT.factions[state.factions[side]]
            out[start + 2 * i] = state.reserve[side][0] / faction.deckhands
            out[start + 2 * i + 1] = state.reserve[side][1] / max(1, faction.bosuns)
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
        out[start] = state.actions_left / 3
        out[start + 1] = min(state.mp, 3) / 3
        out[start + 2] = min(state.hits, 6) / 6
        out[start + 3] = min(state.rerolls, 2) / 2
        for s in state.pending:
            out[at["pending"] + s] = 1.0
        if state.result is not None:
            out[at["over"]] = 1.0
        return out
