"""Pirate Rumble's observation: a view as a float32 vector (layout in docs/rules/rumble.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from plunder.engine.encoding import Encoder, Writer, seat_one_hot
from plunder.games.rumble.content import CONTENT

CARDS = list(CONTENT.cards)
GOLDEN = [name for name, card in CONTENT.cards.items() if card.golden]
PIRATES = sorted(CONTENT.pirates)
CAMPS = ["sun-boss", "moon-boss", "lone-boss", "sun", "moon"]
DECISIONS = ["draft", "choose", "gesture", "reach"]
MAX_HEALTH = 9
MAX_BULLETS = 5
MAX_TOKENS = 9
MAX_CARDS = 16


class RumbleEncoder(Encoder):
    def declare(self) -> None:
        n = self.game.players
        c, g, p = len(CARDS), len(GOLDEN), len(PIRATES)
        slots = n // 2
        self.field("viewer", n, "one-hot: the seat observing (all zero for a spectator)")
        self.field("decision", len(DECISIONS), "one-hot: " + ", ".join(DECISIONS))
        self.field("round", 1, "round / round_limit")
        self.field("camp_mode", 1, "1 in Camp Mode")
        self.field("shield", 1, "1 while shields are up (others' health and bullets hidden)")
        self.field("pirate", n * p, "per seat, one-hot pirate in order " + ", ".join(PIRATES))
        self.field("alive", n, "1 where the pirate lives")
        self.field("health", n, f"health / {MAX_HEALTH} (0 where hidden)")
        self.field("health_known", n, "1 where the health is shown")
        self.field("bullets", n, f"bullets / {MAX_BULLETS} (0 where hidden)")
        self.field("bullets_known", n, "1 where the bullets are shown")
        self.field("tokens", n, f"special tokens / {MAX_TOKENS}")
        self.field("face_up", n * c, "per seat, one-hot card lying face up, in card order "
                   + ", ".join(CARDS))
        self.field("cards_held", n, f"cards in hand / {MAX_CARDS}")
        self.field("golden_known", n * g, "per seat, golden cards everyone saw it take / 3, "
                   "in order " + ", ".join(GOLDEN))
        self.field("golden_unseen", n, "golden cards no one else saw / 3")
        self.field("camp", n * len(CAMPS), "per seat, one-hot camp card where shown, in order "
                   + ", ".join(CAMPS))
        self.field("pending", n, "1 where the seat still owes its decision")
        self.field("committed", n, "1 where the seat has decided this step")
        self.field("area", slots * g, "per slot of the golden area, one-hot golden card")
        self.field("pile", 1, "golden cards in the pile / the whole pile")
        self.field("discard", g, "golden cards in the discard pile, per card / 3")
        self.field("revealed", n * c, "per seat, one-hot card revealed this round")
        self.field("revealed_targets", n * n, "per seat, its revealed card's targets (count)")
        self.field("voided", n, "1 where the seat's revealed card is void (wrong gesture)")
        self.field("searchers", n, "1 where the seat reaches for a golden card now")
        self.field("hand", c, "the viewer's basic cards in hand (1 each)")
        self.field("golden", g, "the viewer's golden cards, per card / 3")
        self.field("choice", c, "one-hot: the card the viewer has chosen this step")
        self.field("over", 1, "1 once the game is over")
        self.field("winners", n, "1 where the seat won (at the end)")

    def fill(self, view: Mapping[str, Any], out: Writer) -> None:
        n = self.game.players
        rows = view["players"]
        pile_size = max(1, len(CONTENT.golden_pile))
        out.put("viewer", seat_one_hot(view["viewer"], n))
        phase = view.get("phase")
        out.one_hot("decision", DECISIONS.index(phase) if phase in DECISIONS else None,
                    len(DECISIONS))
        out.put("round", [view["round"] / self.game.options["round_limit"]])
        out.put("camp_mode", [float(view["mode"] == "camp")])
        out.put("shield", [float(view["shield"])])
        values: list[float] = []
        for row in rows:
            values += _one_hot(PIRATES, row["pirate"])
        out.put("pirate", values)
        out.put("alive", [float(r["alive"]) for r in rows])
        out.put("health", [(r["health"] or 0) / MAX_HEALTH for r in rows])
        out.put("health_known", [float(r["health"] is not None) for r in rows])
        out.put("bullets", [(r["bullets"] or 0) / MAX_BULLETS for r in rows])
        out.put("bullets_known", [float(r["bullets"] is not None) for r in rows])
        out.put("tokens", [r["tokens"] / MAX_TOKENS for r in rows])
        out.put("face_up", [v for r in rows for v in _one_hot(CARDS, r["face_up"])])
        out.put("cards_held", [r["cards"] / MAX_CARDS for r in rows])
        out.put("golden_known",
                [r["golden_known"].count(card) / 3 for r in rows for card in GOLDEN])
        out.put("golden_unseen", [r["golden_unseen"] / 3 for r in rows])
        out.put("camp", [v for r in rows for v in _one_hot(CAMPS, r.get("camp"))])
        out.put("pending", [float(s in view["pending"]) for s in range(n)])
        out.put("committed", [float(s in view["committed"]) for s in range(n)])
        area = list(view["area"]) + [None] * (n // 2 - len(view["area"]))
        out.put("area", [v for slot in area for v in _one_hot(GOLDEN, slot)])
        out.put("pile", [view["pile"] / pile_size])
        out.put("discard", [view["discard"].count(card) / 3 for card in GOLDEN])
        revealed = {r["seat"]: r for r in view["revealed"]}
        out.put("revealed", [v for s in range(n) for v in _one_hot(
            CARDS, revealed[s]["card"] if s in revealed else None)])
        out.put("revealed_targets", [
            float(revealed[s]["targets"].count(t)) if s in revealed else 0.0
            for s in range(n) for t in range(n)
        ])
        out.put("voided", [float(s in view["voided"]) for s in range(n)])
        out.put("searchers", [float(s in view["searchers"]) for s in range(n)])
        hand = view.get("hand") or []
        out.put("hand", [float(card in hand) for card in CARDS])
        golden = view.get("golden") or []
        out.put("golden", [golden.count(card) / 3 for card in GOLDEN])
        choice = (view.get("choice") or "").partition(">")[0]
        out.put("choice", _one_hot(CARDS, choice if choice in CARDS else None))
        out.put("over", [float(view["over"])])
        winners = (view.get("result") or {}).get("winners", [])
        out.put("winners", [float(s in winners) for s in range(n)])


def _one_hot(names: list[str], name: str | None) -> list[float]:
    return [1.0 if name == item else 0.0 for item in names]
