"""The Switch hand-over and match summary overlay, and the scene's side of a hand's end.

SwitchSummary is pushed by the table when a hand ends: who went out, the cards left in every
hand with their points, and in a match the running totals, all from the viewer's observation
(every hand is shown once a hand is over) and the table's result. "Next hand" (Enter, or Esc)
deals on; at the end, "Play again" or "Menu". The buttons, keys and the demo's timer come from
SummaryOverlay. HandEnd (a SwitchScene mixin) records the statistics and shows the summary once
per hand.
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames import config
from cardgames.games.switch import rules
from cardgames.games.switch.figures import Tally
from cardgames.games.switch.rules import K_NEXT, Action
from cardgames.i18n import N_, YOU, _, tr
from cardgames.records import GameResult
from cardgames.scenes.summary import SummaryOverlay, fitted_box
from cardgames.ui import theme

W, H = config.CANVAS_SIZE
MINI = (32, 45)       # the cards left in each hand
ROW = 52              # one player's row at most (less with many players, to fit above the note)
SUMMARY_DELAY = 1.4   # seconds to look at the opened hands before the summary


class SwitchSummary(SummaryOverlay):
    game_name = "switch"
    box = pygame.Rect(170, 70, W - 340, H - 140)
    edge = theme.GAME_COLOURS["switch"]
    next_label = N_("Next hand")
    title_dy, title_shadow = 22, False

    def __init__(self, app: Any, game: Any) -> None:
        # As tall as its rows need (two players left half a full-height panel empty), centred above the
        # key hints: the heading and column titles 160 px, the note and the buttons 128 below the rows.
        self.obs = game.observation()
        self.result = game.latest().result
        high = min(H - 140, 160 + self.obs.players * ROW + 128)
        self.box = fitted_box(170, W - 340, high, 20)
        super().__init__(app, game)

    def deal_next(self) -> None:
        self.game.next_hand()

    def back(self) -> None:
        """Esc deals the next hand too, like Enter; after the last hand it opens the menu."""
        if self.final:
            self.to_menu()
        else:
            self.next_round()

    def hints(self) -> str:
        return N_("{act}: play again   {back}: menu") if self.final else N_("{act}: next hand")

    def title(self) -> str:
        obs, name = self.obs, self.game.seat_name
        if self.final and obs.match:
            won = [name(s) for s in (self.result.winners if self.result is not None else ())]
            if won == [YOU]:
                return _("You win the match!")
            if len(won) == 1:
                return _("{name} wins the match!").format(name=won[0])
            return _("{names} win the match!").format(names=tr(" and ").join(tr(w) for w in won))
        if obs.winner is None:     # (never expected: the summary opens on a hand's end) a plain heading
            return _("Hand {n}").format(n=obs.hand_no + 1) if obs.match else _("Game over")
        who = name(obs.winner)
        return _("You go out and win the hand!") if who == YOU else _("{name} goes out and wins the hand!").format(name=who)

    def _draw_cards(self, surface: pygame.Surface, hand: Any, pos: tuple[int, int], width: int) -> None:
        """The cards left in a hand, small and overlapped to fit `width` (counted against their holder)."""
        step = min(MINI[0] + 4, (width - MINI[0]) / max(1, len(hand) - 1))
        for i, card in enumerate(hand):
            surface.blit(self.app.assets.card(card, MINI), (round(pos[0] + i * step), pos[1]))

    def draw_body(self, surface: pygame.Surface) -> None:
        obs, box = self.obs, self.box
        sub = (_("Hand {n} of a match to {target}").format(n=obs.hand_no + 1, target=rules.MATCH_TARGET) if obs.match
               else _("Hand {n}").format(n=obs.hand_no + 1))
        theme.draw_text(surface, sub, (box.centerx, box.y + 80), theme.BODY, theme.TEXT_DIM, anchor="midtop")
        x0, y = box.x + 40, box.y + 130
        heads = [(N_("Player"), 0), (N_("Cards left"), 170), (N_("Points"), 640)] + ([(N_("Total"), 760)] if obs.match else [])
        for text, dx in heads:
            theme.draw_text(surface, text, (x0 + dx, y), theme.SMALL, theme.TEXT_DIM, bold=True)
        y += 30
        row = min(ROW, (box.bottom - 128 - y) // obs.players)
        hands = obs.all_hands or ()        # (every hand is shown once the hand is over)
        for seat in range(obs.players):
            colour = theme.GOOD if seat == obs.winner else theme.TEXT
            hand = hands[seat] if seat < len(hands) else ()
            cells = [(self.game.seat_name(seat), 0), (str(obs.last_points[seat]), 640)]
            if obs.match:
                cells.append((str(obs.totals[seat]), 760))
            if hand:
                self._draw_cards(surface, hand, (x0 + 170, y + (row - MINI[1]) // 2), 450)
            else:
                cells.append((N_("out!"), 170))
            for text, dx in cells:
                theme.draw_text(surface, text, (x0 + dx, y + row // 2), theme.BODY, colour, bold=dx == 0,
                                anchor="midleft")
            y += row
        if obs.match and not self.final:
            theme.draw_text(surface, _("8s and Aces cost 25, pictures 10, the rest their value. "
                                       "The match ends when someone reaches {target}.").format(target=rules.MATCH_TARGET),
                            (box.centerx, box.bottom - 104), theme.SMALL, theme.TEXT_DIM, anchor="midbottom")


class HandEnd:
    """The Switch scene's side of a hand's end (a SwitchScene mixin): the statistics (its figures
    counted from the updates, figures.Tally), the summary once per hand, the next hand."""

    def open_table(self, actions: Any = None, line: Any = None) -> list[Any]:
        """The figures for the statistics are counted from the game so far as the table tells it."""
        story = super().open_table(actions, line)
        self.tally = Tally(self.humans)
        self.tally.story(story)
        return story

    def on_new_game(self) -> None:
        self._summary_for = self._stats_for = None

    def after_update(self, before: Any, after: Any) -> None:
        super().after_update(before, after)
        self.tally.told(after)

    def on_reset(self, msg: Any) -> None:
        super().on_reset(msg)
        self.tally.reset(msg)

    def game_result(self, abandoned: bool) -> GameResult | None:
        """A single hand or a whole match: won by a human seat; a match's score is its points."""
        obs, result = self.observation(), self.latest().result
        figures = self.tally.figures()
        won = not abandoned and result is not None and any(s in self.humans for s in result.winners)
        score = min(obs.totals[s] for s in self.humans) if obs.match else None
        if score is not None and obs.phase is rules.OVER:
            figures["total"] = score
        return GameResult(won=won, score=score, figures=figures)

    def hand_end(self) -> int:
        """The position a hand ended at (its summary and its statistics are once per position)."""
        return self.latest().moves

    def _record_hand(self) -> None:
        if self._stats_for == self.hand_end():
            return
        self._stats_for = self.hand_end()
        if self.observation().phase is rules.OVER:
            self.record_result()     # the statistics count a single hand or a whole match

    def _show_summary(self) -> None:
        if self._summary_for == self.hand_end() or self.stack.top is not self:
            return
        if self.observation().phase not in (rules.HAND_OVER, rules.OVER):
            return     # the hand's end was taken back (practice undo) before its summary was due
        self._summary_for = self.hand_end()
        self.stack.push(SwitchSummary(self.app, self))

    def next_hand(self) -> None:
        """Deal the next hand of a match (from the summary; with no human, the table deals on)."""
        if self.observation().phase is rules.HAND_OVER and self.humans:
            self.act(Action(K_NEXT, 0))

    def on_game_over(self) -> None:
        super().on_game_over()
        self._record_hand()
        self.scheduler.after(SUMMARY_DELAY, self._show_summary)
