"""Engine figures of one or more source trees of plunder, measured side by side.

For each tree given with ``--tree`` (oldest first), a worker runs in a subprocess
of that tree's interpreter (``<tree>/.venv/bin/python`` when it exists, else this
one) with ``PYTHONPATH=<tree>/src``, so each tree is measured with its own code.
The worker uses only what every version of the engine and of the server offers,
so the same figures come from an old tree and a new one:

* decisions per second of uniformly random playouts of Duel with 3 players and
  of Pirate Rumble with 4 players (whole games from fixed seeds);
* the cost in microseconds of ``view(seat)`` (with the event log) and of
  ``view(seat, log=False)`` at move 100 and at move 2,000 of a long Duel
  (4 players, first to $20), for every seat of a few fixed games;
* the size in bytes of the browser table's ``state`` message at move 10 and at
  move 1,000 of that long Duel, for a tab that has received every message up to
  the move before: the message is made by the tree's own server code (a
  ``LiveTable`` in a ``Hub``) and measured as the server sends it (compact JSON);
* IS-MCTS iterations per second: ``ISMCTSBot(iterations=N)`` choosing once for a
  fixed Duel position and once for a fixed Rumble position;
* the conformance kit's time on Duel with 3 players (``check_game``).

Measurements run in rounds, every tree once per round, so that a noisy machine
penalises all trees alike; each figure is the median over the rounds (and the
per-call costs are medians over positions within a round). The table shows one
column per tree and the ratio of the last tree's figure to the first's.

Run it from the project root::

    python scripts/bench_engine.py --tree ../old-checkout --tree .
    python scripts/bench_engine.py --quick --json        # tiny counts, figures as JSON
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve()
REPO = SCRIPT.parents[1]

DUEL = {"players": 3}
# Long enough that every game of the first few seeds passes move 2,000.
LONG_DUEL = {"players": 4, "target": 20}
RUMBLE = {"players": 4}
MID_MOVE, LATE_MOVE = 100, 2_000
EARLY_MESSAGE, LATE_MESSAGE = 10, 1_000
# IS-MCTS decides at the first real choice (more than one legal action) from here.
SEARCH_FROM_MOVE = 10
SEED = 1


@dataclass(frozen=True, slots=True)
class Figure:
    """One measured figure: its key in the JSON, its label and unit in the table."""

    key: str
    label: str
    unit: str
    higher_is_better: bool


FIGURES = (
    Figure("duel_playouts", "Duel 3p random playouts", "decisions/s", True),
    Figure("rumble_playouts", "Rumble 4p random playouts", "decisions/s", True),
    Figure("view_mid", f"view(seat), move {MID_MOVE} of a long Duel", "µs", False),
    Figure("view_mid_no_log", f"view(seat, log=False), move {MID_MOVE}", "µs", False),
    Figure("view_late", f"view(seat), move {LATE_MOVE:,} of a long Duel", "µs", False),
    Figure("view_late_no_log", f"view(seat, log=False), move {LATE_MOVE:,}", "µs", False),
    Figure("message_early", f"browser state message, move {EARLY_MESSAGE}", "bytes", False),
    Figure("message_late", f"browser state message, move {LATE_MESSAGE:,}", "bytes", False),
    Figure("ismcts_duel", "IS-MCTS on a Duel 3p position", "iterations/s", True),
    Figure("ismcts_rumble", "IS-MCTS on a Rumble 4p position", "iterations/s", True),
    Figure("kit_duel", "conformance kit, Duel 3p", "s", False),
)


@dataclass(frozen=True, slots=True)
class Settings:
    """How much of everything one round measures."""

    rounds: int
    duel_games: int
    rumble_games: int
    view_games: int
    view_seconds: float  # least time spent timing one view call on one position
    ismcts_iterations: int
    kit_playouts: int
    kit_deep: int


FULL = Settings(
    rounds=3,
    duel_games=500,
    rumble_games=1_000,
    view_games=5,
    view_seconds=0.05,
    ismcts_iterations=3_000,
    kit_playouts=100,
    kit_deep=3,
)
QUICK = Settings(
    rounds=1,
    duel_games=2,
    rumble_games=2,
    view_games=1,
    view_seconds=0.001,
    ismcts_iterations=10,
    kit_playouts=1,
    kit_deep=0,
)


# ------------------------------------------------------------------ worker
# Everything below up to the parent's part runs inside the measured tree's
# interpreter: it imports that tree's plunder, and only inside functions, since the
# parent process may not be able to import it at all.


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def play(state: Any, rng: Any, until: int | None = None) -> int:
    """Random decisions until the game ends (or ``state`` has ``until`` moves); return them."""
    decisions = 0
    while not state.is_over:
        # ``pending`` is a snapshot: the step resolves on its last commit.
        for seat in state.pending:
            if until is not None and len(state.moves) >= until:
                return decisions
            state.act(seat, rng.choice(state.legal(seat)))
            decisions += 1
    return decisions


def played_to(game: Any, seed: int, moves: int) -> Any | None:
    """``game`` from ``seed`` after ``moves`` random moves, or None if it ends before."""
    import random

    state = game.new(seed=seed)
    play(state, random.Random(seed), until=moves)
    return state if len(state.moves) == moves and not state.is_over else None


def long_seeds(game: Any, count: int, moves: int) -> list[int]:
    """The first ``count`` seeds from ``SEED`` whose random games pass ``moves`` moves."""
    found: list[int] = []
    seed = SEED
    while len(found) < count:
        if played_to(game, seed, moves) is not None:
            found.append(seed)
        seed += 1
        if seed > SEED + 100 * count:
            raise RuntimeError(f"too few {game.name} games reach move {moves}")
    return found


def fingerprint(state: Any) -> str:
    """A short digest of the moves: equal in two trees when they reached the same position."""
    import hashlib

    text = json.dumps([list(move) for move in state.moves])
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def playout_rate(name: str, options: dict[str, Any], games: int) -> float:
    """Decisions per second of random playouts from seeds ``SEED`` on."""
    import random

    import plunder

    game = plunder.load(name, **options)
    clock = time.perf_counter
    decisions = 0
    elapsed = 0.0
    for seed in range(SEED, SEED + games):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        start = clock()
        decisions += play(state, rng)
        elapsed += clock() - start
    return decisions / elapsed


def per_call_us(call: Callable[[], object], seconds: float) -> float:
    """The mean cost of ``call()`` in µs, over batches that take at least ``seconds`` in all."""
    clock = time.perf_counter
    call()  # the first call may fill caches the others share
    calls = 0
    batch = 1
    start = clock()
    while True:
        for _ in range(batch):
            call()
        calls += batch
        elapsed = clock() - start
        if elapsed >= seconds:
            return elapsed / calls * 1e6
        batch *= 2


def view_costs(settings: Settings) -> tuple[dict[str, float], dict[str, Any]]:
    """Median per-call cost of the views, over every seat of a few long-Duel positions."""
    import plunder

    game = plunder.load("duel", **LONG_DUEL)
    seeds = long_seeds(game, settings.view_games, LATE_MOVE)
    figures: dict[str, float] = {}
    positions: dict[str, list[str]] = {}
    for move, name in ((MID_MOVE, "view_mid"), (LATE_MOVE, "view_late")):
        with_log: list[float] = []
        without_log: list[float] = []
        positions[name] = []
        for seed in seeds:
            state = played_to(game, seed, move)
            assert state is not None
            positions[name].append(fingerprint(state))
            for seat in range(state.players):
                with_log.append(
                    per_call_us(lambda s=state, t=seat: s.view(t), settings.view_seconds)
                )
                without_log.append(
                    per_call_us(lambda s=state, t=seat: s.view(t, log=False), settings.view_seconds)
                )
        figures[name] = statistics.median(with_log)
        figures[f"{name}_no_log"] = statistics.median(without_log)
    return figures, {"seeds": seeds, "positions": positions}


class _QuietStore:
    """A store that keeps nothing: the server's code path without a database."""

    def __getattr__(self, name: str) -> Callable[..., Any]:
        def ignore(*args: Any, **kwargs: Any) -> Any:
            # What it reads back is empty (a table's chat); what it writes is dropped.
            return [] if name.startswith("load") else None

        return ignore


def _live_table(game: Any, state: Any, seed: int) -> Any:
    from plunder.server import live
    from plunder.server.store import SeatRow, TableRow

    seats = [
        SeatRow(seat, "human", name=f"Player {seat}", token_hash=f"{seat:064x}")
        for seat in range(state.players)
    ]
    row = TableRow(
        id="bench",
        game=game.name,
        options=dict(game.options),
        seed=seed,
        host_seat=0,
        clock=None,
        bot_delay=0.0,
        created=0.0,
        status="running",
        seats=seats,
        moves=[(seat, str(notation)) for seat, notation in state.moves],
    )
    return live.LiveTable(row, game, state)


async def _served_message(game: Any, state: Any, seed: int, seat: int) -> dict[str, Any]:
    """The message the tree's server sends ``seat``'s tab after the next move.

    The tab attaches before that move (and receives what the server sends on
    attaching), then the move is played through the hub as a player's move is.
    """
    import asyncio
    import inspect
    import random

    from plunder.server import live

    try:
        from plunder.server.connection import Connection
    except ImportError:  # older trees kept it in the hub's module
        Connection = live.Connection  # type: ignore[attr-defined,misc]

    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any] | str) -> None:
        # Older servers hand over the message, newer ones its JSON text.
        sent.append(json.loads(message) if isinstance(message, str) else message)

    table = _live_table(game, state, seed)
    hub = live.Hub(_QuietStore(), bot_delay=0.0)
    # Newer servers attach a connection through the hub's publisher.
    attach = hub.publisher.attach if hasattr(hub, "publisher") else hub.attach
    await attach(table, Connection(send=send, seat=seat))
    for _ in range(5):  # let the broadcast that attaching schedules run
        await asyncio.sleep(0)
    mover = min(s for s in state.pending if s not in state.committed)
    action = random.Random(seed + len(state.moves)).choice(state.legal(mover))
    count = len(sent)
    if "step" in inspect.signature(hub.act).parameters:
        # Newer servers take the step the move answers.
        await hub.act(table, mover, action.notation, state.step)
    else:
        await hub.act(table, mover, action.notation)
    for _ in range(5):
        await asyncio.sleep(0)
    if len(sent) <= count:
        raise RuntimeError("the hub sent nothing after a move")
    return sent[-1]


def message_sizes() -> tuple[dict[str, float], dict[str, Any]]:
    """Bytes of seat 0's state message after move 10 and move 1,000 of a long Duel."""
    import asyncio

    import plunder

    game = plunder.load("duel", **LONG_DUEL)
    seed = long_seeds(game, 1, LATE_MESSAGE)[0]
    figures: dict[str, float] = {}
    details: dict[str, Any] = {"seed": seed}
    for move, name in ((EARLY_MESSAGE, "message_early"), (LATE_MESSAGE, "message_late")):
        state = played_to(game, seed, move - 1)
        assert state is not None
        details[f"{name}_position"] = fingerprint(state)
        message = asyncio.run(_served_message(game, state, seed, seat=0))
        # As the server sends it: compact JSON, ASCII, so characters are bytes.
        figures[name] = len(json.dumps(message, separators=(",", ":")))
        details[f"{name}_keys"] = sorted(message)
    return figures, details


def search_position(name: str, options: dict[str, Any]) -> tuple[Any, int, int]:
    """A fixed position of ``name`` where a seat has a real choice: (state, seat, seed)."""
    import random

    import plunder

    game = plunder.load(name, **options)
    for seed in range(SEED, SEED + 100):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        play(state, rng, until=SEARCH_FROM_MOVE)
        while not state.is_over:
            open_seats = sorted(s for s in state.pending if s not in state.committed)
            choosers = [s for s in open_seats if len(state.legal(s)) > 1]
            if choosers:
                return state, choosers[0], seed
            state.act(open_seats[0], rng.choice(state.legal(open_seats[0])))
    raise RuntimeError(f"no {name} position with a choice")


def search_rate(name: str, options: dict[str, Any], iterations: int) -> tuple[float, str]:
    """IS-MCTS iterations per second on a fixed position, and that position's digest."""
    import random

    from plunder.bots.ismcts import ISMCTSBot

    state, seat, seed = search_position(name, options)
    bot = ISMCTSBot(iterations=iterations)
    start = time.perf_counter()
    bot.choose(state, seat, random.Random(seed))
    return iterations / (time.perf_counter() - start), fingerprint(state)


def kit_seconds(settings: Settings) -> float:
    import plunder
    from plunder.engine.conformance import check_game

    game = plunder.load("duel", **DUEL)
    start = time.perf_counter()
    check_game(game, playouts=settings.kit_playouts, deep=settings.kit_deep)
    return time.perf_counter() - start


def worker(settings: Settings, label: str) -> dict[str, Any]:
    """Every figure once, in this interpreter, with the plunder it imports."""
    import platform

    import plunder

    figures: dict[str, float] = {}
    details: dict[str, Any] = {
        "plunder": str(Path(plunder.__file__).resolve().parent),
        "python": platform.python_version(),
    }
    progress(f"[{label}] random playouts")
    figures["duel_playouts"] = playout_rate("duel", DUEL, settings.duel_games)
    figures["rumble_playouts"] = playout_rate("rumble", RUMBLE, settings.rumble_games)
    progress(f"[{label}] views")
    views, details["views"] = view_costs(settings)
    figures.update(views)
    progress(f"[{label}] browser state messages")
    sizes, details["messages"] = message_sizes()
    figures.update(sizes)
    progress(f"[{label}] IS-MCTS")
    figures["ismcts_duel"], details["ismcts_duel_position"] = search_rate(
        "duel", DUEL, settings.ismcts_iterations
    )
    figures["ismcts_rumble"], details["ismcts_rumble_position"] = search_rate(
        "rumble", RUMBLE, settings.ismcts_iterations
    )
    progress(f"[{label}] conformance kit")
    figures["kit_duel"] = kit_seconds(settings)
    return {"figures": figures, "details": details}


# ------------------------------------------------------------------ parent
def interpreter(tree: Path) -> str:
    """The tree's own virtual environment's Python, or this one."""
    own = tree / ".venv" / "bin" / "python"
    return str(own) if own.exists() else sys.executable


def run_worker(tree: Path, settings: Settings, label: str) -> dict[str, Any]:
    """One round of every figure in a subprocess that imports ``tree``'s plunder."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(tree / "src")
    # A tree being compared may be a checkout to keep as it is: no bytecode files.
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    done = subprocess.run(
        [interpreter(tree), str(SCRIPT), "--worker", json.dumps(asdict(settings)), label],
        cwd=tree,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"the worker for {tree} failed (exit status {done.returncode})")
    found = json.loads(done.stdout)
    where = Path(found["details"]["plunder"])
    if not where.is_relative_to(tree / "src"):
        raise SystemExit(f"the worker for {tree} imported plunder from {where}")
    return found


def labels(trees: Sequence[Path]) -> list[str]:
    """Short column names: the trees' folder names, or their paths where those clash."""
    names = [tree.name or str(tree) for tree in trees]
    if len(set(names)) < len(names):
        names = [str(tree) for tree in trees]
    return names


def run(trees: Sequence[Path], settings: Settings) -> dict[str, Any]:
    """Every round of every tree; each figure is the median over the rounds."""
    names = labels(trees)
    rounds: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
    for index in range(settings.rounds):
        for tree, name in zip(trees, names, strict=True):
            progress(f"round {index + 1}/{settings.rounds}: {tree}")
            rounds[name].append(run_worker(tree, settings, name))
    result: dict[str, Any] = {"settings": asdict(settings), "trees": {}}
    for tree, name in zip(trees, names, strict=True):
        measured = rounds[name]
        result["trees"][name] = {
            "path": str(tree),
            "figures": {
                f.key: statistics.median(r["figures"][f.key] for r in measured) for f in FIGURES
            },
            "rounds": [r["figures"] for r in measured],
            "details": measured[0]["details"],
        }
    result["same_positions"] = same_positions(result)
    if len(names) > 1:
        first, last = (result["trees"][n]["figures"] for n in (names[0], names[-1]))
        result["ratio"] = {f.key: last[f.key] / first[f.key] for f in FIGURES}
    return result


def positions(entry: dict[str, Any]) -> dict[str, Any]:
    """The seeds and digests of every position a tree's figures were measured on."""
    details = entry["details"]
    messages = details["messages"]
    return {
        "views": details["views"],
        "messages": {k: v for k, v in messages.items() if not k.endswith("_keys")},
        "ismcts": [details["ismcts_duel_position"], details["ismcts_rumble_position"]],
    }


def same_positions(result: dict[str, Any]) -> bool:
    """Whether every tree measured the views, messages and searches on the same positions."""
    seen = {json.dumps(positions(entry), sort_keys=True) for entry in result["trees"].values()}
    return len(seen) <= 1


def number(value: float) -> str:
    """A figure for the table: thousands separated, decimals only where they matter."""
    if value >= 100:
        return f"{value:,.0f}"
    if value >= 1:
        return f"{value:,.2f}"
    return f"{value:.3g}"


def report(result: dict[str, Any]) -> None:
    """Print the figures as one table: a column per tree, then last / first."""
    from rich.console import Console
    from rich.table import Table

    # Wide enough for a row per figure even when the output is piped.
    console = Console(width=max(Console().width, 140))
    names = list(result["trees"])
    table = Table(title="Engine figures (median of rounds)")
    table.add_column("figure")
    table.add_column("unit")
    for name in names:
        table.add_column(name, justify="right")
    if "ratio" in result:
        table.add_column(f"{names[-1]} / {names[0]}", justify="right")
    for figure in FIGURES:
        cells = [number(result["trees"][n]["figures"][figure.key]) for n in names]
        if "ratio" in result:
            cells.append(f"{result['ratio'][figure.key]:.2f}")
        better = "higher" if figure.higher_is_better else "lower"
        table.add_row(figure.label, f"{figure.unit} ({better} is better)", *cells)
    console.print(table)
    settings = result["settings"]
    console.print(
        f"{settings['rounds']} round(s); playouts: {settings['duel_games']} Duel and "
        f"{settings['rumble_games']} Rumble games; long Duel: {LONG_DUEL}; IS-MCTS: "
        f"{settings['ismcts_iterations']} iterations; kit: {settings['kit_playouts']} playouts"
    )
    for name in names:
        details = result["trees"][name]["details"]
        console.print(f"{name}: {result['trees'][name]['path']} (Python {details['python']})")
    if not result["same_positions"]:
        console.print("[bold]warning:[/bold] the trees did not reach the same positions")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tree",
        action="append",
        type=Path,
        metavar="PATH",
        help="a source tree to measure (repeat it, oldest first; default: this project)",
    )
    parser.add_argument("--quick", action="store_true", help="tiny counts, to try the script")
    parser.add_argument("--rounds", type=int, help="rounds per tree (default 3, quick 1)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.rounds is not None and args.rounds < 1:
        parser.error("--rounds must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; return the process exit status."""
    args = parse_args(argv)
    if args.worker:
        settings_json, label = args.worker
        print(json.dumps(worker(Settings(**json.loads(settings_json)), label)))
        return 0
    settings = QUICK if args.quick else FULL
    if args.rounds is not None:
        settings = Settings(**(asdict(settings) | {"rounds": args.rounds}))
    trees = [tree.resolve() for tree in (args.tree or [REPO])]
    for tree in trees:
        if not (tree / "src" / "plunder").is_dir():
            raise SystemExit(f"{tree} is not a plunder source tree (no src/plunder)")
    result = run(trees, settings)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        report(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
