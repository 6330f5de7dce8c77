"""The title screen: a fan of cards opens, cards are dealt across the felt, "press any key".

Any key or click opens the game-select screen; Esc quits. On a gamepad any button but B
opens it, and B asks before it quits (a pad's B is pressed to back out, not to leave). Left alone for
ATTRACT_AFTER seconds it starts the attract mode, as an arcade cabinet
would: computer players play a deal of a game (cardgames/navigation.py's
DemoDirector; a key comes back here). Left alone for REST_AFTER seconds, or
back from that deal with nobody watching, it comes to rest: the picture stands
still and nothing is drawn (its dealing costs about 18% of a core in a
1920x1080 window) until the first input wakes it. The animation is
seeded, so the same frame number always shows the same picture (screenshots).
Rotated card images are cached by whole degrees, which keeps a frame cheap;
the cache is bounded (ROTATED_BYTES, least recently used dropped first), so
the menu's memory stays steady however long it runs.
"""
from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from functools import partial
from typing import ClassVar

import pygame

from cardgames import config
from cardgames.core.cards import Card, Rank, Suit, standard_deck
from cardgames.core.rng import make_rng, shuffled
from cardgames.engine.blit import for_blit
from cardgames.engine.lru import MB, SurfaceCache
from cardgames.engine.scene import Scene
from cardgames.games import registry
from cardgames.i18n import N_
from cardgames.scenes.common import GameTile, card_row, draw_hints, play
from cardgames.scenes.confirm import ConfirmScene
from cardgames.ui import controls, theme

W, H = config.CANVAS_SIZE
CARD = (96, 134)             # dealt cards
FAN_CARD = (120, 168)        # the fan in the middle
FAN = (Card(Rank.TEN, Suit.SPADES), Card(Rank.JACK, Suit.HEARTS), Card(Rank.ACE, Suit.SPADES),
       Card(Rank.QUEEN, Suit.DIAMONDS), Card(Rank.KING, Suit.CLUBS))
SHOE = (W + 80, -120)        # where dealt cards come from (off the top right)
DEAL_EVERY = 0.45            # seconds between two dealt cards
FLIGHT = 0.7                 # seconds a card flies
ON_TABLE = 12                # cards resting before the oldest is swept away
FAN_OPEN = 1.1               # seconds the fan takes to open
ATTRACT_AFTER = 45.0         # seconds without input before the demo starts
REST_AFTER = 60.0            # seconds without input before the animation comes to rest
TILES_Y = 566                # the game tiles along the bottom
CALL_Y = 516                 # the middle of "PRESS ANY KEY", above them
ROTATED_BYTES = 6 * MB       # rotated card images kept (the fan's few dozen angles, the resting cards)


def _ease_out(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


class _Dealt:
    """A card flying from the shoe to its resting place (and later away)."""

    def __init__(self, card: Card, start: tuple[float, float], end: tuple[float, float], angle: float,
                 born: float) -> None:
        self.card, self.start, self.end, self.angle, self.born = card, start, end, angle, born
        self.leaving_at: float | None = None

    def moving(self, now: float) -> bool:
        return self.leaving_at is not None or now - self.born < FLIGHT

    def where(self, now: float) -> tuple[float, float, float] | None:
        """(x, y, angle) at time `now`, or None once it has left the screen."""
        if self.leaving_at is not None:
            k = (now - self.leaving_at) / FLIGHT
            if k >= 1:
                return None
            e = k * k
            return (self.end[0] + (self.end[0] - W / 2) * 2.2 * e, self.end[1] + 700 * e, self.angle + 200 * e)
        k = _ease_out((now - self.born) / FLIGHT)
        x = self.start[0] + (self.end[0] - self.start[0]) * k
        y = self.start[1] + (self.end[1] - self.start[1]) * k
        return (x, y, self.angle + (1 - k) * 540)  # spins in, settles at its angle


class TitleScene(Scene):
    toast_bottom = CALL_Y - 26   # messages (a damaged settings file's notice) over the cards, above the call
    announces_changes = True     # it moves until it rests, and at rest nothing changes: audited rarely

    def __init__(self, app, resting: bool = False) -> None:
        super().__init__(app)
        self.time = 0.0
        self.idle = 0.0
        self.resting = resting   # at rest: nothing moves (nor is drawn) until the first input
        self.rng = make_rng(7, "title")
        self.deck = list(shuffled(standard_deck(), self.rng))
        self.dealt: list[_Dealt] = []
        self.next_deal = 0.8
        self._rotated = SurfaceCache(ROTATED_BYTES)
        tile_w, gap = 282, 18
        x0 = (W - 4 * tile_w - 3 * gap) // 2
        four = bool(app.settings.get("four_colour", False))
        back = str(app.settings.get("card_back", "blue"))
        self.tiles = [GameTile((x0 + i * (tile_w + gap), TILES_Y, tile_w, 96), info, compact=True,
                               art=[card_row(app.assets, info.name, four, back, (42, 59), 18, n) for n in (3, 2)])
                      for i, info in enumerate(registry.GAMES)]
        self._felt = theme.felt_surface((W, H), "green")
        self._laid: tuple[tuple, pygame.Surface] | None = None   # (the tiles' faces, the felt with them on it)
        self._tiles_laid = False
        # Pictures made a frame or more before they are needed, one a frame (_warm_one): a card's first
        # face costs ~0.9 ms (its file read and scaled), a card coming to rest ~0.3 ms (its smooth rotation
        # and fast twin); made in the frame that first shows them, they were the title's slowest frames.
        self._warm: deque[Callable[[], object]] = deque(
            partial(app.assets.card, card, CARD, four_colour=four) for card in reversed(self.deck))

    # Input -----------------------------------------------------------------
    pad_keys: ClassVar[dict[str, int]] = {"x": pygame.K_SPACE, "y": pygame.K_SPACE}   # X and Y are "any button" too

    def changing(self) -> bool:
        """The cards deal and the call blinks until the title comes to rest (Scene.changing)."""
        return not self.resting

    def needs_time(self) -> bool:
        return not self.resting

    def handle_event(self, event: pygame.event.Event) -> None:
        self.idle = 0.0
        self.resting = False    # any input wakes it
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and getattr(event, "device", "keyboard") == "pad":
                self.stack.push(ConfirmScene(self.app, N_("Quit Card Arcade?"), yes=N_("Quit"), on_yes=self.app.quit))
            elif event.key == pygame.K_ESCAPE:
                self.app.quit()
            else:
                self.go()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.go()

    def go(self) -> None:
        play(self.app, "button")
        self.stack.replace(self.app.screens.select())

    # Animation ---------------------------------------------------------------
    def _image(self, card: Card, size: tuple[int, int], angle: float, moving: bool = False) -> pygame.Surface:
        """The card turned by `angle` degrees. Resting cards get a smooth (filtered) rotation,
        cached; a spinning card in flight gets a fast plain one, since its angle changes every
        frame and nobody can see the difference at that speed."""
        four = bool(self.app.settings.get("four_colour", False))
        face = self.app.assets.card(card, size, four_colour=four)
        degrees = round(angle) % 360
        if moving:
            return pygame.transform.rotate(face, degrees)
        key = (card, size, degrees, four)
        img = self._rotated.get(key)
        if img is None:
            img = self._rotated.put(key, pygame.transform.rotozoom(face, degrees, 1.0) if degrees else face)
        return for_blit(img)   # blitted only: its fast twin (engine/blit.py)

    def _deal_one(self) -> None:
        if not self.deck:
            self.deck = list(shuffled(standard_deck(), self.rng))
        card = self.deck.pop()
        left = len(self.dealt) % 2 == 0
        x = self.rng.uniform(90, 330) if left else self.rng.uniform(950, 1190)
        y = self.rng.uniform(150, 440)
        angle = self.rng.uniform(-25, 25)
        self.dealt.append(_Dealt(card, SHOE, (x, y), angle, self.time))
        self._warm.append(partial(self._image, card, CARD, angle))   # its picture at rest, ready when it lands
        resting = [d for d in self.dealt if d.leaving_at is None]
        if len(resting) > ON_TABLE:
            resting[0].leaving_at = self.time
        if self.app.anim_scale > 0:
            play(self.app, "deal", 0.35)

    def _now(self) -> float:
        """The animation clock; with animations off it runs ahead, so every card has landed."""
        return self.time + 10 * FLIGHT if self.app.anim_scale == 0 else self.time

    def attract(self) -> None:
        """Start the demo (if any game is playable yet): one deal, then the title at rest."""
        if any(g.available for g in registry.GAMES):
            self.stack.reset(self.app.screens.demo(once=True))

    def update(self, dt: float) -> None:
        if self.resting:
            return
        self.idle += dt
        if self.idle >= REST_AFTER:   # (no demo to play: it rests where it is)
            self.resting = True
            return
        self.time += dt
        if self.idle >= ATTRACT_AFTER and any(g.available for g in registry.GAMES):
            self.idle = 0.0
            self.attract()
        if self.time >= self.next_deal:
            self.next_deal = self.time + DEAL_EVERY
            self._deal_one()
        now = self._now()
        self.dealt = [d for d in self.dealt if d.where(now) is not None]  # drop the swept-away ones
        if self._warm:
            self._warm.popleft()()

    # Drawing -------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        t = self.time
        still = self.app.anim_scale == 0
        now = self._now()
        below: list[tuple[pygame.Surface, pygame.Rect]] = []   # what lies under the tiles, bottom first
        for d in self.dealt:
            pos = d.where(now)
            if pos is not None:
                img = self._image(d.card, CARD, pos[2], moving=d.moving(now))
                below.append((img, img.get_rect(center=(round(pos[0]), round(pos[1])))))
        self._plan_fan(below, 1.0 if still else _ease_out(t / FAN_OPEN), 0.0 if still else t)
        self._plan_title(below, t)
        surface.blit(self._table(below), (0, 0))
        surface.fblits(below)
        if not self._tiles_laid:
            for tile in self.tiles:
                tile.draw(surface, False)
        if int(t * 2) % 2 == 0 or t < 0.5 or self.resting:   # at rest: the call stays
            call = N_("PRESS ANY BUTTON") if controls.device(self.app) == "pad" else N_("PRESS ANY KEY")
            theme.draw_text(surface, call, (W // 2, CALL_Y), theme.LARGE + 4, theme.TEXT, bold=True,
                            anchor="center", shadow=True)
        keys = N_("Any key or click: choose a game     Esc: quit     F11: full screen")
        pad = N_("Any other button: choose a game     {back}: quit")   # B asks first (handle_event)
        draw_hints(surface, controls.for_device(self.app, keys, pad=pad), self.app)

    def _table(self, below: list[tuple[pygame.Surface, pygame.Rect]]) -> pygame.Surface:
        """The felt, with the game tiles laid on it already while nothing drawn before them reaches them
        (sets _tiles_laid). The tiles are drawn over the cards, so where a card passes under them (a card
        swept away) they are drawn as before; elsewhere their four blended blits were a tenth of the frame.
        The picture laid is kept while the tiles' faces are the same (a language change makes new ones)."""
        area = self.tiles[0].rect.unionall([tile.rect for tile in self.tiles[1:]])
        self._tiles_laid = area.collidelist([rect for _, rect in below]) < 0
        if not self._tiles_laid:
            return self._felt
        faces = tuple(tile.face(False) for tile in self.tiles)
        if self._laid is None or self._laid[0] != faces:   # (the faces themselves: compared by identity)
            laid = self._felt.copy()
            for tile in self.tiles:
                tile.draw(laid, False)
            self._laid = (faces, laid)
        return self._laid[1]

    def _plan_fan(self, out: list[tuple[pygame.Surface, pygame.Rect]], opened: float, t: float) -> None:
        cx, cy = W // 2, 360
        breathe = math.sin(t * 1.6) * 2.0
        n = len(FAN)
        for i, card in enumerate(FAN):
            spread = (i - (n - 1) / 2) * (16 + breathe) * opened
            img = self._image(card, FAN_CARD, -spread)
            # each card pivots around a point below the fan, like a hand of cards
            rad = math.radians(spread)
            px = cx + math.sin(rad) * 190
            py = cy + 190 - math.cos(rad) * 190
            out.append((img, img.get_rect(center=(round(px), round(py)))))

    def _plan_title(self, out: list[tuple[pygame.Surface, pygame.Rect]], t: float) -> None:
        bob = round(math.sin(t * 2.2) * 4)
        title = config.TITLE.upper()
        for text, pos, px, colour, shadow in (
                (title, (W // 2 + 5, 70 + bob + 5), theme.HUGE, theme.ACCENT_2, False),
                (title, (W // 2, 70 + bob), theme.HUGE, theme.ACCENT, True),
                (N_("TriPeaks  ·  Skyjo  ·  Three Thirteen  ·  Switch"), (W // 2, 186), theme.LARGE, theme.TEXT, True)):
            image = theme.text_surface(text, px, colour, bold=px == theme.HUGE, shadow=shadow)
            out.append((image, image.get_rect(midtop=pos)))
