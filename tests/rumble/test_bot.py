"""Rumble's greedy bot and the evaluation searching bots use."""

from __future__ import annotations

import math
import random

import pytest

import plunder
from plunder import bots
from plunder.bots import get
from plunder.games.rumble.bot import (
    NO_WINNER,
    PRESSURE,
    SEARCH_LOSS,
    LookaheadBot,
    evaluate,
    score,
    shares,
)
from plunder.games.rumble.greedy import (
    FORESIGHT,
    PATIENCE,
    RESTLESS,
    GreedyBot,
    card_scores,
    foreseen_duel,
    foreseen_replies,
)
from plunder.games.rumble.rules import CARDS


def play_out(state: plunder.State, bots: dict, rng: random.Random) -> None:
    while not state.is_over:
        for seat in sorted(state.pending):
            state.act(seat, bots[seat].choose(state, seat, rng))


def test_greedy_beats_random_in_four_player_duel_mode() -> None:
    game = plunder.load("rumble", players=4)
    wins = 0
    games = 24
    for index in range(games):
        rng = random.Random(index)
        seat = index % 4
        bots = {s: get("random", "rumble") for s in range(4)}
        bots[seat] = get("greedy", "rumble", level="easy")
        state = game.new(seed=index)
        play_out(state, bots, rng)
        wins += seat in state.result.winners
    # A fair share is 6 of 24; greedy wins four games in five (docs/bots.md).
    assert wins >= 12


def test_greedy_answers_the_gesture_of_its_own_card() -> None:
    game = plunder.load("rumble", players=3, gestures=True, pirates="kidd,read,zheng")
    state = game.new(seed=4)
    for seat, card in ((0, "dodge"), (1, "load"), (2, "smite>0")):
        state.act(seat, card)
    bot = get("greedy", "rumble")
    rng = random.Random(1)
    assert str(bot.choose(state, 0, rng)) == f"gesture>{CARDS['dodge'].gesture}"
    assert str(bot.choose(state, 2, rng)) == f"gesture>{CARDS['smite'].gesture}"


def test_evaluation_is_a_share_at_round_starts_only() -> None:
    state = plunder.load("rumble", players=5, mode="camp").new(seed=3)
    values = evaluate(state)
    assert values is not None and len(values) == 5
    share = shares(state)
    assert abs(sum(share) - 1.0) < 1e-9
    # No one has lost health yet: the evaluation is the share of the win, scaled
    # by the pressure's weight, then put on the search's scale, where a loss is
    # SEARCH_LOSS and a win 1.
    assert values == tuple(SEARCH_LOSS + (1 - SEARCH_LOSS) * (1 - PRESSURE) * v for v in share)
    assert all(0.0 <= v <= 1.0 for v in values)
    state.act(0, "load")
    assert evaluate(state) is None  # a choice is committed: mid-step, no opinion


def _two_left(mine: int, theirs: int) -> plunder.State:
    state = plunder.load("rumble", players=2, pirates="kidd,read").new(seed=1)
    state.health = [mine, theirs]
    state.bullets = [2, 2]
    state.golden = [[], []]
    state.tokens = [0, 0]
    return state


def test_damage_dealt_counts_for_more_than_health_taken() -> None:
    # From 3 health against 4: taking a health, or dealing a damage.
    healed, hurt = _two_left(4, 4), _two_left(3, 3)
    # The share of the win cannot tell the two apart; the bots' taste for damage can.
    assert shares(healed)[0] == shares(hurt)[0] == 0.5
    assert evaluate(hurt)[0] > evaluate(healed)[0]


def test_the_bots_would_rather_lose_than_see_no_one_win() -> None:
    state = plunder.load("rumble", players=2, round_limit=1).new(seed=1)
    state.act(0, "dodge")
    state.act(1, "dodge")
    assert state.is_over and not state.result.winners
    assert state.result.returns() == (0.5, 0.5)  # the rules' even share
    assert score(state, 0) < 0  # a loss scores 0: this is worse to the bot
    # To a search, on its scale of [0, 1], it is worth nothing, less than a loss.
    assert evaluate(state) == (0.0, 0.0)
    assert 0.0 < SEARCH_LOSS < 1.0


def test_a_won_game_is_worth_one_to_its_winner_and_a_loss_to_the_others() -> None:
    state = plunder.load("rumble", players=2).new(seed=1)
    state.health = [1, 5]
    state.bullets = [0, 1]
    state.act(0, "load")
    state.act(1, "shoot>0")
    while not state.is_over:  # the Fire's gesture, if gestures are played
        seat = min(state.pending)
        state.act(seat, state.legal(seat)[0])
    assert state.result.winners == frozenset({1})
    assert state.result.returns() == (0.0, 1.0)
    assert evaluate(state) == (SEARCH_LOSS, 1.0)


def test_the_search_ranks_outcomes_as_the_greedy_bot_does() -> None:
    # The two scales differ by a shift and a factor: a no-winner end, a loss and
    # a win sit in the same proportions, so both bots weigh a gamble alike.
    no_one, loss, win = 0.0, SEARCH_LOSS, 1.0
    greedy_no_one, greedy_loss, greedy_win = NO_WINNER, 0.0, 1.0
    assert math.isclose(
        (loss - no_one) / (win - loss), (greedy_loss - greedy_no_one) / (greedy_win - greedy_loss)
    )


def test_evaluation_splits_a_camp_share_among_its_members() -> None:
    state = plunder.load("rumble", players=6, mode="camp").new(seed=8)
    values = evaluate(state)
    assert values is not None
    camps = state.camp
    for camp in ("sun", "moon"):
        members = [s for s, c in enumerate(camps) if c.split("-")[0] == camp]
        assert len({round(values[s], 12) for s in members}) == 1


def _one_health_against_a_shot() -> plunder.State:
    # Kidd at 1 health with no bullets; Mary Read with one bullet, enough to shoot
    # him. Neither holds a golden card, and none lies face up to reach for.
    state = plunder.load("rumble", players=2, pirates="kidd,read").new(seed=1)
    state.health = [1, 5]
    state.bullets = [0, 1]
    state.golden = [[], []]
    state.secret = [[], []]
    state.area = [None]
    return state


def test_one_ply_greedy_ducks_the_shot_that_would_kill_it() -> None:
    state = _one_health_against_a_shot()
    assert [str(a) for a in state.legal(1)] == ["load", "shoot>0", "dodge", "search"]
    # Read's best card is the shot (below), so Kidd foresees it: a Load or a Search
    # leaves Kidd dead then, a Dodge takes the 1 damage off.
    actions = state.legal(0)
    found = GreedyBot().scores(state, 0, actions, random.Random(1))
    scores = dict(zip(map(str, actions), found, strict=True))
    assert set(scores) == {"load", "dodge", "search"}
    assert scores["dodge"] > scores["load"] and scores["dodge"] > scores["search"]
    assert str(GreedyBot().choose(state, 0, random.Random(2))) == "dodge"
    # The look-ahead through the engine comes to the same choice.
    assert str(LookaheadBot(samples=40).choose(state, 0, random.Random(2))) == "dodge"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_one_ply_greedy_takes_a_card_laid_face_down_as_still_unknown(level: str) -> None:
    state = _one_health_against_a_shot()
    actions = state.legal(0)
    before = GreedyBot(level).scores(state, 0, actions, random.Random(1))
    state.act(1, "load")  # face down: seat 0 cannot tell it from a shot
    assert GreedyBot(level).scores(state, 0, actions, random.Random(1)) == before


def test_hard_foresees_each_other_pirate_playing_its_better_cards_more_often() -> None:
    state = _one_health_against_a_shot()
    reads = state.legal(1)
    # Read's cards scored from Read's seat, as the normal level scores its own.
    own = dict(zip(map(str, reads), card_scores(state, 1, reads), strict=True))
    foreseen = {str(card): p for card, p in foreseen_replies(state, 0)[1]}
    assert set(foreseen) == set(own) == {"load", "shoot>0", "dodge", "search"}
    assert math.isclose(sum(foreseen.values()), 1.0)
    # Shooting a pirate with one health left is Read's best card...
    best = max(own, key=own.__getitem__)
    assert best == "shoot>0" and foreseen[best] == max(foreseen.values())
    # ...and every other card is played e^(points given up / FORESIGHT) times less often.
    for card, p in foreseen.items():
        ratio = foreseen[best] / p
        assert math.isclose(ratio, math.exp((own[best] - own[card]) / FORESIGHT), rel_tol=1e-9)
    # Against a shot foreseen so surely, Kidd's Dodge is worth more than where Read
    # replies at random (a shot five times in eight).
    kidds = state.legal(0)
    at_random = dict(zip(map(str, kidds), card_scores(state, 0, kidds), strict=True))
    found = GreedyBot("hard").scores(state, 0, kidds, random.Random(1))
    hard = dict(zip(map(str, kidds), found, strict=True))
    assert hard["dodge"] - hard["load"] > at_random["dodge"] - at_random["load"]
    assert str(GreedyBot("hard").choose(state, 0, random.Random(2))) == "dodge"


def test_with_one_other_pirate_left_every_level_foresees_it() -> None:
    state = _one_health_against_a_shot()
    kidds = state.legal(0)
    # The last two pirates' rounds, card against card, serve both scorings: the same
    # scores as scoring Read's cards from Read's seat and Kidd's against them.
    shared = foreseen_duel(state, 0, kidds)
    apart = card_scores(state, 0, kidds, foreseen_replies(state, 0))
    assert all(math.isclose(a, b, rel_tol=1e-12) for a, b in zip(shared, apart, strict=True))
    for level in ("easy", "normal", "hard"):
        assert GreedyBot(level).scores(state, 0, kidds, random.Random(1)) == shared
    # ...which are not the scores against Read at random.
    assert shared != card_scores(state, 0, kidds)


def test_the_look_ahead_of_before_is_still_offered() -> None:
    assert {"greedy", "lookahead"} <= set(bots.names("rumble"))
    assert isinstance(get("lookahead", "rumble"), LookaheadBot)
    assert isinstance(get("greedy", "rumble"), GreedyBot)


def test_one_ply_greedy_varies_its_card_only_late_in_a_long_game() -> None:
    state = _one_health_against_a_shot()
    actions = state.legal(0)
    scores = GreedyBot().scores(state, 0, actions, random.Random(1))
    gaps = {str(a): max(scores) - v for a, v in zip(actions, scores, strict=True)}
    # Dodge first; Load, then Search, each well below it and apart by more than a
    # round's RESTLESS points (so that the rounds below tell them apart).
    assert gaps["dodge"] == 0 and 0.5 < gaps["load"] < gaps["search"] - 1.2 * RESTLESS

    def choices(round_: int) -> set[str]:
        state.round = round_
        return {str(GreedyBot().choose(state, 0, random.Random(seed))) for seed in range(30)}

    # Up to its patience, the best card every time.
    assert choices(1) == choices(PATIENCE) == {"dodge"}
    # Then any card within RESTLESS points a round of the best: first Load joins it
    # (half way between the two gaps), then Search.
    halfway = (gaps["load"] + gaps["search"]) / 2
    assert choices(PATIENCE + round(halfway / RESTLESS)) == {"dodge", "load"}
    beyond = gaps["search"] + 0.5
    assert choices(PATIENCE + round(beyond / RESTLESS)) == {"dodge", "load", "search"}


def test_with_two_pirates_left_the_one_ply_scores_are_the_look_ahead_s() -> None:
    # Each reply of Read's settles both Kidd's fate and what Read keeps: worked out
    # reply by reply against random replies, the expectation is what the look-ahead
    # samples (400 worlds, so its own noise is well under a point here).
    state = _one_health_against_a_shot()
    state.area = ["heal"]  # a card to reach for, so that a Search is worth more
    actions = state.legal(0)
    mine = card_scores(state, 0, actions)
    look_ahead = LookaheadBot(samples=400)
    sampled = [v / 400 for v in look_ahead.scores(state, 0, actions, random.Random(1))]
    assert max(abs(a - b) for a, b in zip(mine, sampled, strict=True)) < 1.0
