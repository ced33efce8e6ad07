"""The Triumvirate's seat numbers, in the clockwise order of play, for the rule tests."""

from __future__ import annotations

CRASSUS, CAESAR, POMPEY, ROME = 0, 1, 2, 3
"""Seats 0-2 are the players; 3 is the owner code of Roman troops."""
