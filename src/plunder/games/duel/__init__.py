"""Duel (Duelo): simultaneous shootouts for 2 to 5 players, first to $5."""

from plunder.games.duel.rules import DuelAction, DuelGame, DuelState

__all__ = ["DuelAction", "DuelGame", "DuelState"]
