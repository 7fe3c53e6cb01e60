"""Duel over arrays: thousands of plays stepped at once (``plunder.rl.batched``).

The rules of ``rules.py`` (R6-R38: shootouts, hits and deflections, cards coming
back, the end of a duel and of the game) written over arrays with a row per
play, and the observation of ``encoder.py`` written from them. Everything is a
pure function of arrays in the array-API style (``xp`` is NumPy here); the only
chance, the first duelling master, is drawn outside and handed to ``deal``. The
differential tests (``tests/rl/test_batch_duel.py``) hold every step of it to
the scalar engine.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from plunder.engine.bots import check_level
from plunder.games.duel.bot import HAND_VALUE, SAMPLES, race_shares
from plunder.games.duel.content import CONTENT
from plunder.games.duel.rules import CARD_NAMES, CARDS, DuelGame
from plunder.rl.batched import BatchEnv, BatchRules, Chance, Policy, State, assemble, one_hot

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
    """Duel's rules for ``game``'s options over arrays (see the module's docstring)."""

    game: DuelGame

    def __init__(self, game: DuelGame) -> None:
        super().__init__(game)
        space = game.action_space()
        self.card_of = np.array([CARD_NAMES.index(a.card) for a in space])  # type: ignore[attr-defined]
        self.target_of = np.array(
            [-1 if a.target is None else a.target for a in space]  # type: ignore[attr-defined]
        )
        # Which weapons each card deflects under the game's reading (R12-R16, R29-R31).
        self.deflects = np.array(
            [[weapon in game.deflects[name] for weapon in WEAPONS] for name in CARD_NAMES]
        )
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
        return {
            "alive": xp.ones((count, n), dtype=xp.bool),
            "dollars": xp.zeros((count, n), dtype=xp.int64),
            "hands": xp.broadcast_to(xp.asarray(FULL), (count, n, CARD_COUNT)) + 0,
            "played": xp.zeros((count, n, CARD_COUNT), dtype=xp.int64),
            "master": master,
            "duel": xp.ones(count, dtype=xp.int64),
            "shootout": xp.ones(count, dtype=xp.int64),
            "winners": xp.zeros((count, n), dtype=xp.bool),
            "over": xp.zeros(count, dtype=xp.bool),
        }

    def legal(self, xp: Any, state: State) -> Any:
        # R7: every living player chooses a card in hand, a weapon aimed at another
        # living player or at no one.
        card_of, target_of = xp.asarray(self.card_of), xp.asarray(self.target_of)
        deciding = state["alive"] & ~state["over"][:, None]
        held = xp.take(state["hands"], card_of, axis=2) > 0
        aimed = target_of >= 0
        target_alive = xp.take(state["alive"], xp.where(aimed, target_of, 0), axis=1)
        other = target_of[None, :] != xp.arange(self.players)[:, None]
        reach = ~aimed[None, None, :] | (target_alive[:, None, :] & other[None, :, :])
        return deciding[:, :, None] & held & reach

    def step(self, xp: Any, state: State, actions: Any, chance: Chance) -> State:
        n = self.players
        alive, hands, played = state["alive"], state["hands"], state["played"]
        over, shootout, duel = state["over"], state["shootout"], state["duel"]
        acting = alive & ~over[:, None]
        index = xp.where(acting, actions, 0)
        card = xp.take(xp.asarray(self.card_of), index)
        target = xp.where(acting, xp.take(xp.asarray(self.target_of), index), -1)
        chose = xp.astype(one_hot(xp, card, CARD_COUNT), xp.int64) * xp.astype(
            acting[:, :, None], xp.int64
        )
        hands = hands - chose
        played = played + chose
        # R12-R16: an attack hits unless the target's own card deflects its weapon;
        # hits are simultaneous.
        weapon = xp.where(target >= 0, xp.take(xp.asarray(WEAPON_OF), card), -1)
        aimed_at = one_hot(xp, target, n)  # shooter, target
        fired = one_hot(xp, weapon, len(WEAPONS))  # shooter, weapon
        incoming = xp.sum(aimed_at[:, :, :, None] * fired[:, :, None, :], axis=1) > 0
        stops = xp.take(xp.asarray(self.deflects), card, axis=0)
        hit = acting & xp.any(incoming & ~stops, axis=2)
        alive = alive & ~hit
        # R17, R18, R32: cards come back to the hands of players who were not hit.
        spared = acting & ~hit
        itself = spared & xp.take(xp.asarray(RETURNS_ITSELF), card)
        reload = spared & xp.take(xp.asarray(RETURNS_ALL), card)
        back = xp.astype(itself[:, :, None], xp.int64) * chose
        hands, played = hands + back, played - back
        every = xp.astype(reload[:, :, None], xp.int64) * played
        hands, played = hands + every, played - every
        # R19-R23: the duel ends with one standing (the winner), none, or the limit.
        living = xp.sum(xp.astype(alive, xp.int64), axis=1)
        ends = ~over & ((living <= 1) | (shootout >= self.shootout_limit))
        won = ends & (living == 1)
        winner = xp.argmax(xp.astype(alive, xp.int64), axis=1)
        gain = xp.astype(one_hot(xp, xp.where(won, winner, -1), n), xp.int64)
        dollars = state["dollars"] + gain
        rich = won & (xp.sum(dollars * gain, axis=1) >= self.target)
        last = ends & ~rich & (duel >= self.duel_limit)
        finished = rich | last
        richest = xp.max(dollars, axis=1, keepdims=True)
        winners = xp.where(
            rich[:, None], gain > 0,
            xp.where(last[:, None], (dollars == richest) & (dollars > 0), state["winners"]),
        )
        # R24, R25, R38: a new duel: everyone alive with a full hand; the winner commands.
        fresh = (ends & ~finished)[:, None]
        full = xp.broadcast_to(xp.asarray(FULL), hands.shape)
        return {
            "alive": xp.where(fresh, True, alive),
            "dollars": dollars,
            "hands": xp.where(fresh[:, :, None], full, hands),
            "played": xp.where(fresh[:, :, None], 0, played),
            "master": xp.where(ends & ~finished & won, winner, state["master"]),
            "duel": xp.where(ends & ~finished, duel + 1, duel),
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
        needs = np.clip(self.target - np.asarray(state["dollars"]), 0, self.target)
        distinct, inverse = np.unique(needs, axis=0, return_inverse=True)
        values = np.array([race_shares(tuple(int(v) for v in row)) for row in distinct])
        shares = values[inverse.reshape(-1)]
        between = (
            (state["shootout"] == 1) & np.all(state["alive"], axis=1)
            & ~np.any(state["played"] > 0, axis=(1, 2)) & ~state["over"]
        )
        return np.where(between[:, None], shares, np.nan)

    def bot(self, spec: str, env: BatchEnv, rng: np.random.Generator) -> Policy:
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
        count = state["alive"].shape[0]
        f32 = xp.float32
        over = state["over"]
        blocks = {
            "alive": xp.astype(state["alive"], f32),
            "dollars": xp.astype(state["dollars"], f32) / f32(self.target),
            "played": xp.reshape(xp.astype(state["played"], f32) / f32(FULL_HAND),
                                 (count, n * CARD_COUNT)),
            "hand_size": xp.astype(xp.sum(state["hands"], axis=2), f32) / f32(FULL_HAND),
            "master": one_hot(xp, state["master"], n),
            "pending": xp.astype(state["alive"] & ~over[:, None], f32),
            "shootout": xp.astype(state["shootout"][:, None], f32) / f32(self.shootout_limit),
            "duel": xp.astype(state["duel"][:, None], f32) / f32(self.duel_limit),
            "over": xp.astype(over[:, None], f32),
            "winners": xp.astype(state["winners"], f32),
        }
        if viewers:
            blocks["viewer"] = xp.broadcast_to(xp.eye(n, dtype=f32), (count, n, n))
            blocks["hand"] = xp.astype(state["hands"], f32) / xp.asarray(HAND_SCALE, dtype=f32)
        return assemble(xp, self.encoder.layout, blocks, count, n if viewers else None)


def greedy_scores(before: State, after: State, seat: int) -> np.ndarray:
    """``bot.score`` of each row's shootout for ``seat``: ``after`` is ``before`` played
    out (rows of the same shape)."""
    n = before["alive"].shape[1]
    others = n - 1
    gained = after["dollars"] - before["dollars"]
    value = 10.0 * gained[:, seat] - 10.0 * (gained.sum(axis=1) - gained[:, seat]) / others
    alive = after["alive"]
    fallen = (~alive).sum(axis=1) - (~alive[:, seat])
    going_on = (value + np.where(alive[:, seat], 0.0, -5.0) + 2.0 * fallen / others
                + after["hands"][:, seat, :] @ WORTH)
    # A duel that ended without a winner starts a new one: everyone alive, hands full,
    # which the same sum values.
    won = after["winners"][:, seat]
    return np.where(after["over"], np.where(won, 100.0, -100.0),
                    np.where((gained != 0).any(axis=1), value, going_on))


def greedy(rules: DuelBatch, env: BatchEnv, rng: np.random.Generator,
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
                part = {key: value[rows] for key, value in env.state.items()}
                actions[rows, seat] = _greedy_choice(rules, part, legal[rows], seat, samples, rng)
        return actions

    return policy


def _greedy_choice(rules: DuelBatch, state: State, legal: np.ndarray, seat: int,
                   samples: int, rng: np.random.Generator) -> np.ndarray:
    count, n, width = legal.shape
    # Replies: every other deciding seat's card drawn at random, per sample.
    weights = rng.random((count, samples, n, width)) * legal[:, None, :, :]
    replies = np.where(legal.any(axis=2)[:, None, :], weights.argmax(axis=3), rules.noop)
    joint = np.repeat(replies[:, :, None, :], width, axis=2)  # (plays, samples, cards, seats)
    joint[:, :, :, seat] = np.arange(width)
    size = samples * width
    before = {key: np.repeat(value, size, axis=0) for key, value in state.items()}
    after = rules.step(np, before, joint.reshape(-1, n), {})
    scores = greedy_scores(before, after, seat).reshape(count, samples, width).sum(axis=1)
    scores = np.where(legal[:, seat], scores, -np.inf)
    best = scores.max(axis=1, keepdims=True)
    near = scores >= best - 1e-9
    return (rng.random(near.shape) * near).argmax(axis=1)


__all__ = ["DuelBatch", "greedy", "greedy_scores"]
