"""TriPeaks and Switch played in Telugu: every prompt, log line, toast and label drawn is Telugu (no
English sentence left), and every button and label of those tables and their overlays fits its box
at 1280x720 in every language (text widths measured with the font that draws them)."""
from __future__ import annotations

import time

import pygame
import pytest
from scene_events import FRAME, click, key, table_app
from test_translated_screens import LANGS, check
from untranslated import english, untranslated

from cardgames import i18n
from cardgames.engine import text
from cardgames.games.switch import rules as R
from cardgames.games.switch.hud import CALL_BUTTON, CHOOSER, MOVE_BUTTON, suit_label
from cardgames.games.switch.scene import SwitchScene
from cardgames.games.switch.summary import SwitchSummary
from cardgames.games.tripeaks import solver
from cardgames.games.tripeaks.rules import Play
from cardgames.games.tripeaks.scene import TriPeaksScene
from cardgames.games.tripeaks.scene_overlays import LevelSelectScene, ResultScene
from cardgames.ui import controls, theme

# Not sentences: the computer players' names, key names printed on the keys, the language's own name
NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gia", "Hugo", "Enter", "Esc", "Tab", "Shift", "Space",
         "Ctrl", "Left", "Right", "Up", "Down", "PgUp", "PgDn", "PageUp", "PageDown", "English", "ABC")   # ABC: initials


@pytest.fixture
def app(tmp_path):
    return table_app(tmp_path)


def telugu(s: str) -> bool:
    return any(text.char_script(c) == text.TELUGU for c in s)


def steps(app, n=1):
    for _ in range(n):
        app.step(FRAME)


def wait_until(app, done, seconds=60):
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"still waiting; on top: {app.stack.top}"
        steps(app)
        time.sleep(0.002)


def open_tripeaks(app, **options):
    scene = TriPeaksScene(app, dict(options), seed=11)
    app.stack.push(scene)
    app.stack.apply_pending()
    wait_until(app, lambda: app.stack.top is scene or isinstance(app.stack.top, LevelSelectScene))
    steps(app, 3)
    return scene


def where(scene, action):
    return scene.board.top(f"tableau:{action.slot}" if isinstance(action, Play) else "stock").rect.center


# ---------------------------------------------------------------- played in Telugu


def test_tripeaks_in_telugu_says_everything_in_telugu(app):
    i18n.set_language("te")
    app.settings["anim_speed"] = "off"
    with untranslated() as misses:
        scene = open_tripeaks(app, mode="arcade", level_id="level_01")
        key(app, pygame.K_l)                                   # the level list, and back
        steps(app, 3)
        assert isinstance(app.stack.top, LevelSelectScene)
        key(app, pygame.K_ESCAPE)
        steps(app, 3)
        line = solver.solve(scene.host.state).line
        for action in line[:6]:
            click(app, where(scene, action))
        key(app, pygame.K_h)                                   # a hint
        wait_until(app, lambda: scene.hint_target is not None)
        key(app, pygame.K_z, mod=pygame.KMOD_CTRL)              # Arcade has no undo: a toast says so
        steps(app, 2)
        assert any(telugu(t) for t, *_ in app.toasts.queue)
        for action in line[6:]:
            click(app, where(scene, action))
        steps(app, 30)
        assert isinstance(app.stack.top, ResultScene)
        result = app.stack.top
        result.skip()
        steps(app, 5)
        for ch in "ABC":
            key(app, getattr(pygame, f"K_{ch.lower()}"), unicode=ch)
        key(app, pygame.K_RETURN)                              # the initials, then the buttons
        steps(app, 5)
        assert result.menu is not None and all(telugu(i18n.tr(b.text)) for b in result.menu.widgets)
    assert english(misses, NAMES) == []


def human_choice(scene):
    latest = scene.latest()                 # what seat 0 is sent: its turn's and out-of-turn actions
    legal = [R.parse_action(a) for a in (*latest.legal, *latest.out_of_turn)]
    for kinds in ((R.K_CALL,), (R.K_PLAY,), (R.K_DRAW, R.K_TAKE, R.K_PASS)):
        for a in legal:
            if a.kind in kinds and (a.kind is not R.K_CALL or a.seat == 0):
                return a
    raise AssertionError(f"no move among {legal}")


def test_switch_in_telugu_says_everything_in_telugu(app):
    i18n.set_language("te")
    with untranslated() as misses:
        scene = SwitchScene(app, {"players": 3, "level": "easy"}, seed=3)
        app.stack.push(scene)
        app.stack.apply_pending()
        illegal_tried = False
        for _ in range(4000):
            steps(app)
            if app.stack.top is not scene or scene.over:
                break
            if not (scene.human_turn and not scene.animator.busy and scene.observation().phase is not R.HAND_OVER):
                continue
            legal = [R.parse_action(a) for a in scene.latest().legal]
            playable = {a.card for a in legal if a.kind is R.K_PLAY}
            bad = next((c for c in scene.observation().hand if c not in playable), None)
            if not illegal_tried and bad is not None:   # a card that does not match: the reason, in Telugu
                sprite = next(s for s in scene.board.sprites("hand:0") if s.card == bad)
                click(app, sprite.rect.center)
                steps(app, 2)
                assert telugu(app.toasts.queue[-1][0]), app.toasts.queue[-1][0]
                illegal_tried = True
            scene.act(human_choice(scene))
        steps(app, 120)
        assert isinstance(app.stack.top, SwitchSummary)
        lines = [ln.text for ln in scene.move_log.model.all_lines()]
        assert len(lines) > 5 and all(telugu(t) for t in lines), [t for t in lines if not telugu(t)]
        assert telugu(app.stack.top.title())
    assert illegal_tried
    assert english(misses, NAMES) == []


# ---------------------------------------------------------------- fitting in every language


def prompt_fits(app, prompt: str, rect: pygame.Rect, px: int, bold: bool = True) -> bool:
    """A device prompt drawn centred in a fixed box (Switch's suit chooser)."""
    words = controls.text(app, i18n.tr(prompt))
    return theme.text_width(theme.font(px, bold), words) <= rect.width - 12


@pytest.mark.parametrize("lang", LANGS)
def test_the_tripeaks_tables_and_overlays_fit(app, lang):
    i18n.set_language(lang)
    app.settings["anim_speed"] = "off"
    surface = pygame.Surface((1280, 720))
    for mode in ("arcade", "classic", "relaxed"):
        scene = open_tripeaks(app, mode=mode, level_id="level_01")
        if mode == "arcade":
            scene.open_levels()
            steps(app, 2)
            levels = app.stack.top
            assert isinstance(levels, LevelSelectScene) and check([levels.back_button]) == []
            levels.draw(surface)
            key(app, pygame.K_ESCAPE)
            steps(app, 2)
        assert check(scene.buttons) == [], mode
        for action in solver.solve(scene.host.state).line:
            click(app, where(scene, action))
        steps(app, 30)
        result = app.stack.top
        assert isinstance(result, ResultScene), mode
        result.skip()
        result.entered = True
        steps(app, 3)
        assert check(result.menu.widgets) == [], mode
        result.draw(surface)
        while app.stack.scenes:
            app.stack.pop()
            app.stack.apply_pending()


@pytest.mark.parametrize("lang", LANGS)
def test_the_tripeaks_calendar_and_deal_entry_fit(app, lang):
    from cardgames.games.tripeaks.daily import CalendarScene
    from cardgames.games.tripeaks.deal_entry import DealEntryScene
    from cardgames.scenes.select import SelectScene

    i18n.set_language(lang)
    surface = pygame.Surface((1280, 720))
    calendar = CalendarScene(app)
    assert check(calendar.menu.widgets) == []
    calendar.draw(surface)
    select = SelectScene(app, "tripeaks")
    entry = DealEntryScene(app, select)
    assert check(entry.menu.widgets) == []
    entry.draw(surface)


@pytest.mark.parametrize("lang", LANGS)
def test_the_switch_table_buttons_chooser_and_summary_fit(app, lang):
    i18n.set_language(lang)
    scene = SwitchScene(app, {"players": 3, "level": "easy"}, seed=3)
    app.stack.push(scene)
    app.stack.apply_pending()
    steps(app, 90)
    for prompt in ("Last card!  (L)", i18n.pgettext("action", "Draw"), "Keep card", "Miss turn", "Pass", "Pick up {n}"):
        label = i18n.tr(prompt).replace("{n}", "10") + ("  (P)" if "Last" not in prompt else "")
        rect = CALL_BUTTON if "Last" in prompt else MOVE_BUTTON
        px = scene.button_px(label, rect)   # as the table draws it: 24, smaller for long words, never below 18
        assert px >= 18 and prompt_fits(app, label, rect, px), (lang, label, px)
    for prompt in ("Name the suit  (C D H S, Esc: back)", "Name the suit  (Esc: back)"):
        assert prompt_fits(app, prompt, CHOOSER, 22), (lang, prompt)
    assert theme.text_width(theme.font(16), i18n.tr("Suit to follow")) <= scene.suit_box.width - 8, lang
    for suit, rect in scene.suit_buttons():
        label = suit_label(suit, rect.width - 4)   # as the chooser draws it
        assert theme.text_width(theme.font(15, True), label) <= rect.width - 4, (lang, label)
    # the banner's longest sentences fit the banner
    from cardgames.games.switch.hud import BANNER, banner_px

    plain = ("You drew a card you can play: play it or keep it", "Your turn: match the suit or the value",
             "Nothing to play: draw from the stock ({x})", "Nothing to play: click the stock")
    sentences = [(i18n.tr(s).replace("{x}", "P"), False) for s in plain]
    sentences += [(i18n.tr("You drew the {card}: it cannot be played, you keep it").format(card=i18n.tr("{rank} of {suit}")
                   .format(rank=i18n.tr("Queen"), suit=i18n.tr("diamonds"))), False)]
    sentences += [(i18n.tr(s).format(name="Hugo 12", n=10), True) for s in (
        "Pick up {n}, or play an Ace", "{name}: pick up {n}, or play an Ace", "{name}: play an 8 or miss the turn",
        "Play an 8 or miss your turn")]
    for sentence, bold in sentences:
        px = banner_px(sentence, bold)
        assert theme.text_width(theme.font(px, bold), i18n.tr(sentence)) <= BANNER.width - 16, (lang, sentence)
    while not scene.over:   # to the summary: its button
        steps(app)
        if scene.human_turn and not scene.animator.busy and scene.observation().phase is not R.HAND_OVER:
            scene.act(human_choice(scene))
    steps(app, 120)
    summary = app.stack.top
    assert isinstance(summary, SwitchSummary)
    assert check(summary.menu.widgets) == []
    summary.draw(pygame.Surface((1280, 720)))


@pytest.mark.parametrize("lang", LANGS)
def test_the_achievements_and_statistics_screens_fit(app, lang):
    from cardgames.scenes.achievements import AchievementsScene
    from cardgames.scenes.stats import StatsScene

    i18n.set_language(lang)
    surface = pygame.Surface((1280, 720))
    for game in ("tripeaks", "switch", "online", None):
        shown = AchievementsScene(app, game)
        assert check(shown.menu.widgets) == []
        shown.draw(surface)
        stats = StatsScene(app, game)
        assert check(stats.menu.widgets) == []
        stats.draw(surface)
