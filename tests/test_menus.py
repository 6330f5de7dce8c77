"""The shell's screens driven headless by real key and mouse events through App.step.

A stub game (below) stands in for a real one where a test needs a game that
is available, can be started, resumed and paused, whatever state the real
games are in.
"""
from __future__ import annotations

import dataclasses
from typing import ClassVar

import pygame
import pytest

from cardgames import records
from cardgames.app import headless_app
from cardgames.engine.scene import Scene
from cardgames.games import registry
from cardgames.games.info import GameInfo, OptionSpec
from cardgames.scenes import markdown
from cardgames.scenes.pause import PauseScene
from cardgames.scenes.rules import RulesScene
from cardgames.scenes.select import SelectScene, remembered_options
from cardgames.scenes.settings import SettingsScene
from cardgames.scenes.stats import StatsScene
from cardgames.scenes.title import TitleScene
from cardgames.storage import Storage
from cardgames.ui import widgets
from cardgames.ui.widgets import Button, Cycler, Menu, Slider, Toasts

DT = 1 / 60


# ---------------------------------------------------------------- a stub game
class StubGame(Scene):
    """Just what the menus and the pause overlay use: info, options, restart(), autosave on exit."""

    made: ClassVar[list] = []

    def __init__(self, app, options, seed=None, resume=None):
        super().__init__(app)
        if resume is not None and resume.get("extra", {}).get("broken"):
            raise ValueError("the actions do not replay")
        self.info = STUB
        self.options, self.resume, self.restarts, self.exited = dict(options), resume, 0, False
        self.seed = seed
        StubGame.made.append(self)

    def restart(self):
        self.restarts += 1

    def on_exit(self):
        self.exited = True
        self.app.storage.save_game("stub", {"game": "stub", "options": self.options, "seed": 1,
                                            "actions": ["a"], "extra": {}})

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stack.push(PauseScene(self.app, self))


STUB = GameInfo(
    name="stub", title="Stub Game", tagline="A test game.", description="Only for tests.",
    min_players=2, max_players=4,
    options=(OptionSpec("players", "Players", ((2, "2"), (3, "3"), (4, "4")), 3),
             OptionSpec("fast", "Fast mode", ((False, "Off"), (True, "On")), False)),
    scene=f"{__name__}:StubGame",
    stats=(("games", "Games played"), ("win_rate", "Win rate"), ("best", "Best per level")),
)


@pytest.fixture
def stub_registry(monkeypatch):
    games = (STUB, *(dataclasses.replace(g, scene="cardgames.no_such_module:X") for g in registry.GAMES[1:]))
    monkeypatch.setattr(registry, "GAMES", games)
    monkeypatch.setattr(registry, "BY_NAME", {g.name: g for g in games})
    StubGame.made = []
    return games


@pytest.fixture
def app(tmp_path):
    a = headless_app(tmp_path / "data")
    yield a
    pygame.display.quit()


# ---------------------------------------------------------------- helpers
def key(app, k, mod=0, frames=1):
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)])
    for _ in range(frames - 1):
        app.step(DT)


def click(app, canvas_pos):
    """Move, press and release the left button at a canvas point (sent in window pixels)."""
    p = app.canvas.to_window(canvas_pos)
    app.step(DT, [
        pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1),
    ])
    app.step(DT)


def start(app, scene):
    app.stack.reset(scene)
    app.stack.apply_pending()
    app.step(DT)
    return scene


def top(app):
    return app.stack.top


def focus_on(app, menu, label, limit=40):
    """Press Tab until the widget labelled `label` has the focus."""
    for _ in range(limit):
        w = menu.focused
        if getattr(w, "text", getattr(w, "label", None)) == label:
            return w
        key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {label!r}")


def on_disk(app):
    return Storage(app.storage.data_dir).load_settings()


# ---------------------------------------------------------------- title
def test_title_any_key_opens_select_and_esc_quits(app):
    start(app, TitleScene(app))
    for _ in range(70):
        app.step(DT)  # cards are dealt, the fan opens
    assert top(app).dealt
    key(app, pygame.K_a)
    assert isinstance(top(app), SelectScene)
    start(app, TitleScene(app))
    key(app, pygame.K_ESCAPE)
    assert not app.running


def test_title_left_alone_starts_the_demo_and_a_key_comes_back(app, stub_registry, monkeypatch):
    monkeypatch.setattr("cardgames.scenes.title.ATTRACT_AFTER", 3.0)
    title = start(app, TitleScene(app))
    for _ in range(2 * 60):
        app.step(DT)
    p = app.canvas.to_window((10, 10))
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(0, 0, 0))])
    for _ in range(2 * 60):
        app.step(DT)
    assert top(app) is title  # moving the mouse counted as input: the wait started again
    for _ in range(2 * 60):
        app.step(DT)
    demo = top(app)
    assert isinstance(demo, StubGame) and demo.options.get("humans") == () and app.demo is not None
    key(app, pygame.K_SPACE, frames=2)
    assert isinstance(top(app), TitleScene) and app.demo is None


def test_title_click_opens_select(app):
    start(app, TitleScene(app))
    click(app, (640, 400))
    assert isinstance(top(app), SelectScene)


# ---------------------------------------------------------------- select
def test_select_keyboard_moves_over_tiles_and_changes_options(app, stub_registry):
    sel = start(app, SelectScene(app))
    assert sel.info is STUB and sel.menu.focused is sel.tiles[0]
    key(app, pygame.K_RIGHT)
    assert sel.info.name == "skyjo" and sel.menu.focused is sel.tiles[1]
    assert not sel.start_button.enabled  # "coming soon": nothing to start
    key(app, pygame.K_LEFT)
    assert sel.info is STUB
    key(app, pygame.K_DOWN)
    players = sel.menu.focused
    assert isinstance(players, Cycler) and players.label == "Players" and players.value == 3
    key(app, pygame.K_RIGHT)
    assert players.value == 4
    key(app, pygame.K_DOWN)
    level = sel.menu.focused
    assert level.label == "Opponents"  # added: the game has computer seats but lists no level
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    assert sel.options == {"players": 4, "level": "normal", "fast": True, "practice": False}
    assert on_disk(app)["last_options"]["stub"] == {"players": 4, "level": "normal", "fast": True, "practice": False}
    key(app, pygame.K_DOWN)
    assert sel.menu.focused.label == "Practice (undo allowed)"   # the multiplayer games' fair-play switch
    key(app, pygame.K_DOWN)
    assert sel.menu.focused is sel.names_button
    key(app, pygame.K_DOWN)
    assert sel.menu.focused is sel.start_button
    key(app, pygame.K_DOWN)
    assert sel.menu.focused is sel.bar[3]  # Settings lies right under Start
    key(app, pygame.K_UP)
    assert sel.menu.focused is sel.start_button
    for _ in range(6):
        key(app, pygame.K_UP)
    assert sel.menu.focused is sel.tiles[0] and sel.info is STUB
    # the options come back on a new visit
    again = start(app, SelectScene(app))
    assert again.info is STUB and again.options == {"players": 4, "level": "normal", "fast": True, "practice": False}


def test_select_start_with_keyboard_passes_the_options(app, stub_registry):
    sel = start(app, SelectScene(app))
    key(app, pygame.K_RETURN)  # Enter on the tile: on to Start
    assert sel.menu.focused is sel.start_button
    key(app, pygame.K_RETURN)
    game = top(app)
    assert isinstance(game, StubGame) and game.resume is None
    assert game.options == {"players": 3, "level": "normal", "fast": False, "practice": False}
    assert game.seed is None                    # a fresh deal, unless --seed N was given


def test_select_new_game_deals_from_the_command_lines_seed(app, stub_registry):
    app.launch.seed = 42
    start(app, SelectScene(app))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert isinstance(top(app), StubGame) and top(app).seed == 42


def test_continue_resumes_the_saved_game(app, stub_registry):
    data = {"game": "stub", "options": {"players": 2, "fast": True}, "seed": 9, "actions": ["x", "y"], "extra": {}}
    app.storage.save_game("stub", data)
    sel = start(app, SelectScene(app))
    assert sel.continue_button.enabled and sel.start_button.text == "New game"
    assert sel.tiles[0].badge == "SAVED"
    key(app, pygame.K_RETURN)
    assert sel.menu.focused is sel.continue_button  # a saved game: Enter on the tile goes to Continue
    key(app, pygame.K_RETURN)
    game = top(app)
    assert isinstance(game, StubGame) and game.resume == data and game.options == data["options"]


def test_continue_with_a_save_that_cannot_be_resumed(app, stub_registry):
    app.storage.save_game("stub", {"game": "stub", "options": {}, "seed": 9, "actions": [], "extra": {"broken": 1}})
    sel = start(app, SelectScene(app))
    sel.menu.set_focus(sel.continue_button)
    key(app, pygame.K_SPACE)
    assert top(app) is sel  # still on the menu, not crashed
    assert app.storage.load_game("stub") is None and not sel.continue_button.enabled
    saves = list((app.storage.data_dir / "saves").iterdir())
    assert [p.name.startswith("stub.json.corrupt-") for p in saves] == [True]  # kept, moved aside
    assert any("could not be opened" in t[0] for t in app.toasts.queue)


def test_select_mouse_click_on_tile_and_buttons(app, stub_registry):
    sel = start(app, SelectScene(app))
    click(app, sel.tiles[2].rect.center)
    assert sel.info.name == "three_thirteen"
    click(app, sel.bar[0].rect.center)  # Rules
    assert isinstance(top(app), RulesScene) and top(app).info.name == "three_thirteen"
    key(app, pygame.K_ESCAPE)
    assert top(app) is sel
    click(app, sel.bar[1].rect.center)  # Statistics, on the selected game's page
    assert isinstance(top(app), StatsScene) and top(app).index == 2
    key(app, pygame.K_ESCAPE)
    click(app, sel.bar[2].rect.center)  # Achievements, on the selected game's page
    assert type(top(app)).__name__ == "AchievementsScene" and top(app).page == "three_thirteen"
    key(app, pygame.K_ESCAPE)
    click(app, sel.bar[4].rect.center)  # Quit
    assert not app.running


def test_select_esc_goes_back_to_title(app):
    start(app, SelectScene(app))
    key(app, pygame.K_ESCAPE)
    assert isinstance(top(app), TitleScene)


def test_select_shows_the_record(app, stub_registry):
    app.storage.update_stats("stub", lambda d: {"games": 12, "win_rate": "50%", "best": {"1": 3}})
    sel = start(app, SelectScene(app))
    assert sel.record == "Your record: 12 played  ·  0 won (0%)"   # the old shape, migrated


def test_remembered_options_are_checked():
    settings = {"last_options": {"stub": {"players": 9, "fast": 1}}}
    want = {"players": 3, "level": "normal", "fast": False, "practice": False}
    assert remembered_options(settings, STUB) == want  # 9 is not a choice, 1 is not True
    assert remembered_options({"last_options": "junk"}, STUB) == want


# ---------------------------------------------------------------- settings
def test_settings_by_keyboard_from_the_menu_are_persisted(app, stub_registry):
    sel = start(app, SelectScene(app))
    focus_on(app, sel.menu, "Settings")
    key(app, pygame.K_RETURN)
    st = top(app)
    assert isinstance(st, SettingsScene)
    assert isinstance(st.menu.focused, Slider)
    key(app, pygame.K_LEFT)  # sound effects 80% -> 70%
    assert on_disk(app)["sfx_volume"] == pytest.approx(0.7)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert st.menu.focused.label == "Animations"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)  # normal -> fast -> off
    assert app.settings["anim_speed"] == "off" and app.anim_scale == 0
    assert on_disk(app)["anim_speed"] == "off"
    focus_on(app, st.menu, "Card back")
    key(app, pygame.K_RIGHT)
    assert on_disk(app)["card_back"] == "red"
    key(app, pygame.K_ESCAPE)
    assert top(app) is sel


def test_settings_with_the_mouse(app):
    st = start(app, SettingsScene(app))
    four = next(w for w in st.menu.widgets if getattr(w, "label", "") == "Four-colour deck")
    click(app, (four.rect.right - 16, four.rect.centery))  # the right arrow
    assert on_disk(app)["four_colour"] is True
    music = next(w for w in st.menu.widgets if getattr(w, "label", "") == "Music")
    bar = music._bar()
    click(app, (bar.x + bar.width // 5, bar.centery))  # a fifth of the way along
    assert on_disk(app)["music_volume"] == pytest.approx(0.2, abs=0.03)
    full = next(w for w in st.menu.widgets if getattr(w, "label", "") == "Full screen (F11)")
    click(app, full.rect.center)
    assert app.settings["fullscreen"] is True and on_disk(app)["fullscreen"] is True
    key(app, pygame.K_F11)  # the app's own full-screen key: the row follows it
    assert full.value is False and on_disk(app)["fullscreen"] is False


# ---------------------------------------------------------------- rules
def test_rules_scroll_by_keys_and_wheel(app):
    rules = start(app, RulesScene(app, "tripeaks"))
    assert rules.max_scroll > 0  # the TriPeaks page is longer than a screen
    key(app, pygame.K_PAGEDOWN, frames=30)
    assert rules.scroll == rules.target > 300
    key(app, pygame.K_END, frames=40)
    assert rules.scroll == rules.max_scroll
    key(app, pygame.K_HOME, frames=40)
    assert rules.scroll == 0
    key(app, pygame.K_DOWN)
    assert rules.target > 0
    p = app.canvas.to_window((640, 360))
    app.step(DT, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0)])
    assert rules.target > 44 * 2
    key(app, pygame.K_HOME)
    key(app, pygame.K_RIGHT)  # next section
    assert rules.target == pytest.approx(rules.page.headings[0][0] - 8, abs=1)
    key(app, pygame.K_RIGHT)
    assert rules.target == pytest.approx(rules.page.headings[1][0] - 8, abs=1)
    assert p  # (the wheel needs no position)


def test_rules_page_missing_is_a_note_not_a_crash(app, monkeypatch, tmp_path):
    monkeypatch.setattr("cardgames.config.SEEDS_DIR", tmp_path)
    rules = start(app, RulesScene(app, "skyjo"))
    text = " ".join(r.text for r in rules.page.runs)
    assert "not available yet" in text


# ---------------------------------------------------------------- statistics
def test_stats_pages_switch_by_keys_and_tabs(app, stub_registry):
    records.record_game(app.storage, "stub", records.GameResult(won=True))   # the statistics screen's own tests:
    st = start(app, StatsScene(app, "stub"))                                # tests/test_stats_scene.py
    assert st.played and st.rows[0] == ("Games played", "1")
    key(app, pygame.K_RIGHT)
    assert st.index == 1 and not st.played
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert st.index == 3  # wraps round
    click(app, st.tabs[0].rect.center)
    assert st.index == 0
    key(app, pygame.K_ESCAPE)
    assert top(app) is None or not isinstance(top(app), StatsScene)


# ---------------------------------------------------------------- pause
def test_pause_overlay_resume_restart_rules_quit(app, stub_registry):
    game = StubGame(app, {"players": 2})
    start(app, game)
    key(app, pygame.K_ESCAPE)
    pause = top(app)
    assert isinstance(pause, PauseScene) and pause.overlay and app.stack.visible() == [game, pause]
    key(app, pygame.K_RETURN)  # Resume
    assert top(app) is game
    key(app, pygame.K_ESCAPE)
    pause = top(app)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Restart: nothing played yet, so nothing to ask
    assert top(app) is game and game.restarts == 1
    key(app, pygame.K_ESCAPE)
    pause = top(app)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Rules
    assert isinstance(top(app), RulesScene) and top(app).info is STUB
    key(app, pygame.K_ESCAPE)
    assert top(app) is pause
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Settings
    assert isinstance(top(app), SettingsScene)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Quit to menu: the game autosaves on the way out
    assert isinstance(top(app), SelectScene) and len(app.stack) == 1
    assert game.exited and app.storage.load_game("stub") is not None
    assert top(app).info is STUB and top(app).continue_button.enabled


def test_pause_with_the_mouse(app, stub_registry):
    game = start(app, StubGame(app, {}))
    key(app, pygame.K_ESCAPE)
    click(app, top(app).buttons[0].rect.center)
    assert top(app) is game


# ---------------------------------------------------------------- widgets and markdown
def test_menu_spatial_moves_tab_wraps_and_esc_backs_out():
    pygame.font.init()
    hit, back = [], []
    a = Button((0, 0, 100, 40), "A", lambda: hit.append("a"))
    b = Button((200, 0, 100, 40), "B", lambda: hit.append("b"))
    c = Button((0, 100, 100, 40), "C", lambda: hit.append("c"))
    off = Button((200, 100, 100, 40), "Off", lambda: hit.append("off"))
    off.enabled = False
    m = Menu([a, b, c, off], on_back=lambda: back.append(1))

    def press(k, mod=0):
        return m.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod))

    assert m.focused is a
    press(pygame.K_RIGHT)
    assert m.focused is b
    press(pygame.K_DOWN)
    assert m.focused is c  # the disabled button below B is skipped; C is the nearest below
    press(pygame.K_DOWN)
    assert m.focused is a  # wraps round the column
    press(pygame.K_LEFT)
    assert m.focused is b  # and round the row
    press(pygame.K_DOWN)
    assert m.focused is c
    m.wrap = False
    assert not press(pygame.K_DOWN)  # nothing further down
    press(pygame.K_TAB)
    assert m.focused is a  # wraps
    press(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert m.focused is c
    press(pygame.K_SPACE)
    press(pygame.K_ESCAPE)
    assert hit == ["c"] and back == [1]


def test_cycler_and_slider_keys():
    pygame.font.init()
    seen = []
    cyc = Cycler((0, 0, 400, 40), "Level", (("easy", "Easy"), ("hard", "Hard")), "hard", seen.append)
    sld = Slider((0, 50, 400, 40), "Volume", 0.95, seen.append)
    m = Menu([cyc, sld])
    right = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0)
    m.handle_event(right)
    assert cyc.value == "easy"  # wraps
    m.set_focus(sld)
    m.handle_event(right)
    m.handle_event(right)
    assert sld.value == 1.0 and seen == ["easy", 1.0]  # clamped, and no change reported at the limit


def test_toasts_expire():
    pygame.font.init()
    t = Toasts()
    t.push("short")
    t.push("x" * 150)
    surf = pygame.Surface((1280, 720))
    for _ in range(3 * 60 + 5):
        t.update(DT)
        t.draw(surf)
    assert len(t) == 1
    for _ in range(10 * 60):
        t.update(DT)
    assert len(t) == 0


def test_wrap_lines_fit_the_width():
    pygame.font.init()
    text = "Clear the three peaks by playing cards one rank above or below the waste card. " * 3
    lines = widgets.wrap_lines(text, 300)
    assert len(lines) > 3
    from cardgames.ui import theme

    assert all(theme.font(theme.BODY).size(line)[0] <= 300 for line in lines)
    assert " ".join(lines).split() == text.split()


def test_markdown_parse():
    blocks = markdown.parse(
        "# Title\n\nA **bold** start,\ncontinued `code` and [a link](http://x).\n\n"
        "- one **bold\n  across** lines\n  - nested\n2. second\n\n---\n| A | B |\n|---|---|\n| 1 | 2 |\n> quoted\n")
    kinds = [b.kind for b in blocks]
    assert kinds == ["h1", "p", "li", "li", "li", "rule", "table", "quote"]
    assert blocks[1].spans == [("A ", False), ("bold", True), (" start, continued ", False), ("code", False),
                               (" and ", False), ("a link", False), (".", False)]
    assert blocks[2].spans == [("one ", False), ("bold across", True), (" lines", False)]
    assert blocks[3].depth == 1 and blocks[4].marker == "2."
    assert blocks[6].rows == [[[("A", False)], [("B", False)]], [[("1", False)], [("2", False)]]]


def test_markdown_layout_stays_inside_the_width():
    pygame.font.init()
    from cardgames.config import SEEDS_DIR

    page = markdown.layout(markdown.parse((SEEDS_DIR / "tripeaks.md").read_text()), 900)
    from cardgames.ui import theme

    for run in page.runs:
        assert run.x + theme.font(run.px, run.bold).size(run.text)[0] <= 900 + 1, run.text
    assert page.height > 2000 and len(page.headings) >= 5


def test_backspace_backs_out_like_esc(app, stub_registry):
    for make in (lambda: SettingsScene(app), lambda: StatsScene(app), lambda: RulesScene(app, "stub")):
        sel = start(app, SelectScene(app))
        app.stack.push(make())
        app.stack.apply_pending()
        key(app, pygame.K_BACKSPACE)
        assert top(app) is sel


def test_options_that_do_not_apply_are_dimmed_and_follow_the_mode(app):
    sel = start(app, SelectScene(app, game="tripeaks"))
    rows = {c.label: c for c in sel.cyclers}
    assert sel.options["mode"] == "arcade"
    assert not rows["King-Ace wrap"].enabled and rows["Winnable deals only (Arcade, Relaxed)"].enabled
    sel.set_option("mode", "classic")                 # Classic: the variants, but no winnable-only
    assert rows["King-Ace wrap"].enabled and not rows["Winnable deals only (Arcade, Relaxed)"].enabled
    sel.set_option("mode", "relaxed")
    assert all(c.enabled for c in sel.cyclers)
