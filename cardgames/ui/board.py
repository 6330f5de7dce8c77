"""The board: card sprites grouped by pile name, laid out, hit-tested and drawn.

Pile names are the rules' names ("stock", "waste", "hand:0", "grid:1:5",
"tableau:17"), so an event CardMoved(card, "stock", "hand:0") says directly
which sprite moves where. Each pile has a place on the canvas and a layout:

- "stack": every card on the same spot (a pixel of depth every few cards),
- "fan":   card i at pos + i * (dx, dy), squeezed to fit `span` pixels when
           given, and centred on pos when `center` is set (hands),
- grid_positions() gives the spots for a grid of one-card piles (Skyjo).

A pile may have its own card size (smaller cards for opponents); a card put
on it takes that size.

sync(layout) makes the sprites match what the viewer may see, reusing the
sprite of the same card wherever it is (so undo and reshuffles fly cards
back rather than popping them), and returns the tweens that bring every card
home. Hit-testing goes topmost first, the reverse of the draw order.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

import pygame

from cardgames.i18n import tr
from cardgames.ui.cards import CARD_SIZE, HIGHLIGHT, RADIUS, SELECTED, CardSprite, effect, look_of

Layout = Mapping[str, Sequence[tuple[Any, bool]]]  # pile -> [(card or None, face_up), ...] bottom first
_DRAW_ORDER = attrgetter("layer", "order")   # sprites are drawn by layer, then pile order and index


@dataclass
class Pile:
    name: str
    pos: tuple[float, float]           # top-left of the first card
    layout: str = "stack"              # "stack" or "fan"
    dx: float = 0.0
    dy: float = 0.0
    span: float | None = None          # fan: squeeze so the whole fan fits in this many pixels
    center: bool = False               # fan: centre the fan on pos instead of starting there
    label: str = ""
    mat: bool | None = None            # draw the pile's spot (even when empty); None: stacks yes, fans no
    order: int = 0                     # draw order between piles (later piles on top)
    highlight: tuple[int, int, int] | None = None
    size: tuple[int, int] | None = None  # this pile's card size (None: the board's); cards put here take it

    def __post_init__(self) -> None:
        if self.mat is None:
            self.mat = self.layout == "stack"

    def home(self, index: int, count: int, size: tuple[int, int]) -> tuple[float, float]:
        x, y = self.pos
        if self.layout == "stack":
            depth = min(index // 6, 4)  # a little thickness for a tall stack
            return (x - depth * 0.7, y - depth)
        dx, dy = self.dx, self.dy
        if self.span is not None and count > 1:
            reach = abs(dx) * (count - 1) + (size[0] if dx else 0) + abs(dy) * (count - 1) + (size[1] if dy else 0)
            if reach > self.span:  # squeeze the offsets so the fan fits
                room = self.span - (size[0] if dx else size[1])
                k = max(0.0, room) / max(1e-6, (abs(dx) + abs(dy)) * (count - 1))
                dx, dy = dx * k, dy * k
        if self.center:
            x -= dx * (count - 1) / 2 + size[0] / 2
            y -= dy * (count - 1) / 2
        return (x + dx * index, y + dy * index)

    def base_rect(self, size: tuple[int, int]) -> pygame.Rect:
        x, y = self.home(0, 1, size)
        return pygame.Rect(round(x), round(y), *size)


def grid_positions(origin: tuple[float, float], cols: int, rows: int, gap: tuple[float, float],
                   size: tuple[int, int] = CARD_SIZE) -> list[tuple[float, float]]:
    """Top-left spots of a cols x rows grid, row by row (slot = row * cols + col)."""
    return [(origin[0] + c * (size[0] + gap[0]), origin[1] + r * (size[1] + gap[1]))
            for r in range(rows) for c in range(cols)]


class Board:
    def __init__(self, art: Any, card_size: tuple[int, int] = CARD_SIZE) -> None:
        self.art = art
        self.card_size = card_size
        self.piles: dict[str, Pile] = {}
        self.cards: dict[str, list[CardSprite]] = {}
        self.font: pygame.font.Font | None = None  # for pile labels (set by the scene)
        self._labels: dict[tuple[str, str], pygame.Surface] = {}

    # Piles ----------------------------------------------------------------------------
    def add_pile(self, name: str, pos: tuple[float, float], layout: str = "stack", **kw: Any) -> Pile:
        if layout not in ("stack", "fan"):
            raise ValueError(f"unknown pile layout {layout!r} (stack or fan)")
        pile = Pile(name, (float(pos[0]), float(pos[1])), layout, order=len(self.piles), **kw)
        self.piles[name] = pile
        self.cards.setdefault(name, [])
        return pile

    def sprites(self, name: str) -> list[CardSprite]:
        return self.cards.get(name, [])

    def top(self, name: str) -> CardSprite | None:
        cards = self.cards.get(name)
        return cards[-1] if cards else None

    def all_sprites(self) -> list[CardSprite]:
        """Every sprite in draw order (bottom first): layer, then pile order, then index."""
        out = [s for cards in self.cards.values() for s in cards]
        out.sort(key=_DRAW_ORDER)   # (a C-level key: a lambda was a third of the sort's cost)
        return out

    def home_of(self, name: str, index: int, count: int | None = None) -> tuple[float, float]:
        pile = self.piles[name]
        return pile.home(index, len(self.cards[name]) if count is None else count, self.size_of(name))

    def size_of(self, name: str) -> tuple[int, int]:
        """The card size of a pile (its own, else the board's)."""
        pile = self.piles.get(name)
        return pile.size if pile is not None and pile.size is not None else self.card_size

    def pile_rect(self, name: str) -> pygame.Rect:
        """The area a drop on this pile counts in: its base spot and all its cards' homes."""
        size = self.size_of(name)
        rect = self.piles[name].base_rect(size)
        count = len(self.cards.get(name, []))
        for i in range(count):
            x, y = self.home_of(name, i, count)
            rect.union_ip(pygame.Rect(round(x), round(y), *size))
        return rect

    # Moving sprites between piles -------------------------------------------------------
    def take(self, name: str, card: Any = None) -> CardSprite | None:
        """Remove and return the sprite of `card` from the pile (else its top sprite)."""
        cards = self.cards.get(name)
        if not cards:
            return None
        index = len(cards) - 1
        if card is not None:
            for i in range(len(cards) - 1, -1, -1):
                if cards[i].card == card:
                    index = i
                    break
        sprite = cards.pop(index)
        self._renumber(name)
        return sprite

    def put(self, name: str, sprite: CardSprite, index: int | None = None) -> None:
        cards = self.cards.setdefault(name, [])
        cards.insert(len(cards) if index is None else index, sprite)
        self._renumber(name)

    def _renumber(self, name: str) -> None:
        """Keep each sprite's pile, index, draw order and size in step with its place."""
        pile = self.piles.get(name)
        base = (pile.order if pile is not None else len(self.piles)) * 1000
        size = pile.size if pile is not None else None
        for i, s in enumerate(self.cards[name]):
            s.pile, s.index, s.order = name, i, base + i
            if size is not None:
                s.size = size

    def assign_homes(self, name: str) -> None:
        """Give every sprite of the pile its resting place (without moving it)."""
        if name in self.piles:
            cards = self.cards[name]
            for i, s in enumerate(cards):
                s.home = self.home_of(name, i, len(cards))

    def relayout(self, name: str, duration: float | None = None, delay: float = 0.0) -> list[Any]:
        """Set homes in the pile; tweens for the sprites away from home (duration None: snap them)."""
        if name not in self.piles:
            return []
        self.assign_homes(name)
        anims = []
        for s in self.cards[name]:
            if duration is None:
                s.snap_home()
            elif not s.at_home:
                anims.append(s.move_to(None, duration, delay=delay))
        return anims

    # Reconcile with what the viewer sees ------------------------------------------------
    def sync(self, layout: Layout, duration: float | None = None) -> list[Any]:
        """Make the board show exactly `layout`; return the animations (duration None: snap).

        Piles missing from `layout` are emptied; a pile that was never added is an
        error (a typo would otherwise hide cards). A sprite whose card
        the layout says is hidden (None) forgets its card, so nothing hidden
        can be drawn by mistake.
        """
        pool: list[CardSprite] = [s for cards in self.cards.values() for s in cards]
        used: set[int] = set()
        by_card: dict[Any, list[CardSprite]] = {}
        for s in pool:
            if s.card is not None:
                by_card.setdefault(s.card, []).append(s)

        def claim(s: CardSprite) -> CardSprite:
            used.add(id(s))
            return s

        def find(name: str, card: Any) -> CardSprite | None:
            if card is not None:
                same = [s for s in by_card.get(card, []) if id(s) not in used]
                for s in same:  # prefer the copy already in this pile
                    if s.pile == name:
                        return claim(s)
                if same:
                    return claim(same[0])
            for s in self.cards.get(name, []):  # an unused unknown card of this pile
                if id(s) not in used and (card is None or s.card is None):
                    return claim(s)
            return None

        unknown = [n for n in layout if n not in self.piles]
        if unknown:
            raise ValueError(f"layout() names piles that setup_board() did not add: {', '.join(unknown)}")
        new_cards: dict[str, list[CardSprite]] = {}
        flips: list[tuple[CardSprite, Any, bool]] = []
        for name in self.piles:
            entries = layout.get(name, ())
            row = []
            for card, face_up in entries:
                s = find(name, card)
                if s is None:
                    s = CardSprite(card, face_up, self.home_of(name, len(row), len(entries)), self.size_of(name))
                    claim(s)
                elif s.card != card or s.face_up != face_up:
                    flips.append((s, card, face_up))
                row.append(s)
            new_cards[name] = row
        self.cards = new_cards
        anims: list[Any] = []
        for s, card, face_up in flips:
            shows_face = face_up and card is not None
            showed_face = s.face_up and s.card is not None
            if duration is not None and shows_face != showed_face:
                anims.append(s.turn(face_up, card))
                s.card = card  # a card turning face down forgets what it was at once
            else:
                s.set_face(card, face_up)
        for name in self.cards:
            self._renumber(name)
            anims += self.relayout(name, duration)
        return anims

    # Queries -----------------------------------------------------------------------------
    def hit_test(self, pos: tuple[int, int], exclude: CardSprite | None = None) -> CardSprite | None:
        """The topmost visible sprite under `pos`."""
        for s in reversed(self.all_sprites()):
            if s.visible and s is not exclude and s.covers(pos):
                return s
        return None

    def pile_at(self, pos: tuple[int, int], exclude: CardSprite | None = None) -> str | None:
        """The pile under `pos`: the pile of the topmost card there, else a pile whose empty spot is there."""
        sprite = self.hit_test(pos, exclude)
        if sprite is not None and sprite.pile in self.piles:
            return sprite.pile
        for name in sorted(self.piles, key=lambda n: -self.piles[n].order):
            if self.piles[name].base_rect(self.size_of(name)).collidepoint(pos):
                return name
        return None

    def set_highlight(self, names: Iterable[str], colour: tuple[int, int, int] | None = HIGHLIGHT,
                      hover: str | None = None) -> None:
        """Highlight these piles (their spot and top card), `hover` brighter; every other pile loses its glow."""
        names = set(names)
        for name, pile in self.piles.items():
            glow = (SELECTED if name == hover else colour) if name in names else None
            pile.highlight = glow
            for s in self.cards.get(name, []):
                s.highlight = None
            top = self.top(name)
            if top is not None:
                top.highlight = glow

    # Drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_mats(surface)
        self.draw_cards(surface)

    def draw_mats(self, surface: pygame.Surface) -> None:
        """The piles' spots, highlight rings and labels: what lies under every card."""
        for pile in self.piles.values():
            if pile.mat or pile.highlight is not None:
                self._draw_mat(surface, pile)

    def mats_key(self) -> tuple:
        """Everything draw_mats() draws from: equal keys, the very same picture (GameScene keeps it)."""
        return (self.font, tuple((name, pile.base_rect(self.size_of(name)).topleft, self.size_of(name), pile.mat,
                                  pile.highlight, tr(pile.label) if pile.label else "")
                                 for name, pile in self.piles.items() if pile.mat or pile.highlight is not None))

    def draw_cards(self, surface: pygame.Surface) -> None:
        """The cards, bottom first (over the mats)."""
        # Plain resting cards (the most of them) go through one fblits call per run,
        # which saves the Python overhead of a blit each; anything special draws itself.
        # A plain card right under another plain one on the very same spot is hidden: not drawn
        # (a 150-card Skyjo stock is drawn as its five visible layers of depth, not 150 cards).
        art, run = self.art, []
        look = look_of(art)   # read once a frame: each sprite keeps its picture while it holds (CardSprite.resting_image)
        sprites = self.all_sprites()
        plain = [s.plain for s in sprites]   # (asked once a sprite: it was asked for the card below it too)
        plain.append(False)                  # nothing above the topmost card
        for i, s in enumerate(sprites):
            if plain[i]:
                pos = s.pos
                if plain[i + 1]:
                    above = sprites[i + 1]
                    if above.pos == pos and above.size == s.size:
                        continue
                run.append((s.resting_image(art, look, twin=True), (round(pos[0]), round(pos[1]))))
                continue
            if run:
                surface.fblits(run)
                run = []
            s.draw(surface, art, look)
        if run:
            surface.fblits(run)

    def _draw_mat(self, surface: pygame.Surface, pile: Pile) -> None:
        size = self.size_of(pile.name)
        rect = pile.base_rect(size)
        if pile.mat:
            surface.blit(effect("mat", size), rect.topleft)
        if pile.highlight is not None:
            pygame.draw.rect(surface, pile.highlight, rect.inflate(6, 6), width=3, border_radius=RADIUS + 3)
        if pile.label and self.font is not None:
            text = tr(pile.label)   # in the chosen language ("Stock", "Discard")
            label = self._labels.get((pile.name, text))
            if label is None:
                label = self._labels[(pile.name, text)] = self.font.render(text, True, (230, 240, 230))
            surface.blit(label, label.get_rect(midtop=(rect.centerx, rect.bottom + 6)))
