"""Pirate Rumble: simultaneous cards for 2 to 8 pirates; Duel Mode and Camp Mode."""

from plunder.games.rumble.rules import RumbleAction, RumbleGame, RumbleState

__all__ = ["RumbleAction", "RumbleGame", "RumbleState"]
