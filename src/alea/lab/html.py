"""Small pieces of a self-contained HTML report: sections, tables and embedded figures."""

from __future__ import annotations

import base64
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any


@dataclass
class Section:
    """A report section: a title and its HTML body."""

    title: str
    body: str
    anchor: str = ""

    def __post_init__(self) -> None:
        if not self.anchor:
            self.anchor = re.sub(r"[^a-z0-9]+", "-", self.title.lower()).strip("-")


@dataclass
class Figures:
    """Collects the report's figures: each is embedded as base64 PNG and written as a file.

    Attributes:
        stem: prefix of the PNG files (the report's file name without ``.html``).
        folder: where the PNG files go (next to the report).
        written: the PNG files written so far.

    """

    stem: str
    folder: Path
    written: list[Path] = field(default_factory=list)

    def add(self, name: str, fig: Any, alt: str) -> str:
        """Save a matplotlib figure as ``<stem>-<name>.png`` and return an ``<img>`` for it."""
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
        import matplotlib.pyplot as plt

        plt.close(fig)
        data = buf.getvalue()
        safe = re.sub(r"[^A-Za-z0-9_.-]+", "-", name)
        path = self.folder / f"{self.stem}-{safe}.png"
        path.write_bytes(data)
        self.written.append(path)
        encoded = base64.b64encode(data).decode("ascii")
        return (
            f'<figure><img alt="{escape(alt)}" src="data:image/png;base64,{encoded}">'
            f"<figcaption>{escape(alt)}</figcaption></figure>"
        )


def table(
    headers: Sequence[str], rows: Sequence[Sequence[Any]], *, caption: str | None = None
) -> str:
    """An HTML table; cells are escaped, numbers right-aligned."""
    head = "".join(f"<th>{escape(str(h))}</th>" for h in headers)
    body = []
    for row in rows:
        cells = []
        for cell in row:
            num = isinstance(cell, int | float) or (
                isinstance(cell, str) and re.fullmatch(r"[-+−]?[\d.,]+%?( [*†]+)?", cell)
            )
            cls = ' class="num"' if num else ""
            cells.append(f"<td{cls}>{escape(str(cell))}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    cap = f"<caption>{escape(caption)}</caption>" if caption else ""
    return f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def paragraph(text: str) -> str:
    """A paragraph of escaped text."""
    return f"<p>{escape(text)}</p>"


def pct(x: float, digits: int = 1) -> str:
    """A share as a percentage."""
    return f"{100 * x:.{digits}f}%"


def ci(low: float, high: float) -> str:
    """An interval of shares as ``a–b%``."""
    return f"{100 * low:.1f}–{100 * high:.1f}%"


def pvalue(p: float) -> str:
    """A p-value, compactly."""
    return "<0.0001" if p < 1e-4 else f"{p:.4f}"


STYLE = """
body { font-family: system-ui, sans-serif; max-width: 1100px; margin: 2em auto; padding: 0 1em;
       color: #222; line-height: 1.45; }
h1 { font-size: 1.6em; }
h2 { border-bottom: 1px solid #ccc; padding-bottom: .2em; margin-top: 2em; }
table { border-collapse: collapse; margin: .8em 0 1.2em; font-size: .92em; }
caption { text-align: left; font-weight: 600; padding-bottom: .3em; }
th, td { border: 1px solid #ccc; padding: .25em .6em; }
th { background: #f3f0e8; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
figure { margin: 1em 0; } figure img { max-width: 100%; }
figcaption { font-size: .85em; color: #555; }
code { background: #f4f4f4; padding: 0 .2em; } .note { color: #555; font-size: .9em; }
nav ul { columns: 2; }
"""


def page(title: str, intro: str, sections: Sequence[Section]) -> str:
    """The whole report page."""
    nav = "".join(f'<li><a href="#{s.anchor}">{escape(s.title)}</a></li>' for s in sections)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        intro,
        f"<nav><ul>{nav}</ul></nav>",
    ]
    for s in sections:
        parts.append(f'<section id="{s.anchor}"><h2>{escape(s.title)}</h2>{s.body}</section>')
    parts.append("</body></html>")
    return "\n".join(parts)
