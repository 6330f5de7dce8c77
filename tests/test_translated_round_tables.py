"""The Skyjo and Three Thirteen tables in Tamil, Telugu and Kannada: a round played in Tamil leaves
no English sentence on screen (prompts, banners, toasts, the move log, the summary), and every
button and label at those tables fits its box in every language at 1280x720 (text widths
measured with the font that draws them, against the rectangles they are drawn in)."""
import random
import re

import pygame
import pytest
from scene_events import FRAME, jump, key, settle, table_app, wait_for_human
from test_skyjo_scene import human_move_by_mouse as skyjo_move
from test_three_thirteen_scene import human_move_by_mouse as three_thirteen_move
from test_translated_screens import check

from cardgames import i18n
from cardgames.engine import text
from cardgames.games.skyjo.scene import SkyjoScene
from cardgames.games.skyjo.summary import RoundSummaryScene as SkyjoSummary
from cardgames.games.three_thirteen.scene import ThreeThirteenScene
from cardgames.games.three_thirteen.summary import RoundSummaryScene as ThreeThirteenSummary
from cardgames.ui import move_log, theme
from cardgames.ui.move_log import MoveLogScene
from cardgames.ui.widgets import wrap_lines

LANGS = ("en", "ta", "te", "kn")
# Latin words a translated screen may show: key and button names, the computer players' names
ALLOWED = {"Enter", "Esc", "Ctrl", "Tab", "Shift", "Space", "Up", "Down", "Left", "Right", "PgUp", "PgDn",
           "Page", "Home", "End", "F11", "Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gia", "Hugo", "Zoe"}
WORD = re.compile(r"[A-Za-z][A-Za-z']+")


@pytest.fixture
def app(tmp_path):
    return table_app(tmp_path)




def english_left(strings) -> list[str]:
    """The strings that still hold an English word (a key name or a player's name is not one)."""
    return sorted({s for s in strings if any(w not in ALLOWED for w in WORD.findall(s))})


def tamil(s: str) -> bool:
    return any(text.char_script(c) == text.TAMIL for c in s)


def open_table(app, cls, **options):
    scene = cls(app, {"players": 2, "level": "normal", **options}, seed=3)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 1.0)
    return scene


def play_some(app, scene, move, moves):
    """The human makes `moves` moves (the computer plays between them), drawing every frame."""
    surface = pygame.Surface((1280, 720))
    for _ in range(moves):
        wait_for_human(app, scene)
        if app.stack.top is not scene or scene.over or scene.summary_waiting:
            break
        move(app, scene)
        app.stack.top.draw(surface)
    settle(app, 1.0)


def play_to_summary(app, scene, move, summary):
    play_some(app, scene, move, 600)
    settle(app, 3.0)
    assert scene.summary_waiting
    scene.draw(pygame.Surface((1280, 720)))          # the final table with its "Scores" button
    key(app, pygame.K_RETURN)
    app.step(FRAME)
    assert isinstance(app.stack.top, summary)
    app.stack.top.draw(pygame.Surface((1280, 720)))


def open_the_log(app, scene):
    app.stack.pop()                                 # back to the table (the summary's "See the table")
    app.stack.apply_pending()
    key(app, move_log.LOG_KEY)
    app.step(FRAME)
    assert isinstance(app.stack.top, MoveLogScene)
    app.stack.top.draw(pygame.Surface((1280, 720)))
    return app.stack.top


@pytest.mark.parametrize("cls, move, summary", [(SkyjoScene, skyjo_move, SkyjoSummary),
                                                (ThreeThirteenScene, three_thirteen_move, ThreeThirteenSummary)])
def test_a_round_in_tamil_says_everything_in_tamil(app, drawn, cls, move, summary):
    i18n.set_language("ta")
    scene = open_table(app, cls)
    play_some(app, scene, move, 3)
    prompt = i18n.tr(scene.prompt())
    assert tamil(prompt), prompt
    lines = [i18n.tr(line.text) for line in scene.move_log.model.all_lines()]
    assert len(lines) >= 3 and all(tamil(line) for line in lines), lines
    play_to_summary(app, scene, move, summary)
    assert tamil(i18n.tr(app.stack.top.title()))
    view = open_the_log(app, scene)
    rows = [row for row, _colour, heading in view.rows if not heading]
    assert rows and all(tamil(row) for row in rows), rows
    assert english_left(drawn) == [], "\n".join(english_left(drawn))


@pytest.mark.parametrize("game", ["skyjo", "three_thirteen"])
def test_the_tutorials_in_tamil(app, drawn, game):
    """Every step of the lesson, its panel, its buttons and the table around it in Tamil."""
    from test_tutorial_three_thirteen import move as three_thirteen_lesson_move
    from tutorial_events import click_move, play_through

    from cardgames import tutorial

    i18n.set_language("ta")
    scene = tutorial.start(app, game)
    app.stack.apply_pending()
    steps = []

    def move(app, scene, text):
        steps.append(i18n.tr(scene.step.text))
        (three_thirteen_lesson_move if game == "three_thirteen" else click_move)(app, scene, text)

    play_through(app, scene, move)
    assert scene.ended == "finished" and steps and all(tamil(s) for s in steps), steps
    assert english_left(drawn) == [], "\n".join(english_left(drawn))


def test_a_switch_of_language_rewrites_the_lines_already_written(app):
    i18n.set_language("en")
    scene = open_table(app, SkyjoScene)
    play_some(app, scene, skyjo_move, 2)
    line = scene.move_log.model.all_lines()[-1].text
    assert not tamil(i18n.tr(line))
    i18n.set_language("ta")
    assert tamil(i18n.tr(line)) and "{" not in i18n.tr(line)
    i18n.set_language("kn")
    assert any(text.char_script(c) == text.KANNADA for c in i18n.tr(line))


# ---------------------------------------------------------------- fitting at 1280x720
def width(s: str, px: int, bold: bool = False) -> int:
    return theme.text_width(theme.font(px, bold), i18n.tr(s))


def fits(s: str, px: int, room: int, bold: bool = False) -> list[str]:
    w = width(s, px, bold)
    return [] if w <= room else [f"{i18n.tr(s)!r} is {w} px wide in {room} px"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_three_thirteen_table_fits(app, lang):
    from cardgames.games.three_thirteen import hud, rules

    i18n.set_language(lang)
    scene = open_table(app, ThreeThirteenScene, players=8)
    problems = check(scene.buttons.values())
    # the left panel, from x=40 to the stock (whose cards lie at the same height)
    room = hud.STOCK_POS[0] - 40 - 10
    problems += fits(i18n.said("Round {n} of {rounds}", n=11, rounds=11), 22, room, bold=True)
    for s in ("Stock reshuffled: last pass", "Aces high or low (15 pts)", "Aces low (1 pt)",
              i18n.said("{ranks} are wild", ranks=hud.rank_plural(rules.wild_rank(10))),
              i18n.said("Dealer: {name}", name="Player 4")):
        problems += fits(s, 18, room)
    # your numbers above the buttons: the label left of the big penalty figure
    for s, px in (("Points outside melds", 17), ("if it ended now", 15)):   # beside a two-digit figure
        problems += fits(s, px, hud.BUTTON_W - theme.text_width(theme.font(40, True), "88") - 6)
    mine = width("You", 22, True) + 8 + width(i18n.said("Total {n}", n=188), 22, True)
    problems += [] if mine <= hud.BUTTON_W else [f"your name and total are {mine} px in {hud.BUTTON_W}"]
    # an opponent's box: the name at the least left of the total (the level too where it fits, else it is
    # left out), the cards left in the status row left of the thrown card (and "next", or a frame)
    box = scene._box(1)
    total = theme.text_width(theme.font(18, True), "188")
    problems += fits("Cleo", 16, box.w - 2 * hud.BOX_PAD - 12 - total)
    status = hud.box_cards(box).right - (box.x + hud.BOX_PAD + 2)
    for note in (i18n.said_n("{n} card", "{n} cards", 13), "laid down"):
        problems += fits(note, 15, status)
    # "last" over the thrown card: inside the box, reaching at most 12 px over the hand's column
    problems += fits("last", 13, box.right - 3 - (hud.box_cards(box).right - 12))
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_the_skyjo_table_fits(app, lang, monkeypatch):
    from cardgames.games.skyjo import scene as skyjo

    i18n.set_language(lang)
    scene = open_table(app, SkyjoScene, players=8)
    drawn_at: list[tuple[str, int, pygame.Rect]] = []
    draw_text = scene.draw_text

    def spy(surface, s, pos, px=22, *a, **kw):
        rect = draw_text(surface, s, pos, px, *a, **kw)
        drawn_at.append((i18n.tr(s), px, rect))
        return rect

    monkeypatch.setattr(scene, "draw_text", spy)
    surface = pygame.Surface((1280, 720))
    problems = []
    # the middle, right-aligned left of the draw pile and right of the left seat's grid: at most two lines
    right = skyjo.DRAW_POS[0] - 24
    for s in (i18n.said("Round {n} · game to {target}", n=12, target=200), "Every card turns over",
              "Place the card, or discard it", "Turn over a face-down card",
              i18n.said_n("Turn over {n} card", "Turn over {n} cards", 2), i18n.said("Take the {card} or draw", card=12),
              i18n.said("Take the {card} or draw ({x})", card=-2, x="D"), "Round 12 over", "Game over",
              i18n.said_by("Cleo", "You are playing", "{name} is playing")):
        drawn_at.clear()
        scene.draw_fitted(surface, s, (right, 256), 22, skyjo.MIDDLE_ROOM, theme.TEXT, bold=True)
        if len(drawn_at) > 2 or any(r.left < right - skyjo.MIDDLE_ROOM or px < 14 for _t, px, r in drawn_at):
            problems.append(f"{i18n.tr(s)!r} drawn as {[(t, px, r.left) for t, px, r in drawn_at]}")
    # "LAST TURN!" and who revealed every card, between the piles and the right seat
    x = skyjo.HELD_POS[0] + skyjo.BIG[0] + 24
    for s, px in (("LAST TURN!", 34), (i18n.said_by("Cleo", "You revealed every card", "{name} revealed every card"),
                                       18)):
        drawn_at.clear()
        scene.draw_fitted(surface, s, (x, 236), px, skyjo.LAST_TURN_ROOM, theme.TEXT, anchor="topleft", bold=True)
        if any(r.right > x + skyjo.LAST_TURN_ROOM for _t, _px, r in drawn_at):
            problems.append(f"{i18n.tr(s)!r} runs into the right seat")
    # a small grid's name line: the name at the left, "showing n" and the total at the right
    name = width("Cleo", 17) + width(i18n.said("showing {n}", n=-4), 15) + width("88", 17, True) + 10
    problems += [] if name <= skyjo.BOX_W else [f"a seat's name line is {name} px in {skyjo.BOX_W}"]
    # your own panel left of your grid: "Total", "Points showing" right-aligned from x=
    mine = skyjo.MY_GRID[0] - 20 - (skyjo.SPOTS["LL"][0] + skyjo.BOX_W + 10)
    problems += fits(i18n.said("Total {n}", n=188), 22, mine)
    problems += fits(i18n.said("Points showing: {n}", n=-12), 18, mine)
    # the news banner beside the piles (its title shrinks from 26 px to 20 or 17 when need be)
    news = scene.news.rect
    for title in (i18n.said_by("You", "You cleared a column", "{name} cleared a column"),
                  i18n.said_by("Cleo", "You cleared a column", "{name} cleared a column"),
                  i18n.said_by("Cleo", "Your score doubled", "{name}'s score doubled"), "Last turn!",
                  i18n.said_by("Cleo", "You start", "{name} starts")):
        problems += fits(title, 17, news.w - 20, bold=True)   # at 26, 20 or, the last resort, 17 px
    for detail in (i18n.said("three {card}s leave the grid", card=-2),
                   i18n.said("{raw} becomes {score}: not the lowest", raw=40, score=80),
                   i18n.said_by("Cleo", "You revealed every card", "{name} revealed every card"),
                   "the first turn of the round", "turn over two cards"):
        problems += fits(detail, 15, news.w - 12)
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_the_shared_table_parts_fit(app, lang):
    """The "Scores" button, the move log's corner and view, the pass-and-play curtain, the
    tutorial panel's buttons and the summaries' buttons."""
    from cardgames.ui import curtain

    i18n.set_language(lang)
    scene = open_table(app, SkyjoScene)
    button = scene.summary_button
    problems = fits("Final scores (Enter)", theme.BODY, button.w - 12, bold=True)
    problems += fits("Scores (Enter)", theme.BODY, button.w - 12, bold=True)
    corner = scene.move_log.corner
    problems += fits("Log (J)", 13, corner.button.w - 4)
    view = MoveLogScene(app, scene.move_log.model, 0)
    problems += fits("Close", theme.SMALL, view._close_rect().w - 8)
    problems += fits("Wheel / Up / Down / Page Up / Page Down: scroll    J or Esc: close", theme.SMALL, view.box.w - 20)
    player = i18n.seat_word("Player 4")
    problems += fits(i18n.said("{name}'s turn", name=player), theme.HEADING, curtain.BOX.w - 20, bold=True)
    for hint in (i18n.said("Pass the computer to {name}, then click or press Enter", name=player),
                 i18n.said("Pass the computer over, then {press}", press=i18n.tr("Click").lower())):
        rows = wrap_lines(hint, curtain.BOX.w - 2 * curtain.TEXT_MARGIN, theme.BODY)
        if len(rows) > 2:
            problems.append(f"{i18n.tr(hint)!r} takes {len(rows)} lines in the pass-and-play box")
    problems += fits("Skip (Esc)", theme.SMALL + 1, 150 - 12, bold=True)
    problems += fits("Next (Enter)", theme.SMALL + 1, 180 - 12, bold=True)
    problems += fits("Finish (Enter)", theme.SMALL + 1, 180 - 12, bold=True)
    assert problems == [], "\n".join(problems)
    # the summaries' buttons, between rounds and at the end
    for summary in (SkyjoSummary, ThreeThirteenSummary):
        game = scene if summary is SkyjoSummary else open_table(app, ThreeThirteenScene)
        jump(game, _scored(game))
        for final in (False, True):
            game.over = final
            overlay = summary(app, game)
            assert check(overlay.menu.widgets) == [], (summary, final)
            overlay.draw(pygame.Surface((1280, 720)))


def _scored(scene):
    """The scene's state once a round has been scored: seeded random legal moves to the round's end."""
    rules, state, rnd = scene.rules, scene.host.state, random.Random(7)
    for _ in range(20000):
        if state.rounds:
            return state
        state, _events = rules.apply(state, rnd.choice(rules.legal_actions(state)))
    raise AssertionError("no round ended")
