"""The lab's measures: pure functions over the records of finished games.

Each is defined in docs/lab.md, after Ludii's and TAG's metrics where they have
one. They read records (``plunder.lab.play.GameRecord``, or anything with the
same fields), never games, so they are easy to check by hand on a few results.
A shared win counts ``1/len(winners)`` for each winner.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from plunder.match import wilson_interval

if TYPE_CHECKING:
    from plunder.lab.play import GameRecord

# Bars in a length histogram, at most.
HISTOGRAM_BARS = 20
# The normal distribution's 97.5% point: a two-sided 95% interval.
Z95 = 1.959964


@dataclass(frozen=True)
class Share:
    """A win share with its Wilson 95% interval."""

    wins: float
    trials: int
    share: float
    low: float
    high: float

    def to_json(self) -> dict[str, Any]:
        return {
            "wins": self.wins,
            "trials": self.trials,
            "share": self.share,
            "ci95": [self.low, self.high],
        }


def share(wins: float, trials: int) -> Share:
    """``wins`` out of ``trials`` with its Wilson 95% interval.

    >>> share(5, 10).share, [round(x, 3) for x in (share(5, 10).low, share(5, 10).high)]
    (0.5, [0.237, 0.763])
    """
    low, high = wilson_interval(wins, trials)
    return Share(wins, trials, wins / trials if trials else 0.0, low, high)


def _win_credit(record: GameRecord) -> float:
    return 1.0 / len(record.winners) if record.winners else 0.0


def _cluster(groups: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """The ratio ``sum(w) / sum(n)`` over groups ``(w, n)`` and its standard error with
    the group as the unit: ``sqrt(G/(G-1) * sum((w_g - ratio * n_g)**2)) / N`` (0 with
    fewer than two groups, where there is no spread to measure).

    >>> _cluster([(1, 2), (1, 2)]), _cluster([(2, 2), (0, 2)])
    ((0.5, 0.0), (0.5, 0.5))
    """
    wins = sum(w for w, _ in groups)
    trials = sum(n for _, n in groups)
    if trials == 0:
        return 0.0, 0.0
    ratio = wins / trials
    if len(groups) < 2:
        return ratio, 0.0
    spread = sum((w - ratio * n) ** 2 for w, n in groups) * len(groups) / (len(groups) - 1)
    return ratio, math.sqrt(spread) / trials


def paired_share(groups: Sequence[tuple[float, int]]) -> Share:
    """A win share over groups of games dealt alike, ``(wins, trials)`` per group, with
    an interval that counts the group, not the game, as the unit.

    The games of a mirrored rotation meet the same deal, so their outcomes are not
    independent: luck that favours a seat in one favours it in all, and a bot's wins
    at its seats of a group offset one another. Counting every game as a draw of its
    own (Wilson's interval) ignores that. The interval here is the normal one of a
    ratio over clusters: the share ``W/N`` and the standard error
    ``sqrt(G/(G-1) * sum((w_g - share * n_g)**2)) / N`` over the ``G`` groups, so
    groups that each split evenly give no spread at all. With fewer than two groups
    there is no spread to measure, and the interval is Wilson's.

    >>> found = paired_share([(1, 2), (1, 2), (1, 2), (1, 2)])
    >>> found.share, found.low, found.high
    (0.5, 0.5, 0.5)
    >>> found = paired_share([(2, 2), (0, 2), (2, 2), (0, 2)])
    >>> found.share, round(found.low, 4), round(found.high, 4)
    (0.5, 0.0, 1.0)
    """
    wins = sum(w for w, _ in groups)
    trials = sum(n for _, n in groups)
    if len(groups) < 2 or trials == 0:
        return share(wins, trials)
    middle, se = _cluster(groups)
    half = Z95 * se
    return Share(wins, trials, middle, max(0.0, middle - half), min(1.0, middle + half))


def _groups(records: Iterable[GameRecord]) -> list[list[GameRecord]]:
    # Mirrored games of one rotation group are dealt one seed: the seed (with the
    # line-up) names the group.
    found: dict[tuple[int, int], list[GameRecord]] = {}
    for record in records:
        found.setdefault((record.lineup, record.seed), []).append(record)
    return list(found.values())


def seat_shares(
    records: Sequence[GameRecord], players: int, paired: bool = False
) -> list[Share]:
    """Each seat's win share over all games; ``paired``: the games of a mirrored
    rotation group are one unit of the interval (``paired_share``)."""
    if paired:
        groups = _groups(records)
        return [
            paired_share([
                (sum(_win_credit(r) for r in group if seat in r.winners), len(group))
                for group in groups
            ])
            for seat in range(players)
        ]
    wins = [0.0] * players
    for record in records:
        for seat in record.winners:
            wins[seat] += _win_credit(record)
    return [share(w, len(records)) for w in wins]


def bot_shares(records: Iterable[GameRecord], paired: bool = False) -> dict[str, Share]:
    """Each bot's win share over the seats it filled (a bot at two seats of a game
    fills two); the fair share is one over the number of seats. ``paired``: the games
    of a mirrored rotation group are one unit of the interval (``paired_share``)."""
    per_group: dict[str, list[tuple[float, int]]] = {}
    for group in _groups(records) if paired else [[r] for r in records]:
        wins: dict[str, float] = {}
        seats: dict[str, int] = {}
        for record in group:
            for seat, bot in enumerate(record.bots):
                seats[bot] = seats.get(bot, 0) + 1
                won = _win_credit(record) if seat in record.winners else 0.0
                wins[bot] = wins.get(bot, 0.0) + won
        for bot in seats:
            per_group.setdefault(bot, []).append((wins[bot], seats[bot]))
    if paired:
        return {bot: paired_share(groups) for bot, groups in per_group.items()}
    return {
        bot: share(sum(w for w, _ in groups), sum(n for _, n in groups))
        for bot, groups in per_group.items()
    }


def first_seat_advantage(seats: Sequence[Share]) -> float:
    """Seat 0's win share less the mean of every seat's (0 when the first seat is
    no better off than the average seat).

    >>> round(first_seat_advantage([share(6, 10), share(2, 10), share(2, 10)]), 4)
    0.2667
    """
    return seats[0].share - sum(s.share for s in seats) / len(seats)


def balance(seats: Sequence[Share]) -> float:
    """1 less the largest gap between two seats' win shares (1: every seat wins as often).

    >>> round(balance([share(6, 10), share(2, 10), share(2, 10)]), 4)
    0.6
    """
    values = [s.share for s in seats]
    return 1.0 - (max(values) - min(values))


def _credit(record: GameRecord, seats: Iterable[int]) -> float:
    """The part of ``record``'s win that went to ``seats`` (a shared win split evenly)."""
    if not record.winners:
        return 0.0
    return _win_credit(record) * sum(1 for seat in set(seats) if seat in record.winners)


def _units(records: Sequence[GameRecord], paired: bool) -> list[list[GameRecord]]:
    # The units of an interval: each game, or with ``paired`` each group dealt alike.
    return _groups(records) if paired else [[record] for record in records]


@dataclass(frozen=True)
class Advantage:
    """A share less its fair part, per game, with a 95% interval."""

    value: float
    low: float
    high: float

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "ci95": [self.low, self.high]}


def advantage(units: Sequence[tuple[float, int]]) -> Advantage:
    """The mean of a per-game difference over units ``(sum of the differences, games)``,
    with the normal 95% interval of a mean over those units (the group as the unit,
    as for ``paired_share``); the whole range [-1, 1] with fewer than two units.

    >>> found = advantage([(0.5, 1), (-0.5, 1), (0.5, 1), (0.5, 1)])
    >>> found.value, round(found.low, 4), round(found.high, 4)
    (0.25, -0.24, 0.74)
    """
    value, se = _cluster(units)
    if len(units) < 2:
        return Advantage(value, -1.0, 1.0)
    return Advantage(value, value - Z95 * se, value + Z95 * se)


def _lead_share(
    records: Sequence[GameRecord], parties: int, paired: bool, which: int
) -> dict[str, Any]:
    # The win share of the seats that led (``which``: 0 the first round, -1 the last)
    # and their advantage over the mean side's share.
    units = _units(records, paired)
    wins = [(sum(_credit(r, r.leads[which]) for r in unit), len(unit)) for unit in units]
    over = [
        (sum(_credit(r, r.leads[which]) - (1 / parties if r.winners else 0.0) for r in unit),
         len(unit))
        for unit in units
    ]
    found = paired_share(wins) if paired else share(sum(w for w, _ in wins), len(records))
    return {**found.to_json(), "advantage": advantage(over).to_json()}


def first_player(
    records: Sequence[GameRecord], parties: int, paired: bool = False
) -> dict[str, Any]:
    """The first player's win share and advantage, from who moved first in each game
    (``State.first_movers``: a team's lead is its seats, whose wins are summed).

    The advantage is the first player's share less the mean side's share (the games
    with a winner over the ``parties``, the game's teams or its seats alone), per game,
    with its interval: 0 when moving first is worth nothing. ``last_round`` is the
    same for the seats that led each game's last round, where the lead passes from
    round to round (``None`` where no game had more than one lead).
    """
    return {
        **_lead_share(records, parties, paired, 0),
        "fair_share": 1 / parties,
        "last_round": _lead_share(records, parties, paired, -1)
        if any(len(r.leads) > 1 for r in records) else None,
    }


def side_shares(records: Sequence[GameRecord], paired: bool = False) -> dict[str, Any]:
    """Each side's win share over the games it played (its seats' wins summed: a team's
    win counts once), and its advantage over the mean side's share (the games with a
    winner over the sides at the table), per game, with its interval ({} for a game
    without sides)."""
    names = sorted({side for r in records for side in r.sides})
    out: dict[str, Any] = {}
    for name in names:
        wins: list[tuple[float, int]] = []
        over: list[tuple[float, int]] = []
        for unit in _units(records, paired):
            played = [r for r in unit if name in r.sides]
            if not played:
                continue
            credit = [_credit(r, [s for s, side in enumerate(r.sides) if side == name])
                      for r in played]
            fair = [1 / len(set(r.sides)) if r.winners else 0.0 for r in played]
            wins.append((sum(credit), len(played)))
            over.append((sum(credit) - sum(fair), len(played)))
        found = paired_share(wins) if paired else share(sum(w for w, _ in wins),
                                                        sum(n for _, n in wins))
        out[name] = {**found.to_json(), "advantage": advantage(over).to_json()}
    return out


# Resamples of the bootstrap interval of balance, and the generator's seed (fixed: the
# same games give the same report).
BOOTSTRAP_DRAWS = 1000
BOOTSTRAP_SEED = 0


def balance_interval(
    records: Sequence[GameRecord], players: int, paired: bool = False,
    draws: int = BOOTSTRAP_DRAWS,
) -> tuple[float, float]:
    """The 95% percentile bootstrap interval of ``balance``: the games (with ``paired``,
    the groups dealt alike) drawn again with replacement ``draws`` times, balance
    worked out on each draw, and the 2.5th and 97.5th percentiles of those values."""
    import numpy as np

    units = _units(records, paired)
    if not units:
        return 0.0, 1.0
    wins = np.array([[sum(_credit(r, (seat,)) for r in unit) for seat in range(players)]
                     for unit in units])
    sizes = np.array([len(unit) for unit in units], dtype=float)
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    chunk = max(1, 2_000_000 // (len(units) * players))
    found = []
    for start in range(0, draws, chunk):
        drawn = rng.integers(0, len(units), size=(min(chunk, draws - start), len(units)))
        shares = wins[drawn].sum(axis=1) / sizes[drawn].sum(axis=1)[:, None]
        found.append(1.0 - (shares.max(axis=1) - shares.min(axis=1)))
    low, high = np.quantile(np.concatenate(found), [0.025, 0.975])
    return float(low), float(high)


def mirror_gain(
    records: Sequence[GameRecord], players: int, parties: int
) -> dict[str, Any]:
    """What mirroring removed: for each seat's, bot's and side's win share and the first
    player's, its standard error with every game a draw of its own (``se_games``: what
    as many independent games would give) and with each group dealt alike as the unit
    (``se_paired``), and the share of the variance the pairing removed,
    ``1 - se_paired**2 / se_games**2`` (``None`` where the share never varies)."""
    groups = _groups(records)
    entries: list[dict[str, Any]] = []

    def add(name: str, part: Any) -> None:
        by_game = [found for r in records if (found := part(r)) is not None]
        by_group = []
        for group in groups:
            found = [v for r in group if (v := part(r)) is not None]
            if found:
                by_group.append((sum(w for w, _ in found), sum(n for _, n in found)))
        se_games = _cluster(by_game)[1]
        se_paired = _cluster(by_group)[1]
        removed = 1 - se_paired**2 / se_games**2 if se_games > 0 else None
        entries.append({"measure": name, "se_games": se_games, "se_paired": se_paired,
                        "variance_removed": removed})

    for seat in range(players):
        add(f"seat {seat}", lambda r, seat=seat: (_credit(r, (seat,)), 1))
    for bot in sorted({b for r in records for b in r.bots}):
        add(f"bot {bot}", lambda r, bot=bot: (
            _credit(r, [s for s, b in enumerate(r.bots) if b == bot]), r.bots.count(bot)
        ) if bot in r.bots else None)
    for side in sorted({s for r in records for s in r.sides}):
        add(f"side {side}", lambda r, side=side: (
            _credit(r, [s for s, name in enumerate(r.sides) if name == side]), 1
        ) if side in r.sides else None)
    add("first player", lambda r: (_credit(r, r.leads[0]), 1))
    return {"groups": len(groups), "games": len(records), "measures": entries}


def _cut_off(record: GameRecord) -> bool:
    return record.stats is not None and bool(record.stats["cut_off"])


def no_winner_share(records: Sequence[GameRecord]) -> float:
    """The share of games that the rules ended with no winner: a game a limit cut off
    is counted by ``cut_off_share``, not here, for a designer fixes the two apart
    (a draw the rules allow, against a game too long for its limit)."""
    return no_winner(records).share


def no_winner(records: Sequence[GameRecord]) -> Share:
    """Games the rules ended with no winner (not cut off), with their interval."""
    return share(sum(1 for r in records if not r.winners and not _cut_off(r)), len(records))


def without_winner_share(records: Sequence[GameRecord]) -> float:
    """The share of games with no winner, however they ended (cut off or not)."""
    return sum(1 for r in records if not r.winners) / len(records) if records else 0.0


def cut_off_share(records: Sequence[GameRecord]) -> float | None:
    """The share of games a limit of the rules ended (a limit on rounds or turns), among
    those whose game says so through its content statistics; None if none does."""
    found = cut_off(records)
    return None if found is None else found.share


def cut_off(records: Sequence[GameRecord]) -> Share | None:
    """Games a limit of the rules ended, with their interval; None if no game says."""
    told = [r.stats["cut_off"] for r in records if r.stats is not None]
    return share(sum(1 for cut in told if cut), len(told)) if told else None


def distribution(values: Sequence[float]) -> dict[str, Any]:
    """Mean, its 95% interval, standard deviation (of the sample), least, greatest and
    a histogram of whole numbers: ``edges[i] <= value < edges[i + 1]`` is counted in
    ``counts[i]``.

    >>> distribution([2, 4, 4, 6])["histogram"]
    {'edges': [2, 3, 4, 5, 6, 7], 'counts': [1, 0, 2, 0, 1]}
    """
    if not values:
        return {"count": 0, "mean": None, "sd": None, "mean_ci95": None, "min": None,
                "max": None, "histogram": {"edges": [], "counts": []}}
    low, high = math.floor(min(values)), math.floor(max(values))
    width = max(1, math.ceil((high - low + 1) / HISTOGRAM_BARS))
    bars = (high - low) // width + 1
    counts = [0] * bars
    for value in values:
        counts[(math.floor(value) - low) // width] += 1
    mean = statistics.fmean(values)
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    # The normal interval of the mean: lengths are sums of many decisions, and a
    # study has hundreds of games, so their mean is close to normal.
    half = 1.96 * sd / math.sqrt(len(values))
    return {
        "count": len(values),
        "mean": mean,
        "sd": sd,
        "mean_ci95": [mean - half, mean + half],
        "min": min(values),
        "max": max(values),
        "histogram": {"edges": [low + i * width for i in range(bars + 1)], "counts": counts},
    }


def lead_summary(
    trace: Sequence[tuple[int, Sequence[float]]],
    winners: Sequence[int],
    decisions: int,
    teams: Sequence[frozenset[int]] = (),
) -> tuple[int | None, float | None]:
    """Lead changes and decisiveness of one game from its evaluated positions.

    ``trace`` holds, for each position the game evaluated, the decisions made by
    then and each seat's value. The leader is the seat (or team) of the highest
    value; a position where seats of different teams tie for it has no leader.
    *Lead changes* count the positions whose leader differs from the last leader
    (the first leader changes nothing). *Decisiveness* (after Ludii's
    DecisivenessMoves) is the share of the game's decisions made when an eventual
    winner first valued more than any non-winner ever did; 1 if that never
    happened before the end; None with no winner.

    >>> trace = [(10, (0.6, 0.4)), (20, (0.3, 0.7)), (30, (0.5, 0.5)), (40, (0.8, 0.2))]
    >>> lead_summary(trace, [0], 50)
    (2, 0.8)
    """
    if not trace:
        return None, None
    team_of = {seat: team for team in teams for seat in team}
    changes = 0
    last: frozenset[int] | None = None
    for _, values in trace:
        top = max(values)
        sides = {team_of.get(s, frozenset({s})) for s, v in enumerate(values) if v == top}
        if len(sides) > 1:
            continue  # a tie between sides: no one leads
        (leader,) = sides
        if last is not None and leader != last:
            changes += 1
        last = leader
    if not winners:
        return changes, None
    losers = [s for s in range(len(trace[0][1])) if s not in winners]
    if not losers:
        return changes, None
    threshold = max(values[s] for _, values in trace for s in losers)
    for made, values in trace:
        if max(values[w] for w in winners) > threshold:
            return changes, made / decisions
    return changes, 1.0


def drama(records: Sequence[GameRecord]) -> dict[str, Any] | None:
    """Lead changes per game and decisiveness, over the games the game's own evaluation
    valued (None for a game without one)."""
    valued = [r for r in records if r.lead_changes is not None]
    if not valued:
        return None
    decisive = [r.decisive_at for r in valued if r.decisive_at is not None]
    return {
        "games": len(valued),
        "evaluated_positions": statistics.fmean(r.evaluated for r in valued),
        "lead_changes": distribution([r.lead_changes or 0 for r in valued]),
        "decisiveness": statistics.fmean(decisive) if decisive else None,
    }


def branching(records: Sequence[GameRecord]) -> dict[str, Any]:
    """Decision points (decisions with a real choice, more than one legal action) and
    the mean number of legal actions per decision (the branching factor)."""
    decisions = sum(r.decisions for r in records)
    return {
        "decision_points_per_game": statistics.fmean(r.choices for r in records),
        "decision_point_share": sum(r.choices for r in records) / decisions if decisions else 0,
        "mean_legal_actions": sum(r.legal for r in records) / decisions if decisions else 0,
    }


def decision_times(records: Iterable[GameRecord]) -> dict[str, float]:
    """Milliseconds per decision, per bot (a timing: it varies from run to run)."""
    seconds: dict[str, float] = {}
    made: dict[str, int] = {}
    for record in records:
        for seat, bot in enumerate(record.bots):
            seconds[bot] = seconds.get(bot, 0.0) + record.seat_seconds[seat]
            made[bot] = made.get(bot, 0) + record.seat_decisions[seat]
    return {bot: 1000 * seconds[bot] / made[bot] if made[bot] else 0.0 for bot in made}


def content(records: Sequence[GameRecord]) -> dict[str, Any] | None:
    """The content statistics a game declares, summed up (None for a game without them):

    * ``picks``: per kind and piece, its win share over the seats that had it;
    * ``picks_by_side``: the same split by the side each seat played ({} for a game
      without sides), so that a piece's share is not its side's;
    * ``plays``: per kind and piece, its plays, plays per game, and the share of its
      plays made by seats that went on to win;
    * ``amounts``: per kind and part, its mean per seat, for winners and for the others.
    """
    told = [r for r in records if r.stats is not None]
    if not told:
        return None
    picks: dict[str, dict[str, list[float]]] = {}
    # The same per side: kind -> side -> piece -> [wins, trials].
    by_side: dict[str, dict[str, dict[str, list[float]]]] = {}
    plays: dict[str, dict[str, list[int]]] = {}
    amounts: dict[str, dict[str, list[list[float]]]] = {}
    for record in told:
        stats = record.stats
        assert stats is not None
        credit = _win_credit(record)
        for kind, seats in stats["picks"].items():
            table = picks.setdefault(kind, {})
            for seat, pieces in enumerate(seats):
                won = credit if seat in record.winners else 0.0
                for piece in pieces:
                    wins, trials = table.setdefault(piece, [0.0, 0])
                    table[piece] = [wins + won, trials + 1]
                    if record.sides:
                        side = by_side.setdefault(kind, {}).setdefault(record.sides[seat], {})
                        wins, trials = side.setdefault(piece, [0.0, 0])
                        side[piece] = [wins + won, trials + 1]
        for kind, seats in stats["plays"].items():
            table_plays = plays.setdefault(kind, {})
            for seat, counts in enumerate(seats):
                for piece, count in counts.items():
                    total, by_winners = table_plays.setdefault(piece, [0, 0])
                    won = count if seat in record.winners else 0
                    table_plays[piece] = [total + count, by_winners + won]
    # Every part any game scored, so that a part a seat did not score counts 0 for it.
    parts: dict[str, set[str]] = {}
    for record in told:
        for kind, seats in (record.stats or {})["amounts"].items():
            parts.setdefault(kind, set()).update(part for seat in seats for part in seat)
    for record in told:
        for kind, seats in (record.stats or {})["amounts"].items():
            table_amounts = amounts.setdefault(kind, {})
            for part in sorted(parts[kind]):
                winners, others = table_amounts.setdefault(part, [[], []])
                for seat, values in enumerate(seats):
                    (winners if seat in record.winners else others).append(values.get(part, 0))
    games = len(told)
    return {
        "games": games,
        "picks": {
            kind: {piece: share(w, int(n)).to_json() for piece, (w, n) in sorted(table.items())}
            for kind, table in picks.items()
        },
        "picks_by_side": {
            kind: {
                side: {piece: share(w, int(n)).to_json() for piece, (w, n) in sorted(table.items())}
                for side, table in sorted(sides.items())
            }
            for kind, sides in by_side.items()
        },
        "plays": {
            kind: {
                piece: {
                    "plays": total,
                    "per_game": total / games,
                    "winners_share": won / total if total else 0.0,
                }
                for piece, (total, won) in sorted(table.items())
            }
            for kind, table in plays.items()
        },
        "amounts": {
            kind: {
                part: {
                    "mean": statistics.fmean(w + o),
                    "winners": statistics.fmean(w) if w else None,
                    "others": statistics.fmean(o) if o else None,
                }
                for part, (w, o) in sorted(table.items())
            }
            for kind, table in amounts.items()
        },
    }


def measures(
    records: Sequence[GameRecord], players: int, paired: bool = False,
    parties: int | None = None,
) -> dict[str, Any]:
    """Every measure of a study's games, JSON-ready (timings under ``"timing"``).

    ``paired`` (a mirrored study): the intervals of the seats', bots', sides' and first
    player's shares count each rotation group, whose games were dealt alike, as one
    unit (``paired_share``), and ``mirror`` says what that removed. ``parties``: the
    game's teams (default: every seat alone)."""
    parties = players if parties is None else parties
    seats = seat_shares(records, players, paired)
    seat0 = advantage([
        (sum(_credit(r, (0,)) - (1 / players if r.winners else 0.0) for r in unit), len(unit))
        for unit in _units(records, paired)
    ])
    rounds = [r.stats["rounds"] for r in records if r.stats and r.stats["rounds"] is not None]
    unit = next((r.stats["unit"] for r in records if r.stats), None)
    return {
        "games": len(records),
        "seats": [s.to_json() for s in seats],
        "bots": {bot: s.to_json() for bot, s in sorted(bot_shares(records, paired).items())},
        "intervals": "paired" if paired else "wilson",
        "fair_share": 1.0 / players,
        "first_seat_advantage": first_seat_advantage(seats),
        "first_seat_advantage_ci95": [seat0.low, seat0.high],
        "first_player": first_player(records, parties, paired),
        "sides": side_shares(records, paired),
        "balance": balance(seats),
        "balance_ci95": list(balance_interval(records, players, paired)),
        "mirror": mirror_gain(records, players, parties) if paired else None,
        "no_winner_share": no_winner_share(records),
        "cut_off_share": cut_off_share(records),
        "without_winner_share": without_winner_share(records),
        "outcomes": {
            "no_winner": no_winner(records).to_json(),
            "cut_off": None if (cut := cut_off(records)) is None else cut.to_json(),
        },
        "length": {
            "decisions": distribution([r.decisions for r in records]),
            "rounds": distribution(rounds) if rounds else None,
            "unit": unit,
        },
        "branching": branching(records),
        "drama": drama(records),
        "content": content(records),
        "timing": {"ms_per_decision": decision_times(records)},
    }


__all__ = [
    "Advantage",
    "Share",
    "advantage",
    "balance",
    "balance_interval",
    "bot_shares",
    "branching",
    "content",
    "cut_off",
    "cut_off_share",
    "decision_times",
    "distribution",
    "drama",
    "first_player",
    "first_seat_advantage",
    "lead_summary",
    "measures",
    "mirror_gain",
    "no_winner",
    "no_winner_share",
    "paired_share",
    "seat_shares",
    "share",
    "side_shares",
    "without_winner_share",
]
