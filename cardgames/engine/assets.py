"""Images, fonts and sounds, loaded on first use and cached per (name, size).

Create one `Assets` after the display exists (images are converted for fast blitting).
Every file is loaded lazily, so start-up only pays for what the first frame draws.

Failures never crash the game:
- a missing or unreadable image logs one clear warning and gives a drawn placeholder
  (a card-shaped tile with the name on it);
- without an audio device (or with SDL_AUDIODRIVER=dummy, or audio=False) every sound
  is a silent stand-in with the same methods, and no dialog or exception appears.

The files come from tools/make_assets.py; its docstring describes the folder layout.
"""
from __future__ import annotations

import logging
import os
from pathlib import Path

import pygame

from cardgames.config import CANVAS_SIZE, SOUNDS_DIR, SPRITES_DIR
from cardgames.core.cards import Card, Suit
from cardgames.engine.lru import MB, SurfaceCache
from cardgames.engine.text import MixedFont

log = logging.getLogger(__name__)

BACKS = ("blue", "red", "green", "purple")
TABLES = ("felt_green", "felt_blue", "felt_red", "felt_dark")
SKYJO_VALUES = tuple(range(-2, 13))
SOUND_NAMES = ("deal", "flip", "place", "invalid", "shuffle", "button",
               *(f"chime_{i}" for i in range(1, 9)), "win", "lose", "timer_warning", "music")
CARD_NATIVE = (200, 280)       # pixel size of the full card images
SMALL_CARD_BELOW = 100         # cards drawn less than this many pixels tall use the big-index small faces
MAX_SCALED = 48 * MB          # pixels of scaled images kept (least recently used dropped first)
_FOUR_COLOUR_SUITS = (Suit.CLUBS, Suit.DIAMONDS)


def card_stem(card: Card) -> str:
    """File name (without .png) of a card face: "QH", "10S", "JK"."""
    return str(card)


def skyjo_stem(value: int) -> str:
    """File name of a Skyjo card: "m2" for -2, "0", "12"."""
    return f"m{-value}" if value < 0 else str(value)


class SilentSound:
    """Stands in for pygame.mixer.Sound when there is no audio: same calls, no sound."""

    def play(self, *args, **kwargs):
        return None

    def stop(self) -> None:
        pass

    def fadeout(self, ms: int) -> None:
        pass

    def set_volume(self, *args) -> None:
        pass

    def get_volume(self) -> float:
        return 0.0

    def get_length(self) -> float:
        return 0.0


def _mixer_ready(audio: bool) -> bool:
    """Initialise the mixer if needed; False (silently) when there is no usable audio."""
    if not audio or os.environ.get("SDL_AUDIODRIVER", "").lower() in ("dummy", "disk"):
        return False
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        return bool(pygame.mixer.get_init())
    except (pygame.error, NotImplementedError, OSError) as exc:   # no device, or mixer not built
        log.info("audio unavailable, playing silently: %s", exc)
        return False


class Assets:
    def __init__(self, sprites_dir: Path = SPRITES_DIR, sounds_dir: Path = SOUNDS_DIR, audio: bool = True):
        self.sprites_dir = Path(sprites_dir)
        self.sounds_dir = Path(sounds_dir)
        self.audio = _mixer_ready(audio)
        self._raw: dict[str, pygame.Surface] = {}
        self._scaled = SurfaceCache(MAX_SCALED)
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._sounds: dict[str, pygame.mixer.Sound | SilentSound] = {}
        self._warned: set[str] = set()

    # ------------------------------------------------------------ images

    def _load(self, rel: str, label: str, native: tuple[int, int]) -> pygame.Surface:
        """The image at sprites/<rel>, converted and cached; a placeholder if it can't be read."""
        surf = self._raw.get(rel)
        if surf is None:
            path = self.sprites_dir / rel
            try:
                surf = pygame.image.load(str(path))
                surf = _convert(surf)
            except (pygame.error, OSError, ValueError) as exc:
                self._warn(rel, f"image {path} could not be loaded ({exc}); drawing a placeholder")
                surf = placeholder(native, label)
            self._raw[rel] = surf
        return surf

    def _get(self, rel: str, size, label: str = "", native=CARD_NATIVE) -> pygame.Surface:
        size = None if size is None else (int(size[0]), int(size[1]))
        key = (rel, size)
        surf = self._scaled.get(key)
        if surf is None:
            raw = self._load(rel, label or Path(rel).stem, native)
            if size is None or raw.get_size() == size:
                surf = raw
            else:
                surf = opaque_again(pygame.transform.smoothscale(raw, (max(1, size[0]), max(1, size[1]))))
            self._scaled.put(key, surf)
        return surf

    def card(self, card: Card, size, four_colour: bool = False) -> pygame.Surface:
        """The face of `card` (the Joker included) scaled to `size` (w, h).

        Below SMALL_CARD_BELOW pixels tall the face comes from the small set (one huge
        index and one big suit), which stays readable where full faces would blur."""
        folder = "cards_small" if size is not None and size[1] < SMALL_CARD_BELOW else "cards"
        if four_colour and card.suit in _FOUR_COLOUR_SUITS:
            folder += "_4colour"
        return self._get(f"{folder}/{card_stem(card)}.png", size, str(card))

    def back(self, name: str, size) -> pygame.Surface:
        if name not in BACKS:
            self._warn(f"back:{name}", f"unknown card back {name!r}; using {BACKS[0]!r}")
            name = BACKS[0]
        return self._get(f"backs/{name}.png", size, name)

    def skyjo(self, value: int, size) -> pygame.Surface:
        return self._get(f"skyjo/{skyjo_stem(value)}.png", size, str(value))

    def skyjo_back(self, size) -> pygame.Surface:
        return self._get("skyjo/back.png", size, "back")

    def image(self, name: str, size=None) -> pygame.Surface:
        """A UI image from sprites/ui: icons ("icon_pause", "suit_hearts", "star", ...)
        and card overlays ("card_shadow", "card_highlight", "card_slot")."""
        return self._get(f"ui/{name}.png", size, name, native=(64, 64))

    def suit_icon(self, suit_name: str, size, four_colour: bool = False) -> pygame.Surface:
        """A suit symbol ("clubs", "diamonds", ...) in the deck's colours (the four-colour deck's when on)."""
        return self.image(f"suit_{suit_name}_4" if four_colour else f"suit_{suit_name}", size)

    def table(self, name: str, size=CANVAS_SIZE) -> pygame.Surface:
        """A table background of `size`: the felt tile repeated, edges darkened."""
        if name not in TABLES:
            self._warn(f"table:{name}", f"unknown table {name!r}; using {TABLES[0]!r}")
            name = TABLES[0]
        size = (int(size[0]), int(size[1]))
        key = ("table", name, size)
        surf = self._scaled.get(key)
        if surf is None:
            tile = self._load(f"tables/{name}.png", name, (256, 256))
            surf = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
            tw, th = tile.get_size()
            for x in range(0, size[0], tw):
                for y in range(0, size[1], th):
                    surf.blit(tile, (x, y))
            shade = self._load("tables/vignette.png", "vignette", (320, 180))
            surf.blit(pygame.transform.smoothscale(shade, size), (0, 0))
            self._scaled.put(key, surf)
        return surf

    # ------------------------------------------------------------ fonts

    def font(self, px: int, bold: bool = False) -> pygame.font.Font:
        """The one text renderer's font: pygame's built-in face plus the Noto faces (engine/text.py)."""
        key = (int(px), bool(bold))
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = MixedFont(max(1, int(px)))
            font.bold = bold
            self._fonts[key] = font
        return font

    # ------------------------------------------------------------ sounds

    def sound(self, name: str):
        """A pygame Sound, or a SilentSound without audio or when the file is missing."""
        snd = self._sounds.get(name)
        if snd is None:
            snd = SilentSound()
            if self.audio:
                path = self.sounds_dir / f"{name}.wav"
                try:
                    snd = pygame.mixer.Sound(str(path))
                except (pygame.error, OSError, FileNotFoundError) as exc:
                    self._warn(f"sound:{name}", f"sound {path} could not be loaded ({exc}); staying silent")
            self._sounds[name] = snd
        return snd

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play a sound effect once at `volume` (0..1) on a free channel."""
        if volume <= 0 or not self.audio:
            return
        channel = self.sound(name).play()
        if channel is not None:
            channel.set_volume(max(0.0, min(1.0, volume)))

    def play_music(self, volume: float = 0.5) -> None:
        """Start the music loop (streamed, repeating forever); silent without audio."""
        if not self.audio:
            return
        try:
            pygame.mixer.music.load(str(self.sounds_dir / "music.wav"))
            pygame.mixer.music.set_volume(max(0.0, min(1.0, volume)))
            pygame.mixer.music.play(loops=-1)
        except pygame.error as exc:
            self._warn("music", f"music could not be played ({exc})")

    def set_music_volume(self, volume: float) -> None:
        if self.audio:
            pygame.mixer.music.set_volume(max(0.0, min(1.0, volume)))

    def stop_music(self) -> None:
        if self.audio:
            pygame.mixer.music.stop()

    # ------------------------------------------------------------ helpers

    def _warn(self, key: str, message: str) -> None:
        if key not in self._warned:
            self._warned.add(key)
            log.warning(message)


def _convert(surf: pygame.Surface) -> pygame.Surface:
    """convert_alpha() for fast blits once a display exists; unchanged before that."""
    if pygame.display.get_surface() is None:
        return surf
    return surf.convert_alpha()


def opaque_again(surf: pygame.Surface) -> pygame.Surface:
    """`surf` (changed in place) with its near-opaque pixels opaque again. smoothscale turns alpha
    255 into 253 (its fixed-point filter): a scaled card was then a touch translucent all over,
    and every blit of it blended every pixel (and could not skip its opaque runs, engine/blit.py)."""
    if surf.get_flags() & pygame.SRCALPHA:
        solid = pygame.mask.from_surface(surf, 249).to_surface(setcolor=(0, 0, 0, 255), unsetcolor=(0, 0, 0, 0))
        surf.blit(solid, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    return surf


def placeholder(size: tuple[int, int], label: str) -> pygame.Surface:
    """A clearly-wrong but usable image: a light tile with a red frame, a cross and the name."""
    w, h = max(8, size[0]), max(8, size[1])
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = min(w, h) // 14
    pygame.draw.rect(surf, (236, 232, 226), surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, (200, 40, 60), surf.get_rect(), max(2, w // 50), border_radius=radius)
    pygame.draw.line(surf, (220, 180, 180), (w * 0.15, h * 0.15), (w * 0.85, h * 0.85), max(1, w // 60))
    pygame.draw.line(surf, (220, 180, 180), (w * 0.85, h * 0.15), (w * 0.15, h * 0.85), max(1, w // 60))
    if label:
        if not pygame.font.get_init():
            pygame.font.init()
        font = pygame.font.Font(None, max(10, min(h // 4, int(w * 1.6 / max(1, len(label))))))
        img = font.render(label, True, (60, 30, 40))
        surf.blit(img, img.get_rect(center=(w // 2, h // 2)))
    return _convert(surf)
