"""Pirate Rumble over arrays: thousands of plays stepped at once (``plunder.rl.batched``).

The rules of ``rules.py`` for both modes and all the pirates, written over
arrays with a row per play: choosing a card (R9-R16, the costs, the aims, the
neighbours), the reach for golden cards (R24, R69, R80: grabs, races, Ching
Shih's dig, the pile made anew from the discard pile), and the battle in R13's
order (hide, cover, steal, damage with guards and blocks, bullets, the reserve,
deaths, health, Pick), the end of a round and of the game. What a card does is
the list of effects ``cards.toml`` gives it: each effect is written here once,
over arrays, by name (``EFFECTS``), as ``effects.py`` writes it for one play.

Everything is a pure function of arrays in the array-API style (``xp`` is NumPy
here). Chance is drawn outside and handed in: at the deal, the pirates, the
golden pile's order and the camp cards; at a step, keys that order a pile made
anew and keys that settle races. The differential tests
(``tests/rl/test_batch_rumble.py``) hold every step to the scalar engine.

The batch engine plays the options ``pirates`` (``random`` or a list, not the
draft) and ``gestures`` off; every other option as the rules do.
"""

from __future__ import annotations

from typing import Any

import numpy as np

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
from plunder.games.rumble.rules import (
    COVER_TOKEN,
    DIG_DISCARD,
    DOUBLE_SHOT,
    GRAND_STEAL,
    LONG_CUT,
    RESERVE_HEALTH,
    RumbleAction,
    RumbleGame,
)
from plunder.rl.batched import BatchRules, Chance, State, one_hot, scatter_add

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
# The same, as tables a step reads once: per card, whether it has each effect and
# its amount (``EFFECT_NAMES`` order); per pirate, each ability (``ABILITY_NAMES``).
EFFECT_NAMES = tuple(sorted(HAS))
FLAGS = np.stack([HAS[name] for name in EFFECT_NAMES], axis=1)
AMOUNTS = np.stack([AMOUNT[name] for name in EFFECT_NAMES], axis=1)
ABILITY_NAMES = tuple(ABILITY)
ABILITIES = np.stack([ABILITY[name] for name in ABILITY_NAMES], axis=1)
# Each pirate's own golden cards, per golden card (they leave the pile at the deal).
OWN_GOLDEN = np.array([[CONTENT.pirates[p].golden.count(g) for g in GOLDEN] for p in PIRATES])


class RumbleBatch(BatchRules):
    """Pirate Rumble's rules for ``game``'s options over arrays (module docstring)."""

    game: RumbleGame

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
        count = state["alive"].shape[0]
        return {"shuffle": rng.random((count, L)), "race": rng.random((count, self.n))}

    # ------------------------------------------------------------------ the deal
    def deal(self, xp: Any, chance: Chance) -> State:
        n = self.n
        pirates = xp.asarray(chance["pirates"], dtype=xp.int64)
        count = pirates.shape[0]
        pile = xp.asarray(chance["pile"], dtype=xp.int64)
        # R34, R38, R41: pirates' own golden cards leave the pile (the first copies found).
        golden = xp.take(xp.asarray(OWN_GOLDEN), pirates, axis=0)  # (envs, seats, golden)
        leaving = xp.sum(golden, axis=1)  # (envs, golden)
        kinds = one_hot(xp, pile, G) > 0  # (envs, pile, golden)
        nth = xp.cumsum(xp.astype(kinds, xp.int64), axis=1)  # the copy's rank, from 1
        present = ~xp.any(kinds & (nth <= leaving[:, None, :]), axis=2)
        pile, size = _compact(xp, pile, present)
        # R84: golden cards no one else saw, drawn from the top in seat order.
        draws = xp.take(xp.asarray(SECRETS), pirates)  # (envs, seats)
        secret = xp.zeros((count, n, G), dtype=xp.int64)
        for k in range(int(SECRETS.max())):
            taking = draws > k
            # The seats drawing now take the cards below the top, one each, in seat order.
            rank = xp.cumsum(xp.astype(taking, xp.int64), axis=1)
            at = size[:, None] - rank
            card = xp.where(taking & (at >= 0),
                            xp.take_along_axis(pile, xp.clip(at, 0, L - 1), axis=1), -1)
            secret = secret + xp.astype(one_hot(xp, card, G), xp.int64)
            size = size - xp.sum(xp.astype(taking & (at >= 0), xp.int64), axis=1)
        golden = golden + secret
        # R5: floor(players / 2) golden cards face up, drawn from the top.
        depth = xp.arange(self.slots)[None, :]
        at = size[:, None] - 1 - depth
        area = xp.where(at >= 0, xp.take_along_axis(pile, xp.clip(at, 0, L - 1), axis=1), -1)
        size = xp.maximum(size - self.slots, 0)
        pile = xp.where(xp.arange(L)[None, :] < size[:, None], pile, -1)
        state: State = {
            "pirate": pirates,
            "alive": xp.ones((count, n), dtype=xp.bool),
            "health": xp.take(xp.asarray(HEALTH), pirates),
            "bullets": xp.take(xp.asarray(BULLETS), pirates),
            "tokens": xp.take(xp.asarray(TOKENS), pirates),
            "face_up": xp.full((count, n), -1, dtype=xp.int64),
            "golden": golden,
            "secret": secret,
            "pile": pile,
            "size": size,
            "area": area,
            "discard": xp.zeros((count, G), dtype=xp.int64),
            "camp": xp.full((count, n), -1, dtype=xp.int64),
            "shown": xp.zeros((count, n), dtype=xp.bool),
            "played": xp.full((count, n), -1, dtype=xp.int64),
            "targets": xp.full((count, n, 2), -1, dtype=xp.int64),
            "searchers": xp.zeros((count, n), dtype=xp.bool),
            "phase": xp.zeros(count, dtype=xp.int64),
            "round": xp.ones(count, dtype=xp.int64),
            "winners": xp.zeros((count, n), dtype=xp.bool),
            "over": xp.zeros(count, dtype=xp.bool),
        }
        if self.camp_mode:
            camps = xp.asarray(chance["camps"], dtype=xp.int64)
            state["camp"] = camps
            # R51, R85: the bosses the table names are face up.
            state["shown"] = xp.take(xp.asarray(self.boss_up), camps)
        return state

    # ------------------------------------------------------------------ the table
    def neighbours(self, xp: Any, alive: Any) -> Any:
        """``(envs, seats, seats)``: the living pirates next to each seat, one each way
        round the table, the circle closing over the dead (R59)."""
        n = self.n
        seats = xp.arange(n)
        found = xp.zeros((*alive.shape, n), dtype=xp.bool)
        steps = xp.arange(1, n)
        for way in (-1, 1):
            # For each seat, the seats one, two... steps away that way, and the first alive.
            other = (seats[:, None] + way * steps[None, :]) % n  # (seat, step)
            there = xp.take(alive, xp.reshape(other, (-1,)), axis=1)
            there = xp.reshape(there, (-1, n, n - 1))
            first = xp.argmax(xp.astype(there, xp.int64), axis=2)
            seat = xp.take_along_axis(xp.broadcast_to(other[None], there.shape), first[:, :, None],
                                      axis=2)[:, :, 0]
            seat = xp.where(xp.any(there, axis=2), seat, -1)
            found = found | (seat[:, :, None] == seats)
        return found & ~xp.eye(n, dtype=xp.bool)[None]

    # ------------------------------------------------------------------ legal actions
    def _tables(self) -> None:
        """Each action's card, its condition on targets per pirate, and its reach, as
        indices into the small arrays ``legal`` works out (a column of False at the end
        of each stands for "not this kind of action")."""
        n, actions = self.n, self.actions
        pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
        # Target conditions: none needed, another living pirate t, a neighbour t, two
        # different others (a pair), and one that never holds.
        self.conditions = 1 + n + n + len(pairs) + 1
        never = self.conditions - 1
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
        self.condition = condition
        self.pairs = np.array(pairs, dtype=np.int64).reshape(-1, 2)
        self.card_column = np.where(self.card >= 0, self.card, C)
        reach = np.full(actions, self.slots + G)
        reach = np.where(self.slot >= 0, self.slot, reach)
        self.reach_column = np.where(self.dug >= 0, self.slots + self.dug, reach)

    def legal(self, xp: Any, state: State) -> Any:
        return self._choices(xp, state) | self._reaches(xp, state)

    def _choices(self, xp: Any, state: State) -> Any:
        """R9, R16, R59, R63, R74, R75, R87: each living pirate's cards held (not lying
        face up) and paid for, at the aims their kind of target allows."""
        n = self.n
        count = state["alive"].shape[0]
        alive, pirate = state["alive"], state["pirate"]
        choosing = alive & ((state["phase"] == CHOOSE) & ~state["over"])[:, None]
        basic = xp.take(xp.asarray(HAND), pirate, axis=0) & (
            state["face_up"][:, :, None] != xp.arange(C))
        golden = (xp.take(state["golden"], xp.asarray(np.maximum(GOLDEN_OF, 0)), axis=2) > 0
                  ) & xp.asarray(IS_GOLDEN)
        paid = (xp.asarray(COST) <= state["bullets"][:, :, None]) & (
            ~(xp.asarray(COVER_CARD)
              & xp.take(xp.asarray(ABILITY[COVER_TOKEN]), pirate)[:, :, None])
            | (state["tokens"] > 0)[:, :, None])
        cards = choosing[:, :, None] & (basic | golden) & paid
        cards = xp.concat([cards, xp.zeros((count, n, 1), dtype=xp.bool)], axis=2)
        others = alive[:, None, :] & ~xp.eye(n, dtype=xp.bool)[None]
        pairs = xp.asarray(self.pairs)
        both = xp.take(others, pairs[:, 0], axis=2) & xp.take(others, pairs[:, 1], axis=2)
        targets = xp.concat([
            xp.ones((count, n, 1), dtype=xp.bool), others, self.neighbours(xp, alive), both,
            xp.zeros((count, n, 1), dtype=xp.bool)], axis=2)
        # Each seat's condition per action (its pirate's), read in the flat array of
        # every seat's conditions.
        condition = xp.take(xp.asarray(self.condition), pirate, axis=0)  # (envs, seats, actions)
        base = xp.reshape(xp.arange(count * n) * self.conditions, (count, n, 1))
        aimed = xp.take(xp.reshape(targets, (-1,)), xp.reshape(condition + base, (-1,)))
        return (xp.take(cards, xp.asarray(self.card_column), axis=2)
                & xp.reshape(aimed, condition.shape))

    def _reaches(self, xp: Any, state: State) -> Any:
        """R24, R69, R80: a searcher reaches for a golden card of the area by slot, or
        Ching Shih with a special token digs one of the discard pile."""
        n = self.n
        count = state["alive"].shape[0]
        reaching = state["searchers"] & ((state["phase"] == REACH) & ~state["over"])[:, None]
        grab = xp.broadcast_to((state["area"] >= 0)[:, None, :], (count, n, self.slots))
        digger = xp.take(xp.asarray(ABILITY[DIG_DISCARD]), state["pirate"]) & (state["tokens"] > 0)
        dig = digger[:, :, None] & (state["discard"] > 0)[:, None, :]
        reach = reaching[:, :, None] & xp.concat(
            [grab, dig, xp.zeros((count, n, 1), dtype=xp.bool)], axis=2)
        return xp.take(reach, xp.asarray(self.reach_column), axis=2)

    # ------------------------------------------------------------------ a step
    def step(self, xp: Any, state: State, actions: Any, chance: Chance) -> State:
        over = state["over"]
        choosing = (state["phase"] == CHOOSE) & ~over
        reaching = (state["phase"] == REACH) & ~over
        actions = xp.asarray(actions, dtype=xp.int64)
        index = xp.where(actions < self.noop, actions, 0)
        # R9, R10: the cards chosen, revealed together.
        picked = xp.where(state["alive"] & choosing[:, None],
                          xp.take(xp.asarray(self.card), index), -1)
        revealed = dict(state)
        revealed["played"] = xp.where(choosing[:, None], picked, state["played"])
        revealed["targets"] = xp.where(
            choosing[:, None, None],
            xp.where((picked >= 0)[:, :, None], xp.stack(
                [xp.take(xp.asarray(self.first), index), xp.take(xp.asarray(self.second), index)],
                axis=2), -1),
            state["targets"])
        revealed = self._lose_golden(xp, revealed, choosing, picked)
        # R24, R61, R69: who reaches, and whether it is a decision.
        searchers, options = self._reach_options(xp, revealed)
        decide = choosing & ((xp.sum(xp.astype(options > 0, xp.int64), axis=1) > 1)
                             | xp.any(options > 1, axis=1))
        reach = dict(revealed)
        reach["searchers"] = xp.where(decide[:, None], searchers & (options > 0),
                                      xp.zeros_like(searchers))
        reach["phase"] = xp.where(decide, REACH, revealed["phase"])
        # Reaches played now: the decision's answers, or the one reach there is.
        auto = choosing & ~decide
        only = self._only_reach(xp, revealed, searchers & (options > 0))
        wanted = xp.where(reaching[:, None], actions, xp.where(auto[:, None], only, self.noop))
        settling = reaching | auto
        settled = self._settle(xp, reach, wanted, settling, chance)
        settled["searchers"] = xp.where(settling[:, None], False, settled["searchers"])
        settled["phase"] = xp.where(settling, CHOOSE, settled["phase"])
        fought = self._battle(xp, settled, settling)
        return fought

    def _lose_golden(self, xp: Any, state: State, rows: Any, picked: Any) -> State:
        # A golden card played leaves its hand: a copy everyone knew of goes first (R70).
        g = xp.where(picked >= 0, xp.take(xp.asarray(GOLDEN_OF), xp.where(picked >= 0, picked, 0)),
                     -1)
        lost = xp.astype(one_hot(xp, g, G), xp.int64) * xp.astype(rows[:, None, None], xp.int64)
        known = state["golden"] - state["secret"]
        out = dict(state)
        out["golden"] = state["golden"] - lost
        out["secret"] = state["secret"] - lost * xp.astype(known <= 0, xp.int64)
        return out

    def _reach_options(self, xp: Any, state: State) -> tuple[Any, Any]:
        """The seats whose revealed card searches, and how many reaches each has (R24,
        R69, R80): the filled slots of the area, and for a digger the cards of the
        discard pile."""
        played = state["played"]
        searching = (played >= 0) & xp.take(xp.asarray(HAS["search"]), xp.where(played >= 0,
                                                                              played, 0))
        filled = xp.sum(xp.astype(state["area"] >= 0, xp.int64), axis=1)
        digger = xp.take(xp.asarray(ABILITY[DIG_DISCARD]), state["pirate"]) & (state["tokens"] > 0)
        kinds = xp.sum(xp.astype(state["discard"] > 0, xp.int64), axis=1)
        options = filled[:, None] + xp.where(digger, kinds[:, None], 0)
        return searching, xp.where(searching, options, 0)

    def _only_reach(self, xp: Any, state: State, searchers: Any) -> Any:
        """The one reach each searcher has, as an action index (the no-op for others)."""
        legal = self._reaches(xp, {**state, "searchers": searchers,
                                   "phase": xp.full_like(state["phase"], REACH),
                                   "over": xp.zeros_like(state["over"])})
        found = xp.argmax(xp.astype(legal, xp.int64), axis=2)
        return xp.where(xp.any(legal, axis=2), found, self.noop)

    def _settle(self, xp: Any, state: State, wanted: Any, rows: Any, chance: Chance) -> State:
        """R24, R40, R69, R80: digs, then each slot's card to the first touch or to a draw
        of lots, the slot filled again from the pile (made anew from the discard pile
        when empty)."""
        n = self.n
        index = xp.where(wanted < self.noop, wanted, 0)
        reaching = rows[:, None] & (wanted < self.noop)
        dug = xp.where(reaching, xp.take(xp.asarray(self.dug), index), -1)
        digging = dug >= 0
        got = xp.astype(one_hot(xp, dug, G), xp.int64)
        out = dict(state)
        out["discard"] = state["discard"] - xp.sum(got, axis=1)
        out["tokens"] = state["tokens"] - xp.astype(digging, xp.int64)
        out["golden"] = state["golden"] + got
        slot = xp.where(reaching & ~digging, xp.take(xp.asarray(self.slot), index), -1)
        race = xp.asarray(chance["race"])
        # Race 'random': the highest key among the claimants; 'arrival': the key is the
        # time of arrival, the lowest wins.
        keys = race if self.game.options["race"] == "random" else -race
        area = out["area"]
        for s in range(self.slots):
            claims = slot == s
            claimed = xp.any(claims, axis=1)
            winner = xp.argmax(xp.where(claims, keys, -xp.inf), axis=1)
            card = xp.take_along_axis(area, xp.full((area.shape[0], 1), s), axis=1)[:, 0]
            gain = xp.astype(one_hot(xp, xp.where(claimed, winner, -1), n), xp.int64)
            out["golden"] = out["golden"] + gain[:, :, None] * xp.astype(
                one_hot(xp, card, G), xp.int64)[:, None, :]
            drawn, out = self._draw(xp, out, claimed, chance)
            area = xp.where((xp.arange(self.slots) == s)[None, :] & claimed[:, None],
                            drawn[:, None], area)
        out["area"] = area
        return out

    def _draw(self, xp: Any, state: State, rows: Any, chance: Chance) -> tuple[Any, State]:
        """The top of the golden pile for ``rows`` (-1 if there is none); an empty pile is
        made anew from the discard pile, in the order ``chance["shuffle"]`` gives (R69)."""
        out = dict(state)
        renew = rows & (state["size"] == 0) & (xp.sum(state["discard"], axis=1) > 0)
        fresh, size = _from_counts(xp, state["discard"], xp.asarray(chance["shuffle"]))
        out["pile"] = xp.where(renew[:, None], fresh, state["pile"])
        out["size"] = xp.where(renew, size, state["size"])
        out["discard"] = xp.where(renew[:, None], 0, state["discard"])
        card, out["pile"], out["size"] = _pop(xp, out["pile"], out["size"], rows)
        return card, out

    def _battle(self, xp: Any, state: State, rows: Any) -> State:
        """R13 and what follows: the battle of the cards revealed, then the round's end."""
        n = self.n
        living = state["alive"]
        pirate = state["pirate"]
        played, targets = state["played"], state["targets"]
        out = dict(state)
        card = xp.where(played >= 0, played, 0)
        acting = rows[:, None] & (played >= 0)
        flags = xp.take(xp.asarray(FLAGS), card, axis=0) & acting[:, :, None]
        amounts = xp.take(xp.asarray(AMOUNTS), card, axis=0)
        ability = xp.take(xp.asarray(ABILITIES), pirate, axis=0)

        def has(effect: str) -> Any:
            return flags[:, :, EFFECT_NAMES.index(effect)]

        def able(name: str) -> Any:
            return ability[:, :, ABILITY_NAMES.index(name)]

        # R63: costs are paid as the cards are revealed; Take Cover costs Morgan a token.
        cost = xp.where(acting, xp.take(xp.asarray(COST), card), 0)
        token_cost = has("cover") & able(COVER_TOKEN)
        bullets = state["bullets"] - cost
        tokens = state["tokens"] - xp.astype(token_cost, xp.int64)
        # R30, R67: hiders; a card aimed at a hider does nothing at all.
        hiders = has("hide")
        on_hider = xp.take_along_axis(hiders, xp.reshape(xp.where(targets >= 0, targets, 0),
                                                         (-1, 2 * n)), axis=1)
        aimed_hider = xp.any(xp.reshape(on_hider, (-1, n, 2)) & (targets >= 0), axis=2)
        active = ~aimed_hider[:, :, None] & flags
        # R44, R75: Take Cover names who suffers what is aimed at its player.
        covering = active[:, :, EFFECT_NAMES.index("cover")]
        cover = xp.where(covering, targets[:, :, 0], xp.arange(n)[None, :])
        tally = Tally(xp, n, living, hiders, cover, self.neighbours(xp, living))
        round_ = Round(targets=targets, played=played, able=able)
        for index, name in enumerate(EFFECT_NAMES):
            EFFECTS[name](tally, active[:, :, index], amounts[:, :, index], round_)
        tally.settle()
        bullets = self._steals(xp, tally, bullets, able(GRAND_STEAL))
        health = self._damage(xp, tally, state["health"])
        bullets = xp.minimum(MAX_BULLETS, bullets + tally.bullets)
        # R32, R72: Roberts' special token is an extra health token below 3.
        reserve = rows[:, None] & living & (health < 3) & (tokens > 0) & able(RESERVE_HEALTH)
        tokens = tokens - xp.astype(reserve, xp.int64)
        health = health + xp.astype(reserve, xp.int64)
        most = xp.take(xp.asarray(MOST_HEALTH), pirate)
        gasp = self.game.options["last_gasp"] == "yes"
        if gasp:  # R93: this round's health comes before deaths are settled
            health, bullets = _health(xp, tally, living, health, bullets, most)
        dead = rows[:, None] & living & (health <= 0)
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
        claims = tally.claims  # (envs, target, stealer)
        held = bullets
        count = xp.sum(xp.astype(claims, xp.int64), axis=2)
        fails = tally.steal_proof | (held == 0) | (held < count)
        good = claims & ~fails[:, :, None]
        plain = good & ~grand[:, None, :]
        plains = xp.sum(xp.astype(plain, xp.int64), axis=2)  # per target
        taken = xp.where(good & grand[:, None, :], (held - plains)[:, :, None],
                         xp.astype(plain, xp.int64))
        loss = xp.sum(taken, axis=2)
        gain = xp.sum(taken, axis=1)
        return xp.minimum(MAX_BULLETS, bullets - loss + gain)

    def _damage(self, xp: Any, tally: Tally, health: Any) -> Any:
        """R20-R29, R65: damage summed per attacker; Dodge and Block take 1 off each
        attacker's (never a Cut's); Block deals 1 back to each attacker."""
        n = self.n
        normal, cutting = tally.normal, tally.cutting  # (envs, target, source)
        guarded = tally.guards[:, :, None]
        dealt = xp.where(guarded, xp.maximum(0, normal - 1), normal)
        amount = xp.sum(dealt + cutting, axis=2)
        other = ~xp.eye(n, dtype=xp.bool)[None]
        strikes = tally.strikers[:, :, None] & other
        back = strikes & (normal > 0)
        if self.game.options["block_cut"] == "yes":  # R92
            back = back | (strikes & (cutting > 0))
        amount = amount + xp.sum(xp.astype(back, xp.int64), axis=1)
        return health - xp.where(amount > 0, amount, 0)

    def _end_round(self, xp: Any, state: State, rows: Any, pickers: Any) -> State:
        """R76, R16, R18, R25: Pick's golden cards, cards back to hand or face up, the
        discard pile; then the end of the game (R8, R17, R57, R85, R86)."""
        n = self.n
        out = dict(state)
        played = state["played"]
        alive = state["alive"]
        living_picker = pickers & alive
        picker = xp.argmax(xp.astype(living_picker, xp.int64), axis=1)
        has_picker = rows & xp.any(living_picker, axis=1)
        card = xp.where(played >= 0, played, 0)
        golden_card = (played >= 0) & xp.take(xp.asarray(IS_GOLDEN), card)
        g = xp.where(golden_card, xp.take(xp.asarray(GOLDEN_OF), card), -1)
        cards = xp.astype(one_hot(xp, g, G), xp.int64) * xp.astype(rows[:, None, None], xp.int64)
        not_picker = xp.arange(n)[None, :] != picker[:, None]
        to_picker = cards * xp.astype((has_picker[:, None] & not_picker)[:, :, None], xp.int64)
        out["golden"] = state["golden"] + xp.astype(
            one_hot(xp, xp.where(has_picker, picker, -1), n), xp.int64)[:, :, None] * xp.sum(
            to_picker, axis=1)[:, None, :]
        out["discard"] = state["discard"] + xp.sum(cards - to_picker, axis=1)
        out["face_up"] = xp.where(rows[:, None] & (played >= 0),
                                  xp.where(golden_card, -1, played), state["face_up"])
        out["played"] = xp.where(rows[:, None], -1, played)
        out["targets"] = xp.where(rows[:, None, None], -1, state["targets"])
        # The end: one pirate (or one camp) left, no one left, or the round limit.
        living = xp.sum(xp.astype(alive, xp.int64), axis=1)
        if self.camp_mode:
            side = xp.take(xp.asarray(self.camp_side), state["camp"])
            sides = xp.stack([xp.any(alive & (side == k), axis=1) for k in range(3)], axis=1)
            one = xp.sum(xp.astype(sides, xp.int64), axis=1) == 1
            which = xp.argmax(xp.astype(sides, xp.int64), axis=1)
            winners = one[:, None] & (side == which[:, None])
        else:
            one = living == 1
            winners = one[:, None] & alive
        ended = rows & ((living == 0) | one)
        limit = rows & ~ended & (state["round"] >= self.game.options["round_limit"])
        out["winners"] = xp.where(ended[:, None], winners & (living > 0)[:, None],
                                  state["winners"])
        out["over"] = state["over"] | ended | limit
        out["round"] = xp.where(rows & ~ended & ~limit, state["round"] + 1, state["round"])
        return out

    # ------------------------------------------------------------------ observations
    def _fields(self, xp: Any, state: State, viewers: bool) -> Any:
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
        blocks = []
        me = xp.eye(n, dtype=xp.bool)[None]  # (1, viewer, seat)
        for spec in self.encoder.layout:
            name = spec.name
            if name in ("health", "health_known", "bullets", "bullets_known", "camp"):
                block = seen[name]
                if viewers:
                    block = self._own_too(xp, name, state, block, me, shown, camp_seen)
            elif name in seen:
                block = seen[name]
                if viewers:
                    block = xp.broadcast_to(block[:, None, :], (count, n, spec.size))
            elif viewers and name == "viewer":
                block = xp.broadcast_to(xp.eye(n, dtype=f64), (count, n, n))
            elif viewers and name == "hand":
                block = xp.astype(hand_cards, f64)
            elif viewers and name == "golden":
                block = xp.astype(golden, f64) / 3
            else:  # the spectator's own fields, and choices (none committed)
                shape = (count, n, spec.size) if viewers else (count, spec.size)
                block = xp.zeros(shape, dtype=f64)
            blocks.append(block)
        return xp.astype(xp.concat(blocks, axis=-1), xp.float32)

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
    per play, per target and source, damage (``normal``, ``cutting``); steal claims;
    guards, strikers, the steal-proof; bullets and health to take; the pickers."""

    def __init__(self, xp: Any, n: int, living: Any, hiders: Any, cover: Any,
                 near: Any) -> None:
        count = living.shape[0]
        self.xp, self.n = xp, n
        self.living, self.hiders, self.cover, self.near = living, hiders, cover, near
        self.normal = xp.zeros((count, n, n), dtype=xp.int64)
        self.cutting = xp.zeros((count, n, n), dtype=xp.int64)
        self.claims = xp.zeros((count, n, n), dtype=xp.bool)
        self.guards = xp.zeros((count, n), dtype=xp.bool)
        self.strikers = xp.zeros((count, n), dtype=xp.bool)
        self.steal_proof = xp.zeros((count, n), dtype=xp.bool)
        self.bullets = xp.zeros((count, n), dtype=xp.int64)
        self.health = xp.zeros((count, n), dtype=xp.int64)
        self.health_bullets = xp.zeros((count, n), dtype=xp.int64)
        self.pickers = xp.zeros((count, n), dtype=xp.bool)
        self.hits: list[tuple[Any, Any, Any, bool]] = []

    def victim(self, aimed: Any) -> Any:
        """Who suffers harm aimed at ``aimed`` (a seat per play and source): Take Cover
        passes it on (R44, R75); nothing touches a hider (-1) (R67)."""
        xp = self.xp
        safe = xp.where(aimed >= 0, aimed, 0)
        seat = xp.where(aimed >= 0, xp.take_along_axis(self.cover, safe, axis=1), -1)
        hidden = xp.take_along_axis(self.hiders, xp.where(seat >= 0, seat, 0), axis=1)
        return xp.where((seat >= 0) & ~hidden, seat, -1)

    def hit(self, sources: Any, aimed: Any, amount: Any, cut: bool = False) -> None:
        """Each source (``(envs, seats)`` booleans) deals ``amount`` at ``aimed``: kept, to
        be summed per victim and attacker with the others (``settle``)."""
        self.hits.append((sources, aimed, amount, cut))

    def settle(self) -> None:
        """``normal`` and ``cutting`` damage, per play, victim and attacker (R65), of
        every hit kept: the victims of all of them found at once."""
        xp, n = self.xp, self.n
        if not self.hits:
            return
        count = self.living.shape[0]
        sources = xp.stack([h[0] for h in self.hits], axis=1)  # (envs, hits, seats)
        aimed = xp.stack([xp.broadcast_to(xp.asarray(h[1]), (count, n)) for h in self.hits],
                         axis=1)
        amount = xp.stack([xp.broadcast_to(h[2], (count, n)) for h in self.hits], axis=1)
        cut = xp.asarray(np.array([h[3] for h in self.hits]))
        hits = len(self.hits)
        target = self.victim(xp.reshape(xp.where(sources, aimed, -1), (count, hits * n)))
        target = xp.reshape(target, (count, hits, n))
        # Summed per (play, cut or not, victim, attacker), in one flat array.
        play = xp.reshape(xp.arange(count), (count, 1, 1))
        source = xp.reshape(xp.arange(n), (1, 1, n))
        kind = xp.reshape(xp.astype(cut, xp.int64), (1, hits, 1))
        index = ((play * 2 + kind) * n + target) * n + source
        summed = scatter_add(xp, xp.where(target >= 0, index, -1), amount, count * 2 * n * n)
        summed = xp.reshape(summed, (count, 2, n, n))
        self.normal, self.cutting = summed[:, 0], summed[:, 1]
        self.hits = []


class Round:
    """What an effect reads of the round beyond its own cards: every seat's targets and
    revealed card, and its pirate's abilities (``able(name)``)."""

    def __init__(self, targets: Any, played: Any, able: Any) -> None:
        self.targets, self.played, self.able = targets, played, able


def _each(tally: Tally, sources: Any, amount: Any, targets: Any, cut: bool = False) -> None:
    for k in range(2):
        aimed = targets[:, :, k]
        tally.hit(sources & (aimed >= 0), aimed, amount, cut)


def _damage(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    _each(tally, sources, amount, round_.targets)  # R20, R21, R46, R48, R74


def _cut(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    _each(tally, sources, amount, round_.targets, cut=True)  # R29, R65


def _point_blank(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    # R47, R82: Stabbing deals more to a pirate next to its player.
    xp = tally.xp
    first = round_.targets[:, :, 0]
    near = xp.take_along_axis(tally.near, xp.where(first >= 0, first, 0)[:, :, None], axis=2)
    tally.hit(sources & (first >= 0) & near[:, :, 0], first, amount)


def _around(tally: Tally, sources: Any, amount: Any, targets: Any, skip_self: bool) -> None:
    xp = tally.xp
    first = xp.where(targets[:, :, 0] >= 0, targets[:, :, 0], 0)
    # The target's neighbours, per source: (envs, source, other).
    rows = xp.take_along_axis(tally.near, first[:, :, None], axis=1)
    for other in range(tally.n):
        there = sources & (targets[:, :, 0] >= 0) & rows[:, :, other]
        if skip_self:
            there = there & (xp.arange(tally.n)[None, :] != other)
        tally.hit(there, other, amount)


def _splash(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    _around(tally, sources, amount, round_.targets, skip_self=False)  # R46, R77


def _cleave(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    _around(tally, sources, amount, round_.targets, skip_self=True)  # R48, R82


def _everyone(tally: Tally, sources: Any, amount: Any) -> None:
    xp = tally.xp
    for other in range(tally.n):
        there = sources & tally.living[:, other : other + 1] & (xp.arange(tally.n) != other)
        tally.hit(there, other, amount)


def _fire(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    # R23, R66: a lone Fire deals its amount to every other pirate; with other Fires
    # each deals 1. R79: Cheung takes a bullet after his Fire.
    xp = tally.xp
    fires = xp.sum(xp.astype(sources, xp.int64), axis=1, keepdims=True)
    _everyone(tally, sources, xp.where(fires == 1, amount, 1))
    tally.bullets = tally.bullets + xp.astype(sources & round_.able("fire_reload"), xp.int64)


def _whirl(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    _everyone(tally, sources, amount)  # R49, R82


def _steal(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    # R13, R31, R68: claims on one target are judged together, before any damage.
    xp = tally.xp
    target = tally.victim(xp.where(sources, round_.targets[:, :, 0], -1))
    claims = (target[:, :, None] == xp.arange(tally.n)) & (
        target[:, :, None] != xp.arange(tally.n)[None, :, None])
    tally.claims = tally.claims | xp.permute_dims(claims, (0, 2, 1))


def _ward(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    tally.guards = tally.guards | sources  # R22, R26, R65


def _strike_back(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    tally.strikers = tally.strikers | sources  # R26, R65


def _stop_steal(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    tally.steal_proof = tally.steal_proof | sources  # R22


def _bullets(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    tally.bullets = tally.bullets + tally.xp.where(sources, amount, 0)  # R19, R22


def _full_bullets(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    tally.bullets = tally.bullets + tally.xp.where(sources, MAX_BULLETS, 0)  # R28


def _health_effect(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    tally.health = tally.health + tally.xp.where(sources, amount, 0)  # R24, R27


def _pick(tally: Tally, sources: Any, amount: Any, round_: Round) -> None:
    # R45, R76: the golden cards the others played are picked up as the round ends;
    # if there are none, 1 health and 1 bullet, with the health.
    xp = tally.xp
    played = round_.played
    golden = (played >= 0) & xp.take(xp.asarray(IS_GOLDEN), xp.where(played >= 0, played, 0))
    others = xp.sum(xp.astype(golden, xp.int64), axis=1, keepdims=True) - xp.astype(golden,
                                                                                     xp.int64)
    empty = sources & (others == 0)
    tally.pickers = tally.pickers | sources
    tally.health = tally.health + xp.where(empty, PICK_HEALTH, 0)
    tally.health_bullets = tally.health_bullets + xp.where(empty, PICK_BULLETS, 0)


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
_VERBS = ("pirate", "play", "grab", "dig", "gesture")


def _compact(xp: Any, pile: Any, present: Any) -> tuple[Any, Any]:
    """The cards of ``pile`` that are ``present``, in order, to the left (-1 after), and
    how many there are."""
    order = xp.argsort(xp.astype(~present, xp.int64), axis=1, stable=True)
    kept = xp.take_along_axis(xp.where(present, pile, -1), order, axis=1)
    return kept, xp.sum(xp.astype(present, xp.int64), axis=1)


def _pop(xp: Any, pile: Any, size: Any, rows: Any) -> tuple[Any, Any, Any]:
    """The top card of each pile of ``rows`` (-1 where the pile is empty or the row is
    not drawing), and the piles without it."""
    top = xp.maximum(size - 1, 0)
    card = xp.take_along_axis(pile, top[:, None], axis=1)[:, 0]
    drawing = rows & (size > 0)
    card = xp.where(drawing, card, -1)
    cleared = xp.where((xp.arange(pile.shape[1])[None, :] == top[:, None]) & drawing[:, None],
                       -1, pile)
    return card, cleared, xp.where(drawing, size - 1, size)


def _from_counts(xp: Any, counts: Any, keys: Any) -> tuple[Any, Any]:
    """A pile of the golden cards ``counts`` holds, in the order ``keys`` gives to each
    copy (the copies listed card by card, in card order), and its size."""
    copies = xp.asarray(np.array(PILE, dtype=np.int64))  # every copy there can be, by card
    # The k-th copy of card g is there when k < counts[g].
    nth = xp.asarray(np.array([PILE[:i].count(g) for i, g in enumerate(PILE)]))
    there = nth[None, :] < xp.take(counts, copies, axis=1)
    order = xp.argsort(xp.where(there, keys, xp.inf), axis=1, stable=True)
    pile = xp.take_along_axis(xp.where(there, copies[None, :], -1), order, axis=1)
    return pile, xp.sum(xp.astype(there, xp.int64), axis=1)


__all__ = ["EFFECTS", "RumbleBatch", "Tally"]
