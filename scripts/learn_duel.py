"""An OpenSpiel learner on 2-player Duel, measured against plunder's bots and the exact solver.

The learner trains on the game that ``plunder.rl.openspiel`` registers,
``python_plunder_duel``, converted to a turn-based game with
``pyspiel.convert_to_turn_based`` (CFR wants one player at a time; the
conversion hides the first choice of a shootout from the second chooser).
Information states are the seats' observation vectors (``info_state="vector"``;
``--info-state view`` takes the whole view): in 2-player Duel both hands are
public (docs/duel-solver.md), so what a seat sees now is a Markov state, and the
vector, which counts played cards rather than listing them in order (the order
never matters, R18), keeps the tables small.

Two learners (``--learner``):

* ``cfr+`` (the default): OpenSpiel's tabular CFR+ (``cfr.CFRPlusSolver``), which
  walks the whole game tree at every iteration. Its average policy converges to
  an equilibrium, so the exploitability falls iteration by iteration.
* ``mccfr``: outcome-sampling Monte Carlo CFR, one sampled play an iteration:
  cheap iterations, noisy estimates.

The game is shortened with options so that the tree can be walked: ``target=1``
(the first duel won wins the game), ``duel_limit=1`` (one duel) and
``shootout_limit=3`` (``--shootouts``: a duel with no hit after three shootouts
ends the game in a draw). The exact solver plays that table exactly, and its
value is 1/2 (the game is symmetric). The root's chance node deals seeds 0 and
1, which draw each master once (``SEEDS``; checked when the script starts).

At each checkpoint the script reports, for the learner's average policy:

* its win share in plunder matches against ``random``, ``greedy`` and the exact
  ``solver`` (``plunder.bots.from_spec``); seats alternate, game ``i`` is
  seeded ``seed + i``; a draw counts 1/2 (``result.returns()``);
* its exploitability: what a best response gains over the game's value, the
  mean over both seats. The best response is computed exactly, by backward
  induction over every reachable state of the engine (both views fix the state,
  and the policy is a function of the views), from both masters; the value is
  the exact solver's (``game_solution(options).first_seat_value``).

Run it from the project root with the ``rl`` extra installed::

    python scripts/learn_duel.py                         # CFR+, 20 iterations
    python scripts/learn_duel.py --learner mccfr --iterations 100000
    python scripts/learn_duel.py --iterations 2 --checkpoints 2 --games 20 --json

Progress goes to stderr, the report to stdout.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

import plunder
from plunder.bots import check_game, from_spec
from plunder.engine.action import Action
from plunder.engine.state import State
from plunder.match import bot_rng

GAME = "duel"
SHOOTOUTS = 3
OPTIONS = {"players": 2, "target": 1, "duel_limit": 1, "shootout_limit": SHOOTOUTS}
# Deals at the root of the OpenSpiel game: seeds 0 and 1 draw each master once.
SEEDS = 2
LEARNERS = ("cfr+", "mccfr")
# Iterations when --iterations is not given: CFR+ walks the whole tree each time.
DEFAULT_ITERATIONS = {"cfr+": 20, "mccfr": 100_000}
OPPONENTS = ("random", "greedy", "solver")
# The learner's information states: the seat's observation vector (see the docstring).
INFO_STATE = "vector"


def progress(text: str) -> None:
    print(f"\r{text}", end="", file=sys.stderr, flush=True)


def spiel_game(options: dict[str, Any], info_state: str = INFO_STATE) -> Any:
    """The turn-based OpenSpiel game the learner trains on."""
    import pyspiel

    from plunder.rl import openspiel

    game = openspiel.load_game(GAME, info_state=info_state, seeds=SEEDS, **options)
    return pyspiel.convert_to_turn_based(game)


class SeatView:
    """What an OpenSpiel policy asks of a state, answered from a plunder state for one seat."""

    def __init__(self, key: str, legal: list[int], seat: int) -> None:
        self.key, self.legal, self.seat = key, legal, seat

    def current_player(self) -> int:
        return self.seat

    def legal_actions(self, player: int | None = None) -> list[int]:
        return self.legal

    def information_state_string(self, player: int | None = None) -> str:
        return self.key


class LearnedBot:
    """A plunder bot that plays an OpenSpiel policy: ``policy.action_probabilities(state,
    seat)``, as the learner's average policy answers it (uniform where it never learned);
    ``None`` plays uniformly everywhere."""

    name = "mccfr"

    def __init__(self, policy: Any, info_state: str = INFO_STATE) -> None:
        self.policy = policy
        self.info_state = info_state

    def key(self, state: State, seat: int) -> str:
        """The turn-based game's information-state string of ``seat`` deciding now.

        The turn-based game keeps a shootout's first choice apart until both are
        made, so its chooser never sees that the other seat has chosen. In a plunder
        match the other seat may have committed already (the view's ``pending`` and
        ``committed``): the key is that of the step's start, which is all the
        policy was trained on (and all it may use: the choice itself is hidden).
        """
        view = dict(state.view(seat, log=False))
        view["pending"] = sorted({*view["pending"], *view["committed"]})
        view["committed"] = []
        if self.info_state == "vector":
            encoded = state.game.encoder().encode(view)
            text = " ".join(f"{value:g}" for value in encoded.tolist())
        else:
            text = json.dumps(view, sort_keys=True, separators=(",", ":"))  # as view_string
        return f"Current player: {seat}\n" + text

    def mix(self, state: State, seat: int) -> list[tuple[Action, float]]:
        space = state.game.action_space()
        legal = sorted(state.legal(seat), key=space.index)
        if self.policy is None:
            return [(action, 1.0 / len(legal)) for action in legal]
        view = SeatView(self.key(state, seat), [space.index(a) for a in legal], seat)
        chances = self.policy.action_probabilities(view, seat)
        return [(action, float(chances[space.index(action)])) for action in legal]

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        actions, weights = zip(*self.mix(state, seat), strict=True)
        return rng.choices(actions, weights=weights)[0]


def win_share(
    bot: LearnedBot, opponent: str, options: dict[str, Any], games: int, seed: int
) -> float:
    """The learner's mean return over ``games`` games against ``opponent``, seats alternating."""
    game = plunder.load(GAME, **options)
    other = from_spec(opponent, GAME)
    check_game(other, game)
    total = 0.0
    for number in range(games):
        mine = number % 2
        seated = {mine: bot, 1 - mine: other}
        state = game.new(seed=seed + number)
        rng = bot_rng(seed + number)
        while not state.is_over:
            seat = min(state.pending)
            state.act(seat, seated[seat].choose(state, seat, rng))
        assert state.result is not None
        total += state.result.returns()[mine]
    return total / games


def best_response(bot: LearnedBot, options: dict[str, Any], seat: int) -> float:
    """The exact value of the best response at ``seat`` to the learner at the other seat.

    Every node is a shootout in which both seats choose; the two views fix the
    state, so they key the memo. The master is drawn at the deal and does
    nothing else (R27): the root is the mean over both masters.
    """
    game = plunder.load(GAME, **options)
    other = 1 - seat
    memo: dict[Any, float] = {}

    def value(state: State) -> float:
        if state.is_over:
            assert state.result is not None
            return state.result.returns()[seat]
        key = (state.info_key(0), state.info_key(1))
        found = memo.get(key)
        if found is not None:
            return found
        theirs = [(action, p) for action, p in bot.mix(state, other) if p > 0.0]
        best = -1.0
        for mine in state.legal(seat):
            total = 0.0
            for action, p in theirs:
                child = state.clone()
                child.act(seat, mine)
                child.act(other, action)
                total += p * value(child)
            best = max(best, total)
        memo[key] = best
        return best

    roots: dict[int, State] = {}
    deal = 0
    while len(roots) < game.players:
        state = game.new(seed=deal)
        roots.setdefault(state.view(None, log=False)["master"], state)
        deal += 1
    return sum(value(state) for state in roots.values()) / len(roots)


def game_value(options: dict[str, Any]) -> float:
    """The first seat's value of the game, from the exact solver."""
    from plunder.games.duel import solver

    return solver.game_solution(plunder.load(GAME, **options).options).first_seat_value


def checkpoint(
    bot: LearnedBot,
    iterations: int,
    options: dict[str, Any],
    games: int,
    seed: int,
    value: float | None,
) -> dict[str, Any]:
    """Win shares against every opponent, and the exploitability unless ``value`` is None."""
    row: dict[str, Any] = {"iterations": iterations}
    for opponent in OPPONENTS:
        progress(f"iteration {iterations}: {games} games against {opponent}      ")
        row[f"win_share_vs_{opponent}"] = win_share(bot, opponent, options, games, seed)
    row["exploitability"] = None
    if value is not None:
        progress(f"iteration {iterations}: exact best responses          ")
        responses = [best_response(bot, options, seat) for seat in (0, 1)]
        row["best_response"] = responses
        # What a best response gains over the game's value, the mean over both seats
        # (the second seat's value is 1 - value: the returns add up to 1).
        row["exploitability"] = ((responses[0] - value) + (responses[1] - (1.0 - value))) / 2
    progress("")
    return row


def schedule(iterations: int, checkpoints: int) -> list[int]:
    """Iteration counts at which to measure: 0, then ``checkpoints`` evenly spread to the end."""
    marks = {round(iterations * (k + 1) / checkpoints) for k in range(checkpoints)}
    return [0, *sorted(m for m in marks if m > 0)]


class Learner:
    """One of OpenSpiel's learners on the turn-based game: ``step()`` runs one iteration."""

    def __init__(self, name: str, spiel: Any, seed: int) -> None:
        self.name = name
        if name == "cfr+":
            from open_spiel.python.algorithms import cfr

            self._solver: Any = cfr.CFRPlusSolver(spiel)
            self.step = self._solver.evaluate_and_update_policy
        else:
            from open_spiel.python.algorithms import outcome_sampling_mccfr

            np.random.seed(seed)  # OpenSpiel's Python MCCFR samples with NumPy's global generator
            self._solver = outcome_sampling_mccfr.OutcomeSamplingSolver(spiel)
            self.step = self._solver.iteration

    def average_policy(self) -> Any:
        return self._solver.average_policy()


def check_deals(options: dict[str, Any]) -> None:
    """The root's seeds must deal every master, or the learner never meets some tables."""
    game = plunder.load(GAME, **options)
    masters = {game.new(seed=seed).view(None, log=False)["master"] for seed in range(SEEDS)}
    if masters != set(range(game.players)):
        raise SystemExit(f"seeds 0..{SEEDS - 1} deal masters {sorted(masters)} only")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learner", choices=LEARNERS, default="cfr+", help="the OpenSpiel learner")
    parser.add_argument(
        "--iterations",
        type=int,
        default=None,
        help="learner iterations (default: "
        + ", ".join(f"{n} for {name}" for name, n in DEFAULT_ITERATIONS.items())
        + ")",
    )
    parser.add_argument(
        "--shootouts",
        type=int,
        default=SHOOTOUTS,
        help="Duel's shootout_limit: shootouts before a duel without a hit is a draw",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--checkpoints", type=int, default=4, help="measurements after the start")
    parser.add_argument("--games", type=int, default=200, help="games per opponent and checkpoint")
    parser.add_argument(
        "--exploitability",
        choices=("ends", "every", "never"),
        default="every",
        help="when to compute the exact exploitability: at every checkpoint, at the first "
        "and last, or never",
    )
    parser.add_argument(
        "--info-state",
        choices=("vector", "view"),
        default=INFO_STATE,
        help="the OpenSpiel game's info_state: the observation vector or the whole view",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.iterations is None:
        args.iterations = DEFAULT_ITERATIONS[args.learner]
    if args.iterations < 0 or args.checkpoints < 1 or args.games < 1:
        parser.error("--iterations must be >= 0, --checkpoints and --games >= 1")
    if not 1 <= args.shootouts <= 6:
        parser.error("--shootouts must be from 1 to 6 (the tree is walked whole)")

    options = {**OPTIONS, "shootout_limit": args.shootouts}
    check_deals(options)
    learner = Learner(args.learner, spiel_game(options, args.info_state), args.seed)
    value = game_value(options)
    rows = []
    done = 0
    training = 0.0  # seconds spent in iterations, apart from the measurements
    marks = schedule(args.iterations, args.checkpoints)
    for mark in marks:
        started = time.perf_counter()
        while done < mark:
            learner.step()
            done += 1
            if args.learner == "cfr+" or done % 1000 == 0:
                rate = done / (training + time.perf_counter() - started)
                progress(f"iteration {done}/{args.iterations} ({rate:.2f}/s)")
        training += time.perf_counter() - started
        exact = args.exploitability == "every" or (
            args.exploitability == "ends" and mark in (marks[0], marks[-1])
        )
        bot = LearnedBot(learner.average_policy() if done else None, args.info_state)
        row = checkpoint(bot, done, options, args.games, args.seed, value if exact else None)
        row["training_seconds"] = round(training, 1)
        rows.append(row)
        if not args.json:
            shown = row["exploitability"]
            print(
                f"{row['iterations']:>7} iterations: "
                + ", ".join(f"vs {o} {row[f'win_share_vs_{o}']:.3f}" for o in OPPONENTS)
                + ("" if shown is None else f"; exploitability {shown:.4f}")
                + f" ({row['training_seconds']} s of training)",
                flush=True,
            )
    progress("\n")
    if args.json:
        figures = {
            "game": GAME,
            "options": options,
            "learner": f"{args.learner}, turn-based, info_state={args.info_state}",
            "value": value,
            "seed": args.seed,
            "games": args.games,
            "checkpoints": rows,
        }
        print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
