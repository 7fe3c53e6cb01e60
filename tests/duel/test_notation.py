"""Property tests of Duel's notation parser."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import plunder

GAME = plunder.load("duel", players=5)
CARDS = ["colt", "rifle", "barricade", "reload", "reloading", "COLT", "Rifle"]


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=20))
def test_any_text_parses_to_an_action_that_reads_back_or_is_refused(text: str) -> None:
    try:
        action = GAME.parse(text)
    except plunder.NotationError as exc:
        assert "expected" in str(exc)
    else:
        assert GAME.parse(str(action)) == action
        assert str(action) == str(action).strip().lower()


@settings(max_examples=300, deadline=None)
@given(
    card=st.sampled_from(CARDS),
    target=st.one_of(st.none(), st.integers(min_value=-9, max_value=999)),
    left=st.sampled_from(["", " ", "  "]),
    right=st.sampled_from(["", " "]),
)
def test_written_forms_read_as_card_and_target(
    card: str, target: int | None, left: str, right: str
) -> None:
    text = f"{left}{card}{right}" if target is None else f"{left}{card}{right}>{right}{target}"
    action = GAME.parse(text)
    expected_card = "reload" if card.lower() == "reloading" else card.lower()
    expected = expected_card if target is None else f"{expected_card}>{target}"
    assert str(action) == expected
