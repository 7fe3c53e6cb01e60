"""Rum & Bones' observation: the board zone by zone and the heroes, from the viewer's side.

Everything is read from the view. Sides are seen from the viewer's (a spectator
sees from side 0's): "own" is the viewer's side (its team's), "enemy" the
other. The layout is listed field by field in ``docs/rules/rumbones.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from plunder.engine.encoding import Encoder, Writer, seat_one_hot
from plunder.games.rumbones.content import CONTENT
from plunder.games.rumbones.game import BonesGame

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


CLASH_KINDS = ("pick", "turn", "deploy", "act", "move", "reroll", "hits", "assign", "shove",
               "push", "seize")
CLASH_ZONE_FEATURES = 4
LIVES_SCALE = 5.0


class BonesEncoder(Encoder):
    """The battle's layout, or Clash Royale!'s (``clash_declare``, ``clash_fill``)."""

    game: BonesGame

    def declare(self) -> None:
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
                   "left / its HP, the Captain's Chest")
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
        heroes = self.game.seating.hero_count
        self.field("viewer", self.game.players, "one-hot: the seat observing")
        self.field(
            "zones", zones * ZONE_FEATURES,
            "per zone (board order): own heroes, enemy heroes, own deckhands / 6, own bosuns "
            "/ 6, enemy deckhands / 6, enemy bosuns / 6, own objective's HP left / its HP, "
            "enemy objective's HP left / its HP, own sea monster, enemy sea monster, the "
            "Kraken, a destroyed gangplank",
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
        self.field("tide", 6, "own and enemy cards in hand / 3, decks / 30, Kraken pools / 10")
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
