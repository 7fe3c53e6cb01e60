"""No bot peeks: states that look the same to a seat get the same choice from it.

For every registered game, at several table sizes, and for every bot the registry
offers for it, the test builds pairs of states that differ only in what the
deciding seat cannot see, checks first that the seat's views of the two are equal
(with and without the log), then that the bot, given the same seed, chooses the
same in both. Two kinds of pairs:

* *concealed choices*: from a random position at a simultaneous step, another
  seat commits different legal actions, face down, before the seat decides;
* *different seeds*: the same moves replayed from another seed whose views for
  the seat are the same; the hidden chance generator (and, in games with hidden
  cards, the deal) differ.

Two deliberately peeking bots must fail the same check, which shows it can fail:
one reads the concealed choices from the record, the other the chance generator.
A toy game with secret cards and chance (from the conformance kit) adds pairs that
differ in another seat's hidden card, which Duel has none of.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Iterator

import pytest

import plunder
from conformance.toys import CoinsGame
from plunder import bots
from plunder.engine import Action, Game, RecordError, State

# Small budgets: the property does not depend on how long a bot thinks.
SPECS = {"ismcts": "ismcts:iterations=30"}
# Other levels checked too, where a level changes what a bot reads (Pirate Rumble's
# greedy:hard scores the other pirates' cards from their seats).
LEVELS = {"greedy": ("greedy:hard",)}
POSITIONS = 6  # random positions per table
SEEDS = 3  # rng seeds tried on each pair


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Keep the Duel solver's disk cache out of the user's home while testing."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "cache"))


Pair = tuple[State, State, int]  # two states that look the same to the seat


def random_step(state: State, rng: random.Random) -> None:
    step = state.step
    for seat in sorted(state.pending):
        if state.step != step:
            break  # a team's decision: one answer took it for all
        state.act(seat, rng.choice(state.legal(seat)))


def tables() -> list[Game]:
    """Every registered game at its smallest, next and largest table."""
    found = []
    for info in plunder.games():
        for players in sorted({info.min_players, info.min_players + 1, info.max_players}):
            if info.min_players <= players <= info.max_players:
                found.append(plunder.load(info.name, players=players))
    return found


def same_to(seat: int, a: State, b: State) -> bool:
    return a.view(seat) == b.view(seat) and a.view(seat, log=False) == b.view(seat, log=False)


def concealed_choice_pairs(game: Game, count: int, seed: int) -> Iterator[Pair]:
    """Pairs where another seat has committed different actions, face down."""
    rng = random.Random(seed)
    made = tries = 0
    while made < count and tries < 50 * count:
        tries += 1
        state = game.new(seed=rng.randrange(10**6))
        for _ in range(rng.randrange(12)):
            if state.is_over:
                break
            random_step(state, rng)
        if state.is_over or len(state.pending) < 2 or state.decision.answer == "any":
            continue  # a team's decision is taken by its first answer, face up
        first, seat = sorted(state.pending)[:2]
        options = state.legal(first)
        if len(options) < 2:
            continue
        x, y = rng.sample(options, 2)
        a, b = state.clone(), state.clone()
        a.act(first, x)
        b.act(first, y)
        assert same_to(seat, a, b), f"{game.name}: seat {seat} sees what seat {first} chose"
        made += 1
        yield a, b, seat


def other_seed_pairs(game: Game, count: int, seed: int) -> Iterator[Pair]:
    """Pairs with the same moves from different seeds that the seat cannot tell apart."""
    rng = random.Random(seed)
    made = tries = 0
    while made < count and tries < 50 * count:
        tries += 1
        state = game.new(seed=rng.randrange(10**6))
        for _ in range(rng.randrange(12)):
            if state.is_over:
                break
            random_step(state, rng)
        if state.is_over:
            continue
        seat = min(state.pending)
        record = state.record
        for other in range(1, 20):
            try:
                twin = plunder.replay({**record, "seed": record["seed"] + other})
            except RecordError:
                continue  # the moves are not legal from that seed: not a pair
            if same_to(seat, state, twin):
                made += 1
                yield state, twin, seat
                break


def determinized_pairs(game: Game, count: int, seed: int) -> Iterator[Pair]:
    """A state and the same state with what the seat cannot see redrawn: for games whose
    public set-up differs from seed to seed, so that no other seed looks the same."""
    rng = random.Random(seed)
    for _ in range(count):
        state = game.new(seed=rng.randrange(10**6))
        for _ in range(rng.randrange(12)):
            if state.is_over:
                break
            random_step(state, rng)
        if state.is_over:
            continue
        seat = min(state.pending)
        yield state, state.determinize(seat, rng), seat


def mismatches(bot: bots.Bot, pairs: list[Pair]) -> list[str]:
    """Where ``bot`` chose differently in two states that look the same to it."""
    found = []
    for a, b, seat in pairs:
        for seed in range(SEEDS):
            first = bot.choose(a, seat, random.Random(seed))
            second = bot.choose(b, seat, random.Random(seed))
            assert first in a.legal(seat) and second in b.legal(seat)
            if str(first) != str(second):
                found.append(f"seat {seat}, seed {seed}: {first} vs {second}")
    return found


def all_pairs(game: Game) -> list[Pair]:
    seed = zlib.crc32(f"{game.name}/{game.players}".encode())
    pairs = [
        *concealed_choice_pairs(game, POSITIONS, seed),
        *other_seed_pairs(game, POSITIONS // 2, seed + 1),
    ]
    if len(pairs) < POSITIONS:
        pairs += determinized_pairs(game, POSITIONS - len(pairs), seed + 2)
    return pairs


@pytest.mark.parametrize("game", tables(), ids=lambda g: f"{g.name}-{g.players}p")
def test_no_registered_bot_peeks(game: Game) -> None:
    pairs = all_pairs(game)
    assert len(pairs) >= POSITIONS, "too few indistinguishable pairs to test with"
    checked = []
    for name in bots.names(game.name):
        for spec in (SPECS.get(name, name), *LEVELS.get(name, ())):
            bot = bots.from_spec(spec, game.name)
            try:
                bots.check_game(bot, game)
            except bots.UnknownBot:
                # A bot may refuse a table before play (the Duel solver plays two
                # players only); it must then not be offered there, which
                # ``check_game`` is. Its choices on tables it accepts are checked.
                continue
            assert not mismatches(bot, pairs), spec
            checked.append(spec)
    assert "random" in checked and "ismcts:iterations=30" in checked


def test_every_bot_is_checked_on_some_table() -> None:
    accepted = {
        name
        for game in tables()
        for name in bots.names(game.name)
        if _accepts(bots.from_spec(SPECS.get(name, name), game.name), game)
    }
    offered = {name for info in plunder.games() for name in bots.names(info.name)}
    assert accepted == offered


def _accepts(bot: bots.Bot, game: Game) -> bool:
    try:
        bots.check_game(bot, game)
    except bots.UnknownBot:
        return False
    return True


# ------------------------------------------------------------ peeking bots
class PeeksAtTheRecord:
    """Reads the record, which holds every choice, even those still face down."""

    name = "peek-record"

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        legal = state.legal(seat)
        secret = "/".join(notation for _, notation in state.record["moves"])
        return legal[zlib.crc32(secret.encode()) % len(legal)]


class PeeksAtChance:
    """Reads the state's own chance generator, which decides what comes next."""

    name = "peek-chance"

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        legal = state.legal(seat)
        return legal[state.clone().rng.randrange(len(legal))]


@pytest.mark.parametrize(
    ("bot", "pairs"),
    [
        (PeeksAtTheRecord, concealed_choice_pairs),
        (PeeksAtChance, other_seed_pairs),
    ],
    ids=["record", "chance"],
)
def test_a_peeking_bot_is_caught(
    bot: Callable[[], bots.Bot], pairs: Callable[[Game, int, int], Iterator[Pair]]
) -> None:
    game = plunder.load("duel", players=2)
    assert mismatches(bot(), list(pairs(game, 2 * POSITIONS, 5)))


# ------------------------------------------------- a game with secret cards
def secret_card_pairs(count: int) -> Iterator[Pair]:
    """Coins states where seat 1's secret number differs and seat 0's does not."""
    game = CoinsGame(target=3)
    by_own_secret: dict[int, State] = {}
    seed = 0
    made = 0
    while made < count:
        seed += 1
        state = game.new(seed=seed)
        mine = state.view(0)["secret"]
        twin = by_own_secret.setdefault(mine, state)
        if twin is not state and same_to(0, twin, state):
            made += 1
            yield twin, state, 0


@pytest.mark.parametrize("spec", ["random", "ismcts:iterations=30"])
def test_no_bot_peeks_at_a_secret_card(spec: str) -> None:
    name, settings = bots.parse_spec(spec)
    bot = bots.RandomBot() if name == "random" else bots.get(name, "duel", **settings)
    assert not mismatches(bot, list(secret_card_pairs(POSITIONS)))
