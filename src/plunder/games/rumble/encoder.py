"""Pirate Rumble's observation: a view as a float32 vector (layout in docs/rules/rumble.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from plunder.engine.encoding import Encoder, Writer, blank, rows, seat_one_hot
from plunder.engine.state import State
from plunder.games.rumble.content import CONTENT
from plunder.games.rumble.rules import RumbleState

CARDS = list(CONTENT.cards)
GOLDEN = [name for name, card in CONTENT.cards.items() if card.golden]
PIRATES = sorted(CONTENT.pirates)
CAMPS = ["sun-boss", "moon-boss", "lone-boss", "sun", "moon"]
DECISIONS = ["draft", "choose", "gesture", "reach"]
MAX_HEALTH = 9
MAX_BULLETS = 5
MAX_TOKENS = 9
MAX_CARDS = 16
CARD_INDEX = {card: i for i, card in enumerate(CARDS)}
GOLDEN_INDEX = {card: i for i, card in enumerate(GOLDEN)}
PIRATE_INDEX = {pirate: i for i, pirate in enumerate(PIRATES)}
CAMP_INDEX = {camp: i for i, camp in enumerate(CAMPS)}
DECISION_INDEX = {kind: i for i, kind in enumerate(DECISIONS)}
PILE_SIZE = max(1, len(CONTENT.golden_pile))
# The most copies of one golden card a seat or the discard pile can hold: the whole pile's.
MOST_COPIES = max((CONTENT.golden_pile.count(card) for card in GOLDEN), default=0)
MOST_HELD = max(len(p.hand) for p in CONTENT.pirates.values()) + len(CONTENT.golden_pile)
MOST_SECRET = max(p.random_golden for p in CONTENT.pirates.values())
HANDS = {name: pirate.hand for name, pirate in CONTENT.pirates.items()}


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
        most_health = max(pirate.max_health for pirate in CONTENT.pirates.values())
        self.field("health", n, f"health / {MAX_HEALTH} (0 where hidden)",
                   high=most_health / MAX_HEALTH)
        self.field("health_known", n, "1 where the health is shown")
        self.field("bullets", n, f"bullets / {MAX_BULLETS} (0 where hidden)")
        self.field("bullets_known", n, "1 where the bullets are shown")
        most_tokens = max(pirate.tokens for pirate in CONTENT.pirates.values())
        self.field("tokens", n, f"special tokens / {MAX_TOKENS}", high=most_tokens / MAX_TOKENS)
        self.field("face_up", n * c, "per seat, one-hot card lying face up, in card order "
                   + ", ".join(CARDS))
        self.field("cards_held", n, f"cards in hand / {MAX_CARDS}", high=MOST_HELD / MAX_CARDS)
        self.field("golden_known", n * g, "per seat, golden cards everyone saw it take / 3, "
                   "in order " + ", ".join(GOLDEN), high=MOST_COPIES / 3)
        self.field("golden_unseen", n, "golden cards no one else saw / 3", high=MOST_SECRET / 3)
        self.field("camp", n * len(CAMPS), "per seat, one-hot camp card where shown, in order "
                   + ", ".join(CAMPS))
        self.field("pending", n, "1 where the seat still owes its decision")
        self.field("committed", n, "1 where the seat has decided this step")
        self.field("area", slots * g, "per slot of the golden area, one-hot golden card")
        self.field("pile", 1, "golden cards in the pile / the whole pile")
        self.field("discard", g, "golden cards in the discard pile, per card / 3",
                   high=MOST_COPIES / 3)
        self.field("revealed", n * c, "per seat, one-hot card revealed this round")
        self.field("revealed_targets", n * n, "per seat, its revealed card's targets (count)",
                   high=2.0)
        self.field("voided", n, "1 where the seat's revealed card is void (wrong gesture)")
        self.field("searchers", n, "1 where the seat reaches for a golden card now")
        self.field("hand", c, "the viewer's basic cards in hand (1 each)")
        self.field("golden", g, "the viewer's golden cards, per card / 3", high=MOST_COPIES / 3)
        self.field("choice", c, "one-hot: the card the viewer has chosen this step")
        self.declare_ending()

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
        self.fill_ending(view, out)


    def observe(self, state: State, seats: Sequence[int | None]) -> np.ndarray:
        """``fill`` for several seats at once, straight from the state (docs/design.md):
        the fields every seat sees alike once, copied to each seat's row, then its own
        (its pirate's health and bullets behind the shield, its camp card, its hand)."""
        assert isinstance(state, RumbleState)
        n = self.game.players
        at = self.at
        # Offsets as locals: a lookup by name at every value costs more than the value.
        o_alive = at["alive"]
        o_area = at["area"]
        o_bullets = at["bullets"]
        o_bullets_known = at["bullets_known"]
        o_camp = at["camp"]
        o_camp_mode = at["camp_mode"]
        o_cards_held = at["cards_held"]
        o_choice = at["choice"]
        o_committed = at["committed"]
        o_decision = at["decision"]
        o_discard = at["discard"]
        o_face_up = at["face_up"]
        o_golden = at["golden"]
        o_golden_known = at["golden_known"]
        o_golden_unseen = at["golden_unseen"]
        o_hand = at["hand"]
        o_health = at["health"]
        o_health_known = at["health_known"]
        o_pending = at["pending"]
        o_pile = at["pile"]
        o_pirate = at["pirate"]
        o_revealed = at["revealed"]
        o_revealed_targets = at["revealed_targets"]
        o_round = at["round"]
        o_searchers = at["searchers"]
        o_shield = at["shield"]
        o_tokens = at["tokens"]
        o_viewer = at["viewer"]
        o_voided = at["voided"]
        c, g, p = len(CARDS), len(GOLDEN), len(PIRATES)
        size = self.size
        public = blank(size)
        phase = state.phase
        if phase in DECISION_INDEX:
            public[o_decision + DECISION_INDEX[phase]] = 1.0
        public[o_round] = state.round / self.game.options["round_limit"]
        if self.game.options["mode"] == "camp":
            public[o_camp_mode] = 1.0
        open_counts = state.shield_down()
        if not open_counts:
            public[o_shield] = 1.0
        alive, pirates = state.alive, state.pirate
        health, bullets = state.health, state.bullets
        # Shown to everyone: every count with the shields down, a dead pirate's always.
        shown = [bool(pirates[s]) and (open_counts or not alive[s]) for s in range(n)]
        for s in range(n):
            if pirates[s]:
                public[o_pirate + s * p + PIRATE_INDEX[pirates[s]]] = 1.0
            if alive[s]:
                public[o_alive + s] = 1.0
            if shown[s]:
                public[o_health + s] = health[s] / MAX_HEALTH
                public[o_health_known + s] = 1.0
                public[o_bullets + s] = bullets[s] / MAX_BULLETS
                public[o_bullets_known + s] = 1.0
            if state.tokens[s]:
                public[o_tokens + s] = state.tokens[s] / MAX_TOKENS
            face_up = state.face_up[s]
            if face_up is not None:
                public[o_face_up + s * c + CARD_INDEX[face_up]] = 1.0
            public[o_cards_held + s] = state._cards_held(s) / MAX_CARDS
            secret = state.secret[s]
            known = list(state.golden[s])
            for card in secret:
                known.remove(card)
            for card in set(known):
                public[o_golden_known + s * g + GOLDEN_INDEX[card]] = known.count(card) / 3
            if secret:
                public[o_golden_unseen + s] = len(secret) / 3
        camps = state.camp
        if camps:
            for s in range(n):
                if state.camp_shown[s]:
                    public[o_camp + s * len(CAMPS) + CAMP_INDEX[camps[s]]] = 1.0
        for s in state.pending:
            public[o_pending + s] = 1.0
        for s in state.committed:
            public[o_committed + s] = 1.0
        for slot, golden_card in enumerate(state.area):
            if golden_card is not None:
                public[o_area + slot * g + GOLDEN_INDEX[golden_card]] = 1.0
        public[o_pile] = len(state.pile) / PILE_SIZE
        discard = state.discard
        for card in set(discard):
            public[o_discard + GOLDEN_INDEX[card]] = discard.count(card) / 3
        for s, played in state.played.items():
            public[o_revealed + s * c + CARD_INDEX[played.name]] = 1.0
            for target in set(played.targets):
                public[o_revealed_targets + s * n + target] = float(
                    played.targets.count(target)
                )
        for s in state.voided:
            public[o_voided + s] = 1.0
        for s in state.reach_options:
            public[o_searchers + s] = 1.0
        self.write_ending(state, public)
        out = public * len(seats)
        for row, seat in enumerate(seats):
            if seat is None:
                continue
            base = row * size
            out[base + o_viewer + seat] = 1.0
            if pirates[seat] and not shown[seat]:
                out[base + o_health + seat] = health[seat] / MAX_HEALTH
                out[base + o_health_known + seat] = 1.0
                out[base + o_bullets + seat] = bullets[seat] / MAX_BULLETS
                out[base + o_bullets_known + seat] = 1.0
            if camps and not state.camp_shown[seat]:
                out[base + o_camp + seat * len(CAMPS) + CAMP_INDEX[camps[seat]]] = 1.0
            if pirates[seat]:
                revealed = state.played.get(seat)
                gone = (state.face_up[seat], revealed.name if revealed is not None else None)
                for card in HANDS[pirates[seat]]:
                    if card not in gone:
                        out[base + o_hand + CARD_INDEX[card]] = 1.0
                golden = state.golden[seat]
                for card in set(golden):
                    out[base + o_golden + GOLDEN_INDEX[card]] = golden.count(card) / 3
            choice = state.own_choice(seat)
            if choice is not None:
                name = choice.notation.partition(">")[0]
                if name in CARD_INDEX:
                    out[base + o_choice + CARD_INDEX[name]] = 1.0
        return rows(out, len(seats))


def _one_hot(names: list[str], name: str | None) -> list[float]:
    return [1.0 if name == item else 0.0 for item in names]
