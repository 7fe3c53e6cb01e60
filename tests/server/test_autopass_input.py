"""Property tests of the auto-pass setting: the ``autopass`` message's parser, the form
a store keeps it in, and which windows it covers."""

from __future__ import annotations

import dataclasses
import string
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from plunder.engine.frame import Frame
from plunder.engine.windows import MAX_TIMINGS, TIMING, AutoPass
from plunder.server.inputs import BadInput, autopass_setting
from plunder.server.messages import Autopass, BadMessage, read_message

# Window timings as games name their decision kinds.
timings = st.text(string.ascii_letters + string.digits + "_-", min_size=1, max_size=32)
settings_ = st.builds(
    AutoPass, st.booleans(), st.frozensets(timings, max_size=MAX_TIMINGS), st.booleans()
)


def read(message: dict[str, Any]) -> AutoPass:
    """An ``autopass`` message read as the server reads it: its schema, then its values."""
    typed = read_message({"type": "autopass", **message})
    assert isinstance(typed, Autopass)
    setting = autopass_setting(typed.every, typed.timings)
    # A message without ``forced`` leaves the seat's as it was: on, for a new seat.
    return dataclasses.replace(setting, forced=typed.forced is not False)


# Anything a client could send as JSON.
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(
    every=st.booleans() | json_values,
    listed=st.lists(timings, max_size=40) | st.lists(st.text(), max_size=3) | json_values,
)
def test_any_message_is_read_as_a_setting_or_refused_saying_why(every: Any, listed: Any) -> None:
    message = {"every": every, "timings": listed}
    try:
        found = read(message)
    except (BadInput, BadMessage) as exc:
        assert str(exc).startswith("autopass: ")
        return
    assert found.every is every
    assert found.timings == frozenset(listed)
    assert all(TIMING.fullmatch(t) for t in found.timings) and len(listed) <= MAX_TIMINGS


@settings(max_examples=300, deadline=None)
@given(setting=settings_)
def test_a_setting_reads_back_from_its_message_and_its_stored_text(setting: AutoPass) -> None:
    assert read(setting.to_json()) == setting
    assert AutoPass.from_text(setting.to_text()) == setting
    # What a store keeps fits its column.
    assert len(setting.to_text()) <= 1200


@settings(max_examples=200, deadline=None)
@given(setting=settings_, kind=timings, window=st.booleans())
def test_a_setting_covers_windows_of_its_timings_and_nothing_else(
    setting: AutoPass, kind: str, window: bool
) -> None:
    frame = Frame.of(kind, [0, 1], "pass", window=window)
    assert setting.covers(frame) == (window and (setting.every or kind in setting.timings))
    assert not setting.covers(None)


def test_no_setting_is_no_auto_pass() -> None:
    assert not AutoPass() and AutoPass.from_text(None) == AutoPass() == read({})
    assert AutoPass(every=True) and AutoPass(timings=frozenset({"tide"}))
