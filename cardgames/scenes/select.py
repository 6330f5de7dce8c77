"""The game-select screen: four game tiles, the chosen game's description and options, and the actions.

Layout (1280x720): the tiles along the top; below them, on the left, the
game's description and a few of its cards; on the right its options (from
GameInfo.options, plus Players / Opponents when a game offers a choice but
does not list one) and Start / Continue; along the bottom Rules, Statistics,
Settings and Quit. The multiplayer games add "Practice (undo allowed)" (off:
no undo, the fair game the statistics count) and a "Player names" button
(cardgames/scenes/names.py). Arrows move the focus to the nearest thing in that
direction, Left/Right change the focused option, Enter acts, Esc goes back
to the title.

The options last used for each game are remembered in the settings
("last_options"), and checked against the choices when read back.
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames import config, records, tutorial
from cardgames.engine.redraw import Backdrop
from cardgames.engine.scene import Scene
from cardgames.games import registry
from cardgames.games.info import LEVEL_NOTES, GameInfo
from cardgames.i18n import N_, _, format_number, tr
from cardgames.i18n_errors import error_words
from cardgames.scenes.achievements import AchievementsScene
from cardgames.scenes.common import GameTile, backdrop, card_row, draw_hints, play
from cardgames.scenes.confirm import ConfirmScene
from cardgames.scenes.game_options import game_buttons, menu_options, option_applies, remembered_options
from cardgames.scenes.names import NamesScene
from cardgames.scenes.rules import RulesScene
from cardgames.scenes.settings import SettingsScene
from cardgames.scenes.stats import StatsScene
from cardgames.table.games import SPECS
from cardgames.ui import theme
from cardgames.ui.widgets import Button, Cycler, Menu, draw_wrapped

W, H = config.CANVAS_SIZE
TILE_Y, TILE_H, TILE_W, TILE_GAP = 20, 150, 292, 16
INFO_RECT = pygame.Rect(36, 188, 560, 434)
OPTIONS_X, OPTIONS_Y, OPTIONS_W, OPTION_H, OPTION_GAP = 616, 188, 628, 44, 7
START_Y = 562
BAR_Y, BAR_H = 638, 46


def record_line(info: GameInfo, recs: dict[str, Any]) -> str:
    """"Your record: 12 played  ·  5 won (42%)  ·  best streak 3", over every mode but practice."""
    t = records.totals(recs)
    if not t["games"]:
        return ""
    parts = [_("{n} played").format(n=format_number(t["games"])),
             _("{n} won ({rate})").format(n=format_number(t["wins"]), rate=f"{t['wins'] / t['games']:.0%}")]
    if t["best_streak"] >= 2:
        parts.append(_("best streak {n}").format(n=t["best_streak"]))
    return _("Your record: {parts}").format(parts="  ·  ".join(parts))


class SelectScene(Scene):
    changes_by_itself = False  # drawn on input and while the focus ring pulses (Scene.changing)
    announces_changes = True   # its changing() covers every change: audited rarely (engine/redraw.py)
    # Messages (a damaged settings file's notice) lie on the game's panel, over its cards: never on a button
    toast_area = INFO_RECT.inflate(-24, -24)
    toast_bottom = toast_area.bottom

    def __init__(self, app, game: str | None = None) -> None:
        super().__init__(app)
        self.games = registry.GAMES
        name = game or app.settings.get("last_game")
        self.info = registry.BY_NAME.get(name) if isinstance(name, str) else None
        if self.info is None:
            self.info = next((g for g in self.games if g.available), self.games[0])
        self.options: dict[str, Any] = {}
        self._previews: dict[tuple, pygame.Surface] = {}
        self._base = Backdrop()   # the backdrop and the game's panel, as one picture (draw)
        self.tiles = []
        for i, info in enumerate(self.games):
            rect = (36 + i * (TILE_W + TILE_GAP), TILE_Y, TILE_W, TILE_H)
            self.tiles.append(GameTile(rect, info, action=lambda info=info: self.choose(info)))
        self.menu = Menu([], on_back=self.back, sound=getattr(app, "play_sound", None))
        self.build()
        self.menu.set_focus(self.tile_of(self.info))

    # Building ------------------------------------------------------------------
    def tile_of(self, info: GameInfo) -> GameTile:
        return next(t for t in self.tiles if t.info is info)

    def build(self) -> None:
        """(Re)create the widgets for the selected game, keeping the focused widget if it survives."""
        info = self.info
        focused = self.menu.focused
        self.options = remembered_options(self.app.settings, info)
        self.has_save = info.available and self.app.storage.load_game(info.save_key(self.options)) is not None
        self.record = record_line(info, records.load(self.app.storage, info.name))
        for tile in self.tiles:
            tile.selected = tile.info is info
            tile.badge = N_("SAVED") if tile.info.available and self._any_save(tile.info) else ""
        self.cyclers = []
        specs = menu_options(info)
        extras = game_buttons(info, self) if info.available else []
        rows = len(specs) + (info.max_players > 1) + bool(extras)   # the names button, the game's buttons: rows too
        pitch = min(OPTION_H + OPTION_GAP, (START_Y - 34 - OPTIONS_Y) // max(1, rows))
        y = OPTIONS_Y
        for spec in specs:
            c = Cycler((OPTIONS_X, y, OPTIONS_W, pitch - OPTION_GAP), spec.label, spec.choices,
                       self.options[spec.key], on_change=lambda v, key=spec.key: self.set_option(key, v))
            c.enabled = info.available and option_applies(info, spec.key, self.options)
            self.cyclers.append(c)
            y += pitch
        self.names_button = self.online_button = None
        if info.max_players > 1:
            online = info.available and info.name in SPECS and SPECS[info.name].multi_seat   # beside the names
            names_w = (OPTIONS_W - 16) // 2 if online else OPTIONS_W
            self.names_button = Button((OPTIONS_X, y, names_w, pitch - OPTION_GAP), "Player names...",
                                       self.edit_names, px=theme.BODY)
            self.names_button.enabled = info.available
            if online:
                self.online_button = Button((OPTIONS_X + names_w + 16, y, OPTIONS_W - names_w - 16, pitch - OPTION_GAP),
                                            "Play with others...", self.play_online, px=theme.BODY)
            y += pitch      # the game's buttons (e.g. "Rejoin table") on a row of their own
        ew = (OPTIONS_W - 16 * (len(extras) - 1)) // max(1, len(extras))
        self.extras = [Button((OPTIONS_X + i * (ew + 16), y, ew, pitch - OPTION_GAP), text, fn, px=theme.BODY)
                       for i, (text, fn) in enumerate(extras)]
        self.start_button = Button((OPTIONS_X, START_Y, 300, 58), N_("New game") if self.has_save else N_("Start"),
                                   self.start, primary=True)
        self.start_button.enabled = info.available
        self.continue_button = Button((OPTIONS_X + OPTIONS_W - 300, START_Y, 300, 58), N_("Continue"), self.resume,
                                      primary=self.has_save)
        self.continue_button.enabled = self.has_save
        bar = [(N_("Rules"), self.rules), (N_("Statistics"), self.stats), (N_("Achievements"), self.achievements),
               (N_("Settings"), self.settings), (N_("Quit"), self.quit)]
        bw = (W - 72 - (len(bar) - 1) * 16) // len(bar)
        self.bar = [Button((36 + i * (bw + 16), BAR_Y, bw, BAR_H), text, fn, px=theme.BODY + 2)
                    for i, (text, fn) in enumerate(bar)]
        extra = [w for w in (self.names_button, self.online_button) if w is not None]
        self.menu.widgets = [*self.tiles, *self.cyclers, *extra, *self.extras, self.start_button,
                             self.continue_button, *self.bar]
        self._link_neighbours()
        if focused is not None and focused not in self.menu.widgets:   # rebuilt: the widget in its place
            focused = next((w for w in self.menu.widgets if w.rect == focused.rect), focused)
        if focused in self.menu.widgets and focused.enabled:
            self.menu.set_focus(focused)
        else:
            self.menu.set_focus(self.tile_of(info))

    def _link_neighbours(self) -> None:
        """Arrow keys between the three areas, where "nearest widget that way" would jump oddly:
        a tile goes down to the options (or Start), the first option up to the selected tile,
        the bottom bar up to Start or Continue."""
        below_tiles = self.cyclers[0] if self.cyclers and self.cyclers[0].enabled else self.start_button
        for tile in self.tiles:
            tile.links = {"down": below_tiles} if below_tiles.enabled else {}
        if self.cyclers:
            self.cyclers[0].links = {"up": self.tile_of(self.info)}
        else:
            self.start_button.links = {"up": self.tile_of(self.info)}
            self.continue_button.links = {"up": self.tile_of(self.info)}
        for i, button in enumerate(self.bar):
            up = self.start_button if i < 2 else self.continue_button
            if not up.enabled:
                up = self.start_button if self.start_button.enabled else self.tile_of(self.info)
            button.links = {"up": up}

    def _show_save(self) -> None:
        """Start / Continue for the saved game of the options as chosen now (TriPeaks: of the mode)."""
        self.has_save = self.info.available and self._save_exists(self.info)
        self.start_button.text = N_("New game") if self.has_save else N_("Start")
        self.continue_button.enabled = self.continue_button.primary = self.has_save
        self._link_neighbours()

    def _save_exists(self, info: GameInfo) -> bool:
        """Whether the saved game Start would replace exists (TriPeaks: the chosen mode's)."""
        return self.app.storage.load_game(info.save_key(self.options)) is not None

    def _any_save(self, info: GameInfo) -> bool:
        """Whether any saved game of `info` exists (its tile's badge)."""
        return any(self.app.storage.load_game(key) is not None for key in info.save_keys())

    def on_enter(self) -> None:
        self.build()  # a game may have saved or finished since this screen was last on top

    # Actions -------------------------------------------------------------------
    def select(self, info: GameInfo) -> None:
        if info is not self.info:
            self.info = info
            self.app.settings["last_game"] = info.name
            self.build()

    def choose(self, info: GameInfo) -> None:
        """Enter/click on a tile: select it and move on to Start (or Continue if a game is saved)."""
        self.select(info)
        target = self.continue_button if self.has_save else self.start_button
        if target.enabled:
            self.menu.set_focus(target)

    def set_option(self, key: str, value: Any) -> None:
        self.options[key] = value
        last = self.app.settings.get("last_options")
        if not isinstance(last, dict):
            last = {}
        last[self.info.name] = dict(self.options)
        self.app.settings["last_options"] = last
        self.app.settings["last_game"] = self.info.name
        self.app.save_settings()
        if key == self.info.save_slots:   # another mode, another saved game: Start / Continue follow it
            self._show_save()
        for spec, cycler in zip(menu_options(self.info), self.cyclers):   # e.g. a mode switches rows on or off
            cycler.enabled = self.info.available and option_applies(self.info, spec.key, self.options)

    def start(self, opener: Any = None) -> None:
        """New game: asks first when it would replace a saved game (of the chosen mode, in TriPeaks).
        `opener`: another way to open it (TriPeaks' "Play deal #"), returning whether it opened."""
        if self._save_exists(self.info):
            self.stack.push(ConfirmScene(self.app, N_("Start a new game?"),
                                         _("Your saved {game} game will be lost.").format(game=_(self.info.title)),
                                         N_("New game"),
                                         on_yes=lambda: self.start_now(opener)))
            return
        self.start_now(opener)

    def start_now(self, opener: Any = None) -> None:
        self.app.settings["last_game"] = self.info.name
        self.app.save_settings()  # the menu opens on this game next time
        seed = self.app.launch.seed   # --seed N deals the menu's new games from N too
        options = dict(self.options)
        had_save, key = self._save_exists(self.info), self.info.save_key(options)

        def open_game() -> None:
            opened = opener() if opener is not None else self._open(lambda cls: cls(self.app, options, seed=seed))
            if opened and had_save:
                records.abandon_saved(self.app.storage, self.info.name, key)   # played and lost, like a restart

        if opener is not None or not tutorial.first_play(self.app, self.info.name, open_game):   # the first time:
            open_game()                                                                          # the tutorial first

    def resume(self) -> None:
        key = self.info.save_key(self.options)
        data = self.app.storage.load_game(key)
        if data is None:
            self.build()
            return
        if not self._open(lambda cls: cls(self.app, data["options"], resume=data)):
            self.app.storage.discard_game(key, N_("it could not be resumed"))
            self.build()

    def _open(self, make) -> bool:
        """Create the game scene and push it; a failure becomes a notice, never a crash of the menu."""
        try:
            scene = make(self.info.scene_class())
        except Exception as e:  # noqa: BLE001 - a broken game or save must not take the whole menu down
            self.app.storage.log_error(f"opening {self.info.title}")
            self.app.notify(_("{game} could not be opened ({error}).").format(game=_(self.info.title), error=tr(error_words(e))))
            play(self.app, "invalid")
            return False
        self.stack.push(scene)
        return True

    def edit_names(self) -> None:
        self.stack.push(NamesScene(self.app, humans=int(self.options.get("hotseat", 1))))

    def play_online(self) -> None:
        from cardgames.scenes.online_start import OnlineScene  # the network's screens: only when asked
        self.stack.push(OnlineScene(self.app, self.info))

    def rules(self) -> None:
        self.stack.push(RulesScene(self.app, self.info.name))

    def stats(self) -> None:
        self.stack.push(StatsScene(self.app, self.info.name))

    def achievements(self) -> None:
        self.stack.push(AchievementsScene(self.app, self.info.name))

    def settings(self) -> None:
        self.stack.push(SettingsScene(self.app))

    def quit(self) -> None:
        self.app.quit()

    def back(self) -> None:
        self.stack.replace(self.app.screens.title())

    # Frame ---------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        self.menu.update(dt)
        focused = self.menu.focused
        if isinstance(focused, GameTile) and focused.info is not self.info:
            self.select(focused.info)  # moving over a tile shows that game

    def draw(self, surface: pygame.Surface) -> None:
        # the backdrop with the game's panel on it, kept while the panel's colour is the same: the
        # panel is the first thing drawn on the backdrop, and blending its 560x434 pixels again every
        # frame was a fifth of the screen's drawing
        edge = theme.lighten(theme.GAME_COLOURS.get(self.info.name, theme.ACCENT), -0.4)
        self._base.draw(surface, (backdrop(), edge), lambda s: self._draw_base(s, edge))
        self._draw_info(surface)
        self.menu.draw(surface)
        if not self.cyclers:
            theme.draw_text(surface, "No options: just play.", (OPTIONS_X + 12, OPTIONS_Y + 10), theme.BODY,
                            theme.TEXT_DIM)
        if self.record:
            theme.draw_text(surface, self.record, (OPTIONS_X + 4, START_Y - 14), theme.SMALL + 1, theme.TEXT_DIM,
                            anchor="bottomleft")
        draw_hints(surface, "{move}: move   {leftright}: change option   {act}: select   {back}: back", self.app)

    @staticmethod
    def _draw_base(surface: pygame.Surface, edge: theme.Colour) -> None:
        surface.blit(backdrop(), (0, 0))
        theme.draw_panel(surface, INFO_RECT, theme.PANEL_SOLID, edge)

    def _draw_info(self, surface: pygame.Surface) -> None:
        """The game's words and cards on its panel (the panel itself: _draw_base)."""
        info = self.info
        colour = theme.GAME_COLOURS.get(info.name, theme.ACCENT)
        x, y = INFO_RECT.x + 22, INFO_RECT.y + 16
        theme.draw_text(surface, info.title, (x, y), theme.HEADING, colour, bold=True, shadow=True)
        y += 54
        width = INFO_RECT.width - 44
        y += draw_wrapped(surface, info.description, (x, y), width, theme.BODY)
        # the notes wrap too: in Tamil, Telugu and Kannada they are wider than the panel
        if not info.available:
            y += 8 + draw_wrapped(surface, "Coming soon: this table is still being set up.", (x, y + 8), width,
                                  theme.BODY, theme.ACCENT_2, bold=True)
        elif self.has_save:
            y += 8 + draw_wrapped(surface, "A game in progress is saved: Continue picks it up.", (x, y + 8), width,
                                  theme.BODY, theme.GOOD, bold=True)
        level = self.options.get("level")
        if level in LEVEL_NOTES and info.available:   # what the chosen opponents are, in one line
            y += 6 + draw_wrapped(surface, LEVEL_NOTES[level], (x, y + 6), width, theme.SMALL + 1, theme.TEXT_DIM)
        # the cards stay clear of the words (the saved game's note, two lines in Tamil, leaves them less room)
        preview = self._preview(info, INFO_RECT.bottom - 12 - (y + 10))
        surface.blit(preview, preview.get_rect(midbottom=(INFO_RECT.centerx, INFO_RECT.bottom - 12)))

    def _preview(self, info: GameInfo, room: int = 10_000) -> pygame.Surface:
        """A few of the game's cards, fanned, as a picture of what it looks like (cached); no taller than
        `room` (a long description in Tamil or Kannada leaves less of the panel to the cards)."""
        four = bool(self.app.settings.get("four_colour", False))
        back = str(self.app.settings.get("card_back", "blue"))
        key = (info.name, four, back)
        surf = self._previews.get(key)
        if surf is None:
            surf = card_row(self.app.assets, info.name, four, back)
            self._previews[key] = surf
        room = max(40, room)
        if surf.get_height() > room:
            small = self._previews.get((*key, room))
            if small is None:
                small = self._previews[(*key, room)] = pygame.transform.smoothscale_by(surf, room / surf.get_height())
            surf = small
        return surf
