"""Odds' observation: a view as a float32 vector, field by field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from plunder.engine.encoding import Encoder, Writer, seat_one_hot

from .rules import COINS, SIDES


class OddsEncoder(Encoder):
    def declare(self) -> None:
        n = self.game.players
        self.field("viewer", n, "one-hot: the seat observing (all zero for a spectator)")
        self.field("points", n, "each seat's points / target")
        self.field("last_stake", n * len(COINS), "per seat, one-hot: its stake last round")
        self.field("round", 1, "round / round_limit")
        self.field("lucky", SIDES, "one-hot: the viewer's lucky number (zero for a spectator)")
        self.field("pending", n, "1 where the seat still owes its stake")
        self.field("committed", n, "1 where the seat has staked this round")
        self.field("choice", len(COINS), "one-hot: the viewer's stake this round, once chosen")
        self.field("over", 1, "1 once the game is over")
        self.field("winners", n, "1 where the seat won (at the end)")

    def fill(self, view: Mapping[str, Any], out: Writer) -> None:
        n = self.game.players
        options = self.game.options
        rows = view["players"]
        out.put("viewer", seat_one_hot(view["viewer"], n))
        out.put("points", [row["points"] / options["target"] for row in rows])
        out.put("last_stake", [float(row["last_stake"] == c) for row in rows for c in COINS])
        out.put("round", [view["round"] / options["round_limit"]])
        lucky = view.get("lucky")
        out.one_hot("lucky", None if lucky is None else lucky - 1, SIDES)
        out.put("pending", [float(s in view["pending"]) for s in range(n)])
        out.put("committed", [float(s in view["committed"]) for s in range(n)])
        choice = view.get("choice")
        out.one_hot("choice", None if choice is None else int(choice.split(">")[1]) - 1, len(COINS))
        out.put("over", [float(view["over"])])
        winners = (view.get("result") or {}).get("winners", [])
        out.put("winners", [float(s in winners) for s in range(n)])
