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
from cardgames.i18n import N_, Said, said, said_by, said_n, tr, word
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
RAISE = 28                      # arranged hand: lift of unmelded cards
BUTTON_X, BUTTON_W, BUTTON_H = 1040, 220, 44


class ThreeThirteenHud:
    """Drawing only; the scene supplies observation(), seat_name(), _box(), buttons, prompt() ..."""

    def draw_hud(self, surface: pygame.Surface) -> None:
        obs = self.observation()
        state = self.state
        turn = self.current
        for seat in range(self.players):
            if seat != self.viewer:
                self._draw_box(surface, seat, obs, turn == seat and not self.over)
        self._draw_wild_marks(surface, obs)
        self._draw_left_panel(surface, obs)
        # your numbers, above the buttons
        penalty = self.hand_penalty(obs)
        mine = turn == self.viewer and not self.over
        at = self.draw_text(surface, self.seat_name(self.viewer), (BUTTON_X, 330), 22,
                            theme.ACCENT if mine else theme.TEXT, bold=True)
        total = self.draw_text(surface, said("Total {n}", n=state.totals[self.viewer]), (BUTTON_X + BUTTON_W, 330), 22,
                               theme.TEXT, anchor="topright", bold=True)
        if self.next_seat() == self.viewer and \
                at.right + 8 + theme.text_width(theme.font(16, True), tr("next")) < total.x - 6:   # where it fits
            self.draw_text(surface, "next", (at.right + 8, at.y + 3), 16, theme.ACCENT_2, bold=True)
        self.draw_text(surface, "Points outside melds", (BUTTON_X, 366), 17, theme.TEXT_DIM)
        self.draw_text(surface, "if the round ended now", (BUTTON_X, 384), 15, theme.TEXT_DIM)
        self.draw_text(surface, str(penalty), (BUTTON_X + BUTTON_W, 360), 40,
                       theme.GOOD if penalty == 0 else theme.ACCENT, anchor="topright", bold=True)
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

    def _draw_box(self, surface: pygame.Surface, seat: int, obs: rules.Observation, is_turn: bool) -> None:
        box = self._box(seat)
        if obs.out_seat == seat:
            pygame.draw.rect(surface, theme.ACCENT_2, box.inflate(6, 6), width=3, border_radius=14)
        level = self.level_label(seat) if seat not in self.humans else word(N_("Human"))
        self.draw_text(surface, Said(lambda: f"{tr(self.seat_name(seat))} · {tr(level)}"), (box.x + 10, box.y + 6), 16,
                       theme.ACCENT if is_turn else theme.TEXT, bold=is_turn)
        self.draw_text(surface, str(obs.totals[seat]), (box.right - 10, box.y + 6), 18, theme.ACCENT,
                       anchor="topright", bold=True)
        cards = obs.hand_sizes[seat]
        note = word(N_("laid down")) if obs.shown[seat] else said_n("{n} card", "{n} cards", cards)
        # the bottom row: the cards left (and "next") left of "last" and the last card thrown
        room = box.w - 10 - 44 - theme.text_width(theme.font(15), tr("last")) - 6
        px = 15 if theme.text_width(theme.font(15), tr(note)) <= room else 13
        at = self.draw_text(surface, note, (box.x + 10, box.bottom - 26), px, theme.TEXT_DIM)
        if self.next_seat() == seat:   # the word beside the count; in a box too narrow for it, a thin frame
            if at.right + 10 + theme.text_width(theme.font(15, True), tr("next")) <= box.x + 10 + room:
                self.draw_text(surface, "next", (at.right + 10, at.y - 1), 15, theme.ACCENT_2, bold=True)
            else:
                pygame.draw.rect(surface, theme.ACCENT_2, box.inflate(4, 4), width=2, border_radius=14)
        thrown = obs.thrown[seat]
        if thrown:
            self.draw_text(surface, "last", (box.right - 44, box.bottom - 26), 15, theme.TEXT_DIM, anchor="topright")
            surface.blit(self.app.assets.card(thrown[-1], (28, 40)), (box.right - 38, box.bottom - 44))

    def _draw_wild_marks(self, surface: pygame.Surface, obs: rules.Observation) -> None:
        """A gold star on every wild card face up in a hand."""
        wild = int(obs.wild)
        star = self.app.assets.image("star", (22, 22))
        for name in self.board.piles:
            if not name.startswith("hand:"):
                continue
            for s in self.board.sprites(name):
                if s.face_up and s.card is not None and int(s.card.rank) == wild and s.flip > 0.99:
                    r = s.rect  # under the corner index, the part of a fanned card that shows
                    if r.width > 60:
                        surface.blit(star, (r.x + 5, r.y + 46))
                    else:
                        surface.blit(self.app.assets.image("star", (13, 13)), (r.x + 2, r.y + 22))

    def _draw_left_panel(self, surface: pygame.Surface, obs: rules.Observation) -> None:
        """Round, the wild rank (large), the prompt and the last-turn marker."""
        x, y = 40, 180
        state = self.state
        self.draw_text(surface, said("Round {n} of {rounds}", n=state.round_no, rounds=rules.ROUNDS), (x, y), 22,
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
            self.draw_text(surface, "LAST TURN", (780, STOCK_POS[1] + 10), 36, theme.ACCENT_2, bold=True)
            self.draw_text(surface, said_by(self.seat_name(obs.out_seat), N_("You went out"), N_("{name} went out")),
                           (780, STOCK_POS[1] + 56), 18,
                           theme.TEXT)
