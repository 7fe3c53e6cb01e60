"""One game of a study, played to the end and kept as a compact record.

``play_game`` is a function of names and numbers alone (the game's name and
options, and a ``Slot``: the seed and the bot at each seat), so the games can be
played in any process, on any machine of a cluster, in any order, and the same
slot gives the same record (except its timings, and the choices of bots that
stop searching on the clock). The record holds what the measures need and no
more, so that thousands of them travel back cheaply.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import plunder
from plunder import bots as bot_registry
from plunder.bots.ismcts import evaluator
from plunder.engine.registry import part
from plunder.engine.stats import ContentStats, StatsError
from plunder.lab.measures import lead_summary
from plunder.lab.schedule import Slot
from plunder.match import bot_rng


@dataclass(frozen=True)
class GameRecord:
    """One finished game of a study, as plain data."""

    index: int
    seed: int
    lineup: int
    bots: tuple[str, ...]  # bot spec per seat
    winners: tuple[int, ...]
    reason: str
    decisions: int  # act calls
    choices: int  # decisions with more than one legal action
    legal: int  # legal actions summed over the decisions
    seat_decisions: tuple[int, ...]
    seat_seconds: tuple[float, ...]  # time spent choosing, per seat
    evaluated: int  # positions the game's own evaluation valued
    lead_changes: int | None  # None: the game has no evaluation, or valued no position
    decisive_at: float | None  # share of the decisions made when the winner pulled clear
    stats: Mapping[str, Any] | None  # ContentStats.to_json(), for a game that declares them
    # Who moved first: the seats that led the first round, then each later round
    # (State.first_movers); the side each seat played, or () (State.seat_sides).
    leads: tuple[tuple[int, ...], ...] = ((0,),)
    sides: tuple[str, ...] = ()
    # The game's record (plunder.engine.record) when its slot asks to keep it: the
    # moves of thousands of games are too many to carry back unasked.
    record: Mapping[str, Any] | None = None


@functools.cache
def _game(name: str, options: str) -> plunder.Game:
    # Loaded once per process and options (given as JSON text, which a cache can key on).
    return plunder.load(name, **json.loads(options))


def play_game(game_name: str, options: Mapping[str, Any], slot: Slot) -> GameRecord:
    """Play the game ``slot`` schedules between bots to the end, and record it."""
    options = {**options, **dict(slot.options)}
    game = _game(game_name, json.dumps(options, sort_keys=True))
    seated = [bot_registry.from_spec(spec, game_name) for spec in slot.bots]
    if len(seated) != game.players:
        raise ValueError(f"{len(seated)} bots for {game.players} seats")
    evaluate = evaluator(game_name)
    state = game.new(seed=slot.seed)
    rng = bot_rng(slot.seed)
    seat_decisions = [0] * game.players
    seat_seconds = [0.0] * game.players
    choices = legal = 0
    # The game's values of the positions it evaluates, with the decisions made by then.
    trace: list[tuple[int, Sequence[float]]] = []
    step = state.step
    while not state.is_over:
        # One decision at a time, in the order the game draws for answers that reach
        # it together (every bot answers at once), so no seat always arrives first.
        seat = next(state.arrivals())
        offered = len(state.legal(seat))
        legal += offered
        choices += offered > 1
        started = time.perf_counter()
        action = seated[seat].choose(state, seat, rng)
        seat_seconds[seat] += time.perf_counter() - started
        seat_decisions[seat] += 1
        state.act(seat, action)
        if evaluate is not None and state.step != step and not state.is_over:
            values = evaluate(state)
            if values is not None:
                trace.append((len(state.moves), tuple(values)))
        step = state.step
    result = state.result
    assert result is not None
    winners = tuple(sorted(result.winners))
    changes, decisive = lead_summary(trace, winners, len(state.moves), game.teams())
    return GameRecord(
        index=slot.index,
        seed=slot.seed,
        lineup=slot.lineup,
        bots=slot.bots,
        winners=winners,
        reason=result.reason,
        decisions=len(state.moves),
        choices=choices,
        legal=legal,
        seat_decisions=tuple(seat_decisions),
        seat_seconds=tuple(seat_seconds),
        evaluated=len(trace),
        lead_changes=changes,
        decisive_at=decisive,
        stats=_content_stats(game_name, state),
        leads=_leads(game_name, state),
        sides=_sides(game_name, state),
        record=state.record if slot.keep else None,
    )


def _leads(game_name: str, state: plunder.State) -> tuple[tuple[int, ...], ...]:
    leads = tuple(tuple(sorted(seats)) for seats in state.first_movers())
    if not leads or not all(
        seats and all(type(s) is int and 0 <= s < state.players for s in seats)
        for seats in leads
    ):
        raise StatsError(f"{game_name}'s first movers are {leads!r}: each round's lead is "
                         f"some of seats 0..{state.players - 1}, and there is one at least")
    return leads


def _sides(game_name: str, state: plunder.State) -> tuple[str, ...]:
    sides = tuple(state.seat_sides())
    if sides and (len(sides) != state.players or not all(isinstance(s, str) for s in sides)):
        raise StatsError(f"{game_name}'s seat sides are {sides!r}: one name a seat, or none")
    return sides


def _content_stats(game_name: str, state: plunder.State) -> dict[str, Any] | None:
    stats = part(game_name, "stats")
    if stats is None:
        return None
    found = stats(state)
    if not isinstance(found, ContentStats):
        raise StatsError(f"{game_name}'s stats gave {type(found).__name__}, not ContentStats")
    return found.check(state.players).to_json()


def play_batch(
    game_name: str, options: Mapping[str, Any], slots: Sequence[Slot]
) -> list[GameRecord]:
    """Play a batch of scheduled games (in a worker process or on a cluster node)."""
    return [play_game(game_name, options, slot) for slot in slots]


__all__ = ["GameRecord", "play_batch", "play_game"]
