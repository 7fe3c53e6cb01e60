"""The exact solution of 2-player Duel, and the bot that plays it.

Why 2-player Duel can be solved exactly
    With two players nothing stays hidden for long: the cards a player holds are
    his full set minus the cards lying played in front of him (R19), which every
    view shows, so both hands are public. The only secret is the card just laid
    face down, and that is a simultaneous move, not hidden information. Every
    decision therefore takes place in a *state* both players know, and the game is
    a finite zero-sum stochastic game with simultaneous moves.

The state abstraction
    While a decision is pending in 2-player Duel both players are alive (a hit ends
    the duel, R21, R33). What matters for the rest of the game is then:

    * the two hands (counts per card; the played cards follow from them),
    * the shootouts left before the shootout limit ends the duel (R34),
    * the two players' dollars and the target (R26, R37).

    The master (R27) has no effect on play, the duel and shootout numbers only
    through the limits, and the order of the played cards is never used (a
    Reloading card brings them all back, R18).

Three facts keep the computation small
    1. Affine invariance. A duel ends in a win for one side, a win for the other,
       or no winner (everyone hit, R33, or the shootout limit, R34); after it, a
       new duel starts from full hands. For players at ``a`` and ``b`` dollars the
       duel's payoffs are ``W = U(a+1, b)``, ``L = U(a, b+1)`` and, for no winner,
       ``U(a, b)`` itself. An optimal strategy of a matrix game does not change
       when its payoffs are mapped by ``p -> L + (W - L) p``, so one *normalized*
       duel, with payoffs 1 (win), 0 (loss) and the value of a fresh duel (no
       winner), serves every score.
    2. Symmetry. A fresh duel is the same for both seats, so its value is exactly
       1/2; hence "no winner" is worth 1/2 in the normalized duel, and
       ``U(a, b) = (U(a+1, b) + U(a, b+1)) / 2``: the game is a race of fair duels,
       and its value for either seat at the start is 1/2. What the solution is
       about is *how* to play a duel, and the duel values after cards are spent.
    3. The shootout limit as value iteration. With ``j`` shootouts left, the
       values ``V_j`` of the duel's states satisfy Shapley's recursion
       ``V_j(s) = val(M_s(V_{j-1}))``, where ``M_s`` is the matrix game at ``s``
       and ``V_0 = 1/2`` (the duel ends with no winner). So the iterates of value
       iteration started at 1/2 are the exact values for every number of
       shootouts left; they converge geometrically, and once ``V_J = V_{J-1}`` (to
       ``TOLERANCE``) every later level is the same. The solver keeps every level:
       the bot plays the level matching the shootouts left, so the shootout limit
       is solved exactly, whatever it is.

    Each matrix game is solved by linear programming (``scipy.optimize.linprog``),
    or directly when it has a pure saddle point. Shots aimed at no one are left
    out of the matrix games: they are weakly dominated (``DuelModel.useful``).

The duel limit
    The duel limit (R35) would make the value depend on the duel number as well.
    The solver solves the game without it and measures, under equilibrium play,
    how likely the limit is to end a game; ``SolverBot`` refuses a table on which
    that exceeds ``LIMIT_TOLERANCE`` and names the smallest duel limit it accepts.
    One table is exact whatever the limit ends: one duel for one dollar
    (``target=1, duel_limit=1``), where a duel with no winner ends the game in a
    draw, worth 1/2 to each seat, which is what the solution gives it.

Caching
    The duel solution depends only on the content (``cards.toml``) and the
    ``deflection`` reading: target and limits are applied to it cheaply. It is
    computed once per process (``functools.cache``) and stored as JSON under
    ``${XDG_CACHE_HOME:-~/.cache}/plunder/``, named by the reading and a hash of the
    content and of ``SOLVER_VERSION``; a file that is missing, damaged or of
    another version is recomputed, and a cache that cannot be written is skipped.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import random
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from plunder.engine.action import Action
from plunder.engine.bots import UnknownBot, check_level
from plunder.engine.errors import PlunderError
from plunder.engine.state import State
from plunder.games.duel.content import CONTENT, DuelContent
from plunder.games.duel.rules import CARD_NAMES, DuelAction, DuelGame

# Bump when the method or the file layout changes: old cache files are then ignored.
SOLVER_VERSION = 2
# Value iteration stops when no state's value moves by more than this.
TOLERANCE = 1e-12
# A matrix game whose lower and upper pure values are this close has a saddle point.
SADDLE_TOLERANCE = 1e-13
# Levels of value iteration before the solver gives up (the shipped content needs ~30).
MAX_LEVELS = 5000
# Duels the game-length computation follows at most.
MAX_DUELS = 100_000
# The largest chance, under equilibrium play, that the duel limit ends a game which
# the solver still plays as if there were no limit.
LIMIT_TOLERANCE = 1e-6
# The normalized value of a duel that ends with no winner: a fresh duel, worth 1/2
# by symmetry.
NO_WINNER = 0.5

Hand = tuple[int, ...]  # cards in hand, counted per card in ``CARD_NAMES`` order
Move = tuple[int, bool]  # (card index, aimed at the opponent)
Pair = tuple[Hand, Hand]  # (the deciding player's hand, the opponent's hand)
# A stationary policy: (own hand, other hand), shootouts left -> chances over its moves.
Opponent = Callable[[Pair, int], Sequence[float] | np.ndarray]


# ------------------------------------------------------------------ matrix games
@dataclass(frozen=True)
class MatrixGame:
    """The solution of a zero-sum matrix game; the row player maximizes."""

    value: float
    row: np.ndarray  # an optimal mixed strategy of the row player
    column: np.ndarray  # an optimal mixed strategy of the column player


def solve_matrix_game(payoff: Sequence[Sequence[float]] | np.ndarray) -> MatrixGame:
    """Value and optimal strategies of the matrix game ``payoff`` (rows maximize).

    A pure saddle point is taken directly; otherwise the row player's linear
    program ``max v`` subject to ``x @ payoff >= v``, ``sum(x) == 1``, ``x >= 0``
    is solved, and the column player's strategy is read from its dual.

    >>> game = solve_matrix_game([[1, -1], [-1, 1]])
    >>> round(game.value, 9), game.row.round(9).tolist()
    (0.0, [0.5, 0.5])
    """
    matrix = np.asarray(payoff, dtype=float)
    if matrix.ndim != 2 or matrix.size == 0:
        raise PlunderError(f"a matrix game needs a non-empty 2-d payoff, got shape {matrix.shape}")
    rows, columns = matrix.shape
    row_floor = matrix.min(axis=1)
    column_ceiling = matrix.max(axis=0)
    if column_ceiling.min() - row_floor.max() <= SADDLE_TOLERANCE:
        row = np.zeros(rows)
        row[int(row_floor.argmax())] = 1.0
        column = np.zeros(columns)
        column[int(column_ceiling.argmin())] = 1.0
        return MatrixGame(float(row_floor.max()), row, column)
    # Imported here: listing the bots imports this module, and scipy.optimize takes
    # half a second to import, which a solution loaded from the disk cache never needs.
    from scipy.optimize import linprog  # type: ignore[import-untyped]  # scipy ships no types

    # Variables (x_1..x_m, v); linprog minimizes, so the objective is -v.
    objective = np.zeros(rows + 1)
    objective[-1] = -1.0
    upper = np.hstack([-matrix.T, np.ones((columns, 1))])  # v - x @ M[:, j] <= 0
    equal = np.ones((1, rows + 1))
    equal[0, -1] = 0.0
    bounds = [(0.0, None)] * rows + [(None, None)]
    found = linprog(
        objective,
        A_ub=upper,
        b_ub=np.zeros(columns),
        A_eq=equal,
        b_eq=[1.0],
        bounds=bounds,
        method="highs",
    )
    if found.status != 0:
        raise PlunderError(f"the matrix game's linear program failed: {found.message}")
    row = _distribution(found.x[:rows])
    # The dual prices of the column constraints are the column player's strategy.
    column = _distribution(-np.asarray(found.ineqlin.marginals))
    # The value the row strategy guarantees (the LP's own optimum, to rounding).
    return MatrixGame(float((row @ matrix).min()), row, column)


def _distribution(weights: np.ndarray) -> np.ndarray:
    """Rounding can leave tiny negatives in an LP's answer: clip and rescale."""
    clipped = np.clip(np.asarray(weights, dtype=float), 0.0, None)
    total = clipped.sum()
    if total <= 0:
        raise PlunderError("the matrix game's linear program gave no strategy")
    return clipped / total


# ------------------------------------------------------------------ the duel
# Outcome slots after the states in a value vector: the deciding player wins the
# duel, loses it, or it ends with no winner.
WIN, LOSS, NONE = 0, 1, 2


@dataclass(frozen=True)
class DuelModel:
    """2-player shootouts as the rules play them (R12-R19, R29-R33), on hands as counts."""

    content: DuelContent
    deflection: str

    @property
    def full(self) -> Hand:
        return tuple(card.count for card in self.content.cards)

    def moves(self, hand: Hand) -> tuple[Move, ...]:
        """The legal moves of a hand, in the order ``state.legal`` lists them."""
        found: list[Move] = []
        for index, card in enumerate(self.content.cards):
            if hand[index] > 0:
                found.append((index, False))
                if card.weapon:
                    found.append((index, True))
        return tuple(found)

    def useful(self, hand: Hand) -> list[int]:
        """Indices into ``moves(hand)`` of the moves an optimal player needs.

        A shot at no one is weakly dominated by the same shot at the opponent: the
        two differ only in whether the opponent is hit, and that only turns a
        going-on duel into a won one, or a lost one into one without a winner. So
        the matrix games leave such shots out: their value is the same, and a
        solution that always aims punishes an opponent who reloads or hides when
        he should not (the equilibrium alone does not care).
        """
        cards = self.content.cards
        return [
            index
            for index, (card, aimed) in enumerate(self.moves(hand))
            if aimed or not cards[card].weapon
        ]

    def shootout(self, pair: Pair, mine: Move, theirs: Move) -> Pair | int:
        """The next pair of hands, or ``WIN``/``LOSS``/``NONE`` if the duel ends."""
        cards = self.content.cards
        deflects = self.content.deflection[self.deflection]
        hit = []
        for (card, _), (shot, aimed) in ((mine, theirs), (theirs, mine)):
            weapon = cards[shot].weapon if aimed else ""
            hit.append(bool(weapon) and weapon not in deflects[cards[card].name])
        i_am_hit, they_are_hit = hit
        if i_am_hit and they_are_hit:
            return NONE
        if they_are_hit:
            return WIN
        if i_am_hit:
            return LOSS
        return (self._after(pair[0], mine[0]), self._after(pair[1], theirs[0]))

    def _after(self, hand: Hand, card: int) -> Hand:
        """The hand after playing ``card`` without being hit (R17-R19, R32)."""
        returns = self.content.cards[card].returns
        if returns == "all":
            # Every card is in hand or played while its owner lives: all come back.
            return self.full
        if returns == "itself":
            return hand
        return (*hand[:card], hand[card] - 1, *hand[card + 1 :])

    def states(self) -> list[Pair]:
        """Every pair of hands reachable in a duel, in a fixed (sorted) order."""
        start = (self.full, self.full)
        seen = {start}
        frontier = [start]
        while frontier:
            pair = frontier.pop()
            for mine in self.moves(pair[0]):
                for theirs in self.moves(pair[1]):
                    after = self.shootout(pair, mine, theirs)
                    if not isinstance(after, int) and after not in seen:
                        seen.add(after)
                        frontier.append(after)
        return sorted(seen)


@dataclass(frozen=True)
class DuelOdds:
    """How a duel from full hands goes (``DuelSolution.odds``)."""

    first_wins: float  # the seat listed first in the state wins the duel
    second_wins: float
    no_winner: float  # everyone hit, or the shootout limit
    mean_shootouts: float


class DuelSolution:
    """The normalized duel, solved for every number of shootouts left.

    ``values[j][s]`` is the value of state ``s`` with ``j`` shootouts left for the
    player whose hand is listed first (1 = he wins the duel, 0 = he loses it, 1/2
    = no winner); ``strategies[j][s]`` is his optimal mixed strategy over
    ``moves[s]``. Levels beyond ``levels`` equal the last one.
    """

    def __init__(
        self,
        deflection: str,
        states: Sequence[Pair],
        values: Sequence[np.ndarray],
        strategies: Sequence[Sequence[np.ndarray]],
        content: DuelContent = CONTENT,
    ) -> None:
        self.deflection = deflection
        self.model = DuelModel(content, deflection)
        self.states = list(states)
        self.index = {pair: i for i, pair in enumerate(self.states)}
        self.moves = [self.model.moves(pair[0]) for pair in self.states]
        self.values = [np.asarray(level, dtype=float) for level in values]
        # Level 0 (the duel is over) has no strategies: keep the lists aligned.
        self.strategies = [[np.asarray(s, dtype=float) for s in level] for level in strategies]
        self.levels = len(self.values) - 1
        self.start = self.index[(self.model.full, self.model.full)]
        self._targets = [_targets(self.model, self.index, pair) for pair in self.states]
        self._steps: dict[int, np.ndarray] = {}

    def level(self, shootouts_left: int) -> int:
        """The solved level for ``shootouts_left`` (levels past convergence are equal)."""
        return min(max(shootouts_left, 1), self.levels)

    def value(self, pair: Pair, shootouts_left: int) -> float:
        """The first player's chance to win the duel (no winner counting 1/2)."""
        return float(self.values[self.level(shootouts_left)][self.index[pair]])

    def strategy(self, pair: Pair, shootouts_left: int) -> list[tuple[Move, float]]:
        """The first player's equilibrium mix at ``pair``: (move, probability) pairs."""
        state = self.index[pair]
        mix = self.strategies[self.level(shootouts_left)][state]
        return list(zip(self.moves[state], (float(p) for p in mix), strict=True))

    def odds(self, shootout_limit: int, opponent: Opponent | None = None) -> DuelOdds:
        """Outcome chances of a duel from full hands, the first seat playing this solution.

        The second seat plays it too, or ``opponent``: a stationary policy that
        gets (its own hand, the other's hand) and the shootouts left, and returns
        its chances over ``DuelModel.moves`` of its hand.
        """
        mass = np.zeros(len(self.states))
        mass[self.start] = 1.0
        ended = np.zeros(3)
        shootouts = 0.0
        for left in range(shootout_limit, 0, -1):
            shootouts += float(mass.sum())
            if opponent is None:
                step = self._transition(self.level(left))
            else:
                step = self._step_matrix(self.level(left), opponent, left)
            moved = mass @ step
            mass = moved[: len(self.states)]
            ended += moved[len(self.states) :]
            if mass.sum() < 1e-300:
                break
        ended[NONE] += mass.sum()  # still alive at the limit: no winner (R34)
        return DuelOdds(float(ended[WIN]), float(ended[LOSS]), float(ended[NONE]), shootouts)

    def _transition(self, level: int) -> np.ndarray:
        """Where one shootout leads from each state when both seats play ``level``."""
        found = self._steps.get(level)
        if found is None:
            # The second seat plays the first player's strategy of the mirrored state.
            found = self._steps[level] = self._step_matrix(
                level, lambda pair, _: self.strategies[level][self.index[pair]], 0
            )
        return found

    def _step_matrix(self, level: int, opponent: Opponent, left: int) -> np.ndarray:
        size = len(self.states)
        step = np.zeros((size, size + 3))
        strategies = self.strategies[level]
        for state, (mine, theirs) in enumerate(self.states):
            reply = np.asarray(opponent((theirs, mine), left), dtype=float)
            joint = np.outer(strategies[state], reply)
            np.add.at(step[state], self._targets[state], joint)
        return step

    def to_json(self) -> dict[str, Any]:
        return {
            "deflection": self.deflection,
            "states": [[list(a), list(b)] for a, b in self.states],
            "values": [level.tolist() for level in self.values],
            "strategies": [[s.tolist() for s in level] for level in self.strategies],
        }


def _targets(model: DuelModel, index: Mapping[Pair, int], pair: Pair) -> np.ndarray:
    """For each pair of moves at ``pair``, the slot it leads to: a state or an outcome."""
    size = len(index)
    mine, theirs = model.moves(pair[0]), model.moves(pair[1])
    slots = np.empty((len(mine), len(theirs)), dtype=np.intp)
    for i, a in enumerate(mine):
        for k, b in enumerate(theirs):
            after = model.shootout(pair, a, b)
            slots[i, k] = size + after if isinstance(after, int) else index[after]
    return slots


def compute_duel(deflection: str = "seed", content: DuelContent = CONTENT) -> DuelSolution:
    """Solve the normalized duel by value iteration, one level per shootout left."""
    if deflection not in content.deflection:
        raise PlunderError(
            f"no deflection reading {deflection!r}; readings are: {', '.join(content.deflection)}"
        )
    model = DuelModel(content, deflection)
    states = model.states()
    index = {pair: i for i, pair in enumerate(states)}
    for pair in states:
        if not model.moves(pair[0]):
            raise PlunderError(f"a Duel hand {pair[0]} has no card to play; cannot solve")
    # Each state's matrix game over the moves worth playing (``DuelModel.useful``).
    games = []
    for pair in states:
        rows, columns = model.useful(pair[0]), model.useful(pair[1])
        slots = _targets(model, index, pair)[np.ix_(rows, columns)]
        games.append((slots, rows, len(model.moves(pair[0]))))
    outcomes = np.zeros(3)
    outcomes[WIN], outcomes[LOSS], outcomes[NONE] = 1.0, 0.0, NO_WINNER
    values = [np.full(len(states), NO_WINNER)]
    strategies: list[list[np.ndarray]] = [[]]
    while True:
        extended = np.concatenate([values[-1], outcomes])
        level_values = np.empty(len(states))
        level_strategies = []
        for state, (slots, rows, size) in enumerate(games):
            solved = solve_matrix_game(extended[slots])
            level_values[state] = solved.value
            mix = np.zeros(size)
            mix[rows] = solved.row
            level_strategies.append(mix)
        values.append(level_values)
        strategies.append(level_strategies)
        if np.abs(values[-1] - values[-2]).max() <= TOLERANCE:
            break
        if len(values) > MAX_LEVELS:
            raise PlunderError(f"Duel value iteration did not converge in {MAX_LEVELS} levels")
    return DuelSolution(deflection, states, values, strategies, content)


# ------------------------------------------------------------------ the disk cache
def content_hash(content: DuelContent = CONTENT) -> str:
    """A hash of the content as the game reads it from ``cards.toml``.

    Hashing the parsed content rather than the file's bytes keeps the key tied to
    what this process actually plays, and ignores edits to comments.
    """
    canonical = {
        "solver": SOLVER_VERSION,
        "cards": [[c.name, c.count, c.weapon, c.returns] for c in content.cards],
        "deflection": {
            reading: {card: sorted(weapons) for card, weapons in sorted(table.items())}
            for reading, table in sorted(content.deflection.items())
        },
    }
    text = json.dumps(canonical, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def cache_dir() -> Path:
    """``${XDG_CACHE_HOME:-~/.cache}/plunder``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "plunder"


def cache_path(deflection: str, content: DuelContent = CONTENT) -> Path:
    return cache_dir() / f"duel-solution-{deflection}-{content_hash(content)}.json"


def _load_cached(path: Path, deflection: str, content: DuelContent) -> DuelSolution | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("key") != _cache_key(deflection, content):
            return None
        states = [(tuple(a), tuple(b)) for a, b in data["states"]]
        solution = DuelSolution(deflection, states, data["values"], data["strategies"], content)
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None  # missing or damaged: recompute
    # A file that does not fit the model (hand-edited, truncated) is not used.
    if solution.states != DuelModel(content, deflection).states() or any(
        len(level) != len(states) for level in solution.values
    ):
        return None
    for level in solution.strategies[1:]:
        if len(level) != len(states) or any(
            len(mix) != len(moves) for mix, moves in zip(level, solution.moves, strict=True)
        ):
            return None
    return solution


def _cache_key(deflection: str, content: DuelContent) -> dict[str, Any]:
    return {"solver": SOLVER_VERSION, "deflection": deflection, "content": content_hash(content)}


def _store(path: Path, solution: DuelSolution, content: DuelContent) -> None:
    data = {
        "format": "plunder-duel-solution",
        "key": _cache_key(solution.deflection, content),
        **solution.to_json(),
    }
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Write then rename, so a process reading concurrently never sees half a file.
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=path.parent, prefix=path.name, suffix=".tmp", delete=False
        ) as handle:
            json.dump(data, handle)
        os.replace(handle.name, path)
    except OSError:
        pass  # a read-only or full disk only costs the next process a recomputation


@functools.cache
def duel_solution(deflection: str = "seed") -> DuelSolution:
    """The solved duel for a deflection reading of the shipped content, computed once.

    Looked up in memory, then in the disk cache, else computed and stored.
    """
    path = cache_path(deflection)
    found = _load_cached(path, deflection, CONTENT)
    if found is None:
        found = compute_duel(deflection)
        _store(path, found, CONTENT)
    return found


# ------------------------------------------------------------------ the whole game
@dataclass(frozen=True)
class GameSolution:
    """2-player Duel solved for one set of options (deflection, target, limits)."""

    deflection: str
    target: int
    shootout_limit: int
    duel_limit: int
    duel: DuelSolution
    odds: DuelOdds  # of each duel from full hands under equilibrium play
    scores: dict[tuple[int, int], float]  # U(a, b): a player at $a against $b wins the game
    mean_duels: float  # duels per game under equilibrium play (without the duel limit)
    limit_chance: float  # the chance the duel limit ends a game under equilibrium play
    smallest_duel_limit: int  # the least duel limit with a chance under LIMIT_TOLERANCE

    @property
    def first_seat_value(self) -> float:
        """Seat 0's chance to win the game at the start (a game without winner counts 1/2)."""
        return self.scores[(0, 0)]

    def value(self, dollars: tuple[int, int], pair: Pair, shootouts_left: int) -> float:
        """The chance to win the game of a player at ``dollars``/``pair`` (his first)."""
        win = self.score(dollars[0] + 1, dollars[1])
        loss = self.score(dollars[0], dollars[1] + 1)
        return loss + (win - loss) * self.duel.value(pair, shootouts_left)

    def score(self, mine: int, theirs: int) -> float:
        if mine >= self.target:
            return 1.0
        if theirs >= self.target:
            return 0.0
        return self.scores[(mine, theirs)]


def game_solution(options: Mapping[str, Any]) -> GameSolution:
    """The solution for a 2-player Duel's options (missing ones take their defaults)."""
    defaults = {option.name: option.default for option in DuelGame.option_specs()}
    chosen = {**defaults, **dict(options)}
    if chosen["players"] != 2:
        raise UnknownBot(
            f"the solver plays 2-player Duel only, not {chosen['players']} players: with more "
            "players a hit no longer ends the duel and the game is not zero-sum"
        )
    return _game_solution(
        str(chosen["deflection"]),
        int(chosen["target"]),
        int(chosen["shootout_limit"]),
        int(chosen["duel_limit"]),
    )


@functools.cache
def _game_solution(
    deflection: str, target: int, shootout_limit: int, duel_limit: int
) -> GameSolution:
    duel = duel_solution(deflection)
    odds = duel.odds(shootout_limit)
    # Affine invariance: a duel worth v (normalized) at $a against $b is worth
    # L + (W - L) v, where a duel with no winner counts as a fresh one (1/2).
    scores = race(target, float(duel.values[duel.level(shootout_limit)][duel.start]))
    mean_duels, tail = _game_length(odds, target, duel_limit)
    return GameSolution(
        deflection=deflection,
        target=target,
        shootout_limit=shootout_limit,
        duel_limit=duel_limit,
        duel=duel,
        odds=odds,
        scores=scores,
        mean_duels=mean_duels,
        limit_chance=tail[min(duel_limit, len(tail) - 1)],
        smallest_duel_limit=next(
            (d for d, chance in enumerate(tail) if chance <= LIMIT_TOLERANCE), len(tail)
        ),
    )


def race(target: int, duel_value: float) -> dict[tuple[int, int], float]:
    """``U(a, b)``: the chance that a player at $a against $b reaches ``target`` first,
    when each duel is worth ``duel_value`` to him (1 won, 0 lost). A duel without a
    winner is replayed at the same score, so for duels won, lost and without a
    winner with chances ``p``, ``q``, ``r`` the duel's worth is ``p / (p + q)``.

    >>> round(race(2, 0.5)[(0, 0)], 9), race(2, 0.5)[(1, 0)]
    (0.5, 0.75)
    """
    scores: dict[tuple[int, int], float] = {}
    for total in range(2 * target - 2, -1, -1):
        for mine in range(min(total, target - 1), max(-1, total - target), -1):
            theirs = total - mine
            win = 1.0 if mine + 1 >= target else scores[(mine + 1, theirs)]
            loss = 0.0 if theirs + 1 >= target else scores[(mine, theirs + 1)]
            scores[(mine, theirs)] = loss + (win - loss) * duel_value
    return scores


def _game_length(odds: DuelOdds, target: int, duel_limit: int) -> tuple[float, list[float]]:
    """Mean duels per game (within the duel limit), and ``tail[d]``: the chance that no
    one has the target after ``d`` duels, for ``d`` up to the duel limit and on until
    the chance is below ``LIMIT_TOLERANCE``."""
    mass = {(0, 0): 1.0}
    tail = [1.0]
    moves = (((1, 0), odds.first_wins), ((0, 1), odds.second_wins), ((0, 0), odds.no_winner))
    # Each pass is cheap (at most target**2 scores); the cap only stops a duel that
    # almost never has a winner from looping for ever.
    while len(tail) <= MAX_DUELS and (len(tail) <= duel_limit or tail[-1] > LIMIT_TOLERANCE):
        moved: dict[tuple[int, int], float] = {}
        for (a, b), chance in mass.items():
            for (da, db), p in moves:
                x, y = a + da, b + db
                if p > 0 and x < target and y < target:
                    moved[(x, y)] = moved.get((x, y), 0.0) + chance * p
        mass = moved
        tail.append(sum(mass.values()))
    return sum(tail[:duel_limit]), tail


# ------------------------------------------------------------------ the bot
class SolverBot:
    """Plays 2-player Duel's equilibrium: it samples the optimal mix of the state it sees.

    The equilibrium has no difficulty setting, so every level plays the same.
    """

    name = "solver"

    def __init__(self, level: str = "normal") -> None:
        self.level = check_level(level)

    def check_game(self, game: Any) -> None:
        """Refuse a table this bot cannot play, before any game starts."""
        if getattr(game, "name", None) != "duel":
            raise UnknownBot(f"the solver plays 2-player Duel only, not {game.name!r}")
        self._solution(dict(game.options))

    def _solution(self, options: Mapping[str, Any]) -> GameSolution:
        solution = game_solution(options)
        single_duel = solution.target == 1 and solution.duel_limit == 1  # exact (module doc)
        if solution.limit_chance > LIMIT_TOLERANCE and not single_duel:
            advice = (
                f"use duel_limit >= {solution.smallest_duel_limit}"
                if solution.smallest_duel_limit < MAX_DUELS
                else "no duel limit avoids that: with so few shootouts, duels played this way "
                "almost never have a winner"
            )
            raise UnknownBot(
                f"the solver solves Duel without its duel limit, but with target="
                f"{solution.target} and shootout_limit={solution.shootout_limit} the duel "
                f"limit ({solution.duel_limit}) would end {100 * solution.limit_chance:.3g}% "
                f"of the games the solution plays against itself; {advice}"
            )
        return solution

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        view = state.view(seat, log=False)
        if view["game"] != "duel":
            raise UnknownBot(f"the solver plays 2-player Duel only, not {view['game']!r}")
        solution = self._solution(view["options"])
        pair = observed_hands(view, seat)
        left = view["options"]["shootout_limit"] - view["shootout"] + 1
        mix = solution.duel.strategy(pair, left)
        legal = state.legal(seat)
        if not legal:
            raise PlunderError(f"seat {seat} owes no decision now")
        other = 1 - seat
        by_move = {
            (CARD_NAMES.index(a.card), a.target is not None): a
            for a in legal
            if isinstance(a, DuelAction) and a.target in (None, other)
        }
        if set(by_move) != {move for move, _ in mix} or len(by_move) != len(legal):
            raise PlunderError(
                f"the solver's moves for seat {seat} do not match the legal actions "
                f"{[str(a) for a in legal]}"
            )
        draw = rng.random()
        for move, chance in mix:
            draw -= chance
            if draw < 0:
                return by_move[move]
        # Rounding can leave the draw a hair above the total: take the last likely move.
        return by_move[next(move for move, chance in reversed(mix) if chance > 0)]


def observed_hands(view: Mapping[str, Any], seat: int) -> Pair:
    """(own hand, opponent's hand) from a seat's view: the opponent's is his set minus
    his played cards."""
    players = view["players"]
    if len(players) != 2:
        raise UnknownBot(f"the solver plays 2-player Duel only, not {len(players)} players")
    if not all(p["alive"] for p in players):
        raise PlunderError("the solver decides only while both players are alive")
    mine = tuple(view["hand"].count(name) for name in CARD_NAMES)
    played = players[1 - seat]["played"]
    full = tuple(card.count for card in CONTENT.cards)
    theirs = tuple(count - played.count(name) for name, count in zip(CARD_NAMES, full, strict=True))
    return (mine, theirs)


__all__ = [
    "LIMIT_TOLERANCE",
    "DuelModel",
    "DuelOdds",
    "DuelSolution",
    "GameSolution",
    "MatrixGame",
    "SolverBot",
    "compute_duel",
    "duel_solution",
    "game_solution",
    "observed_hands",
    "solve_matrix_game",
]
