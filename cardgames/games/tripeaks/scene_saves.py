"""What a TriPeaks hand keeps in its autosave, and how it comes back (mixed into TriPeaksScene).

Every mode has a saved game of its own (GameInfo.save_slots = "mode": saves/tripeaks.<mode>.json),
so starting an Arcade level never replaces a Relaxed hand. The save holds the deal and its moves
(the GameScene autosave) and, here, the scores, the hints left and the Arcade clock. An Arcade
level is saved once its clock has run, even before its first move: quitting to the menu stops
the clock, and Continue brings the level back with the clock where it was (READY, then GO). It
counts as lost only when the player gives it up, after being asked (a new game over it, Restart,
another level from the list).
"""
from __future__ import annotations

from typing import Any

from cardgames.games.tripeaks.scene_geometry import H, W
from cardgames.games.tripeaks.scoring import ArcadeScore, ClassicScore
from cardgames.i18n import N_, _
from cardgames.ui import theme

RESUME_HOLD = 1.2          # a resumed Arcade level shows READY this long before its clock runs again


class HandSaves:
    """The TriPeaks scene's part of the autosave (needs the TriPeaksScene members)."""

    @property
    def worth_saving(self) -> bool:
        """A move made, or an Arcade level whose clock has run (it is under way without a move)."""
        arcade = self.arcade
        return bool(self.actions) or (arcade is not None and self.phase == "play" and arcade.time_left < arcade.clock)

    def save_extra(self) -> dict[str, Any]:
        extra: dict[str, Any] = {"classic": self.classic.to_json(), "hints_left": self.hints_left}
        if self.arcade is not None:
            extra["arcade"] = self.arcade.to_json()
        return extra

    def load_extra(self, extra: dict[str, Any]) -> None:
        """Scores and hints of a resumed hand; a damaged entry keeps the fresh value."""
        try:
            if "classic" in extra:
                self.classic = ClassicScore.from_json(extra["classic"])
            if "arcade" in extra and self.arcade is not None:
                self.arcade = ArcadeScore.from_json(extra["arcade"])
            self.hints_left = int(extra.get("hints_left", self.hints_left))
        except (KeyError, TypeError, ValueError):
            self.app.notify(N_("The saved score could not be read; it starts again from zero."))
        if self.arcade is not None:   # back into a level under way: READY, then GO
            self.ready_hold = RESUME_HOLD
            self.fx.pop_text(_("READY"), (W / 2, H / 2 - 40), colour=theme.ACCENT, px=72, life=RESUME_HOLD)
        self.hud_score = float(self._score_value())
