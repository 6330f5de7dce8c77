"""The rules' refusals reach the player in their language: a move the rules refuse, tried on each
game's table in Tamil or Telugu, shows a toast in that language (the whole sentence translated,
cards named in words, seats by their names, numbers the language's way), while str(exc) stays the
English sentence that the logs and the rules tests read."""
from __future__ import annotations

import re

import pytest
from scene_events import FRAME, jump, table_app

from cardgames import i18n
from cardgames.core.cards import parse_card, parse_cards
from cardgames.core.protocol import IllegalAction, Seat
from cardgames.engine import text
from cardgames.games.skyjo import rules as skyjo
from cardgames.games.skyjo.scene import SkyjoScene
from cardgames.games.switch import rules as switch
from cardgames.games.switch.scene import SwitchScene
from cardgames.games.three_thirteen import rules as tt
from cardgames.games.three_thirteen.scene import ThreeThirteenScene
from cardgames.games.tripeaks import rules as tripeaks
from cardgames.games.tripeaks.scene import TriPeaksScene
from cardgames.ui import words

NAMES = {"Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gia", "Hugo"}
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture
def app(tmp_path):
    return table_app(tmp_path)


def opened(app, scene, state=None):
    app.stack.push(scene)
    app.stack.apply_pending()
    if state is not None:
        jump(scene, state)
        scene.sync(animate=False)
        scene.refresh_moves()
    for _ in range(3):
        app.step(FRAME)
    return scene


def refused(app, scene, action) -> str:
    """Try `action` on the scene as the player's input would; the toast it showed, as drawn now."""
    before = len(scene.actions)
    app.sounds.clear()
    assert scene.act(action) is False
    assert len(scene.actions) == before and app.sounds == ["invalid"]
    return i18n.tr(app.toasts.queue[-1][0])


def in_language(shown: str, lang: str) -> None:
    """The toast is written in `lang`: its script, and no English word but a player's name."""
    assert any(text.char_script(c) == i18n.SCRIPTS[lang] for c in shown), shown
    assert not [w for w in LATIN_WORD.findall(shown) if w not in NAMES], shown


def said(message: str, **values) -> str:
    """The translation the toast should show (a sentence: the catalogue's own full stop kept)."""
    return words.sentence(i18n.tr(message).format(**values))


# ---------------------------------------------------------------- each game's table


@pytest.mark.parametrize("lang", ["ta", "te"])
def test_tripeaks_refuses_a_covered_card_and_a_wrong_rank_in_the_language(app, lang):
    i18n.set_language(lang)
    scene = opened(app, TriPeaksScene(app, {"mode": "classic"}, seed=11))
    state = scene.host.state
    covered = next(i for i in range(state.layout.size) if state.tableau[i] is not None
                   and not tripeaks.exposed(state, i))
    shown = refused(app, scene, tripeaks.Play(covered))
    assert shown == said("That card is covered: clear the cards on it first.")
    in_language(shown, lang)
    wrong = next((i for i in range(state.layout.size) if state.tableau[i] is not None
                  and tripeaks.exposed(state, i) and not tripeaks.fits_waste(state, state.tableau[i])), None)
    assert wrong is not None, "seed 11 has an exposed card that does not fit the waste"
    shown = refused(app, scene, tripeaks.Play(wrong))
    card, top = state.tableau[wrong], state.waste[-1]
    assert shown == said("{card} is not one rank above or below {top}",
                         card=i18n.card_name(card), top=i18n.card_name(top))
    assert i18n.card_name(card) in shown and i18n.card_name(top) in shown   # cards in words, not "7D"
    in_language(shown, lang)


@pytest.mark.parametrize("lang", ["ta", "te"])
def test_skyjo_refuses_a_face_up_card_and_a_move_out_of_its_phase(app, lang):
    i18n.set_language(lang)
    scene = SkyjoScene(app, {"players": 2}, seed=3)
    opened(app, scene)
    scene.host.jump(skyjo.deal({"players": 2}, [[1, 2, 3] * 4] * 2, [7, 9, 5], [12], face_up=[[0, 1]] * 2,
                               current=0))
    scene.take_updates()
    assert scene.observation().phase.name == "TURN"
    shown = refused(app, scene, skyjo.Action("flip", 0))            # flipping is not a move of this phase
    assert shown == said("That move is not allowed now.")
    in_language(shown, lang)
    assert scene.act(skyjo.DRAW) and scene.act(skyjo.DISCARD)       # drawn, thrown away: now turn a card over
    scene.animator.finish_all()                                       # (the card lands: its sound is not the toast's)
    shown = refused(app, scene, skyjo.Action("flip", 1))            # card 1 is face up already
    assert shown == said("That card is already face up: turn over a face-down card.")
    in_language(shown, lang)


@pytest.mark.parametrize("lang", ["ta", "te"])
def test_three_thirteen_refuses_going_out_in_the_language(app, lang):
    i18n.set_language(lang)
    scene = ThreeThirteenScene(app, {"players": 2}, seed=5)
    state = tt.deal({"players": 2}, [parse_cards("4H 9C KD"), parse_cards("5S 6S 7S")], parse_cards("2D 8C JH QS"),
                    parse_cards("10D"), dealer=1)
    opened(app, scene, state)
    assert scene.host.state.current == 0 and scene.host.state.phase is tt.Phase.DRAW
    shown = refused(app, scene, tt.Action("out", None))
    assert shown == said("That move is not allowed now.")
    in_language(shown, lang)
    assert scene.act(tt.STOCK)
    scene.animator.finish_all()     # the draw lands (its sound played) before the next try
    shown = refused(app, scene, tt.Action("out", None))
    assert shown == said("You cannot go out yet: all your cards but one must be in melds.")
    in_language(shown, lang)


def _switch_table(app):
    scene = SwitchScene(app, {"players": 2}, seed=3)
    state = switch.deal({}, [parse_cards("5C 6C 7D 9H"), parse_cards("4D 3H KS")], parse_cards("KH QC"),
                        parse_cards("9C"))
    scene.host.jump(state)         # the position is dealt at the table; the scene is told it
    scene.take_updates()
    scene.sync(animate=False)
    return opened(app, scene)


@pytest.mark.parametrize("lang", ["ta", "te"])
def test_switch_refuses_a_call_and_a_catch_in_the_language(app, lang):
    i18n.set_language(lang)
    scene = _switch_table(app)
    me = scene.viewer
    shown = refused(app, scene, switch.Action(switch.K_CALL, me))        # four cards: too early to call
    assert shown == said("You hold {size} cards: call 'last card' when your play will leave you one (with two "
                         "cards, on your turn) or just after that play.", size=4)
    in_language(shown, lang)
    shown = refused(app, scene, switch.Action(switch.K_CATCH, me, target=me))
    assert shown == said("You cannot catch yourself.")
    in_language(shown, lang)
    other = 1 - me
    shown = refused(app, scene, switch.Action(switch.K_CATCH, me, target=other))   # they hold three cards
    name = scene.player_name(other)
    assert shown == said("{player} cannot be caught: they hold {size} cards, not one",
                         player=i18n.tr(i18n.seat_word(name)), size=3)
    assert i18n.tr(i18n.seat_word(name)) in shown                          # the seat's name, not "player 1"
    in_language(shown, lang)


# ---------------------------------------------------------------- the message itself


def test_the_english_text_stays_for_logs_and_tests():
    exc = IllegalAction("{card} is not in {player}'s hand", "{card} is not in your hand.",
                        card=parse_card("7S"), player=Seat(2))
    assert str(exc) == "7S is not in player 2's hand"
    assert str(IllegalAction("{seat} cannot go out", seat=Seat(1, "seat"))) == "seat 1 cannot go out"
    assert str(IllegalAction("the game is over")) == "the game is over"
    with pytest.raises(IllegalAction, match="matches neither the suit \\(hearts\\) nor the value of 9H"):
        state = switch.deal({}, [parse_cards("5C 6C"), parse_cards("4D 3H")], parse_cards("KH"), parse_cards("9H"))
        switch.apply(state, switch.Action(switch.K_PLAY, 0, parse_card("5C")))


def test_the_screen_names_cards_in_words_and_seats_by_name_in_english_too():
    exc = IllegalAction("{card} is not in {player}'s hand", card=parse_card("7S"), player=Seat(2))
    assert i18n.refusal(exc, lambda seat: "Ada") == "7 of spades is not in Ada's hand"
    assert i18n.refusal(exc) == "7 of spades is not in Player 3's hand"       # no names: counted from 1
    told = IllegalAction("{card} is not in {player}'s hand", "{card} is not in your hand.", card=parse_card("QH"),
                         player=Seat(0))
    assert i18n.refusal(told) == "Queen of hearts is not in your hand."
    assert i18n.refusal(told, to_player=False) == "Queen of hearts is not in Player 1's hand"


def test_a_refusal_says_itself_again_in_a_new_language():
    exc = IllegalAction("{card} is not one rank above or below {top}", card=parse_card("7S"), top=parse_card("KD"))
    shown = i18n.refusal(exc)
    assert i18n.tr(shown) == "7 of spades is not one rank above or below King of diamonds"
    i18n.set_language("kn")
    assert i18n.tr(shown) == i18n.tr("{card} is not one rank above or below {top}").format(
        card=i18n.card_name(parse_card("7S")), top=i18n.card_name(parse_card("KD")))
    assert any(text.char_script(c) == text.KANNADA for c in i18n.tr(shown))


# ---------------------------------------------------------------- a saved game that no longer replays


def test_a_saved_move_the_rules_refuse_is_told_in_the_language(app):
    scene = opened(app, TriPeaksScene(app, {"mode": "relaxed", "winnable": False}, seed=11))
    state = scene.host.state
    covered = next(i for i in range(state.layout.size) if state.tableau[i] is not None
                   and not tripeaks.exposed(state, i))
    i18n.set_language("ta")

    def resumed(actions):     # the saved game is replayed at the table when the scene opens it
        app.toasts.queue.clear()
        TriPeaksScene(app, {}, resume={"game": "tripeaks", "options": dict(scene.options), "seed": scene.seed,
                                       "actions": actions})
        return i18n.tr(app.toasts.queue[-1][0])

    shown = resumed([f"play {covered}"])
    reason = i18n.tr("the card in slot {slot} is covered").format(slot=covered)   # its own words: no "you"
    assert shown == i18n.tr("The saved game could only be restored up to move {n} ({reason}).").format(
        n=0, reason=reason)
    in_language(shown, "ta")
    shown = resumed(["fly away"])
    assert i18n.tr("the move {move} could not be read").format(move="'fly away'") in shown
    assert any(text.char_script(c) == text.TAMIL for c in shown)
