"""The check every rule test makes of an illegal action: refused under its rule, nothing lost."""

from __future__ import annotations

import pytest

from alea.core.errors import IllegalActionError
from alea.core.game import Action, State


def refused(
    state: State, action: Action, rule: str, match: str | None = None
) -> IllegalActionError:
    """Assert ``action`` is refused under ``rule`` and leaves the position exactly as it was.

    With ``match``, the message must also match it and name the rule in brackets.
    """
    before = state.to_json()
    legal = state.legal_actions()
    with pytest.raises(IllegalActionError, match=match) as info:
        state.apply_action(action)
    assert info.value.rule == rule, f"refused under {info.value.rule!r}, expected {rule!r}"
    if match is not None:
        assert f"({rule})" in str(info.value)
    assert state.to_json() == before
    assert state.legal_actions() == legal
    return info.value
