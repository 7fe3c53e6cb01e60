"""The result of a finished game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Result:
    """Who won and the final scores.

    ``winners`` is a set of seats (empty when no one won, several for a team or a
    shared win); ``scores`` are the game's own points per seat (dollars in Duel);
    ``reason`` says in words why the game ended.
    """

    winners: frozenset[int]
    scores: tuple[float, ...]
    reason: str = ""

    def outcome(self, seat: int) -> str:
        """``"win"``, ``"loss"`` or, when no seat won, ``"draw"``."""
        if not self.winners:
            return "draw"
        return "win" if seat in self.winners else "loss"

    @property
    def outcomes(self) -> tuple[str, ...]:
        return tuple(self.outcome(seat) for seat in range(len(self.scores)))

    def returns(self) -> tuple[float, ...]:
        """Per-seat payoff for learners and bots: winners share 1, everyone else 0.

        A game no one won (a draw) gives every seat an even share, ``1/players``:
        the payoffs of every result add up to 1, and a search that stops a
        playout it cannot finish scores it as the same draw.
        """
        if not self.winners:
            return tuple(1.0 / len(self.scores) for _ in self.scores)
        share = 1.0 / len(self.winners)
        return tuple(share if seat in self.winners else 0.0 for seat in range(len(self.scores)))

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": sorted(self.winners),
            "scores": list(self.scores),
            "outcomes": list(self.outcomes),
            "reason": self.reason,
        }
