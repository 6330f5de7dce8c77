"""Just enough Markdown for the rules pages: parse once, lay out once, draw the visible lines.

Supported: # / ## / ### headings, paragraphs (lines joined), "- " and "* "
bullets (indented ones nest), "1. " numbered items, **bold**, `code` and
*emphasis* (markers dropped), [links](url) (text kept), > quotes, "---"
rules, and | tables | (columns aligned). Anything else is shown as text, so
a page never fails to display.

Why lay out into lines instead of one tall image: a rules page is several
thousand pixels tall; keeping positioned text runs and blitting only the
ones on screen (each run's image is cached by the theme) is cheap per frame
and needs no huge surface.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import pygame

from cardgames.ui import theme

Span = tuple[str, bool]  # (text, bold)


@dataclass
class Block:
    kind: str                 # "h1" "h2" "h3" "p" "li" "quote" "rule" "table"
    text: str = ""            # the raw text, lines joined (bold may run across a line break)
    spans: list[Span] = field(default_factory=list)  # `text` with the inline markup applied
    depth: int = 0            # bullet nesting
    marker: str = ""          # "•" or "3." for list items
    rows: list[list[list[Span]]] = field(default_factory=list)  # tables: rows of cells of spans


@dataclass
class Run:
    """One piece of text at a position on the page (page coordinates, y grows downward)."""
    x: int
    y: int
    text: str
    px: int
    colour: theme.Colour
    bold: bool


@dataclass
class Page:
    runs: list[Run]
    rules: list[tuple[int, int, int]]  # horizontal lines: (x, y, width)
    bars: list[pygame.Rect]           # quote bars
    height: int
    headings: list[tuple[int, str]]   # (y, text) of every ## heading, for jumping


_INLINE = re.compile(r"\*\*(.+?)\*\*|__(.+?)__|`([^`]+)`|\[([^\]]+)\]\([^)]*\)|(?<!\w)[*_]([^*_]+)[*_](?!\w)")


def parse_inline(text: str) -> list[Span]:
    """Split a line into (text, bold) spans, dropping the markup characters."""
    spans: list[Span] = []
    pos = 0
    for m in _INLINE.finditer(text):
        if m.start() > pos:
            spans.append((text[pos:m.start()], False))
        bold_text = m.group(1) or m.group(2)
        if bold_text is not None:
            spans.append((bold_text, True))
        else:
            spans.append((m.group(3) or m.group(4) or m.group(5), False))
        pos = m.end()
    if pos < len(text):
        spans.append((text[pos:], False))
    return [s for s in spans if s[0]]


_BULLET = re.compile(r"^(\s*)([-*+])\s+(.*)$")
_NUMBERED = re.compile(r"^(\s*)(\d+)[.)]\s+(.*)$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def parse(text: str) -> list[Block]:
    """Turn Markdown text into blocks."""
    blocks: list[Block] = []
    current: Block | None = None  # the paragraph or list item being continued

    def close() -> None:
        nonlocal current
        current = None

    for raw in text.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            close()
            continue
        if stripped.startswith("```"):
            close()
            continue  # fences: show the code lines as plain text
        m = _HEADING.match(stripped)
        if m:
            close()
            level = min(3, len(m.group(1)))
            blocks.append(Block(f"h{level}", m.group(2)))
            continue
        if re.fullmatch(r"(-{3,}|\*{3,}|_{3,})", stripped):
            close()
            blocks.append(Block("rule"))
            continue
        if stripped.startswith("|"):
            close()
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if all(re.fullmatch(r":?-{2,}:?", c) for c in cells if c):
                continue  # the header separator row
            if not blocks or blocks[-1].kind != "table":
                blocks.append(Block("table"))
            blocks[-1].rows.append([parse_inline(c) for c in cells])
            continue
        m = _BULLET.match(line) or _NUMBERED.match(line)
        if m:
            indent = len(m.group(1).expandtabs(4))
            marker = "•" if m.re is _BULLET else f"{m.group(2)}."
            current = Block("li", m.group(3), depth=min(3, indent // 2), marker=marker)
            blocks.append(current)
            continue
        if stripped.startswith(">"):
            body = stripped.lstrip(">").strip()
            if current is None or current.kind != "quote":
                close()
                current = Block("quote")
                blocks.append(current)
            _continue(current, body)
            continue
        if current is not None and current.kind in ("p", "li"):
            _continue(current, stripped)  # a wrapped line of the same paragraph or bullet
            continue
        current = Block("p", stripped)
        blocks.append(current)
    for b in blocks:
        if b.text:
            b.spans = parse_inline(b.text)
    return blocks


def _continue(block: Block, text: str) -> None:
    block.text = f"{block.text} {text}" if block.text else text


# ---------------------------------------------------------------- layout
STYLE = {  # kind -> (px, colour, space above); headings are bold
    "h1": (theme.HEADING, theme.ACCENT, 8),
    "h2": (theme.LARGE + 2, theme.ACCENT, 26),
    "h3": (theme.LARGE - 2, theme.TEXT, 18),
    "p": (theme.BODY, theme.TEXT, 12),
    "li": (theme.BODY, theme.TEXT, 8),
    "quote": (theme.BODY, theme.TEXT_DIM, 12),
    "table": (theme.BODY - 2, theme.TEXT, 12),
}
BOLD_COLOUR = (255, 226, 140)  # bold words stand out in a warm light gold


def _words(spans: list[Span]) -> list[tuple[str, bool, bool]]:
    """(word, bold, space_before) tokens; spaces inside a span separate words."""
    tokens: list[tuple[str, bool, bool]] = []
    space = False
    for text, bold in spans:
        parts = re.split(r"(\s+)", text)
        for part in parts:
            if not part:
                continue
            if part.isspace():
                space = True
                continue
            tokens.append((part, bold, space and bool(tokens)))
            space = False
    return tokens


def _flow(spans: list[Span], x0: int, width: int, y: int, px: int, colour: theme.Colour, bold_all: bool,
          runs: list[Run]) -> int:
    """Word-wrap spans into runs from (x0, y) within `width`; returns the y below the last line.
    Neighbouring words of the same style are merged into one run (fewer blits)."""
    step = round(px * 1.4)
    x = x0
    space_w = theme.word_gap(theme.font(px))   # the gap theme.render draws between words
    line_runs: list[Run] = []
    for word, bold, space_before in _words(spans):
        bold = bold or bold_all
        f = theme.font(px, bold)
        c = BOLD_COLOUR if bold and not bold_all else colour
        last = line_runs[-1] if line_runs and line_runs[-1].y == y else None
        if last is not None and space_before and last.bold == bold and last.colour == c:
            merged = f"{last.text} {word}"
            end = last.x + theme.text_width(f, merged)  # the merged run as drawn: kerning, rounding, gaps
            if end <= x0 + width:
                last.text, x = merged, end
                continue
        w = theme.text_width(f, word)
        gap = space_w if space_before and x > x0 else 0
        if x + gap + w > x0 + width and x > x0:
            y += step
            x, gap = x0, 0
        line_runs.append(Run(x + gap, y, word, px, c, bold))
        x += gap + w
    runs.extend(line_runs)
    return y + step


def layout(blocks: list[Block], width: int) -> Page:
    """Position every block on a page `width` pixels wide."""
    runs: list[Run] = []
    rules: list[tuple[int, int, int]] = []
    bars: list[pygame.Rect] = []
    headings: list[tuple[int, str]] = []
    y = 0
    for i, b in enumerate(blocks):
        if b.kind == "rule":
            y += 14
            rules.append((0, y, width))
            y += 14
            continue
        px, colour, above = STYLE[b.kind]
        if i > 0:
            y += above
        if b.kind in ("h1", "h2", "h3"):
            if b.kind == "h2":
                headings.append((y, "".join(t for t, _ in b.spans)))
            y = _flow(b.spans, 0, width, y, px, colour, True, runs)
            if b.kind in ("h1", "h2"):
                rules.append((0, y + 2, width if b.kind == "h1" else min(width, 320)))
                y += 8
        elif b.kind == "li":
            indent = 28 + 30 * b.depth
            runs.append(Run(indent - 22, y, b.marker, px, theme.ACCENT, True))
            y = _flow(b.spans, indent, width - indent, y, px, colour, False, runs)
        elif b.kind == "quote":
            top = y
            y = _flow(b.spans, 20, width - 20, y, px, colour, False, runs)
            bars.append(pygame.Rect(4, top, 4, y - top))
        elif b.kind == "table":
            y = _table(b.rows, width, y, px, runs)
        else:
            y = _flow(b.spans, 0, width, y, px, colour, False, runs)
    return Page(runs, rules, bars, y + 20, headings)


def _table(rows: list[list[list[Span]]], width: int, y: int, px: int, runs: list[Run]) -> int:
    """Columns as wide as their widest cell (shared fairly when too wide); cells wrap; header bold."""
    ncols = max(len(r) for r in rows)
    natural = [0] * ncols
    for row in rows:
        for c, cell in enumerate(row):
            text = "".join(t for t, _ in cell)
            natural[c] = max(natural[c], theme.font(px, True).size(text)[0] + 24)
    if sum(natural) > width:
        fair = width // ncols
        natural = [min(n, fair) for n in natural]
        spare = width - sum(natural)
        wide = [c for c in range(ncols) if natural[c] == fair]
        for c in wide:
            natural[c] += spare // max(1, len(wide))
    for r, row in enumerate(rows):
        x, bottom = 0, y
        for c, cell in enumerate(row):
            bottom = max(bottom, _flow(cell, x, natural[c] - 24, y, px, theme.TEXT, r == 0, runs))
            x += natural[c]
        y = bottom + 4
    return y


def draw(surface: pygame.Surface, page: Page, origin: tuple[int, int], clip: pygame.Rect, scroll: int) -> None:
    """Draw the part of `page` between `scroll` and `scroll + clip.height`, with its top-left at `origin`."""
    ox, oy = origin
    old = surface.get_clip()
    surface.set_clip(clip)
    top, bottom = scroll - 60, scroll + clip.height
    for run in page.runs:
        if top <= run.y <= bottom:
            surface.blit(theme.text_surface(run.text, run.px, run.colour, run.bold), (ox + run.x, oy + run.y - scroll))
    for x, y, w in page.rules:
        if top <= y <= bottom:
            pygame.draw.line(surface, theme.PANEL_EDGE, (ox + x, oy + y - scroll), (ox + x + w, oy + y - scroll), 2)
    for bar in page.bars:
        pygame.draw.rect(surface, theme.ACCENT_2, bar.move(ox, oy - scroll))
    surface.set_clip(old)
