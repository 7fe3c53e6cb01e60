"""Batches of work: every game goes to exactly one batch, in schedule order."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from plunder.lab.run import LARGEST_BATCH, tasks


@given(st.lists(st.integers(1, 3000), min_size=1, max_size=3), st.integers(1, 8))
def test_every_game_is_in_one_batch(study_sizes: list[int], workers: int) -> None:
    studies = [({"n": number}, list(range(size))) for number, size in enumerate(study_sizes)]
    cut = tasks(studies, workers)
    for number, size in enumerate(study_sizes):
        mine = [slot for n, options, batch in cut if n == number for slot in batch]
        assert mine == list(range(size))
        assert all(options == {"n": number} for n, options, _ in cut if n == number)
    assert all(0 < len(batch) <= LARGEST_BATCH for _, _, batch in cut)
    # The first batch of each worker is a single game: the first result comes early.
    assert [len(batch) for _, _, batch in cut[: min(workers, study_sizes[0])]] == [1] * min(
        workers, study_sizes[0]
    )
