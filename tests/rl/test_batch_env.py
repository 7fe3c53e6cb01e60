"""The batch environments' promises: every seat at once, no-ops, substitutes, plays dealt
anew in the step that ends them, seeds; and the learner's ``VectorEnv`` as Gymnasium's
vector environments behave (spaces, fresh data, same-step autoreset, its wrappers)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from plunder import rl
from plunder.rl.batched import WIDE, BatchEnv, random_legal, rules_for

GAMES = [
    ("duel", {"players": 3}),
    ("rumble", {"players": 4}),
    ("rumble", {"players": 5, "mode": "camp"}),
    ("underfire", {}),
]


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_every_seat_of_every_play_at_once(game: str, options: dict) -> None:
    env = rl.batch(game, 12, seed=4, **options)
    observations, masks = env.reset()
    rules = env.rules
    assert observations.shape == (12, rules.players, rules.size)
    assert observations.dtype == np.float32 and masks.dtype == np.int8
    assert masks.shape == (12, rules.players, rules.actions + 1)
    rng = np.random.default_rng(4)
    ended = 0
    for _ in range(400):
        # A seat that owes nothing has the no-op alone; a deciding seat never has it.
        deciding = masks[..., :-1].any(axis=-1)
        assert np.array_equal(masks[..., -1] == 1, ~deciding)
        actions = random_legal(rng, masks[..., :-1].astype(bool))
        observations, masks, rewards, terminated, truncated, info = env.step(actions)
        assert not truncated.any()
        ended += int(terminated.sum())
        # Returns add up to 1 in an ended play, and nothing is paid before the end.
        assert np.allclose(rewards.sum(axis=1), np.where(terminated, 1.0, 0.0))
        if terminated.any():
            final = info["final_observation"]
            assert final.shape[0] == int(info["ended"].sum())
            assert final[..., rules.encoder.at["over"]].min() == 1.0
            # The play dealt anew: its first observation, no one over.
            assert observations[terminated][..., rules.encoder.at["over"]].max() == 0.0
    assert ended > 5


def test_an_illegal_index_is_replaced_and_reported_and_a_waiting_seat_ignored() -> None:
    env = rl.batch("duel", 4, seed=1, players=2)
    _, _masks = env.reset()
    actions = np.full((4, 2), 10_000)
    _, _, _, _, _, info = env.step(actions)
    assert info["substituted"].all()
    # Every move made was legal: the plays go on (no one reaches $5 in one shootout).
    assert not info["ended"].any() and not env.rules.over(np, env.state).any()
    assert env.steps.tolist() == [1, 1, 1, 1]


def test_plays_left_out_of_a_step_do_not_move() -> None:
    env = rl.batch("duel", 6, seed=2, players=3)
    observations, masks = env.reset()
    active = np.array([True, False, True, False, True, False])
    actions = random_legal(np.random.default_rng(2), masks[..., :-1].astype(bool))
    after, _, rewards, _, _, _ = env.step(actions, active=active)
    assert np.array_equal(after[~active], observations[~active])
    assert not np.array_equal(after[active], observations[active])
    assert not rewards[~active].any()


def test_a_seeded_batch_replays_exactly() -> None:
    def run(seed: int) -> list[np.ndarray]:
        env = rl.batch("duel", 8, seed=seed, players=3)
        observations, masks = env.reset()
        rng = np.random.default_rng(9)
        seen = [observations]
        for _ in range(60):
            observations, masks, *_ = env.step(random_legal(rng, masks[..., :-1].astype(bool)))
            seen.append(observations)
        return seen

    first, again, other = run(5), run(5), run(6)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert not all(np.array_equal(a, b) for a, b in zip(first, other, strict=True))


# --------------------------------------------------------------------------- VectorEnv
def vector(seed: int = 3, **kw: object) -> object:
    return rl.vector_env("duel", 8, players=2, seed=seed, **kw)


def test_the_vector_env_keeps_to_its_spaces_and_hands_out_fresh_data() -> None:
    from gymnasium.utils.passive_env_checker import data_shares_objects

    env = vector()
    assert env.metadata["autoreset_mode"].name == "SAME_STEP"
    observations, infos = env.reset(seed=3)
    assert env.observation_space.contains(observations)
    assert isinstance(infos, dict)
    rng = np.random.default_rng(3)
    previous = observations
    ends = 0
    for _ in range(300):
        masks = env.action_masks()
        assert masks.shape == (8, env.single_action_space.n) and masks.any(axis=1).all()
        assert np.array_equal(masks, observations["action_mask"].astype(bool))
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
        assert env.action_space.contains(actions)
        observations, rewards, terminated, truncated, infos = env.step(actions)
        assert env.observation_space.contains(observations)
        assert rewards.dtype == np.float32 and rewards.shape == (8,)
        assert terminated.dtype == bool and truncated.dtype == bool
        assert not data_shares_objects(previous, observations)
        previous = observations
        if terminated.any():
            ends += int(terminated.sum())
            assert np.array_equal(infos["_final_obs"], terminated | truncated)
            for row in np.flatnonzero(terminated):
                final = infos["final_obs"][row]
                assert env.single_observation_space.contains(final)
                assert final["action_mask"].all()  # never an empty mask
    assert ends > 5


def test_the_vector_env_replays_a_seed_and_pays_the_learner_its_return() -> None:
    def run(seed: int) -> tuple[list, float]:
        env = vector(seed=seed)
        observations, _ = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        seen, total = [], 0.0
        for _ in range(200):
            masks = env.action_masks()
            actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
            observations, rewards, _terminated, _, _ = env.step(actions)
            seen.append(observations["observation"])
            total += float(rewards.sum())
        return seen, total

    first, total = run(7)
    again, same = run(7)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert total == same and total > 0


def test_gymnasium_vector_wrappers_run_on_it() -> None:
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    env = RecordEpisodeStatistics(vector())
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    episodes = 0
    for _ in range(200):
        masks = env.unwrapped.action_masks() if hasattr(env, "unwrapped") else env.action_masks()
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
        _, _, _terminated, _truncated, infos = env.step(actions)
        if "episode" in infos:
            episodes += int(infos["_episode"].sum())
            assert np.all(infos["episode"]["r"][infos["_episode"]] >= 0)
    assert episodes > 0


def test_a_batched_opponent_policy_plays_the_other_seats() -> None:
    calls = []

    def first_legal(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        calls.append(observations.shape)
        return masks[..., :-1].argmax(axis=-1)

    env = vector(opponents=first_legal)
    env.reset(seed=2)
    env.step(np.array([np.flatnonzero(r)[0] for r in env.action_masks()]))
    assert calls and calls[0] == (8, 2, env.rules.size)


def test_the_learner_may_sit_at_every_seat_in_turn() -> None:
    """``seat="each"``: play ``i`` seats the learner at ``i % players``; what it is handed
    is that seat's observation and mask, and it is paid that seat's reward."""
    env = rl.vector_env("duel", 6, players=3, seed=4, seat="each")
    observations, _ = env.reset(seed=4)
    rng = np.random.default_rng(4)
    rows = np.arange(6)
    paid = 0.0
    for _ in range(200):
        seats = rows % 3
        own = env._observations[rows, seats]
        assert np.array_equal(observations["observation"], own)
        assert np.array_equal(observations["action_mask"], env._masks[rows, seats, :-1])
        masks = env.action_masks()
        assert masks.any(axis=1).all()
        observations, rewards, *_ = env.step(
            np.array([rng.choice(np.flatnonzero(row)) for row in masks])
        )
        paid += float(rewards.sum())
    assert paid > 0
    with pytest.raises(ValueError, match="nor 'each'"):
        rl.vector_env("duel", 2, players=2, seat=2)


def test_shaped_rewards_come_earlier_and_add_up_to_the_returns() -> None:
    """With ``shaped=True`` each seat is paid its evaluation's changes between duels (a
    duel won is paid when it is won) and, over a whole play, exactly its return."""
    env = rl.batch("duel", 16, players=3, seed=5, shaped=True)
    plain = rl.batch("duel", 16, players=3, seed=5)
    _, masks = env.reset(seed=5)
    plain.reset(seed=5)
    rng = np.random.default_rng(5)
    paid = np.zeros((16, 3))
    early = 0
    ended = 0
    for _ in range(400):
        actions = random_legal(rng, masks[..., :-1].astype(bool))
        _, masks, rewards, terminated, truncated, _ = env.step(actions)
        _, _, returns, *_ = plain.step(actions)
        paid += rewards
        finished = terminated | truncated
        early += int((np.abs(rewards[~finished]) > 0).any(axis=1).sum())
        for row in np.flatnonzero(finished):
            assert np.allclose(paid[row], returns[row], atol=1e-5)
            paid[row] = 0
            ended += 1
    assert ended > 10 and early > 10
    # The largest table evaluates as soon as it is made (no table of every score).
    large = rl.batch("duel", 4, players=5, target=20, seed=1, shaped=True)
    large.reset(seed=1)
    assert large.rules.evaluate(np, large.state).shape == (4, 5)
    with pytest.raises(ValueError, match="no evaluation"):
        rl.batch("rumble", 2, players=4, shaped=True)


def test_batch_env_takes_options_like_the_game() -> None:
    env = BatchEnv(rules_for("duel", players=4, target=2), 3, seed=1)
    observations, _ = env.reset()
    assert observations.shape == (3, 4, env.rules.size)


@settings(max_examples=60, deadline=None)
@given(legal=hnp.arrays(np.bool_, hnp.array_shapes(min_dims=1, max_dims=4, max_side=6)),
       transposed=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_a_random_legal_action_is_legal_in_any_layout(legal: np.ndarray, transposed: bool,
                                                      seed: int) -> None:
    # Rules classes may hand out their legal actions as a transposed view (the play
    # last in memory); the draw reads either layout alike.
    if transposed:
        legal = np.ascontiguousarray(legal.T).T
    chosen = random_legal(np.random.default_rng(seed), legal)
    assert chosen.shape == legal.shape[:-1]
    none = ~legal.any(axis=-1)
    assert np.array_equal(chosen == legal.shape[-1], none)
    picked = np.take_along_axis(legal, np.minimum(chosen, legal.shape[-1] - 1)[..., None], -1)
    assert picked[..., 0][~none].all()


def test_a_random_legal_action_is_drawn_uniformly() -> None:
    # 30,000 rows of the same three legal actions out of six: each is drawn a third of
    # the time (a seeded draw; 3 standard deviations are about 0.008).
    legal = np.zeros((30_000, 6), dtype=bool)
    legal[:, [0, 3, 5]] = True
    chosen = random_legal(np.random.default_rng(7), legal)
    shares = np.bincount(chosen, minlength=7) / len(chosen)
    assert shares[[1, 2, 4, 6]].sum() == 0
    assert np.allclose(shares[[0, 3, 5]], 1 / 3, atol=0.01)


@settings(max_examples=30, deadline=None)
@given(rows=st.integers(1, 5), seed=st.integers(0, 2**32 - 1), transposed=st.booleans(),
       density=st.floats(0.0, 0.05))
def test_a_random_legal_action_over_a_wide_space_is_legal(rows: int, seed: int,
                                                          transposed: bool,
                                                          density: float) -> None:
    # Past WIDE actions a row the draw finds the legal actions at once: still one of
    # the row's own, the no-op where it has none.
    rng = np.random.default_rng(seed)
    legal = rng.random((rows, 2, WIDE + 41)) < density
    legal[0, 0] = False  # a row with nothing legal
    if transposed:
        legal = np.ascontiguousarray(legal.T).T
    chosen = random_legal(np.random.default_rng(seed), legal)
    none = ~legal.any(axis=-1)
    assert chosen.shape == legal.shape[:-1] and bool(none[0, 0])
    assert np.array_equal(chosen == legal.shape[-1], none)
    picked = np.take_along_axis(legal, np.minimum(chosen, legal.shape[-1] - 1)[..., None], -1)
    assert picked[..., 0][~none].all()


def test_a_random_legal_action_over_a_wide_space_is_drawn_uniformly() -> None:
    # As above, with the three legal actions far apart in a wide row.
    legal = np.zeros((30_000, WIDE + 100), dtype=bool)
    spots = [2, WIDE // 2, WIDE + 99]
    legal[:, spots] = True
    chosen = random_legal(np.random.default_rng(7), legal)
    shares = np.bincount(chosen, minlength=legal.shape[1] + 1) / len(chosen)
    assert shares.sum() == pytest.approx(1.0) and shares[spots].sum() == pytest.approx(1.0)
    assert np.allclose(shares[spots], 1 / 3, atol=0.01)
