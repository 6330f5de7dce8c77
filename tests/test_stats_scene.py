"""The statistics screen: each game's modes, the summary, the last 50 games in a list that
scrolls, a TriPeaks deal dealt again from it, and a reset that asks first."""
import json

import pygame
import pytest
from scene_events import FRAME, click, key, settle

from cardgames import records
from cardgames.app import headless_app
from cardgames.games import registry
from cardgames.games.tripeaks.scene import TriPeaksScene
from cardgames.records import GameResult, record_game
from cardgames.scenes.confirm import ConfirmScene
from cardgames.scenes.stats import VISIBLE, StatsScene, date_text, options_text


@pytest.fixture
def app(tmp_path):
    a = headless_app(tmp_path / "data")
    yield a
    pygame.display.quit()


def open_stats(app, game):
    app.stack.reset(StatsScene(app, game))
    app.stack.apply_pending()
    app.step(FRAME)
    return app.stack.top


def wheel(app, y):
    app.step(FRAME, [pygame.event.Event(pygame.MOUSEWHEEL, {"x": 0, "y": y, "flipped": False})])


def some_tripeaks(app, n=60):
    for i in range(n):
        mode = ("arcade", "classic", "relaxed")[i % 3]
        record_game(app.storage, "tripeaks", GameResult(
            won=i % 2 == 0, options={"mode": mode, "wrap": i % 4 != 1, "deal": 5000 + i}, seed=5000 + i,
            score=i * 10, seconds=60 + i, figures={"run": i % 9, "money": 3}, when=1_780_000_000 + i * 60))


def test_each_mode_has_its_page_with_the_summary(app):
    some_tripeaks(app, 9)
    record_game(app.storage, "tripeaks", GameResult(won=True, options={"mode": "arcade", "daily": "2026-12-01"}))
    st = open_stats(app, "tripeaks")
    assert [b.text for b in st.mode_buttons] == ["Arcade", "Classic", "Relaxed", "Daily challenge"]
    assert st.rows[:5] == [("Games played", "3"), ("Games won", "2"), ("Win rate", "67%"),
                           ("Current winning streak", "1"), ("Best winning streak", "1")]
    assert ("Best score", "60") in st.rows and ("Longest run of cards", "6") in st.rows
    click(app, st.mode_buttons[1].rect.center)
    assert st.mode_index == 1 and ("Classic bank", "$9") in st.rows
    assert ("Best time (cleared)", "1:04") in st.rows            # the won Classic hand of 64 s
    key(app, pygame.K_RIGHT)                                     # on a mode chip: the next one
    st.menu.set_focus(st.tabs[0])
    key(app, pygame.K_RIGHT)
    assert st.info.name == "skyjo" and not st.played and st.mode_buttons == []


def test_practice_is_its_own_view(app):
    record_game(app.storage, "skyjo", GameResult(won=True, score=20, figures={"total": 20}))
    record_game(app.storage, "skyjo", GameResult(won=False, score=50, figures={"total": 50},
                                                 options={"practice": True, "players": 2}))
    st = open_stats(app, "skyjo")
    assert [b.text for b in st.mode_buttons] == ["All games", "Practice"]
    assert ("Best final total", "20") in st.rows
    st.show_mode(1)
    assert ("Best final total", "50") in st.rows and st.rows[1] == ("Games won", "0")
    assert st.history.entries[0]["options"]["practice"] is True


def test_the_last_fifty_newest_first_scroll_by_keys_and_wheel(app):
    for i in range(records.HISTORY + 5):
        record_game(app.storage, "switch", GameResult(won=i % 2 == 0, options={"players": 3, "match": False},
                                                      when=1_780_000_000 + i * 60))
    st = open_stats(app, "switch")
    h = st.history
    assert len(h.entries) == records.HISTORY
    stamps = [e["date"] for e in h.entries]
    assert stamps == sorted(stamps, reverse=True)                  # newest first
    st.menu.set_focus(h)
    key(app, pygame.K_DOWN)
    assert h.selected == 1 and h.scroll == 0
    key(app, pygame.K_PAGEDOWN)
    assert h.selected == 1 + VISIBLE and h.scroll == h.selected - VISIBLE + 1
    key(app, pygame.K_END)
    assert h.selected == records.HISTORY - 1 and h.scroll == records.HISTORY - VISIBLE
    key(app, pygame.K_HOME)
    assert h.selected == 0 and h.scroll == 0
    wheel(app, -3)
    assert h.scroll == 3 and h.selected == 3
    wheel(app, 10)
    assert h.scroll == 0 and h.selected == 3                       # the pick stays while it is in view
    key(app, pygame.K_HOME)
    key(app, pygame.K_UP)                                          # at the top: the focus goes up out of it
    assert st.menu.focused is not h
    st.draw(pygame.Surface((1280, 720)))


def test_a_click_on_a_row_picks_it(app):
    some_tripeaks(app, 12)
    st = open_stats(app, "tripeaks")
    h = st.history
    y = h.rect.y + 4 + 2 * 30 + 15
    click(app, (h.rect.centerx, y))
    assert h.selected == 2
    assert st.replay_button.enabled and st.replay_button.text == f"Play deal #{h.entries[2]['deal']}"


def test_a_tripeaks_deal_is_dealt_again_from_the_list(app):
    some_tripeaks(app, 6)
    st = open_stats(app, "tripeaks")
    st.show_mode(1)                                                # Classic: dealt at once, no level list
    entry = st.history.entries[0]
    assert entry["options"]["mode"] == "classic"
    st.menu.set_focus(st.history)
    key(app, pygame.K_RETURN)
    app.stack.apply_pending()
    game = app.stack.top
    assert isinstance(game, TriPeaksScene)
    assert game.seed == entry["seed"] and game.options["deal"] == entry["deal"] and game.mode == "classic"
    again = TriPeaksScene(app, {"mode": "classic", "wrap": entry["options"]["wrap"]}, seed=entry["seed"])
    assert again.host.state == game.host.state                               # the same deal


def test_no_replay_for_the_games_without_deal_numbers(app):
    record_game(app.storage, "skyjo", GameResult(won=True, score=20, figures={"total": 20}, seed=3))
    st = open_stats(app, "skyjo")
    assert st.replay_button not in st.menu.widgets
    assert st.replay() is False and app.stack.top is st


def test_the_reset_asks_first_and_keeps_the_tripeaks_levels(app):
    app.storage.update_stats("tripeaks", lambda d: {"levels": {"level_01": {"stars": 3, "best": 9, "table": []}}})
    some_tripeaks(app, 4)
    record_game(app.storage, "skyjo", GameResult(won=True, score=20, figures={"total": 20}))
    st = open_stats(app, "tripeaks")
    click(app, st.reset_button.rect.center)
    app.stack.apply_pending()
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene) and confirm.menu.focused is confirm.no_button   # the safe choice first
    assert confirm.question == "Reset TriPeaks statistics?" and "Arcade levels" in confirm.detail
    confirm.draw(pygame.Surface((1280, 720)))
    key(app, pygame.K_ESCAPE)                                      # Esc keeps them
    app.stack.apply_pending()
    assert app.stack.top is st and st.played
    click(app, st.reset_button.rect.center)
    app.stack.apply_pending()
    key(app, pygame.K_RETURN)                                      # Enter on "Cancel" keeps them too
    app.stack.apply_pending()
    assert app.stack.top is st and records.load(app.storage, "tripeaks")["modes"]
    click(app, st.reset_button.rect.center)
    app.stack.apply_pending()
    click(app, app.stack.top.yes_button.rect.center)
    app.stack.apply_pending()
    assert app.stack.top is st and not st.played and not st.reset_button.enabled
    assert records.load(app.storage, "tripeaks")["modes"] == {}
    assert app.storage.stats("tripeaks")["levels"]["level_01"]["stars"] == 3
    assert records.load(app.storage, "skyjo")["modes"]["standard"]["games"] == 1   # one game only


def test_a_damaged_file_opens_the_screen(app, tmp_path):
    folder = app.storage.data_dir
    folder.mkdir(parents=True, exist_ok=True)
    damaged = {"tripeaks": {"records": {"modes": {"classic": {"games": "x", "history": [1, {"won": "yes"}]},
                                                  "arcade": []}}},
               "skyjo": {"games": "x"}, "switch": "junk"}
    (folder / "stats.json").write_text(json.dumps({"version": 1, "kind": "stats", "data": damaged}))
    app.storage._cache.clear()
    for game in ("tripeaks", "skyjo", "three_thirteen", "switch"):
        st = open_stats(app, game)
        st.draw(pygame.Surface((1280, 720)))
        settle(app, 0.1)


def test_texts():
    info = registry.BY_NAME["tripeaks"]
    opts = {"mode": "arcade", "wrap": False, "winnable": True, "level_id": "level_03"}
    assert options_text(info, opts) == "Level 3  ·  Arcade  ·  Winnable deals only: On"   # variants: not in Arcade
    assert options_text(info, dict(opts, mode="classic"), short=True) == "Level 3, King-Ace wrap: Off"
    skyjo = registry.BY_NAME["skyjo"]
    assert options_text(skyjo, {"players": 4, "level": "hard", "target": 100}, short=True) == \
        "4 players, Hard"
    assert date_text("2026-11-13 14:22", today="2026-12-01") == "13 Nov 14:22"
    assert date_text("2025-01-02 09:05", today="2026-12-01") == "2 Jan 2025"
    assert date_text("", today="2026-12-01") == "–"
