"""Pirate Rumble over arrays: thousands of plays stepped at once (``plunder.engine.batch``).

The rules of ``rules.py`` for both modes and all the pirates, written over
arrays that hold the play on their last axis (``RumbleBatch``): choosing a card
(R9-R16, the costs, the aims, the neighbours), the reach for golden cards (R24,
R69, R80: grabs, races, Ching Shih's dig, the pile made anew from the discard
pile), and the battle in R13's order (hide, cover, steal, damage with guards and
blocks, bullets, the reserve, deaths, health, Pick), the end of a round and of the
game. What a card does is the list of effects ``cards.toml`` gives it: each effect
is written here once, over arrays, by name (``EFFECTS``), as ``effects.py`` writes
it for one play.

Everything is a pure function of arrays in the array-API style (``xp`` is NumPy
here); the arrays' other axes are small (seats, cards), so NumPy's inner loops run
over the plays, and small tables read by index stand in for fancy indexing. Chance
is drawn outside and handed in: at the deal, the pirates, the golden pile's order
and the camp cards; at a step, keys that order a pile made anew and keys that
settle races. The differential tests (``tests/rl/test_batch_rumble.py``) hold
every step to the scalar engine.

The batch engine plays the options ``pirates`` (``random`` or a list, not the
draft) and ``gestures`` off; every other option as the rules do.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from plunder.engine.batch import BatchRules, Chance, State, assemble, one_hot
from plunder.engine.errors import OptionError
from plunder.games.rumble.content import CONTENT
from plunder.games.rumble.effects import MAX_BULLETS, PICK_BULLETS, PICK_HEALTH
from plunder.games.rumble.encoder import (
    CAMPS,
    DECISIONS,
    MAX_CARDS,
    MAX_HEALTH,
    MAX_TOKENS,
    PILE_SIZE,
)
from plunder.games.rumble.encoder import MAX_BULLETS as SHOWN_BULLETS
from plunder.games.rumble.game import RumbleGame
from plunder.games.rumble.rules import (
    COVER_TOKEN,
    DIG_DISCARD,
    DOUBLE_SHOT,
    GRAND_STEAL,
    LONG_CUT,
    RESERVE_HEALTH,
    RumbleAction,
)

CARDS = list(CONTENT.cards)
GOLDEN = [name for name, card in CONTENT.cards.items() if card.golden]
PIRATES = sorted(CONTENT.pirates)
C, G, K = len(CARDS), len(GOLDEN), len(PIRATES)
PILE = [GOLDEN.index(card) for card in CONTENT.golden_pile]
L = len(PILE)
AIM = {"none": 0, "any": 1, "neighbour": 2, "two": 3}
NONE, ANY, NEIGHBOUR, TWO = range(4)
PHASES = ("choose", "reach")
CHOOSE, REACH = range(2)
# The ``decision`` field's one-hot index of each phase (over, choose, reach): the
# encoder lists draft, choose, gesture, reach.
DECISION_OF = np.array([-1, DECISIONS.index("choose"), DECISIONS.index("reach")])


def _card_table(test: Any) -> np.ndarray:
    return np.array([test(CONTENT.cards[name]) for name in CARDS])


def _pirate_table(test: Any) -> np.ndarray:
    return np.array([test(CONTENT.pirates[name]) for name in PIRATES])


COST = _card_table(lambda c: c.cost)
assert (COST >= 0).all(), "legal reads a cost below 0 as never paid"
AIM_OF = _card_table(lambda c: AIM[c.target])
IS_GOLDEN = _card_table(lambda c: c.golden)
GOLDEN_OF = np.array([GOLDEN.index(n) if n in GOLDEN else -1 for n in CARDS])
CARD_OF_GOLDEN = np.array([CARDS.index(n) for n in GOLDEN])
HAND = np.array([[name in CONTENT.pirates[p].hand for name in CARDS] for p in PIRATES])
HEALTH = _pirate_table(lambda p: p.health)
MOST_HEALTH = _pirate_table(lambda p: p.max_health)
BULLETS = _pirate_table(lambda p: p.bullets)
TOKENS = _pirate_table(lambda p: p.tokens)
SECRETS = _pirate_table(lambda p: p.random_golden)
ABILITY = {
    name: _pirate_table(lambda p, name=name: name in p.abilities)
    for name in (RESERVE_HEALTH, COVER_TOKEN, DOUBLE_SHOT, LONG_CUT, GRAND_STEAL, DIG_DISCARD,
                 "fire_reload")
}
# Each card's effects by name: (card, amount) for the cards that have it.
HAS = {
    name: np.array([any(step.name == name for step in CONTENT.cards[c].effects) for c in CARDS])
    for name in {step.name for card in CONTENT.cards.values() for step in card.effects}
}
AMOUNT = {
    name: np.array([sum(step.amount for step in CONTENT.cards[c].effects if step.name == name)
                    for c in CARDS])
    for name in HAS
}
CUT_CARD = HAS["cut"]
COVER_CARD = HAS["cover"]
# The same, as tables a step reads once: per effect (``EFFECT_NAMES`` order), the
# cards that have it and their amounts; per ability (``ABILITY_NAMES``), the pirates.
# Effect first: taken at every seat's card, they give ``(effects, seats, plays)``.
EFFECT_NAMES = tuple(sorted(HAS))
FLAGS = np.stack([HAS[name] for name in EFFECT_NAMES], axis=0)
# In int16, as the damage ``Tally.settle`` sums is: exact, no amount comes near 2**15.
AMOUNTS = np.stack([AMOUNT[name] for name in EFFECT_NAMES], axis=0).astype(np.int16)
assert np.abs(AMOUNTS).max() < 2**8, "amounts are summed over a few seats in int16"
ABILITY_NAMES = tuple(ABILITY)
ABILITIES = np.stack([ABILITY[name] for name in ABILITY_NAMES], axis=0)
# The cards in the order ``legal`` lists them: those that are not golden, then the
# golden cards (``GOLDEN`` order); and each card's place in that order.
HAND_CARDS = C - G
HELD_ORDER = np.concatenate([np.flatnonzero(~IS_GOLDEN), CARD_OF_GOLDEN])
ROW_OF_CARD = np.argsort(HELD_ORDER)
MOST_COST = int(COST.max())
# Each pirate's own golden cards, per golden card (they leave the pile at the deal).
OWN_GOLDEN = np.array([[CONTENT.pirates[p].golden.count(g) for g in GOLDEN] for p in PIRATES])
# Per card and the card -1 first (none played): its golden card (-1), whether it searches.
GOLDEN_AFTER_NONE = np.concatenate([[-1], GOLDEN_OF])
SEARCH_AFTER_NONE = np.concatenate([[False], HAS["search"]])
# Every copy of a golden card there can be, listed card by card, and which copy of
# its card each is (from 0): the k-th copy of card g is there when k < counts[g].
COPIES = np.array(PILE, dtype=np.int64)
NTH = np.array([PILE[:i].count(g) for i, g in enumerate(PILE)], dtype=np.int64)
# A power of two above every place in the golden pile (``_compact``, ``_from_counts``).
PLACES = 1 << L.bit_length()


class RumbleBatch(BatchRules):
    """Pirate Rumble's rules for ``game``'s options over arrays (module docstring).

    The state holds the play on the last axis of every array (``play_axis``): per
    seat ``(seats, plays)`` (``alive``, ``health``, ``played``...), ``golden`` and
    ``secret`` ``(seats, golden, plays)``, ``targets`` ``(seats, 2, plays)``, the
    ``pile`` ``(pile, plays)``, the ``area`` ``(slots, plays)``, the ``discard`` pile
    ``(golden, plays)``, the rest ``(plays,)``. Chance comes play first, as NumPy
    draws it.
    """

    game: RumbleGame
    play_axis = -1

    def __init__(self, game: RumbleGame) -> None:
        options = game.options
        if options["pirates"] == "draft":
            raise OptionError("the batch engine deals the pirates: 'random' or a list, not "
                              "the draft", field="pirates")
        if options["gestures"]:
            raise OptionError("the batch engine plays without gestures", field="gestures")
        super().__init__(game)
        unknown = set(EFFECT_NAMES) - set(EFFECTS)
        if unknown:
            raise NotImplementedError(f"effects the batch engine does not know: {unknown}")
        self.n = n = self.players
        self.slots = n // 2
        self.camp_mode = options["mode"] == "camp"
        self.at = self.encoder.at
        space = game.action_space()
        actions: list[RumbleAction] = list(space)  # type: ignore[arg-type]
        self.verb = np.array([_VERBS.index(a.verb) for a in actions])
        self.card = np.array([CARDS.index(a.name) if a.verb == "play" else -1 for a in actions])
        self.first = np.array([a.targets[0] if a.targets else -1 for a in actions])
        self.second = np.array([a.targets[1] if len(a.targets) > 1 else -1 for a in actions])
        self.slot = np.array([int(a.name) if a.verb == "grab" else -1 for a in actions])
        self.dug = np.array([GOLDEN.index(a.name) if a.verb == "dig" else -1 for a in actions])
        if self.camp_mode:
            table = CONTENT.camp_tables[n]
            self.camp_deck = [CAMPS.index(c) for c in (
                ["sun-boss", "moon-boss", "lone-boss"] + ["sun"] * table.sun + ["moon"] * table.moon
            )]
            self.boss_up = np.array([
                CAMPS[c].endswith("-boss") and CAMPS[c].split("-")[0] in table.face_up
                for c in range(len(CAMPS))
            ])
        self.camp_side = np.array([CAMPS.index(c) % 3 if c.endswith("-boss") else
                                   ("sun", "moon").index(c) for c in CAMPS])
        fixed = options["pirates"]
        self.fixed = None if fixed == "random" else [PIRATES.index(p) for p in game.pirate_list]
        # Per way round the table, seat and seats alive (bit s for seat s): the seat's
        # first living pirate that way, or -1 (``sides``).
        side_table = np.full((2, n, 1 << n), -1, dtype=np.int64)
        for alive_bits in range(1 << n):
            for seat in range(n):
                for w, way in enumerate((-1, 1)):
                    for step in range(1, n):
                        other = (seat + way * step) % n
                        if alive_bits >> other & 1:
                            side_table[w, seat, alive_bits] = other
                            break
        self.side_table = side_table.reshape(2, -1)
        self._tables()

    # ------------------------------------------------------------------ chance
    def deal_chance(self, rng: np.random.Generator, count: int) -> Chance:
        if self.fixed is None:
            pirates = np.argsort(rng.random((count, K)), axis=1)[:, : self.n]
        else:
            pirates = np.broadcast_to(np.array(self.fixed), (count, self.n)).copy()
        pile = np.array(PILE)[np.argsort(rng.random((count, L)), axis=1)]
        chance: Chance = {"pirates": pirates, "pile": pile}
        if self.camp_mode:
            deck = np.array(self.camp_deck)
            chance["camps"] = deck[np.argsort(rng.random((count, self.n)), axis=1)]
        return chance

    def step_chance(self, rng: np.random.Generator, state: State) -> Chance:
        count = state["over"].shape[0]
        return {"shuffle": rng.random((count, L)), "race": rng.random((count, self.n))}

    # ------------------------------------------------------------------ the deal
    def deal(self, xp: Any, chance: Chance) -> State:
        n = self.n
        pirates = _last(xp, xp.asarray(chance["pirates"], dtype=xp.int64))  # (seats, plays)
        count = pirates.shape[1]
        pile = _last(xp, xp.asarray(chance["pile"], dtype=xp.int64))  # (pile, plays)
        # R34, R38, R41: pirates' own golden cards leave the pile (the first copies found).
        golden = _by_pirate(xp, OWN_GOLDEN, pirates)  # (seats, golden, plays)
        leaving = xp.sum(golden, axis=0)  # (golden, plays)
        kinds = _hot(xp, pile, G)  # (pile, golden, plays)
        nth = xp.cumsum(xp.astype(kinds, xp.int64), axis=0)  # the copy's rank, from 1
        present = ~xp.any(kinds & (nth <= leaving[None, :, :]), axis=1)
        pile, size = _compact(xp, pile, present)
        # R84: golden cards no one else saw, drawn from the top in seat order.
        draws = xp.take(xp.asarray(SECRETS), pirates)  # (seats, plays)
        secret = xp.zeros((n, G, count), dtype=xp.int64)
        for k in range(int(SECRETS.max())):
            taking = draws > k
            # The seats drawing now take the cards below the top, one each, in seat order.
            rank = xp.cumsum(xp.astype(taking, xp.int64), axis=0)
            at = size[None, :] - rank
            card = xp.where(taking & (at >= 0), _at(xp, pile, xp.clip(at, 0, L - 1)), -1)
            secret = secret + xp.astype(_hot(xp, card, G), xp.int64)
            size = size - xp.sum(xp.astype(taking & (at >= 0), xp.int64), axis=0)
        golden = golden + secret
        # R5: floor(players / 2) golden cards face up, drawn from the top.
        depth = xp.arange(self.slots)[:, None]
        at = size[None, :] - 1 - depth
        area = xp.where(at >= 0, _at(xp, pile, xp.clip(at, 0, L - 1)), -1)
        size = xp.maximum(size - self.slots, 0)
        pile = xp.where(xp.arange(L)[:, None] < size[None, :], pile, -1)
        state: State = {
            "pirate": pirates,
            "alive": xp.ones((n, count), dtype=xp.bool),
            "health": xp.take(xp.asarray(HEALTH), pirates),
            "bullets": xp.take(xp.asarray(BULLETS), pirates),
            "tokens": xp.take(xp.asarray(TOKENS), pirates),
            "face_up": xp.full((n, count), -1, dtype=xp.int64),
            "golden": golden,
            "secret": secret,
            "pile": pile,
            "size": size,
            "area": area,
            "discard": xp.zeros((G, count), dtype=xp.int64),
            "camp": xp.full((n, count), -1, dtype=xp.int64),
            "shown": xp.zeros((n, count), dtype=xp.bool),
            "played": xp.full((n, count), -1, dtype=xp.int64),
            "targets": xp.full((n, 2, count), -1, dtype=xp.int64),
            "searchers": xp.zeros((n, count), dtype=xp.bool),
            "phase": xp.zeros(count, dtype=xp.int64),
            "round": xp.ones(count, dtype=xp.int64),
            "winners": xp.zeros((n, count), dtype=xp.bool),
            "over": xp.zeros(count, dtype=xp.bool),
        }
        if self.camp_mode:
            camps = _last(xp, xp.asarray(chance["camps"], dtype=xp.int64))
            state["camp"] = camps
            # R51, R85: the bosses the table names are face up.
            state["shown"] = xp.take(xp.asarray(self.boss_up), camps)
        return state

    # ------------------------------------------------------------------ the table
    def _seen_alive(self, xp: Any, alive: Any) -> Any:
        """``(seats, plays)``: each seat with the seats alive, as an index into the tables
        by seat and seats alive (``seat * 2**seats`` plus bit s for seat s alive)."""
        n = self.n
        bits = xp.asarray(1 << np.arange(n, dtype=np.int64))
        alive_bits = xp.sum(xp.where(alive, bits[:, None], 0), axis=0)
        return xp.arange(n)[:, None] * (1 << n) + alive_bits[None, :]

    def sides(self, xp: Any, alive: Any) -> tuple[Any, Any]:
        """Each seat's first living pirate one way round the table and the other way
        (-1 for none), the circle closing over the dead (R59): ``(seats, plays)`` each,
        read in a table by the seats alive."""
        index = self._seen_alive(xp, alive)
        return (xp.take(xp.asarray(self.side_table[0]), index),
                xp.take(xp.asarray(self.side_table[1]), index))

    # ------------------------------------------------------------------ legal actions
    def _tables(self) -> None:
        """What ``legal`` reads: a seat's action is legal when two of a few columns of
        booleans, each ``(seats, plays)``, are both true (``x_column``, ``y_column``):
        for a card played, the card held and paid for, and its targets' condition; for
        a reach, the reach and a column of True; a column of False for the rest."""
        n, actions = self.n, self.actions
        pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
        # Target conditions: none needed, another living pirate t, a neighbour t, two
        # different others (a pair), and one that never holds.
        conditions = 1 + n + n + len(pairs) + 1
        never = conditions - 1
        condition = np.full((K, actions), never)
        for a in range(actions):
            card = self.card[a]
            if card < 0:
                continue
            first, second = self.first[a], self.second[a]
            for k, name in enumerate(PIRATES):
                pirate = CONTENT.pirates[name]
                aim = AIM_OF[card]
                if CUT_CARD[card] and LONG_CUT in pirate.abilities:
                    aim = ANY  # R74: Mary Read's Cut reaches any pirate
                if aim == NONE and first < 0:
                    condition[k, a] = 0
                elif aim == ANY and first >= 0 and second < 0:
                    condition[k, a] = 1 + first
                elif aim == NEIGHBOUR and first >= 0 and second < 0:
                    condition[k, a] = 1 + n + first
                elif aim == TWO and second >= 0 and first < second:
                    condition[k, a] = 1 + 2 * n + pairs.index((first, second))
                elif (aim == TWO and second >= 0 and first == second
                      and DOUBLE_SHOT in pirate.abilities):
                    condition[k, a] = 1 + first  # R74: her Shoot2 may take one twice
        # Whether each condition on targets holds (another living pirate t, a living
        # neighbour t, a pair of living others), per seat and seats alive
        # (``_seen_alive``): ``legal`` reads them all at once.
        aims = np.zeros((2 * n + len(pairs), n, 1 << n), dtype=bool)
        for alive_bits in range(1 << n):
            for seat in range(n):
                other = [bool(alive_bits >> t & 1) and t != seat for t in range(n)]
                aims[:n, seat, alive_bits] = other
                for w in range(2):
                    near = self.side_table[w, seat * (1 << n) + alive_bits]
                    if near >= 0:
                        aims[n + near, seat, alive_bits] = True
                for p, (a, b) in enumerate(pairs):
                    aims[2 * n + p, seat, alive_bits] = other[a] and other[b]
        self.aim_table = aims.reshape(len(aims), -1)
        # The columns: each card held and paid for (C), True, False, then the
        # conditions on targets (another pirate, a neighbour, a pair), then a column
        # per condition that differs between pirates (``mixed``), then the reaches
        # (each slot, each golden card dug).
        true, false = C, C + 1

        def column(code: int) -> int:
            return true if code == 0 else false if code == never else C + 1 + code

        # Pirates whose conditions are all alike share a class; where the classes
        # differ on an action, its column is its class's, per seat (``mixed``).
        classes, klass = np.unique(condition, axis=0, return_inverse=True)
        self.klass = np.asarray(klass).reshape(-1)
        base = C + 2 + 2 * n + len(pairs)
        mixed: dict[tuple[int, ...], int] = {}
        x = np.full(actions, false)
        y = np.full(actions, false)
        for a in range(actions):
            if self.card[a] >= 0:
                x[a] = self.card[a]
                each = tuple(column(int(code)) for code in classes[:, a])
                y[a] = each[0] if len(set(each)) == 1 else base + mixed.setdefault(each,
                                                                                   len(mixed))
        self.mixed = np.array(list(mixed), dtype=np.int64).reshape(-1, len(classes)).T
        reaches = base + len(mixed)
        x = np.where(self.slot >= 0, reaches + self.slot, x)
        x = np.where(self.dug >= 0, reaches + self.slots + self.dug, x)
        y = np.where((self.slot >= 0) | (self.dug >= 0), true, y)
        # ``legal``'s columns list the cards held kept in hand first, then the golden
        # cards (``HELD_ORDER``): each card's column is its place there.
        x = np.where(self.card >= 0, ROW_OF_CARD[np.maximum(self.card, 0)], x)
        self.x_column, self.y_column = x, y
        # Per card (``HELD_ORDER``), whether a seat may play it, by its pirate, its
        # bullets (-1 for below 0, up to the dearest cost: no cost tells more apart) and
        # whether it has no token: a card of the pirate's hand or a golden card (held
        # or not: ``legal`` looks), paid for; Take Cover costs Morgan a token too
        # (R63, R75). A last key, for a seat not choosing, holds nothing.
        levels = MOST_COST + 2
        held = np.zeros((C, K * levels * 2 + 1), dtype=bool)
        for k in range(K):
            tokenless = bool(ABILITY[COVER_TOKEN][k])
            for level in range(levels):
                for no_token in range(2):
                    paid = level - 1 >= COST
                    if tokenless and no_token:
                        paid = paid & ~COVER_CARD
                    have = HAND[k] | IS_GOLDEN
                    held[:, (k * levels + level) * 2 + no_token] = (have & paid)[HELD_ORDER]
        self.held_table = held
        self.held_none = held.shape[1] - 1
        # The one action of each reach: grab a slot, dig a golden card.
        self.grab_action = np.array([int(np.flatnonzero(self.slot == s)[0])
                                     for s in range(self.slots)])
        self.dig_action = np.array([int(np.flatnonzero(self.dug == g)[0]) for g in range(G)])

    def legal(self, xp: Any, state: State) -> Any:
        """R9, R16, R59, R63, R74, R75, R87: each living pirate's cards held (not lying
        face up) and paid for, at the aims their kind of target allows; R24, R69, R80:
        a searcher reaches for a golden card of the area by slot, or Ching Shih with a
        special token digs one of the discard pile. ``(plays, seats, actions)``: a view
        of what is worked out column first (``_tables``), each column ``(seats, plays)``."""
        n = self.n
        count = state["over"].shape[0]
        alive, pirate = state["alive"], state["pirate"]
        bullets, tokens = state["bullets"], state["tokens"]
        choosing = alive & ((state["phase"] == CHOOSE) & ~state["over"])[None, :]
        # Each choosing seat's cards of its hand and golden cards paid for, read in one
        # table (``_tables``): those of its hand not lying face up, the golden cards it
        # holds (a golden card never lies face up).
        level = xp.clip(bullets, -1, MOST_COST) + 1
        key = (pirate * (MOST_COST + 2) + level) * 2 + xp.astype(tokens <= 0, xp.int64)
        paid = xp.take(xp.asarray(self.held_table), xp.where(choosing, key, self.held_none),
                       axis=1)  # (cards, seats, plays)
        kept = paid[:HAND_CARDS, :, :] & (
            state["face_up"][None, :, :] != xp.asarray(HELD_ORDER[:HAND_CARDS])[:, None, None])
        golden = paid[HAND_CARDS:, :, :] & xp.permute_dims(state["golden"] > 0, (1, 0, 2))
        # The conditions on targets: (condition, seat, plays).
        aims = xp.take(xp.asarray(self.aim_table), self._seen_alive(xp, alive), axis=1)
        base = xp.concat([kept, golden, xp.ones((1, n, count), dtype=xp.bool),
                          xp.zeros((1, n, count), dtype=xp.bool), aims], axis=0)
        parts = [base]
        if self.mixed.shape[1]:
            klass = xp.take(xp.asarray(self.klass), pirate)
            mixed = None
            for k in range(self.mixed.shape[0]):
                part = (klass == k)[None, :, :] & xp.take(base, xp.asarray(self.mixed[k]), axis=0)
                mixed = part if mixed is None else mixed | part
            parts.append(mixed)
        reaching = state["searchers"] & ((state["phase"] == REACH) & ~state["over"])[None, :]
        grab = xp.broadcast_to((state["area"] >= 0)[:, None, :], (self.slots, n, count))
        digger = xp.take(xp.asarray(ABILITY[DIG_DISCARD]), pirate) & (tokens > 0)
        dig = digger[None, :, :] & (state["discard"] > 0)[:, None, :]
        parts.append(reaching[None, :, :] & xp.concat([grab, dig], axis=0))
        columns = xp.concat(parts, axis=0)
        legal = (xp.take(columns, xp.asarray(self.x_column), axis=0)
                 & xp.take(columns, xp.asarray(self.y_column), axis=0))
        return xp.permute_dims(legal, (2, 1, 0))

    # ------------------------------------------------------------------ a step
    def step(self, xp: Any, state: State, actions: Any, chance: Chance) -> State:
        over = state["over"]
        choosing = (state["phase"] == CHOOSE) & ~over
        reaching = (state["phase"] == REACH) & ~over
        actions = _last(xp, xp.asarray(actions, dtype=xp.int64))  # (seats, plays)
        index = xp.where(actions < self.noop, actions, 0)
        # R9, R10: the cards chosen, revealed together.
        picked = xp.where(state["alive"] & choosing[None, :],
                          xp.take(xp.asarray(self.card), index), -1)
        revealed = dict(state)
        revealed["played"] = xp.where(choosing[None, :], picked, state["played"])
        revealed["targets"] = xp.where(
            choosing[None, None, :],
            xp.where((picked >= 0)[:, None, :], xp.stack(
                [xp.take(xp.asarray(self.first), index), xp.take(xp.asarray(self.second), index)],
                axis=1), -1),
            state["targets"])
        revealed = self._lose_golden(xp, revealed, choosing, picked)
        # R24, R61, R69: who reaches, and whether it is a decision.
        searchers, options, only = self._reach_options(xp, revealed)
        decide = choosing & ((xp.sum(xp.astype(options > 0, xp.int64), axis=0) > 1)
                             | xp.any(options > 1, axis=0))
        reach = dict(revealed)
        reach["searchers"] = xp.where(decide[None, :], searchers & (options > 0),
                                      xp.zeros_like(searchers))
        reach["phase"] = xp.where(decide, REACH, revealed["phase"])
        # Reaches played now: the decision's answers, or the one reach there is.
        auto = choosing & ~decide
        wanted = xp.where(reaching[None, :], actions,
                          xp.where(auto[None, :], only, self.noop))
        settling = reaching | auto
        settled = self._settle(xp, reach, wanted, settling, chance)
        settled["searchers"] = xp.where(settling[None, :], False, settled["searchers"])
        settled["phase"] = xp.where(settling, CHOOSE, settled["phase"])
        fought = self._battle(xp, settled, settling)
        return fought

    def _lose_golden(self, xp: Any, state: State, rows: Any, picked: Any) -> State:
        # A golden card played leaves its hand: a copy everyone knew of goes first (R70).
        # (The card is masked per seat before it is spread over the golden cards.)
        g = xp.take(xp.asarray(GOLDEN_AFTER_NONE), xp.where(rows[None, :], picked + 1, 0))
        lost = xp.astype(_hot(xp, g, G), xp.int64)
        golden, secret = state["golden"], state["secret"]
        out = dict(state)
        out["golden"] = golden - lost
        out["secret"] = secret - lost * xp.astype(golden <= secret, xp.int64)
        return out

    def _reach_options(self, xp: Any, state: State) -> tuple[Any, Any, Any]:
        """The seats whose revealed card searches, how many reaches each has (R24, R69,
        R80): the filled slots of the area, and for a digger the cards of the discard
        pile; and the one reach of a searcher that has one, as an action index (the
        no-op for the others)."""
        played = state["played"]
        searching = xp.take(xp.asarray(SEARCH_AFTER_NONE), played + 1)
        filled = state["area"] >= 0
        digger = xp.take(xp.asarray(ABILITY[DIG_DISCARD]), state["pirate"]) & (state["tokens"] > 0)
        kinds = state["discard"] > 0
        filled_ones, kinds_ones = xp.astype(filled, xp.int64), xp.astype(kinds, xp.int64)
        options = (xp.sum(filled_ones, axis=0)[None, :]
                   + xp.where(digger, xp.sum(kinds_ones, axis=0)[None, :], 0))
        options = xp.where(searching, options, 0)
        # With one reach, the sum of the actions of the slots filled and of the cards
        # a digger may dig is that reach's action (sums of products: no ``where``).
        grab = xp.sum(filled_ones * xp.asarray(self.grab_action)[:, None], axis=0)
        dig = xp.sum(kinds_ones * xp.asarray(self.dig_action)[:, None], axis=0)
        one = grab[None, :] + xp.where(digger, dig[None, :], 0)
        only = xp.where(options == 1, one, self.noop)
        return searching, options, only

    def _settle(self, xp: Any, state: State, wanted: Any, rows: Any, chance: Chance) -> State:
        """R24, R40, R69, R80: digs, then each slot's card to the first touch or to a draw
        of lots, the slot filled again from the pile (made anew from the discard pile
        when empty)."""
        n = self.n
        index = xp.where(wanted < self.noop, wanted, 0)
        reaching = rows[None, :] & (wanted < self.noop)
        dug = xp.where(reaching, xp.take(xp.asarray(self.dug), index), -1)
        digging = dug >= 0
        got = xp.astype(_hot(xp, dug, G), xp.int64)  # (seats, golden, plays)
        out = dict(state)
        out["discard"] = state["discard"] - xp.sum(got, axis=0)
        out["tokens"] = state["tokens"] - xp.astype(digging, xp.int64)
        slot = xp.where(reaching & ~digging, xp.take(xp.asarray(self.slot), index), -1)
        race = _last(xp, xp.asarray(chance["race"]))
        # Race 'random': the highest key among the claimants; 'arrival': the key is the
        # time of arrival, the lowest wins.
        keys = race if self.game.options["race"] == "random" else -race
        # The pile each play would make anew from its discard pile, once: a play makes
        # it at most once a step, before which its discard pile stays as it is now.
        # Only a play that claims a slot with fewer cards in its pile than there are
        # slots can draw from an empty pile: the piles are made for those plays alone
        # (a few a step), or for none.
        renewable = ((xp.sum(out["discard"], axis=0) > 0) & xp.any(slot >= 0, axis=0)
                     & (out["size"] < self.slots))
        fresh = _fresh(xp, out["discard"], xp.asarray(chance["shuffle"]), renewable)
        area = first_area = out["area"]
        winners = []
        for s in range(self.slots):
            claims = slot == s
            claimed = xp.any(claims, axis=0)
            winners.append(xp.argmax(xp.where(claims, keys, -xp.inf), axis=0))
            drawn, out, renewable = self._draw(xp, out, claimed, fresh, renewable)
            area = xp.where((xp.arange(self.slots) == s)[:, None] & claimed[None, :],
                            drawn[None, :], area)
        out["area"] = area
        # A seat reaches once a step: it gains the card it dug, or the card of the slot
        # it claimed if it won the slot; at most one card, added to its hand at once.
        gained = dug
        if winners:
            claiming = slot >= 0
            claimed_slot = xp.where(claiming, slot, 0)
            won = claiming & (_at(xp, xp.stack(winners, axis=0), claimed_slot)
                              == xp.arange(n)[:, None])
            gained = xp.where(won, _at(xp, first_area, claimed_slot), dug)
        out["golden"] = state["golden"] + xp.astype(_hot(xp, gained, G), xp.int64)
        # The cards drawn leave their piles: every place above a pile's size is empty
        # (-1, as a product: NumPy's ``where`` stalls on a mask this mixed).
        below = xp.astype(xp.arange(L)[:, None] < out["size"][None, :], xp.int64)
        out["pile"] = (out["pile"] + 1) * below - 1
        return out

    def _draw(self, xp: Any, state: State, rows: Any, fresh: tuple[Any, Any] | None,
              renewable: Any) -> tuple[Any, State, Any]:
        """The top of the golden pile for ``rows`` (-1 if there is none); an empty pile is
        made anew from the discard pile (``fresh``, the pile and its size) where it is
        ``renewable`` (cards in the discard pile) (R69); and where it still is (not made
        anew now: its discard pile is left empty). ``fresh`` is None where no play is
        ``renewable``."""
        out = dict(state)
        if fresh is None:  # no pile is made anew in this step
            card, out["size"] = _pop(xp, state["pile"], state["size"], rows)
            return card, out, renewable
        renew = rows & (state["size"] == 0) & renewable
        out["pile"] = xp.where(renew[None, :], fresh[0], state["pile"])
        out["size"] = xp.where(renew, fresh[1], state["size"])
        out["discard"] = xp.where(renew[None, :], 0, state["discard"])
        card, out["size"] = _pop(xp, out["pile"], out["size"], rows)
        return card, out, renewable & ~renew

    def _battle(self, xp: Any, state: State, rows: Any) -> State:
        """R13 and what follows: the battle of the cards revealed, then the round's end."""
        n = self.n
        living = state["alive"]
        pirate = state["pirate"]
        played, targets = state["played"], state["targets"]
        out = dict(state)
        card = xp.where(played >= 0, played, 0)
        acting = rows[None, :] & (played >= 0)
        flags = xp.take(xp.asarray(FLAGS), card, axis=1) & acting[None]  # (effects, seats, plays)
        ability = xp.take(xp.asarray(ABILITIES), pirate, axis=1)

        def has(effect: str) -> Any:
            return flags[EFFECT_NAMES.index(effect)]

        def able(name: str) -> Any:
            return ability[ABILITY_NAMES.index(name)]

        # R63: costs are paid as the cards are revealed; Take Cover costs Morgan a token.
        cost = xp.where(acting, xp.take(xp.asarray(COST), card), 0)
        token_cost = has("cover") & able(COVER_TOKEN)
        bullets = state["bullets"] - cost
        tokens = state["tokens"] - xp.astype(token_cost, xp.int64)
        # R30, R67: hiders; a card aimed at a hider does nothing at all.
        hiders = has("hide")
        on_hider = _at(xp, hiders, xp.where(targets >= 0, targets, 0))  # (seats, 2, plays)
        aimed_hider = xp.any(on_hider & (targets >= 0), axis=1)
        active = ~aimed_hider[None] & flags
        # R44, R75: Take Cover names who suffers what is aimed at its player.
        covering = active[EFFECT_NAMES.index("cover")]
        cover = xp.where(covering, targets[:, 0, :], xp.arange(n)[:, None])
        tally = Tally(xp, n, living, hiders, cover, self.sides(xp, living), targets)
        round_ = Round(targets=targets, played=played, able=able)
        # Every effect's amounts, taken at the cards at once and 0 where the effect is
        # not active (a product: NumPy's ``where`` stalls on masks this mixed), in
        # int16: one small table read once, not one ``where`` per effect.
        amount = xp.take(xp.asarray(AMOUNTS), card, axis=1) * xp.astype(active, xp.int16)
        for index in _BATTLE_EFFECTS:
            EFFECTS[EFFECT_NAMES[index]](tally, active[index], amount[index], round_)
        tally.settle()
        bullets = self._steals(xp, tally, bullets, able(GRAND_STEAL))
        health = self._damage(xp, tally, state["health"])
        bullets = xp.minimum(MAX_BULLETS, bullets + tally.bullets)
        # R32, R72: Roberts' special token is an extra health token below 3.
        reserve = rows[None, :] & living & (health < 3) & (tokens > 0) & able(RESERVE_HEALTH)
        tokens = tokens - xp.astype(reserve, xp.int64)
        health = health + xp.astype(reserve, xp.int64)
        most = xp.take(xp.asarray(MOST_HEALTH), pirate)
        gasp = self.game.options["last_gasp"] == "yes"
        if gasp:  # R93: this round's health comes before deaths are settled
            health, bullets = _health(xp, tally, living, health, bullets, most)
        dead = rows[None, :] & living & (health <= 0)
        health = xp.where(dead, 0, health)
        alive = living & ~dead
        if not gasp:
            health, bullets = _health(xp, tally, alive, health, bullets, most)
        out.update(health=health, bullets=bullets, tokens=tokens, alive=alive)
        if self.camp_mode:
            out["shown"] = state["shown"] | dead  # R55: a dead pirate's camp card is shown
        return self._end_round(xp, out, rows, tally.pickers)

    def _steals(self, xp: Any, tally: Tally, bullets: Any, grand: Any) -> Any:
        """R13, R31, R68: steals judged together on the bullets held before any steal
        (``grand``: the stealers who take a whole pocket)."""
        claims = tally.claims  # (target, stealer, plays)
        held = bullets
        count = xp.sum(xp.astype(claims, xp.int64), axis=1)
        fails = tally.steal_proof | (held == 0) | (held < count)
        good = claims & ~fails[:, None, :]
        plain = good & ~grand[None, :, :]
        plains = xp.sum(xp.astype(plain, xp.int64), axis=1)  # per target
        taken = xp.where(good & grand[None, :, :], (held - plains)[:, None, :],
                         xp.astype(plain, xp.int64))
        loss = xp.sum(taken, axis=1)
        gain = xp.sum(taken, axis=0)
        return xp.minimum(MAX_BULLETS, bullets - loss + gain)

    def _damage(self, xp: Any, tally: Tally, health: Any) -> Any:
        """R20-R29, R65: damage summed per attacker; Dodge and Block take 1 off each
        attacker's (never a Cut's); Block deals 1 back to each attacker."""
        n = self.n
        normal, cutting = tally.normal, tally.cutting  # (target, source, plays)
        # A guard takes 1 off each attacker's damage (none below 0).
        dealt = normal - xp.astype((normal > 0) & tally.guards[:, None, :], normal.dtype)
        amount = xp.sum(dealt + cutting, axis=1)
        other = ~xp.eye(n, dtype=xp.bool)[:, :, None]
        strikes = tally.strikers[:, None, :] & other
        back = strikes & (normal > 0)
        if self.game.options["block_cut"] == "yes":  # R92
            back = back | (strikes & (cutting > 0))
        amount = amount + xp.sum(xp.astype(back, amount.dtype), axis=0)
        return health - xp.maximum(amount, 0)

    def _end_round(self, xp: Any, state: State, rows: Any, pickers: Any) -> State:
        """R76, R16, R18, R25: Pick's golden cards, cards back to hand or face up, the
        discard pile; then the end of the game (R8, R17, R57, R85, R86)."""
        n = self.n
        out = dict(state)
        played = state["played"]
        alive = state["alive"]
        seats = xp.arange(n)[:, None]
        living_picker = pickers & alive
        picker = xp.argmax(xp.astype(living_picker, xp.int8), axis=0)
        has_picker = rows & xp.any(living_picker, axis=0)
        g = xp.take(xp.asarray(GOLDEN_AFTER_NONE), played + 1)  # each golden card played, or -1
        ending = xp.where(rows[None, :], g, -1)  # the same, in the plays whose round ends
        cards = xp.sum(xp.astype(_hot(xp, ending, G), xp.int64), axis=0)  # (golden, plays)
        gets = (seats == picker[None, :]) & has_picker[None, :]
        # The picker takes the others' golden cards: all but its own.
        own = xp.astype(_hot(xp, _at(xp, ending, picker), G), xp.int64)
        to_picker = xp.where(has_picker[None, :], cards - own, 0)  # (golden, plays)
        out["golden"] = (state["golden"]
                         + xp.astype(gets, xp.int64)[:, None, :] * to_picker[None, :, :])
        out["discard"] = state["discard"] + cards - to_picker
        out["face_up"] = xp.where(rows[None, :] & (played >= 0),
                                  xp.where(g >= 0, -1, played), state["face_up"])
        out["played"] = xp.where(rows[None, :], -1, played)
        out["targets"] = xp.where(rows[None, None, :], -1, state["targets"])
        # The end: one pirate (or one camp) left, no one left, or the round limit.
        living = xp.sum(xp.astype(alive, xp.int64), axis=0)
        if self.camp_mode:
            side = xp.take(xp.asarray(self.camp_side), state["camp"])
            sides = xp.stack([xp.any(alive & (side == k), axis=0) for k in range(3)], axis=0)
            one = xp.sum(xp.astype(sides, xp.int64), axis=0) == 1
            which = xp.argmax(xp.astype(sides, xp.int64), axis=0)
            winners = one[None, :] & (side == which[None, :])
        else:
            one = living == 1
            winners = one[None, :] & alive
        ended = rows & ((living == 0) | one)
        limit = rows & ~ended & (state["round"] >= self.game.options["round_limit"])
        out["winners"] = xp.where(ended[None, :], winners & (living > 0)[None, :],
                                  state["winners"])
        out["over"] = state["over"] | ended | limit
        out["round"] = xp.where(rows & ~ended & ~limit, state["round"] + 1, state["round"])
        return out

    # ------------------------------------------------------------------ observations
    def _fields(self, xp: Any, state: State, viewers: bool) -> Any:
        # Worked out play first (views of the state's arrays), as they are handed out.
        state = {key: _first(xp, value) for key, value in state.items()}
        n = self.n
        count = state["alive"].shape[0]
        f64 = xp.float64
        alive, pirate = state["alive"], state["pirate"]
        over = state["over"]
        phase = xp.where(over, -1, state["phase"])
        living = xp.sum(xp.astype(alive, xp.int64), axis=1)
        open_counts = living <= 2
        shown = ~alive | open_counts[:, None]  # counts everyone sees (R15, R60)
        played = state["played"]
        golden, secret = state["golden"], state["secret"]
        hand_cards = xp.take(xp.asarray(HAND), pirate, axis=0) & (
            state["face_up"][:, :, None] != xp.arange(C)) & (played[:, :, None] != xp.arange(C))
        held = xp.sum(xp.astype(hand_cards, xp.int64), axis=2) + xp.sum(golden, axis=2)
        camp_seen = state["shown"] if self.camp_mode else xp.zeros_like(alive)
        revealed = one_hot(xp, played, C)
        targets = state["targets"]
        target_counts = xp.sum(xp.astype(targets[:, :, :, None] == xp.arange(n), f64), axis=2)
        target_counts = xp.where((played >= 0)[:, :, None], target_counts, 0.0)
        pending = xp.where(
            (phase == CHOOSE)[:, None], alive,
            xp.where((phase == REACH)[:, None], state["searchers"], False))
        area = state["area"]
        seen = {
            "decision": xp.astype(one_hot(xp, xp.take(xp.asarray(DECISION_OF), phase + 1), 4),
                                  f64),
            "round": xp.astype(state["round"][:, None], f64) / self.game.options["round_limit"],
            "camp_mode": xp.full((count, 1), float(self.camp_mode), dtype=f64),
            "shield": xp.astype(~open_counts[:, None], f64),
            "pirate": xp.reshape(xp.astype(one_hot(xp, pirate, K), f64), (count, n * K)),
            "alive": xp.astype(alive, f64),
            "health": xp.where(shown, xp.astype(state["health"], f64) / MAX_HEALTH, 0.0),
            "health_known": xp.astype(shown, f64),
            "bullets": xp.where(shown, xp.astype(state["bullets"], f64) / SHOWN_BULLETS, 0.0),
            "bullets_known": xp.astype(shown, f64),
            "tokens": xp.astype(state["tokens"], f64) / MAX_TOKENS,
            "face_up": xp.reshape(xp.astype(one_hot(xp, state["face_up"], C), f64),
                                  (count, n * C)),
            "cards_held": xp.astype(held, f64) / MAX_CARDS,
            "golden_known": xp.reshape(xp.astype(golden - secret, f64) / 3, (count, n * G)),
            "golden_unseen": xp.astype(xp.sum(secret, axis=2), f64) / 3,
            "camp": xp.reshape(xp.where(camp_seen[:, :, None],
                                        xp.astype(one_hot(xp, state["camp"], len(CAMPS)), f64),
                                        0.0), (count, n * len(CAMPS))),
            "pending": xp.astype(pending, f64),
            "committed": xp.zeros((count, n), dtype=f64),
            "area": xp.reshape(xp.astype(one_hot(xp, area, G), f64), (count, self.slots * G)),
            "pile": xp.astype(state["size"][:, None], f64) / PILE_SIZE,
            "discard": xp.astype(state["discard"], f64) / 3,
            "revealed": xp.reshape(xp.astype(revealed, f64), (count, n * C)),
            "revealed_targets": xp.reshape(target_counts, (count, n * n)),
            "voided": xp.zeros((count, n), dtype=f64),
            "searchers": xp.astype(state["searchers"] & (phase == REACH)[:, None], f64),
            "over": xp.astype(over[:, None], f64),
            "winners": xp.astype(state["winners"], f64),
        }
        # Each field's block, computed in float64 as the encoder does, written once into
        # the float32 observations (``assemble``): a block of ``(envs, size)`` is what
        # every seat sees alike, one of ``(envs, seats, size)`` each seat's own; the
        # fields left out (the spectator's own, and choices: none committed) are zeros.
        blocks = {}
        me = xp.eye(n, dtype=xp.bool)[None]  # (1, viewer, seat)
        for spec in self.encoder.layout:
            name = spec.name
            if name in ("health", "health_known", "bullets", "bullets_known", "camp"):
                block = seen[name]
                if viewers:
                    block = self._own_too(xp, name, state, block, me, shown, camp_seen)
            elif name in seen:
                block = seen[name]
            elif viewers and name == "viewer":
                block = xp.broadcast_to(xp.eye(n, dtype=f64), (count, n, n))
            elif viewers and name == "hand":
                block = xp.astype(hand_cards, f64)
            elif viewers and name == "golden":
                block = xp.astype(golden, f64) / 3
            else:
                continue
            blocks[name] = block
        return assemble(xp, self.encoder.layout, blocks, count, n if viewers else None)

    def _own_too(self, xp: Any, name: str, state: State, block: Any, me: Any, shown: Any,
                 camp_seen: Any) -> Any:
        """A field every seat sees alike but for its own pirate's (its health and bullets
        behind the shield, its camp card): ``(envs, viewer, ...)``."""
        n = self.n
        count = block.shape[0]
        f64 = xp.float64
        if name == "camp":
            cards = xp.astype(one_hot(xp, state["camp"], len(CAMPS)), f64)  # (envs, seat, camp)
            mine = me[:, :, :, None] & ~camp_seen[:, None, :, None]
            own = xp.where(mine, cards[:, None, :, :], 0.0)
            return xp.broadcast_to(block[:, None, :], (count, n, block.shape[1])) + xp.reshape(
                own, (count, n, n * len(CAMPS)))
        values = {
            "health": xp.astype(state["health"], f64) / MAX_HEALTH,
            "bullets": xp.astype(state["bullets"], f64) / SHOWN_BULLETS,
            "health_known": xp.ones((count, n), dtype=f64),
            "bullets_known": xp.ones((count, n), dtype=f64),
        }[name]
        own = me & ~shown[:, None, :]
        return xp.where(own, values[:, None, :], block[:, None, :])


class Tally:
    """What the cards of a round do, over arrays (``effects.Tally`` for one play):
    per target and source, damage (``normal``, ``cutting``, int16) and steal claims, each
    ``(seats, seats, plays)``; guards, strikers, the steal-proof; bullets and health to
    take; the pickers. ``sides``: each seat's living neighbours (``RumbleBatch.sides``)."""

    def __init__(self, xp: Any, n: int, living: Any, hiders: Any, cover: Any,
                 sides: tuple[Any, Any], targets: Any) -> None:
        count = living.shape[-1]
        self.xp, self.n = xp, n
        self.living, self.hiders, self.cover, self.sides = living, hiders, cover, sides
        self.targets = targets
        self.normal = xp.zeros((n, n, count), dtype=xp.int16)
        self.cutting = xp.zeros((n, n, count), dtype=xp.int16)
        self.claims = xp.zeros((n, n, count), dtype=xp.bool)
        self.guards = xp.zeros((n, count), dtype=xp.bool)
        self.strikers = xp.zeros((n, count), dtype=xp.bool)
        self.steal_proof = xp.zeros((n, count), dtype=xp.bool)
        self.bullets = xp.zeros((n, count), dtype=xp.int64)
        self.health = xp.zeros((n, count), dtype=xp.int64)
        self.health_bullets = xp.zeros((n, count), dtype=xp.int64)
        self.pickers = xp.zeros((n, count), dtype=xp.bool)
        self.dealt: dict[str, Any] = {}
        # Where harm aimed at each seat lands (``victim``), once: ``(seats, plays)``.
        # In int16, as ``settle`` reads them.
        hidden = _at(xp, hiders, xp.where(cover >= 0, cover, 0))
        self.lands = xp.astype(xp.where((cover >= 0) & ~hidden, cover, -1), xp.int16)
        # The same below a row of -1 (none aimed): read at ``aimed + 1``.
        self.lands_after_none = xp.concat(
            [xp.full((1, count), -1, dtype=self.lands.dtype), self.lands], axis=0)

    def victim(self, aimed: Any) -> Any:
        """Who suffers harm aimed at ``aimed`` (a seat per play, in any shape ending in
        the plays): Take Cover passes it on (R44, R75); nothing touches a hider (-1)
        (R67)."""
        return _at(self.xp, self.lands_after_none, aimed + 1)

    def deal(self, way: str, dealt: Any) -> None:
        """Each source deals ``dealt`` (``(seats, plays)``, 0 for none) to the seats its
        way of aiming names: ``"targets"`` each of its targets (twice one named
        twice), ``"cut"`` the same as cutting damage, ``"first"`` its first target,
        ``"around"`` its first target's neighbours, ``"around_others"`` the same but
        itself, ``"everyone"`` every other living pirate. Summed per way, then per
        victim and attacker by ``settle``."""
        self.dealt[way] = self.dealt[way] + dealt if way in self.dealt else dealt

    def settle(self) -> None:
        """``normal`` and ``cutting`` damage, per victim, attacker and play (R65), of all
        that was dealt: for each seat a way of aiming names (a seat per source), its
        victim takes what each source deals that way."""
        xp, n = self.xp, self.n
        dealt = self.dealt
        if not dealt:
            return
        seats = xp.arange(n)[:, None, None]
        count = self.living.shape[-1]
        # In int16, as what is dealt (``_battle``'s amounts) and ``normal`` and
        # ``cutting`` are: exact, no damage comes near 2**15.
        small = xp.int16
        none = xp.zeros((n, count), dtype=small)
        # Each seat a way of aiming names, with what each source deals there: the first
        # target, the second, then the first target's neighbours. Their victims are read
        # at once, and each victim's damage per source summed over the ways.
        first = self.targets[:, 0, :]
        targets = dealt.get("targets", none)
        aimed = [first, self.targets[:, 1, :]]
        weights = [targets + dealt.get("first", none), targets]
        if "around" in dealt or "around_others" in dealt:
            # The first target's living neighbours, each way (one, if both ways find it);
            # ``around_others`` spares the source itself.
            named = first >= 0
            safe = xp.where(named, first, 0)
            left = xp.where(named, _at(xp, self.sides[0], safe), -1)
            right = _at(xp, self.sides[1], safe)
            right = xp.where(named & (right != left), right, -1)
            source = xp.arange(n)[:, None]
            around, others = dealt.get("around", none), dealt.get("around_others", none)
            aimed += [left, right]
            weights += [around + others * xp.astype(left != source, small),
                        around + others * xp.astype(right != source, small)]
        # (victim, way, source, plays): where each way's harm lands, as 0 or 1 (a product,
        # not a ``where``: NumPy's ``where`` stalls on masks this mixed).
        victims = self.victim(xp.stack(aimed, axis=0))
        at = xp.astype(victims[None, :, :, :] == xp.astype(seats, small)[:, :, :, None], small)
        normal = xp.sum(at * xp.stack(weights, axis=0)[None, :, :, :], axis=1, dtype=small)
        if "cut" in dealt:
            cut = dealt["cut"]
            self.cutting = xp.sum(at[:, :2, :, :] * cut[None, None, :, :], axis=1, dtype=small)
        if "everyone" in dealt:
            # Every other living pirate's victim: each victim counts the living who pass
            # harm to it, but the source itself.
            passed = xp.astype((self.lands[None, :, :] == seats) & self.living[None, :, :],
                               small)  # (victim, seat, plays)
            everyone = xp.sum(passed, axis=1, dtype=small)[:, None, :] - passed
            normal = normal + everyone * dealt["everyone"][None, :, :]
        self.normal = normal
        self.dealt = {}


class Round:
    """What an effect reads of the round beyond its own cards: every seat's targets and
    revealed card, and its pirate's abilities (``able(name)``)."""

    def __init__(self, targets: Any, played: Any, able: Any) -> None:
        self.targets, self.played, self.able = targets, played, able


# An effect reads the seats whose card does it now (``sources``) and its amount per
# seat, int16, already 0 at the other seats (``RumbleBatch._battle``).

def _damage(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    tally.deal("targets", amount)  # R20, R21, R46, R48, R74


def _cut(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    tally.deal("cut", amount)  # R29, R65


def _point_blank(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    # R47, R82: Stabbing deals more to a pirate next to its player.
    xp = tally.xp
    first = round_.targets[:, 0, :]
    left, right = tally.sides
    near = (first >= 0) & ((left == first) | (right == first))
    tally.deal("first", amount * xp.astype(near, amount.dtype))


def _splash(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    tally.deal("around", amount)  # R46, R77


def _cleave(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    tally.deal("around_others", amount)  # R48, R82


def _fire(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    # R23, R66: a lone Fire deals its amount to every other pirate; with other Fires
    # each deals 1. R79: Cheung takes a bullet after his Fire.
    xp = tally.xp
    ones = xp.astype(sources, amount.dtype)
    lone = xp.astype(xp.sum(ones, axis=0, keepdims=True) == 1, amount.dtype)
    tally.deal("everyone", amount * lone + ones * (1 - lone))
    tally.bullets = tally.bullets + xp.astype(sources & round_.able("fire_reload"), xp.int64)


def _whirl(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    tally.deal("everyone", amount)  # R49, R82


def _steal(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    # R13, R31, R68: claims on one target are judged together, before any damage.
    xp = tally.xp
    seats = xp.arange(tally.n)[:, None]
    target = tally.victim(xp.where(sources, round_.targets[:, 0, :], -1))  # per stealer
    claims = (target[None, :, :] == seats[:, :, None]) & (target != seats)[None, :, :]
    tally.claims = tally.claims | claims  # (target, stealer, plays)


def _ward(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    tally.guards = tally.guards | sources  # R22, R26, R65


def _strike_back(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    tally.strikers = tally.strikers | sources  # R26, R65


def _stop_steal(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    tally.steal_proof = tally.steal_proof | sources  # R22


def _bullets(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    tally.bullets = tally.bullets + amount  # R19, R22


def _full_bullets(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    tally.bullets = tally.bullets + MAX_BULLETS * tally.xp.astype(sources, tally.xp.int64)  # R28


def _health_effect(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    tally.health = tally.health + amount  # R24, R27


def _pick(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    # R45, R76: the golden cards the others played are picked up as the round ends;
    # if there are none, 1 health and 1 bullet, with the health.
    xp = tally.xp
    golden = xp.astype(xp.take(xp.asarray(GOLDEN_AFTER_NONE), round_.played + 1) >= 0, xp.int64)
    empty = xp.astype(sources, xp.int64) * (xp.sum(golden, axis=0, keepdims=True) == golden)
    tally.pickers = tally.pickers | sources
    tally.health = tally.health + PICK_HEALTH * empty
    tally.health_bullets = tally.health_bullets + PICK_BULLETS * empty


def _health(xp: Any, tally: Tally, alive: Any, health: Any, bullets: Any,
            most: Any) -> tuple[Any, Any]:
    """R13, R71: the living take health (and Pick's bullet), up to their pirate's most."""
    took = alive & ((tally.health > 0) | (tally.health_bullets > 0))
    bullets = xp.where(took, xp.minimum(MAX_BULLETS, bullets + tally.health_bullets), bullets)
    health = xp.where(took & (tally.health > 0), xp.minimum(most, health + tally.health), health)
    return health, bullets


def _noop(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    """An effect run at another stage (search, hide, cover): handled by the step."""


EFFECTS = {
    "damage": _damage, "cut": _cut, "point_blank": _point_blank, "splash": _splash,
    "cleave": _cleave, "fire": _fire, "whirl": _whirl, "steal": _steal, "ward": _ward,
    "strike_back": _strike_back, "stop_steal": _stop_steal, "bullets": _bullets,
    "full_bullets": _full_bullets, "health": _health_effect, "pick": _pick,
    "search": _noop, "hide": _noop, "cover": _noop,
}
# The effects run at another stage (``_noop``): the battle passes them by.
_STEP_EFFECTS = frozenset(name for name, effect in EFFECTS.items() if effect is _noop)
# The others, by their place in ``EFFECT_NAMES`` (the battle's tables).
_BATTLE_EFFECTS = tuple(index for index, name in enumerate(EFFECT_NAMES)
                        if name not in _STEP_EFFECTS)
_VERBS = ("pirate", "play", "grab", "dig", "gesture")


# ---------------------------------------------------------------------- the layout
# Arrays hold the play on their last axis: NumPy's inner loops then run over the plays.
# These helpers read them without fancy indexing, whose cost per call is many times an
# operation's over a thousand plays.

def _last(xp: Any, value: Any) -> Any:
    """``value`` (the play first, as chance and actions come) with the play moved to its
    last axis, laid out that way in memory (a copy)."""
    moved = xp.permute_dims(value, (*range(1, value.ndim), 0))
    return xp.reshape(xp.reshape(moved, (-1,)), moved.shape)


def _first(xp: Any, value: Any) -> Any:
    """``value`` with the play (its last axis) moved first: a view."""
    return xp.permute_dims(value, (value.ndim - 1, *range(value.ndim - 1)))


def _at(xp: Any, table: Any, rows: Any) -> Any:
    """``table[rows[..., p], p]`` for every play ``p``: a row of the ``(rows, plays)``
    array ``table`` per play, for ``rows`` of any shape ending in the plays."""
    count = table.shape[-1]
    return xp.take(xp.reshape(table, (-1,)), rows * count + xp.arange(count))


def _hot(xp: Any, index: Any, size: int) -> Any:
    """``index`` (``(..., plays)`` ints, -1 for none) as one-hot booleans
    ``(..., size, plays)``."""
    return index[..., None, :] == xp.arange(size)[:, None]


def _by_pirate(xp: Any, table: np.ndarray, pirate: Any) -> Any:
    """The rows of a ``(pirates, width)`` table at each seat's pirate: ``(seats, width,
    plays)`` (a view of the table taken along its last axis)."""
    taken = xp.take(xp.asarray(np.ascontiguousarray(table.T)), pirate, axis=1)
    return xp.permute_dims(taken, (1, 0, 2))


def _compact(xp: Any, pile: Any, present: Any) -> tuple[Any, Any]:
    """The cards of ``pile`` (``(pile, plays)``) that are ``present``, in order, to the
    bottom (-1 above), and how many there are."""
    # Sorted, each place with the places of the cards left out after the others: no
    # two alike, each place read back as the rest of the division by ``PLACES``.
    places = xp.arange(pile.shape[0])[:, None]
    order = xp.sort(xp.where(present, places, PLACES + places), axis=0) & (PLACES - 1)
    kept = _at(xp, xp.where(present, pile, -1), order)
    return kept, xp.sum(xp.astype(present, xp.int64), axis=0)


def _pop(xp: Any, pile: Any, size: Any, rows: Any) -> tuple[Any, Any]:
    """The top card of each pile of ``rows`` (-1 where the pile is empty or the row is
    not drawing), and the piles' sizes without it (the card itself is left where it
    lay, above the new size: ``_settle`` clears the places above the sizes at last)."""
    card = _at(xp, pile, xp.maximum(size - 1, 0))
    drawing = rows & (size > 0)
    return xp.where(drawing, card, -1), xp.where(drawing, size - 1, size)


def _fresh(xp: Any, counts: Any, keys: Any, plays: Any) -> tuple[Any, Any] | None:
    """``_from_counts`` for the ``plays`` (booleans) alone, spread back over every play
    (each other play reads one of theirs, which it never uses); None for no play."""
    which = xp.nonzero(plays)[0]
    if which.shape[0] == 0:
        return None
    pile, size = _from_counts(xp, xp.take(counts, which, axis=1), xp.take(keys, which, axis=0))
    place = xp.clip(xp.cumsum(xp.astype(plays, xp.int64)) - 1, 0, None)
    return xp.take(pile, place, axis=1), xp.take(size, place)


def _from_counts(xp: Any, counts: Any, keys: Any) -> tuple[Any, Any]:
    """A pile of the golden cards ``counts`` (``(golden, plays)``) holds, in the order
    ``keys`` (``(plays, pile)``, as ``step_chance`` draws them) gives to each copy (the
    copies listed card by card, in card order), ties kept in that order; and its size.

    The keys are NumPy's uniform draws in [0, 1), multiples of 2**-53: each is a
    53-bit integer once scaled, here followed by the copy's place (below ``PLACES``)
    in one int64. No two alike, a plain sort of them orders the copies as a stable sort of
    the keys would, several times faster than an argsort of many short rows.
    """
    copies = xp.asarray(COPIES)
    # (plays, pile), as the keys lie.
    there = xp.asarray(NTH) < xp.take(xp.permute_dims(counts, (1, 0)), copies, axis=1)
    places = xp.arange(L)
    # The copies not there after all the others (a key of 2). Scaled by 2**53 times
    # ``PLACES`` (a power of two), a key is its 53-bit integer times ``PLACES``, exactly.
    ranks = xp.astype(xp.where(there, keys, 2.0) * (2.0**53 * PLACES), xp.int64) + places
    order = xp.sort(ranks, axis=1) & (PLACES - 1)  # (plays, pile): each place, in the new order
    size = xp.sum(xp.astype(there, xp.int64), axis=1)
    pile = xp.take(copies, xp.permute_dims(order, (1, 0)))
    return xp.where(places[:, None] < size[None, :], pile, -1), size


__all__ = ["EFFECTS", "RumbleBatch", "Tally"]
