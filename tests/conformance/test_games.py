"""The conformance kit over every registered game.

The quick set (run by default) covers every pair of option values of each game with a
small budget of decisions each; the full set (``slow``: ``./run test --slow``, and CI) runs
``option_matrix``, every player count crossed with combinations that meet every pair
of the other options' values there, with the full budget. Budgets are counted in
decisions, not playouts, so a game of long plays costs no more than a short one.
"""

from __future__ import annotations

import itertools
import json

import pytest

import plunder
from plunder.engine import conformance

GAMES = [info.name for info in plunder.games()]
CASES = [(name, options) for name in GAMES for options in conformance.option_matrix(name)]
PAIRS = [(name, options) for name in GAMES for options in conformance.option_pairs(name)]

# The kit's budget per combination, in decisions (a game's plays may be a few
# decisions long or thousands): playouts go on until this many decisions are
# made, the first ``deep`` of them checked at (a sample of) every state, with at
# most so many playouts where plays are very short. The deep checks of the
# first playouts cost most of a combination's time; past a few thousand decisions
# the cheap checks of further playouts find little the many combinations do not.
DECISIONS, PLAYOUTS = 2_500, 150
QUICK_DECISIONS, QUICK_PLAYOUTS = 1_200, 25
# The full set's deep checks: every state of a combination's first 60 moves, then
# every tenth. The quick set, run on every change, checks the first 150 moves of
# each pair of option values at every state; what the full set adds is the
# combinations at every player count, and a state of six or seven seats costs some
# 45 ms to check deeply (this halves the largest combinations' time).
FULL_DENSE = 60

# With gestures on, random answers void nearly every card (one right gesture
# among nineteen), so random plays run to the round limit. Those combinations
# are run with a short limit: a hundred rounds of nothing happening would test
# nothing more than eight do.
GESTURE_ROUND_LIMIT = 8


# Rum & Bones plays long games (a random one runs to its round limit, hundreds of
# decisions at every state of which the first playout is checked deeply): both sets
# play its combinations over a few rounds, which meet every decision a game meets.
# Its full set is large (seven options with choices at five player counts: 164
# combinations, a deep check of a state at five or six seats costing some 50 ms), so
# it runs two rounds of each at a budget of its own, deep checks at every state of
# the deal, the choice of heroes and the first activations, then at every tenth;
# the two-player battle's long plays are held to the kit at its full round limit
# and budget below.
QUICK_ROUNDS = {"rumbones": {"round_limit": 4, "clash_rounds": 6}}
FULL_ROUNDS = {"rumbones": {"round_limit": 2, "clash_rounds": 3}}
SHORT_FULL_DECISIONS = 400
SHORT_FULL_DENSE = 40


def bounded(options: dict) -> dict:
    if options.get("gestures") and options.get("round_limit", 100) > GESTURE_ROUND_LIMIT:
        return {**options, "round_limit": GESTURE_ROUND_LIMIT}
    return options


def quick(name: str, options: dict, rounds: dict = QUICK_ROUNDS) -> dict:
    """A combination of the quick set, its round limits bounded where the game is long."""
    limits = {key: min(value, options.get(key, value))
              for key, value in rounds.get(name, {}).items()}
    return {**options, **limits}


def run_kit(name: str, options: dict, decisions: int, playouts: int, deep: int, seed: int,
            dense: int = conformance.DENSE) -> None:
    game = plunder.load(name, **bounded(options))
    report = conformance.check_game(
        game, decisions=decisions, playouts=playouts, deep=deep, seed=seed, dense=dense
    )
    assert report.decisions >= decisions or report.playouts == playouts
    assert report.playouts >= deep
    assert report.states_checked_deeply > 0
    # Every playout ended with a result the kit read.
    assert sum(report.outcomes.values()) == report.playouts
    assert report.longest <= game.max_decisions()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "options"), CASES, ids=[f"{n}-{conformance.describe(o)}" for n, o in CASES]
)
def test_game_conforms(name: str, options: dict) -> None:
    if name in FULL_ROUNDS:
        run_kit(name, quick(name, options, FULL_ROUNDS), SHORT_FULL_DECISIONS, QUICK_PLAYOUTS,
                deep=1, seed=len(CASES), dense=SHORT_FULL_DENSE)
    else:
        run_kit(name, options, DECISIONS, PLAYOUTS, deep=1, seed=len(CASES), dense=FULL_DENSE)


@pytest.mark.parametrize(
    ("name", "options"), PAIRS, ids=[f"{n}-{conformance.describe(o)}" for n, o in PAIRS]
)
def test_game_conforms_pairwise(name: str, options: dict) -> None:
    run_kit(name, quick(name, options), QUICK_DECISIONS, QUICK_PLAYOUTS, deep=1, seed=len(PAIRS))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(FULL_ROUNDS))
def test_a_long_game_conforms_at_its_full_length(name: str) -> None:
    run_kit(name, {"players": 2}, DECISIONS, PLAYOUTS, deep=2, seed=len(CASES))


def test_every_game_is_covered() -> None:
    assert {name for name, _ in CASES} == set(GAMES)
    assert {name for name, _ in PAIRS} == set(GAMES)
    assert {"duel", "rumble"} <= set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_the_quick_set_meets_every_pair_of_option_values(name: str) -> None:
    values = conformance.option_values(name)
    defaults = {spec.name: spec.default for spec in plunder.load(name).option_specs()}
    chosen = [{**defaults, **options} for options in conformance.option_pairs(name)]
    # Each combination as the JSON of its values, option by option (a game with many
    # options has a hundred thousand combinations: each value is written out once).
    texts = {option: [json.dumps(v) for v in options] for option, options in values.items()}
    loadable: list[dict[str, str]] = []
    for picks in itertools.product(*(range(len(v)) for v in values.values())):
        options = {option: values[option][i] for option, i in zip(values, picks, strict=True)}
        try:
            plunder.load(name, **options)
        except plunder.OptionError:
            continue
        loadable.append({option: texts[option][i] for option, i in zip(values, picks, strict=True)})
    written = [{option: json.dumps(c[option]) for option in values} for c in chosen]

    def met(combos: list[dict[str, str]], a: str, b: str) -> set[tuple[str, str]]:
        return {(c[a], c[b]) for c in combos}

    for a, b in itertools.combinations(values, 2):
        assert met(written, a, b) >= met(loadable, a, b), (a, b)
    for option, options in values.items():
        assert {json.dumps(c[option]) for c in chosen} == {json.dumps(v) for v in options}
    # The point of it: no more runs than the full set.
    assert len(chosen) <= len(conformance.option_matrix(name))


@pytest.mark.parametrize("name", GAMES)
def test_the_full_set_meets_every_pair_of_choices_at_every_player_count(name: str) -> None:
    specs = [s for s in plunder.load(name).option_specs() if s.choices]
    full = conformance.option_matrix(name)
    for count in sorted({o["players"] for o in full}):
        at_count = [o for o in full if o["players"] == count and len(o) == 1 + len(specs)]
        for a, b in itertools.combinations(specs, 2):
            for x, y in itertools.product(a.choices, b.choices):
                try:
                    plunder.load(name, players=count, **{a.name: x, b.name: y})
                except plunder.OptionError:
                    continue  # a pair the game does not play at this count
                assert any(o[a.name] == x and o[b.name] == y for o in at_count), (
                    count, a.name, x, b.name, y)
