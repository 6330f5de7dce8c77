"""How the TriPeaks table answers a move: the score's pop-ups, the chimes that rise with a streak, and the
burst, flash and shake of a cleared peak. Mixed into TriPeaksScene (needs its members)."""
from __future__ import annotations

from typing import Any

from cardgames.core.events import Announced, CardFlipped, CardMoved
from cardgames.games.tripeaks.scene_hud import fmt, money
from cardgames.i18n import _, format_number

PEAK_COLOURS = ((255, 214, 90), (120, 230, 255), (255, 120, 200))


class TableEffects:
    """Scoring each action's events and showing it (pop-ups, sounds, peak bursts)."""

    def animate_events(self, events: tuple[Any, ...]) -> None:
        """Score the action (before its sounds are chosen, so the chime knows the streak)."""
        if self.mode == "classic":
            self.classic, awards = self.classic.after_events(events)
        elif self.arcade is not None:
            self.arcade, awards = self.arcade.after_events(events)
        else:
            awards = ()
        for award in awards:
            self._show_award(award)
        super().animate_events(events)

    def _show_award(self, award: Any) -> None:
        x, y = self.waste_pos[0] + self.card_size[0] / 2, self.waste_pos[1] - 10
        if award.kind == "card":
            self.streak_pop = 1.0
            text = f"+${format_number(award.amount)}" if self.mode == "classic" else f"+{fmt(award.amount)}"
            self.fx.pop_text(text, (x, y), colour=(255, 236, 140), px=28 + min(award.count, 8) * 2, life=0.9)
        elif award.kind == "stock" and self.mode == "classic":
            sx = self.stock_pos[0] + self.card_size[0] / 2
            self.fx.pop_text(money(award.amount), (sx, y), colour=(255, 120, 110), px=28, life=0.9)

    def _streak(self) -> int:
        if self.mode == "classic":
            return self.classic.run
        return self.arcade.streak if self.arcade is not None else 0

    def sound_for(self, event: Any) -> str | None:
        if isinstance(event, CardMoved):
            if event.src.startswith("tableau"):
                return f"chime_{max(1, min(8, self._streak()))}" if self.mode != "relaxed" else "place"
            return "flip"   # a stock card turned over
        if isinstance(event, CardFlipped):
            return "flip"
        return None

    def on_announce(self, event: Announced) -> None:
        if event.kind == "peak_cleared":
            slot = self.layout_obj.peaks[event.value] if event.value is not None else 0
            x, y = self.slot_pos[slot]
            centre = (x + self.card_size[0] / 2, y + self.card_size[1] / 2)
            colour = PEAK_COLOURS[(event.value or 0) % len(PEAK_COLOURS)]
            self.fx.burst(centre, colour=colour, count=60, speed=420, life=1.1, size=6)
            self.fx.flash((255, 250, 220), 0.3)
            self.fx.shake(6, 0.25)
            bonus = self._last_peak_bonus()
            self.fx.pop_text(_("PEAK! {bonus}").format(bonus=bonus) if bonus else _("PEAK!"), centre, colour=colour, px=44, life=1.4)
            self.app.play_sound("win", 0.6)

    def _last_peak_bonus(self) -> str:
        if self.mode == "classic":
            n = self.classic.peaks
            return "+$30" if n >= self.classic.peak_count else "+$15"
        if self.arcade is not None:
            return "+" + format_number(5000 if self.arcade.peaks >= self.arcade.peak_count else 1000)
        return ""
