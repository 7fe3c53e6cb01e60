"""Duel's observation: a view as a float32 vector (layout in docs/rules/duel.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

import numpy as np

from plunder.engine.encoding import Encoder, Writer, seat_one_hot
from plunder.engine.state import State
from plunder.games.duel.content import CONTENT
from plunder.games.duel.rules import DuelAction, DuelState

CARDS = CONTENT.names
CARD_INDEX = {card: i for i, card in enumerate(CARDS)}
FULL_HAND = sum(card.count for card in CONTENT.cards)
# What a card's count in hand is divided by (a card dealt no copies: by 1).
HAND_COUNTS = {card.name: max(1, card.count) for card in CONTENT.cards}
HAND_SCALES = tuple((card, HAND_COUNTS[card]) for card in CARDS)


class DuelEncoder(Encoder):
    _offsets: tuple[int, ...] | None = None

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
        self.declare_ending()

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
        self.fill_ending(view, out)

    def observe(self, state: State, seats: Sequence[int | None]) -> np.ndarray:
        """``fill`` for several seats at once, straight from the state (docs/design.md):
        the fields every seat sees alike once, copied to each seat's row, then its own.

        Written for speed (learners ask at every step): offsets unpacked once, only
        the values that are not zero set.
        """
        assert isinstance(state, DuelState)
        if self._offsets is None:
            offsets = self.at
            self._offsets = tuple(offsets[f.name] for f in self.layout)
        (viewer_at, alive_at, dollars_at, played_at, hand_size_at, master_at, pending_at,
         committed_at, hand_at, card_at, target_at, shootout_at, duel_at, _over,
         _winners) = self._offsets
        options = self.game.options
        cards = len(CARDS)
        size = self.size
        public = self._zero[:]
        for seat, alive in enumerate(state.alive):
            if alive:
                public[alive_at + seat] = 1.0
        target = options["target"]
        for seat, dollars in enumerate(state.dollars):
            if dollars:
                public[dollars_at + seat] = dollars / target
        base = played_at
        for played in state.played:
            if played:
                for card in set(played):
                    public[base + CARD_INDEX[card]] = played.count(card) / FULL_HAND
            base += cards
        index = hand_size_at
        for hand in state.hands:
            public[index] = sum(hand.values()) / FULL_HAND
            index += 1
        public[master_at + state.master] = 1.0
        for seat in state.pending:
            public[pending_at + seat] = 1.0
        committed = state.committed
        for seat in committed:
            public[committed_at + seat] = 1.0
        public[shootout_at] = state.shootout / options["shootout_limit"]
        public[duel_at] = state.duel / options["duel_limit"]
        self.write_ending(state, public)
        count = len(seats)
        out = public * count if count > 1 else public
        base = 0
        for viewer in seats:
            if viewer is not None:
                out[base + viewer_at + viewer] = 1.0
                at = base + hand_at
                hand = state.hands[viewer]
                for card, scale in HAND_SCALES:
                    held = hand[card]
                    if held:
                        out[at] = held / scale
                    at += 1
                choice = cast(
                    "DuelAction | None", state.own_choice(viewer) if viewer in committed else None
                )
                if choice is not None:
                    out[base + card_at + CARD_INDEX[choice.card]] = 1.0
                    if choice.target is not None:
                        out[base + target_at + choice.target] = 1.0
            base += size
        return np.frombuffer(out, dtype=np.float32).reshape(count, size)
