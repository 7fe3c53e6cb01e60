"""The toy game's package is data for ``tests/test_any_game.py``, which copies it to a
folder outside the project and registers it from there: pytest must not import it
from here (its doctests and modules would load it under a name of pytest's choosing)."""

collect_ignore = ["plunder_toygame"]
