"""The conformance kit: the protocol's contract, checked on any game.

Every registered game, under each of its modes and options, must pass
``check_game``. The checks:

* ``termination``: random playouts end, with a result, within a bound;
* ``decisions``: every pending seat has a legal action, seats that owe nothing have
  none, every legal action's notation parses back to it and is accepted;
* ``determinism``: the same options, seed and moves give the same state;
* ``clone``: a clone and its original never affect each other;
* ``record``: a record survives JSON and replays to the same state;
* ``views``: views are JSON, stable, and leak nothing: a state determinized for a
  seat gives that seat an equal view, its pending seats and legal actions;
* ``rejection``: rejected input raises ``IllegalAction`` and leaves the state unchanged.

Each failure raises ``ConformanceFailure`` naming the check, the game, the options,
the seed and the move at fault, so it can be reproduced. The functions that check
one state (``check_state``, ``check_rejections``, ``check_views``) are public so that
property tests can drive them with generated states.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from plunder.engine.errors import IllegalAction, OptionError, RecordError
from plunder.engine.game import Game
from plunder.engine.registry import game_class, load, replay
from plunder.engine.state import State

# Inputs that are never an action's notation in any game.
GARBAGE: tuple[Any, ...] = ("", " ", "???", "pass>", ">>", "\x00", "x" * 300, 12, 3.5, b"colt")
# Stands for "an action legal for the first pending seat" in the attempts below.
_LEGAL_ACTION = object()


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


def fingerprint(state: State) -> dict[str, Any]:
    """Everything observable about a state: its record, pending seats, legal actions, views.

    Two fingerprints compare equal exactly when no caller of the protocol could tell
    the states apart.

    >>> import plunder
    >>> s = plunder.load("duel").new(seed=3)
    >>> fingerprint(s) == fingerprint(s.clone())
    True
    """
    seats: list[int | None] = [None, *range(state.players)]
    return {
        "record": state.record,
        "pending": sorted(state.pending),
        "legal": [[str(a) for a in state.legal(seat)] for seat in range(state.players)],
        "views": [state.view(seat) for seat in seats],
    }


def _where(state: State, note: str = "") -> str:
    options = dict(state.game.options)
    text = f"{state.game.name} {options} seed={state.seed} after {len(state.moves)} moves"
    return f"{text}; {note}" if note else text


def random_step(
    state: State, rng: random.Random, after_each: Callable[[State], None] | None = None
) -> int:
    """Commit a random legal action for every pending seat; return how many were made.

    ``after_each`` sees the state after every single commit, so a caller can look
    at the middle of a simultaneous step.
    """
    made = 0
    for seat in sorted(state.pending):
        if seat not in state.pending:  # an earlier commit may have resolved the step
            break
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


def check_state(state: State) -> None:
    """The cheap per-state checks: pending seats, legal actions, notation, over-ness."""
    where = _where(state)
    pending = state.pending
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
        return
    if not pending:
        raise ConformanceFailure(
            "decisions", "the game is not over but no seat owes a decision", where
        )
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
        fallback = state.timeout_action(seat)
        if fallback is not None and fallback not in actions:
            raise ConformanceFailure(
                "decisions", f"seat {seat}'s timeout action {fallback} is not legal", where
            )
        notations = [str(a) for a in actions]
        if len(set(notations)) != len(notations):
            raise ConformanceFailure(
                "decisions", f"seat {seat} has two legal actions with one notation", where
            )
        for action in actions:
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


def check_views(state: State, rng: random.Random, determinizations: int = 3) -> None:
    """Views are JSON and stable, and determinizing for a seat does not change what it sees."""
    where = _where(state)
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        try:
            text = json.dumps(view, allow_nan=False, sort_keys=True)
        except (TypeError, ValueError) as exc:
            raise ConformanceFailure("views", f"view({seat}) is not JSON: {exc}", where) from None
        if json.dumps(state.view(seat), allow_nan=False, sort_keys=True) != text:
            raise ConformanceFailure("views", f"view({seat}) changes when asked twice", where)
        if json.loads(text) != view:
            raise ConformanceFailure(
                "views", f"view({seat}) does not survive JSON unchanged", where
            )
        legal = [str(a) for a in state.legal(seat)] if seat is not None else []
        for _ in range(determinizations):
            other = state.determinize(seat, random.Random(rng.getrandbits(64)))
            if json.dumps(other.view(seat), sort_keys=True) != text:
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


def check_determinism(state: State) -> None:
    """Replaying the record (also through JSON text) gives the same state."""
    where = _where(state)
    record = state.record
    text = json.dumps(record)
    again = replay(json.loads(text))
    if again.record != record:
        raise ConformanceFailure(
            "record", "the replayed state's record differs from the original", where
        )
    if fingerprint(again) != fingerprint(state):
        raise ConformanceFailure(
            "determinism", "the same options, seed and moves gave a different state", where
        )
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
) -> Report:
    """Run the whole kit on one game with fixed options.

    ``playouts`` random playouts get the cheap checks at every state and the replay,
    record and clone checks at the end; ``deep`` of them also get the views,
    rejection, clone and every-legal-action checks at every state.
    """
    report = Report(game.name, dict(game.options))
    rng = random.Random(seed)
    seen: set[str] = set()  # notations legal somewhere: they parse, so they test legality
    for index in range(playouts):
        deep_run = index < deep
        checker_rng = random.Random(rng.getrandbits(64))

        def on_state(
            state: State, deep_run: bool = deep_run, checker_rng: random.Random = checker_rng
        ) -> None:
            check_state(state)
            for seat in state.pending:
                seen.update(str(a) for a in state.legal(seat))
            # Every state early in a deep playout, then a sample: the checks cost
            # far more than play, and long games repeat their situations.
            if deep_run and (len(state.moves) < 150 or len(state.moves) % 10 == 0):
                report.states_checked_deeply += 1
                check_views(state, checker_rng)
                if not state.is_over:
                    check_all_legal_accepted(state)
                    check_rejections(state, known=seen)
                    if len(state.moves) % 7 == 0:
                        check_clone(state, checker_rng)
                        check_determinism(state)

        final = playout(
            game,
            seed * 1_000_003 + index,
            random.Random(rng.getrandbits(64)),
            max_decisions=max_decisions,
            on_state=on_state,
        )
        check_determinism(final)
        check_rejections(final, texts=GARBAGE[:3])
        report.playouts += 1
        report.decisions += len(final.moves)
        report.longest = max(report.longest, len(final.moves))
        assert final.result is not None
        key = ",".join(str(s) for s in sorted(final.result.winners)) or "none"
        report.outcomes[key] = report.outcomes.get(key, 0) + 1
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


def option_matrix(name: str) -> list[dict[str, Any]]:
    """Option combinations to run the kit under for a registered game.

    Every player count crossed with every value of every option that has choices;
    then each whole-number option at its minimum (limits and targets are where
    endings hide), crossed with the choice options, at the smallest and largest
    player counts. Combinations the game refuses to load (an ``OptionError``, such
    as a mode that needs more players) are left out.

    >>> len(option_matrix("duel"))  # 4 player counts x 2 readings + 3 minima x 2 x 2
    20
    """
    specs = game_class(name).option_specs()
    choice_specs = [s for s in specs if s.choices]
    players = next(s for s in specs if s.name == "players")
    assert players.minimum is not None and players.maximum is not None
    choices = [
        {s.name: v for s, v in zip(choice_specs, values, strict=True)}
        for values in itertools.product(*(s.choices for s in choice_specs))
    ]
    combos = [
        {"players": count, **chosen}
        for count in range(players.minimum, players.maximum + 1)
        for chosen in choices
    ]
    for spec in specs:
        if spec.name == "players" or spec.choices or spec.minimum in (None, spec.default):
            continue
        for count in sorted({players.minimum, players.maximum}):
            combos += [{"players": count, **chosen, spec.name: spec.minimum} for chosen in choices]
    return [options for options in combos if _loads(name, options)]


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
    "Report",
    "check_all_legal_accepted",
    "check_clone",
    "check_determinism",
    "check_game",
    "check_rejections",
    "check_state",
    "check_views",
    "describe",
    "fingerprint",
    "option_matrix",
    "play_by_choices",
    "playout",
    "random_step",
]
