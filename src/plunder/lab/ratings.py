"""How the bots of a study compare: a win-rate matrix, skill ratings and alpha-Rank.

* The win-rate matrix: ``matrix[a][b]`` is, over the games where bots ``a`` and
  ``b`` both sat, the share of their meetings that ``a`` won against ``b`` (a seat
  of ``a`` won and a seat of ``b`` did not; a game both won or both lost counts
  half). With two players it is the plain head-to-head win rate.
* Skill ratings from openskill's Plackett-Luce model, which rates games of any
  number of players and teams: each game ranks its winners above the others, in
  schedule order. A bot at several seats of a game is rated from each seat and
  takes the mean. ``mu`` is the skill, ``sigma`` its uncertainty, ``ordinal``
  ``mu - 3 sigma``, a cautious estimate.
* alpha-Rank (Omidshafiei et al. 2019, as OpenSpiel computes it) over the
  matrix, where OpenSpiel is installed: the share of time an evolving population
  spends on each bot, a ranking that holds up under intransitive strengths.
"""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from plunder.lab.play import GameRecord


def win_matrix(records: Sequence[GameRecord], bots: Sequence[str]) -> list[list[float | None]]:
    """``matrix[a][b]``: bot ``a``'s win rate against bot ``b`` (None where they never met).

    >>> from types import SimpleNamespace as R
    >>> games = [R(bots=("x", "y"), winners=(0,)), R(bots=("y", "x"), winners=())]
    >>> win_matrix(games, ["x", "y"])
    [[None, 0.75], [0.25, None]]
    """
    index = {bot: i for i, bot in enumerate(bots)}
    won = [[0.0] * len(bots) for _ in bots]
    met = [[0] * len(bots) for _ in bots]
    for record in records:
        winning = {index[record.bots[s]] for s in record.winners}
        present = {index[bot] for bot in record.bots}
        for a, b in itertools.permutations(present, 2):
            met[a][b] += 1
            won[a][b] += 0.5 if (a in winning) == (b in winning) else float(a in winning)
    return [
        [won[a][b] / met[a][b] if met[a][b] else None for b in range(len(bots))]
        for a in range(len(bots))
    ]


def skill_ratings(
    records: Sequence[GameRecord], bots: Sequence[str], teams: Sequence[frozenset[int]] = ()
) -> dict[str, dict[str, float]]:
    """Each bot's openskill (Plackett-Luce) rating after every game, in order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {bot: model.rating(name=bot) for bot in bots}
    sides = [sorted(team) for team in teams] or None
    for record in records:
        seating = sides or [[seat] for seat in range(len(record.bots))]
        lineup = [[ratings[record.bots[seat]] for seat in side] for side in seating]
        ranks = [0.0 if set(side) & set(record.winners) or not record.winners else 1.0
                 for side in seating]
        rated = model.rate(lineup, ranks=ranks)
        updates: dict[str, list[Any]] = {}
        for side, new in zip(seating, rated, strict=True):
            for seat, rating in zip(side, new, strict=True):
                updates.setdefault(record.bots[seat], []).append(rating)
        for bot, found in updates.items():
            rating = ratings[bot]
            rating.mu = sum(r.mu for r in found) / len(found)
            rating.sigma = sum(r.sigma for r in found) / len(found)
    return {
        bot: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()} for bot, r in ratings.items()
    }


def alpha_rank(matrix: Sequence[Sequence[float | None]]) -> list[float] | None:
    """alpha-Rank's stationary distribution over the bots, from the win-rate matrix
    (a bot against itself: one half; bots that never met: one half too), or None
    where OpenSpiel (the ``rl`` extra) cannot be imported or there is one bot."""
    if len(matrix) < 2:
        return None
    try:
        import numpy as np
        from open_spiel.python.egt import alpharank
    except ImportError:
        return None
    payoff = np.array([[0.5 if v is None else v for v in row] for row in matrix])
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        _, _, pi, _, _ = alpharank.compute([payoff], alpha=100, use_inf_alpha=True)
    return [float(p) for p in pi]


def ratings(
    records: Sequence[GameRecord], bots: Sequence[str], teams: Sequence[frozenset[int]] = ()
) -> dict[str, Any]:
    """The win-rate matrix, openskill ratings and alpha-Rank of a study's bots."""
    matrix = win_matrix(records, bots)
    return {
        "bots": list(bots),
        "win_matrix": matrix,
        "openskill": skill_ratings(records, bots, teams),
        "alpha_rank": alpha_rank(matrix),
    }


__all__ = ["alpha_rank", "ratings", "skill_ratings", "win_matrix"]
