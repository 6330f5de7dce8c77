"""The TriPeaks heads-up display: the bar along the top, per mode, and the labels by the stock.

Arcade: level and score with the three target stars, the clock bar (red and
pulsing in the last ten seconds), the streak timer under it, the streak
counter that pops as it grows, and the hints left. Classic: the bank, this
hand's money and the run. Relaxed: cards left and the "still winnable" sign.
Everything is drawn from cached text and plain rectangles.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from cardgames.games.tripeaks.scene_assist import draw_spinner
from cardgames.i18n import N_, _, format_number, ngettext, tr
from cardgames.ui import controls, theme

PAD_LABELS = {   # the corner buttons' words while a pad is in use: its button, or no key at all
    "Menu (Esc)": N_("Menu ({pause})"), "Hint (H)": N_("Hint ({y})"), "Next hand (N)": N_("Next hand"),
    "New deal (N)": N_("New deal"), "Undo (Ctrl+Z)": N_("Undo"), "Levels (L)": N_("Levels")}

W = 1280
BAR = pygame.Rect(0, 0, W, 76)
CLOCK = pygame.Rect(420, 14, 440, 24)
STREAK_BAR = pygame.Rect(420, 46, 440, 10)
WARN = 10
STAR_SIZE = 26


def clock_text(score: Any) -> str:
    """"m:ss" of the Arcade clock: the whole seconds a clear's time bonus would pay now (rounded down)."""
    secs = score.whole_seconds_left
    return f"{secs // 60}:{secs % 60:02d}"


def clock_shown(score: Any) -> tuple[str, int]:
    """What the clock shows: its digits and its bar's width in px (drawn again when they change)."""
    return clock_text(score), max(8, round(CLOCK.width * max(0.0, score.time_left) / score.clock))


def cards_left(n: int) -> str:
    return ngettext("{n} card left", "{n} cards left", n).format(n=format_number(n))


def fmt(n: float) -> str:
    return format_number(round(n))


def money(n: float) -> str:
    n = round(n)
    return f"-${format_number(-n)}" if n < 0 else f"${format_number(n)}"


def draw_hud(scene: Any, surface: pygame.Surface) -> None:
    theme.draw_panel(surface, BAR.inflate(0, 0), (10, 14, 28, 200), None, radius=0)
    pygame.draw.line(surface, theme.GAME_COLOURS["tripeaks"], (0, BAR.bottom), (W, BAR.bottom), 2)
    if scene.mode == "arcade":
        _arcade(scene, surface)
    elif scene.mode == "classic":
        _classic(scene, surface)
    else:
        _relaxed(scene, surface)
    _stock_label(scene, surface)
    if not getattr(scene, "key_hints", True):   # the tutorial's panel says what to press, where the hints were
        return
    if scene.stock_pos[0] < 200:   # stock and waste at the left: the hints go under the shape
        controls.draw_prompt(surface, scene.app, _key_hints(scene), (640, 716), scene=scene)
    else:
        controls.draw_prompt(surface, scene.app, _key_hints(scene), (24, 716), anchor="bottomleft", scene=scene)


def _key_hints(scene: Any) -> str:
    if scene.watching:
        return N_("Demo: the solver plays · press any key for the menu")
    keys = (N_("{move}: choose · {act}: play · {x}: stock · {y}: hint") if scene.has_hints
            else N_("{move}: choose · {act}: play · {x}: stock"))   # Classic (and a level without hints): none
    return controls.for_device(scene.app, keys,
                               mouse=N_("Click or drag a card to the waste · Click the stock for a new card"))


def _stock_label(scene: Any, surface: pygame.Surface) -> None:
    w, h = scene.card_size
    x, y = scene.stock_pos
    n = scene.observation().stock_count
    theme.draw_text(surface, _("{n} left").format(n=n) if n else N_("empty"), (round(x + w / 2), round(y + h + 6)), theme.SMALL,
                    theme.TEXT, anchor="midtop")
    wx, wy = scene.waste_pos   # the deal's number under the waste: a player can name it and play it again
    label = scene.deal_label.rpartition(" · ")[2]   # the number alone (the HUD names the daily's date)
    theme.draw_text(surface, label, (round(wx + w / 2), round(wy + h + 6)), theme.SMALL,
                    theme.TEXT_DIM, anchor="midtop")


def _label_value(surface: pygame.Surface, label: str, value: str, pos: tuple[int, int],
                 colour: theme.Colour = theme.ACCENT, anchor: str = "topleft", px: int = 34) -> None:
    x, y = pos
    theme.draw_text(surface, label, (x, y), theme.SMALL, theme.TEXT_DIM, anchor=anchor)
    theme.draw_text(surface, value, (x, y + 20), px, colour, bold=True, anchor=anchor, shadow=True)


# ---------------------------------------------------------------- Arcade


def _arcade(scene: Any, surface: pygame.Surface) -> None:
    level, score = scene.level, scene.arcade
    if level is None or score is None:
        theme.draw_text(surface, "No level can be played: see the level list", (24, 26), theme.BODY, theme.BAD)
        return
    number = next((i + 1 for i, e in enumerate(scene.entries) if e.id == level.id), 0)
    title = (_("DAILY CHALLENGE · {date}").format(date=scene.daily) if scene.daily
             else _("LEVEL {n} · {name}").format(n=number, name=tr(level.name).upper()))
    _label_value(surface, title, fmt(scene.hud_score), (24, 8))
    _stars(scene, surface, (250, 38), level.targets, score.score)
    _clock(scene, surface, score)
    _streak(scene, surface, score)


def _stars(scene: Any, surface: pygame.Surface, pos: tuple[int, int], targets: Any, value: int) -> None:
    star = scene.app.assets.image("star", (STAR_SIZE, STAR_SIZE))
    x, y = pos
    for i, target in enumerate(targets):
        r = pygame.Rect(x + i * (STAR_SIZE + 6), y, STAR_SIZE, STAR_SIZE)
        if value >= target:
            surface.blit(star, r)
        else:
            dim = _dim_star(star)
            surface.blit(dim, r)


_dim_cache: dict[int, pygame.Surface] = {}


def _dim_star(star: pygame.Surface) -> pygame.Surface:
    key = id(star)
    out = _dim_cache.get(key)
    if out is None:
        out = star.copy()
        out.fill((70, 70, 90, 140), special_flags=pygame.BLEND_RGBA_MULT)
        _dim_cache.clear()
        _dim_cache[key] = out
    return out


def _clock(scene: Any, surface: pygame.Surface, score: Any) -> None:
    left = max(0.0, score.time_left)
    frac = left / score.clock
    warn = left <= WARN and scene.phase == "play"
    pygame.draw.rect(surface, (30, 34, 56), CLOCK, border_radius=8)
    if frac > 0:
        if warn:
            pulse = 0.5 + 0.5 * math.sin(scene.scheduler.time * 12)
            colour = theme.lighten(theme.BAD, 0.35 * pulse)
        elif frac > 0.5:
            colour = theme.GOOD
        elif frac > 0.25:
            colour = (240, 200, 60)
        else:
            colour = (255, 150, 60)
        fill = CLOCK.copy()
        fill.width = clock_shown(score)[1]
        pygame.draw.rect(surface, colour, fill, border_radius=8)
    pygame.draw.rect(surface, theme.PANEL_EDGE, CLOCK, width=2, border_radius=8)
    text = clock_text(score)
    grow = 4 if warn else 0
    image = theme.text_surface(text, theme.BODY + grow, theme.TEXT, bold=True)
    plate = image.get_rect(center=CLOCK.center).inflate(16, 0)   # dark behind the digits: readable on any colour
    plate.height = CLOCK.height - 4
    plate.center = CLOCK.center
    pygame.draw.rect(surface, (16, 20, 36), plate, border_radius=7)
    surface.blit(image, image.get_rect(center=CLOCK.center))
    # the streak timer: how long the streak waits for the next card
    pygame.draw.rect(surface, (30, 34, 56), STREAK_BAR, border_radius=5)
    if score.streak:
        part = STREAK_BAR.copy()
        part.width = max(4, round(STREAK_BAR.width * max(0.0, score.streak_left) / score.streak_seconds))
        pygame.draw.rect(surface, theme.ACCENT, part, border_radius=5)
    theme.draw_text(surface, "streak timer", (STREAK_BAR.right + 10, STREAK_BAR.centery), theme.SMALL - 3,
                    theme.TEXT_DIM, anchor="midleft")


def _streak(scene: Any, surface: pygame.Surface, score: Any) -> None:
    n = score.streak
    x = 1000
    theme.draw_text(surface, "STREAK", (x, 8), theme.SMALL, theme.TEXT_DIM, anchor="midtop")
    px = 30 + min(n, 10) * 2 + round(scene.streak_pop * 14 / 2) * 2
    colour = theme.ACCENT_2 if n >= 5 else (theme.ACCENT if n else theme.TEXT_DIM)
    theme.draw_text(surface, f"x{n}", (x, 50), px, colour, bold=True, anchor="center", shadow=True)
    theme.draw_text(surface, _("best x{n}").format(n=score.longest_streak), (x + 70, 30), theme.SMALL, theme.TEXT_DIM)
    theme.draw_text(surface, _("Hints {n}").format(n=scene.hints_left), (W - 24, 30), theme.SMALL, theme.TEXT_DIM,
                    anchor="topright")


# ---------------------------------------------------------------- Classic


def _classic(scene: Any, surface: pygame.Surface) -> None:
    score = scene.classic
    bank = scene.hud_score
    _label_value(surface, N_("BANK"), money(bank), (24, 8), theme.GOOD if bank >= 0 else theme.BAD)
    hand = score.hand
    _label_value(surface, N_("THIS HAND"), money(hand), (W // 2, 8), theme.GOOD if hand >= 0 else theme.BAD,
                 anchor="midtop", px=30)
    theme.draw_text(surface, "RUN", (940, 8), theme.SMALL, theme.TEXT_DIM, anchor="midtop")
    px = 30 + min(score.run, 10) * 2 + round(scene.streak_pop * 14 / 2) * 2
    theme.draw_text(surface, f"x{score.run}", (940, 50), px, theme.ACCENT, bold=True, anchor="center", shadow=True)
    theme.draw_text(surface, _("next card ${n}").format(n=score.run + 1), (W - 24, 12), theme.SMALL, theme.TEXT, anchor="topright")
    theme.draw_text(surface, "stock card -$5", (W - 24, 32), theme.SMALL, theme.TEXT_DIM, anchor="topright")
    theme.draw_text(surface, _("all time {money}").format(money=money(scene.all_time_bank + score.hand)), (W - 24, 52), theme.SMALL,
                    theme.TEXT_DIM, anchor="topright")


# ---------------------------------------------------------------- Relaxed


def _relaxed(scene: Any, surface: pygame.Surface) -> None:
    left = sum(scene.observation().present)
    _label_value(surface, N_("RELAXED"), cards_left(left), (24, 8), theme.TEXT, px=30)
    if left == 0:
        text, colour = N_("Cleared!"), theme.GOOD
    elif scene.winnable is True:
        text, colour = N_("Still winnable"), theme.GOOD
    elif scene.winnable is False:
        text, colour = N_("No longer winnable"), theme.BAD
    else:
        text, colour = N_("Winnable? thinking"), theme.TEXT_DIM
    pill = pygame.Rect(0, 0, 320, 40)
    pill.center = (W // 2, 38)
    theme.draw_panel(surface, pill, (16, 20, 36, 230), colour, radius=20)
    theme.draw_text(surface, text, pill.center, theme.BODY, colour, bold=True, anchor="center")
    if left and scene.winnable is None:   # the solver is still at it: it always answers, a slow machine later
        draw_spinner(surface, (pill.right - 24, pill.centery), scene.scheduler.time, colour=theme.TEXT_DIM)
    if not getattr(scene, "tutorial", None):   # (the tutorial has no undo or hints)
        theme.draw_text(surface, "Undo: Ctrl+Z   Hint: H", (W - 24, 30), theme.SMALL, theme.TEXT_DIM, anchor="topright")
