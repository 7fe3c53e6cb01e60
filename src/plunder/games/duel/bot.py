"""Duel's bot helpers: the greedy bot, and the evaluation the search bot may use.

``GreedyBot`` looks one shootout ahead. For each of its legal actions it plays
the shootout out in sampled worlds (``determinize``: other seats' hidden choices
redrawn, so it never peeks), with every other seat that has not chosen yet
answering uniformly at random, and scores what the table looks like afterwards
from its own view. The same sampled worlds and answers serve every candidate
action, so the comparison between actions is not drowned by sampling noise.

``evaluate(state)`` scores a position between two duels, where every hand is full
again and only the dollars differ: each seat's chance to reach the target first
if every later duel were won by each seat with the same chance. ``ismcts`` uses
it to end its searches and playouts at the end of the duel being played
(``docs/bots.md``).
"""

from __future__ import annotations

import functools
import math
import random
from typing import Any

from plunder.engine.action import Action
from plunder.engine.bots import GreedyBase, check_level
from plunder.engine.state import State
from plunder.games.duel.rules import CARD_NAMES, CARDS, FULL_HAND, DuelAction, DuelState

# What a card still in hand is worth: weapons keep a player safe (under the seed's
# reading a shooter cannot be hit) and the rifle is the only answer to a barricade.
HAND_VALUE = {"colt": 0.04, "rifle": 0.08, "barricade": 0.03, "reload": 0.03}


FULL = FULL_HAND

# Shootouts played out whose scores a bot keeps (a few MB), before it starts afresh.
KEPT_OUTCOMES = 20_000

# Sampled worlds per decision at each level.
SAMPLES = {"easy": 4, "normal": 16, "hard": 64}


class GreedyBot(GreedyBase):
    """One-shootout look-ahead against uniformly random opponents."""

    def __init__(self, level: str = "normal", samples: int | None = None) -> None:
        self.samples = samples if samples is not None else SAMPLES[check_level(level)]
        # Scores of shootouts played out, by situation and the others' actions.
        self._outcomes: dict[
            tuple[tuple[Any, ...], tuple[tuple[int, str], ...]], tuple[float, ...]
        ] = {}

    def scores(
        self, state: State, seat: int, actions: list[Action], rng: random.Random
    ) -> list[float]:
        """Each action's score summed over the sampled worlds."""
        assert isinstance(state, DuelState)
        situation = _situation(state, seat)
        scores = [0.0] * len(actions)
        # Duel has no chance after the deal, and hides nothing but the choices
        # committed in the step under way: a shootout played out is decided by the
        # table as the seat sees it and the seats' actions. So each sampled world is
        # named by the other seats' actions in it (their committed choices redrawn,
        # their replies drawn), and its outcome is kept: the same situation and
        # actions are played out once, however many samples and decisions meet them
        # (a long duel comes back to the same hands again and again).
        #
        # A sampled world is ``state.determinize(seat, rng)``; only its redrawn
        # choices name it, so they are drawn here exactly as ``determinize`` draws
        # them (the same values from ``rng``, in the same order), and no world is
        # built: ``shootout_score`` plays the shootout out from the table and the
        # seats' actions.
        hidden = len(state.committed)
        arrival = [s for s, _ in state.moves[len(state.moves) - hidden:]] if hidden else []
        frame = state.decision
        assert frame is not None  # the seat is asked: a decision is open
        repliers = [other for other in state.pending if other != seat]
        for _ in range(self.samples):
            if hidden:
                rng.getrandbits(64)  # (the sampled world's generator: Duel draws no more)
                # (a committed seat's legal actions, as ``determinize`` asks the game)
                redrawn = [(o, rng.choice(state._legal_shootout(o, frame))) for o in arrival]
            else:
                redrawn = []
            replies = {other: rng.choice(state.legal(other)) for other in repliers}
            others = tuple((other, action.notation) for other, action in redrawn)
            others += tuple((other, reply.notation) for other, reply in replies.items())
            key = (situation, others)
            outcome = self._outcomes.get(key)
            if outcome is None:
                if len(self._outcomes) >= KEPT_OUTCOMES:
                    self._outcomes.clear()
                others_chose: dict[int, Action] = dict(redrawn)
                others_chose.update(replies)
                outcome = self._outcomes[key] = tuple(
                    shootout_score(state, seat, {**others_chose, seat: action})  # type: ignore[dict-item]
                    for action in actions
                )
            for index, value in enumerate(outcome):
                scores[index] += value
        return scores

def _situation(state: DuelState, seat: int) -> tuple[Any, ...]:
    """What a shootout's outcome and its score depend on, as the seat sees it: the
    options, every seat's dollars, life, played cards and cards in hand, the seat's
    hand, who has chosen, and whether this shootout or this duel is the last the
    limits allow (the count of shootouts and duels matters only there)."""
    options = state.game.options
    return (
        tuple(options.values()),
        seat,
        tuple(state.alive),
        tuple(state.dollars),
        tuple(tuple(played) for played in state.played),
        tuple(sum(hand.values()) for hand in state.hands),
        tuple(state.hands[seat].items()),
        tuple(sorted(state.pending)),
        tuple(sorted(state.committed)),
        state.shootout >= options["shootout_limit"],
        state.duel >= options["duel_limit"],
    )


def shootout_score(state: DuelState, seat: int, chosen: dict[int, DuelAction]) -> float:
    """``score`` of the shootout under way played out with ``chosen`` (every living
    seat's card), worked out from the table without copying the state.

    It follows the rules of ``DuelState._on_shootout`` and ``_end_duel`` (R12-R25);
    a test plays thousands of shootouts both ways and compares the scores.
    """
    game = state.game
    options = game.options
    n = state.players
    others = n - 1
    alive = list(state.alive)
    dollars = list(state.dollars)
    incoming: dict[int, set[str]] = {}
    for action in chosen.values():
        weapon = CARDS[action.card].weapon
        if weapon and action.target is not None:
            incoming.setdefault(action.target, set()).add(weapon)
    hit = {s for s, weapons in incoming.items() if weapons - game.deflects[chosen[s].card]}
    for s in hit:
        alive[s] = False
    living = [s for s in range(n) if alive[s]]
    winner: int | None = -1  # the duel goes on
    if len(living) == 1:
        winner = living[0]
    elif not living or state.shootout >= options["shootout_limit"]:
        winner = None
    if winner is not None and winner >= 0:
        dollars[winner] += 1
        if dollars[winner] >= options["target"]:
            return 100.0 if winner == seat else -100.0
    if winner != -1 and state.duel >= options["duel_limit"]:
        richest = max(dollars)
        winners = {s for s, d in enumerate(dollars) if d == richest and d > 0}
        return 100.0 if seat in winners else -100.0
    gained = [after - before for after, before in zip(dollars, state.dollars, strict=True)]
    value = 10.0 * gained[seat] - 10.0 * sum(g for s, g in enumerate(gained) if s != seat) / others
    if any(gained):
        return value
    if winner != -1:  # a duel without a winner: a new one, everyone alive, hands full
        return value + _hand_value(FULL)
    value += 0.0 if alive[seat] else -5.0
    value += 2.0 * sum(1 for s in range(n) if s != seat and not alive[s]) / others
    hand = dict(state.hands[seat])
    played = state.played[seat]
    mine = chosen[seat].card
    hand[mine] -= 1
    if seat not in hit:
        back = CARDS[mine].returns
        if back == "itself":
            hand[mine] += 1
        elif back == "all":
            for card in (*played, mine):
                hand[card] += 1
    return value + _hand_value(hand)


def _hand_value(hand: dict[str, int]) -> float:
    """What the cards of a hand are worth, added card by card in card order (as
    ``score`` adds the cards of the hand a view lists)."""
    return sum(HAND_VALUE.get(card, 0.0) for card in CARD_NAMES for _ in range(hand[card]))


def score(before: dict[str, Any], after: dict[str, Any], seat: int) -> float:
    """How good ``after`` is for ``seat`` compared with ``before`` (views of that seat)."""
    if after["over"]:
        return 100.0 if seat in after["result"]["winners"] else -100.0
    players = after["players"]
    others = len(players) - 1
    gained = [p["dollars"] - q["dollars"] for p, q in zip(players, before["players"], strict=True)]
    value = 10.0 * gained[seat] - 10.0 * sum(g for s, g in enumerate(gained) if s != seat) / others
    if not any(gained):  # the duel goes on
        value += 0.0 if players[seat]["alive"] else -5.0
        fallen = sum(1 for s, p in enumerate(players) if s != seat and not p["alive"])
        value += 2.0 * fallen / others
        value += sum(HAND_VALUE.get(card, 0.0) for card in after.get("hand", ()))
    return value


def evaluate(state: State) -> tuple[float, ...] | None:
    """Each seat's chance to win, for a Duel position between two duels; else ``None``.

    Between duels (a duel has just ended and the next one starts: shootout 1, every
    player alive, nothing played, no one committed) the hands are full again and
    only the dollars tell the seats apart. The value is then each seat's chance to
    reach the target first if every later duel were won by each seat with the same
    chance (duels without a winner are replayed and change nothing). With two
    players that is exact for equal play, since the game is symmetric (the race of
    fair duels of ``docs/duel-solver.md``); with more it is the even-handed guess.
    Inside a duel the function has no opinion and returns ``None``.
    """
    if not isinstance(state, DuelState) or state.result is not None:
        return None
    if state.shootout != 1 or state.committed or not all(state.alive) or any(state.played):
        return None
    target = state.game.options["target"]
    return race_shares(tuple(max(target - d, 0) for d in state.dollars))


@functools.lru_cache(maxsize=4096)
def race_shares(needs: tuple[int, ...]) -> tuple[float, ...]:
    """Each seat's chance to be the first to win ``needs[s]`` more duels, when every
    duel is won by each seat with the same chance.

    >>> race_shares((1, 1))
    (0.5, 0.5)
    >>> [round(x, 4) for x in race_shares((4, 5))]
    [0.6367, 0.3633]
    """
    n = len(needs)
    shares = []
    for seat, need in enumerate(needs):
        if need <= 0:
            shares.append(1.0)
            continue
        others = [k for s, k in enumerate(needs) if s != seat]
        if any(k <= 0 for k in others):
            shares.append(0.0)
            continue
        # The seat wins its ``need``-th duel after the others have won ``m`` duels
        # between them, none of them reaching its own need. ``ways[m]``: the chance
        # that ``m`` duels won by the others leave each of them short of its need,
        # as the coefficients of the product of truncated exponential series.
        poly = [1.0]
        for k in others:
            factor = [1.0 / math.factorial(j) for j in range(k)]
            poly = [
                sum(poly[i] * factor[m - i] for i in range(len(poly)) if 0 <= m - i < k)
                for m in range(len(poly) + k - 1)
            ]
        total = 0.0
        for m, coefficient in enumerate(poly):
            ways = coefficient * math.factorial(m) / (n - 1) ** m  # m duels among the others
            # ``m`` duels by the others and ``need - 1`` by the seat in any order,
            # then the seat's last win.
            orders = math.comb(need - 1 + m, m)
            total += orders * ways * (1 / n) ** need * ((n - 1) / n) ** m
        shares.append(total)
    return tuple(shares)
