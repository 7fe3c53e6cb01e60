"""Pirates Under Fire's observation: ``view(seat, log=False)`` as a float32 vector.

Counts are divided by fixed bounds and capped at 1, so every value lies in 0..1.
The layout is listed field by field in ``docs/rules/underfire.md`` ("Observation").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from plunder.engine.encoding import Encoder, Writer, seat_one_hot
from plunder.games.underfire.content import CONTENT, NUMBERS
from plunder.games.underfire.rules import COLUMNS, ROWS

SPACES = COLUMNS * ROWS
EFFECTS = tuple(CONTENT.effects)
MERCS = tuple(CONTENT.mercenaries)
KINDS = ("turn", "order", "target")
FLEET = CONTENT.start["copies"] * len(NUMBERS)
# Bounds that scale counts into 0..1 (larger values are capped).
GOLD, VP, HAND = 20, 20, 10


def _cap(value: float) -> float:
    return min(1.0, max(0.0, value))


class UnderFireEncoder(Encoder):
    def declare(self) -> None:
        n = self.game.players
        self.field("viewer", n, "one-hot: the seat observing (all zero for a spectator)")
        self.field("current", n, "one-hot: the seat whose turn it is")
        self.field("effects", SPACES * len(EFFECTS), "per space, per effect: its amount / 2")
        self.field("mines", SPACES, "1 where a mine lies")
        self.field("ships", SPACES * 2 * n, "per space, per seat: active ship, burning ship")
        self.field("numbers", SPACES, "the number of the ship on the space / 9 (0: none)")
        self.field("mercs", SPACES * len(MERCS), "per space: one-hot mercenary lying there")
        self.field("shields", SPACES, "1 where a ship has a shield")
        self.field("gold", n, f"each seat's gold / {GOLD}")
        self.field("vp", n, f"each seat's VP tokens / {VP}")
        self.field("hand_limit", n, "each seat's hand limit / its maximum")
        self.field("hand_size", n, f"each seat's ships in hand / {HAND}")
        self.field("pile", n, "each seat's draw pile / its size at the start")
        self.field("reserve", n, "each seat's reserve / its size at the start")
        self.field("turns", n, f"turns each seat has begun / {FLEET}")
        self.field("final", n, "1 where the seat has drawn its last ship")
        self.field("done", n, "1 where the seat has played its last turn")
        self.field("market", len(MERCS), "1 where the mercenary is for hire")
        self.field("hand", len(NUMBERS), "the viewer's ships in hand per number / copies")
        self.field("stage", 2, "the ship is laid this turn; a mercenary is hired this turn")
        self.field("decision", len(KINDS), "one-hot: the kind of decision open")
        self.field("aim", len(EFFECTS), "one-hot: the effect a target decision aims")
        self.field("targets", SPACES, "1 on the spaces a target decision may aim at")
        self.field("pending", n, "1 where the seat owes a decision")
        self.field("over", 1, "1 once the game is over")
        self.field("winners", n, "1 where the seat won (at the end)")

    def fill(self, view: Mapping[str, Any], out: Writer) -> None:
        n = self.game.players
        start = CONTENT.start
        out.put("viewer", seat_one_hot(view["viewer"], n))
        out.put("current", seat_one_hot(view["current"], n))
        sea = view["sea"]
        effects = []
        for cell in sea:
            name, _, amount = cell["effect"].partition(":")
            value = (int(amount) if amount else 1) / 2 if name else 0.0
            effects += [_cap(value) if e == name else 0.0 for e in EFFECTS]
        out.put("effects", effects)
        out.put("mines", [float(c["mine"]) for c in sea])
        ships = []
        for cell in sea:
            ship = cell["ship"]
            for seat in range(n):
                mine = ship is not None and ship["owner"] == seat
                ships += [float(mine and not ship["burning"]), float(mine and ship["burning"])]
        out.put("ships", ships)
        out.put("numbers", [(c["ship"]["number"] / 9) if c["ship"] else 0.0 for c in sea])
        mercs = []
        for cell in sea:
            merc = cell["ship"]["merc"] if cell["ship"] else None
            mercs += [float(m == merc) for m in MERCS]
        out.put("mercs", mercs)
        out.put("shields", [float(bool(c["ship"] and c["ship"]["shield"])) for c in sea])
        rows = view["players"]
        out.put("gold", [_cap(r["gold"] / GOLD) for r in rows])
        out.put("vp", [_cap(r["vp"] / VP) for r in rows])
        out.put("hand_limit", [r["hand_limit"] / start["hand_limit_max"] for r in rows])
        out.put("hand_size", [_cap(r["hand_size"] / HAND) for r in rows])
        out.put("pile", [r["pile"] / start["draw_pile"] for r in rows])
        out.put("reserve", [r["reserve"] / start["reserve"] for r in rows])
        out.put("turns", [_cap(r["turns"] / FLEET) for r in rows])
        out.put("final", [float(r["final"]) for r in rows])
        out.put("done", [float(r["done"]) for r in rows])
        out.put("market", [float(m in view["market"]) for m in MERCS])
        hand = view.get("hand") or []
        out.put("hand", [hand.count(k) / start["copies"] for k in NUMBERS])
        out.put("stage", [float(view["played"]), float(view["bought"])])
        decision = view.get("decision") or {}
        kind = decision.get("kind")
        out.one_hot("decision", KINDS.index(kind) if kind in KINDS else None, len(KINDS))
        effect = decision.get("effect")
        out.one_hot("aim", EFFECTS.index(effect) if effect in EFFECTS else None, len(EFFECTS))
        targets = set(decision.get("targets") or ())
        out.put("targets", [float(c["at"] in targets) for c in sea])
        out.put("pending", [float(s in view["pending"]) for s in range(n)])
        out.put("over", [float(view["over"])])
        winners = (view.get("result") or {}).get("winners", [])
        out.put("winners", [float(s in winners) for s in range(n)])
