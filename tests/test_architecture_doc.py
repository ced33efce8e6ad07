"""docs/architecture.md names modules by path: every one it names must exist.

The page names a module in one of three ways, each resolved its own way:

- a path from the top of the project (``tests/sampled_positions.py``, ``scripts/...``), which may
  hold a pattern (``tests/games/<game>/*builders.py``) that must match at least one file;
- a path inside ``src/alea`` (``core/registry.py``), or inside ``src/alea/games``
  (``hotre/position.py``);
- a bare file name (``movement.py``), which belongs to the package the page named last
  (``games/forum/``, ``core/``; a folder that is not a package, such as ``data/``, does not
  count) or, failing that, to ``src/alea`` itself (``render.py``).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "architecture.md"
SRC = ROOT / "src" / "alea"
TOP_FOLDERS = ("tests/", "scripts/", "bench/", "docs/", "examples/")

NAME = re.compile(r"`([\w<>*./-]+)`")


def _package(token: str) -> Path | None:
    """The package under ``src/alea`` a token such as ``games/forum/`` names, if it names one."""
    folder = SRC / token.rstrip("/")
    return folder if (folder / "__init__.py").is_file() else None


def _missing(text: str) -> list[str]:
    """The module names in ``text`` that name no file, each with where it was looked for."""
    missing = []
    here = SRC
    for token in NAME.findall(text):
        if token.endswith("/"):
            here = _package(token) or here
            continue
        if not token.endswith(".py"):
            continue
        if token.startswith(TOP_FOLDERS):
            pattern = re.sub(r"<\w+>", "*", token)
            if not any(ROOT.glob(pattern)):
                missing.append(f"{token} (from the top of the project)")
        elif "/" in token:
            if not ((SRC / token).is_file() or (SRC / "games" / token).is_file()):
                missing.append(f"{token} (in src/alea or src/alea/games)")
        elif not ((here / token).is_file() or (SRC / token).is_file()):
            missing.append(f"{token} (in {here.relative_to(ROOT)} or src/alea)")
    return missing


def test_every_module_the_architecture_page_names_exists() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert len(NAME.findall(text)) > 50, "the page names modules in backquotes"
    assert _missing(text) == []


def test_a_stale_name_on_the_page_is_caught() -> None:
    stale = "The kit in `core/`: `positions.py`, `kit.py`; Forum (`games/forum/`): `turn.py`, "
    stale += "`social.py`, `combat.py`; `hotre/position.py`, `hotre/moves.py`, `data/`, "
    stale += "`tests/games/<game>/*builders.py`, `tests/games/<game>/*makers.py`."
    assert _missing(stale) == [
        "kit.py (in src/alea/core or src/alea)",
        "combat.py (in src/alea/games/forum or src/alea)",
        "hotre/moves.py (in src/alea or src/alea/games)",
        "tests/games/<game>/*makers.py (from the top of the project)",
    ]
