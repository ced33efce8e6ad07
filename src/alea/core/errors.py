"""The typed errors every part of Alea raises and catches.

Each error carries a sentence a player understands; rule errors also carry the rule id
(for example ``TRI-4.5``) so front ends can point at the numbered rule.
"""

from __future__ import annotations


class AleaError(Exception):
    """Base of every error Alea raises on purpose."""


class IllegalActionError(AleaError, ValueError):
    """An action the rules do not allow in this state; the state is left unchanged.

    Attributes:
        rule: the rule id that forbids it, e.g. ``"TRI-4.5"``; ``""`` when no single rule applies.

    """

    def __init__(self, message: str, rule: str = "") -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"{message} ({rule})" if rule else message)


class OptionError(AleaError, ValueError):
    """An unknown game option, or a value the option does not accept."""


class RecordError(AleaError, ValueError):
    """A game record or saved state that is malformed, tampered with or from another game."""


class UnknownGameError(AleaError, ValueError):
    """A game id that is not registered."""
