"""Pirates Under Fire over arrays: thousands of plays stepped at once (``plunder.engine.batch``).

The rules of ``rules.py`` (R9-R51: laying a ship on an accessible space, the
space's and the ship's effects in the order the player chooses, hires and what
they would open, fire, shields, mines, repairs, the reserve, the draw and the
hand limit, the end after the last draw, a player stuck, and the final scoring)
written over arrays that hold the play on their first axis (``UnderFireBatch``),
and the observation of ``encoder.py`` written from them. Hands and reserves are
counts of each number; a draw pile is its ships in order (drawn from the end, as
the scalar engine pops them). The effects still to apply this turn are a short
queue per play (the space's, then the ship's; the ``order`` decision may turn
them round), applied one at a time until one must be aimed.

Chance is drawn outside and handed in: the sea's layout, the market, the first
player, each fleet's shuffle to ``deal``; to ``step`` (``step_chance``) a key
per ship a step may take from a reserve (R29), which picks one of its ships, each
equally likely. The differential tests (``tests/rl/test_batch_underfire.py``)
hold every step of it to the scalar engine.

A step is one decision: the game asks one seat at a time. The rules are written
with NumPy's in-place indexing on the rows each kind of decision concerns, so
they run on NumPy alone. Every option of the game is played (``end``,
``burning``, ``draw``); content whose aimed effect carries an amount (R47, which
no registered effect takes today) is refused.
"""

from __future__ import annotations

from functools import cache
from itertools import permutations
from typing import Any

import numpy as np

from plunder.engine.batch import BatchRules, Chance, State, assemble, one_hot
from plunder.engine.effects import Step
from plunder.games.underfire.content import CONTENT, NUMBERS
from plunder.games.underfire.effects import EFFECTS, aims
from plunder.games.underfire.encoder import EFFECTS as EFFECT_NAMES
from plunder.games.underfire.encoder import FLEET, GOLD, HAND, KINDS, MERCS, VP
from plunder.games.underfire.rules import SIXTEEN, TARGET_VERBS, FireAction, UnderFireGame
from plunder.games.underfire.sea import COLUMNS, INDEX, NEIGHBOURS, ROWS, half_of

SPACES = COLUMNS * ROWS
NOWHERE = SPACES  # the padding space: never occupied, never a target
TURN, ORDER, TARGET = (KINDS.index(k) for k in ("turn", "order", "target"))
# The kinds of action, in the action space's order.
PLAY, BUY, FIRST, AIM, END = range(5)
START = CONTENT.start
COPIES = START["copies"]
EFFECT = {name: i for i, name in enumerate(EFFECT_NAMES)}
FIRE = (EFFECT["line"], EFFECT["diagonal"])
# Eight directions from a space: the four of a line, then the four diagonals (R27).
DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))
LINE_WAYS, DIAGONAL_WAYS = np.arange(4), np.arange(4, 8)


def _rays() -> np.ndarray:
    """``(spaces, 8, 6)``: the spaces met going each way from a space, padded."""
    out = np.full((SPACES, len(DIRECTIONS), max(ROWS, COLUMNS)), NOWHERE, dtype=np.int64)
    for i in range(SPACES):
        row, col = divmod(i, COLUMNS)
        for d, (dr, dc) in enumerate(DIRECTIONS):
            r, c, k = row + dr, col + dc, 0
            while 0 <= r < ROWS and 0 <= c < COLUMNS:
                out[i, d, k] = r * COLUMNS + c
                r, c, k = r + dr, c + dc, k + 1
    return out


def _lines() -> np.ndarray:
    """``(13, 7)``: every row, then every column, of the sea, padded (R33, R34)."""
    lines = [list(range(r * COLUMNS, (r + 1) * COLUMNS)) for r in range(ROWS)]
    lines += [list(range(c, SPACES, COLUMNS)) for c in range(COLUMNS)]
    width = max(len(line) for line in lines)
    return np.array([line + [NOWHERE] * (width - len(line)) for line in lines])


def _points(table: dict[int, int], longest: int) -> np.ndarray:
    """VP by a run's length, 0 to ``longest`` (a run longer than the table: its last)."""
    top = max(table)
    return np.array([table.get(n, table[top] if n > top else 0) for n in range(longest + 1)])


@cache
def _halves(codes: tuple[str, ...]) -> np.ndarray:
    """Every half of the sea seat 0 may be dealt (R3-R5), as codes (-1: none) by depth
    and column: ``[first square, second square, strip, order of the three, faces]``
    (the order one of the six permutations, the faces three bits)."""
    squares, strips = CONTENT.by_kind["square"], CONTENT.by_kind["strip"]
    orders = list(permutations(range(3)))
    out = np.full((len(squares), len(squares), len(strips), len(orders), 8, 3 * COLUMNS), -1,
                  dtype=np.int64)
    for index in np.ndindex(out.shape[:-1]):
        first, second, strip, order, faces = index
        pieces = (squares[first], squares[second], strips[strip])
        column = 0
        for k, piece in enumerate(orders[order]):
            grid = CONTENT.boards[pieces[piece]].faces["ab"[faces >> k & 1]]
            for depth, row in enumerate(grid):
                for offset, step in enumerate(row):
                    if step is not None:
                        out[index][depth * COLUMNS + column + offset] = codes.index(step.code)
            column += len(grid[0])
    return out


RAYS = _rays()
LINES = _lines()
NEIGHBOURS_PADDED = np.array([list(n) + [NOWHERE] * (4 - len(n)) for n in NEIGHBOURS])
HALF = np.array([half_of(i) for i in range(SPACES)])
FIRST_ROW = np.zeros((2, SPACES), dtype=bool)
FIRST_ROW[0, :COLUMNS] = True
FIRST_ROW[1, SPACES - COLUMNS:] = True
FIRST_SPACES = np.stack([np.flatnonzero(FIRST_ROW[0]), np.flatnonzero(FIRST_ROW[1])])
# The kinds of run (R33, R34): one number, rising by one, falling by one; their VP by length.
RUN_STEPS = np.array([0, 1, -1])
RUN_POINTS = np.stack([_points(CONTENT.same, LINES.shape[1]),
                       _points(CONTENT.sequence, LINES.shape[1]),
                       _points(CONTENT.sequence, LINES.shape[1])])


class UnderFireBatch(BatchRules):
    """Pirates Under Fire's rules for ``game``'s options over arrays (see the module's
    docstring).

    The state holds the play on the first axis of every array: per space the sea's
    ``space`` (the code of its effect, -1 for none), ``mine``, and the ship there,
    ``owner`` (-1: none), ``number`` (0: a mercenary), ``merc`` (-1: none),
    ``burning``, ``shield``; per seat ``gold``, ``vp``, ``limit``, ``turns``,
    ``final``, ``done``, ``winners``, ``pile`` (ships in order) and ``pile_n``,
    ``hand`` and ``reserve`` (counts per number); ``market`` (per mercenary); and the
    turn's ``current``, ``phase``, ``played``, ``bought``, ``origin`` (where the
    effects come from), ``queue``/``amount`` (the effects still to apply, first
    first, -1 for none), ``aim`` (the effect a target decision aims, -1 for none) and
    ``targets`` (the spaces it may aim at, fixed when it is asked).
    """

    game: UnderFireGame

    def __init__(self, game: UnderFireGame) -> None:
        super().__init__(game)
        self.burning_first_row = game.options["burning"] == "accessible"
        self.draw_mode = str(game.options["draw"])
        self.sixteen = game.options["end"] == "sixteen"
        self._content()
        self._actions()

    # ------------------------------------------------------------------ tables
    def _content(self) -> None:
        """The content as tables: the codes the boards use, what each ship and mercenary
        queues, the mercenaries' costs, boarding and scoring."""
        spaces = [step for board in CONTENT.boards.values() for face in board.faces.values()
                  for row in face for step in row if step is not None]
        laid = [step for ship in CONTENT.ships.values() for step in ship.steps]
        laid += [step for merc in CONTENT.mercenaries.values() for step in merc.steps]
        for step in spaces + laid:
            if aims(step.name) and step.amount != 1:
                # R47 would aim it that many times: a queue entry per aim, not written here.
                raise ValueError(f"the batch engine aims {step.name!r} once, not "
                                 f"{step.amount} times (R47)")
        codes = list(dict.fromkeys(step.code for step in spaces))
        self.codes = codes
        self.code_index = {code: i for i, code in enumerate(codes)}
        self.halves = _halves(tuple(codes))
        parsed = [EFFECTS.step(code) for code in codes]
        # Padded with a last row for "no effect" (index -1).
        self.code_effect = np.array([*(EFFECT[s.name] for s in parsed), -1])
        self.code_amount = np.array([*(s.amount for s in parsed), 0])
        values = np.zeros((len(codes) + 1, len(EFFECT_NAMES)))
        for i, code in enumerate(codes):
            name, _, amount = code.partition(":")
            values[i, EFFECT[name]] = min(1.0, (int(amount) if amount else 1) / 2)
        self.code_values = values.astype(np.float32)  # halves and ones: exact
        self.aimed = np.array([aims(name) for name in EFFECT_NAMES])
        self.verb_of = np.array([TARGET_VERBS.index(EFFECTS[name].get("verb"))
                                 if aims(name) else 0 for name in EFFECT_NAMES])
        ship_width = max(len(s.steps) for s in CONTENT.ships.values())
        merc_width = max(len(m.steps) for m in CONTENT.mercenaries.values())
        self.width = max(1 + ship_width, merc_width, 1)

        def queued(steps: tuple[Step, ...]) -> tuple[list[int], list[int]]:
            pad = self.width - len(steps)
            return ([EFFECT[s.name] for s in steps] + [-1] * pad,
                    [s.amount for s in steps] + [0] * pad)

        ships = [queued(CONTENT.ships[n].steps) for n in NUMBERS]
        self.ship_queue = np.array([[-1] * self.width] + [q for q, _ in ships])
        self.ship_amount = np.array([[0] * self.width] + [a for _, a in ships])
        mercs = [CONTENT.mercenaries[m] for m in MERCS]
        self.merc_queue = np.array([queued(m.steps)[0] for m in mercs])
        self.merc_amount = np.array([queued(m.steps)[1] for m in mercs])
        self.cost = np.array([m.cost for m in mercs])
        self.boards = np.array([m.boards for m in mercs])
        self.scores = {name: np.array([m.scores is not None and m.scores.name == name
                                       for m in mercs]) for name in ("gold", "raiders", "flat")}
        self.score_amount = np.array([m.scores.amount if m.scores is not None else 0
                                      for m in mercs])
        self.market_by_cost = {cost: np.array([i for i, m in enumerate(mercs) if m.cost == cost])
                               for cost in CONTENT.market}
        # The most ships one step may take from a reserve: a space's and a ship's
        # reserve effects, or a mercenary's.
        reserve = EFFECT["reserve"]
        most = int(np.where(self.code_effect == reserve, self.code_amount, 0).max())
        ship_most = int(np.where(self.ship_queue == reserve, self.ship_amount, 0).sum(1).max())
        merc_most = int(np.where(self.merc_queue == reserve, self.merc_amount, 0).sum(1).max())
        self.reserve_draws = max(1, most + ship_most, merc_most)

    def _actions(self) -> None:
        """What each index of the action space does: its kind, ship, mercenary, space."""
        space = self.game.action_space()
        listed = [space.action(i) for i in range(self.actions)]
        actions = [a for a in listed if isinstance(a, FireAction)]
        assert len(actions) == self.actions
        kinds = {"play": PLAY, "buy": BUY, "first": FIRST, "end": END}
        # Each padded with a last entry for the no-op.
        self.kind_of = np.array([*(kinds.get(a.verb, AIM) for a in actions), -1])
        self.ship_of = np.array([*(a.ship for a in actions), 0])
        self.merc_of = np.array([*(MERCS.index(a.merc) if a.merc else -1 for a in actions), -1])
        self.at_of = np.array([*(INDEX.get(a.at, -1) for a in actions), -1])
        self.ship_first = np.array([*(a.verb == "first" and a.at == "ship" for a in actions),
                                    False])
        self.play_at = int(np.flatnonzero(self.kind_of == PLAY)[0])
        self.buy_at = int(np.flatnonzero(self.kind_of == BUY)[0])
        self.aim_at = int(np.flatnonzero(self.kind_of == AIM)[0])
        self.end_at = int(np.flatnonzero(self.kind_of == END)[0])
        self.space_first = int(np.flatnonzero((self.kind_of == FIRST) & ~self.ship_first)[0])
        self.ship_first_at = int(np.flatnonzero((self.kind_of == FIRST) & self.ship_first)[0])
        # ``legal`` writes each kind's actions as one block (ships or mercenaries or
        # verbs by spaces): the action space must list them so.
        plays = np.arange(len(NUMBERS) * SPACES)
        buys = np.arange(len(MERCS) * SPACES)
        aimed = np.arange(len(TARGET_VERBS) * SPACES)
        verbs = np.array([*(TARGET_VERBS.index(a.verb) if a.verb in TARGET_VERBS else -1
                            for a in actions), -1])
        if not ((self.ship_of[self.play_at + plays] == plays // SPACES + 1).all()
                and (self.at_of[self.play_at + plays] == plays % SPACES).all()
                and (self.merc_of[self.buy_at + buys] == buys // SPACES).all()
                and (self.at_of[self.buy_at + buys] == buys % SPACES).all()
                and (verbs[self.aim_at + aimed] == aimed // SPACES).all()
                and (self.at_of[self.aim_at + aimed] == aimed % SPACES).all()):
            raise ValueError("Under Fire's action space is not laid out in blocks of spaces")

    # ------------------------------------------------------------------ chance
    def deal_chance(self, rng: np.random.Generator, count: int) -> Chance:
        """The sea (R3-R5), the market (R8), each fleet's shuffle (R6) and the first player
        (R9) of ``count`` plays."""
        space = self._layout(rng, count)
        market = np.zeros((count, len(MERCS)), dtype=bool)
        for cost, ids in self.market_by_cost.items():
            picked = np.argsort(rng.random((count, ids.size)), axis=1)[:, :CONTENT.market[cost]]
            market[np.arange(count)[:, None], ids[picked]] = True
        fleet = np.repeat(np.array(NUMBERS), COPIES)
        shuffled = fleet[np.argsort(rng.random((count, 2, fleet.size)), axis=2)]
        piles = shuffled[:, :, :START["draw_pile"]]
        reserves = shuffled[:, :, START["draw_pile"]:]
        reserve = (reserves[..., None] == np.array(NUMBERS)).sum(axis=2)
        return {"space": space, "market": market, "piles": piles, "reserve": reserve,
                "first": rng.integers(0, 2, count)}

    def _layout(self, rng: np.random.Generator, count: int) -> np.ndarray:
        """``count`` seas' effects (R3, R5) as codes (-1: none): each half two squares and
        a strip of their own, in random order from the owner's left, each turned at
        random; seat 1's half is seat 0's turned half round (R4)."""
        squares = np.argsort(rng.random((count, self.halves.shape[0])), axis=1)
        strips = np.argsort(rng.random((count, self.halves.shape[2])), axis=1)
        orders, faces = self.halves.shape[3], self.halves.shape[4]
        half = [self.halves[squares[:, 2 * seat], squares[:, 2 * seat + 1], strips[:, seat],
                            rng.integers(0, orders, count), rng.integers(0, faces, count)]
                for seat in (0, 1)]
        return np.concatenate([half[0], half[1][:, ::-1]], axis=1)

    def step_chance(self, rng: np.random.Generator, state: State) -> Chance:
        """A key in [0, 1) per ship a step may take from a reserve, for every play."""
        return {"reserve": rng.random((state["over"].shape[0], self.reserve_draws))}

    # ------------------------------------------------------------------ the deal
    def deal(self, xp: Any, chance: Chance) -> State:
        """The plays ``chance`` deals (``deal_chance``'s keys), at the first player's first
        decision (R6-R9)."""
        space = np.array(chance["space"], dtype=np.int64)
        count = space.shape[0]
        piles = np.asarray(chance["piles"], dtype=np.int8)
        dealt = START["hand_limit"]
        # R7: the hand is the pile's last ships, drawn first.
        drawn = piles[:, :, piles.shape[2] - dealt:]
        hand = (drawn[..., None] == np.array(NUMBERS)).sum(axis=2).astype(np.int64)
        zeros = np.zeros(count, dtype=np.int64)
        state: State = {
            "space": space,
            "mine": np.zeros((count, SPACES), dtype=bool),
            "owner": np.full((count, SPACES), -1, dtype=np.int8),
            "number": np.zeros((count, SPACES), dtype=np.int8),
            "merc": np.full((count, SPACES), -1, dtype=np.int8),
            "burning": np.zeros((count, SPACES), dtype=bool),
            "shield": np.zeros((count, SPACES), dtype=bool),
            "gold": np.full((count, 2), START["gold"], dtype=np.int64),
            "vp": np.zeros((count, 2), dtype=np.int64),
            "limit": np.full((count, 2), START["hand_limit"], dtype=np.int64),
            "turns": np.zeros((count, 2), dtype=np.int64),
            "final": np.zeros((count, 2), dtype=bool),
            "done": np.zeros((count, 2), dtype=bool),
            "winners": np.zeros((count, 2), dtype=bool),
            "pile": piles.copy(),
            "pile_n": np.full((count, 2), piles.shape[2] - dealt, dtype=np.int64),
            "hand": hand,
            "reserve": np.asarray(chance["reserve"], dtype=np.int64).copy(),
            "market": np.asarray(chance["market"], dtype=bool).copy(),
            "current": zeros.copy(),
            "phase": np.full(count, TURN, dtype=np.int64),
            "played": np.zeros(count, dtype=bool),
            "bought": np.zeros(count, dtype=bool),
            "origin": zeros.copy(),
            "queue": np.full((count, self.width), -1, dtype=np.int64),
            "amount": np.zeros((count, self.width), dtype=np.int64),
            "aim": np.full(count, -1, dtype=np.int64),
            "targets": np.zeros((count, SPACES), dtype=bool),
            "over": np.zeros(count, dtype=bool),
        }
        self._begin_turn(state, np.arange(count), np.asarray(chance["first"], dtype=np.int64))
        return state

    # ------------------------------------------------------------------ where ships go
    def _accessible(self, state: State, rows: np.ndarray, seats: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray]:
        """``(rows, spaces)`` twice: where ``seats`` may lay a ship, and a mercenary that
        boards (R17-R20, R46)."""
        owner, burning = state["owner"][rows], state["burning"][rows]
        own_active = (owner == seats[:, None]) & ~burning
        return self._reach(owner, burning, own_active, FIRST_ROW[seats])

    def _reach(self, owner: np.ndarray, burning: np.ndarray, own_active: np.ndarray,
               first: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        # Any leading axes: the spaces are last.
        padded = np.concatenate([own_active, np.zeros_like(own_active[..., :1])], axis=-1)
        near = padded[..., NEIGHBOURS_PADDED].any(axis=-1)
        empty = owner < 0
        reach = near | first
        plain = (empty & reach) | (burning & (near | (first & self.burning_first_row)))
        boarding = plain | (~empty & ~burning & reach)
        return plain, boarding

    def _opens(self, state: State, rows: np.ndarray, seats: np.ndarray) -> np.ndarray:
        """``(rows, spaces)``: R51, whether ``seats`` could lay a ship once a mercenary
        lies on each space (burning where a mine lies, R28)."""
        owner, burning = state["owner"][rows], state["burning"][rows]
        mine = state["mine"][rows]
        eye = np.eye(SPACES, dtype=bool)  # (where the mercenary lies, a space)
        owner = np.where(eye, seats[:, None, None], owner[:, None, :])
        burning = np.where(eye, mine[:, None, :], burning[:, None, :])
        own_active = (owner == seats[:, None, None]) & ~burning
        plain, _ = self._reach(owner, burning, own_active, FIRST_ROW[seats][:, None, :])
        opened: np.ndarray = np.any(plain, axis=2)
        return opened

    def _hires(self, state: State, rows: np.ndarray, seats: np.ndarray,
               plain: np.ndarray, boarding: np.ndarray) -> np.ndarray:
        """``(rows, mercenaries, spaces)``: the hires ``seats`` may make now (R12, R19, R51)."""
        held = state["hand"][rows, seats].sum(axis=1) > 0
        stuck = ~state["played"][rows] & ~(held & plain.any(axis=1))
        able = self._affordable(state, rows, seats) & ~(stuck & ~held)[:, None]
        out = np.zeros((rows.size, len(MERCS), SPACES), dtype=bool)
        # Most seats can afford no one: the spaces are worked out for the others only.
        some = np.flatnonzero(able.any(axis=1))
        if some.size:
            where = np.where(self.boards[:, None], boarding[some, None, :],
                             plain[some, None, :])
            out[some] = able[some, :, None] & where
            at = some[stuck[some]]
            if at.size:
                out[at] &= self._opens(state, rows[at], seats[at])[:, None, :]
        return out

    def _affordable(self, state: State, rows: np.ndarray, seats: np.ndarray) -> np.ndarray:
        """``(rows, mercenaries)``: for hire, paid for, none hired yet this turn (R12)."""
        gold = state["gold"][rows, seats]
        return (state["market"][rows] & (self.cost <= gold[:, None])
                & ~state["bought"][rows, None])

    def _targets(self, state: State, rows: np.ndarray, seats: np.ndarray, origin: np.ndarray,
                 effect: np.ndarray) -> np.ndarray:
        """``(rows, spaces)``: where ``effect`` from ``origin`` may aim (R25-R28)."""
        owner = state["owner"][rows]
        out = np.zeros((rows.size, SPACES), dtype=bool)
        # Each kind of aim worked out on its own rows only.
        which = np.flatnonzero(effect == EFFECT["mine"])
        out[which] = owner[which] < 0
        which = np.flatnonzero((effect == EFFECT["shield"]) | (effect == EFFECT["repair"]))
        if which.size:
            at = rows[which]
            burning = state["burning"][at]
            repair = (effect[which] == EFFECT["repair"])[:, None]
            wanted = np.where(repair, burning, ~burning & ~state["shield"][at])
            out[which] = (owner[which] == seats[which, None]) & wanted
        fire = np.flatnonzero((effect == FIRE[0]) | (effect == FIRE[1]))
        if fire.size:
            padded = np.concatenate([owner[fire], np.full((fire.size, 1), -1, np.int8)], axis=1)
            # The four directions of the shot: a line's, or the diagonals (R27).
            ways = np.where((effect[fire] == FIRE[0])[:, None], LINE_WAYS, DIAGONAL_WAYS)
            rays = RAYS[origin[fire][:, None], ways]  # (fire, 4, 6)
            each, way = np.arange(fire.size)[:, None], np.arange(ways.shape[1])
            met = padded[each[:, :, None], rays]
            occupied = met >= 0
            first = occupied.argmax(axis=2)
            at = rays[each, way, first]
            whose = met[each, way, first]
            hit = occupied.any(axis=2) & (whose != seats[fire, None])
            found = np.zeros((fire.size, SPACES + 1), dtype=bool)
            found[each, np.where(hit, at, NOWHERE)] = True
            out[fire] = found[:, :SPACES]
        return out

    # ------------------------------------------------------------------ legal actions
    def legal(self, xp: Any, state: State) -> Any:
        count = state["over"].shape[0]
        out = np.zeros((count, self.players, self.actions), dtype=bool)
        live = ~state["over"]
        phase = state["phase"]
        rows = np.flatnonzero(live & (phase == TURN))
        if rows.size:
            seats = state["current"][rows]
            plain, boarding = self._accessible(state, rows, seats)
            played = state["played"][rows]
            held = (state["hand"][rows, seats] > 0) & ~played[:, None]
            plays = held[:, :, None] & plain[:, None, :]
            out[rows, seats, self.play_at:self.play_at + plays[0].size] = plays.reshape(
                rows.size, -1)
            hires = self._hires(state, rows, seats, plain, boarding)
            out[rows, seats, self.buy_at:self.buy_at + hires[0].size] = hires.reshape(
                rows.size, -1)
            out[rows, seats, self.end_at] = played
        rows = np.flatnonzero(live & (phase == ORDER))
        out[rows, state["current"][rows], self.space_first] = True
        out[rows, state["current"][rows], self.ship_first_at] = True
        rows = np.flatnonzero(live & (phase == TARGET))
        if rows.size:
            seats = state["current"][rows]
            aim = state["aim"][rows]
            targets = state["targets"][rows]
            start = self.aim_at + self.verb_of[aim] * SPACES
            at = start[:, None] + np.arange(SPACES)
            out[rows[:, None], seats[:, None], at] = targets
        return out

    # ------------------------------------------------------------------ a step
    def step(self, xp: Any, state: State, actions: Any, chance: Chance) -> State:
        """Every live play's decision, each kind on its own rows: the turn ends, a ship is
        laid, a mercenary hired, the order of two effects chosen or an effect aimed;
        then the effects waiting are applied and the turn goes on or ends."""
        state = {key: value.copy() for key, value in state.items()}
        playing = np.flatnonzero(~state["over"])
        seat = state["current"][playing]
        action = np.asarray(actions)[playing, seat]
        kind = self.kind_of[action]
        at = self.at_of[action]
        keys = np.asarray(chance["reserve"])
        used = np.zeros(state["over"].shape[0], dtype=np.int64)
        going: list[np.ndarray] = []
        # -- end (R16, R31, R44): the turn ends, with its draw.
        ending = playing[kind == END]
        # -- lay a ship (R10, R11, R22, R43).
        which = kind == PLAY
        rows, seats, where, ships = playing[which], seat[which], at[which], self.ship_of[
            action[which]]
        state["hand"][rows, seats, ships - 1] -= 1
        state["played"][rows] = True
        counts, burnt = self._arrive(state, rows, seats, where, ships, -1)
        code = np.where(counts & ~burnt, state["space"][rows, where], -1)
        space_effect = self.code_effect[code]
        queue = np.where(burnt[:, None], -1, self.ship_queue[ships])
        amount = np.where(burnt[:, None], 0, self.ship_amount[ships])
        has_space = space_effect >= 0
        # The space's effect first in the queue, the ship's after (R11).
        queue = np.where(has_space[:, None], np.roll(queue, 1, axis=1), queue)
        amount = np.where(has_space[:, None], np.roll(amount, 1, axis=1), amount)
        queue[has_space, 0] = space_effect[has_space]
        amount[has_space, 0] = self.code_amount[code[has_space]]
        state["queue"][rows] = queue
        state["amount"][rows] = amount
        state["origin"][rows] = where
        both = has_space & (queue[:, 1] >= 0)
        state["phase"][rows[both]] = ORDER
        going.append(rows[~both])
        # -- hire a mercenary (R12-R14).
        which = kind == BUY
        rows, seats, where = playing[which], seat[which], at[which]
        mercs = self.merc_of[action[which]]
        state["gold"][rows, seats] -= self.cost[mercs]
        state["market"][rows, mercs] = False
        state["bought"][rows] = True
        _, burnt = self._arrive(state, rows, seats, where, np.zeros_like(mercs), mercs)
        state["queue"][rows] = np.where(burnt[:, None], -1, self.merc_queue[mercs])
        state["amount"][rows] = np.where(burnt[:, None], 0, self.merc_amount[mercs])
        state["origin"][rows] = where
        going.append(rows)
        # -- which effect first (R11): first:ship turns the queue round.
        which = kind == FIRST
        rows = playing[which]
        turned = rows[self.ship_first[action[which]]]
        if turned.size:
            filled = (state["queue"][turned] >= 0).sum(axis=1)
            k = np.arange(self.width)
            order = np.where(k < filled[:, None] - 1, k + 1, np.where(k == filled[:, None] - 1,
                                                                      0, k))
            for key in ("queue", "amount"):
                state[key][turned] = np.take_along_axis(state[key][turned], order, axis=1)
        going.append(rows)
        # -- aim (R23-R28): the effect acts on the space chosen.
        which = kind == AIM
        rows, seats, where = playing[which], seat[which], at[which]
        self._aimed(state, rows, seats, where, state["aim"][rows])
        self._pop(state, rows)
        going.append(rows)
        rows = np.concatenate(going)
        state["phase"][rows] = TURN
        state["aim"][rows] = -1
        ending = np.concatenate([ending, self._apply(state, rows, keys, used)])
        if ending.size:
            self._end_turn(state, ending)
        return state

    def _arrive(self, state: State, rows: np.ndarray, seats: np.ndarray, at: np.ndarray,
                numbers: np.ndarray, mercs: Any) -> tuple[np.ndarray, np.ndarray]:
        """A ship on ``at``: what lay there sinks (R20, R19), a mine burns it (R28).
        Whether the space's effect may apply, and whether the newcomer burns."""
        counts = state["owner"][rows, at] < 0
        burnt = state["mine"][rows, at]
        state["owner"][rows, at] = seats
        state["number"][rows, at] = numbers
        state["merc"][rows, at] = mercs
        state["burning"][rows, at] = burnt
        state["shield"][rows, at] = False
        state["mine"][rows, at] = False
        return counts, burnt

    def _aimed(self, state: State, rows: np.ndarray, seats: np.ndarray, at: np.ndarray,
               effect: np.ndarray) -> None:
        fire = (effect == FIRE[0]) | (effect == FIRE[1])
        self._hit(state, rows[fire], at[fire])
        which = effect == EFFECT["mine"]
        state["mine"][rows[which], at[which]] ^= True
        which = effect == EFFECT["shield"]
        state["shield"][rows[which], at[which]] = True
        which = effect == EFFECT["repair"]
        state["burning"][rows[which], at[which]] = False

    def _hit(self, state: State, rows: np.ndarray, at: np.ndarray) -> None:
        """R23-R25: a shield takes the hit; else an active ship burns, a burning one sinks."""
        burning = state["burning"][rows, at]
        shield = state["shield"][rows, at]
        r, a = rows[burning], at[burning]
        state["owner"][r, a] = -1
        state["number"][r, a] = 0
        state["merc"][r, a] = -1
        state["burning"][r, a] = False
        state["shield"][r, a] = False
        which = ~burning & shield
        state["shield"][rows[which], at[which]] = False
        which = ~burning & ~shield
        state["burning"][rows[which], at[which]] = True

    def _pop(self, state: State, rows: np.ndarray) -> None:
        for key, empty in (("queue", -1), ("amount", 0)):
            state[key][rows, :-1] = state[key][rows, 1:]
            state[key][rows, -1] = empty

    def _apply(self, state: State, rows: np.ndarray, keys: np.ndarray,
               used: np.ndarray) -> np.ndarray:
        """Apply the queued effects of ``rows`` until one must be aimed (a ``target``
        decision) or none is left (the turn goes on); the rows whose turn then ends."""
        finished = []
        for _ in range(self.width + 1):
            if not rows.size:
                break
            head = state["queue"][rows, 0]
            empty = head < 0
            finished.append(rows[empty])
            rows, head = rows[~empty], head[~empty]
            amount = state["amount"][rows, 0]
            seats = state["current"][rows]
            for name in ("gold", "vp"):
                which = head == EFFECT[name]
                state[name][rows[which], seats[which]] += amount[which]
            which = head == EFFECT["hand"]
            r, s = rows[which], seats[which]
            state["limit"][r, s] = np.minimum(START["hand_limit_max"],
                                              state["limit"][r, s] + amount[which])
            which = head == EFFECT["reserve"]
            if which.any():
                self._from_reserve(state, rows[which], seats[which], amount[which], keys, used)
            aimed = self.aimed[np.maximum(head, 0)]
            waiting = np.zeros(rows.size, dtype=bool)
            if aimed.any():
                at = np.flatnonzero(aimed)
                targets = self._targets(state, rows[at], seats[at], state["origin"][rows[at]],
                                        head[at])
                waiting[at] = targets.any(axis=1)
                # Where it may aim is fixed once asked (the scalar frame's data).
                state["targets"][rows[at]] = targets
            ask = rows[waiting]
            state["phase"][ask] = TARGET
            state["aim"][ask] = head[waiting]
            rows = rows[~waiting]
            self._pop(state, rows)
        finished.append(rows)
        return self._continue_turn(state, np.concatenate(finished))

    def _from_reserve(self, state: State, rows: np.ndarray, seats: np.ndarray,
                      amount: np.ndarray, keys: np.ndarray, used: np.ndarray) -> None:
        """R29, R45: random ships of the reserve to the hand, each picked by a key."""
        left = state["reserve"][rows, seats].sum(axis=1)
        count = np.minimum(amount, left)
        if self.draw_mode == "every":
            room = state["limit"][rows, seats] - state["hand"][rows, seats].sum(axis=1)
            count = np.minimum(count, np.maximum(0, room))
        for k in range(int(count.max(initial=0))):
            which = count > k
            r, s = rows[which], seats[which]
            held = state["reserve"][r, s]
            size = held.sum(axis=1)
            pick = (keys[r, used[r]] * size).astype(np.int64)
            number = (np.cumsum(held, axis=1) <= pick[:, None]).sum(axis=1)
            used[r] += 1
            state["reserve"][r, s, number] -= 1
            state["hand"][r, s, number] += 1

    # ------------------------------------------------------------------ turns
    def _continue_turn(self, state: State, rows: np.ndarray) -> np.ndarray:
        """After an action and its effects: the rest of the turn, or the rows whose turn ends."""
        seats = state["current"][rows]
        main = ~state["played"][rows]
        self._check_stuck(state, rows[main], seats[main])
        rows, seats = rows[~main], seats[~main]
        # A hire is still open once the ship is laid (R15, R44): a mercenary paid for,
        # and a space it may go to (no foresight needed, the main action is made).
        able = self._affordable(state, rows, seats)
        more: np.ndarray = np.any(able, axis=1)
        # An empty space of her first row takes any mercenary; the others are looked for.
        at = np.flatnonzero(more & ~self._first_row_open(state, rows, seats))
        if at.size:
            plain, boarding = self._accessible(state, rows[at], seats[at])
            where = np.where(self.boards, np.any(boarding, axis=1)[:, None],
                             np.any(plain, axis=1)[:, None])
            more[at] = (able[at] & where).any(axis=1)
        return rows[~more]

    def _first_row_open(self, state: State, rows: np.ndarray, seats: np.ndarray) -> np.ndarray:
        """``(rows,)``: whether a space of ``seats``' first row is empty (R17): a ship of
        the hand may go there, whatever else lies on the sea."""
        found: np.ndarray = np.any(state["owner"][rows[:, None], FIRST_SPACES[seats]] < 0,
                                   axis=1)
        return found

    def _check_stuck(self, state: State, rows: np.ndarray, seats: np.ndarray) -> None:
        """R32, R48, R51: a player who can lay no ship and make no hire that would let her
        loses at once, unscored."""
        held = state["hand"][rows, seats].sum(axis=1) > 0
        # Most often a space of her first row is empty: only the others are looked at.
        at = np.flatnonzero(~(held & self._first_row_open(state, rows, seats)))
        if not at.size:
            return
        rows, seats, held = rows[at], seats[at], held[at]
        plain, boarding = self._accessible(state, rows, seats)
        can = held & plain.any(axis=1)
        if (~can).any():
            at = np.flatnonzero(~can)
            hires = self._hires(state, rows[at], seats[at], plain[at], boarding[at])
            can[at] = hires.reshape(at.size, -1).any(axis=1)
        lost = rows[~can]
        state["over"][lost] = True
        state["winners"][lost, 1 - seats[~can]] = True

    def _end_turn(self, state: State, rows: np.ndarray) -> None:
        seats = state["current"][rows]
        if self.sixteen:
            self._draw(state, rows, seats)
            state["done"][rows, seats] |= state["turns"][rows, seats] >= SIXTEEN
        else:
            last = state["final"][rows, seats]
            state["done"][rows[last], seats[last]] = True
            r, s = rows[~last], seats[~last]
            self._draw(state, r, s)
            empty = state["pile_n"][r, s] == 0
            state["final"][r[empty], s[empty]] = True
        done = state["done"][rows]
        over = done.all(axis=1)
        if over.any():
            self._score(state, rows[over])
        rows, seats, done = rows[~over], seats[~over], done[~over]
        other = 1 - seats
        self._begin_turn(state, rows, np.where(done[np.arange(rows.size), other], seats, other))

    def _draw(self, state: State, rows: np.ndarray, seats: np.ndarray) -> None:
        """R16, R45: a ship every turn, or while below the hand limit one or up to it."""
        left = state["pile_n"][rows, seats]
        if self.draw_mode == "every":
            count = np.minimum(left, 1)
        else:
            room = np.maximum(0, state["limit"][rows, seats]
                              - state["hand"][rows, seats].sum(axis=1))
            count = np.minimum(left, room if self.draw_mode == "fill" else np.minimum(room, 1))
        for k in range(int(count.max(initial=0))):
            which = count > k
            r, s = rows[which], seats[which]
            top = state["pile_n"][r, s] - 1
            number = state["pile"][r, s, top].astype(np.int64)
            state["hand"][r, s, number - 1] += 1
            state["pile_n"][r, s] = top

    def _begin_turn(self, state: State, rows: np.ndarray, seats: np.ndarray) -> None:
        state["current"][rows] = seats
        state["turns"][rows, seats] += 1
        state["played"][rows] = False
        state["bought"][rows] = False
        state["phase"][rows] = TURN
        self._check_stuck(state, rows, seats)

    # ------------------------------------------------------------------ the end
    def _score(self, state: State, rows: np.ndarray) -> None:
        """R33-R38, R50: combinations, raiders, mercenaries and tokens; gold breaks a tie."""
        state["over"][rows] = True
        totals = self._totals(state, rows)
        gold = state["gold"][rows]
        key = np.where((totals[:, 0] != totals[:, 1])[:, None], totals, gold)
        state["winners"][rows, 0] = key[:, 0] > key[:, 1]
        state["winners"][rows, 1] = key[:, 1] > key[:, 0]

    def _totals(self, state: State, rows: np.ndarray) -> np.ndarray:
        """``(rows, seats)``: each seat's final score (R33-R37, R40, R41), both seats and
        the three kinds of run (same number, up, down) worked out at once."""
        seats = np.arange(2)[:, None]
        active = (state["owner"][rows][:, None, :] == seats) & ~state["burning"][rows][:, None, :]
        numbers = np.where(active, state["number"][rows][:, None, :], 0).astype(np.int64)
        padded = np.concatenate([numbers, np.zeros((rows.size, 2, 1), np.int64)], axis=2)
        line = padded[..., LINES]  # (rows, seats, lines, 7)
        there = (line[..., :-1] > 0) & (line[..., 1:] > 0)
        rise = line[..., 1:] - line[..., :-1]
        # (kinds, rows, seats, lines, links): where two ships side by side continue a run.
        link = there & (rise == RUN_STEPS[:, None, None, None, None])
        run = np.zeros(link.shape[:-1], dtype=np.int64)
        combos = np.zeros((rows.size, 2), dtype=np.int64)
        last = link.shape[-1] - 1
        kinds = np.arange(len(RUN_STEPS))[:, None, None, None]
        for k in range(last + 1):
            run = np.where(link[..., k], run + 1, 0)
            ends = link[..., k] & ~link[..., k + 1] if k < last else link[..., k]
            points = RUN_POINTS[kinds, run + 1]
            combos += np.where(ends, points, 0).sum(axis=(0, 3))
        raiders = (active & (seats != HALF)).sum(axis=2)
        mercs = state["merc"][rows][:, None, :, None] == np.arange(len(MERCS))
        held = (mercs & active[..., None]).any(axis=2)  # (rows, seats, mercenaries)
        gold = state["gold"][rows]
        per = (self.scores["gold"] * (gold[..., None] // 2)
               + self.scores["raiders"] * raiders[..., None] + self.scores["flat"])
        scorers = (held * per * self.score_amount).sum(axis=2)
        totals: np.ndarray = combos + raiders * CONTENT.raider + scorers + state["vp"][rows]
        return totals

    # ------------------------------------------------------------------ observations
    def _fields(self, xp: Any, state: State, viewers: bool) -> Any:
        """The encoder's fields (``assemble``), worked out in float64 and rounded once
        to float32, as the encoder rounds its Python floats (flags and one-hot fields,
        exact either way, go as booleans, the effects' halves as float32)."""
        n = self.players
        count = state["over"].shape[0]
        over = state["over"]
        owner, burning = state["owner"], state["burning"]
        ships = np.stack([(owner == s) & ~burning for s in range(n)]
                         + [(owner == s) & burning for s in range(n)], axis=2)
        # (plays, spaces, [active, burning] per seat) in the encoder's order.
        ships = ships.reshape(count, SPACES, 2, n).transpose(0, 1, 3, 2)
        phase = np.where(over, -1, state["phase"])
        targeting = np.flatnonzero(phase == TARGET)
        targets = np.zeros((count, SPACES), dtype=bool)
        targets[targeting] = state["targets"][targeting]
        hand = state["hand"]
        blocks = {
            "current": one_hot(np, state["current"], n),
            "effects": self.code_values[state["space"]].reshape(count, -1),
            "mines": state["mine"],
            "ships": ships.reshape(count, -1),
            "numbers": state["number"] / 9,
            "mercs": (state["merc"][..., None] == np.arange(len(MERCS))).reshape(count, -1),
            "shields": state["shield"],
            "gold": np.clip(state["gold"] / GOLD, 0.0, 1.0),
            "vp": np.clip(state["vp"] / VP, 0.0, 1.0),
            "hand_limit": state["limit"] / START["hand_limit_max"],
            "hand_size": np.minimum(hand.sum(axis=2) / HAND, 1.0),
            "pile": state["pile_n"] / START["draw_pile"],
            "reserve": state["reserve"].sum(axis=2) / START["reserve"],
            "turns": np.minimum(state["turns"] / FLEET, 1.0),
            "final": state["final"],
            "done": state["done"],
            "market": state["market"],
            "stage": np.stack([state["played"], state["bought"]], axis=1),
            "decision": one_hot(np, phase, len(KINDS)),
            "aim": one_hot(np, np.where(phase == TARGET, state["aim"], -1), len(EFFECT_NAMES)),
            "targets": targets,
            "pending": one_hot(np, np.where(over, -1, state["current"]), n),
            "over": over[:, None],
            "winners": state["winners"],
        }
        if viewers:
            blocks["viewer"] = np.broadcast_to(np.eye(n), (count, n, n))
            blocks["hand"] = hand / COPIES
        return assemble(np, self.encoder.layout, blocks, count, n if viewers else None)


__all__ = ["UnderFireBatch"]
