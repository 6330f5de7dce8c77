"""The Three Thirteen round summary: every hand in its melds, the scores of all rounds.

Pushed by the table when a round ends. Each player's hand is laid out in the
melds that score it, the left-over (penalty) cards outlined in red, with the
round's score; below, a scoreboard of every round so far and the totals.
"Next round" (Enter) deals the next one; after round 11 it names the winner and
offers "Play again" and "Menu". The buttons, keys and the demo's timer come
from SummaryOverlay.
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames import config
from cardgames.core.rounds import lowest_seats
from cardgames.games.three_thirteen import melds, rules
from cardgames.games.three_thirteen.hud import rank_plural
from cardgames.i18n import N_, said, said_by, word
from cardgames.scenes.summary import SummaryOverlay, fitted_box, winners_words
from cardgames.ui import theme

W, H = config.CANVAS_SIZE
MELD_GAP = 10
BOARD_ROW = 28       # a scoreboard row, at most


def _hand_row(players: int) -> int:
    """The height of a player's row of melded cards."""
    return min(74, (330 if players > 4 else 300) // players)


class RoundSummaryScene(SummaryOverlay):
    game_name = "three_thirteen"
    box = pygame.Rect(50, 14, W - 100, H - 50)   # the key hints fit below it
    title_px, title_dy = theme.LARGE, 10
    button_h, button_dy = 52, 66
    records_edge = "inside"   # the buttons leave no room under the box

    def __init__(self, app: Any, game: Any) -> None:
        # As tall as the hands and the scoreboard need (two players left half the full panel empty),
        # centred above the key hints; from five players or so it is the full height.
        obs = game.observation()   # the rounds, their hands and the totals are everyone's once scored
        players = obs.players
        touched = game.over and getattr(game, "records_touched", ())
        high = 76 + players * _hand_row(players) + 8 + (players + 1) * BOARD_ROW + 120 + (44 if touched else 0)
        high = min(H - 50, high)
        self.box = fitted_box(50, W - 100, high, 14)
        super().__init__(app, game)
        self.obs = obs
        self.result = game.latest().result   # the game's end: its winners
        last = obs.rounds[-1]
        wild = rules.wild_rank(last.round_no)
        # each hand as it scores: (melds, left-over cards)
        self.layouts = [melds.arrange(hand, wild, obs.ace_high) for hand in last.hands]

    def title(self) -> str:
        if not self.final:
            return said("Round {n} of {rounds} over", n=self.obs.rounds[-1].round_no, rounds=rules.ROUNDS)
        seats = self.result.winners if self.result is not None else lowest_seats(self.obs.totals)
        return said("Game over: {result}", result=winners_words([self.game.seat_name(s) for s in seats]))

    def draw_body(self, surface: pygame.Surface) -> None:
        box, last = self.box, self.obs.rounds[-1]
        out = word(N_("nobody went out (the stock ran out)")) if last.out_seat is None else \
            said_by(self.game.seat_name(last.out_seat), N_("You went out"), N_("{name} went out"))
        wild = rules.wild_rank(last.round_no)
        theme.draw_text(surface, said("{ranks} were wild · {out} · red: penalty cards", ranks=rank_plural(wild), out=out),
                        (box.centerx, box.y + 48), theme.SMALL, theme.TEXT_DIM, anchor="midtop")
        bottom = self._draw_hands(surface, box.y + 76)
        self._draw_scoreboard(surface, bottom + 8)

    def _draw_hands(self, surface: pygame.Surface, top: int) -> int:
        """One row per player: name, the melds, the penalty cards, the round score. Returns the bottom."""
        obs, box = self.obs, self.box
        players = obs.players
        row_h = _hand_row(players)
        card_h = row_h - 8
        card_w = int(card_h * 0.71)
        step = max(12, card_w - 6)
        last = obs.rounds[-1]
        wild = int(rules.wild_rank(last.round_no))
        px = theme.BODY if row_h >= 50 else theme.SMALL
        for seat, arr in enumerate(self.layouts):
            y = top + seat * row_h
            theme.draw_text(surface, self.game.seat_name(seat), (box.x + 20, y + row_h // 2), px, theme.TEXT,
                            anchor="midleft", bold=seat == last.out_seat)
            x = box.x + 170
            for m in arr.melds:
                for c in m.cards:
                    self._card(surface, c, (x, y), (card_w, card_h), wild)
                    x += step
                x += card_w - step + MELD_GAP
            for c in arr.unmelded:
                self._card(surface, c, (x, y), (card_w, card_h), wild)
                pygame.draw.rect(surface, theme.BAD, (x - 2, y - 2, card_w + 4, card_h + 4), width=3,
                                 border_radius=6)
                x += card_w + 8   # room for the red outlines
            score = last.scores[seat]
            theme.draw_text(surface, f"+{score}" if score else "0", (box.right - 30, y + row_h // 2), px,
                            theme.GOOD if score == 0 else theme.TEXT, bold=True, anchor="midright")
        return top + players * row_h

    def _card(self, surface: pygame.Surface, card: Any, pos: tuple[int, int], size: tuple[int, int],
              wild: int) -> None:
        """A small card; a wild one carries a star."""
        surface.blit(self.app.assets.card(card, size), pos)
        if int(card.rank) == wild:
            mark = max(10, size[0] // 3)
            surface.blit(self.app.assets.image("star", (mark, mark)), (pos[0] + size[0] - mark - 2, pos[1] + 2))

    def _draw_scoreboard(self, surface: pygame.Surface, top: int) -> None:
        """Rounds 1..11 across, players down, totals at the right (lowest in green)."""
        obs, box = self.obs, self.box
        players = obs.players
        space = box.bottom - 80 - self.records_room - top
        row_h = max(16, min(BOARD_ROW, space // (players + 1)))
        px = theme.SMALL if row_h < 26 else theme.BODY - 4
        name_x = box.x + 20

        def cell(seat: int, k: int) -> tuple[str, theme.Colour] | None:
            if k >= len(obs.rounds):
                return None          # not played yet
            r = obs.rounds[k]
            return (str(r.scores[seat]) + ("*" if r.out_seat == seat else ""),
                    theme.ACCENT if k == len(obs.rounds) - 1 else theme.TEXT_DIM)

        self.draw_score_table(surface, top, row_h, px, [said("R{n}", n=k + 1) for k in range(rules.ROUNDS)], cell,
                              name_x, box.x + 170, 66)
        theme.draw_text(surface, "* went out", (name_x, top + (players + 1) * row_h + 2), theme.SMALL,
                        theme.TEXT_DIM)
