"""Duel over arrays: thousands of plays stepped at once (``plunder.engine.batch``).

The rules of ``rules.py`` (R6-R38: shootouts, hits and deflections, cards coming
back, the end of a duel and of the game) written over arrays that hold the play
on their last axis (``DuelBatch``), and the observation of ``encoder.py`` written
from them. Everything is a
pure function of arrays in the array-API style (``xp`` is NumPy here); the only
chance, the first duelling master, is drawn outside and handed to ``deal``. The
differential tests (``tests/rl/test_batch_duel.py``) hold every step of it to
the scalar engine.
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np

from plunder.engine.batch import BatchRules, Chance, Plays, Policy, State, assemble, one_hot
from plunder.engine.bots import check_level
from plunder.games.duel.bot import HAND_VALUE, SAMPLES, race_shares
from plunder.games.duel.content import CONTENT
from plunder.games.duel.rules import CARD_NAMES, CARDS, DuelGame

CARD_COUNT = len(CARD_NAMES)
FULL = np.array([card.count for card in CONTENT.cards], dtype=np.int64)
FULL_HAND = int(FULL.sum())
# What a card's count in hand is divided by in an observation (a card dealt no copies: 1).
HAND_SCALE = np.maximum(FULL, 1).astype(np.float64)
WEAPONS = sorted({card.weapon for card in CONTENT.cards if card.weapon})
# Each card's weapon (-1: none), and what comes back to a hand when its owner is not hit.
WEAPON_OF = np.array(
    [WEAPONS.index(CARDS[name].weapon) if CARDS[name].weapon else -1 for name in CARD_NAMES]
)
RETURNS_ITSELF = np.array([CARDS[name].returns == "itself" for name in CARD_NAMES])
RETURNS_ALL = np.array([CARDS[name].returns == "all" for name in CARD_NAMES])
# What a card in hand is worth to the greedy bot (``bot.HAND_VALUE``), in card order.
WORTH = np.array([HAND_VALUE.get(name, 0.0) for name in CARD_NAMES])


class DuelBatch(BatchRules):
    """Duel's rules for ``game``'s options over arrays (see the module's docstring).

    The state holds the play on the last axis of every array (``play_axis``):
    ``alive``, ``dollars`` and ``winners`` are ``(seats, plays)``, ``hands`` and
    ``played`` ``(seats, cards, plays)`` (counts in int8), the rest ``(plays,)``.
    """

    game: DuelGame
    play_axis = -1

    def __init__(self, game: DuelGame) -> None:
        super().__init__(game)
        space = game.action_space()
        n = self.players
        self.card_of = np.array([CARD_NAMES.index(a.card) for a in space])  # type: ignore[attr-defined]
        self.target_of = np.array(
            [-1 if a.target is None else a.target for a in space]  # type: ignore[attr-defined]
        )
        # Which weapons each card deflects under the game's reading (R12-R16, R29-R31).
        self.deflects = np.array(
            [[weapon in game.deflects[name] for weapon in WEAPONS] for name in CARD_NAMES]
        )
        # The same as one flat table, by ``card * (weapons + 1) + weapon``, where the
        # extra weapon is a card that fires nothing: always stopped.
        stopped = np.ones((CARD_COUNT, len(WEAPONS) + 1), dtype=bool)
        stopped[:, :-1] = self.deflects
        self.stopped = stopped.reshape(-1)
        self.fires = np.where(WEAPON_OF >= 0, WEAPON_OF, len(WEAPONS))
        # Per action: whether it aims at someone, and whether a seat may take it
        # (not aimed at itself), as ``(seats, actions, 1)`` against the plays.
        self.aims = (self.target_of >= 0)[:, None]
        self.not_at_self = (self.target_of[None, :] != np.arange(n)[:, None])[:, :, None]
        self.aimed_at = np.where(self.target_of >= 0, self.target_of, 0)
        self.full = FULL.astype(np.int8)[:, None]
        options = game.options
        self.target = options["target"]
        self.shootout_limit = options["shootout_limit"]
        self.duel_limit = options["duel_limit"]
        self.at = self.encoder.at

    # ------------------------------------------------------------------ chance
    def deal_chance(self, rng: np.random.Generator, count: int) -> Chance:
        # R6, R27: the first duelling master is drawn.
        return {"master": rng.integers(0, self.players, size=count)}

    def step_chance(self, rng: np.random.Generator, state: State) -> Chance:
        return {}  # nothing is drawn after the deal

    # ------------------------------------------------------------------ the rules
    def deal(self, xp: Any, chance: Chance) -> State:
        master = xp.asarray(chance["master"], dtype=xp.int64)
        count, n = master.shape[0], self.players
        full = xp.asarray(self.full)
        return {
            "alive": xp.ones((n, count), dtype=xp.bool),
            "dollars": xp.zeros((n, count), dtype=xp.int16),
            "hands": xp.broadcast_to(full, (n, CARD_COUNT, count)) + xp.zeros_like(full),
            "played": xp.zeros((n, CARD_COUNT, count), dtype=xp.int8),
            "master": master,
            "duel": xp.ones(count, dtype=xp.int64),
            "shootout": xp.ones(count, dtype=xp.int64),
            "winners": xp.zeros((n, count), dtype=xp.bool),
            "over": xp.zeros(count, dtype=xp.bool),
        }

    def legal(self, xp: Any, state: State) -> Any:
        # R7: every living player chooses a card in hand, a weapon aimed at another
        # living player or at no one.
        deciding = state["alive"] & ~state["over"]
        held = xp.take(state["hands"] > 0, xp.asarray(self.card_of), axis=1)
        target_alive = xp.take(state["alive"], xp.asarray(self.aimed_at), axis=0)
        reach = ~xp.asarray(self.aims) | (target_alive & xp.asarray(self.not_at_self))
        # A view, the play first; in memory it stays play last, as ``random_legal``
        # reads it.
        return xp.permute_dims((deciding[:, None, :] & held) & reach, (2, 0, 1))

    def step(self, xp: Any, state: State, actions: Any, chance: Chance) -> State:
        alive, hands, played = state["alive"], state["hands"], state["played"]
        over, shootout, duel = state["over"], state["shootout"], state["duel"]
        seats = xp.arange(self.players)[:, None]
        acting = alive & ~over
        index = xp.where(acting, xp.permute_dims(actions, (1, 0)), 0)
        card = xp.take(xp.asarray(self.card_of), index)
        target = xp.where(acting, xp.take(xp.asarray(self.target_of), index), -1)
        # R12-R16: an attack hits unless the target's own card deflects its weapon;
        # hits are simultaneous. ``stopped[s, t]``: the card of t stops the shot of s.
        fires = xp.take(xp.asarray(self.fires), card)
        stopped = xp.take(xp.asarray(self.stopped),
                          card[None, :, :] * (len(WEAPONS) + 1) + fires[:, None, :])
        shot = (target[:, None, :] == seats) & ~stopped  # (shooter, target, plays)
        hit = acting & xp.any(shot, axis=0)
        alive = alive & ~hit
        # R17, R18, R32: the card played leaves the hand, unless it comes back by
        # itself to a player not hit; a reload brings every played card back.
        spared = acting & ~hit
        gone = acting & ~(spared & xp.take(xp.asarray(RETURNS_ITSELF), card))
        cards = xp.arange(CARD_COUNT)[:, None]
        out = xp.astype((card[:, None, :] == cards) & gone[:, None, :], hands.dtype)
        hands, played = hands - out, played + out
        reload = (spared & xp.take(xp.asarray(RETURNS_ALL), card))[:, None, :]
        hands = xp.where(reload, hands + played, hands)
        played = xp.where(reload, xp.zeros_like(played), played)
        # R19-R23: the duel ends with one standing (the winner), none, or the limit.
        living = xp.sum(xp.astype(alive, xp.int16), axis=0)
        ends = ~over & ((living <= 1) | (shootout >= self.shootout_limit))
        won = ends & (living == 1)
        # Where one is left standing, the sum of the living seats' numbers is theirs.
        winner = xp.sum(xp.where(alive, seats, 0), axis=0)
        gain = won & (winner == seats)
        dollars = state["dollars"] + xp.astype(gain, state["dollars"].dtype)
        rich = won & xp.any(gain & (dollars >= self.target), axis=0)
        last = ends & ~rich & (duel >= self.duel_limit)
        finished = rich | last
        richest = xp.max(dollars, axis=0)
        winners = xp.where(
            rich, gain, xp.where(last, (dollars == richest) & (dollars > 0), state["winners"])
        )
        # R24, R25, R38: a new duel: everyone alive with a full hand; the winner commands.
        again = ends & ~finished
        return {
            "alive": alive | again,
            "dollars": dollars,
            "hands": xp.where(again, xp.asarray(self.full), hands),
            "played": xp.where(again, xp.zeros_like(played), played),
            "master": xp.where(again & won, winner, state["master"]),
            "duel": xp.where(again, duel + 1, duel),
            "shootout": xp.where(ends, xp.where(finished, shootout, 1),
                                 xp.where(over, shootout, shootout + 1)),
            "winners": winners,
            "over": over | finished,
        }

    def evaluate(self, xp: Any, state: State) -> Any:
        """``bot.evaluate`` of every play: between two duels (the first shootout, every
        player alive, nothing played) each seat's race value of the dollars still
        needed; NaN inside a duel and once the play is over.

        NumPy only (the shaped reward is the NumPy environment's): the race values
        come from ``bot.race_shares`` (cached) once per distinct row of dollars, since
        a table of every row would hold ``(target + 1) ** players`` of them, four
        million at $20 and five players.
        """
        needs = np.clip(self.target - np.asarray(state["dollars"]).T, 0, self.target)
        distinct, inverse = np.unique(needs, axis=0, return_inverse=True)
        values = np.array([race_shares(tuple(int(v) for v in row)) for row in distinct])
        shares = values[inverse.reshape(-1)]
        between = (
            (state["shootout"] == 1) & np.all(state["alive"], axis=0)
            & ~np.any(state["played"] > 0, axis=(0, 1)) & ~state["over"]
        )
        return np.where(between[:, None], shares, np.nan)

    def bot(self, spec: str, env: Plays, rng: np.random.Generator) -> Policy:
        """A batched bot for ``env``'s seats: ``greedy`` (at a level: ``greedy:easy``)."""
        name, _, level = spec.partition(":")
        if name != "greedy":
            raise ValueError(f"no batched bot {spec!r} for Duel: 'greedy' (or greedy:LEVEL)")
        return greedy(self, env, rng, SAMPLES[check_level(level or "normal")])

    # ------------------------------------------------------------------ observations
    def _fields(self, xp: Any, state: State, viewers: bool) -> Any:
        """The encoder's fields (``assemble``): ``(envs, seats, size)``, or ``(envs, size)``
        for the spectator. A step is observed whole, so no seat has committed a choice.

        Values are worked out in float32: a quotient of two small whole numbers
        rounded once to float32 is the float64 quotient rounded to float32 (the
        encoders' way), since float64 carries more than twice float32's digits.
        """
        n = self.players
        count = state["over"].shape[0]
        f32 = xp.float32
        over = state["over"]

        def first(value: Any) -> Any:  # (seats, [cards,] plays) -> (plays, seats[, cards])
            return xp.permute_dims(value, (value.ndim - 1, *range(value.ndim - 1)))

        alive = first(state["alive"])
        blocks = {
            "alive": xp.astype(alive, f32),
            "dollars": xp.astype(first(state["dollars"]), f32) / f32(self.target),
            "played": xp.reshape(xp.astype(first(state["played"]), f32) / f32(FULL_HAND),
                                 (count, n * CARD_COUNT)),
            "hand_size": xp.astype(first(xp.sum(state["hands"], axis=1)), f32) / f32(FULL_HAND),
            "master": one_hot(xp, state["master"], n),
            "pending": xp.astype(alive & ~over[:, None], f32),
            "shootout": xp.astype(state["shootout"][:, None], f32) / f32(self.shootout_limit),
            "duel": xp.astype(state["duel"][:, None], f32) / f32(self.duel_limit),
            "over": xp.astype(over[:, None], f32),
            "winners": xp.astype(first(state["winners"]), f32),
        }
        if viewers:
            blocks["viewer"] = xp.broadcast_to(xp.eye(n, dtype=f32), (count, n, n))
            blocks["hand"] = (xp.astype(first(state["hands"]), f32)
                              / xp.asarray(HAND_SCALE, dtype=f32))
        return assemble(xp, self.encoder.layout, blocks, count, n if viewers else None)


def greedy_scores(before: State, after: State, seat: int) -> np.ndarray:
    """``bot.score`` of each play's shootout for ``seat``: ``after`` is ``before`` played
    out (states of the same plays)."""
    n = before["alive"].shape[0]
    others = n - 1
    gained = after["dollars"].astype(np.int64) - before["dollars"]
    value = 10.0 * gained[seat] - 10.0 * (gained.sum(axis=0) - gained[seat]) / others
    alive = after["alive"]
    fallen = (~alive).sum(axis=0) - (~alive[seat])
    going_on = (value + np.where(alive[seat], 0.0, -5.0) + 2.0 * fallen / others
                + WORTH @ after["hands"][seat])
    # A duel that ended without a winner starts a new one: everyone alive, hands full,
    # which the same sum values.
    won = after["winners"][seat]
    return np.where(after["over"], np.where(won, 100.0, -100.0),
                    np.where((gained != 0).any(axis=0), value, going_on))


def greedy(rules: DuelBatch, env: Plays, rng: np.random.Generator,
           samples: int = SAMPLES["normal"]) -> Policy:
    """The greedy bot (``bot.GreedyBot``) for every seat of every play of ``env`` at once:
    each deciding seat plays out the shootout with each of its legal cards against
    ``samples`` sets of random replies from the others (the same sets for every card),
    scores each with the bot's ``score`` and plays a best card (a tie drawn at random).

    It reads ``env.state``: at a step's start nothing in Duel is hidden (every hand
    is the full hand less the cards lying played, which are public).
    """

    def policy(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        legal = masks[..., :-1].astype(bool)
        count, n, _ = legal.shape
        actions = np.full((count, n), rules.noop, dtype=np.int64)
        for seat in range(n):
            rows = np.flatnonzero(legal[:, seat].any(axis=1))
            if rows.size:
                part = rules.plays(np, env.state, rows)
                actions[rows, seat] = _greedy_choice(rules, part, legal[rows], seat, samples, rng)
        return actions

    return policy


def _greedy_choice(rules: DuelBatch, state: State, legal: np.ndarray, seat: int,
                   samples: int, rng: np.random.Generator) -> np.ndarray:
    count, n, width = legal.shape
    # Replies: every other deciding seat's card drawn at random, per sample.
    weights = rng.random((count, samples, n, width)) * legal[:, None, :, :]
    deciding = cast(np.ndarray, legal.any(axis=2))  # an array: reduced along one axis
    replies = np.where(deciding[:, None, :], weights.argmax(axis=3), rules.noop)
    joint = np.repeat(replies[:, :, None, :], width, axis=2)  # (plays, samples, cards, seats)
    joint[:, :, :, seat] = np.arange(width)
    size = samples * width
    before = {key: np.repeat(value, size, axis=-1) for key, value in state.items()}
    after = rules.step(np, before, joint.reshape(-1, n), {})
    scores = greedy_scores(before, after, seat).reshape(count, samples, width).sum(axis=1)
    scores = np.where(legal[:, seat], scores, -np.inf)
    best = scores.max(axis=1, keepdims=True)
    near = scores >= best - 1e-9
    return (rng.random(near.shape) * near).argmax(axis=1)


__all__ = ["DuelBatch", "greedy", "greedy_scores"]
