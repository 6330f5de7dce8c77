"""The gamepad on every screen (issue 23): leaving the title asks first, Start pauses a tutorial,
the controller messages cover no prompt, and the names dialog replaces a pre-filled name. The pad
is driven by posted controller events, as a real pad's arrive."""
from __future__ import annotations

import pygame
import pytest
from scene_events import FRAME, key, settle, table_app

from cardgames.scenes.confirm import ConfirmScene
from cardgames.scenes.title import TitleScene
from cardgames.ui import controls, theme

BUTTONS = {"a": pygame.CONTROLLER_BUTTON_A, "b": pygame.CONTROLLER_BUTTON_B, "x": pygame.CONTROLLER_BUTTON_X,
           "y": pygame.CONTROLLER_BUTTON_Y, "start": pygame.CONTROLLER_BUTTON_START,
           "up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
           "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
           "lb": pygame.CONTROLLER_BUTTON_LEFTSHOULDER, "rb": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER}


def button(app, name, frames=1):
    """A pad button pressed and released (a frame each), then `frames - 1` more frames."""
    for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
        app.step(FRAME, [pygame.event.Event(kind, {"button": BUTTONS[name], "instance_id": 99})])
    settle(app, FRAME * (frames - 1))


@pytest.fixture
def app(tmp_path):
    app = table_app(tmp_path)
    pygame.event.clear()
    return app


def show(app, scene, seconds=0.5):
    app.stack.reset(scene)
    app.stack.apply_pending()
    settle(app, seconds)
    return scene


def fresh(drawn):
    """Forget what was drawn, and the text pictures kept, so the next frame renders every string."""
    drawn.clear()
    theme._texts.clear()
    controls._cache.clear()


def top(app):
    return app.stack.top


# ---------------------------------------------------------------- the title
def test_b_on_the_title_asks_before_it_quits(app):
    title = show(app, TitleScene(app))
    button(app, "b")
    assert app.running and isinstance(top(app), ConfirmScene)   # asked, not gone
    button(app, "b")                                            # B again: no, stay
    assert app.running and top(app) is title
    button(app, "b")
    button(app, "left")                                         # to "Quit" (the safe "Cancel" has the focus)
    button(app, "a")
    assert not app.running


def test_every_other_pad_button_leaves_the_title_for_the_select_screen(app):
    from cardgames.scenes.select import SelectScene

    for name in ("a", "x", "y", "start", "rb"):
        show(app, TitleScene(app), 0.1)
        button(app, name)
        assert isinstance(top(app), SelectScene), name


def test_the_title_prompt_on_a_pad_says_what_b_does(app, drawn):
    app.input.device = "pad"
    show(app, TitleScene(app), 0.1)
    fresh(drawn)
    app.draw(app.canvas.surface)
    assert any("quit" in s for s in drawn), drawn


def test_keyboard_esc_on_the_title_still_quits_at_once(app):
    show(app, TitleScene(app))
    key(app, pygame.K_ESCAPE)
    assert not app.running


# ---------------------------------------------------------------- the names dialog
def names_dialog(app, humans, own=("Ben", "Robo")):
    from cardgames.scenes.select import SelectScene

    app.settings["player_names"] = list(own)
    select = show(app, SelectScene(app, game="switch"), 0.1)
    select.set_option("hotseat", humans)
    select.edit_names()
    app.stack.apply_pending()
    settle(app, 0.1)
    return top(app)


def text(app, s):
    app.step(FRAME, [pygame.event.Event(pygame.TEXTINPUT, {"text": s})])


def test_typing_into_a_pre_filled_name_replaces_it(app):
    names = names_dialog(app, 1)
    text(app, "Sam")                          # the first field has the focus, "Ben" all selected
    assert app.settings["player_names"][0] == "Sam"
    key(app, pygame.K_DOWN)                   # "Robo": selected as the focus arrives
    key(app, pygame.K_BACKSPACE)              # clears the selected name
    text(app, "Kay")
    assert app.settings["player_names"][:2] == ["Sam", "Kay"]
    text(app, "e")                            # then letters add on
    assert names.fields[1].text == "Kaye"


def test_with_two_humans_the_first_seat_is_player_1_not_you(app, drawn):
    names = names_dialog(app, 2, own=())
    assert names.humans[0].placeholder == "Player 1"
    fresh(drawn)
    app.draw(app.canvas.surface)
    assert "You (playing alone)" not in drawn
    alone = names_dialog(app, 1, own=())
    assert alone.humans[0].placeholder == "You (playing alone)"


# ---------------------------------------------------------------- a tutorial
KEY_WORDS = ("Esc", "Enter", "click", "Click", "F11", "(N)", "Tab", "Backspace", "mouse", "keyboard")


def keyboard_words(drawn):
    """The drawn strings that name a key of the keyboard or the mouse."""
    return [s for s in drawn if any(w in s for w in KEY_WORDS)]


def open_tutorial(app, game="tripeaks"):
    from tutorial_events import wait_ready

    from cardgames import tutorial

    ended = []
    scene = tutorial.start(app, game, on_end=lambda: ended.append(True))
    app.stack.apply_pending()
    wait_ready(app, scene)
    return scene, ended


def test_start_pauses_a_tutorial_and_its_pause_can_skip_it(app):
    scene, ended = open_tutorial(app)
    button(app, "start")
    assert isinstance(top(app), ConfirmScene)           # "Tutorial paused"
    button(app, "start")                                 # Start again: on with the lesson
    assert top(app) is scene and scene.ended is None
    button(app, "start")
    button(app, "left")                                  # "Skip tutorial" (Resume has the focus)
    button(app, "a", 3)
    assert scene.ended == "skipped" and ended == [True] and scene not in app.stack.scenes


def test_a_tutorials_buttons_name_the_pads_buttons(app, drawn):
    scene, _ = open_tutorial(app)
    button(app, "up", 2)                                 # the pad in use (a reading step: Next is shown)
    assert scene.step is not None and not scene.step.expect
    fresh(drawn)
    app.draw(app.canvas.surface)
    assert "Skip (B)" in drawn and "Next (A)" in drawn
    assert keyboard_words(drawn) == []
    key(app, pygame.K_UP)                                # the keyboard again: its keys
    fresh(drawn)
    app.draw(app.canvas.surface)
    assert "Skip (Esc)" in drawn and "Next (Enter)" in drawn


# ---------------------------------------------------------------- a controller comes and goes
@pytest.mark.parametrize("language", ["en", "ta"])
def test_the_controller_messages_cover_no_prompt_and_no_button(app, language):
    from cardgames import i18n
    from cardgames.scenes import common
    from cardgames.scenes.select import SelectScene
    from cardgames.scenes.settings import SettingsScene

    i18n.set_language(language)
    try:
        for make in (TitleScene, SelectScene, SettingsScene):
            for device in ("keyboard", "pad"):
                scene = show(app, make(app), 0.1)
                app.input.device = device
                app.pads.notices.append(i18n.said("{name} connected", name="Xbox 360 Wireless Controller"))
                settle(app, 0.2)
                app.draw(app.canvas.surface)
                prompt = common.HINTS[0]
                words, notice = app.pad_notice.rect(app.canvas.surface.get_size(), prompt)
                assert app.pad_notice and not app.toasts
                assert app.canvas.surface.get_rect().contains(notice) and words.strip("…")
                assert not notice.colliderect(prompt), (make, device)
                widgets = [w.rect for w in getattr(getattr(scene, "menu", None), "widgets", [])] + \
                    [t.rect for t in getattr(scene, "tiles", [])]
                assert notice.collidelist(widgets) < 0, (make, device)
        settle(app, 4)
        assert not app.pad_notice                               # gone after a few seconds
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------- no keyboard or mouse words on a pad
def drawn_on_pad(app, drawn):
    """Every string the screen draws with the pad in use."""
    app.input.device = "pad"
    fresh(drawn)
    app.draw(app.canvas.surface)
    return list(drawn)


def test_the_pass_and_play_curtain_asks_for_the_pads_button(app, drawn):
    from input_drive import open_table

    from cardgames.core.cards import parse_cards
    from cardgames.games.switch import rules
    from cardgames.games.switch.scene import SwitchScene
    from cardgames.ui.curtain import LOOK

    state = rules.deal({}, [parse_cards("5C 9H 3D"), parse_cards("6C KS 4H")], parse_cards("4D 4S 6D 7S"),
                       parse_cards("9C"))
    scene = open_table(app, SwitchScene(app, {"hotseat": 2}), state=state)
    scene.act(rules.parse_action("0 play 5C"))
    settle(app, 0.6 + LOOK)
    assert scene.curtain.down
    shown = drawn_on_pad(app, drawn)
    assert any("Pass the controller to Player 2, then press A" in s for s in shown), shown
    assert keyboard_words(shown) == []
    button(app, "a")                                         # and A lifts it
    assert not scene.curtain.down and scene.viewer == 1


def test_tripeaks_corner_buttons_name_the_pads_buttons(app, drawn):
    from input_drive import open_table

    from cardgames.games.tripeaks.scene import TriPeaksScene

    for mode, want in (("classic", {"Menu (Start)", "Next hand"}), ("relaxed", {"Hint (Y)", "Undo", "New deal"})):
        scene = open_table(app, TriPeaksScene(app, {"mode": mode}, seed=3))
        shown = drawn_on_pad(app, drawn)
        assert want <= set(shown), shown
        assert keyboard_words(shown) == [], mode
        key(app, pygame.K_UP)
        assert scene.buttons[0].text == "Menu (Esc)"              # (its name for the focus ring stays)
        fresh(drawn)
        app.draw(app.canvas.surface)
        assert "Menu (Esc)" in drawn
        app.stack.reset(TitleScene(app))
        app.stack.apply_pending()


def test_settings_and_the_deal_number_dialog_on_a_pad(app, drawn):
    from cardgames.games.tripeaks.deal_entry import DealEntryScene
    from cardgames.scenes.select import SelectScene
    from cardgames.scenes.settings import SettingsScene

    show(app, SettingsScene(app), 0.1)
    shown = drawn_on_pad(app, drawn)
    assert "Full screen" in shown and keyboard_words(shown) == []
    select = show(app, SelectScene(app, game="tripeaks"), 0.1)
    app.stack.push(DealEntryScene(app, select))
    app.stack.apply_pending()
    settle(app, 0.1)
    shown = drawn_on_pad(app, drawn)
    assert keyboard_words(shown) == [], shown


# ---------------------------------------------------------------- the letter picker
def steer_to(app, picker, letter):
    """Move the picker's focus from the first key to `letter`'s key with the D-pad."""
    from cardgames.ui.letter_picker import COLUMNS, page_letters

    picker.menu.set_focus(picker.keys[0])
    row, col = divmod(page_letters(picker.page, picker.small).index(letter), COLUMNS)
    for _ in range(row):
        button(app, "down")
    for _ in range(col):
        button(app, "right")
    assert picker.menu.focused is picker.keys[row * COLUMNS + col]


def test_every_languages_pages_hold_its_letters_and_signs(app):
    from cardgames.ui.letter_picker import page_letters

    assert {"A", "z", "7"} <= set(page_letters("latin")) and "z" not in page_letters("latin", small=False)
    assert {"அ", "க", "ஃ", "ா", "ு", "்"} <= set(page_letters("tamil"))      # aytham, vowel signs, pulli
    assert {"అ", "క", "ి", "్"} <= set(page_letters("telugu"))
    assert {"ಅ", "ಕ", "ೆ", "್"} <= set(page_letters("kannada"))


def test_a_name_is_written_by_pad_in_tamil(app):
    from cardgames.ui.letter_picker import LetterPicker

    names = names_dialog(app, 1)
    button(app, "a")                                        # A on "Player 1": the letters
    picker = top(app)
    assert isinstance(picker, LetterPicker) and picker.target is names.fields[0]
    while picker.page != "tamil":
        button(app, "rb")                                   # RB turns the page
    for letter in ("க", "ு", "ம", "ா", "ர", "ி"):
        steer_to(app, picker, letter)
        button(app, "a")
    assert names.fields[0].text == "குமாரி"                  # "Ben" replaced by the first letter
    button(app, "b")                                        # B deletes a sign
    assert app.settings["player_names"][0] == "குமார"       # written as it goes
    button(app, "start")                                    # Start: done
    assert top(app) is names


def test_initials_by_pad_take_a_tamil_letter_with_its_sign_in_one_box(app):
    from cardgames.games.tripeaks.initials import Entry
    from cardgames.ui.letter_picker import LetterPicker

    show(app, TitleScene(app), 0.1)
    entry, kept = Entry("AAA"), []
    app.stack.push(LetterPicker(app, entry, "Your initials", on_done=lambda: kept.append(entry.text), small=False))
    app.stack.apply_pending()
    picker = top(app)
    picker.show_page("tamil")
    for letter in ("ம", "ு", "க"):
        steer_to(app, picker, letter)
        button(app, "a")
    steer_to(app, picker, "ு")
    button(app, "a")
    assert entry.letters[:2] == ["மு", "கு"] and entry.cursor == 2
    picker.show_page("latin")
    steer_to(app, picker, "Z")
    button(app, "a")
    picker.menu.set_focus(picker.ok)
    button(app, "a")                                        # OK
    assert kept == ["முகுZ"] and top(app) is not picker


def test_the_picker_works_with_the_mouse_and_the_keyboard(app):
    from scene_events import click

    from cardgames.ui.letter_picker import LetterPicker, page_letters

    names = names_dialog(app, 1)
    click(app, (410, 627))                                  # "Letters..."
    picker = top(app)
    assert isinstance(picker, LetterPicker)
    picker.show_page("latin")
    letters = page_letters("latin")
    click(app, picker.keys[letters.index("K")].rect.center)   # a click picks (replacing "Ben")
    click(app, picker.keys[letters.index("a")].rect.center)
    key(app, pygame.K_RIGHT)                                 # the arrows move, Enter picks
    key(app, pygame.K_RETURN)
    assert names.fields[0].text == "Kab"
    key(app, pygame.K_BACKSPACE)
    app.step(FRAME, [pygame.event.Event(pygame.TEXTINPUT, {"text": "y"})])   # typing works too
    assert names.fields[0].text == "Kay"
    key(app, pygame.K_ESCAPE)                                # Esc closes it, keeping the name
    app.step(FRAME)
    assert top(app) is names and app.settings["player_names"][0] == "Kay"
