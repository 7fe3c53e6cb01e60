"""The conformance kit: the protocol's contract, checked on any game.

Every registered game, under each of its modes and options, must pass
``check_game``. The checks, each named in the failures it raises:

* ``termination``: random playouts end, with a result, within a bound;
* ``max_decisions``: no play makes more decisions than ``game.max_decisions()``;
* ``returns``: ``result.returns()`` has one value per seat, inside
  ``game.utility_range()``, adding up to 1;
* ``decisions``: every pending seat has a legal action, seats that owe nothing have
  none, every legal action's notation parses back to it and is accepted, a
  decision's default answer is legal, and the timeout action is the default of a
  timed decision only;
* ``action_space``: the space lists each action once, ``index`` and ``action``
  (and ``index`` by notation) are each other's inverse, every notation in it parses
  back, and every legal action is in it;
* ``mask``: ``legal_mask(seat)`` marks exactly the legal actions, for every seat;
* ``frames``: while the game runs a decision frame is open whose seats (and
  ``view["decision"]``'s) are the pending and committed seats; at the end the frame
  stack is empty and ``view["decision"]`` is ``None``;
* ``status``: ``status(seat)`` is "deciding" exactly for pending seats, and one of
  "waiting", "out", "eliminated" for the others;
* ``determinism``: the same options, seed and moves give the same state;
* ``clone``: a clone and its original never affect each other;
* ``sharing``: no list, dict, set, byte array, record or object of the game's own
  (nor any of those inside a record) is shared by a state and its clone (nor the
  chance generator);
* ``pickle``: the game, and every state, survive ``pickle`` and ``copy.deepcopy``
  and the copies play on alike;
* ``record``: a record survives JSON and replays to the same state;
* ``views``: views are JSON, stable, and leak nothing: a state determinized for a
  seat gives that seat an equal view, its pending seats and legal actions;
* ``observation``: ``observation(seat)`` is a finite float32 vector of
  ``game.observation_shape()`` inside the encoder's bounds, stable, equal to the
  checked encoding of the seat's view (the reference an encoder's fast path is
  held to), equal on a state determinized for that seat, and equal to its row of
  ``observations(seats)``;
* ``info_key``: keys are hashable, and over every state checked, one key never
  stands for two views (``view(seat, log=False)``) nor one view for two keys;
* ``events``: ``events(seat, since)`` is the tail of ``view(seat)["log"]`` from
  ``since``, ``event_count(seat)`` its length, and events fetched a few at a time
  (as a table's client does) add up to the whole log;
* ``rejection``: rejected input raises ``IllegalAction`` and leaves the state unchanged;
* ``teams``: the teams split the seats, every member of a team gets the team's
  return, and ``game.utility()`` fits the teams' sizes (``returns`` then asks
  that the teams' shares add up to 1); in a game whose teammates see all each
  other sees (``team_sees_all``), a state determinized for a seat leaves its
  teammates' views as they were, and teammates see the same events;
* ``windows``: an open any-time window is offered to the same seats in worlds
  where everything hidden is drawn anew (public information decides who is
  asked);
* ``dispatch``: every decision opened has the handlers of its kind
  (``_legal_<kind>`` and ``_on_<kind>``, or is an any-time window);
* ``sides``: a finished play says who moved first (``first_movers``: one lead at
  least, each some of the seats) and the side of every seat or of none
  (``seat_sides``), and the sides it rotates across the seats
  (``game.side_rotation()``) each load.

Each failure raises ``ConformanceFailure`` naming the check, the game, the options,
the seed and the move at fault, so it can be reproduced. The functions that check
one state (``check_state``, ``check_rejections``, ``check_views``...) are public so
that property tests can drive them with generated states.

The kit's cost grows linearly with a game's length: a state is looked at through
``view(seat, log=False)`` and the last few events; the checks that read a whole
game (replays, whole logs, pickling, the sharing walk) run at every seventh state
early on, then at states whose move count is a power of two, and at the end.

The kit's modules, by concern: ``core`` (the failure, the report, fingerprints),
``play`` (random play), ``state_checks`` (the cheap checks of every state),
``game_checks`` (the checks of a game, once), ``rejection``, ``views``, ``events``
and ``copies`` (the deep checks of a state), ``runner`` (``check_game``) and
``options`` (the option combinations to run it under). Everything public is
imported from here.
"""

from __future__ import annotations

from collections.abc import Sequence

from plunder.engine.conformance.copies import (
    check_clone,
    check_determinism,
    check_pickle,
    check_sharing,
)
from plunder.engine.conformance.core import (
    DENSE,
    GARBAGE,
    ConformanceFailure,
    Report,
    fingerprint,
)
from plunder.engine.conformance.events import EventFeed, check_events
from plunder.engine.conformance.game_checks import (
    check_action_space,
    check_game_pickles,
    check_teams,
)
from plunder.engine.conformance.options import (
    describe,
    option_matrix,
    option_pairs,
    option_values,
)
from plunder.engine.conformance.play import play_by_choices, playout, random_step
from plunder.engine.conformance.rejection import check_all_legal_accepted, check_rejections
from plunder.engine.conformance.runner import check_game
from plunder.engine.conformance.state_checks import check_state
from plunder.engine.conformance.views import InfoKeys, check_observation, check_views

__all__: Sequence[str] = [
    "DENSE",
    "GARBAGE",
    "ConformanceFailure",
    "EventFeed",
    "InfoKeys",
    "Report",
    "check_action_space",
    "check_all_legal_accepted",
    "check_clone",
    "check_determinism",
    "check_events",
    "check_game",
    "check_game_pickles",
    "check_observation",
    "check_pickle",
    "check_rejections",
    "check_sharing",
    "check_state",
    "check_teams",
    "check_views",
    "describe",
    "fingerprint",
    "option_matrix",
    "option_pairs",
    "option_values",
    "play_by_choices",
    "playout",
    "random_step",
]
