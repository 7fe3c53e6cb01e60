"""The conformance kit: the protocol's contract, checked on any game.

Every registered game, under each of its modes and options, must pass
``check_game``. The checks, each named in the failures it raises:

* ``termination``: random playouts end, with a result, within a bound;
* ``max_decisions``: no play makes more decisions than ``game.max_decisions()``;
* ``returns``: ``result.returns()`` has one value per seat, inside
  ``game.utility_range()``, adding up to 1;
* ``decisions``: every pending seat has a legal action, seats that owe nothing have
  none, every legal action's notation parses back to it and is accepted, a
  decision's default answer is legal, and the timeout action is the default of a
  timed decision only;
* ``action_space``: the space lists each action once, ``index`` and ``action``
  (and ``index`` by notation) are each other's inverse, every notation in it parses
  back, and every legal action is in it;
* ``mask``: ``legal_mask(seat)`` marks exactly the legal actions, for every seat;
* ``frames``: while the game runs a decision frame is open whose seats (and
  ``view["decision"]``'s) are the pending and committed seats; at the end the frame
  stack is empty and ``view["decision"]`` is ``None``;
* ``status``: ``status(seat)`` is "deciding" exactly for pending seats, and one of
  "waiting", "out", "eliminated" for the others;
* ``determinism``: the same options, seed and moves give the same state;
* ``clone``: a clone and its original never affect each other;
* ``sharing``: no list, dict, set, byte array or object of the game's own is
  shared by a state and its clone (nor the chance generator);
* ``pickle``: the game, and every state, survive ``pickle`` and ``copy.deepcopy``
  and the copies play on alike;
* ``record``: a record survives JSON and replays to the same state;
* ``views``: views are JSON, stable, and leak nothing: a state determinized for a
  seat gives that seat an equal view, its pending seats and legal actions;
* ``observation``: ``observation(seat)`` is a finite float32 vector of
  ``game.observation_shape()`` inside the encoder's bounds, stable, equal to the
  checked encoding of the seat's view (the reference an encoder's fast path is
  held to), equal on a state determinized for that seat, and equal to its row of
  ``observations(seats)``;
* ``info_key``: keys are hashable, and over every state checked, one key never
  stands for two views (``view(seat, log=False)``) nor one view for two keys;
* ``events``: ``events(seat, since)`` is the tail of ``view(seat)["log"]`` from
  ``since``, ``event_count(seat)`` its length, and events fetched a few at a time
  (as a table's client does) add up to the whole log;
* ``rejection``: rejected input raises ``IllegalAction`` and leaves the state unchanged;
* ``teams``: the teams split the seats, every member of a team gets the team's
  return, and ``game.utility()`` fits the teams' sizes (``returns`` then asks
  that the teams' shares add up to 1); in a game whose teammates see all each
  other sees (``team_sees_all``), a state determinized for a seat leaves its
  teammates' views as they were, and teammates see the same events;
* ``windows``: an open any-time window is offered to the same seats in worlds
  where everything hidden is drawn anew (public information decides who is
  asked);
* ``dispatch``: every decision opened has the handlers of its kind
  (``_legal_<kind>`` and ``_on_<kind>``, or is an any-time window).

Each failure raises ``ConformanceFailure`` naming the check, the game, the options,
the seed and the move at fault, so it can be reproduced. The functions that check
one state (``check_state``, ``check_rejections``, ``check_views``...) are public so
that property tests can drive them with generated states.

The kit's cost grows linearly with a game's length: a state is looked at through
``view(seat, log=False)`` and the last few events; the checks that read a whole
game (replays, whole logs, pickling, the sharing walk) run at every seventh state
early on, then at states whose move count is a power of two, and at the end.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import heapq
import itertools
import json
import math
import pickle
import random
import types
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from plunder.engine.errors import IllegalAction, OptionError, PlunderError, RecordError
from plunder.engine.game import Game
from plunder.engine.registry import game_class, load, replay
from plunder.engine.state import DECIDING, ELIMINATED, OUT, WAITING, State

# Inputs that are never an action's notation in any game.
GARBAGE: tuple[Any, ...] = ("", " ", "???", "pass>", ">>", "\x00", "x" * 300, 12, 3.5, b"colt")
# Stands for "an action legal for the first pending seat" in the attempts below.
_LEGAL_ACTION = object()
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


def random_step(
    state: State, rng: random.Random, after_each: Callable[[State], None] | None = None
) -> int:
    """Commit a random legal action for every pending seat; return how many were made.

    ``after_each`` sees the state after every single commit, so a caller can look
    at the middle of a simultaneous step.
    """
    made = 0
    _check_dispatch(state)
    for seat in state.seats_to_act():
        actions = state.legal(seat)
        if not actions:
            raise ConformanceFailure(
                "decisions", f"pending seat {seat} has no legal action", _where(state)
            )
        action = rng.choice(actions)
        try:
            state.act(seat, action)
        except IllegalAction as exc:
            raise ConformanceFailure(
                "decisions",
                f"legal action {action} of seat {seat} was refused: {exc}",
                _where(state),
            ) from None
        made += 1
        if after_each is not None:
            after_each(state)
    return made


def play_by_choices(game: Game, seed: int, choices: Iterable[int]) -> State:
    """A state reached by picking ``legal[i % len(legal)]`` for each pending seat, in seat order.

    Property tests use it to turn generated integers into reachable states.
    """
    state = game.new(seed=seed)
    for choice in choices:
        if state.is_over:
            break
        seat = min(state.pending)
        actions = state.legal(seat)
        state.act(seat, actions[choice % len(actions)])
    return state


# ------------------------------------------------------------------ one state, cheaply
def check_state(state: State, known: dict[Any, int] | None = None) -> None:
    """The cheap per-state checks: pending seats, legal actions and their space and mask,
    notation, frames, statuses, the length bound, the end and its returns.

    ``known`` maps the actions whose notation and index are already checked in this
    game to their index: an action's round trips depend on the game alone, so a
    caller checking many states of one game checks each action's once (the mask is
    still checked at every state). Without it every action is checked every time.
    """
    where = _where(state)
    pending = state.pending
    _check_length(state, where)
    if state.is_over:
        if pending:
            raise ConformanceFailure(
                "termination", f"game over but seats {sorted(pending)} pending", where
            )
        result = state.result
        if result is None:
            raise ConformanceFailure("termination", "game over without a result", where)
        if not set(result.winners) <= set(range(state.players)):
            raise ConformanceFailure(
                "termination", f"winners {set(result.winners)} are not seats", where
            )
        if len(result.scores) != state.players:
            raise ConformanceFailure("termination", "a score per seat is expected", where)
        _check_returns(state, where)
        _check_frames(state, where)
        _check_status(state, where)
        for seat in range(state.players):
            _check_mask(state, seat, [], where)
        return
    if not pending:
        raise ConformanceFailure(
            "decisions", "the game is not over but no seat owes a decision", where
        )
    _check_dispatch(state)
    if not pending <= set(range(state.players)):
        raise ConformanceFailure("decisions", f"pending {sorted(pending)} are not all seats", where)
    for seat in range(state.players):
        actions = state.legal(seat)
        if seat in pending and not actions:
            raise ConformanceFailure("decisions", f"pending seat {seat} has no legal action", where)
        if seat not in pending and actions:
            raise ConformanceFailure(
                "decisions", f"seat {seat} is not pending but has legal actions", where
            )
        fallback = state.default_action(seat)
        if fallback is not None and fallback not in actions:
            raise ConformanceFailure(
                "decisions", f"seat {seat}'s default answer {fallback} is not legal", where
            )
        if state.timeout_action(seat) != (fallback if state.decision.timed else None):
            raise ConformanceFailure(
                "decisions", f"seat {seat}'s timeout action is not its timed default", where
            )
        notations = [str(a) for a in actions]
        if len(set(notations)) != len(notations):
            raise ConformanceFailure(
                "decisions", f"seat {seat} has two legal actions with one notation", where
            )
        for action in actions:
            if known is not None and action in known:
                continue
            try:
                parsed = state.game.parse(str(action))
            except IllegalAction as exc:
                raise ConformanceFailure(
                    "decisions",
                    f"notation {str(action)!r} of a legal action does not parse: {exc}",
                    where,
                ) from None
            if parsed != action:
                raise ConformanceFailure(
                    "decisions",
                    f"notation {str(action)!r} parses to {parsed!r}, not {action!r}",
                    where,
                )
        _check_mask(state, seat, actions, where, known)
    _check_frames(state, where)
    _check_status(state, where)


def _check_dispatch(state: State) -> None:
    """The open decision has handlers for its kind (a game that dispatches by decision)."""
    frame = state.decision
    if frame is None or type(state)._legal_actions is not State._legal_actions:
        return
    if frame.kind not in state.decisions and not frame.window:
        try:
            state._handlers(frame)
        except PlunderError as exc:
            raise ConformanceFailure("dispatch", str(exc), _where(state)) from None


def _check_mask(
    state: State, seat: int, actions: Sequence[Any], where: str,
    known: dict[Any, int] | None = None,
) -> None:
    """Legal actions lie in the action space, and the mask marks exactly them
    (``known``: as ``check_state``'s)."""
    space = state.game.action_space()
    marked = []
    for action in actions:
        if known is not None and action in known:
            marked.append(known[action])
            continue
        if action not in space:
            raise ConformanceFailure(
                "action_space",
                f"seat {seat}'s legal action {str(action)!r} is not in the game's action space",
                where,
            )
        index = space.index(action)
        if space.action(index) != action or space.index(str(action)) != index:
            raise ConformanceFailure(
                "action_space", f"{str(action)!r} does not round-trip through its index", where
            )
        marked.append(index)
        if known is not None:
            known[action] = index
    mask = state.legal_mask(seat)
    if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_ or mask.shape != (len(space),):
        raise ConformanceFailure(
            "mask",
            f"legal_mask({seat}) is not a bool array of the action space's length {len(space)}",
            where,
        )
    if np.flatnonzero(mask).tolist() != sorted(marked):
        shown = [str(space.action(int(i))) for i in np.flatnonzero(mask)]
        raise ConformanceFailure(
            "mask",
            f"legal_mask({seat}) marks {shown}, legal is {[str(a) for a in actions]}",
            where,
        )


def _check_length(state: State, where: str) -> None:
    bound = state.game.max_decisions()
    if len(state.moves) > bound:
        raise ConformanceFailure(
            "max_decisions",
            f"{len(state.moves)} decisions made, more than game.max_decisions() = {bound}",
            where,
        )


def _check_frames(state: State, where: str) -> None:
    frame = state.decision
    if state.is_over:
        if state.frames or frame is not None:
            raise ConformanceFailure(
                "frames", f"the game is over with frames left on the stack: {state.frames}", where
            )
        return
    if frame is None:
        raise ConformanceFailure("frames", "the game runs but no decision frame is open", where)
    owed = state.pending | state.committed
    if frame.seats != owed:
        raise ConformanceFailure(
            "frames",
            f"the open {frame.kind!r} frame asks seats {sorted(frame.seats)}, but the seats "
            f"pending or committed are {sorted(owed)}",
            where,
        )


def _check_status(state: State, where: str) -> None:
    for seat in range(state.players):
        status = state.status(seat)
        deciding = seat in state.pending
        if deciding != (status == DECIDING) or status not in (DECIDING, WAITING, OUT, ELIMINATED):
            raise ConformanceFailure(
                "status",
                f"status({seat}) is {status!r} for a seat "
                + ("that owes a decision" if deciding else "that owes none"),
                where,
            )


def _check_returns(state: State, where: str) -> None:
    result = state.result
    assert result is not None
    returns = result.returns()
    low, high = state.game.utility_range()
    if len(returns) != state.players:
        raise ConformanceFailure(
            "returns", f"{len(returns)} returns for {state.players} seats", where
        )
    if any(not low - 1e-9 <= value <= high + 1e-9 for value in returns):
        raise ConformanceFailure(
            "returns", f"returns {returns} leave the utility range {low}..{high}", where
        )
    teams = state.game.teams()
    for team in teams:
        if len({returns[seat] for seat in team}) != 1:
            raise ConformanceFailure(
                "teams", f"returns {returns} differ within the team {sorted(team)}", where
            )
    shares = [returns[min(team)] for team in teams]
    if not math.isclose(sum(shares), 1.0, abs_tol=1e-9):
        what = "returns" if len(teams) == state.players else "the teams' shares"
        raise ConformanceFailure("returns", f"{what} {shares} do not add up to 1", where)
    if state.game.utility() == "constant-sum":
        size = len(teams[0])
        if not math.isclose(sum(returns), size, abs_tol=1e-9):
            raise ConformanceFailure(
                "teams", f"returns {returns} of a constant-sum game do not add up to {size}", where
            )


def check_teams(game: Game) -> None:
    """The teams: they split the seats, each seat in one; the utility fits their sizes."""
    where = _game_where(game)
    teams = game.teams()
    seats = [seat for team in teams for seat in team]
    if sorted(seats) != list(range(game.players)) or any(not team for team in teams):
        raise ConformanceFailure(
            "teams", f"teams {[sorted(t) for t in teams]} do not split seats "
            f"0..{game.players - 1}, each seat in one team", where,
        )
    for team in teams:
        for seat in team:
            if game.team_of(seat) != team:
                raise ConformanceFailure("teams", f"team_of({seat}) is not {sorted(team)}", where)
    sizes = {len(team) for team in teams}
    expected = "constant-sum" if len(sizes) == 1 else "general-sum"
    if game.utility() != expected:
        raise ConformanceFailure(
            "teams", f"utility() is {game.utility()!r}; teams of sizes {sorted(sizes)} make it "
            f"{expected!r}", where,
        )


# ------------------------------------------------------------------ the game, once
def check_action_space(game: Game) -> None:
    """The action space: each action once, indices and notations round-trip, a fixed order."""
    where = _game_where(game)
    try:
        space = game.action_space()
    except PlunderError as exc:
        raise ConformanceFailure("action_space", f"no usable action space: {exc}", where) from None
    actions = list(space)
    if len(space) != len(actions) or not actions:
        raise ConformanceFailure(
            "action_space", f"len(space) is {len(space)} but it lists {len(actions)}", where
        )
    notations = [str(a) for a in actions]
    if len(set(actions)) != len(actions) or len(set(notations)) != len(notations):
        raise ConformanceFailure("action_space", "the space lists an action twice", where)
    for index, action in enumerate(actions):
        if (
            space.action(index) != action
            or space.index(action) != index
            or space.index(notations[index]) != index
        ):
            raise ConformanceFailure(
                "action_space", f"{notations[index]!r} does not round-trip through {index}", where
            )
        try:
            parsed = game.parse(notations[index])
        except IllegalAction as exc:
            raise ConformanceFailure(
                "action_space", f"{notations[index]!r} in the space does not parse: {exc}", where
            ) from None
        if parsed != action:
            raise ConformanceFailure(
                "action_space", f"{notations[index]!r} parses to another action", where
            )
    for outside in (-1, len(actions)):
        try:
            space.action(outside)
        except IndexError:
            continue
        raise ConformanceFailure("action_space", f"space.action({outside}) gave an action", where)
    again = type(game)(**game.options).action_space()
    if [str(a) for a in again] != notations:
        raise ConformanceFailure(
            "action_space", "two games with the same options list their actions differently", where
        )


def check_game_pickles(game: Game) -> None:
    """The game survives ``pickle`` and ``copy.deepcopy`` with its name, options and actions."""
    where = _game_where(game)
    try:
        copies = {"pickled": pickle.loads(pickle.dumps(game)), "deep-copied": copy.deepcopy(game)}
    except Exception as exc:  # any failure to copy is the finding
        raise ConformanceFailure(
            "pickle", f"the game does not pickle: {type(exc).__name__}: {exc}", where
        ) from None
    notations = [str(a) for a in game.action_space()]
    for how, other in copies.items():
        if (
            other.name != game.name
            or dict(other.options) != dict(game.options)
            or [str(a) for a in other.action_space()] != notations
        ):
            raise ConformanceFailure("pickle", f"the {how} game differs from the original", where)


# ------------------------------------------------------------------ one state, deeply
def check_all_legal_accepted(state: State) -> None:
    """Every legal action of every pending seat is accepted (each tried on a clone)."""
    for seat in sorted(state.pending):
        for action in state.legal(seat):
            trial = state.clone()
            try:
                trial.act(seat, action)
                trial = state.clone()
                trial.act(seat, str(action))
            except IllegalAction as exc:
                raise ConformanceFailure(
                    "decisions",
                    f"legal action {str(action)!r} of seat {seat} was refused: {exc}",
                    _where(state),
                ) from None


def check_rejections(
    state: State, texts: Iterable[Any] = GARBAGE, known: Iterable[str] = ()
) -> None:
    """Bad input raises ``IllegalAction`` and changes nothing, now or later.

    ``texts`` are tried for every seat; ``known`` notations (actions seen legal
    elsewhere, so they parse) are tried by each pending seat for which they are
    not legal now, which reaches the game's own legality checks.
    """
    before = fingerprint(state)
    before_moves, before_pending = list(state.moves), state.pending
    future = state.clone()
    attempts: list[tuple[Any, Any]] = [
        (seat, text) for seat in range(state.players) for text in texts
    ]
    for seat in sorted(state.pending):
        legal_now = {str(a) for a in state.legal(seat)}
        attempts += [(seat, text) for text in sorted(known) if text not in legal_now][:40]
    attempts += [(bad, _LEGAL_ACTION) for bad in (-1, state.players, "0", None, True, 1.0)]
    pending = sorted(state.pending)
    for seat in range(state.players):
        if seat in pending:
            continue
        # An action legal for a pending seat, offered by a seat that owes nothing.
        for other in pending:
            legal = state.legal(other)
            if legal:
                attempts.append((seat, legal[0]))
                break
    for seat, text in attempts:
        if text is _LEGAL_ACTION:
            legal = state.legal(pending[0]) if pending else []
            if not legal:
                continue
            text = legal[0]
        try:
            state.act(seat, text)  # type: ignore[arg-type]
        except IllegalAction as exc:
            if not str(exc):
                raise ConformanceFailure(
                    "rejection", "IllegalAction with an empty message", _where(state)
                ) from None
        except Exception as exc:
            raise ConformanceFailure(
                "rejection",
                f"act({seat!r}, {text!r}) raised {type(exc).__name__}: {exc}, not IllegalAction",
                _where(state),
            ) from None
        else:
            raise ConformanceFailure(
                "rejection", f"act({seat!r}, {text!r}) was accepted", _where(state)
            )
        # The moves and pending seats are cheap to compare after each attempt; the
        # whole fingerprint (every view) is compared once all attempts are made.
        if state.moves != before_moves or state.pending != before_pending:
            raise ConformanceFailure(
                "rejection",
                f"the rejected act({seat!r}, {text!r}) changed the state",
                _where(state),
            )
    if fingerprint(state) != before:
        tried = ", ".join(f"act({seat!r}, {text!r})" for seat, text in attempts[:8])
        raise ConformanceFailure(
            "rejection", f"a rejected input changed the state (tried {tried}, …)", _where(state)
        )
    # A second commit by a seat that has committed: only when the step has another seat.
    if len(pending) > 1:
        seat = pending[0]
        trial = state.clone()
        trial.act(seat, trial.legal(seat)[0])
        snapshot = fingerprint(trial)
        try:
            trial.act(seat, state.legal(seat)[0])
        except IllegalAction:
            pass
        else:
            raise ConformanceFailure(
                "rejection", f"seat {seat} committed twice in one step", _where(state)
            )
        if fingerprint(trial) != snapshot:
            raise ConformanceFailure(
                "rejection", "a rejected second commit changed the state", _where(state)
            )
    # Hidden damage shows later: play the rejected-on state and an untouched clone alike.
    _play_alike(state.clone(), future, seed=len(state.moves))


def _play_alike(a: State, b: State, seed: int, limit: int = 40) -> None:
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    for _ in range(limit):
        if a.is_over or b.is_over:
            break
        if not random_step(a, rng_a) + random_step(b, rng_b):
            break
    if fingerprint(a) != fingerprint(b):
        raise ConformanceFailure(
            "rejection",
            "after a rejected input, play diverged from an untouched copy under the same moves "
            "(the rejection changed hidden state, or the game is not deterministic)",
            _where(a),
        )


class InfoKeys:
    """Pairs of (``info_key``, view text) seen so far, to prove the key and the view agree.

    One key must never stand for two different views (the key forgets something the
    seat knows), nor one view for two keys (the key holds something the seat cannot
    know, or something that does not matter).
    """

    def __init__(self) -> None:
        self._view_of: dict[Any, str] = {}
        self._key_of: dict[str, Any] = {}

    def __len__(self) -> int:
        return len(self._key_of)

    def add(self, key: Any, view_text: str, where: str) -> None:
        try:
            hash(key)
        except TypeError as exc:
            raise ConformanceFailure(
                "info_key", f"an info key is not hashable: {exc}", where
            ) from None
        known_view = self._view_of.setdefault(key, view_text)
        if known_view != view_text:
            raise ConformanceFailure(
                "info_key",
                "one info key stands for two different views: "
                + _difference(known_view, view_text),
                where,
            )
        known_key = self._key_of.setdefault(view_text, key)
        if known_key != key:
            raise ConformanceFailure(
                "info_key",
                "one view has two different info keys (the key depends on something the view "
                f"does not show): {known_key!r} and {key!r}",
                where,
            )


def _difference(a: str, b: str) -> str:
    """The first top-level fields in which two view texts differ, for a failure message."""
    one, two = json.loads(a), json.loads(b)
    fields = sorted(k for k in one.keys() | two.keys() if one.get(k) != two.get(k))
    return "they differ in " + ", ".join(fields[:5])


def check_observation(state: State, seat: int | None, where: str = "") -> np.ndarray:
    """``observation(seat)`` is a finite float32 vector of the game's shape, stable; returned."""
    where = where or _where(state)
    shape = tuple(state.game.observation_shape())
    vector = state.observation(seat)
    if not isinstance(vector, np.ndarray) or vector.dtype != np.float32:
        raise ConformanceFailure(
            "observation", f"observation({seat}) is not a float32 array: {type(vector)}", where
        )
    if vector.shape != shape:
        raise ConformanceFailure(
            "observation",
            f"observation({seat}) has shape {vector.shape}; observation_shape() says {shape}",
            where,
        )
    if not np.isfinite(vector).all():
        raise ConformanceFailure("observation", f"observation({seat}) is not finite", where)
    low, high = state.game.encoder().bounds()
    outside = np.flatnonzero((vector < low) | (vector > high))
    if outside.size:
        at = int(outside[0])
        name = next(r["name"] for r in reversed(state.game.encoder().describe())
                    if r["offset"] <= at)
        raise ConformanceFailure(
            "observation",
            f"observation({seat})[{at}] (field {name!r}) is {vector[at]}, outside its bounds "
            f"{low[at]}..{high[at]}",
            where,
        )
    if not np.array_equal(state.observation(seat), vector):
        raise ConformanceFailure(
            "observation", f"observation({seat}) changes when asked twice", where
        )
    try:
        checked = state.game.encoder().encode(state.view(seat, log=False), check=True)
    except PlunderError as exc:
        raise ConformanceFailure(
            "observation", f"observation({seat}) breaks its layout: {exc}", where
        ) from None
    if not np.array_equal(checked, vector):
        raise ConformanceFailure(
            "observation", f"observation({seat}) differs from its checked encoding", where
        )
    return vector


def check_views(
    state: State,
    rng: random.Random,
    determinizations: int = 3,
    keys: InfoKeys | None = None,
) -> None:
    """Views, observations and info keys are stable and leak nothing.

    Views (without their log) are JSON and stable; a state determinized for a seat
    gives that seat an equal view, observation, pending seats, legal actions and
    latest events. Every (info key, view) pair goes to ``keys`` (a fresh collector
    when ``None``), which fails as soon as keys and views disagree.
    """
    where = _where(state)
    keys = InfoKeys() if keys is None else keys
    owed = sorted(state.pending | state.committed)
    _check_window(state, rng, determinizations, where)
    seats = [None, *range(state.players)]
    together = state.observations(seats)
    for row, seat in enumerate(seats):
        if not np.array_equal(together[row], state.observation(seat)):
            raise ConformanceFailure(
                "observation", f"observations(...)'s row for seat {seat} differs from "
                f"observation({seat})", where
            )
    for seat in seats:
        view = state.view(seat, log=False)
        if "log" in view:
            raise ConformanceFailure("views", f"view({seat}, log=False) holds a log", where)
        try:
            text = json.dumps(view, allow_nan=False, sort_keys=True)
        except (TypeError, ValueError) as exc:
            raise ConformanceFailure("views", f"view({seat}) is not JSON: {exc}", where) from None
        if json.dumps(state.view(seat, log=False), allow_nan=False, sort_keys=True) != text:
            raise ConformanceFailure("views", f"view({seat}) changes when asked twice", where)
        if json.loads(text) != view:
            raise ConformanceFailure(
                "views", f"view({seat}) does not survive JSON unchanged", where
            )
        decision = view.get("decision")
        if state.is_over and decision is not None:
            raise ConformanceFailure("frames", f"view({seat}) shows a decision at the end", where)
        if not state.is_over and (decision is None or decision.get("seats") != owed):
            raise ConformanceFailure(
                "frames",
                f"view({seat})['decision'] is {decision}, but seats {owed} owe this step",
                where,
            )
        observation = check_observation(state, seat, where)
        keys.add(state.info_key(seat), text, where)
        legal = [str(a) for a in state.legal(seat)] if seat is not None else []
        count = state.event_count(seat)
        recent = state.events(seat, count - _RECENT)
        for _ in range(determinizations):
            other = state.determinize(seat, random.Random(rng.getrandbits(64)))
            other_text = json.dumps(other.view(seat, log=False), sort_keys=True)
            if other_text != text:
                raise ConformanceFailure(
                    "views",
                    f"view({seat}) differs on a state determinized for that seat: the view shows "
                    "something the seat cannot know (or determinize changes what it can)",
                    where,
                )
            if other.pending != state.pending:
                raise ConformanceFailure(
                    "views", f"determinize({seat}) changed the pending seats", where
                )
            if seat is not None and [str(a) for a in other.legal(seat)] != legal:
                raise ConformanceFailure(
                    "views", f"determinize({seat}) changed the seat's legal actions", where
                )
            if other.event_count(seat) != count or other.events(seat, count - _RECENT) != recent:
                raise ConformanceFailure(
                    "views", f"determinize({seat}) changed the events the seat saw", where
                )
            if not np.array_equal(other.observation(seat), observation):
                raise ConformanceFailure(
                    "observation",
                    f"observation({seat}) differs on a state determinized for that seat: it "
                    "encodes something the seat cannot know",
                    where,
                )
            keys.add(other.info_key(seat), other_text, where)
            if seat is not None and state.game.team_sees_all:
                _check_team_sees_all(state, other, seat, where)


def _check_team_sees_all(state: State, other: State, seat: int, where: str) -> None:
    """A game whose teammates see all each other sees: what ``seat`` cannot know
    (redrawn in ``other``) is hidden from its teammates too, and they see its events."""
    for mate in sorted(state.allies(seat) - {seat}):
        if other.info_key(mate) != state.info_key(mate):
            raise ConformanceFailure(
                "teams", f"seat {mate} sees what its teammate {seat} cannot, though the "
                "game says teammates see all each other sees (team_sees_all)", where
            )
        count = state.event_count(seat)
        if state.event_count(mate) != count or state.events(mate, count - _RECENT) != (
            state.events(seat, count - _RECENT)
        ):
            raise ConformanceFailure(
                "teams", f"seats {seat} and {mate} see different events, though the game "
                "says teammates see all each other sees (team_sees_all)", where
            )


def _check_window(state: State, rng: random.Random, worlds: int, where: str) -> None:
    """An open window is offered by public information: in worlds where every hidden
    thing is drawn anew, the game offers it to the same seats."""
    frame = state.decision
    if frame is None or not frame.window or state.is_over:
        return
    for _ in range(worlds):
        world = state.determinize(None, random.Random(rng.getrandbits(64)))
        seats = frozenset(world._window_seats(frame.kind, frame.data))
        if seats != frame.seats:
            raise ConformanceFailure(
                "windows",
                f"the {frame.kind!r} window is offered to seats {sorted(frame.seats)}, but to "
                f"{sorted(seats)} where hidden things differ: who is asked must follow from "
                "public information only",
                where,
            )


class EventFeed:
    """Each seat's events as a table's client holds them: fetched with ``events(seat, since)``.

    ``update`` fetches what each seat lacks and checks the counts and the latest
    events (its cost grows with the new events only); ``check_whole`` compares
    what was gathered with ``view(seat)["log"]`` and several tails of it.
    """

    def __init__(self, players: int) -> None:
        self.held: dict[int | None, list[dict[str, Any]]] = {
            seat: [] for seat in [None, *range(players)]
        }

    def update(self, state: State) -> None:
        where = _where(state)
        for seat, held in self.held.items():
            try:
                held.extend(state.events(seat, len(held)))
            except (TypeError, ValueError) as exc:
                raise ConformanceFailure("events", f"an event is not JSON: {exc}", where) from None
            count = state.event_count(seat)
            if len(held) != count:
                raise ConformanceFailure(
                    "events",
                    f"fetching seat {seat}'s new events gave {len(held)} in all; "
                    f"event_count says {count}",
                    where,
                )
            if state.events(seat, count):
                raise ConformanceFailure(
                    "events", f"events({seat}, event_count) is not empty", where
                )
            for back in (1, 3):
                if back <= count and state.events(seat, count - back) != held[-back:]:
                    raise ConformanceFailure(
                        "events",
                        f"events({seat}, {count - back}) is not the last {back} of the seat's "
                        "events (an event changed after it was sent?)",
                        where,
                    )

    def check_whole(self, state: State) -> None:
        self.update(state)
        where = _where(state)
        for seat, held in self.held.items():
            log = state.view(seat)["log"]
            if log != held:
                raise ConformanceFailure(
                    "events",
                    f"seat {seat}'s events fetched a few at a time differ from view['log']",
                    where,
                )
            count = len(log)
            if state.event_count(seat) != count:
                raise ConformanceFailure(
                    "events", f"event_count({seat}) is not the length of its log", where
                )
            for since in sorted({0, 1, count // 3, count // 2, count - 1, count, count + 2}):
                if since >= 0 and state.events(seat, since) != log[since:]:
                    raise ConformanceFailure(
                        "events",
                        f"events({seat}, {since}) is not the log's tail from {since}",
                        where,
                    )
            if log:
                handed = state.events(seat, count - 1)
                handed[0]["conformance"] = "changed by a caller"
                if state.events(seat, count - 1) != log[-1:]:
                    raise ConformanceFailure(
                        "events", "changing an event handed out changed the log", where
                    )


def check_events(state: State) -> None:
    """``events(seat, since)`` agrees with ``view(seat)["log"]`` (reads the whole log)."""
    EventFeed(state.players).check_whole(state)


def check_determinism(state: State, *, whole: bool = True, new: bool = True) -> None:
    """Replaying the record (also through JSON text) gives the same state.

    ``whole=False`` compares the replayed state's views and latest events only, not
    every seat's whole log (for states sampled along a playout). ``new`` also
    compares two new states of the same seed, one loaded and one replayed from an
    empty record (a caller checking many plays of one game asks it once).
    """
    where = _where(state)
    record = state.record
    text = json.dumps(record)
    again = replay(json.loads(text))
    if again.record != record:
        raise ConformanceFailure(
            "record", "the replayed state's record differs from the original", where
        )
    if fingerprint(again, whole=whole) != fingerprint(state, whole=whole):
        raise ConformanceFailure(
            "determinism", "the same options, seed and moves gave a different state", where
        )
    if not new:
        return
    fresh = load(state.game.name, **state.game.options).new(seed=state.seed)
    if fingerprint(fresh) != fingerprint(replay({**record, "moves": []})):
        raise ConformanceFailure("determinism", "two new states from one seed differ", where)


def check_clone(state: State, rng: random.Random) -> None:
    """A clone plays on without touching the original, and the other way round."""
    where = _where(state)
    if state.is_over:
        return
    before = fingerprint(state)
    clone = state.clone()
    if fingerprint(clone) != before:
        raise ConformanceFailure("clone", "a fresh clone differs from its original", where)
    seed = rng.getrandbits(32)
    _play(clone, random.Random(seed))
    if fingerprint(state) != before:
        raise ConformanceFailure("clone", "playing on a clone changed the original", where)
    clone_after = fingerprint(clone)
    second = state.clone()
    _play(state, random.Random(seed))
    if fingerprint(clone) != clone_after:
        raise ConformanceFailure("clone", "playing on the original changed an earlier clone", where)
    if fingerprint(state) != clone_after:
        raise ConformanceFailure(
            "clone", "a clone and its original diverged under the same moves", where
        )
    # Put the original back where it was for the caller.
    state.__dict__.update(second.__dict__)


# Values the sharing walk passes by: they hold no state of a play.
_PLAIN = (int, float, complex, str, bytes, bool, type(None))
_NOT_STATE = (
    type,
    types.ModuleType,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
    functools.partial,
    Game,
)
_MUTABLE = (list, dict, set, bytearray, np.ndarray)


def check_sharing(state: State) -> None:
    """No mutable part of a state is the same object in its clone.

    Walks the state's attributes and everything inside them (lists, dicts, tuples,
    objects with a ``__dict__``), pairing each part with the clone's part at the
    same place: a list, dict, set, byte array, array or object with a ``__dict__``
    (other than the game) found in both is a change waiting to leak from one
    play into the other. Frozen dataclasses may be shared if nothing mutable is
    inside them; slotted values (actions, frames, logged events) are immutable.
    """
    clone = state.clone()
    where = _where(state)
    if clone.rng is state.rng:
        raise ConformanceFailure("sharing", "the clone shares the chance generator", where)
    seen: set[int] = set()
    for name, value in vars(state).items():
        _walk(value, vars(clone).get(name), f"state.{name}", seen, where)


def _walk(a: Any, b: Any, path: str, seen: set[int], where: str) -> None:
    if isinstance(a, (*_PLAIN, *_NOT_STATE)) or id(a) in seen:
        return
    seen.add(id(a))
    frozen = dataclasses.is_dataclass(a) and a.__dataclass_params__.frozen  # type: ignore[union-attr]
    if a is b and (isinstance(a, _MUTABLE) or (hasattr(a, "__dict__") and not frozen)):
        raise ConformanceFailure(
            "sharing",
            f"{path} (a {type(a).__name__}) is one object in the state and its clone",
            where,
        )
    if isinstance(a, dict):
        other = b if isinstance(b, dict) else {}
        for key, value in a.items():
            _walk(value, other.get(key), f"{path}[{key!r}]", seen, where)
    elif isinstance(a, (list, tuple)):
        other = b if isinstance(b, (list, tuple)) else ()
        for index, value in enumerate(a):
            _walk(
                value, other[index] if index < len(other) else None, f"{path}[{index}]", seen, where
            )
    elif frozen:
        for spec in dataclasses.fields(a):
            _walk(
                getattr(a, spec.name),
                getattr(b, spec.name, None),
                f"{path}.{spec.name}",
                seen,
                where,
            )
    elif hasattr(a, "__dict__") and not isinstance(a, random.Random):
        for name, value in vars(a).items():
            _walk(value, getattr(b, name, None), f"{path}.{name}", seen, where)


def check_pickle(state: State, rng: random.Random, *, whole: bool = True) -> None:
    """The state survives ``pickle`` and ``copy.deepcopy``, and the copies play on alike.

    ``whole=False`` compares the copies' views and latest events, not whole logs.
    """
    where = _where(state)
    before = fingerprint(state, whole=whole)
    try:
        copies = {
            "pickled": pickle.loads(pickle.dumps(state)),
            "deep-copied": copy.deepcopy(state),
        }
    except Exception as exc:  # any failure to copy is the finding
        raise ConformanceFailure(
            "pickle", f"the state does not pickle or copy: {type(exc).__name__}: {exc}", where
        ) from None
    for how, other in copies.items():
        if type(other) is not type(state) or fingerprint(other, whole=whole) != before:
            raise ConformanceFailure("pickle", f"the {how} state differs from the original", where)
    if fingerprint(state, whole=whole) != before:
        raise ConformanceFailure("pickle", "pickling or copying changed the state", where)
    if state.is_over:
        return
    # The two copies play on alike (``check_clone`` proves a deep copy, which is a
    # clone, plays on as the original would).
    seed = rng.getrandbits(32)
    for other in copies.values():
        _play(other, random.Random(seed))
    if fingerprint(copies["pickled"]) != fingerprint(copies["deep-copied"]):
        raise ConformanceFailure(
            "pickle",
            "the pickled and the deep-copied state diverged under the same moves (hidden "
            "state, such as the chance generator, was lost)",
            where,
        )


def _play(state: State, rng: random.Random, limit: int = 60) -> int:
    """Play up to ``limit`` random decisions (fewer if the game ends or stalls)."""
    made = 0
    while not state.is_over and made < limit:
        step = random_step(state, rng)
        if not step:
            break
        made += step
    return made


def playout(
    game: Game,
    seed: int,
    rng: random.Random,
    *,
    max_decisions: int = 100_000,
    on_state: Callable[[State], None] | None = None,
) -> State:
    """One random playout; fails if it does not end within ``max_decisions``.

    ``on_state`` sees every state reached, including those in the middle of a
    simultaneous step where some seats have committed and others not.
    """
    state = game.new(seed=seed)
    decisions = 0
    if on_state is not None:
        on_state(state)
    while not state.is_over:
        if decisions >= max_decisions:
            raise ConformanceFailure(
                "termination", f"no end after {max_decisions} decisions", _where(state)
            )
        if not state.pending:
            raise ConformanceFailure(
                "decisions", "the game is not over but no seat owes a decision", _where(state)
            )
        decisions += random_step(state, rng, on_state)
    return state


def check_game(
    game: Game,
    *,
    playouts: int = 100,
    deep: int = 3,
    seed: int = 0,
    max_decisions: int = 100_000,
    decisions: int | None = None,
    dense: int = DENSE,
) -> Report:
    """Run the whole kit on one game with fixed options.

    The game's action space and pickling are checked once. ``playouts`` random
    playouts get the cheap checks at every state and the replay, record, rejection
    and events checks at the end; ``deep`` of them also get the views, observations,
    info keys, events, rejection, clone, sharing, pickling and every-legal-action
    checks along the way and at the end (see the module's note on what runs where).

    ``decisions`` counts the budget in decisions instead: playouts go on until
    that many decisions have been made (at least ``deep`` playouts, and one;
    ``playouts`` is then the most), so a long game (thousands of decisions a
    play) costs about as much as a short one, not a hundred times more.

    A deep playout checks every state of its first ``dense`` moves deeply, then
    every tenth. Two new states of one seed are compared once, at the first playout.
    """
    report = Report(game.name, dict(game.options))
    check_action_space(game)
    check_teams(game)
    check_game_pickles(game)
    rng = random.Random(seed)
    seen: set[str] = set()  # notations legal somewhere: they parse, so they test legality
    known_actions: dict[Any, int] = {}  # actions whose round trips are checked: their index
    keys = InfoKeys()
    def more(index: int) -> bool:
        if index >= playouts:
            return False
        return decisions is None or index < max(deep, 1) or report.decisions < decisions

    index = -1
    while more(index + 1):
        index += 1
        deep_run = index < deep
        checker_rng = random.Random(rng.getrandbits(64))
        feed = EventFeed(game.players)

        def on_state(
            state: State,
            deep_run: bool = deep_run,
            checker_rng: random.Random = checker_rng,
            feed: EventFeed = feed,
        ) -> None:
            check_state(state, known_actions)
            for seat in state.pending:
                seen.update(str(a) for a in state.legal(seat))
            if not deep_run:
                return
            moves = len(state.moves)
            whole_now = _whole_game_sample(moves)
            if whole_now:  # first: a shared part would trouble the checks that clone
                check_sharing(state)
            # Every state early in a deep playout, then a sample: the checks cost
            # far more than play, and long games repeat their situations.
            if moves < dense or moves % 10 == 0:
                report.states_checked_deeply += 1
                feed.update(state)
                check_views(state, checker_rng, keys=keys)
                if not state.is_over:
                    check_all_legal_accepted(state)
                    check_rejections(state, known=seen)
            if whole_now:
                feed.check_whole(state)
                # Whole logs are compared at the end of every playout (below).
                check_pickle(state, checker_rng, whole=False)
                if not state.is_over:
                    check_clone(state, checker_rng)
                    check_determinism(state, whole=False)

        final = playout(
            game,
            seed * 1_000_003 + index,
            random.Random(rng.getrandbits(64)),
            max_decisions=max_decisions,
            on_state=on_state,
        )
        check_determinism(final, new=index == 0)
        check_rejections(final, texts=GARBAGE[:3])
        feed.check_whole(final)
        if deep_run:
            check_pickle(final, checker_rng)
            check_views(final, checker_rng, keys=keys)
        report.playouts += 1
        report.decisions += len(final.moves)
        report.longest = max(report.longest, len(final.moves))
        assert final.result is not None
        key = ",".join(str(s) for s in sorted(final.result.winners)) or "none"
        report.outcomes[key] = report.outcomes.get(key, 0) + 1
    report.distinct_views = len(keys)
    # A record with a corrupted move must be refused by replay, naming the move.
    if report.decisions:
        _check_corrupt_record(game, seed)
    return report


def _check_corrupt_record(game: Game, seed: int) -> None:
    state = game.new(seed=seed)
    record = state.record
    record["moves"] = [[min(state.pending), "\x00 not an action"]]
    try:
        replay(record)
    except RecordError as exc:
        if "moves[0]" not in str(exc):
            raise ConformanceFailure(
                "record", f"a bad move's error does not name it: {exc}"
            ) from None
    else:
        raise ConformanceFailure("record", "a record with a bad move replayed without error")


# ------------------------------------------------------------------ option combinations
def option_matrix(name: str) -> list[dict[str, Any]]:
    """Option combinations to run the kit under for a registered game.

    Every player count, each crossed with few combinations of the options that have
    choices which still meet every pair of their values at that count (the full
    product grows as two to the number of yes-or-no options: a game of seven would
    need 128 runs a count); then each whole-number option at its minimum (limits
    and targets are where endings hide), crossed the same way, at the smallest and
    largest player counts. Combinations the game refuses to load (an
    ``OptionError``, such as a mode that needs more players) are left out.

    >>> len(option_matrix("duel"))  # 4 player counts x 2 readings + 3 minima x 2 x 2
    20

    The matrix is worked out once per game class (loading every candidate is
    the costly part, and property tests ask for it at every example); each call
    hands out fresh copies.
    """
    cls = game_class(name)
    cached = _MATRICES.get((name, cls))
    if cached is None:
        cached = _MATRICES[(name, cls)] = _option_matrix(name)
    return copy.deepcopy(cached)


# Each game class's option matrix (keyed by the class too: a test may register
# another game under a name).
_MATRICES: dict[tuple[str, type], list[dict[str, Any]]] = {}


def _option_matrix(name: str) -> list[dict[str, Any]]:
    specs = game_class(name).option_specs()
    choice_specs = [s for s in specs if s.choices]
    players = next(s for s in specs if s.name == "players")
    assert players.minimum is not None and players.maximum is not None

    def at(count: int, extra: dict[str, Any]) -> list[dict[str, Any]]:
        candidates = [
            {"players": count, **extra, **dict(zip([s.name for s in choice_specs], values,
                                                   strict=True))}
            for values in itertools.product(*(s.choices for s in choice_specs))
        ]
        loadable = [options for options in candidates if _loads(name, options)]
        return _covering(loadable, [s.name for s in choice_specs])

    combos = [c for count in range(players.minimum, players.maximum + 1) for c in at(count, {})]
    for spec in specs:
        if spec.name == "players" or spec.choices or spec.minimum in (None, spec.default):
            continue
        for count in sorted({players.minimum, players.maximum}):
            combos += at(count, {spec.name: spec.minimum})
    return combos


def option_values(name: str) -> dict[str, list[Any]]:
    """The values ``option_matrix`` tries for each option of a registered game.

    Every player count, every choice, and for each other whole-number option its
    default and (when it differs) its minimum.
    """
    values: dict[str, list[Any]] = {}
    for spec in game_class(name).option_specs():
        if spec.name == "players":
            assert spec.minimum is not None and spec.maximum is not None
            values[spec.name] = list(range(spec.minimum, spec.maximum + 1))
        elif spec.choices:
            values[spec.name] = list(spec.choices)
        elif spec.minimum is not None and spec.minimum != spec.default:
            values[spec.name] = [spec.default, spec.minimum]
    return values


def option_pairs(name: str) -> list[dict[str, Any]]:
    """Few option combinations that still meet every pair of option values.

    For any two options and any values of them that some loadable combination of
    ``option_values`` joins, at least one combination here has both (pairwise
    covering, built greedily); so every single value is met too. Options left out
    of a combination keep their defaults. A pair no loadable combination joins
    (Camp Mode at a player count it is not played at) is not sought.

    >>> pairs = option_pairs("duel")
    >>> len(pairs) < len(option_matrix("duel"))
    True
    >>> met = {(o["players"], o.get("deflection", "seed")) for o in pairs}
    >>> met >= {(2, "seed"), (2, "per-weapon"), (5, "seed"), (5, "per-weapon")}
    True
    """
    values = option_values(name)
    candidates = [
        dict(zip(values, combo, strict=True)) for combo in itertools.product(*values.values())
    ]
    candidates = [options for options in candidates if _loads(name, options)]
    return [_trim(name, options) for options in _covering(candidates, list(values))]


def _covering(candidates: list[dict[str, Any]], names: list[str]) -> list[dict[str, Any]]:
    """Few of ``candidates`` that meet every value of ``names``, and every pair of values,
    that some candidate joins: greedily, the candidate meeting the most not met yet (the
    first on a tie, so the set is the same on every run)."""

    def met(options: dict[str, Any]) -> frozenset[tuple[Any, ...]]:
        seen = {a: _hashable(options[a]) for a in names}
        found: set[tuple[Any, ...]] = {(a, seen[a]) for a in names}
        found |= {(a, seen[a], b, seen[b]) for a, b in itertools.combinations(names, 2)}
        return frozenset(found)

    # Each candidate's values and pairs, worked out once: a game with many options
    # has tens of thousands of candidates. What a candidate meets that is not met yet
    # only shrinks as others are chosen, so the candidates wait in a heap under the
    # count they met when last looked at (lazy greedy): the best is found by looking
    # again only at those that could still be it, and it is the same candidate a
    # full scan would choose (the most met, the first on a tie).
    meets = [met(options) for options in candidates]
    wanted: set[tuple[Any, ...]] = set().union(*meets) if meets else set()
    heap = [(-len(found), index) for index, found in enumerate(meets)]
    heapq.heapify(heap)
    chosen: list[dict[str, Any]] = []
    while wanted and heap:
        _, index = heapq.heappop(heap)
        gain = len(meets[index] & wanted)
        if heap and (-gain, index) > heap[0]:
            heapq.heappush(heap, (-gain, index))  # another may now meet more
            continue
        chosen.append(candidates[index])
        wanted -= meets[index]
    if not chosen and candidates:  # no option to vary
        chosen = [candidates[0]]
    return chosen


def _hashable(value: Any) -> Any:
    if type(value) in (int, str, bool, float, type(None)):
        return _scalar_text(type(value), value)  # most option values: asked again and again
    return json.dumps(value, sort_keys=True)


@functools.cache
def _scalar_text(kind: type, value: Any) -> str:
    return json.dumps(value)


def _trim(name: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` without the values that are the defaults (shorter test ids)."""
    defaults = {spec.name: spec.default for spec in game_class(name).option_specs()}
    return {k: v for k, v in options.items() if k == "players" or v != defaults.get(k)}


def _loads(name: str, options: dict[str, Any]) -> bool:
    try:
        game_class(name)(**options)
    except OptionError:
        return False
    return True


def describe(options: dict[str, Any]) -> str:
    """A short id for a combination (used to name parametrized tests)."""
    return "-".join(f"{k}={v}" for k, v in options.items())


__all__: Sequence[str] = [
    "GARBAGE",
    "ConformanceFailure",
    "EventFeed",
    "InfoKeys",
    "Report",
    "check_action_space",
    "check_all_legal_accepted",
    "check_clone",
    "check_determinism",
    "check_events",
    "check_game",
    "check_game_pickles",
    "check_observation",
    "check_pickle",
    "check_rejections",
    "check_sharing",
    "check_state",
    "check_teams",
    "check_views",
    "describe",
    "fingerprint",
    "option_matrix",
    "option_pairs",
    "option_values",
    "play_by_choices",
    "playout",
    "random_step",
]
