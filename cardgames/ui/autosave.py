"""GameScene's autosave: the saved game is its options, seed and actions, replayed on resume.

A mixin of cardgames.ui.game_scene.GameScene. save() runs after every move (only with
a human seat, not in the demo, not once the game is over), through app.storage
(atomic writes); a resumed scene's table replays the saved actions quietly
(TableLine.open_table) and stops with a notice at the first one the rules refuse; the
table keeps the whole history, so undo reaches as far back after a resume as it did
before it. save_extra()/load_extra() add the scene's own data.

Uses from the scene: info, options, seed, actions, humans, over, app, save_extra(),
play_time_extra().
"""
from __future__ import annotations

from typing import Any


class Autosave:
    """Saving and resuming a game (a GameScene mixin)."""

    def save_data(self) -> dict[str, Any]:
        options = {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.options.items()}
        return {"game": self.info.name, "options": options, "seed": self.seed,
                "actions": list(self.actions), "extra": self.play_time_extra(self.save_extra())}

    @property
    def save_key(self) -> str:
        """Which saved game this is ("skyjo"; TriPeaks keeps one per mode: "tripeaks.relaxed")."""
        return self.info.save_key(self.options)

    @property
    def worth_saving(self) -> bool:
        """Whether there is anything to keep: a move made (a game may add more, e.g. a clock that ran)."""
        return bool(self.actions)

    _wrote_save = False   # this scene wrote (or resumed) the saved game under save_key

    def save(self) -> None:
        """Autosave (only games with a human player, and not once it is over). Every move undone, back
        to the deal: nothing is worth keeping, as in a new game with no move, so the save this scene
        wrote goes (else Continue would bring back the moves taken back)."""
        if not self.humans or self.over or self.app.demo is not None or self.online:
            return      # (an online game's table is on a server: its seat token is kept instead)
        if self.worth_saving:
            self.app.storage.save_game(self.save_key, self.save_data())
            self._wrote_save = True
        elif self._wrote_save:
            self.app.storage.clear_game(self.save_key)
            self._wrote_save = False

    def clear_save(self) -> None:
        if self.humans and self.app.demo is None and not self.online:
            self.app.storage.clear_game(self.save_key)

    def on_exit(self) -> None:
        self.save()
        self.hang_up()
