"""What the menus need to know about a game, without importing its scene."""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from typing import Any

from cardgames.core.protocol import N_

_FOUND: dict[str, bool] = {}   # module name -> whether it exists (GameInfo.available); one entry per game


@dataclass(frozen=True)
class OptionSpec:
    """One choice on the game-select screen. `choices` pairs a value with its label."""

    key: str
    label: str
    choices: tuple[tuple[Any, str], ...]
    default: Any

    def label_of(self, value: Any) -> str:
        for v, text in self.choices:
            if v == value:
                return text
        return str(value)


# The computers' levels, the one list every game with computer players offers (the select screen,
# the command line, the seats of a table); each game's ai.choose plays them.
LEVELS = (("easy", N_("Easy")), ("normal", N_("Normal")), ("hard", N_("Hard")), ("expert", N_("Expert")))
LEVEL_NAMES = tuple(name for name, _ in LEVELS)
# What each level is, in one line (the select screen shows the chosen level's).
LEVEL_NOTES = {
    "easy": N_("Easy: plays on a hunch and often takes a worse card, as a beginner does."),
    "normal": N_("Normal: sensible play with slips now and then; forgets old discards."),
    "hard": N_("Hard: strong play that rarely slips; remembers most of what it has seen."),
    "expert": N_("Expert: counts every card it has seen and plays each choice for the best result."),
}


def level_option(default: str = "normal") -> OptionSpec:
    """The "Opponents" row of a game with computer players."""
    return OptionSpec("level", N_("Opponents"), LEVELS, default)


@dataclass(frozen=True)
class GameInfo:
    name: str                 # "tripeaks": package name, command-line name, save key
    title: str                # "TriPeaks"
    tagline: str              # one line for the tile
    description: str          # two or three lines for the select screen
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = field(default_factory=tuple)
    scene: str = ""           # "module.path:ClassName", imported lazily
    stats: tuple[tuple[str, str], ...] = ()  # (key, label) pairs the statistics page shows, in order
    select_buttons: str = ""  # "module.path:function": function(select_scene) -> the select screen's
    #                           extra (label, action) buttons, imported lazily (scenes/game_options.py)
    save_slots: str = ""      # an option with one saved game per value ("mode": TriPeaks); "": one per game

    @property
    def rules_page(self) -> str:
        return f"{self.name}.md"

    @property
    def available(self) -> bool:
        """True once the game's scene module exists (else the tile says "coming soon")."""
        module = self.scene.partition(":")[0]
        found = _FOUND.get(module)
        if found is None:   # looked up once per module: the select screen asked every frame (0.05 ms)
            found = _FOUND[module] = bool(module) and importlib.util.find_spec(module) is not None
        return found

    def default_options(self) -> dict[str, Any]:
        return {o.key: o.default for o in self.options}

    def save_key(self, options: dict[str, Any]) -> str:
        """The name of the saved game these options go in: the game's ("skyjo"), or one per value of its
        save_slots option ("tripeaks.relaxed"; an unknown value counts as the option's default)."""
        spec = next((o for o in self.options if o.key == self.save_slots), None)
        if spec is None:
            return self.name
        value = options.get(spec.key, spec.default) if isinstance(options, dict) else spec.default
        value = next((v for v, _label in spec.choices if v == value), spec.default)
        return f"{self.name}.{value}"

    def save_keys(self) -> tuple[str, ...]:
        """Every name this game's saved games may go by (one per slot)."""
        spec = next((o for o in self.options if o.key == self.save_slots), None)
        return (self.name,) if spec is None else tuple(f"{self.name}.{v}" for v, _label in spec.choices)

    def scene_class(self):
        module, _, cls = self.scene.partition(":")
        return getattr(importlib.import_module(module), cls)
