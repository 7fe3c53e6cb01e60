"""The result of a finished game."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Result:
    """Who won and the final scores.

    ``winners`` is a set of seats (empty when no one won, several for a team or a
    shared win); ``scores`` are the game's own points per seat (dollars in Duel);
    ``reason`` says in words why the game ended. ``teams`` is the game's teams
    when it has any (``State.finish`` sets it): returns then pay a team as one.
    ``breakdown`` says how each seat's score came about: per seat, its parts in
    players' words (``{"duel 3": 1, "duel 5": 1}``, ``{"combos": 7, "raiders":
    4}``; given as mappings, kept as ``(name, amount)`` pairs so that a result
    stays immutable, ``parts(seat)`` as a dict), which add up to the seat's score
    (a result whose parts do not is refused); empty where the game gives none.
    """

    winners: frozenset[int]
    scores: tuple[float, ...]
    reason: str = ""
    teams: tuple[frozenset[int], ...] | None = None
    breakdown: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        if not self.breakdown:
            return
        # Pairs, not dicts: a result is shared, never copied, by a state's clones.
        pairs = tuple(tuple(dict(parts).items()) for parts in self.breakdown)
        object.__setattr__(self, "breakdown", pairs)
        if len(pairs) != len(self.scores):
            raise ValueError(f"a breakdown for {len(pairs)} seats, scores for "
                             f"{len(self.scores)}")
        for seat, score in enumerate(self.scores):
            parts = self.parts(seat)
            if not math.isclose(sum(parts.values()), score, abs_tol=1e-9):
                raise ValueError(f"seat {seat}'s parts {parts} do not add up to {score}")

    def parts(self, seat: int) -> dict[str, float]:
        """How ``seat``'s score came about, part by part (empty without a breakdown)."""
        return dict(self.breakdown[seat]) if self.breakdown else {}

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

        With teams the shares go to teams, and every member of a team gets its
        team's whole share: the winning teams share 1, a draw gives each team
        ``1/teams``. Teammates' returns are equal, so a seat that maximises its
        own return plays for its team; the team shares add up to 1.
        """
        if self.teams is not None:
            return self._team_returns(self.teams)
        if not self.winners:
            return tuple(1.0 / len(self.scores) for _ in self.scores)
        share = 1.0 / len(self.winners)
        return tuple(share if seat in self.winners else 0.0 for seat in range(len(self.scores)))

    def _team_returns(self, teams: tuple[frozenset[int], ...]) -> tuple[float, ...]:
        won = [team for team in teams if team & self.winners]
        share = 1.0 / len(won) if won else 1.0 / len(teams)
        out = [0.0] * len(self.scores)
        for team in won or teams:
            for seat in team:
                out[seat] = share
        return tuple(out)

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": sorted(self.winners),
            "scores": list(self.scores),
            "outcomes": list(self.outcomes),
            "reason": self.reason,
            "breakdown": [dict(parts) for parts in self.breakdown],
        }
