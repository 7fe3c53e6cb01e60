"""Pirates Under Fire's observation: ``view(seat, log=False)`` as a float32 vector.

Counts are divided by fixed bounds and capped at 1, so every value lies in 0..1.
The layout is listed field by field in ``docs/rules/underfire.md`` ("Observation").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from plunder.engine.encoding import Encoder, Writer, blank, rows, seat_one_hot
from plunder.engine.state import State
from plunder.games.underfire.content import CONTENT, NUMBERS
from plunder.games.underfire.rules import COLUMNS, ROWS, UnderFireState
from plunder.games.underfire.sea import BURNING, INDEX, MERC, NUMBER, OWNER, SHIELD

SPACES = COLUMNS * ROWS
EFFECTS = tuple(CONTENT.effects)
MERCS = tuple(CONTENT.mercenaries)
KINDS = ("turn", "order", "target")
FLEET = CONTENT.start["copies"] * len(NUMBERS)
# Bounds that scale counts into 0..1 (larger values are capped).
GOLD, VP, HAND = 20, 20, 10
EFFECT_INDEX = {name: i for i, name in enumerate(EFFECTS)}
MERC_INDEX = {name: i for i, name in enumerate(MERCS)}
KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}
# The sea's effects are laid out once a play: their values, worked out once per layout.
_LAYOUTS: dict[tuple[str, ...], tuple[tuple[int, float], ...]] = {}


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
        self.declare_ending()

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
        self.fill_ending(view, out)

    def observe(self, state: State, seats: Sequence[int | None]) -> np.ndarray:
        """``fill`` for several seats at once, straight from the state (docs/design.md):
        the fields every seat sees alike once, copied to each seat's row, then its hand."""
        assert isinstance(state, UnderFireState)
        n = self.game.players
        at = self.at
        # Offsets as locals: a lookup by name at every value costs more than the value.
        o_aim = at["aim"]
        o_current = at["current"]
        o_decision = at["decision"]
        o_done = at["done"]
        o_effects = at["effects"]
        o_final = at["final"]
        o_gold = at["gold"]
        o_hand = at["hand"]
        o_hand_limit = at["hand_limit"]
        o_hand_size = at["hand_size"]
        o_market = at["market"]
        o_mercs = at["mercs"]
        o_mines = at["mines"]
        o_numbers = at["numbers"]
        o_pending = at["pending"]
        o_pile = at["pile"]
        o_reserve = at["reserve"]
        o_shields = at["shields"]
        o_ships = at["ships"]
        o_stage = at["stage"]
        o_targets = at["targets"]
        o_turns = at["turns"]
        o_viewer = at["viewer"]
        o_vp = at["vp"]
        size = self.size
        start = CONTENT.start
        public = blank(size)
        if state.current is not None:
            public[o_current + state.current] = 1.0
        layout = tuple(state.effects)
        effects = _LAYOUTS.get(layout)
        if effects is None:
            effects = _effect_values(layout)
            if len(_LAYOUTS) > 4096:
                _LAYOUTS.clear()
            _LAYOUTS[layout] = effects
        base = o_effects
        for offset, value in effects:
            public[base + offset] = value
        mines, ships, numbers = o_mines, o_ships, o_numbers
        mercs, shields = o_mercs, o_shields
        for i, mine in enumerate(state.mines):
            if mine:
                public[mines + i] = 1.0
        for i, ship in enumerate(state.sea):
            if ship is None:
                continue
            public[ships + (i * n + ship[OWNER]) * 2 + (1 if ship[BURNING] else 0)] = 1.0
            if ship[NUMBER]:
                public[numbers + i] = ship[NUMBER] / 9
            merc = ship[MERC]
            if merc:
                public[mercs + i * len(MERCS) + MERC_INDEX[merc]] = 1.0
            if ship[SHIELD]:
                public[shields + i] = 1.0
        for s in range(n):
            public[o_gold + s] = _cap(state.gold[s] / GOLD)
            public[o_vp + s] = _cap(state.vp[s] / VP)
            public[o_hand_limit + s] = state.limit[s] / start["hand_limit_max"]
            public[o_hand_size + s] = _cap(len(state.hand[s]) / HAND)
            public[o_pile + s] = len(state.pile[s]) / start["draw_pile"]
            public[o_reserve + s] = len(state.reserve[s]) / start["reserve"]
            public[o_turns + s] = _cap(state.turns[s] / FLEET)
            if state.final[s]:
                public[o_final + s] = 1.0
            if state.done[s]:
                public[o_done + s] = 1.0
        for merc in state.market:
            public[o_market + MERC_INDEX[merc]] = 1.0
        if state.played:
            public[o_stage] = 1.0
        if state.bought:
            public[o_stage + 1] = 1.0
        frame = state.open_frame
        if frame is not None:
            if frame.kind in KIND_INDEX:
                public[o_decision + KIND_INDEX[frame.kind]] = 1.0
            effect = frame.get("effect")
            if effect in EFFECT_INDEX:
                public[o_aim + EFFECT_INDEX[effect]] = 1.0
            for space in frame.get("targets") or ():
                public[o_targets + INDEX[space]] = 1.0
        for s in state.pending:
            public[o_pending + s] = 1.0
        self.write_ending(state, public)
        out = public * len(seats)
        copies = start["copies"]
        for row, seat in enumerate(seats):
            if seat is None:
                continue
            base = row * size
            out[base + o_viewer + seat] = 1.0
            hand = state.hand[seat]
            for number in set(hand):
                out[base + o_hand + number - 1] = hand.count(number) / copies
        return rows(out, len(seats))


def _effect_values(layout: tuple[str, ...]) -> tuple[tuple[int, float], ...]:
    """The ``effects`` field's values that are not zero, for a sea laid out so."""
    found = []
    for i, code in enumerate(layout):
        name, _, amount = code.partition(":")
        if name in EFFECT_INDEX:
            value = _cap((int(amount) if amount else 1) / 2)
            if value:
                found.append((i * len(EFFECTS) + EFFECT_INDEX[name], value))
    return tuple(found)
