"""The Three Thirteen table's heads-up display: the others' boxes (name, level, total, cards,
their last discard, who plays now and next), the round and wild rank, the Ace rule, the
prompt, your numbers and the buttons. A mixin of ThreeThirteenScene (scene.py), drawn from the
viewer's observation.
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames.games.three_thirteen import rules
from cardgames.games.three_thirteen.rules import Phase
from cardgames.i18n import N_, said, said_by, said_n, tr, word
from cardgames.ui import theme

RANK_PLURALS = {"A": N_("Aces"), "J": N_("Jacks"), "Q": N_("Queens"), "K": N_("Kings")}


def rank_plural(rank: Any) -> str:
    """A rank in the plural, for the wild rank: "Jacks", "7s" (in the chosen language)."""
    label = rank.label
    return word(RANK_PLURALS[label]) if label in RANK_PLURALS else said("{rank}s", rank=label)


BIG, SMALL = (84, 118), (40, 56)    # your cards, the others'
HAND_CENTRE, HAND_Y = 540, 570
LAID_Y = 392                    # your melds once laid down on the table
STOCK_POS, DISCARD_POS = (440, 236), (548, 236)
DISCARD_DX = 22                      # the discard pile fans its top cards this far apart
RAISE = 28                      # arranged hand: lift of unmelded cards
BUTTON_X, BUTTON_W, BUTTON_H = 1040, 220, 44
YOU_Y = 400                     # your name, total and points, above the buttons (clear of the focus ring's
#                                 12 px round the first, cardgames/engine/input.py draw_focus)
LOG_RECT = pygame.Rect(730, 166, 540, 226)   # the log's corner: one line per move, a turn around 8 seats
LAST_TURN_Y = 168               # "LAST TURN", above the piles (between them and the boxes)
UNDO_RECT = pygame.Rect(40, 386, 190, 46)   # practice games: under the round's facts on the left...
UNDO_LAID_RECT = pygame.Rect(40, 600, 190, 46)   # ...and where your hand was once your melds lie there
TOAST_BOTTOM = 486              # messages between the piles and your hand, clear of every card

# The others' boxes along the top: a header (name, level, total), the hand in the middle, a column
# on the right for the card they threw last, and a status row (cards, "next", the thinking dots).
TOP_Y, BOX_H, BOX_GAP, BOX_PAD = 8, 150, 8, 6
HEADER_H, STATUS_H = 24, 24
THUMB = (28, 40)                # the card a player threw last


def box_rect(k: int, boxes: int) -> pygame.Rect:
    """Box number `k` of `boxes` along the top, centred, each at most 300 wide."""
    width = min(300, (1260 - BOX_GAP * (boxes - 1)) // boxes)
    left = 640 - (boxes * width + BOX_GAP * (boxes - 1)) // 2
    return pygame.Rect(left + k * (width + BOX_GAP), TOP_Y, width, BOX_H)


def box_cards(box: pygame.Rect) -> pygame.Rect:
    """Where a box's hand lies: under the header, above the status row, left of the thrown card."""
    return pygame.Rect(box.x + BOX_PAD, box.y + HEADER_H, box.width - 2 * BOX_PAD - THUMB[0] - 4,
                       box.height - HEADER_H - STATUS_H)


def box_thumb(box: pygame.Rect) -> pygame.Rect:
    """The card thrown last, in the column right of the hand (its label "last" above it)."""
    return pygame.Rect(box.right - BOX_PAD - THUMB[0], box.y + HEADER_H + 18, *THUMB)


def box_status_y(box: pygame.Rect) -> int:
    return box.bottom - STATUS_H + 3


class ThreeThirteenHud:
    """Drawing only; the scene supplies observation(), seat_name(), _box(), buttons, prompt() ..."""

    def draw_hud(self, surface: pygame.Surface) -> None:
        obs = self.observation()
        turn = self.current
        for seat in range(self.players):
            if seat != self.viewer:
                self._draw_box(surface, seat, obs, turn == seat and not self.over)
        self._draw_wild_marks(surface, obs)
        self._draw_left_panel(surface, obs)
        # your numbers, above the buttons
        penalty = self.hand_penalty(obs)
        mine = turn == self.viewer and not self.over
        at = self.draw_text(surface, self.seat_name(self.viewer), (BUTTON_X, YOU_Y), 22,
                            theme.ACCENT if mine else theme.TEXT, bold=True)
        total = self.draw_text(surface, said("Total {n}", n=obs.totals[self.viewer]), (BUTTON_X + BUTTON_W, YOU_Y),
                               22, theme.TEXT, anchor="topright", bold=True)
        if self.next_seat() == self.viewer and \
                at.right + 8 + theme.text_width(theme.font(16, True), tr("next")) < total.x - 6:   # where it fits
            self.draw_text(surface, "next", (at.right + 8, at.y + 3), 16, theme.ACCENT_2, bold=True)
        figure = self.draw_text(surface, str(penalty), (BUTTON_X + BUTTON_W, YOU_Y + 26), 40,
                                theme.GOOD if penalty == 0 else theme.ACCENT, anchor="topright", bold=True)
        room = figure.x - 6 - BUTTON_X            # the two labels stay clear of the figure (3 digits late on)
        for text, y, px in ((N_("Points outside melds"), YOU_Y + 27, 17), (N_("if it ended now"), YOU_Y + 45, 15)):
            text, px = self._fit(text, room, px)
            self.draw_text(surface, text, (BUTTON_X, y), px, theme.TEXT_DIM)
        for name, button in self.buttons.items():
            button.enabled = self._button_enabled(name)
            if name == "out" and not button.enabled:
                continue
            button.draw(surface, self.button_focused(name))
        if not self.buttons["out"].enabled:
            r = self.buttons["out"].rect
            theme.draw_panel(surface, r, theme.BUTTON_DISABLED, theme.lighten(theme.BUTTON_DISABLED, 0.2))
            self.draw_text(surface, "Go out (G)", r.center, 20, theme.TEXT_DIM, anchor="center")

    def draw_table(self, surface: pygame.Surface) -> None:
        """The table, then the others' boxes (under their cards)."""
        super().draw_table(surface)
        turn = self.current
        for seat in range(self.players):
            if seat != self.viewer:
                is_turn = turn == seat and not self.over
                theme.draw_panel(surface, self._box(seat), (40, 40, 20, 190) if is_turn else (14, 30, 24, 150),
                                 theme.ACCENT if is_turn else None)

    def table_key(self) -> tuple:
        """What draw_table draws from (GameScene keeps the picture while it stays): the boxes and whose turn."""
        turn = self.current
        return (self.app.assets.table(self.table),
                tuple((tuple(self._box(seat)), turn == seat and not self.over)
                      for seat in range(self.players) if seat != self.viewer))

    def _fit(self, text: str, width: int, px: int, bold: bool = False) -> tuple[str, int]:
        """`text` and a size at which it fits in `width` px: smaller by up to 2 px, then cut short."""
        text = tr(text)
        for size in (px, px - 1, px - 2):
            if self.app.assets.font(size, bold).size(text)[0] <= width:
                return text, size
        font = self.app.assets.font(px - 2, bold)
        while len(text) > 1 and font.size(text + "…")[0] > width:
            text = text[:-1].rstrip()
        return text + "…", px - 2

    def _draw_box(self, surface: pygame.Surface, seat: int, obs: rules.Observation, is_turn: bool) -> None:
        box = self._box(seat)
        if obs.out_seat == seat:
            pygame.draw.rect(surface, theme.ACCENT_2, box.inflate(6, 6), width=3, border_radius=14)
        total = self.draw_text(surface, str(obs.totals[seat]), (box.right - BOX_PAD - 2, box.y + 5), 18, theme.ACCENT,
                               anchor="topright", bold=True)
        room = total.left - 8 - (box.x + BOX_PAD + 2)
        level = self.level_label(seat) if self.is_computer(seat) else word(N_("Human"))
        title = f"{self.seat_name(seat)} · {level}"
        if self.app.assets.font(16, is_turn).size(tr(title))[0] > room:
            title = self.seat_name(seat)          # a narrow box: the name alone
        title, px = self._fit(title, room, 16, is_turn)
        self.draw_text(surface, title, (box.x + BOX_PAD + 2, box.y + 6), px, theme.ACCENT if is_turn else theme.TEXT,
                       bold=is_turn)
        cards = obs.hand_sizes[seat]
        note = word(N_("laid down")) if obs.shown[seat] else said_n("{n} card", "{n} cards", cards)
        status = box_cards(box).right - (box.x + BOX_PAD + 2)          # the status row, left of the thrown card
        px = 15 if theme.text_width(theme.font(15), tr(note)) <= status else 13
        at = self.draw_text(surface, note, (box.x + BOX_PAD + 2, box_status_y(box)), px, theme.TEXT_DIM)
        if self.next_seat() == seat:   # the word beside the count; in a box too narrow for it, a thin frame
            if at.right + 8 + theme.text_width(theme.font(15, True), tr("next")) <= box.x + BOX_PAD + 2 + status:
                self.draw_text(surface, "next", (at.right + 8, at.y - 1), 15, theme.ACCENT_2, bold=True)
            else:
                pygame.draw.rect(surface, theme.ACCENT_2, box.inflate(4, 4), width=2, border_radius=14)
        thrown = obs.thrown[seat]
        if thrown:
            thumb = box_thumb(box)
            label = (thumb.centerx, thumb.y - 3)   # centred over the card, but inside the box (longer words)
            half = (theme.text_width(theme.font(13), tr("last")) + 1) // 2
            label = (min(label[0], box.right - 3 - half), label[1])
            self.draw_text(surface, "last", label, 13, theme.TEXT_DIM, anchor="midbottom")
            surface.blit(self.app.assets.card(thrown[-1], THUMB), thumb)

    def _draw_wild_marks(self, surface: pygame.Surface, obs: rules.Observation) -> None:
        """A gold star on every wild card face up in a hand."""
        wild = int(obs.wild)
        star = self.app.assets.image("star", (22, 22))
        for name in self.board.piles:
            if not name.startswith("hand:"):
                continue
            sprites = self.board.sprites(name)
            for i, s in enumerate(sprites):
                if s.face_up and s.card is not None and int(s.card.rank) == wild and s.flip > 0.99:
                    r = s.rect  # under the corner index, the part of a fanned card that shows
                    if r.width > 60:
                        surface.blit(star, (r.x + 5, r.y + 46))
                        continue
                    spot = pygame.Rect(r.x + 2, r.y + 22, 13, 13)
                    if spot.collidelist([o.rect for o in sprites[i + 1:]]) == -1:   # never over a card's index
                        surface.blit(self.app.assets.image("star", (13, 13)), spot)

    def _draw_left_panel(self, surface: pygame.Surface, obs: rules.Observation) -> None:
        """Round, the wild rank (large), the prompt and the last-turn marker."""
        x, y = 40, 180
        self.draw_text(surface, said("Round {n} of {rounds}", n=obs.round_no, rounds=rules.ROUNDS), (x, y), 22,
                       theme.TEXT, bold=True)
        self.draw_text(surface, "WILD", (x, y + 40), 20, theme.TEXT_DIM, bold=True)
        self.draw_text(surface, obs.wild.label, (x + 70, y + 20), 72, theme.ACCENT, bold=True)
        self.draw_text(surface, said("{ranks} are wild", ranks=rank_plural(obs.wild)), (x, y + 100), 18, theme.TEXT_DIM)
        self.draw_text(surface, said("Dealer: {name}", name=self.seat_name(obs.dealer)), (x, y + 126), 16,
                       theme.TEXT_DIM)
        aces = N_("Aces high or low (15 pts)") if obs.ace_high else N_("Aces low (1 pt)")
        self.draw_text(surface, aces, (x, y + 148), 16, theme.TEXT_DIM)
        if obs.reshuffles:
            self.draw_text(surface, "Stock reshuffled: last pass", (x, y + 170), 16, theme.ACCENT_2)
        prompt = self.prompt()
        laid = bool(obs.shown[obs.seat])  # your melds lie where the prompt goes: write it below them
        at = (HAND_CENTRE, LAID_Y + BIG[1] + 50) if laid else (HAND_CENTRE, HAND_Y - RAISE - 30)
        self.draw_text(surface, prompt, at, 20,
                       theme.ACCENT if self.human_turn else theme.TEXT, anchor="midbottom", bold=self.human_turn)
        if obs.out_seat is not None and obs.phase in (Phase.DRAW, Phase.DISCARD, Phase.GOING_OUT):
            centre = (STOCK_POS[0] + DISCARD_POS[0] + BIG[0]) // 2   # over the piles
            self.draw_text(surface, "LAST TURN", (centre, LAST_TURN_Y), 32, theme.ACCENT_2, anchor="midtop", bold=True)
            self.draw_text(surface, said_by(self.seat_name(obs.out_seat), N_("You went out"), N_("{name} went out")),
                           (centre, LAST_TURN_Y + 34), 18, theme.TEXT, anchor="midtop")
