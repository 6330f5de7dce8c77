"""A TriPeaks level's high-score table (rank, initials, score) and the boxes of the initials being
typed into it. The initials are letters of any of the players' scripts (initials.py): a box grows
with a wide or tall letter, and initials are refused when they would not fit a row beside its score.
"""
from __future__ import annotations

import pygame

from cardgames.engine.text import missing_glyphs, script_runs
from cardgames.games.tripeaks import levels
from cardgames.games.tripeaks.initials import SIZE, letters
from cardgames.i18n import format_number
from cardgames.ui import theme

TABLE_W = 300            # the result screen's table (scene_overlays.ResultScene)
INITIALS_X = 58          # a row: the rank, the initials from here, the score at the right
WIDEST_SCORE = "888,888"


def initials_fit(text: str) -> bool:
    """Whether initials fit a row of the table, between the rank and the widest score, and the font
    draws each of their letters (a letter Unicode added lately may be missing from it)."""
    f = theme.font(theme.BODY, True)
    if any(missing_glyphs(f.face(script), piece) for script, piece in script_runs(text)):
        return False
    room = TABLE_W - INITIALS_X - 10 - theme.text_width(theme.font(theme.BODY), WIDEST_SCORE) - 8
    return theme.text_width(f, text.strip()) <= room


def drawable(letters: str) -> str:
    """Those of `letters` the font draws (the letters a pad steps through)."""
    return "".join(ch for ch in letters if initials_fit(ch))


def draw_table(surface: pygame.Surface, table: list[dict], rect: pygame.Rect, highlight: int | None = None,
               editing: str | None = None, cursor: int = 0, blink: bool = True) -> None:
    """A high-score table: rank, initials, score. Row `highlight` is the player's (being typed when editing)."""
    theme.draw_text(surface, "HIGH SCORES", (rect.centerx, rect.y), theme.BODY, theme.ACCENT, bold=True,
                    anchor="midtop")
    rows = list(table)
    if highlight is not None and editing is not None:
        rows.insert(highlight, {"initials": editing, "score": None})
    rows = rows[:levels.TABLE_SIZE]
    y = rect.y + 34
    if not rows:
        theme.draw_text(surface, "no scores yet", (rect.centerx, y), theme.SMALL, theme.TEXT_DIM, anchor="midtop")
    for i, row in enumerate(rows):
        mine = i == highlight
        colour = theme.ACCENT_2 if mine else theme.TEXT
        theme.draw_text(surface, f"{format_number(i + 1)}.", (rect.x + 10, y), theme.BODY, theme.TEXT_DIM)
        if mine and editing is not None:
            draw_letter_boxes(surface, (rect.x + 54, y - 2), initials_letters(editing), cursor, blink, colour)
        else:
            theme.draw_text(surface, str(row.get("initials", "???")), (rect.x + INITIALS_X, y), theme.BODY, colour,
                            bold=mine)
        if row.get("score") is not None:
            theme.draw_text(surface, format_number(int(row['score'])), (rect.right - 10, y), theme.BODY, colour,
                            anchor="topright", bold=mine)
        y += 32


def initials_letters(text: str) -> list[str]:
    return (letters(text) + [" "] * SIZE)[:SIZE]


def letter_boxes(topleft: tuple[int, int], letters: list[str]) -> list[pygame.Rect]:
    """The boxes of the initials being typed: 26 x 30, wider for a wide letter ("கௌ"), taller for a tall one."""
    f = theme.font(theme.BODY, True)
    x, y = topleft
    boxes = []
    for ch in letters:
        w, h = max(26, theme.text_width(f, ch) + 10), max(30, f.get_height() + 4)
        boxes.append(pygame.Rect(x, y - (h - 30) // 2, w, h))
        x += w + 4
    return boxes


def draw_letter_boxes(surface: pygame.Surface, topleft: tuple[int, int], letters: list[str], cursor: int,
                      blink: bool, colour: theme.Colour) -> None:
    for k, (ch, box) in enumerate(zip(letters, letter_boxes(topleft, letters))):
        edge = theme.FOCUS if (k == cursor and blink) else theme.PANEL_EDGE
        pygame.draw.rect(surface, (30, 36, 64), box, border_radius=5)
        pygame.draw.rect(surface, edge, box, width=2, border_radius=5)
        theme.draw_text(surface, ch, box.center, theme.BODY, colour, bold=True, anchor="center")
