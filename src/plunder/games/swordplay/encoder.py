"""Swordplay's observation: a view as a float32 vector (layout in docs/rules/swordplay.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from plunder.engine.encoding import Encoder, Writer, blank, rows, seat_one_hot
from plunder.engine.state import State
from plunder.games.swordplay.content import CONTENT, LOCATIONS
from plunder.games.swordplay.rules import DECISIONS, HAND_SIZE, SwordplayGame, SwordplayState

KINDS = tuple(DECISIONS)
KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}
LOCATION_INDEX = {location: i for i, location in enumerate(LOCATIONS)}
LIFE_SCALE = max(f.life for f in CONTENT.fighters.values())
DAMAGE_SCALE = 10.0
# Bounds of the fields that may pass 1: the most copies of one card in a deck, and
# the most damage an attack can deal (the fighter's own, a weapon in each hand, the
# card's bonus and the two abilities and the stance that add 1).
MOST_COPIES = max(count for deck in CONTENT.decks.values() for _, count in deck.counts)
DECK_SIZES = {side: deck.size for side, deck in CONTENT.decks.items()}
# Situations whose values an encoder keeps (fighters with their gear, discard piles).
KEPT = 4096
MOST_DAMAGE = (
    max(f.damage for f in CONTENT.fighters.values())
    + max(f.hands for f in CONTENT.fighters.values())
    * max(c.damage for c in CONTENT.cards.values())
    + max(c.bonus for c in CONTENT.cards.values())
    + 3
)


class SwordplayEncoder(Encoder):
    game: SwordplayGame

    def declare(self) -> None:
        n = self.game.players
        cards = self.game.cards_in_play()
        self.cards = cards
        self.items = [c for c in cards if CONTENT.cards[c].type == "item"]
        self.stances = [c for c in cards if CONTENT.cards[c].type == "stance"]
        self.sides = self.game.sides
        self._item_index = {card: i for i, card in enumerate(self.items)}
        # Read with a seat's stance, which is None when it has none.
        self._stance_index: dict[str | None, int] = {
            card: i for i, card in enumerate(self.stances)
        }
        self._cards_at = {card: i for i, card in enumerate(cards)}
        self._fighters: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        self._piles: dict[tuple[str, ...], Any] = {}
        # Each side's last pile encoded: (pile, its block, its counts).
        self._last_pile: dict[str, tuple[tuple[str, ...], Any, list[int]]] = {}
        count = len(cards)
        self.field("viewer", n, "one-hot: the seat observing (all zero for a spectator)")
        self.field("alive", n, "1 where the fighter is still standing")
        self.field("life", n, f"each fighter's life / {LIFE_SCALE}")
        self.field("armor_left", n, "each fighter's ready armor: damage it can still take / 4")
        self.field("attack_damage", n, f"each fighter's plain attack damage / {DAMAGE_SCALE:g}",
                   high=max(1.0, MOST_DAMAGE / DAMAGE_SCALE))
        self.field("hands_free", n, "each fighter's free hands / 2")
        self.field("gear", n * len(self.items),
                   f"per fighter, ready copies of each item, in order {', '.join(self.items)}",
                   high=MOST_COPIES)
        self.field("stance", n * len(self.stances),
                   f"per fighter, one-hot: its ready stance, in order {', '.join(self.stances)}")
        self.field("hand_size", n, f"each fighter's cards in hand / {HAND_SIZE}")
        self.field("active", n, "one-hot: the fighter whose turn it is")
        self.field("decision", len(KINDS), f"one-hot: the open decision, of {', '.join(KINDS)}")
        self.field("attacker", n, "one-hot: the attacker of the attack being answered")
        self.field("target", n, "one-hot: the target of the attack being answered")
        self.field("location", len(LOCATIONS) + 1,
                   f"one-hot: that attack's location, of {', '.join(LOCATIONS)}, none")
        self.field("incoming", 1, f"that attack's damage / {DAMAGE_SCALE:g}",
                   high=max(1.0, MOST_DAMAGE / DAMAGE_SCALE))
        self.field("hand", count, f"the viewer's copies of each card in hand / {HAND_SIZE}, "
                   f"in order {', '.join(cards)}")
        self.field("decks", len(self.sides), f"cards left in each deck ({', '.join(self.sides)}) "
                   "/ its size")
        self.field("discards", len(self.sides) * count,
                   "per deck, copies of each card in its discard pile / 5",
                   high=max(1.0, MOST_COPIES / 5))
        self.field("turn", 1, "turn number / turn_limit")
        self.field("readied", 1, "1 once the active fighter has readied this turn")
        self.declare_ending()

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
        self.fill_ending(view, out)

    def observe(self, state: State, seats: Sequence[int | None]) -> np.ndarray:
        """``fill`` for several seats at once, straight from the state (docs/design.md):
        the fields every seat sees alike once, copied to each seat's row, then its hand."""
        assert isinstance(state, SwordplayState)
        n = self.game.players
        at = self.at
        # Offsets as locals: a lookup by name at every value costs more than the value.
        o_active = at["active"]
        o_alive = at["alive"]
        o_armor_left = at["armor_left"]
        o_attack_damage = at["attack_damage"]
        o_attacker = at["attacker"]
        o_decision = at["decision"]
        o_decks = at["decks"]
        o_discards = at["discards"]
        o_gear = at["gear"]
        o_hand = at["hand"]
        o_hand_size = at["hand_size"]
        o_hands_free = at["hands_free"]
        o_incoming = at["incoming"]
        o_life = at["life"]
        o_location = at["location"]
        o_readied = at["readied"]
        o_stance = at["stance"]
        o_target = at["target"]
        o_turn = at["turn"]
        o_viewer = at["viewer"]
        cards = CONTENT.cards
        size = self.size
        items, stances = self._item_index, self._stance_index
        public = blank(size)
        fighters = self._fighters
        for s in range(n):
            # What a fighter's gear and stance make of it, kept by what they are.
            gear = state.gear[s]
            key = (state.fighter[s], state.stance[s], *[card for card, _ in gear])
            made = fighters.get(key)
            if made is None:
                if len(fighters) >= KEPT:
                    fighters.clear()
                made = fighters[key] = self._fighter(state, s)
            damage, free, held, stance = made
            if state.alive[s]:
                public[o_alive + s] = 1.0
                public[o_attack_damage + s] = damage
            public[o_life + s] = max(0, state.life[s]) / LIFE_SCALE
            armor = state.armor[s]
            if armor is not None:
                public[o_armor_left + s] = (cards[armor].value - state.armor_taken[s]) / 4
            public[o_hands_free + s] = free
            base = o_gear + s * len(items)
            for offset, copies in held:
                public[base + offset] = copies
            if stance is not None:
                public[o_stance + s * len(stances) + stance] = 1.0
            public[o_hand_size + s] = len(state.hands[s]) / HAND_SIZE
        over = state.result is not None
        if not over:
            public[o_active + state.active] = 1.0
        frame = state.open_frame
        kind = None if frame is None else frame.kind
        if kind in KIND_INDEX:
            public[o_decision + KIND_INDEX[kind]] = 1.0
        if kind == "defend":
            assert frame is not None
            attacker, target = frame.get("attacker"), frame.get("target")
            if attacker is not None:
                public[o_attacker + attacker] = 1.0
            if target is not None:
                public[o_target + target] = 1.0
            location = frame.get("location") or ""
            where = LOCATION_INDEX.get(location, len(LOCATIONS))
            public[o_location + where] = 1.0
            public[o_incoming] = frame.get("damage", 0) / DAMAGE_SCALE
        count = len(self.cards)
        card_index = self._cards_at
        for i, side in enumerate(self.sides):
            public[o_decks + i] = len(state.decks[side]) / DECK_SIZES[side]
            start = o_discards + i * count
            public[start:start + count] = self._pile(side, tuple(state.discards[side]))
        public[o_turn] = state.turn / self.game.options["turn_limit"]
        if state.readied:
            public[o_readied] = 1.0
        self.write_ending(state, public)
        out = public * len(seats)
        for row, seat in enumerate(seats):
            if seat is None:
                continue
            base = row * size
            out[base + o_viewer + seat] = 1.0
            hand = state.hands[seat]
            for card in set(hand):
                out[base + o_hand + card_index[card]] = hand.count(card) / HAND_SIZE
        return rows(out, len(seats))

    def _pile(self, side: str, pile: tuple[str, ...]) -> Any:
        """The discard block of ``pile`` (copies of each card / 5), kept by what it holds.

        A pile grows a card at a time between two reshuffles, so a pile not kept yet is
        most often the last one kept for its side plus one card: its block is that
        block with one count changed (compared in whole first, so it is never wrong).
        """
        piles = self._piles
        block = piles.get(pile)
        if block is not None:
            return block[0]
        last = self._last_pile.get(side)
        index = self._cards_at
        if last is not None and len(pile) == len(last[0]) + 1 and pile[:-1] == last[0]:
            counts = list(last[2])
            values = last[1][:]
            at = index[pile[-1]]
            counts[at] += 1
            values[at] = counts[at] / 5
        else:
            counts = [0] * len(self.cards)
            for card in pile:
                counts[index[card]] += 1
            values = blank(len(self.cards))
            for at, copies in enumerate(counts):
                if copies:
                    values[at] = copies / 5
        if len(piles) >= KEPT:
            piles.clear()
        found = (values, counts)
        piles[pile] = found
        self._last_pile[side] = (pile, values, counts)
        return values

    def _fighter(self, state: SwordplayState, seat: int) -> tuple[Any, ...]:
        """What ``seat``'s fighter, gear and stance make: its attack damage / 10, free
        hands / 2, its ready items (offset in its block, copies) and its stance's offset."""
        gear = [card for card, _ in state.gear[seat]]
        items = self._item_index
        held = tuple((items[card], float(gear.count(card))) for card in set(gear) if card in items)
        return (
            state.base_damage(seat) / DAMAGE_SCALE,
            state.hands_free(seat) / 2,
            held,
            self._stance_index.get(state.stance[seat]),
        )
