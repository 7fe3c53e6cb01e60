"""Odds: a toy game kept outside plunder, to show that any game plugs in.

It declares its rules and its observation encoder and nothing else: no terminal
or browser renderer, no bots of its own. Every front end and every generic bot
must still play it.
"""

from plunder.engine.manifest import Manifest

from .rules import OddsGame, OddsState, Stake

MANIFEST = Manifest(game=OddsGame, encoder="encoder:OddsEncoder")

__all__ = ["MANIFEST", "OddsGame", "OddsState", "Stake"]
