"""What every check shares: the failure it raises, the report, and what it compares
states by (a fingerprint of everything observable) and names them by."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from plunder.engine.game import Game
from plunder.engine.state import State

# Inputs that are never an action's notation in any game.
GARBAGE: tuple[Any, ...] = ("", " ", "???", "pass>", ">>", "\x00", "x" * 300, 12, 3.5, b"colt")


# How many of the latest moves and events a fingerprint compares (the whole game
# only when asked): enough to tell states apart cheaply, as the views say the rest.
_RECENT = 4
# Deep checks look at every state up to this many moves, then at every tenth
# (``check_game``'s ``dense``).
DENSE = 150


class ConformanceFailure(AssertionError):
    """A game broke the protocol; ``check`` names the broken promise."""

    def __init__(self, check: str, message: str, where: str = "") -> None:
        self.check = check
        super().__init__(f"[{check}] {message}" + (f" ({where})" if where else ""))


@dataclass
class Report:
    """What ``check_game`` did: counts for a test or a person to read."""

    game: str
    options: dict[str, Any]
    playouts: int = 0
    decisions: int = 0
    states_checked_deeply: int = 0
    longest: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)
    distinct_views: int = 0


def fingerprint(state: State, *, whole: bool = False) -> dict[str, Any]:
    """Everything observable about a state: moves, pending seats, legal actions, views, events.

    Two fingerprints compare equal exactly when no caller of the protocol could tell
    the states apart. The views are taken without their log, and only the latest
    moves and events are compared, so a fingerprint costs the same early and late in
    a game; ``whole=True`` adds every move and every seat's whole log.

    >>> import plunder
    >>> s = plunder.load("duel").new(seed=3)
    >>> fingerprint(s) == fingerprint(s.clone())
    True
    """
    seats: list[int | None] = [None, *range(state.players)]
    counts = [state.event_count(seat) for seat in seats]
    out: dict[str, Any] = {
        "game": state.game.name,
        "options": dict(state.game.options),
        "seed": state.seed,
        "move_count": len(state.moves),
        "moves": [list(move) for move in state.moves[-_RECENT:]],
        "step": state.step,
        "pending": sorted(state.pending),
        "committed": sorted(state.committed),
        "status": [state.status(seat) for seat in range(state.players)],
        "legal": [[str(a) for a in state.legal(seat)] for seat in range(state.players)],
        "views": [state.view(seat, log=False) for seat in seats],
        "event_counts": counts,
        "events": [state.events(seat, n - _RECENT) for seat, n in zip(seats, counts, strict=True)],
    }
    if whole:
        out["moves"] = [list(move) for move in state.moves]
        out["events"] = [state.events(seat) for seat in seats]
    return out


def _where(state: State, note: str = "") -> str:
    options = dict(state.game.options)
    text = f"{state.game.name} {options} seed={state.seed} after {len(state.moves)} moves"
    return f"{text}; {note}" if note else text


def _game_where(game: Game) -> str:
    return f"{game.name} {dict(game.options)}"


def _whole_game_sample(moves: int) -> bool:
    """Whether a deep playout runs the checks that read the whole game at this length.

    Every seventh state early on, then at powers of two: their total cost stays
    proportional to the length of the game.
    """
    return (moves < DENSE and moves % 7 == 0) or moves & (moves - 1) == 0
