"""Duel's observation: a view as a float32 vector (layout in docs/rules/duel.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from plunder.engine.encoding import Encoder, Writer, seat_one_hot
from plunder.games.duel.content import CONTENT

CARDS = CONTENT.names
FULL_HAND = sum(card.count for card in CONTENT.cards)


class DuelEncoder(Encoder):
    def declare(self) -> None:
        n = self.game.players
        cards = len(CARDS)
        self.field("viewer", n, "one-hot: the seat observing (all zero for a spectator)")
        self.field("alive", n, "1 where the seat is alive in this duel")
        self.field("dollars", n, "each seat's dollars / target")
        self.field("played", n * cards, f"per seat, cards played face up / {FULL_HAND}, "
                   f"in card order {', '.join(CARDS)}")
        self.field("hand_size", n, f"each seat's cards in hand / {FULL_HAND}")
        self.field("master", n, "one-hot: the duelling master")
        self.field("pending", n, "1 where the seat still owes its card this shootout")
        self.field("committed", n, "1 where the seat has chosen this shootout")
        self.field("hand", cards, "the viewer's cards in hand, per card / that card's count "
                   "(all zero for a spectator)")
        self.field("choice_card", cards, "one-hot: the card the viewer has chosen this step")
        self.field("choice_target", n, "one-hot: the seat that card is aimed at")
        self.field("shootout", 1, "shootout number / shootout_limit")
        self.field("duel", 1, "duel number / duel_limit")
        self.field("over", 1, "1 once the game is over")
        self.field("winners", n, "1 where the seat won (at the end)")

    def fill(self, view: Mapping[str, Any], out: Writer) -> None:
        n = self.game.players
        options = self.game.options
        rows = view["players"]
        out.put("viewer", seat_one_hot(view["viewer"], n))
        out.put("alive", [float(r["alive"]) for r in rows])
        out.put("dollars", [r["dollars"] / options["target"] for r in rows])
        out.put("played", [r["played"].count(c) / FULL_HAND for r in rows for c in CARDS])
        out.put("hand_size", [r["hand_size"] / FULL_HAND for r in rows])
        out.put("master", seat_one_hot(view["master"], n))
        out.put("pending", [float(s in view["pending"]) for s in range(n)])
        out.put("committed", [float(s in view["committed"]) for s in range(n)])
        hand = view.get("hand") or []
        counts = {card.name: card.count for card in CONTENT.cards}
        out.put("hand", [hand.count(c) / max(1, counts[c]) for c in CARDS])
        choice = view.get("choice")
        card, _, target = (choice or "").partition(">")
        out.one_hot("choice_card", CARDS.index(card) if choice else None, len(CARDS))
        out.one_hot("choice_target", int(target) if target else None, n)
        out.put("shootout", [view["shootout"] / options["shootout_limit"]])
        out.put("duel", [view["duel"] / options["duel_limit"]])
        out.put("over", [float(view["over"])])
        winners = (view.get("result") or {}).get("winners", [])
        out.put("winners", [float(s in winners) for s in range(n)])
