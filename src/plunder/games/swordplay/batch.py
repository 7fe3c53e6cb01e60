"""Swordplay: Pirates over arrays: thousands of plays stepped at once (``plunder.engine.batch``).

The rules of ``rules.py`` (R9-R40: the turn's Discard, Draw, Ready and Combat
phases, the defence window and its chain of counter-attacks, armor, guards,
stances, abilities, defeat and the turn limit) written over arrays that hold the
play on their first axis (``SwordplayBatch``), and the observation of
``encoder.py`` written from them. Hands, gear and discard piles are counts of
each card; a deck is its cards in order (drawn from the end, as the scalar
engine pops them). Chance is drawn outside and handed in: the fighters, the first
player and each deck's order to ``deal``, and keys that order a discard pile made
into a new deck to ``step`` (``step_chance``). The differential tests
(``tests/rl/test_batch_swordplay.py``) hold every step of it to the scalar engine.

A step is one decision: Swordplay asks one fighter at a time (the active fighter,
or the target of an attack). The rules are written with NumPy's in-place
indexing on the rows each branch concerns, so they run on NumPy alone.

The optional rule Weapon Breakage rolls dice inside a defence; the batch engine
does not draw them, and refuses the option (``OptionError``) rather than play it
wrong.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from plunder.engine.batch import BatchRules, Chance, State, assemble, one_hot
from plunder.engine.errors import OptionError
from plunder.games.swordplay.content import ANY, CONTENT, LOCATIONS
from plunder.games.swordplay.encoder import DAMAGE_SCALE, KINDS, LIFE_SCALE
from plunder.games.swordplay.rules import (
    DEFENCES,
    FIGHTERS,
    HAND_SIZE,
    MAX_CHAIN,
    SwordplayGame,
)

FIGHTER_NAMES = list(FIGHTERS)
# The phases a play waits in, in the encoder's order of decisions.
DISCARD, READY, ATTACK, DEFEND = (KINDS.index(k) for k in ("discard", "ready", "attack", "defend"))
# The verbs, those that play a card from the hand to the discard pile last.
VERBS = ("pass", "no", "ready", "drop", "guard", "discard", "attack", "defend")
THRUST = LOCATIONS.index("thrust")
NOWHERE = len(LOCATIONS)  # the location of an attack that has none


def _tally(table: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """``counts`` of each card (the last axis) weighted by ``table`` (a card table, padded;
    or a column of them) and summed: as float32 through BLAS, exact for counts this small."""
    weights = table[:-1].astype(np.float32)
    return (counts.astype(np.float32) @ weights).astype(np.int64)


def _fighter_table(test: Any) -> np.ndarray:
    return np.array([test(FIGHTERS[name]) for name in FIGHTER_NAMES])


class SwordplayBatch(BatchRules):
    """Swordplay's rules for ``game``'s options over arrays (see the module's docstring).

    The state holds the play on the first axis of every array: per seat ``fighter``,
    ``life``, ``alive``, ``armor`` (a card, -1 for none), ``taken`` (damage the armor
    took), ``stance`` (-1 for none), ``winners``; per seat and card ``hand`` and
    ``gear`` (counts) and ``worn``/``spare`` (how many attacks the most worn and the
    other copy of a ready cloak or shield have countered); per side ``deck`` (cards in
    order), ``deck_n`` and ``discard`` (counts); and the turn's ``turn``, ``active``,
    ``phase``, ``left`` (discards left), ``readied``, and the attack being answered
    (``attacker``, ``target``, ``card``, ``location``, ``damage``, ``link``,
    ``ignores``).
    """

    game: SwordplayGame

    def __init__(self, game: SwordplayGame) -> None:
        if game.options["weapon_breakage"]:
            raise OptionError(
                "option weapon_breakage is on: Swordplay's batch engine does not roll for "
                "broken weapons; play it with weapon_breakage off (the default)",
                field="weapon_breakage",
            )
        super().__init__(game)
        self.turn_limit = int(game.options["turn_limit"])
        self.realistic = bool(game.options["realistic_parries"])
        self.sides = game.sides
        self.side_of = np.array([self.sides.index(s) for s in game.seat_sides])
        self.one_side = len(self.sides) == 1
        self.fixed = [FIGHTER_NAMES.index(f) for f in game.fighter_list]
        self._cards()
        self._actions()
        self._decks()
        self.f_life = _fighter_table(lambda f: f.life)
        self.f_damage = _fighter_table(lambda f: f.damage)
        self.f_hands = _fighter_table(lambda f: f.hands)
        self.f_ability = {
            ability: _fighter_table(lambda f, a=ability: f.has(a))
            for ability in ("duellist", "brawler", "iron_hide", "deft", "hook", "sharpshooter")
        }
        # The encoder's items and stances, in its order (the cards' order).
        self.encoder_items = np.flatnonzero(self.is_item[:-1])
        self.encoder_stances = np.flatnonzero(self.is_stance[:-1])

    # ------------------------------------------------------------------ tables
    def _cards(self) -> None:
        """Each card's properties, by its index in ``cards_in_play``; a table padded
        with one more entry is read at -1 (no card) as that entry."""
        self.cards = self.game.cards_in_play()
        specs = [CONTENT.cards[c] for c in self.cards]

        def table(test: Any, pad: Any = False) -> np.ndarray:
            return np.array([test(s) for s in specs] + [pad])

        self.is_stance = table(lambda s: s.type == "stance")
        self.is_item = table(lambda s: s.type == "item")
        self.is_armor = table(lambda s: s.item == "armor")
        self.is_weapon = table(lambda s: s.item == "weapon")
        self.guards = table(lambda s: s.guards)
        self.hands = table(lambda s: s.hands, 0)
        self.weapon_damage = table(lambda s: s.damage if s.item == "weapon" else 0, 0)
        self.value = table(lambda s: s.value, 0)
        self.bonus = table(lambda s: s.bonus, 0)
        self.thrust_bonus = table(lambda s: s.type == "item" and s.has("thrust_bonus"))
        # At once (one product an attack): each card's weapons, weapon damage and thrust bonus.
        self.arms = np.stack([self.is_weapon.astype(np.int64), self.weapon_damage,
                              self.thrust_bonus.astype(np.int64)], axis=1)
        self.fixed_damage = table(lambda s: s.type == "attack" and s.has("fixed_damage"))
        self.dodge_only = table(lambda s: s.type == "attack" and s.has("dodge_only"))
        self.ignores_guards = table(lambda s: s.type == "attack" and s.ignores_guards)
        self.location = table(
            lambda s: LOCATIONS.index(s.location) if s.location else NOWHERE, NOWHERE)
        self.counters = table(lambda s: bool(s.counter))
        self.counter_at = table(
            lambda s: LOCATIONS.index(s.counter) if s.counter else NOWHERE, NOWHERE)
        self.parry = table(lambda s: s.parry)
        self.stops_any = table(lambda s: ANY in s.stops)
        # Which locations a defence counters; the last column (no location): none.
        self.stops = np.array(
            [[loc in s.stops for loc in LOCATIONS] + [False] for s in specs]
            + [[False] * (NOWHERE + 1)]
        )

        def stance(effect: str) -> np.ndarray:
            return table(lambda s: s.type == "stance" and s.has(effect))

        self.attack_bonus = stance("attack_bonus")
        self.damage_reduction = stance("damage_reduction")
        self.parry_any = stance("parry_any")

    def _actions(self) -> None:
        """Each action's verb, card and target, by its index in the action space."""
        space = self.game.action_space()
        verbs, cards, targets = [], [], []
        for action in space:
            verb = action.verb  # type: ignore[attr-defined]
            name = action.name  # type: ignore[attr-defined]
            target = action.target  # type: ignore[attr-defined]
            if verb in ("pass", "no"):
                card = -1
            else:
                card = self.cards.index(DEFENCES.get((verb, name), name))
                verb = "defend" if (verb, name) in DEFENCES else verb
            verbs.append(VERBS.index(verb))
            cards.append(card)
            targets.append(-1 if target is None else target)
        self.verb = np.array(verbs)
        self.card_of = np.array(cards)
        self.target_of = np.array(targets)
        # The action space lies in segments, one a verb, in this order; an attack's
        # segment is its cards, each at every seat.
        self.part: dict[str, slice] = {}
        self.segment: dict[str, np.ndarray] = {}
        at = 0
        for name in ("pass", "no", "discard", "ready", "drop", "attack", "guard", "defend"):
            size = int((self.verb == VERBS.index(name)).sum())
            self.part[name] = slice(at, at + size)
            self.segment[name] = self.card_of[at:at + size:self.players if name == "attack" else 1]
            at += size
        expected = np.concatenate([np.full(p.stop - p.start, VERBS.index(v))
                                   for v, p in self.part.items()])
        if not np.array_equal(expected, self.verb):
            raise RuntimeError("Swordplay's action space no longer lies in segments by verb")

    def _decks(self) -> None:
        """Each side's deck listed card by card (every copy), padded with -1 to the
        longest, and each copy's rank among the copies of its card."""
        lists = [CONTENT.decks[side].cards() for side in self.sides]
        self.deck_size = np.array([len(cards) for cards in lists])
        width = int(self.deck_size.max())
        self.listed = np.full((len(lists), width), -1, dtype=np.int64)
        self.rank = np.full((len(lists), width), width, dtype=np.int64)
        for i, cards in enumerate(lists):
            seen: dict[str, int] = {}
            for at, card in enumerate(cards):
                self.listed[i, at] = self.cards.index(card)
                self.rank[i, at] = seen.get(card, 0)
                seen[card] = seen.get(card, 0) + 1
        self.width = width

    # ------------------------------------------------------------------ chance
    def deal_chance(self, rng: np.random.Generator, count: int) -> Chance:
        # R1-R3, R5: fighters per side; R6-R8: the first player (the rolls favour no
        # seat); R9: each deck shuffled.
        n = self.players
        if self.fixed:
            fighters = np.broadcast_to(np.array(self.fixed), (count, n)).copy()
        else:
            fighters = np.zeros((count, n), dtype=np.int64)
            for i, side in enumerate(self.sides):
                seats = np.flatnonzero(self.side_of == i)
                pool = np.array([FIGHTER_NAMES.index(f) for f in CONTENT.side(side)])
                order = np.argsort(rng.random((count, len(pool))), axis=1)
                fighters[:, seats] = pool[order[:, :len(seats)]]
        decks = np.full((count, len(self.sides), self.width), -1, dtype=np.int64)
        for i, size in enumerate(self.deck_size):
            order = np.argsort(rng.random((count, size)), axis=1)
            decks[:, i, :size] = self.listed[i, :size][order]
        return {"fighters": fighters, "first": rng.integers(0, n, size=count), "decks": decks}

    def step_chance(self, rng: np.random.Generator, state: State) -> Chance:
        """Keys that order a discard pile made into a deck anew (R15), one per copy of the
        side's deck as listed: ``keys`` ``(len(rows), width)`` for the plays ``rows``
        (ascending), those whose active fighter may draw from a deck too short this
        step; no other play shuffles."""
        count = state["over"].shape[0]
        side = self.side_of[state["active"]]
        short = state["deck_n"][np.arange(count), side] < HAND_SIZE
        rows = np.flatnonzero(short & (state["phase"] == DISCARD) & ~state["over"])
        return {"rows": rows, "keys": rng.random((rows.size, self.width))}

    def put_plays(self, state: State, rows: np.ndarray, plays: State) -> None:
        """``BatchRules.put_plays``, in place without copies: every state ``step`` and
        ``deal`` return holds arrays of its own, shared with no earlier state."""
        for key, value in plays.items():
            state[key][rows] = value

    # ------------------------------------------------------------------ the rules
    def deal(self, xp: Any, chance: Chance) -> State:
        fighters = np.array(chance["fighters"], dtype=np.int64)
        first = np.asarray(chance["first"], dtype=np.int64)
        count, n, c = fighters.shape[0], self.players, len(self.cards)
        sides = len(self.sides)
        state: State = {
            "fighter": fighters,
            "life": self.f_life[fighters],
            "alive": np.ones((count, n), dtype=bool),
            "armor": np.full((count, n), -1, dtype=np.int64),
            "taken": np.zeros((count, n), dtype=np.int64),
            "stance": np.full((count, n), -1, dtype=np.int64),
            "hand": np.zeros((count, n, c), dtype=np.int8),
            "gear": np.zeros((count, n, c), dtype=np.int8),
            "worn": np.zeros((count, n, c), dtype=np.int8),
            "spare": np.zeros((count, n, c), dtype=np.int8),
            "deck": np.array(chance["decks"], dtype=np.int8),
            "deck_n": np.broadcast_to(self.deck_size, (count, sides)).copy(),
            "discard": np.zeros((count, sides, c), dtype=np.int8),
            "turn": np.zeros(count, dtype=np.int64),
            "active": first.copy(),
            "phase": np.zeros(count, dtype=np.int64),
            "left": np.zeros(count, dtype=np.int64),
            "readied": np.zeros(count, dtype=bool),
            "attacker": np.zeros(count, dtype=np.int64),
            "target": np.zeros(count, dtype=np.int64),
            "card": np.zeros(count, dtype=np.int64),
            "location": np.zeros(count, dtype=np.int64),
            "damage": np.zeros(count, dtype=np.int64),
            "link": np.zeros(count, dtype=np.int64),
            "ignores": np.zeros(count, dtype=bool),
            "over": np.zeros(count, dtype=bool),
            "winners": np.zeros((count, n), dtype=bool),
        }
        rows = np.arange(count)
        # R10: five cards each off the end of its side's deck, from the first player on:
        # the k-th of a side's seats in that order takes the k-th five from the end.
        order = (first[:, None] + np.arange(n)) % n  # (plays, seats in drawing order)
        side = self.side_of[order]
        earlier = np.zeros_like(order)
        for i in range(sides):
            mine = side == i
            earlier += (np.cumsum(mine, axis=1) - mine) * mine
        at = (self.deck_size[side] - 1 - HAND_SIZE * earlier)[:, :, None] - np.arange(HAND_SIZE)
        drawn = state["deck"][rows[:, None, None], side[:, :, None], at]
        hands = (rows[:, None] * n + order) * c
        np.add.at(state["hand"].reshape(-1), (hands[:, :, None] + drawn).reshape(-1), 1)
        dealt = np.array([HAND_SIZE * int((self.side_of == i).sum()) for i in range(sides)])
        state["deck_n"] -= dealt
        self._begin_turn(state, rows, first)
        return state

    def _decider(self, state: State) -> np.ndarray:
        """Each play's deciding seat: the target of the attack being answered, else the
        active fighter."""
        return np.asarray(np.where(state["phase"] == DEFEND, state["target"], state["active"]))

    def legal(self, xp: Any, state: State) -> Any:
        """The deciding seat's legal actions, worked out an action segment at a time
        (``_segments``) as ``(actions, plays)`` rows; handed out as a view with the
        play first, lying action first and play last in memory (``random_legal`` reads
        it an action at a time)."""
        count = state["over"].shape[0]
        rows = np.arange(count)
        seat = self._decider(state)
        playing = ~state["over"]
        phase = state["phase"]
        discarding = playing & (phase == DISCARD)
        readying = playing & (phase == READY)
        attacking = playing & (phase == ATTACK)
        defending = playing & (phase == DEFEND)
        held = state["hand"][rows, seat].T > 0  # (cards, plays)
        gear = state["gear"][rows, seat].T
        out = np.empty((self.actions, count), dtype=bool)
        part = self.part
        # R12: pass, or discard a card of the hand; R28: take the attack (no).
        out[part["pass"]] = playing & ~defending
        out[part["no"]] = defending
        out[part["discard"]] = held[self.segment["discard"]] & discarding
        # R16-R22: ready a stance, or an item the free hands can hold; drop an item in play.
        cards = self.segment["ready"]
        free = self.f_hands[state["fighter"][rows, seat]] - _tally(self.hands, gear.T)
        fits = self.is_stance[cards][:, None] | (self.hands[cards][:, None] <= free)
        out[part["ready"]] = held[cards] & fits & readying
        cards = self.segment["drop"]
        owned = (gear[cards] > 0) | (state["armor"][rows, seat] == cards[:, None])
        out[part["drop"]] = owned & readying
        # R24-R27: an attack card of the hand at another living fighter.
        others = state["alive"].T & (np.arange(self.players)[:, None] != seat) & attacking
        aims = held[self.segment["attack"]][:, None, :] & others
        out[part["attack"]] = aims.reshape(-1, count)
        # R29, R39: a ready guard, unless the attack ignores guards; a fitting defence.
        out[part["guard"]] = (gear[self.segment["guard"]] > 0) & (defending & ~state["ignores"])
        cards = self.segment["defend"]
        out[part["defend"]] = held[cards] & self._stops(state, rows, seat, cards) & defending
        # Laid out (actions, seats, plays): the play innermost, where NumPy loops fastest.
        mine = np.arange(self.players)[:, None] == seat
        return np.transpose(out[:, None, :] & mine, (2, 1, 0))

    def _stops(self, state: State, rows: np.ndarray, seat: np.ndarray,
               cards: np.ndarray) -> np.ndarray:
        """``(cards, plays)``: whether each of the defences ``cards`` counters the attack
        being answered by ``seat`` (R29, R34, R37)."""
        location = state["location"]
        stance_any = self.parry_any[state["stance"][rows, seat]]
        parry = self.parry[cards][:, None]
        located = ~self.dodge_only[state["card"]] & (location != NOWHERE)
        fits = self.stops_any[cards][:, None] | (
            located & (self.stops[cards][:, location] | (parry & stance_any))
        )
        if self.realistic:
            armed = _tally(self.is_weapon, state["gear"]) > 0  # (plays, seats)
            mine = armed[rows, seat]
            theirs = armed[rows, state["attacker"]]
            fits = fits & (~parry | (mine | ~theirs))
        return fits

    def step(self, xp: Any, state: State, actions: Any, chance: Chance) -> State:
        state = {key: value.copy() for key, value in state.items()}
        playing = np.flatnonzero(~state["over"])
        seat = self._decider(state)[playing]
        action = np.asarray(actions)[playing, seat]
        # The plays sorted by the verb played: each kind of decision's plays are a slice.
        verb = self.verb[action]
        order = np.argsort(verb, kind="stable")
        playing, seat, action = playing[order], seat[order], action[order]
        card, phase = self.card_of[action], state["phase"][playing]
        bounds = np.searchsorted(verb[order], np.arange(len(VERBS) + 1)).tolist()
        keys = (np.asarray(chance["rows"]), np.asarray(chance["keys"]))

        def part(first: str, last: str | None = None) -> slice:
            return slice(bounds[VERBS.index(first)], bounds[VERBS.index(last or first) + 1])

        def branch(first: str, last: str | None = None
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
            at = part(first, last)
            return playing[at], seat[at], card[at]

        # R12, R24, R28: a discard, an attack card or a defence leaves the hand for the
        # discard pile.
        rows, seats, cards = branch("discard", "defend")
        state["hand"][rows, seats, cards] -= 1  # one card a play: no index twice
        self._to_discard(state, rows, seats, cards)
        passing, passed = playing[part("pass")], phase[part("pass")]
        # -- discard (R12, R13): one card (two for a deft fighter), then draw up to five.
        rows, seats, cards = branch("discard")
        state["left"][rows] -= 1
        again = (state["left"][rows] > 0) & (state["hand"][rows, seats].sum(axis=1) > 0)
        drawing = np.concatenate([rows[~again], passing[passed == DISCARD]])
        if drawing.size:
            self._draw(state, drawing, state["active"][drawing], keys)
            state["phase"][drawing] = READY
        # -- ready (R16-R23): pass to the attack; drop an item; ready one (the turn ends).
        state["phase"][passing[passed == READY]] = ATTACK
        self._drop(state, *branch("drop"))
        rows, seats, cards = branch("ready")
        self._ready(state, rows, seats, cards)
        ending = [rows, passing[passed == ATTACK]]
        # -- attack (R24-R27): the card is played face up; its target answers.
        attacks = branch("attack")
        aimed_at = self.target_of[action[part("attack")]]
        # -- defend (R28-R33): take it, guard, or defend (and maybe counter-attack).
        rows = playing[part("no")]
        self._hit(state, rows, state["target"][rows], state["damage"][rows])
        ending.append(rows[~state["over"][rows]])
        rows, seats, cards = branch("guard")
        self._guard(state, rows, seats, cards)
        ending.append(rows)
        rows, seats, cards = branch("defend")
        chain = self.counters[cards] & (state["link"][rows] < MAX_CHAIN)
        ending.append(rows[~chain])
        rows, seats, cards = rows[chain], seats[chain], cards[chain]
        # Attacks and counter-attacks open their windows together.
        first = np.zeros(attacks[0].size, dtype=bool)
        self._attack(
            state,
            np.concatenate([attacks[0], rows]),
            np.concatenate([attacks[1], seats]),
            np.concatenate([attacks[2], cards]),
            np.concatenate([aimed_at, state["attacker"][rows]]),
            np.concatenate([self.location[attacks[2]], self.counter_at[cards]]),
            np.concatenate([first, np.ones(rows.size, dtype=bool)]),
            np.concatenate([np.ones(first.size, dtype=np.int64), state["link"][rows] + 1]),
        )
        ended = np.concatenate(ending)
        if ended.size:
            self._end_turn(state, ended)
        return state

    # ------------------------------------------------------------------ the parts of a step
    def _to_hand(self, state: State, rows: np.ndarray, seats: np.ndarray, cards: np.ndarray,
                 by: int) -> None:
        state["hand"][rows, seats, cards] += by  # one card a play: no index twice

    def _to_discard(self, state: State, rows: np.ndarray, seats: np.ndarray,
                    cards: np.ndarray) -> None:
        sides = 0 if self.one_side else self.side_of[seats]
        state["discard"][rows, sides, cards] += 1

    def _draw(self, state: State, rows: np.ndarray, seats: np.ndarray,
              keys: tuple[np.ndarray, np.ndarray] | None) -> None:
        """R14, R15: ``seats`` draw up to five; an empty deck takes its side's discard pile,
        ordered by ``keys`` (``step_chance``'s rows and their keys: each copy of the side's
        deck as listed has its key), and the draw goes on from it."""
        sides = self.side_of[seats]
        need = HAND_SIZE - state["hand"][rows, seats].sum(axis=1)
        left = state["deck_n"][rows, sides]
        self._take(state, rows, seats, sides, np.minimum(need, left))
        short = need > left
        if keys is None or not short.any():
            return
        rows, seats, sides = rows[short], seats[short], sides[short]
        missing = (need - left)[short]
        self._reshuffle(state, rows, sides, keys)
        self._take(state, rows, seats, sides, np.minimum(missing, state["deck_n"][rows, sides]))

    def _take(self, state: State, rows: np.ndarray, seats: np.ndarray, sides: np.ndarray,
              count: np.ndarray) -> None:
        """``count`` cards (at most five) off the end of each side's deck, into the hands."""
        left = state["deck_n"][rows, sides]
        at = left[:, None] - 1 - np.arange(HAND_SIZE)
        taken = np.arange(HAND_SIZE) < count[:, None]
        drawn = state["deck"][rows[:, None], sides[:, None], np.maximum(at, 0)]
        # Counted per play (one play may draw a card twice), then added to the hands.
        cards = len(self.cards)
        at_card = (np.arange(rows.size)[:, None] * cards + drawn)[taken]
        counts = np.bincount(at_card, minlength=rows.size * cards).reshape(rows.size, cards)
        state["hand"][rows, seats] += counts.astype(np.int8)
        state["deck_n"][rows, sides] = left - count

    def _reshuffle(self, state: State, rows: np.ndarray, sides: np.ndarray,
                   keys: tuple[np.ndarray, np.ndarray]) -> None:
        listed, rank = self.listed[sides], self.rank[sides]  # (rows, width)
        piles = state["discard"][rows, sides]  # (rows, cards)
        each = np.arange(rows.size)[:, None]
        present = (listed >= 0) & (rank < piles[each, np.maximum(listed, 0)])
        drawn_for, drawn = keys
        mine = drawn[np.searchsorted(drawn_for, rows)]
        order = np.argsort(np.where(present, mine, np.inf), axis=1, kind="stable")
        state["deck"][rows, sides] = listed[each, order]
        state["deck_n"][rows, sides] = present.sum(axis=1)
        state["discard"][rows, sides] = 0

    def _drop(self, state: State, rows: np.ndarray, seats: np.ndarray, cards: np.ndarray) -> None:
        # R22: the dropped item goes to the discard pile; the Ready phase goes on.
        armor = state["armor"][rows, seats] == cards
        state["armor"][rows[armor], seats[armor]] = -1
        state["taken"][rows[armor], seats[armor]] = 0
        gear = ~armor
        self._lose_gear(state, rows[gear], seats[gear], cards[gear])
        self._to_discard(state, rows, seats, cards)

    def _lose_gear(self, state: State, rows: np.ndarray, seats: np.ndarray,
                   cards: np.ndarray) -> None:
        # Of two alike, the more worn goes.
        at = (rows, seats, cards)
        state["gear"][at] -= 1
        state["worn"][at] = state["spare"][at]
        state["spare"][at] = 0

    def _ready(self, state: State, rows: np.ndarray, seats: np.ndarray, cards: np.ndarray) -> None:
        # R16-R21: a stance or armor replaces the one in play (discarded); other items
        # join the gear; readying ends the turn (R23).
        self._to_hand(state, rows, seats, cards, -1)
        for slot, kind in (("stance", self.is_stance), ("armor", self.is_armor)):
            which = kind[cards]
            r, s, c = rows[which], seats[which], cards[which]
            old = state[slot][r, s]
            had = old >= 0
            self._to_discard(state, r[had], s[had], old[had])
            state[slot][r, s] = c
            if slot == "armor":
                state["taken"][r, s] = 0
        gear = ~self.is_stance[cards] & ~self.is_armor[cards]
        r, s, c = rows[gear], seats[gear], cards[gear]
        second = state["gear"][r, s, c] > 0
        # A new copy has countered nothing: the other copy is the more worn.
        state["spare"][r[second], s[second], c[second]] = 0
        state["worn"][r[~second], s[~second], c[~second]] = 0
        state["gear"][r, s, c] += 1
        state["readied"][rows] = True

    def _guard(self, state: State, rows: np.ndarray, seats: np.ndarray, cards: np.ndarray) -> None:
        # R29, R39: the most worn copy counters; used up, it is discarded.
        at = (rows, seats, cards)
        state["worn"][at] += 1
        out = state["worn"][at] >= self.value[cards]
        self._lose_gear(state, rows[out], seats[out], cards[out])
        self._to_discard(state, rows[out], seats[out], cards[out])

    def _base_damage(self, state: State, rows: np.ndarray, seats: np.ndarray) -> np.ndarray:
        """What ``seats``' plain attacks deal now (``SwordplayState.base_damage``)."""
        return self._arms(state, rows, seats)[0]

    def _arms(self, state: State, rows: np.ndarray, seats: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray]:
        """``seats``' base damage, and the bonus their weapons give a thrust."""
        fighter = state["fighter"][rows, seats]
        weapons, damage, thrusts = _tally(self.arms, state["gear"][rows, seats]).T
        total = self.f_damage[fighter] + damage
        total = total + self.attack_bonus[state["stance"][rows, seats]]
        return total + (self.f_ability["brawler"][fighter] & (weapons == 0)), thrusts

    def _attack(self, state: State, rows: np.ndarray, seats: np.ndarray, cards: np.ndarray,
                targets: np.ndarray, location: np.ndarray, counter: np.ndarray,
                link: np.ndarray) -> None:
        """R24-R34: ``seats`` attack ``targets`` with ``cards`` at ``location`` (a
        counter-attack where ``counter``); the window opens for the target."""
        fighter = state["fighter"][rows, seats]
        bonus = self.bonus[cards] + (self.f_ability["sharpshooter"][fighter]
                                     & (location == NOWHERE))
        base, thrusts = self._arms(state, rows, seats)
        total = base + bonus + np.where(location == THRUST, thrusts, 0)
        total = total + (self.f_ability["duellist"][fighter] & counter)
        amount = np.where(self.fixed_damage[cards], bonus, total)
        hook = self.f_ability["hook"][fighter]
        state["phase"][rows] = DEFEND
        state["attacker"][rows] = seats
        state["target"][rows] = targets
        state["card"][rows] = cards
        state["location"][rows] = location
        state["damage"][rows] = amount
        state["link"][rows] = link
        state["ignores"][rows] = self.ignores_guards[cards] | hook

    def _hit(self, state: State, rows: np.ndarray, seats: np.ndarray, amount: np.ndarray) -> None:
        # R30: stance and ability lessen the blow; armor takes it first, then life.
        amount = np.where(self.damage_reduction[state["stance"][rows, seats]],
                          np.maximum(amount - 1, 0), amount)
        fighter = state["fighter"][rows, seats]
        amount = np.where(self.f_ability["iron_hide"][fighter] & (amount > 1), amount - 1, amount)
        armor = state["armor"][rows, seats]
        has = armor >= 0
        taken = state["taken"][rows, seats]
        on_armor = np.where(has, np.minimum(amount, self.value[armor] - taken), 0)
        taken = taken + on_armor
        state["taken"][rows, seats] = taken
        state["life"][rows, seats] -= amount - on_armor
        gone = has & (taken >= self.value[armor])
        state["armor"][rows[gone], seats[gone]] = -1
        state["taken"][rows[gone], seats[gone]] = 0
        self._to_discard(state, rows[gone], seats[gone], armor[gone])
        dead = state["life"][rows, seats] <= 0
        if dead.any():
            self._defeat(state, rows[dead], seats[dead])

    def _defeat(self, state: State, rows: np.ndarray, seats: np.ndarray) -> None:
        # R36: out for good; every card the fighter holds goes to its side's pile.
        sides = self.side_of[seats]
        pile = state["discard"]
        pile[rows, sides] += state["hand"][rows, seats] + state["gear"][rows, seats]
        for slot in ("armor", "stance"):
            worn = state[slot][rows, seats]
            had = worn >= 0
            pile[rows[had], sides[had], worn[had]] += 1
            state[slot][rows, seats] = -1
        for key in ("hand", "gear", "worn", "spare"):
            state[key][rows, seats] = 0
        state["taken"][rows, seats] = 0
        state["alive"][rows, seats] = False
        # R4: the last fighter standing wins.
        last = state["alive"][rows].sum(axis=1) == 1
        won = rows[last]
        state["over"][won] = True
        state["winners"][won] = state["alive"][won]

    def _end_turn(self, state: State, rows: np.ndarray) -> None:
        # R11: play passes to the next living seat up.
        n = self.players
        ahead = (state["active"][rows, None] + np.arange(1, n + 1)) % n
        living = state["alive"][rows[:, None], ahead]
        self._begin_turn(state, rows, ahead[np.arange(rows.size), living.argmax(axis=1)])

    def _begin_turn(self, state: State, rows: np.ndarray, seats: np.ndarray) -> None:
        # R40: the turn limit ends the game with no winner.
        stop = state["turn"][rows] >= self.turn_limit
        state["over"][rows[stop]] = True
        rows, seats = rows[~stop], seats[~stop]
        state["turn"][rows] += 1
        state["active"][rows] = seats
        state["readied"][rows] = False
        deft = self.f_ability["deft"][state["fighter"][rows, seats]]
        state["left"][rows] = np.where(deft, 2, 1)
        state["phase"][rows] = DISCARD

    # ------------------------------------------------------------------ observations
    def _fields(self, xp: Any, state: State, viewers: bool) -> Any:
        """The encoder's fields (``assemble``), worked out in float64 and rounded once
        to float32, as the encoder rounds its Python floats."""
        n = self.players
        count = state["over"].shape[0]
        over = state["over"]
        alive = state["alive"]
        gear = state["gear"]
        fighter = state["fighter"]
        rows = np.repeat(np.arange(count), n)
        seats = np.tile(np.arange(n), count)
        damage = self._base_damage(state, rows, seats).reshape(count, n)
        armor = state["armor"]
        armor_left = np.where(armor >= 0, self.value[armor] - state["taken"], 0) / 4
        phase = np.where(over, -1, state["phase"])
        defending = phase == DEFEND
        where = np.where(defending, state["location"], -1)
        stances = self.encoder_stances
        blocks = {
            "alive": alive.astype(np.float64),
            "life": np.maximum(state["life"], 0) / LIFE_SCALE,
            "armor_left": armor_left,
            "attack_damage": np.where(alive, damage, 0) / DAMAGE_SCALE,
            "hands_free": (self.f_hands[fighter] - _tally(self.hands, gear)) / 2,
            "gear": gear[:, :, self.encoder_items].reshape(count, -1).astype(np.float64),
            "stance": (state["stance"][:, :, None] == stances).reshape(count, -1),
            "hand_size": state["hand"].sum(axis=2) / HAND_SIZE,
            "active": one_hot(np, np.where(over, -1, state["active"]), n),
            "decision": one_hot(np, phase, len(KINDS)),
            "attacker": one_hot(np, np.where(defending, state["attacker"], -1), n),
            "target": one_hot(np, np.where(defending, state["target"], -1), n),
            "location": one_hot(np, where, NOWHERE + 1),
            "incoming": np.where(defending, state["damage"], 0)[:, None] / DAMAGE_SCALE,
            "decks": state["deck_n"] / self.deck_size,
            "discards": state["discard"].reshape(count, -1) / 5,
            "turn": state["turn"][:, None] / self.turn_limit,
            "readied": state["readied"][:, None].astype(np.float64),
            "over": over[:, None].astype(np.float64),
            "winners": state["winners"].astype(np.float64),
        }
        if viewers:
            blocks["viewer"] = np.broadcast_to(np.eye(n), (count, n, n))
            blocks["hand"] = state["hand"] / HAND_SIZE
        return assemble(np, self.encoder.layout, blocks, count, n if viewers else None)


__all__ = ["SwordplayBatch"]
