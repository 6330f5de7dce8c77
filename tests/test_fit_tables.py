"""The card tables' panels and labels fit at 1280x720 in every language, in their fullest states:
every string the scene draws is measured where it lands (GameScene.draw_text's rect) against the
box it belongs to, and nothing of a sentence is cut with "…" (a name the player typed may be)."""
from __future__ import annotations

import itertools

import pygame
import pytest
from scene_events import jump, table_app
from test_translated_screens import LANGS

from cardgames import i18n
from cardgames.core.cards import parse_cards, standard_deck
from cardgames.games.switch import rules as R
from cardgames.games.switch.hud import BANNER
from cardgames.games.switch.scene import SwitchScene

NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gia", "Hugo")


@pytest.fixture
def app(tmp_path):
    return table_app(tmp_path)


def spy_text(monkeypatch, scene) -> list[tuple[str, pygame.Rect]]:
    """What the scene's draw_text draws from now on: (the text in the language, where it landed)."""
    drawn: list[tuple[str, pygame.Rect]] = []
    real = scene.draw_text

    def draw_text(surface, text, pos, *args, **kw):
        rect = real(surface, text, pos, *args, **kw)
        drawn.append((i18n.tr(text), rect))
        return rect

    monkeypatch.setattr(scene, "draw_text", draw_text)
    return drawn


def switch_table(app, players: int, turn: int) -> SwitchScene:
    """A match hand with the most a panel ever says: 188 points, a computer's level, a called "Last
    card!" (every second seat), a thirteen-card hand, the turn marker at `turn` and "next" after it."""
    deck = [c for c in standard_deck() if str(c) not in ("9C", "4H", "4S", "6D", "7S")]
    hands = [[deck.pop() for _ in range(3)]]
    for seat in range(1, players):
        hands.append([deck.pop() for _ in range(1 if seat % 2 else 13 if players < 5 else 6)])
    state = R.deal({"match": True}, hands, parse_cards("4H 4S 6D 7S"), parse_cards("9C"), turn=turn,
                   called=[seat % 2 == 1 for seat in range(players)], totals=[188] * players)
    scene = SwitchScene(app, {"players": players, "level": "normal", "match": True}, seed=3)
    jump(scene, state)
    scene.sync(animate=False)
    app.stack.push(scene)
    app.stack.apply_pending()
    return scene


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_switch_panels_fit(app, monkeypatch, lang, players):
    i18n.set_language(lang)
    problems = []
    for turn in range(players):   # the marker ("to play", "next") on every panel in turn
        scene = switch_table(app, players, turn)
        drawn = spy_text(monkeypatch, scene)
        scene.draw_hud(pygame.Surface((1280, 720)))
        panels = [scene.panel_rect(seat) for seat in range(players)]
        for text, rect in drawn:
            box = next((p for p in panels if p.colliderect(rect)), None)
            if box is None:
                continue
            if not box.inflate(-8, -4).contains(rect):
                problems.append(f"{text!r} at {rect} leaves its panel {box}")
            if text.endswith("…") and text[:-1] not in "".join(NAMES):
                problems.append(f"{text!r} is cut")
        lines = [[r for t, r in drawn if p.contains(r)] for p in panels]
        for rects in lines:   # no two strings of a panel overlap
            problems += [f"{a} overlaps {b}" for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]
        said = " ".join(t for t, _ in drawn)
        if players > 2 and i18n.tr("LAST CARD") not in said:
            problems.append("no panel says LAST CARD")
        app.stack.pop()
        app.stack.apply_pending()
    # the others' panels side by side, never touching
    assert all(a.right < b.left for a, b in itertools.pairwise(panels[1:])), panels
    assert problems == [], "\n".join(sorted(set(problems)))


@pytest.mark.parametrize("lang", LANGS)
def test_the_switch_pile_labels_clear_the_banner(app, lang):
    """The labels under the stock and the discard pile ("Stock", "Discard": taller in Telugu and
    Kannada) end above the banner below them."""
    i18n.set_language(lang)
    scene = switch_table(app, 3, 0)
    for name in ("stock", "discard"):
        pile = scene.board.piles[name]
        rect = pile.base_rect(scene.board.size_of(name))
        bottom = rect.bottom + 6 + scene.board.font.size(i18n.tr(pile.label))[1]   # as Board._draw_mat puts it
        assert bottom <= BANNER.top, (lang, name, bottom, BANNER.top)


@pytest.fixture
def cut(monkeypatch):
    """Every string drawn cut short with "…" (widgets.clip_text's mark), with the screen it was on."""
    from cardgames.engine import text as text_module
    from cardgames.ui import controls, move_log, theme

    found: list[tuple[str, str]] = []
    where = {"screen": ""}
    real = text_module.MixedFont.render

    def render(self, s, *args, **kw):
        s = str(s)
        if s.endswith("…") and s != "…" and s[:-1] not in "".join(NAMES):
            found.append((where["screen"], s))
        return real(self, s, *args, **kw)

    monkeypatch.setattr(text_module.MixedFont, "render", render)
    for cache in (theme._texts, move_log._line_cache, controls._cache):
        cache.clear()
    return found, where


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["skyjo", "three_thirteen", "switch"])
def test_no_sentence_is_cut_on_the_tables_and_summaries(app, cut, lang, game):
    """The table with the most players, a round played by computers to its summary, and the
    tutorial: nothing drawn is cut with "…"."""
    from scene_events import FRAME, settle

    from cardgames import tutorial
    from cardgames.games import registry

    found, where = cut
    i18n.set_language(lang)
    info = registry.get(game)
    counts = [v for v, _ in next(o for o in info.options if o.key == "players").choices]
    where["screen"] = f"{game} {max(counts)} players"
    app.stack.reset(info.scene_class()(app, {"players": max(counts)}, seed=5))
    app.stack.apply_pending()
    settle(app, 3.0)
    scene = info.scene_class()(app, {"players": 3, "humans": ()}, seed=9)
    where["screen"] = f"{game} watched"
    app.stack.reset(scene)
    app.stack.apply_pending()
    for _ in range(30000):
        if app.stack.top is not scene:
            break
        app.step(FRAME)
    where["screen"] = f"{game} summary"
    settle(app, 1.0)
    assert type(app.stack.top).__name__.endswith(("Summary", "SummaryScene"))
    where["screen"] = f"{game} tutorial"
    tutorial.start(app, game)
    app.stack.apply_pending()
    settle(app, 3.0)
    assert found == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["skyjo", "three_thirteen", "switch"])
def test_the_pile_labels_keep_apart(app, lang, game):
    """The labels under the piles ("Draw" pile, "Discard", "Stock": as Board._draw_mat puts them) touch
    neither each other nor another pile, with the most players."""
    from cardgames.games import registry

    i18n.set_language(lang)
    info = registry.get(game)
    most = max(v for v, _ in next(o for o in info.options if o.key == "players").choices)
    scene = info.scene_class()(app, {"players": most}, seed=5)
    board = scene.board
    labels, bases = {}, {}
    for name, pile in board.piles.items():
        base = pile.base_rect(board.size_of(name))
        bases[name] = base
        if pile.label:
            w, h = board.font.size(i18n.tr(pile.label))
            labels[name] = pygame.Rect(0, 0, w, h)
            labels[name].midtop = (base.centerx, base.bottom + 6)
    assert labels, game
    problems = [f"{a} label over {b}'s" for a in labels for b in labels if a < b and labels[a].colliderect(labels[b])]
    problems += [f"{a} label over pile {b}" for a in labels for b, r in bases.items()
                 if b != a and labels[a].colliderect(r) and not b.startswith("hand")]
    assert problems == [], (lang, game, problems, {k: (i18n.tr(board.piles[k].label), tuple(v)) for k, v in labels.items()})
