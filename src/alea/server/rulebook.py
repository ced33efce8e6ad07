"""The players' rulebook behind each game's Rules link: quick start, pictures, full rules.

A game's ``PLAYERS.md`` is its quick start. A line ``<!-- picture MOVES SEED: caption -->`` in
it stands for a picture of a position drawn by the game's own board renderer: the game started
with ``SEED`` and played ``MOVES`` moves by chance. After the quick start come the full rules:
the game's ``RULES.md`` from its first numbered section on, without what speaks to programmers
(the engine's **Decisions.** notes, option names in brackets, the options table).
"""

from __future__ import annotations

import html
import random
import re
from importlib import resources
from typing import Final

import alea
from alea.server.markdown import markdown_to_html
from alea.server.rooms import board_svg

PICTURE: Final = re.compile(r"^<!-- picture (\d+) (\d+): (.+?) -->$", re.MULTILINE)
"""A picture's place in a quick start: moves to play, the seed, the caption."""
_OPTION: Final = re.compile(r" ?\[`[a-z_]+(?:=[^`]*)?`[^\]]{0,120}\]")
"""An option's name in brackets after the figure it sets (``[`fort_cost`]``)."""
_DECISIONS: Final = re.compile(r"^\*\*Decisions\.\*\*.*?(?:\n\n|\Z)", re.MULTILINE | re.DOTALL)
"""A paragraph on how the engine splits a step into choices."""
_FOR_PROGRAMMERS: Final = ("Options",)
"""Top-level sections of a RULES.md that list the engine's options."""


def figure(game: str, moves: int, seed: int, caption: str) -> str:
    """A position of ``game`` as a spectator sees it, ``moves`` chance moves from the start."""
    state = alea.load(game).new_initial_state()
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    svg = board_svg(game, state.observation(None))
    return f"<figure class='board'>{svg}<figcaption>{html.escape(caption)}</figcaption></figure>"


def quick_start(game: str, text: str) -> str:
    """A quick start's HTML, each picture line replaced by its picture."""
    parts: list[str] = []
    at = 0
    for m in PICTURE.finditer(text):
        parts.append(markdown_to_html(text[at : m.start()]))
        parts.append(figure(game, int(m.group(1)), int(m.group(2)), m.group(3)))
        at = m.end()
    parts.append(markdown_to_html(text[at:]))
    return "".join(parts)


def for_players(rules: str) -> str:
    """The numbered rules of a RULES.md without what only programmers need."""
    first = rules.find("\n## ")
    rules = rules[first:] if first >= 0 else rules
    for title in _FOR_PROGRAMMERS:
        start = rules.find(f"\n## {title}\n")
        if start >= 0:
            end = rules.find("\n## ", start + 1)
            rules = rules[:start] + (rules[end:] if end >= 0 else "\n")
    rules = _DECISIONS.sub("", rules)
    return _OPTION.sub("", rules)


def rulebook(game: str, title: str) -> str:
    """The whole page: the quick start with its board, then the full rules.

    A game without a quick start shows its RULES.md alone, as written.
    """
    package = resources.files(f"alea.games.{game}")
    rules = package.joinpath("RULES.md").read_text("utf-8")
    parts = []
    quick = package.joinpath("PLAYERS.md")
    if quick.is_file():
        text = quick.read_text("utf-8")
        parts.append(quick_start(game, text))
        if not PICTURE.search(text):
            parts.append(
                figure(game, 0, 0, "The board at the start of a game, as the play page draws it.")
            )
        parts.append("<h1 id='full-rules'>The full rules</h1>")
        parts.append(markdown_to_html(for_players(rules)))
    else:
        parts.append(markdown_to_html(rules))
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><meta name='viewport' "
        f"content='width=device-width,initial-scale=1'><title>{html.escape(title)}: rules"
        "</title><link rel='stylesheet' href='/static/style.css'></head>"
        f"<body class='rules'><main>{''.join(parts)}</main></body></html>"
    )
