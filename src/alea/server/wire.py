"""Reading what clients send: JSON of bounded depth and size, with finite, bounded numbers.

Whatever arrives — text or bytes, any shape, depth or number — is either a JSON object the
server can work with or a ``WireError`` whose sentence says what was wrong with it.
"""

from __future__ import annotations

import json
import math
from typing import Any

MAX_DEPTH = 16
"""Deepest nesting of arrays and objects accepted (records and actions need far fewer)."""
MAX_INT = 2**53
"""Largest whole number (in absolute value) accepted anywhere in a message."""


class WireError(ValueError):
    """Something a client sent that cannot be read; the message says what."""


def _no_constant(name: str) -> Any:
    raise WireError(f"{name} is not a number JSON allows")


def parse_object(raw: str | bytes, what: str = "a message") -> dict[str, Any]:
    """Parse ``raw`` as a JSON object with bounded depth and numbers, or raise ``WireError``."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise WireError(f"{what} must be UTF-8 text") from None
    try:
        data = json.loads(raw, parse_constant=_no_constant)
    except WireError:
        raise
    except RecursionError:
        raise WireError(f"{what} is nested too deeply (at most {MAX_DEPTH} levels)") from None
    except json.JSONDecodeError as exc:
        raise WireError(f"{what} is not valid JSON ({exc.msg} at character {exc.pos})") from None
    except ValueError:  # e.g. an integer of thousands of digits
        raise WireError(f"{what} holds a number too large to read") from None
    if not isinstance(data, dict):
        raise WireError(f"{what} must be a JSON object, not {_kind(data)}")
    check_shape(data, what)
    return data


def check_shape(data: Any, what: str = "a message") -> None:
    """Raise ``WireError`` if ``data`` nests too deeply or holds a number out of bounds."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                raise WireError(f"{what} is nested too deeply (at most {MAX_DEPTH} levels)")
            children = item.values() if isinstance(item, dict) else item
            stack.extend((c, depth + 1) for c in children)
        elif isinstance(item, bool) or item is None or isinstance(item, str):
            continue
        elif isinstance(item, int):
            if abs(item) > MAX_INT:
                raise WireError(f"{what} holds a whole number beyond ±2^53")
        elif isinstance(item, float) and not math.isfinite(item):
            raise WireError(f"{what} holds a number too large to be finite")


def _kind(data: Any) -> str:
    if isinstance(data, list):
        return "an array"
    if isinstance(data, str):
        return "a string"
    if isinstance(data, bool):
        return "true or false"
    if data is None:
        return "null"
    return "a number"


def short(text: object, limit: int = 300) -> str:
    """``text`` cut to ``limit`` characters, for error messages and log lines."""
    s = str(text)
    return s if len(s) <= limit else s[: limit - 1] + "…"
