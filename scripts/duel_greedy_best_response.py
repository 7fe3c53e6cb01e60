"""How much can any bot win against Duel's greedy bot? Its exact best response.

In 2-player Duel both hands are public (``docs/duel-solver.md``), and the greedy
bot (``plunder.games.duel.bot.GreedyBot``) is a fixed, stationary policy: at each
shootout it scores each of its actions against ``samples`` replies drawn
uniformly from the opponent's legal actions and plays the best total, breaking
ties at random. Its choice depends only on what it sees:

* the pair of hands (64 pairs under the shipped cards),
* whether this is the duel's last shootout (a duel cut short by the shootout
  limit restores full hands, which its heuristic scores differently),
* whether winning the duel wins the game for it, and whether losing the duel
  loses the game (a game-ending duel scores +-100 rather than +-10).

(In the last duel the duel limit allows, every duel end ends the game, which
greedy would score as such; that duel is not told apart here. The best
response's games end long before it, about 7 duels in; greedy's games against
itself do reach it, so the game figure of that row is close, not exact.)

Part one works out greedy's mixed policy at every such state *exactly*: on a
real engine state built for the state, it scores every pair (its action, a
reply) with greedy's own ``score``, then sums over every way ``samples`` uniform
replies can fall (the multinomial compositions), taking greedy's argmax with its
tie tolerance. ``--check`` compares that with the frequencies of many calls of
``GreedyBot.choose`` on the same engine states.

Part two computes the exact best response to that policy: a Markov decision
process over (duel number, dollars, pair of hands, shootouts left), solved by
backward induction from the duel limit (which ends the game, the richer player
winning, a tie counting 1/2 and no winner 0) and, within each duel, over the
shootouts left. It maximizes the chance to win the game; a discount of 1e-9 per
shootout makes it take a sure win sooner rather than later. Every figure is then
worked out exactly by following the chances forward from $0-$0, without
discount. For comparison the same machinery evaluates other stationary policies
against greedy: the equilibrium (``solver``), greedy itself, and uniform random
play.

Part three plays the best response against ``GreedyBot`` in the real engine
(seats alternate, game ``i`` seeded ``seed + i``, bot generator as the match
runner's) and reports its win share with a 95% Wilson interval.

Run it from the project root::

    python scripts/duel_greedy_best_response.py                   # 400 games, 2 jobs
    python scripts/duel_greedy_best_response.py --games 0         # exact figures only
    python scripts/duel_greedy_best_response.py --check 2000 --json
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

import plunder
from plunder.games.duel import solver
from plunder.games.duel.bot import SAMPLES, GreedyBot, score
from plunder.games.duel.rules import CARD_NAMES, DuelState
from plunder.match import bot_rng, wilson_interval

Pair = solver.Pair
Move = solver.Move
# Greedy's context at a score: (winning the duel ends the game for it, losing it does).
Context = tuple[bool, bool]
CONTEXTS: tuple[Context, ...] = tuple(itertools.product((False, True), repeat=2))
# Greedy's tie tolerance (``GreedyBot.choose``).
TIE = 1e-9
# Discount per shootout in the best response's planning, so that it does not put
# off a sure win (its reported figures are evaluated without discount).
DISCOUNT = 1.0 - 1e-9


def progress(text: str) -> None:
    print(f"\r{text}", end="", file=sys.stderr, flush=True)


# ------------------------------------------------------------------ engine states
def build_state(
    options: dict[str, Any], pair: Pair, dollars: tuple[int, int], last: bool
) -> DuelState:
    """A real 2-player Duel state: seat 0 holds ``pair[0]``, seat 1 ``pair[1]``."""
    game = plunder.load("duel", players=2, **options)
    state = game.new(seed=1)
    assert isinstance(state, DuelState)
    full = tuple(card.count for card in solver.CONTENT.cards)
    for seat, hand in enumerate(pair):
        state.hands[seat] = {name: hand[i] for i, name in enumerate(CARD_NAMES)}
        state.played[seat] = [
            name for i, name in enumerate(CARD_NAMES) for _ in range(full[i] - hand[i])
        ]
    state.dollars = list(dollars)
    state.shootout = game.options["shootout_limit"] if last else 1
    state._legal_cache = {}
    state._open_step()
    return state


def move_of(action: Any) -> Move:
    return (CARD_NAMES.index(action.card), action.target is not None)


def context_dollars(context: Context, target: int) -> tuple[int, int]:
    """Dollars for (greedy at seat 0, opponent) that put greedy in ``context``."""
    mine_ends, theirs_ends = context
    return (target - 1 if mine_ends else 0, target - 1 if theirs_ends else 0)


def score_matrix(state: DuelState) -> np.ndarray:
    """Greedy's score (seat 0) for each of its actions against each reply of seat 1."""
    before = state.view(0, log=False)
    mine, theirs = state.legal(0), state.legal(1)
    matrix = np.empty((len(mine), len(theirs)))
    for i, action in enumerate(mine):
        for k, reply in enumerate(theirs):
            trial = state.clone()
            trial.act(0, action)
            trial.act(1, reply)
            matrix[i, k] = score(before, trial.view(0, log=False), 0)
    return matrix


def compositions(samples: int, parts: int) -> tuple[np.ndarray, np.ndarray]:
    """Every way ``samples`` uniform draws fall on ``parts`` replies, and its chance."""
    rows = []
    for bars in itertools.combinations(range(samples + parts - 1), parts - 1):
        edges = (-1, *bars, samples + parts - 1)
        rows.append([edges[i + 1] - edges[i] - 1 for i in range(parts)])
    counts = np.array(rows, dtype=float)
    log_chance = (
        math.lgamma(samples + 1)
        - np.sum([[math.lgamma(n + 1) for n in row] for row in rows], axis=1)
        - samples * math.log(parts)
    )
    return counts, np.exp(log_chance)


def greedy_mix(matrix: np.ndarray, samples: int, cache: dict) -> np.ndarray:
    """Greedy's exact chances over its actions, given its score matrix."""
    parts = matrix.shape[1]
    if matrix.shape[0] == 1:
        return np.ones(1)
    if parts not in cache:
        cache[parts] = compositions(samples, parts)
    counts, chance = cache[parts]
    totals = counts @ matrix.T  # (compositions, actions)
    best = totals.max(axis=1, keepdims=True)
    ties = (totals >= best - TIE).astype(float)
    return chance @ (ties / ties.sum(axis=1, keepdims=True))


class GreedyPolicy:
    """Greedy's mixed policy at every (its hand, other hand), context and last-shootout flag."""

    def __init__(self, options: dict[str, Any], samples: int, model: solver.DuelModel) -> None:
        self.options = options
        self.target = plunder.load("duel", players=2, **options).options["target"]
        self.samples = samples
        self.model = model
        self.mix: dict[tuple[Pair, Context, bool], np.ndarray] = {}
        cache: dict = {}
        states = model.states()
        todo = len(states) * len(CONTEXTS) * 2
        for n, (pair, context, last) in enumerate(
            itertools.product(states, CONTEXTS, (False, True))
        ):
            if n % 16 == 0:
                progress(f"greedy's policy: {n}/{todo} states")
            state = build_state(options, pair, context_dollars(context, self.target), last)
            assert [move_of(a) for a in state.legal(0)] == list(model.moves(pair[0]))
            assert [move_of(a) for a in state.legal(1)] == list(model.moves(pair[1]))
            self.mix[(pair, context, last)] = greedy_mix(score_matrix(state), samples, cache)
        progress(f"greedy's policy: {todo}/{todo} states\n")

    def __call__(self, pair: Pair, context: Context, left: int) -> np.ndarray:
        return self.mix[(pair, context, left == 1)]


def check_against_bot(
    policy: GreedyPolicy, calls: int, level: str, seed: int
) -> list[dict[str, Any]]:
    """Frequencies of ``GreedyBot.choose`` on real states next to the exact mixes."""
    rows = []
    start = (policy.model.full, policy.model.full)
    picks = [
        (start, (False, False), False),
        (start, (True, False), False),
        (start, (False, True), True),
    ]
    states = policy.model.states()
    rng = random.Random(seed)
    picks += [(rng.choice(states), rng.choice(CONTEXTS), rng.random() < 0.3) for _ in range(3)]
    bot = GreedyBot(level=level)
    for number, (pair, context, last) in enumerate(picks):
        state = build_state(policy.options, pair, context_dollars(context, policy.target), last)
        legal = state.legal(0)
        counts = np.zeros(len(legal))
        for call in range(calls):
            if call % 200 == 0:
                progress(f"checking GreedyBot.choose: state {number + 1}/{len(picks)}")
            counts[legal.index(bot.choose(state, 0, random.Random(f"{seed}:{number}:{call}")))] += 1
        exact = policy.mix[(pair, context, last)]
        freq = counts / calls
        rows.append(
            {
                "pair": [list(pair[0]), list(pair[1])],
                "context": list(context),
                "last": last,
                "actions": [str(a) for a in legal],
                "exact": exact.round(4).tolist(),
                "observed": freq.round(4).tolist(),
                "max_gap": float(np.abs(freq - exact).max()),
                # Largest multinomial standard error, for judging the gap.
                "sigma": float(np.sqrt(exact * (1 - exact) / calls).max()),
            }
        )
    progress("\n")
    return rows


# ------------------------------------------------------------------ the MDP
# Our stationary policy: (dollars (ours, greedy's), shootouts left) -> chances over
# ``model.moves`` of our hand, one row per state (``Race.states``), padded to
# ``Race.width`` moves; ``None`` means: the best response.
Ours = Callable[["Race", tuple[int, int], int], np.ndarray] | None


class Race:
    """A policy of ours against greedy's over the whole game, duel limit included.

    ``W[(d, a, b)]`` is our chance to win the game at the start of duel ``d`` with
    $a against greedy's $b (a game the duel limit ends in a tie counts 1/2, one
    with no winner 0). Duels are solved backwards from the duel limit, and each
    duel backwards over the shootouts left.
    """

    def __init__(self, policy: GreedyPolicy, limit: int, duel_limit: int, ours: Ours) -> None:
        self.policy = policy
        self.model = model = policy.model
        self.limit = limit
        self.duel_limit = duel_limit
        self.ours = ours
        self.states = model.states()
        self.index = {pair: i for i, pair in enumerate(self.states)}
        self.start = self.index[(model.full, model.full)]
        size = len(self.states)
        self.width = width = max(len(model.moves(pair[0])) for pair in self.states)
        # Where each pair of moves leads: a state, an outcome (size + WIN/LOSS/NONE),
        # or, for padding, a dummy slot worth 0.
        self.slots = np.full((size, width, width), size + 3, dtype=np.intp)
        self.valid = np.zeros((size, width), dtype=bool)
        for s, pair in enumerate(self.states):
            mine, theirs = model.moves(pair[0]), model.moves(pair[1])
            self.valid[s, : len(mine)] = True
            for i, a in enumerate(mine):
                for k, b in enumerate(theirs):
                    after = model.shootout(pair, a, b)
                    self.slots[s, i, k] = (
                        size + after if isinstance(after, int) else self.index[after]
                    )
        # Greedy's replies per (its context, last shootout), padded.
        self.replies: dict[tuple[Context, bool], np.ndarray] = {}
        for context in CONTEXTS:
            for last in (False, True):
                table = np.zeros((size, width))
                for s, (mine, theirs) in enumerate(self.states):
                    mix = policy.mix[((theirs, mine), context, last)]
                    table[s, : len(mix)] = mix
                self.replies[(context, last)] = table
        self.target = target = policy.target
        self.W: dict[tuple[int, int, int], float] = {}
        self.best: dict[tuple[int, int, int], np.ndarray] = {}
        for d in range(duel_limit, 0, -1):
            for a in range(target):
                for b in range(target):
                    if a + b <= d - 1:
                        self._solve(d, a, b)

    def greedy_context(self, dollars: tuple[int, int]) -> Context:
        a, b = dollars  # ours, greedy's
        return (b + 1 >= self.target, a + 1 >= self.target)

    def end_value(self, a: int, b: int) -> float:
        """Our share when the duel limit ends the game at $a against $b."""
        if a == b:
            return 0.5 if a > 0 else 0.0
        return 1.0 if a > b else 0.0

    def after(self, d: int, a: int, b: int) -> float:
        """Our chance once duel ``d`` has ended at $a against $b."""
        if a >= self.target:
            return 1.0
        if b >= self.target:
            return 0.0
        if d >= self.duel_limit:
            return self.end_value(a, b)
        return self.W[(d + 1, a, b)]

    def mix(self, dollars: tuple[int, int], left: int, best: np.ndarray | None) -> np.ndarray:
        """Our padded mix per state with ``left`` shootouts left."""
        if self.ours is not None:
            return self.ours(self, dollars, left)
        assert best is not None
        chosen = np.zeros((len(self.states), self.width))
        chosen[np.arange(len(self.states)), best[left - 1]] = 1.0
        return chosen

    def _solve(self, d: int, a: int, b: int) -> None:
        ends = [self.after(d, a + 1, b), self.after(d, a, b + 1), self.after(d, a, b)]
        value, best = self.duel(ends, (a, b))
        self.W[(d, a, b)] = value
        if self.ours is None:
            self.best[(d, a, b)] = best

    def duel(self, ends: Sequence[float], dollars: tuple[int, int]) -> tuple[float, np.ndarray]:
        """Our value at a duel's start, given what winning, losing and no winner are
        worth, and (for the best response) its move per shootouts left and state."""
        context = self.greedy_context(dollars)
        values = np.full(len(self.states), ends[2])
        tail = np.array([*ends, 0.0])
        best = np.zeros((self.limit, len(self.states)), dtype=np.int8)
        for left in range(1, self.limit + 1):
            # A hair of discount per shootout: among equally sure wins, the quicker.
            extended = np.concatenate([DISCOUNT * values, tail])
            reply = self.replies[(context, left == 1)]
            q = (extended[self.slots] * reply[:, None, :]).sum(axis=2)
            if self.ours is None:
                q = np.where(self.valid, q, -np.inf)
                best[left - 1] = q.argmax(axis=1)
                values = q.max(axis=1)
            else:
                values = (self.ours(self, dollars, left) * q).sum(axis=1)
        return float(values[self.start]), best

    def odds(self, d: int, a: int, b: int) -> tuple[float, float, float, float]:
        """Chances duel ``d`` at $a-$b is won, lost, or has no winner; mean shootouts."""
        size = len(self.states)
        mass = np.zeros(size)
        mass[self.start] = 1.0
        ended = np.zeros(4)
        shootouts = 0.0
        context = self.greedy_context((a, b))
        best = self.best.get((d, a, b))
        for left in range(self.limit, 0, -1):
            shootouts += mass.sum()
            ours = self.mix((a, b), left, best)
            reply = self.replies[(context, left == 1)]
            joint = mass[:, None, None] * ours[:, :, None] * reply[:, None, :]
            moved = np.zeros(size + 4)
            np.add.at(moved, self.slots, joint)
            mass = moved[:size]
            ended += moved[size:]
        ended[2] += mass.sum()
        return float(ended[0]), float(ended[1]), float(ended[2]), float(shootouts)

    def game(self) -> dict[str, float]:
        """Chance to win, chance the duel limit decides, mean duels: from $0-$0."""
        mass = {(0, 0): 1.0}
        won = by_limit = duels = 0.0
        for d in range(1, self.duel_limit + 1):
            duels += sum(mass.values())
            moved: dict[tuple[int, int], float] = {}
            for (a, b), chance in mass.items():
                p_win, p_loss, p_none, _ = self.odds(d, a, b)
                for (x, y), p in (((a + 1, b), p_win), ((a, b + 1), p_loss), ((a, b), p_none)):
                    if x >= self.target:
                        won += chance * p
                    elif y < self.target:
                        moved[(x, y)] = moved.get((x, y), 0.0) + chance * p
            mass = {key: p for key, p in moved.items() if p > 1e-15}
            if not mass:
                break
        for (a, b), chance in mass.items():
            won += chance * self.end_value(a, b)
            by_limit += chance
        return {"game_win": won, "duel_limit_decides": by_limit, "duels": duels}


def solver_policy(options: dict[str, Any]) -> Ours:
    duel = solver.duel_solution(options.get("deflection", "seed"))
    cache: dict[int, np.ndarray] = {}

    def ours(race: Race, dollars: tuple[int, int], left: int) -> np.ndarray:
        level = duel.level(left)
        if level not in cache:
            table = np.zeros((len(race.states), race.width))
            for s, pair in enumerate(race.states):
                mix = [p for _, p in duel.strategy(pair, left)]
                table[s, : len(mix)] = mix
            cache[level] = table
        return cache[level]

    return ours


def uniform_policy() -> Ours:
    def ours(race: Race, dollars: tuple[int, int], left: int) -> np.ndarray:
        return race.valid / race.valid.sum(axis=1, keepdims=True)

    return ours


def greedy_as_ours() -> Ours:
    cache: dict[tuple[Context, bool], np.ndarray] = {}

    def ours(race: Race, dollars: tuple[int, int], left: int) -> np.ndarray:
        a, b = dollars
        # Our seat seen as greedy: the same table, with the contexts swapped.
        key = ((a + 1 >= race.target, b + 1 >= race.target), left == 1)
        if key not in cache:
            table = np.zeros((len(race.states), race.width))
            for s, pair in enumerate(race.states):
                mix = race.policy.mix[(pair, *key)]
                table[s, : len(mix)] = mix
            cache[key] = table
        return cache[key]

    return ours


# ------------------------------------------------------------------ simulation
class BestResponseBot:
    """Plays the computed best response (2-player Duel only; a measurement aid)."""

    name = "best-response"

    def __init__(self, race: Race) -> None:
        self.race = race

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        view = state.view(seat, log=False)
        pair = solver.observed_hands(view, seat)
        key = (view["duel"], view["players"][seat]["dollars"], view["players"][1 - seat]["dollars"])
        left = view["options"]["shootout_limit"] - view["shootout"] + 1
        index = self.race.index[pair]
        move = self.race.model.moves(pair[0])[self.race.best[key][left - 1][index]]
        for action in state.legal(seat):
            if move_of(action) == move and action.target in (None, 1 - seat):
                return action
        raise AssertionError(f"no legal action for {move}")


_RACE: Race | None = None  # the best response, for forked workers


def play_game(job: tuple[dict[str, Any], int, int, str]) -> tuple[int, bool, float]:
    """One game: the best response at seat ``br_seat``; (seed, it won, ms per decision)."""
    options, seed, br_seat, level = job
    assert _RACE is not None
    game = plunder.load("duel", players=2, **options)
    state = game.new(seed=seed)
    rng = bot_rng(seed)
    seated = {br_seat: BestResponseBot(_RACE), 1 - br_seat: GreedyBot(level=level)}
    decisions, spent = 0, 0.0
    while not state.is_over:
        seat = min(state.pending)
        started = time.perf_counter()
        action = seated[seat].choose(state, seat, rng)
        if seat == br_seat:
            spent += time.perf_counter() - started
            decisions += 1
        state.act(seat, action)
    assert state.result is not None
    return seed, br_seat in state.result.winners, 1000 * spent / max(decisions, 1)


def simulate(
    race: Race, options: dict[str, Any], games: int, seed: int, jobs: int, level: str
) -> dict[str, Any]:
    global _RACE
    _RACE = race
    schedule = [(options, seed + i, i % 2, level) for i in range(games)]
    results = []
    started = time.perf_counter()
    if jobs > 1 and "fork" in multiprocessing.get_all_start_methods():
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for result in pool.imap_unordered(play_game, schedule, chunksize=4):
                results.append(result)
                progress(f"best response vs greedy: {len(results)}/{games} games")
    else:
        for job in schedule:
            results.append(play_game(job))
            progress(f"best response vs greedy: {len(results)}/{games} games")
    progress("\n")
    wins = sum(won for _, won, _ in results)
    low, high = wilson_interval(wins, games)
    return {
        "games": games,
        "wins": wins,
        "share": wins / games,
        "ci95": [low, high],
        "ms_per_decision": sum(ms for *_, ms in results) / games,
        "seconds": time.perf_counter() - started,
    }


# ------------------------------------------------------------------ main
def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Exact best response to Duel's greedy bot (2 players), and its win chance."
    )
    parser.add_argument("--level", default="normal", choices=sorted(SAMPLES), help="greedy level")
    parser.add_argument("--target", type=int, default=5, help="dollars that win (default 5)")
    parser.add_argument("--deflection", default="seed", help="deflection reading (default seed)")
    parser.add_argument(
        "--shootout-limit", type=int, default=30, help="shootout limit (default 30)"
    )
    parser.add_argument("--duel-limit", type=int, default=100, help="duel limit (default 100)")
    parser.add_argument(
        "--games", type=int, default=400, help="games to simulate (0: none; default 400)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument(
        "--check",
        type=int,
        default=0,
        metavar="CALLS",
        help="also call GreedyBot.choose CALLS times on a few states and compare",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)

    options = {
        "target": args.target,
        "deflection": args.deflection,
        "shootout_limit": args.shootout_limit,
        "duel_limit": args.duel_limit,
    }
    model = solver.duel_solution(args.deflection).model
    started = time.perf_counter()
    policy = GreedyPolicy(options, SAMPLES[args.level], model)
    figures: dict[str, Any] = {"options": options, "greedy_level": args.level}
    if args.check:
        figures["check"] = check_against_bot(policy, args.check, args.level, args.seed)

    rows = []
    contenders: list[tuple[str, Ours]] = [
        ("best response", None),
        ("solver (equilibrium)", solver_policy(options)),
        ("greedy (itself)", greedy_as_ours()),
        ("random", uniform_policy()),
    ]
    races = {}
    for number, (label, ours) in enumerate(contenders):
        progress(f"solving the race: {label} ({number + 1}/{len(contenders)})")
        race = races[label] = Race(policy, args.shootout_limit, args.duel_limit, ours)
        won, lost, none, shootouts = race.odds(1, 0, 0)
        game = race.game()
        rows.append(
            {
                "policy": label,
                "duel_won": won,
                "duel_lost": lost,
                "duel_no_winner": none,
                "duel_share": won / (won + lost),
                "shootouts": shootouts,
                "game_win": game["game_win"],
                "duel_limit_decides": game["duel_limit_decides"],
                "duels": game["duels"],
            }
        )
    progress("\n")
    figures["exact"] = rows
    # The best response to greedy in a single duel, scored 1 won, 0 lost, 1/2 no winner.
    neutral = races["best response"].duel([1.0, 0.0, 0.5], (0, 0))[0]
    figures["duel_best_response_value"] = neutral
    figures["seconds_exact"] = time.perf_counter() - started
    if args.games > 0:
        figures["simulation"] = simulate(
            races["best response"], options, args.games, args.seed, args.jobs, args.level
        )

    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(
        f"2-player Duel against greedy:{args.level} (target {args.target}, "
        f"deflection {args.deflection}, shootout limit {args.shootout_limit}); exact figures"
    )
    print(
        f"{'policy':<22} {'duel won':>9} {'lost':>7} {'no winner':>10} "
        f"{'won/decided':>12} {'shootouts':>10} {'game won':>9} {'by limit':>9} {'duels':>7}"
    )
    for row in rows:
        print(
            f"{row['policy']:<22} {row['duel_won']:>9.4f} {row['duel_lost']:>7.4f} "
            f"{row['duel_no_winner']:>10.4f} {row['duel_share']:>12.4f} "
            f"{row['shootouts']:>10.2f} {row['game_win']:>9.4f} "
            f"{row['duel_limit_decides']:>9.4f} {row['duels']:>7.2f}"
        )
    print(
        f"A single duel (won 1, lost 0, no winner 1/2): the best response scores {neutral:.4f}. "
        "Game figures are from $0-$0 (by limit: the duel limit ends the game), duel "
        "figures for the first duel."
    )
    for row in figures.get("check", []):
        print(
            f"check {row['pair']} context {row['context']} last {row['last']}: "
            f"largest gap {row['max_gap']:.4f} (sigma {row['sigma']:.4f})"
        )
    if "simulation" in figures:
        sim = figures["simulation"]
        print(
            f"Simulated: best response vs greedy:{args.level}, {sim['games']} games, seed "
            f"{args.seed}: {sim['wins']} wins, {100 * sim['share']:.1f}% (95% CI "
            f"{100 * sim['ci95'][0]:.1f}%-{100 * sim['ci95'][1]:.1f}%), "
            f"{sim['ms_per_decision']:.2f} ms per decision, {sim['seconds']:.0f} s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
