"""Swordplay's observation: a view as a float32 vector (layout in docs/rules/swordplay.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from plunder.engine.encoding import Encoder, Writer, seat_one_hot
from plunder.games.swordplay.content import CONTENT, LOCATIONS
from plunder.games.swordplay.rules import DECISIONS, HAND_SIZE, SwordplayGame

KINDS = tuple(DECISIONS)
LIFE_SCALE = max(f.life for f in CONTENT.fighters.values())
DAMAGE_SCALE = 10.0


class SwordplayEncoder(Encoder):
    game: SwordplayGame

    def declare(self) -> None:
        n = self.game.players
        cards = self.game.cards_in_play()
        self.cards = cards
        self.items = [c for c in cards if CONTENT.cards[c].type == "item"]
        self.stances = [c for c in cards if CONTENT.cards[c].type == "stance"]
        self.sides = self.game.sides
        count = len(cards)
        self.field("viewer", n, "one-hot: the seat observing (all zero for a spectator)")
        self.field("alive", n, "1 where the fighter is still standing")
        self.field("life", n, f"each fighter's life / {LIFE_SCALE}")
        self.field("armor_left", n, "each fighter's ready armor: damage it can still take / 4")
        self.field("attack_damage", n, f"each fighter's plain attack damage / {DAMAGE_SCALE:g}")
        self.field("hands_free", n, "each fighter's free hands / 2")
        self.field("gear", n * len(self.items),
                   f"per fighter, ready copies of each item, in order {', '.join(self.items)}")
        self.field("stance", n * len(self.stances),
                   f"per fighter, one-hot: its ready stance, in order {', '.join(self.stances)}")
        self.field("hand_size", n, f"each fighter's cards in hand / {HAND_SIZE}")
        self.field("active", n, "one-hot: the fighter whose turn it is")
        self.field("decision", len(KINDS), f"one-hot: the open decision, of {', '.join(KINDS)}")
        self.field("attacker", n, "one-hot: the attacker of the attack being answered")
        self.field("target", n, "one-hot: the target of the attack being answered")
        self.field("location", len(LOCATIONS) + 1,
                   f"one-hot: that attack's location, of {', '.join(LOCATIONS)}, none")
        self.field("incoming", 1, f"that attack's damage / {DAMAGE_SCALE:g}")
        self.field("hand", count, f"the viewer's copies of each card in hand / {HAND_SIZE}, "
                   f"in order {', '.join(cards)}")
        self.field("decks", len(self.sides), f"cards left in each deck ({', '.join(self.sides)}) "
                   "/ its size")
        self.field("discards", len(self.sides) * count,
                   "per deck, copies of each card in its discard pile / 5")
        self.field("turn", 1, "turn number / turn_limit")
        self.field("readied", 1, "1 once the active fighter has readied this turn")
        self.field("over", 1, "1 once the game is over")
        self.field("winners", n, "1 where the seat won (at the end)")

    def fill(self, view: Mapping[str, Any], out: Writer) -> None:
        n = self.game.players
        rows = view["fighters"]
        cards = CONTENT.cards
        out.put("viewer", seat_one_hot(view["viewer"], n))
        out.put("alive", [float(r["alive"]) for r in rows])
        out.put("life", [max(0, r["life"]) / LIFE_SCALE for r in rows])
        out.put("armor_left", [
            0.0 if r["armor"] is None
            else (cards[r["armor"]["card"]].value - r["armor"]["taken"]) / 4 for r in rows
        ])
        out.put("attack_damage", [r["attack_damage"] / DAMAGE_SCALE for r in rows])
        out.put("hands_free", [r["hands_free"] / 2 for r in rows])
        out.put("gear", [
            float(sum(1 for g in r["gear"] if g["card"] == item))
            for r in rows for item in self.items
        ])
        out.put("stance", [float(r["stance"] == s) for r in rows for s in self.stances])
        out.put("hand_size", [r["hand_size"] / HAND_SIZE for r in rows])
        out.put("active", seat_one_hot(None if view["over"] else view["active"], n))
        decision = view["decision"] or {}
        kind = decision.get("kind")
        out.one_hot("decision", KINDS.index(kind) if kind in KINDS else None, len(KINDS))
        defending = kind == "defend"
        out.put("attacker", seat_one_hot(decision.get("attacker") if defending else None, n))
        out.put("target", seat_one_hot(decision.get("target") if defending else None, n))
        where = None
        if defending:
            loc = decision.get("location") or ""
            where = LOCATIONS.index(loc) if loc in LOCATIONS else len(LOCATIONS)
        out.one_hot("location", where, len(LOCATIONS) + 1)
        out.put("incoming", [decision.get("damage", 0) / DAMAGE_SCALE if defending else 0.0])
        hand = view.get("hand") or []
        out.put("hand", [hand.count(c) / HAND_SIZE for c in self.cards])
        out.put("decks", [view["decks"][s] / CONTENT.decks[s].size for s in self.sides])
        out.put("discards", [
            view["discards"][s].count(c) / 5 for s in self.sides for c in self.cards
        ])
        out.put("turn", [view["turn"] / view["turn_limit"]])
        out.put("readied", [float(view["readied"])])
        out.put("over", [float(view["over"])])
        winners = (view.get("result") or {}).get("winners", [])
        out.put("winners", [float(s in winners) for s in range(n)])
