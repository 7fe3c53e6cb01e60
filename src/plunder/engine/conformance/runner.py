"""``check_game``: the whole kit on one game with fixed options, and its report."""

from __future__ import annotations

import random
from typing import Any

from plunder.engine.conformance.copies import (
    check_clone,
    check_determinism,
    check_pickle,
    check_sharing,
)
from plunder.engine.conformance.core import (
    DENSE,
    GARBAGE,
    Report,
    _whole_game_sample,
)
from plunder.engine.conformance.events import EventFeed
from plunder.engine.conformance.game_checks import (
    _check_corrupt_record,
    check_action_space,
    check_game_pickles,
    check_teams,
)
from plunder.engine.conformance.play import playout
from plunder.engine.conformance.rejection import check_all_legal_accepted, check_rejections
from plunder.engine.conformance.state_checks import check_state
from plunder.engine.conformance.views import InfoKeys, check_views
from plunder.engine.game import Game
from plunder.engine.state import State


def check_game(
    game: Game,
    *,
    playouts: int = 100,
    deep: int = 3,
    seed: int = 0,
    max_decisions: int = 100_000,
    decisions: int | None = None,
    dense: int = DENSE,
) -> Report:
    """Run the whole kit on one game with fixed options.

    The game's action space and pickling are checked once. ``playouts`` random
    playouts get the cheap checks at every state and the replay, record, rejection
    and events checks at the end; ``deep`` of them also get the views, observations,
    info keys, events, rejection, clone, sharing, pickling and every-legal-action
    checks along the way and at the end (see the package's note on what runs where).

    ``decisions`` counts the budget in decisions instead: playouts go on until
    that many decisions have been made (at least ``deep`` playouts, and one;
    ``playouts`` is then the most), so a long game (thousands of decisions a
    play) costs about as much as a short one, not a hundred times more.

    A deep playout checks every state of its first ``dense`` moves deeply, then
    every tenth. Two new states of one seed are compared once, at the first playout.
    """
    report = Report(game.name, dict(game.options))
    check_action_space(game)
    check_teams(game)
    check_game_pickles(game)
    rng = random.Random(seed)
    seen: set[str] = set()  # notations legal somewhere: they parse, so they test legality
    known_actions: dict[Any, int] = {}  # actions whose round trips are checked: their index
    keys = InfoKeys()
    def more(index: int) -> bool:
        if index >= playouts:
            return False
        return decisions is None or index < max(deep, 1) or report.decisions < decisions

    index = -1
    while more(index + 1):
        index += 1
        deep_run = index < deep
        checker_rng = random.Random(rng.getrandbits(64))
        feed = EventFeed(game.players)

        def on_state(
            state: State,
            deep_run: bool = deep_run,
            checker_rng: random.Random = checker_rng,
            feed: EventFeed = feed,
        ) -> None:
            check_state(state, known_actions)
            for seat in state.pending:
                seen.update(str(a) for a in state.legal(seat))
            if not deep_run:
                return
            moves = len(state.moves)
            whole_now = _whole_game_sample(moves)
            if whole_now:  # first: a shared part would trouble the checks that clone
                check_sharing(state)
            # Every state early in a deep playout, then a sample: the checks cost
            # far more than play, and long games repeat their situations.
            if moves < dense or moves % 10 == 0:
                report.states_checked_deeply += 1
                feed.update(state)
                check_views(state, checker_rng, keys=keys)
                if not state.is_over:
                    check_all_legal_accepted(state)
                    check_rejections(state, known=seen)
            if whole_now:
                feed.check_whole(state)
                # Whole logs are compared at the end of every playout (below).
                check_pickle(state, checker_rng, whole=False)
                if not state.is_over:
                    check_clone(state, checker_rng)
                    check_determinism(state, whole=False)

        final = playout(
            game,
            seed * 1_000_003 + index,
            random.Random(rng.getrandbits(64)),
            max_decisions=max_decisions,
            on_state=on_state,
        )
        check_determinism(final, new=index == 0)
        check_rejections(final, texts=GARBAGE[:3])
        feed.check_whole(final)
        if deep_run:
            check_pickle(final, checker_rng)
            check_views(final, checker_rng, keys=keys)
        report.playouts += 1
        report.decisions += len(final.moves)
        report.longest = max(report.longest, len(final.moves))
        assert final.result is not None
        key = ",".join(str(s) for s in sorted(final.result.winners)) or "none"
        report.outcomes[key] = report.outcomes.get(key, 0) + 1
    report.distinct_views = len(keys)
    # A record with a corrupted move must be refused by replay, naming the move.
    if report.decisions:
        _check_corrupt_record(game, seed)
    return report
