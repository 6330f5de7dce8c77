"""Card sprites: one card on the table, where it rests, where it is, how it looks.

A CardSprite knows its card (None when the viewer may not know it), whether
it is face up, its current position `pos` (top-left, canvas pixels) and its
resting place `home`. `card`/`face_up` are what the sprite *is* (set at once
when an action happens, so the board always matches the game), while
`shown_card`/`shown_up` are what is drawn right now (a turning card changes
them halfway through the flip). Likewise `size` is the size of the card in
its pile (set at once when it changes piles), while `shown_size` is the size
drawn now: a move tweens it along with the position, so a small opponent's
card grows on its way to a big pile instead of popping. Animations are tweens
on its attributes: `box` (position and drawn size together), `flip` (the
horizontal squash of a turning card, 1 = flat), `lift` (0..1, raised with a
growing shadow while dragged or flying; it drops back to 0 when the card
flies to another pile). It draws itself with an art object (`CardArt`:
face(card, size) and back(size) surfaces), cached by the assets, so a frame
only blits ready-made images; a card between two sizes is scaled from the
bigger of them, and only while it changes size.
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames.engine.blit import for_blit
from cardgames.engine.tween import Call, Sequence, Tween, Wait, in_quad, out_cubic, out_quad

CARD_SIZE = (84, 118)       # the default card size on the 1280x720 canvas
RADIUS = 7                  # corner radius of cards, shadows and highlights
FLIP_TIME = 0.24            # seconds for a whole turn (half to edge-on, half back)
MOVE_TIME = 0.32

HIGHLIGHT = (255, 214, 90)  # a legal target / a playable card
SELECTED = (120, 255, 160)  # a card picked up by click or keyboard

# Layers: resting cards, then moving ones, then the dragged card (ARCHITECTURE's draw order).
RESTING, MOVING, DRAGGED = 0, 1, 2


class CardArt:
    """Turns a card into pictures through app.assets, following the settings (back, four colours).

    Games with other cards (Skyjo) subclass it and override face()/back().
    """

    def __init__(self, app: Any) -> None:
        self.app = app

    def face(self, card: Any, size: tuple[int, int]) -> pygame.Surface:
        return self.app.assets.card(card, size, four_colour=bool(self.app.settings.get("four_colour")))

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        return self.app.assets.back(self.app.settings.get("card_back", "blue"), size)

    def look(self) -> tuple:
        """Everything besides the card, its side and its size that face() and back() depend on: a sprite
        keeps its picture while this stays the same (CardSprite.image). A subclass that draws from other
        settings adds them here."""
        settings = self.app.settings
        return (self, bool(settings.get("four_colour")), settings.get("card_back", "blue"))


def look_of(art: Any) -> tuple | None:
    """art.look() (see CardArt.look), or None for an art without one."""
    look = getattr(art, "look", None)
    return None if look is None else look()


_effect_cache: dict[tuple, pygame.Surface] = {}


def effect(kind: str, size: tuple[int, int]) -> pygame.Surface:
    """Cached translucent rounded rectangles: "shadow", "mat" (an empty pile's spot) or "veil" (darkening)."""
    key = (kind, size)
    surf = _effect_cache.get(key)
    if surf is None:
        w, h = size
        surf = pygame.Surface((w + 8, h + 8) if kind == "shadow" else size, pygame.SRCALPHA)
        if kind == "shadow":
            for i, alpha in enumerate((20, 30, 45, 60)):  # a few stacked rects: a cheap blur
                pygame.draw.rect(surf, (0, 0, 0, alpha), surf.get_rect().inflate(-2 * i, -2 * i),
                                 border_radius=RADIUS + 4 - i)
        elif kind == "mat":  # where a pile lies, visible when it is empty
            pygame.draw.rect(surf, (0, 0, 0, 40), surf.get_rect(), border_radius=RADIUS)
            pygame.draw.rect(surf, (255, 255, 255, 70), surf.get_rect(), width=2, border_radius=RADIUS)
        else:
            pygame.draw.rect(surf, (0, 0, 0, 110), surf.get_rect(), border_radius=RADIUS)
        _effect_cache[key] = surf
    return surf


class CardSprite:
    def __init__(self, card: Any = None, face_up: bool = False, pos: tuple[float, float] = (0, 0),
                 size: tuple[int, int] = CARD_SIZE) -> None:
        self.card = card
        self.face_up = face_up
        self.shown_card = card
        self.shown_up = face_up
        self.pos: tuple[float, float] = (float(pos[0]), float(pos[1]))
        self.home: tuple[float, float] = self.pos
        self.size = size                                   # its size in its pile (layout, hit tests)
        self.shown_size: tuple[float, float] = size        # drawn now (differs only during a move)
        self._sizes: tuple[tuple[int, int], tuple[int, int]] | None = None  # (from, to) of the move
        self.flip = 1.0        # horizontal scale while turning over
        self._lift = 0.0
        self._lift_pile: str | None = None  # the pile it was raised in
        self.highlight: tuple[int, int, int] | None = None  # glow colour, e.g. HIGHLIGHT
        self.dim = False       # drawn darker (e.g. not playable now)
        self.visible = True
        self.layer = RESTING
        self.pile: str | None = None  # the board keeps these two up to date
        self.index = 0
        self.order = 0                # draw order within a layer (board: pile order, then index)
        self._move: Tween | None = None  # the move tween in charge of pos, if any
        # The picture at full size and its fast twin, with what they were made from (see image()):
        # one per sprite, so bounded by the sprites on the table.
        self._kept: tuple[tuple, pygame.Surface, pygame.Surface] | None = None

    def __repr__(self) -> str:
        return f"<CardSprite {self.card} {'up' if self.face_up else 'down'} {self.pile}#{self.index}>"

    @property
    def lift(self) -> float:
        """0 resting .. 1 raised (dragged, a playable mark); remembers the pile it was raised in."""
        return self._lift

    @lift.setter
    def lift(self, value: float) -> None:
        self._lift = value
        self._lift_pile = self.pile

    @property
    def box(self) -> tuple[float, float, float, float]:
        """Position and drawn size as one value, so one tween moves and resizes the card together."""
        return (self.pos[0], self.pos[1], self.shown_size[0], self.shown_size[1])

    @box.setter
    def box(self, value: tuple[float, float, float, float]) -> None:
        self.pos = (value[0], value[1])
        self.shown_size = (value[2], value[3])

    def _drawn_size(self) -> tuple[int, int]:
        return (round(self.shown_size[0]), round(self.shown_size[1]))

    @property
    def plain(self) -> bool:
        """Drawn as its bare image: visible, resting, flat, full size, not lifted, dimmed or highlighted."""
        return (self.visible and self.layer == RESTING and self._lift == 0 and self.flip >= 0.999
                and not self.dim and self.highlight is None and self.shown_size == self.size)

    def _corner(self) -> tuple[int, int]:
        """The top left of rect (a lifted card sits a little higher)."""
        return round(self.pos[0]), round(self.pos[1] - 6 * self._lift)

    @property
    def rect(self) -> pygame.Rect:
        """Where the card is drawn now (a lifted card sits a little higher; a moving one at its drawn size)."""
        return pygame.Rect(*self._corner(), *self._drawn_size())

    def covers(self, pos: tuple[int, int]) -> bool:
        """rect.collidepoint(pos), without making the Rect: a hit test asks it of every card on the table
        (a Rect for each card under the pointer's row was most of a mouse motion's cost)."""
        x, y = self._corner()
        w, h = self._drawn_size()
        return x <= pos[0] < x + w and y <= pos[1] < y + h

    @property
    def home_rect(self) -> pygame.Rect:
        return pygame.Rect(round(self.home[0]), round(self.home[1]), *self.size)

    @property
    def at_home(self) -> bool:
        """Resting where its pile puts it, at its pile's size."""
        return (abs(self.pos[0] - self.home[0]) < 0.5 and abs(self.pos[1] - self.home[1]) < 0.5
                and self.shown_size == self.size)

    def snap_home(self) -> None:
        """Jump home at the pile's size (no animation)."""
        self.pos = self.home
        self.shown_size = self.size
        self._sizes = None

    # Animations (return them; the caller queues or plays them on an Animator) ----------
    def set_face(self, card: Any, face_up: bool) -> None:
        """Change what the card is and shows at once (no animation)."""
        self.card = self.shown_card = card
        self.face_up = self.shown_up = face_up

    def move_to(self, pos: tuple[float, float] | None, duration: float = MOVE_TIME, ease: Any = out_cubic,
                delay: float = 0.0) -> Tween:
        """Fly to `pos` (None: to `home` as it is when the move starts), above resting cards while in the air.

        On the way the drawn size turns into `size` as it is when the move starts
        (the size of the card's new pile). A raised card that flies to another
        pile than the one it was raised in comes down. When it starts, the move
        takes over from any earlier move of this sprite (the earlier one stops
        where it is), so a card never gets pulled two ways.
        """
        tween: Tween

        def begin() -> None:
            if self._move is not None and self._move is not tween:
                self._move.cancel()
            self._move = tween
            self.layer = max(self.layer, MOVING)
            if self._lift and self.pile != self._lift_pile:
                self.lift = 0.0
            start = self._drawn_size()
            if start != tuple(self.size):
                self._sizes = (start, tuple(self.size))

        def end() -> None:
            if self._move is tween:
                self._move = None
                self.shown_size = self.size
                self._sizes = None
                if self.layer == MOVING:
                    self.layer = RESTING

        def target() -> tuple[float, float, float, float]:
            x, y = self.home if pos is None else pos
            return (float(x), float(y), float(self.size[0]), float(self.size[1]))

        tween = Tween(self, "box", target, duration, ease, delay=delay, on_start=begin, on_done=end)
        return tween

    def begin_drag(self) -> None:
        """Picked up by the pointer: drawn above everything, no tween may move it."""
        if self._move is not None:
            self._move.cancel()
            self._move = None
        self.layer = DRAGGED

    def end_drag(self) -> None:
        self._lift = 0.0
        self.layer = RESTING

    def shake(self) -> Sequence:
        """A quick no-no wiggle around home (an illegal click)."""
        x, y = self.home
        return Sequence(*(Tween(self, "pos", (x + dx, y), 0.045, out_quad) for dx in (7.0, -6.0, 4.0, 0.0)))

    def go_home(self, duration: float = MOVE_TIME) -> Tween:
        return self.move_to(None, duration)

    def turn(self, face_up: bool, card: Any = None, duration: float = FLIP_TIME, delay: float = 0.0) -> Sequence:
        """Turn over: squash to edge-on, change the picture, open again.

        The sprite becomes `face_up` (and `card`, when given) at once; the
        picture changes halfway through the animation.
        """
        self.face_up = face_up
        if card is not None:
            self.card = card

        def swap() -> None:
            self.shown_up, self.shown_card = self.face_up, self.card

        return Sequence(
            Wait(delay),
            Tween(self, "flip", 0.0, duration / 2, in_quad, start=1.0),
            Call(swap),
            Tween(self, "flip", 1.0, duration / 2, out_quad, start=0.0),
        )

    # Drawing ------------------------------------------------------------------------------
    def _art(self, art: Any, size: tuple[int, int]) -> pygame.Surface:
        if self.shown_up and self.shown_card is not None:
            return art.face(self.shown_card, size)
        return art.back(size)

    def resting_image(self, art: Any, look: tuple | None = None, twin: bool = False) -> pygame.Surface:
        """The picture at the pile's size (its fast twin if `twin`: engine/blit.py), kept on the sprite
        while the card, its side, its size and art.look() (`look`, when the caller has it) stay the same.
        The look-up through the assets (settings, file names, the LRU cache, the twin's weak map) cost
        about 4 us a card, most of the storm's drawing; the same key gives the very same image."""
        if look is None:
            look = look_of(art)
            if look is None:   # an art that does not say what it depends on: looked up every time
                image = self._art(art, self.size)
                return for_blit(image) if twin else image
        key = (look, self.shown_card, self.shown_up, self.size)
        kept = self._kept
        if kept is None or kept[0] != key:
            image = self._art(art, self.size)
            kept = self._kept = (key, image, for_blit(image))
        return kept[2] if twin else kept[1]

    def image(self, art: Any) -> pygame.Surface:
        """The picture at the drawn size: the cached one, or (changing size) the bigger end's, scaled."""
        drawn = self._drawn_size()
        if drawn == tuple(self.size):
            return self.resting_image(art)
        big = max(self._sizes or (self.size,), key=lambda wh: wh[0] * wh[1])
        if big[0] * big[1] < drawn[0] * drawn[1]:
            big = self.size
        return pygame.transform.smoothscale(self._art(art, big), drawn)

    def draw(self, surface: pygame.Surface, art: Any, look: tuple | None = None) -> None:
        """Draw the card as it is now; `look`: art.look(), when the caller has it already."""
        if not self.visible:
            return
        rect = self.rect
        w, h = rect.size
        if self._lift > 0 or self.layer != RESTING:
            shadow = for_blit(effect("shadow", self.size))   # cached: its fast twin
            if shadow.get_size() != (w + 8, h + 8):
                shadow = pygame.transform.scale(effect("shadow", self.size), (w + 8, h + 8))
            off = 3 + round(8 * self._lift)
            surface.blit(shadow, (rect.x - 4 + off, rect.y - 4 + off))
        resting = (w, h) == tuple(self.size)
        image = self.resting_image(art, look) if resting else self.image(art)
        if self.flip < 0.999:
            width = max(1, round(w * self.flip))
            image = pygame.transform.scale(image, (width, h))
            surface.blit(image, (rect.x + (w - width) // 2, rect.y))
        else:
            surface.blit(self.resting_image(art, look, twin=True) if resting else image, rect.topleft)  # a cached image
            if self.dim:
                surface.blit(effect("veil", (w, h)) if resting
                             else pygame.transform.scale(effect("veil", self.size), (w, h)), rect.topleft)
        if self.highlight is not None:
            pygame.draw.rect(surface, self.highlight, rect.inflate(6, 6), width=3, border_radius=RADIUS + 3)


class PlainAssets:
    """A stand-in for engine.assets.Assets (same methods), drawing plain cards with text.

    Used only when the real assets module is missing, so the engine and its
    tests never depend on it.
    """

    def __init__(self) -> None:
        self._cache: dict[tuple, Any] = {}

    def _cached(self, key: tuple, make: Any) -> Any:
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    def font(self, px: int, bold: bool = False) -> pygame.font.Font:
        return self._cached(("font", px, bold), lambda: pygame.font.Font(None, round(px * 1.3)))

    def _plain(self, size: tuple[int, int], fill: tuple, text: str, ink: tuple) -> pygame.Surface:
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=RADIUS)
        pygame.draw.rect(surf, (40, 40, 40), surf.get_rect(), width=1, border_radius=RADIUS)
        label = self.font(max(12, size[1] // 5), True).render(text, True, ink)
        surf.blit(label, (6, 4))
        return surf

    def card(self, card: Any, size: tuple[int, int], four_colour: bool = False) -> pygame.Surface:
        red = getattr(getattr(card, "suit", None), "is_red", False)
        return self._cached(("card", card, size), lambda: self._plain(
            size, (250, 250, 245), str(card), (200, 30, 40) if red else (20, 20, 20)))

    def back(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        return self._cached(("back", name, size), lambda: self._plain(size, (40, 70, 160), "", (0, 0, 0)))

    def skyjo(self, value: int, size: tuple[int, int]) -> pygame.Surface:
        return self._cached(("skyjo", value, size), lambda: self._plain(size, (120, 200, 120), str(value), (0, 0, 0)))

    def skyjo_back(self, size: tuple[int, int]) -> pygame.Surface:
        return self.back("skyjo", size)

    def image(self, name: str, size: tuple[int, int] | None = None) -> pygame.Surface:
        return self._cached(("image", name, size), lambda: self._plain(size or (32, 32), (200, 200, 200), "", (0,) * 3))

    def suit_icon(self, suit_name: str, size: tuple[int, int], four_colour: bool = False) -> pygame.Surface:
        return self.image(f"suit_{suit_name}", size)

    def table(self, name: str) -> pygame.Surface:
        def make() -> pygame.Surface:
            surf = pygame.Surface((1280, 720))
            surf.fill((22, 92, 58))
            return surf
        return self._cached(("table", name), make)

    def sound(self, name: str) -> None:
        return None
