"""A small Markdown-to-HTML converter for the rules pages.

It knows headings, paragraphs, lists, tables, bold, italics and code, and escapes the rest.
"""

from __future__ import annotations

import html
import re

_INLINE = (
    (re.compile(r"`([^`]+)`"), r"<code>\1</code>"),
    (re.compile(r"\*\*([^*]+)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"(?<![\w*])\*([^*]+)\*(?![\w*])"), r"<em>\1</em>"),
    (re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)"), r"\1"),
)


def inline(text: str) -> str:
    """Escape ``text`` and apply inline markup."""
    out = html.escape(text, quote=False)
    for pattern, repl in _INLINE:
        out = pattern.sub(repl, out)
    return out


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9.-]+", "-", text.lower()).strip("-")


def markdown_to_html(text: str) -> str:
    """Convert the Markdown subset the rules use; headings get ids for links."""
    out: list[str] = []
    para: list[str] = []
    items: list[str] = []
    rows: list[list[str]] = []

    def flush() -> None:
        if para:
            out.append(f"<p>{inline(' '.join(para))}</p>")
            para.clear()
        if items:
            out.append("<ul>" + "".join(f"<li>{inline(i)}</li>" for i in items) + "</ul>")
            items.clear()
        if rows:
            head, *body = rows
            cells = "".join(f"<th>{inline(c)}</th>" for c in head)
            lines = [f"<tr>{cells}</tr>"]
            for r in body:
                if all(set(c) <= set("-: ") for c in r):
                    continue
                lines.append("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in r) + "</tr>")
            out.append("<table>" + "".join(lines) + "</table>")
            rows.clear()

    for raw in text.splitlines():
        line = raw.rstrip()
        heading = re.match(r"^(#{1,6})\s+(.*)$", line)
        if heading:
            flush()
            level = len(heading.group(1))
            title = heading.group(2)
            out.append(f'<h{level} id="{_slug(title)}">{inline(title)}</h{level}>')
        elif line.startswith("|"):
            if para or items:
                flush()
            rows.append([c.strip() for c in line.strip("|").split("|")])
        elif re.match(r"^\s*[-*]\s+", line):
            if para or rows:
                flush()
            items.append(re.sub(r"^\s*[-*]\s+", "", line))
        elif not line.strip():
            flush()
        elif items and raw.startswith("  "):
            items[-1] += " " + line.strip()
        else:
            if items or rows:
                flush()
            para.append(line.strip())
    flush()
    return "\n".join(out)
