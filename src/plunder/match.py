"""Bot-against-bot matches: many seeded games with seat rotation, and their statistics.

Game ``i`` of a match is seeded ``seed + i`` and seats the bots rotated by ``i``
(seat ``s`` gets entry ``(s + i) % len(bots)`` of the bot list, which is cycled
to fill the seats), so every entry takes every seat in turn and first-player
advantage washes out. Each game is played by ``play_one``, a pure function of
names and numbers (bot specs, options, the seed), so the games can be spread over
worker processes (``jobs``) and the report is the same as with one process: the
outcomes are put back in schedule order before they are summed up. Only the
timings differ, and the choices of bots that stop searching on the clock.
"""

from __future__ import annotations

import functools
import math
import multiprocessing
import os
import random
import signal
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from queue import Empty
from typing import Any

import plunder
from plunder import bots as bot_registry

# Two-sided 95% normal quantile.
Z95 = 1.959963984540054


def bot_rng(seed: int) -> random.Random:
    """The generator the bots of the game seeded ``seed`` draw from.

    It is kept apart from the game's own chance (which ``Random(seed)`` drives
    inside the state) so bot choices do not echo the deal, and is derived from a
    string so it is the same on every machine and Python run.
    """
    return random.Random(f"plunder-bots:{seed}")


@dataclass(frozen=True)
class GameOutcome:
    """One finished game of a match, as plain data."""

    seed: int
    bots: tuple[str, ...]  # bot name per seat
    winners: tuple[int, ...]
    length: int  # decisions made: len(state.moves)
    decisions: tuple[int, ...]  # per seat
    seconds: tuple[float, ...]  # time spent choosing, per seat
    reason: str = ""


# Seconds between two reports of a game's progress (``on_decision``).
PROGRESS_EVERY = 0.5

# The queue a worker process reports its games' progress on (set when it starts).
_progress_queue: Any = None


def play_one(
    game_name: str,
    options: Mapping[str, Any],
    bot_names: Sequence[str],
    seed: int,
    on_decision: Callable[[int], None] | None = None,
    every: float = PROGRESS_EVERY,
) -> GameOutcome:
    """Play one game between bots (``bot_names[s]`` sits at seat ``s``) to the end.

    ``on_decision(decisions)`` hears how many decisions the game has made, at most
    every ``every`` seconds, so a long game shows it is moving."""
    game = plunder.load(game_name, **options)
    seated = [bot_registry.from_spec(name, game_name) for name in bot_names]
    if len(seated) != game.players:
        raise ValueError(f"{len(seated)} bots for {game.players} seats")
    state = game.new(seed=seed)
    rng = bot_rng(seed)
    decisions = [0] * game.players
    seconds = [0.0] * game.players
    told = time.perf_counter()
    while not state.is_over:
        # One decision at a time, in the order the game draws for answers that reach
        # it together: after each act the step may resolve and the pending seats change.
        seat = next(state.arrivals())
        started = time.perf_counter()
        action = seated[seat].choose(state, seat, rng)
        seconds[seat] += time.perf_counter() - started
        decisions[seat] += 1
        state.act(seat, action)
        if on_decision is not None and started - told >= every:
            told = started
            on_decision(len(state.moves))
    result = state.result
    assert result is not None
    return GameOutcome(
        seed=seed,
        bots=tuple(bot_names),
        winners=tuple(sorted(result.winners)),
        length=len(state.moves),
        decisions=tuple(decisions),
        seconds=tuple(seconds),
        reason=result.reason,
    )


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (works with fractional successes).

    >>> low, high = wilson_interval(5, 10)
    >>> round(low, 3), round(high, 3)
    (0.237, 0.763)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # The interval always holds p; the clamps only undo rounding (at p = 0 or 1).
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


@dataclass(frozen=True)
class BotStats:
    """How one entry of the bot list did over a match."""

    label: str  # the entry's name in the report ("random#2" when a name repeats)
    bot: str
    games: int  # games it sat in
    seats: int  # seat-games: more than ``games`` when it fills several seats of one game
    wins: float  # a shared win counts 1/len(winners)
    win_share: float
    ci_low: float
    ci_high: float
    mean_length: float  # decisions per game, over its games
    decisions: int
    mean_decision_ms: float

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "bot": self.bot,
            "games": self.games,
            "seats": self.seats,
            "wins": self.wins,
            "win_share": self.win_share,
            "ci95": [self.ci_low, self.ci_high],
            "mean_length": self.mean_length,
            "decisions": self.decisions,
            "mean_decision_ms": self.mean_decision_ms,
        }


@dataclass(frozen=True)
class MatchReport:
    """The statistics of a match (``run_match``)."""

    game: str
    options: dict[str, Any]
    players: int
    games: int
    seed: int
    draws: int  # games no seat won
    mean_length: float
    bots: tuple[BotStats, ...]
    outcomes: tuple[GameOutcome, ...] = field(default=(), repr=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": dict(self.options),
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "draws": self.draws,
            "mean_length": self.mean_length,
            "bots": [bot.to_json() for bot in self.bots],
        }


def entry_labels(bot_names: Sequence[str]) -> list[str]:
    """Names for the entries of a bot list; a repeated name gets ``#1``, ``#2``...

    >>> entry_labels(["greedy", "random", "random"])
    ['greedy', 'random#1', 'random#2']
    """
    totals = {name: bot_names.count(name) for name in bot_names}
    seen: dict[str, int] = {}
    labels = []
    for name in bot_names:
        if totals[name] == 1:
            labels.append(name)
        else:
            seen[name] = seen.get(name, 0) + 1
            labels.append(f"{name}#{seen[name]}")
    return labels


def seat_entries(entries: int, players: int, index: int) -> tuple[int, ...]:
    """The entry of the bot list at each seat in game ``index``.

    >>> seat_entries(2, 3, 0), seat_entries(2, 3, 1)
    ((0, 1, 0), (1, 0, 1))
    """
    return tuple((seat + index) % entries for seat in range(players))


def check_bots(game: plunder.Game, bot_names: Iterable[str]) -> None:
    """Raise ``UnknownBot`` for a spec that names no bot, or a bot that cannot play ``game``.

    A bot may offer ``check_game(game)`` to refuse a table it cannot play (an exact
    solver made for two players, say); it is asked here, before any game starts,
    rather than failing in the middle of a match.
    """
    for name in dict.fromkeys(bot_names):
        bot_registry.check_game(bot_registry.from_spec(name, game.name), game)


def default_jobs(jobs: int) -> int:
    """``jobs`` worker processes, where 0 means one per core."""
    if jobs < 0:
        raise ValueError(f"jobs must be 0 (one per core) or more, not {jobs}")
    return jobs or os.cpu_count() or 1


Schedule = list[tuple[int, int, list[str]]]  # (game index, seed, bot spec per seat)


def run_match(
    game_name: str,
    bot_names: Sequence[str],
    games: int,
    players: int | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    *,
    jobs: int = 1,
    on_game: Callable[[int, GameOutcome], None] | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    progress_every: float = PROGRESS_EVERY,
    played: Mapping[int, GameOutcome] | None = None,
) -> MatchReport:
    """Play ``games`` games between ``bot_names`` and sum them up.

    ``players`` defaults to the game's default; ``options`` are the game's other
    options. Raises the engine's ``UnknownGame``/``OptionError`` and the bots'
    ``UnknownBot`` before any game is played. ``jobs`` worker processes play the
    games (0: one per core; 1: this process); the report does not depend on it.
    Workers are spawned, so a script that asks for several needs the usual
    ``if __name__ == "__main__":`` guard.
    ``on_game(i, outcome)`` is called in this process after each game, in the
    order games finish (for a progress bar); ``on_progress(i, decisions)`` while
    game ``i`` is being played, every ``progress_every`` seconds, with the decisions
    it has made so far (a game can last a long time: bots that never hit each other play
    on to the rules' limits).
    ``played`` holds games of this match already played (by index, from a record:
    ``match_record``); they are not played again and count in the report.
    """
    if not bot_names:
        raise ValueError("a match needs at least one bot")
    if games < 1:
        raise ValueError("a match needs at least one game")
    workers = default_jobs(jobs)
    chosen = dict(options or {})
    if players is not None:
        chosen["players"] = players
    game = plunder.load(game_name, **chosen)  # validates the options once, up front
    check_bots(game, bot_names)
    settled = dict(game.options)
    schedule: Schedule = [
        (
            index,
            seed + index,
            [bot_names[e] for e in seat_entries(len(bot_names), game.players, index)],
        )
        for index in range(games)
        if index not in (played or {})
    ]
    done = played or {}
    found = {index: done[index] for index in range(games) if index in done}
    if workers == 1 or len(schedule) <= 1:
        for index, game_seed, seated in schedule:
            moving = None if on_progress is None else functools.partial(on_progress, index)
            outcome = play_one(game_name, settled, seated, game_seed, moving, progress_every)
            found[index] = outcome
            if on_game is not None:
                on_game(index, outcome)
    else:
        outcomes = _play_in_workers(
            game_name, settled, schedule, workers, on_game, on_progress, progress_every
        )
        for (index, _, _), outcome in zip(schedule, outcomes, strict=True):
            found[index] = outcome
    return summarize(
        game_name, settled, list(bot_names), seed, [found[index] for index in range(games)]
    )


def play_batch(
    game_name: str, options: Mapping[str, Any], batch: Schedule, every: float = PROGRESS_EVERY
) -> list[tuple[int, GameOutcome]]:
    """Play a batch of scheduled games in a worker: (index, outcome) per game; their
    progress goes to the parent through the worker's queue, when it has one."""
    out = []
    for index, s, seated in batch:
        moving = None
        if _progress_queue is not None:
            moving = functools.partial(_tell_progress, _progress_queue, index)
        out.append((index, play_one(game_name, options, seated, s, moving, every)))
    return out


def _tell_progress(queue: Any, index: int, decisions: int) -> None:
    queue.put((index, decisions))


def start_worker(queue: Any) -> None:
    """Set up a worker process: Ctrl-C left to the parent, progress to ``queue`` (or none)."""
    # Ctrl-C at a terminal reaches every process of the group; the parent alone
    # decides what to do, so workers neither print tracebacks nor break the pool.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    global _progress_queue
    _progress_queue = queue


def _play_in_workers(
    game_name: str,
    options: Mapping[str, Any],
    schedule: Schedule,
    workers: int,
    on_game: Callable[[int, GameOutcome], None] | None,
    on_progress: Callable[[int, int], None] | None = None,
    every: float = PROGRESS_EVERY,
) -> list[GameOutcome]:
    # Batches keep process round trips few for fast bots, and small enough that
    # the work stays balanced and the progress bar moves (about 40 per worker).
    size = max(1, min(25, len(schedule) // (workers * 40)))
    batches = [schedule[start : start + size] for start in range(0, len(schedule), size)]
    # "spawn" starts clean interpreters: no locks or threads (the progress bar's)
    # inherited mid-use, and the same behaviour on every platform.
    context = multiprocessing.get_context("spawn")
    # Progress within games comes back on a queue the workers get as they start.
    queue = context.Queue() if on_progress is not None else None
    executor = ProcessPoolExecutor(
        max_workers=min(workers, len(batches)),
        mp_context=context,
        initializer=start_worker,
        initargs=(queue,),
    )
    found: dict[int, GameOutcome] = {}
    try:
        waiting: set[Future[list[tuple[int, GameOutcome]]]] = {
            executor.submit(play_batch, game_name, dict(options), batch, every)
            for batch in batches
        }
        while waiting:
            done, waiting = wait(
                waiting, timeout=None if queue is None else max(every, 0.05),
                return_when=FIRST_COMPLETED,
            )
            _drain(queue, on_progress)
            for future in done:
                for index, outcome in future.result():
                    found[index] = outcome
                    if on_game is not None:
                        on_game(index, outcome)
    except BaseException:
        # Ctrl-C, or a game that raised: drop the queued games and stop the
        # workers now rather than after the games they are playing.
        stop_workers(executor)
        raise
    executor.shutdown(wait=True)
    if queue is not None:
        _drain(queue, on_progress)  # the workers have left: what they told is all here
        queue.close()
    return [found[index] for index, _, _ in schedule]


def _drain(queue: Any, on_progress: Callable[[int, int], None] | None) -> None:
    """Hand on the progress the workers have reported since the last look."""
    if queue is None or on_progress is None:
        return
    while True:
        try:
            index, decisions = queue.get_nowait()
        except Empty:
            return
        on_progress(index, decisions)


def stop_workers(executor: ProcessPoolExecutor) -> None:
    """Stop a pool's workers now, dropping the work they have not started."""
    terminate = getattr(executor, "terminate_workers", None)  # Python 3.14+
    if callable(terminate):
        terminate()
        return
    # Older Pythons have no public way to stop a running worker; shutdown forgets
    # the processes, so take them first.
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=5)


def summarize(
    game_name: str,
    options: Mapping[str, Any],
    bot_names: Sequence[str],
    seed: int,
    outcomes: Iterable[GameOutcome],
) -> MatchReport:
    """Per-entry statistics of played games (in schedule order)."""
    outcomes = tuple(outcomes)
    players = int(options["players"])
    count = len(bot_names)
    games = [0] * count
    seats = [0] * count
    wins = [0.0] * count
    lengths = [0] * count
    decisions = [0] * count
    seconds = [0.0] * count
    draws = 0
    for index, outcome in enumerate(outcomes):
        entries = seat_entries(count, players, index)
        if not outcome.winners:
            draws += 1
        share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
        for entry in set(entries):
            games[entry] += 1
            lengths[entry] += outcome.length
        for seat, entry in enumerate(entries):
            seats[entry] += 1
            decisions[entry] += outcome.decisions[seat]
            seconds[entry] += outcome.seconds[seat]
            if seat in outcome.winners:
                wins[entry] += share
    labels = entry_labels(bot_names)
    stats = []
    for entry in range(count):
        low, high = wilson_interval(wins[entry], games[entry])
        stats.append(
            BotStats(
                label=labels[entry],
                bot=bot_names[entry],
                games=games[entry],
                seats=seats[entry],
                wins=wins[entry],
                win_share=wins[entry] / games[entry] if games[entry] else 0.0,
                ci_low=low,
                ci_high=high,
                mean_length=lengths[entry] / games[entry] if games[entry] else 0.0,
                decisions=decisions[entry],
                mean_decision_ms=1000 * seconds[entry] / decisions[entry]
                if decisions[entry]
                else 0.0,
            )
        )
    total_length = sum(outcome.length for outcome in outcomes)
    return MatchReport(
        game=game_name,
        options=dict(options),
        players=players,
        games=len(outcomes),
        seed=seed,
        draws=draws,
        mean_length=total_length / len(outcomes) if outcomes else 0.0,
        bots=tuple(stats),
        outcomes=outcomes,
    )


__all__ = [
    "BotStats",
    "GameOutcome",
    "MatchReport",
    "bot_rng",
    "check_bots",
    "default_jobs",
    "entry_labels",
    "play_batch",
    "play_one",
    "run_match",
    "seat_entries",
    "start_worker",
    "stop_workers",
    "summarize",
    "wilson_interval",
]
