"""Arcade effects for game scenes: particle bursts, pop-up text, a screen flash, a shake.

Every GameScene has one Effects as `self.fx`, updated with the scene's dt and
drawn over the cards (so pausing freezes it too):

    self.fx.burst((x, y), colour=(255, 210, 80), count=24)   # a card cleared, a streak
    self.fx.pop_text("+500", (x, y), colour=(255, 230, 120))  # score that floats up and fades
    self.fx.flash((255, 255, 255), 0.25)                      # the whole table blinks
    self.fx.shake(8, 0.3)                                     # offset() jitters for a moment

Particles are small cached squares blitted at fading alpha (no per-frame
surface allocation); the number alive is capped so an effect storm cannot
eat the frame budget.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

import pygame

from cardgames.i18n import tr
from cardgames.ui import theme

MAX_PARTICLES = 400
GRAVITY = 900.0  # canvas pixels per second squared


@dataclass
class _Particle:
    x: float
    y: float
    vx: float
    vy: float
    life: float
    age: float
    image: pygame.Surface


@dataclass
class _Text:
    image: pygame.Surface
    x: float
    y: float
    life: float
    age: float = 0.0
    banner: bool = False


class Effects:
    def __init__(self, font_source: Any = None, seed: int = 0) -> None:
        self.font_source = font_source      # callable(px, bold) -> Font, e.g. app.assets.font
        self.rng = random.Random(seed)      # looks only; never touches a game's randomness
        self.particles: list[_Particle] = []
        self.texts: list[_Text] = []
        self._flash: tuple[tuple[int, int, int], float, float] | None = None  # colour, duration, left
        self._shake: tuple[float, float, float] | None = None              # strength, duration, left
        self._dots: dict[tuple, pygame.Surface] = {}
        self._flash_surface: pygame.Surface | None = None

    @property
    def active(self) -> bool:
        return bool(self.particles or self.texts or self._flash or self._shake)

    @property
    def banner(self) -> bool:
        """Is a banner up (a pop_text(banner=True): "OUT!")? Toasts wait for it (Scene.holds_toasts)."""
        return any(t.banner for t in self.texts)

    # Starting effects --------------------------------------------------------------
    def burst(self, pos: tuple[float, float], colour: tuple[int, int, int] = (255, 214, 90), count: int = 20,
              speed: float = 320.0, life: float = 0.8, size: int = 5) -> None:
        """Particles flying out of `pos` in every direction, falling and fading."""
        count = min(count, MAX_PARTICLES - len(self.particles))
        for _ in range(max(0, count)):
            angle = self.rng.uniform(0, 2 * math.pi)
            v = speed * self.rng.uniform(0.35, 1.0)
            s = max(2, size + self.rng.randint(-2, 2))
            self.particles.append(_Particle(pos[0], pos[1], math.cos(angle) * v, math.sin(angle) * v - speed * 0.4,
                                            life * self.rng.uniform(0.6, 1.0), 0.0, self._dot(colour, s)))

    def pop_text(self, text: str, pos: tuple[float, float], colour: tuple[int, int, int] = (255, 236, 140),
                 px: int = 34, life: float = 1.0, banner: bool = False) -> None:
        """Text that rises from `pos` and fades out (scores, "Streak x3!"); `banner`: news the table
        announces ("OUT!"), which no toast may cover: the toasts wait while it shows."""
        font = self.font_source(px, True) if self.font_source else pygame.font.Font(None, px)
        text = tr(text)   # in the chosen language
        body = theme.render(font, text, colour)
        outline = theme.render(font, text, (20, 20, 20))
        image = pygame.Surface((body.get_width() + 4, body.get_height() + 4), pygame.SRCALPHA)
        for dx, dy in ((0, 2), (4, 2), (2, 0), (2, 4)):
            image.blit(outline, (dx, dy))
        image.blit(body, (2, 2))
        self.texts.append(_Text(image, pos[0] - image.get_width() / 2, pos[1] - image.get_height() / 2, life,
                                banner=banner))

    def flash(self, colour: tuple[int, int, int] = (255, 255, 255), duration: float = 0.25) -> None:
        self._flash = (colour, duration, duration)

    def shake(self, strength: float = 8.0, duration: float = 0.3) -> None:
        self._shake = (strength, duration, duration)

    def offset(self) -> tuple[int, int]:
        """How far to displace the table this frame while shaking ((0, 0) otherwise)."""
        if self._shake is None:
            return (0, 0)
        strength, duration, left = self._shake
        k = strength * left / duration
        return (round(self.rng.uniform(-k, k)), round(self.rng.uniform(-k, k)))

    def clear(self) -> None:
        self.particles.clear()
        self.texts.clear()
        self._flash = self._shake = None

    # Frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for p in self.particles:
            p.age += dt
            p.vy += GRAVITY * dt
            p.x += p.vx * dt
            p.y += p.vy * dt
        self.particles = [p for p in self.particles if p.age < p.life]
        for t in self.texts:
            t.age += dt
            t.y -= 60 * dt
        self.texts = [t for t in self.texts if t.age < t.life]
        if self._flash is not None:
            colour, duration, left = self._flash
            self._flash = (colour, duration, left - dt) if left - dt > 0 else None
        if self._shake is not None:
            strength, duration, left = self._shake
            self._shake = (strength, duration, left - dt) if left - dt > 0 else None

    def draw(self, surface: pygame.Surface) -> None:
        for p in self.particles:
            p.image.set_alpha(round(255 * (1 - p.age / p.life)))
            surface.blit(p.image, (round(p.x), round(p.y)))
        for t in self.texts:
            t.image.set_alpha(round(255 * min(1.0, 2.5 * (1 - t.age / t.life))))
            surface.blit(t.image, (round(t.x), round(t.y)))
        if self._flash is not None:
            colour, duration, left = self._flash
            if self._flash_surface is None or self._flash_surface.get_size() != surface.get_size():
                self._flash_surface = pygame.Surface(surface.get_size())
            self._flash_surface.fill(colour)
            self._flash_surface.set_alpha(round(160 * left / duration))
            surface.blit(self._flash_surface, (0, 0))

    def _dot(self, colour: tuple[int, int, int], size: int) -> pygame.Surface:
        key = (colour, size)
        dot = self._dots.get(key)
        if dot is None:
            dot = self._dots[key] = pygame.Surface((size, size))
            dot.fill(colour)
        # each particle needs its own alpha; copies of a tiny square are cheap and made only at burst time
        return dot.copy()
