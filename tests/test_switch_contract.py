"""Switch on the one rules contract (issue 15): deal() checks what it is given, legal_actions is the
current player's, out_of_turn_actions the calls and catches of the others, every illegal action is
refused with its true reason, and games dealt and saved before the change replay exactly."""
import hashlib
import json
import random

import pytest

from cardgames.core.cards import Suit, parse_card, parse_cards
from cardgames.core.protocol import IllegalAction
from cardgames.games.switch import moves
from cardgames.games.switch import rules as R

C = parse_card


def two(h0, h1, stock="QD QS 10D", up="9C", **kw):
    return R.deal({}, [parse_cards(h0), parse_cards(h1)], parse_cards(stock), parse_cards(up), **kw)


def after(state, *texts):
    for text in texts:
        state, _ = R.apply(state, R.parse_action(text))
    return state


# --- deal(): the contract's conventions, and impossible deals refused ------------------

def test_deal_takes_piles_bottom_first_top_card_last():
    s = two("5H 3D", "4D", stock="KD QS 7C", up="2C 9C")
    assert s.stock[-1] == C("7C") and s.discard[-1] == C("9C") and s.suit is Suit.CLUBS
    s = after(s, "0 draw")
    assert s.drawn == C("7C") and s.stock == parse_cards("KD QS")
    assert R.observe(s, 1).stock_count == 2


def test_deal_honours_the_players_option():
    hands = [parse_cards("5H"), parse_cards("4D"), parse_cards("KS")]
    assert R.deal({"players": 3}, hands, (), parse_cards("9C")).players == 3
    with pytest.raises(ValueError, match="options ask for 2 players but 3 hands were given"):
        R.deal({"players": 2}, hands, (), parse_cards("9C"))


def test_deal_sets_match_totals_and_the_hand_number():
    s = R.deal({"match": True}, [parse_cards("5C"), parse_cards("8D AD KD")], (), parse_cards("9C"),
               called=(True, False), totals=(100, 150), hand_no=3)
    assert s.totals == (100, 150) and s.hand_no == 3
    s = after(s, "0 play 5C")
    assert R.is_over(s) and s.totals == (100, 210) and R.winners(s) == (0,)


def test_deal_sets_a_drawn_card_and_an_exposed_player():
    s = two("5H 3D KC", "4D", drawn=C("KC"))
    assert s.phase is R.DRAWN and [str(a) for a in R.legal_actions(s)] == ["0 play KC", "0 pass"]
    s = R.deal({}, [parse_cards("5H 3D"), parse_cards("4D")], parse_cards("KH QH"), parse_cards("9D"), exposed=1)
    assert R.out_of_turn_actions(s, 0) == (R.Action(R.K_CATCH, 0, target=1),)
    assert after(s, "0 catch 1").hands[1] == parse_cards("4D QH KH")


@pytest.mark.parametrize("kwargs,message", [
    ({"hands": ["7H 7H", "3D"]}, "7H is dealt 2 times, but the decks hold it once"),
    ({"hands": ["7H 5C", "3D"], "stock": "7H 7H 7H 7H"}, "7H is dealt 5 times, but the decks hold it once"),
    ({"hands": ["5C", ""]}, "player 1's hand is empty"),
    ({"up": ""}, "at least one discard"),
    ({"turn": 2}, "turn 2 is not a seat"),
    ({"suit": Suit.HEARTS}, "the suit to follow is the top card's"),
    ({"pending": 2}, "only with a 2 or an Ace on top"),
    ({"up": "2C", "pending": 3}, "2 to 8 cards in steps of 2, not 3"),
    ({"up": "2C", "pending": 10}, "2 to 8 cards in steps of 2, not 10"),
    ({"up": "AC", "pending": 4, "skip": True}, "a pick-up and a skip cannot be pending together"),
    ({"skip": True}, "a skip is faced only with an 8"),
    ({"pending_rank": R.TWO}, "pending_rank is given only with a pending pick-up"),
    ({"called": (True,)}, "called needs one valid value per seat"),
    ({"drawn": C("KS")}, "the drawn card KS must be the last card of player 0's hand"),
    ({"exposed": 1, "called": (False, True)}, "player 1 can be exposed only with one card and no call"),
    ({"exposed": 1, "hands": ["5C", "3D 4D"]}, "player 1 can be exposed only with one card"),
    ({"exposed": 0}, "exposed must be a seat other than the current player's"),
    ({"totals": (10, 20)}, "only a match keeps totals"),
    ({"options": {"match": True}, "totals": (10, 200)}, "a match is over once someone has 200 points"),
    ({"hand_no": 2}, "only a match has more than one hand"),
    ({"hands": ["5C", "6C", "7C", "8C", "9D", "10C", "JC"]}, "Switch needs 2 to 6 players, not 7"),
])
def test_impossible_deals_are_refused_saying_what_is_wrong(kwargs, message):
    kw = dict(kwargs)
    options = kw.pop("options", {})
    hands = [parse_cards(h) for h in kw.pop("hands", ["5C 6H", "3D"])]
    stock, up = parse_cards(kw.pop("stock", "4H 4S")), parse_cards(kw.pop("up", "9C"))
    with pytest.raises(ValueError, match=message):
        R.deal(options, hands, stock, up, **kw)


def test_a_two_deck_deal_allows_two_of_a_card_not_three():
    hands = [parse_cards(h) for h in ("7H 7H", "4D", "5D", "6D", "KD")]
    assert R.deal({}, hands, (), parse_cards("9C")).players == 5
    with pytest.raises(ValueError, match="7H is dealt 3 times, but the decks hold it twice"):
        R.deal({}, hands, parse_cards("7H"), parse_cards("9C"))


# --- whose actions ---------------------------------------------------------------------

def test_legal_actions_are_the_current_players_and_out_of_turn_actions_the_others():
    hands = [parse_cards("5C 6C"), parse_cards("3D 8H"), parse_cards("4D 7H")]
    s = after(R.deal({}, hands, parse_cards("KH QH JH"), parse_cards("9C")), "0 play 5C")
    assert s.exposed == 0 and s.turn == 1
    assert all(a.seat == 1 for a in R.legal_actions(s))
    assert R.out_of_turn_actions(s, 0) == (R.Action(R.K_CALL, 0),)
    assert R.out_of_turn_actions(s, 1) == (R.Action(R.K_CATCH, 1, target=0),)
    assert R.out_of_turn_actions(s, 2) == (R.Action(R.K_CATCH, 2, target=0),)
    assert R.actions_for(s, 1) == R.legal_actions(s) + R.out_of_turn_actions(s, 1)
    assert R.actions_for(s, 2) == R.out_of_turn_actions(s, 2)
    s = after(s, "1 draw")                      # the next player acted: the window is shut
    assert all(R.out_of_turn_actions(s, seat) == () for seat in range(3))


def test_none_means_none():
    s = R.new_game({"players": 2}, 3)
    assert s.exposed is None and s.winner is None and R.observe(s, 0).exposed is None
    assert R.Action(R.K_DRAW, 0).target is None and R.parse_action("0 play 7H").suit is None


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_the_fast_and_the_general_legal_actions_agree(players):
    """legal_actions has a fast path for the usual positions; it must list what the general one does."""
    for seed in range(12):
        rng = random.Random(seed)
        state = R.new_game({"players": players, "match": True}, seed)
        for _ in range(300):
            if R.is_over(state):
                break
            assert R.legal_actions(state) == moves._legal_actions(state)
            everyone = R.legal_actions(state) + tuple(
                a for s in range(players) for a in R.out_of_turn_actions(state, s))
            state, _ = R.apply(state, rng.choice(everyone))


# --- every illegal action names its true reason ----------------------------------------

def _exposed():
    return after(two("5C 6C", "3D 4D 7H", stock="KH QH JH"), "0 play 5C")


REASONS = [
    # (name, state, action, what the message must say)
    ("jack on a last card names another suit", lambda: two("JD", "3S", up="10S"), "0 play JD>H",
     "a Jack played as your last card names no new suit.*'0 play JD>D'"),
    ("jack names no suit", lambda: two("JD 5D", "3S", up="10S"), "0 play JD", "a Jack must name a suit"),
    ("a card that is not a Jack names a suit", lambda: two("9H 5D", "3S", up="9C"), "0 play 9H>S",
     "only a Jack names a suit: play '0 play 9H'"),
    ("no match", lambda: two("KD 5D", "3S", up="9C"), "0 play KD", "KD matches neither the suit"),
    ("not in hand", lambda: two("KD 5D", "3S"), "0 play 9D", "9D is not in player 0's hand"),
    ("not your turn", lambda: two("KD 5D", "3S"), "1 play 3S", "it is player 0's turn, not player 1's"),
    ("no such player", lambda: two("KD 5D", "3S"), "4 draw", "there is no player 4"),
    ("facing an 8", lambda: after(two("8C 3C 4C", "5C 6C 7C"), "0 play 8C"), "1 play 5C",
     "facing an 8: play an 8 or miss the turn"),
    ("a jack facing an 8", lambda: after(two("8C 3C 4C", "JC 6C 7C"), "0 play 8C"), "1 play JC>H",
     "facing an 8: play an 8 or miss the turn"),
    ("a 2 on an Ace", lambda: after(two("AC 5D", "2C 2D 5S"), "0 play AC"), "1 play 2C",
     "facing a pick-up of 4: play an Ace or take the cards"),
    ("a fifth 2", lambda: R.deal({}, [parse_cards("5D 3H"), parse_cards("2C 5S")], parse_cards("4H 4S"),
                                 parse_cards("2D 2H 2S"), pending=8), "0 play 5D",
     "facing a pick-up of 8, the longest chain there is: take the cards"),
    ("only the drawn card", lambda: after(two("5H 3D", "4D", stock="4S KC"), "0 draw"), "0 play 5H",
     "only the drawn card KC may be played now"),
    ("drawn card does not go", lambda: after(two("5H 3D", "4D", stock="KC 4S"), "0 draw"), "0 play 4S",
     "the drawn card 4S cannot be played: keep it"),
    ("draw with a card to play", lambda: two("5C 9H", "4D"), "0 draw",
     "you may draw only when you cannot play, and 5C can be played"),
    ("draw twice", lambda: after(two("5H 3D", "4D", stock="4S KC"), "0 draw"), "0 draw",
     "you have drawn already"),
    ("draw facing an 8", lambda: after(two("8C 3C 4C", "5H 6H 7H"), "0 play 8C"), "1 draw",
     "facing an 8 you do not draw"),
    ("draw facing a pick-up", lambda: after(two("2C 5D", "3D 5H 6H"), "0 play 2C"), "1 draw",
     "facing a pick-up of 2: play a 2 or take the cards"),
    ("draw from nothing", lambda: two("5H 3D 4H", "4D", stock=""), "0 draw", "there is nothing to draw"),
    ("take without a pick-up", lambda: two("5H 3D", "4D"), "0 take", "there is no pick-up to take"),
    ("pass with a card to play", lambda: two("5C 9H", "4D"), "0 pass",
     "you may not pass while you can play \\(5C can be played\\)"),
    ("pass instead of drawing", lambda: two("5H 3D", "4D"), "0 pass",
     "you may pass only when there is nothing to draw: draw a card"),
    ("pass facing a pick-up", lambda: after(two("2C 5D", "3D 5H 6H"), "0 play 2C"), "1 pass",
     "facing a pick-up of 2"),
    ("call with three cards", lambda: two("5C 6C 7D", "4D"), "0 call", "player 0 holds 3 cards"),
    ("call twice", lambda: after(two("5C 6C", "4D"), "0 call"), "0 call", "player 0 has already called"),
    ("call with two cards out of turn", lambda: two("5C 6C 7D", "4D 3H"), "1 call",
     "player 1 may call 'last card' with two cards only on their own turn"),
    ("call too late", lambda: after(_exposed(), "1 draw"), "0 call", "too late: player 0 was left with one card"),
    ("catch nobody", lambda: two("5C 6C 7D", "4D 3H"), "1 catch 0", "player 0 cannot be caught: they hold 3 cards"),
    ("catch yourself", _exposed, "0 catch 0", "player 0 cannot catch themselves: call 'last card' instead"),
    ("catch the wrong player",
     lambda: after(R.deal({}, [parse_cards("5C 6C"), parse_cards("3D 8H"), parse_cards("4D 7H")],
                          parse_cards("KH"), parse_cards("9C")), "0 play 5C"),
     "1 catch 2", "player 2 cannot be caught: only player 0 can be caught now"),
    ("catch one who called", lambda: after(two("5C 6C", "3D 4D 7H"), "0 call", "0 play 5C"), "1 catch 0",
     "player 0 cannot be caught: they called 'last card'"),
    ("catch too late", lambda: after(_exposed(), "1 draw"), "1 catch 0", "too late to catch player 0"),
    ("next during a hand", lambda: two("5C 6C", "4D"), "0 next", "the hand is still being played"),
    ("play after the hand", lambda: after(R.deal({"match": True}, [parse_cards("5C"), parse_cards("4D")], (),
                                                 parse_cards("9C"), called=(True, False)), "0 play 5C"),
     "1 play 4D", "the hand is over: deal the next one"),
    ("next by another seat", lambda: after(R.deal({"match": True}, [parse_cards("5C"), parse_cards("4D")], (),
                                                  parse_cards("9C"), called=(True, False)), "0 play 5C"),
     "1 next", "the next hand is dealt by '0 next'"),
    ("anything once over", lambda: after(two("5C", "4D", called=(True, False)), "0 play 5C"), "1 draw",
     "the game is over"),
]


@pytest.mark.parametrize("name,make,text,message", REASONS, ids=[r[0] for r in REASONS])
def test_each_illegal_action_names_its_true_reason(name, make, text, message):
    state = make()
    with pytest.raises(IllegalAction, match=message):
        R.apply(state, R.parse_action(text))


@pytest.mark.parametrize("action,message", [
    (R.Action(R.K_PLAY, 0), "a play names the card played"),
    (R.Action(R.K_PLAY, 0, C("5C"), target=1), "a play names no player"),
    (R.Action(R.K_DRAW, 0, C("5C")), "'0 draw' names no card, suit or player"),
    (R.Action(R.K_CATCH, 1), "a catch names the player caught"),
    (R.Action(R.K_CATCH, 1, target=9), "there is no player 9 to catch"),
])
def test_malformed_actions_name_what_is_wrong(action, message):
    with pytest.raises(IllegalAction, match=message):
        R.apply(two("5C 6C 7D", "4D 3H"), action)


# --- games and saves from before the change --------------------------------------------

# Two matches played with the rules as they were before issue 15 (commit ace89f5), each by a seeded
# random player who catches a missed call half the time; the sha256 of the final state's to_json
# (with the old -1 for "nobody" written as null). The same seed and moves must give the same game.
OLD_GAMES = {(3, 7): "c99b383a6a7360c172040155cdf22062abec7a001f5506629f8a784f237c1cd2",
             (5, 12): "f944cf98e5c693e8656519669552303d8779a8df24337949fa0ca716c048ae1e"}


def _old_order(state):
    """Everything anyone may do, in the order the old legal_actions listed it: the current player's
    actions, the exposed seat's call, then the catches by seat."""
    exposed = state.exposed
    if exposed is None:
        return R.legal_actions(state)
    catches = tuple(a for b in range(state.players) if b != exposed for a in R.out_of_turn_actions(state, b))
    return R.legal_actions(state) + R.out_of_turn_actions(state, exposed) + catches


@pytest.mark.parametrize("players,seed", sorted(OLD_GAMES))
def test_games_from_before_the_change_play_and_replay_the_same(players, seed):
    state = R.new_game({"players": players, "match": True}, seed)
    rng = random.Random(seed)
    texts = []
    while not R.is_over(state) and len(texts) < 400:
        legal = _old_order(state)
        catches = [a for a in legal if a.kind is R.K_CATCH]
        action = catches[0] if catches and rng.random() < 0.5 else rng.choice(legal)
        texts.append(str(action))
        state, _ = R.apply(state, action)
    digest = hashlib.sha256(json.dumps(R.to_json(state), sort_keys=True).encode()).hexdigest()
    assert digest == OLD_GAMES[players, seed]
    replay = R.new_game({"players": players, "match": True}, seed)      # as an autosave resumes
    for text in texts:
        replay, _ = R.apply(replay, R.parse_action(text))
    assert replay == state
    assert {t.split()[1] for t in texts} >= {"play", "draw", "take", "pass", "call", "catch", "next"}


def test_a_state_saved_with_minus_one_for_nobody_still_loads():
    s = R.new_game({"players": 3}, 4)
    old = json.loads(json.dumps(R.to_json(s)))
    old["exposed"], old["table"]["winner"] = -1, -1              # the shape written before issue 15
    assert R.from_json(old) == s
    old["exposed"] = 1
    assert R.from_json(old).exposed == 1


@pytest.mark.parametrize("change", [
    lambda d: d.update(exposed=7),
    lambda d: d.update(turn=-2),
    lambda d: d.update(discard=[]),
    lambda d: d.update(stock="7H"),
    lambda d: d["table"].update(winner="x"),
    lambda d: d.pop("voids"),
])
def test_a_damaged_saved_state_is_refused_clearly(change):
    data = json.loads(json.dumps(R.to_json(R.new_game({"players": 3}, 4))))
    change(data)
    with pytest.raises(ValueError, match="not a saved Switch game"):
        R.from_json(data)


def _old_game_texts(players, seed, moves):
    state = R.new_game({"players": players, "match": True}, seed)
    rng = random.Random(seed)
    texts = []
    while not R.is_over(state) and len(texts) < moves:
        legal = _old_order(state)
        catches = [a for a in legal if a.kind is R.K_CATCH]
        action = catches[0] if catches and rng.random() < 0.5 else rng.choice(legal)
        texts.append(str(action))
        state, _ = R.apply(state, action)
    return texts, state


def test_an_autosave_from_before_the_change_resumes_in_the_table(tmp_path):
    """An autosave keeps the seed, the options and the moves' notation, which did not change: the
    table resumes it to the very same position; a damaged move stops the replay with a notice."""
    from scene_events import table_app

    from cardgames.games.switch.scene import SwitchScene

    texts, state = _old_game_texts(3, 7, 150)
    assert "catch" in " ".join(texts)
    options = {"players": 3, "match": True, "level": "easy"}
    app = table_app(tmp_path)
    save = {"game": "switch", "options": options, "seed": 7, "actions": texts, "extra": {}}
    scene = SwitchScene(app, options, seed=7, resume=save)
    assert scene.host.state == state and scene.actions == texts        # (the table holds the game)
    damaged = dict(save, actions=texts[:40] + ["2 catch 9"] + texts[41:])
    notices = []
    app.notify = lambda text, *a, **k: notices.append(text)
    scene = SwitchScene(app, options, seed=7, resume=damaged)
    assert scene.actions == texts[:40]
    assert notices and "up to move 40" in notices[-1]
