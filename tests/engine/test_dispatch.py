"""Dispatch by decision, answer modes and teams, on small games written for the test."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from plunder.engine import (
    Action,
    Frame,
    Game,
    IllegalAction,
    PlunderError,
    Result,
    State,
    action_type,
)
from plunder.engine.frame import ANY
from plunder.engine.game import notation_error


@action_type
class Word(Action):
    word: str

    def spell(self) -> str:
        return self.word


YES, NO = Word.of("yes"), Word.of("no")


class VoteState(State):
    """Seats 0 and 1 are a team, seat 2 plays alone. The team picks a captain once
    (any one of it answers), then everyone votes at once; a yes-majority wins."""

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.captain: int | None = None
        self.replace(Frame.of("captain", [0, 1], answer=ANY))
        self._open_step()

    def _legal_captain(self, seat: int, frame: Frame) -> list[Action]:
        return [YES, NO]

    def _on_captain(self, seat: int, action: Action, frame: Frame) -> None:
        self.captain = seat if action == YES else 1 - seat
        self.replace(Frame.of("vote", [0, 1, 2], "no"))

    def _legal_vote(self, seat: int, frame: Frame) -> list[Action]:
        return [YES, NO]

    def _on_vote(self, answers: dict[int, Action], frame: Frame) -> None:
        yes = {seat for seat, answer in answers.items() if answer == YES}
        winners = self.game.team_of(0) if len(yes) >= 2 else self.game.team_of(2)
        self.finish(Result(winners, (0.0, 0.0, 0.0), "voted"))

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"captain": self.captain}


class VoteGame(Game):
    name = "vote"
    title = "Vote"
    min_players = max_players = default_players = 3

    def _teams(self) -> list[list[int]]:
        return [[0, 1], [2]]

    def _new_state(self, seed: int) -> State:
        return VoteState(self, seed)

    def _all_actions(self) -> Sequence[Action]:
        return [YES, NO]

    def _max_decisions(self) -> int:
        return 4

    def parse(self, text: str, legal: Sequence[str] = ()) -> Action:
        if text in ("yes", "no"):
            return Word.of(text)
        raise notation_error(str(text), "yes or no", legal)


def test_a_step_goes_to_the_handlers_of_the_open_frames_kind() -> None:
    assert set(VoteState.decisions) >= {"captain", "vote", "order"}
    assert VoteState.decisions["captain"].one and not VoteState.decisions["vote"].one
    state = VoteGame().new(seed=1)
    state.act(1, "yes")
    assert state.view(None)["captain"] == 1
    assert state.decision.kind == "vote"


def test_a_frame_answered_by_any_one_seat_resolves_on_the_first_answer() -> None:
    state = VoteGame().new(seed=1)
    assert state.view(None)["decision"]["answer"] == "any"
    assert state.pending == {0, 1}
    state.act(0, "no")  # seat 0 answers for the team
    assert state.view(None)["captain"] == 1
    assert state.pending == {0, 1, 2}  # the vote, all at once


def test_seats_to_act_yields_the_open_steps_seats_while_the_step_lasts() -> None:
    state = VoteGame().new(seed=1)
    # The captain's step: seat 0 answers for the team, so seat 1 is not asked, and
    # the vote's seats (seat 1 among them) are not this step's.
    acted = []
    for seat in state.seats_to_act():
        acted.append(seat)
        state.act(seat, "yes")
    assert acted == [0]
    assert state.decision.kind == "vote" and state.pending == {0, 1, 2}
    # The vote: every seat in turn, lowest first, until the last commit ends it.
    for seat in state.seats_to_act():
        acted.append(seat)
        state.act(seat, "yes")
    assert acted == [0, 0, 1, 2]
    assert state.is_over and list(state.seats_to_act()) == []


def test_teams_share_choices_and_are_paid_as_one() -> None:
    state = VoteGame().new(seed=1)
    state.act(0, "yes")
    state.act(0, "yes")
    # Seat 1 sees its teammate's vote; seat 2 sees only that it was made.
    assert state.view(1)["allied_choices"] == {"0": "yes"}
    assert "allied_choices" not in state.view(2)
    assert state.info_key(1) != VoteGame().new(seed=1).info_key(1)
    state.act(1, "no")
    state.act(2, "yes")
    assert state.result.winners == {0, 1}
    assert state.result.returns() == (1.0, 1.0, 0.0)
    assert VoteGame().utility() == "general-sum"


def test_a_kind_with_one_handler_and_not_the_other_is_refused_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match="has _legal_parley but no _on_parley"):

        class Lonely(VoteState):
            def _legal_parley(self, seat: int, frame: Frame) -> list[Action]:
                return [YES]

    with pytest.raises(TypeError, match="takes"):

        class Wrong(VoteState):
            def _legal_parley(self, seat: int, frame: Frame) -> list[Action]:
                return [YES]

            def _on_parley(self, frame: Frame) -> None:
                return None


def test_a_frame_of_a_kind_without_handlers_is_an_error_that_names_it() -> None:
    state = VoteGame().new(seed=1)
    state.replace(Frame.of("parley", [0]))
    state._open_step()
    with pytest.raises(PlunderError, match="no handlers for its 'parley' decision"):
        state.legal(0)


def test_a_one_answer_handler_refuses_a_step_several_seats_answered() -> None:
    class Muddled(VoteState):
        def _on_vote(self, seat: int, action: Action, frame: Frame) -> None:  # type: ignore[override]
            return None

    class MuddledGame(VoteGame):
        def _new_state(self, seed: int) -> State:
            return Muddled(self, seed)

    state = MuddledGame().new(seed=1)
    state.act(0, "yes")
    state.act(0, "yes")
    state.act(1, "yes")
    with pytest.raises(PlunderError, match="takes one answer, but 3 seats answered"):
        state.act(2, "yes")


def test_a_refusal_goes_to_the_explanation_of_the_open_frames_kind() -> None:
    class Strict(VoteState):
        """Seat 2 may only vote no, and the vote says why; the captain's choice has
        no explanation of its own."""

        def _legal_vote(self, seat: int, frame: Frame) -> list[Action]:
            return [NO] if seat == 2 else [YES, NO]

        def _explain_vote(self, seat: int, action: Action, frame: Frame) -> str:
            return f"seat {seat} may only say no in the {frame.kind}"

    class StrictGame(VoteGame):
        def _new_state(self, seed: int) -> State:
            return Strict(self, seed)

    state = StrictGame().new(seed=1)
    with pytest.raises(IllegalAction) as caught:
        state.act(0, Word.of("maybe"))
    assert caught.value.reason == "maybe is not a legal action for seat 0 now"
    state.act(0, "yes")
    with pytest.raises(IllegalAction) as caught:
        state.act(2, "yes")
    assert caught.value.reason == "seat 2 may only say no in the vote"
