"""Switch: the rules as pure functions (no pygame). See seeds/switch.md.

Shed your hand by matching the suit or the value of the top discard. 2s and
Aces make the next player pick up (stacking), Jacks change the suit, 8s make
the next player miss a turn, and a player left with one card must have called
"last card" or be caught and pick up two.

This module is the one the scene, the AI and the tests import; the rules live
in parts named after their jobs:
    state.py        the State, the rules' numbers, whose turn, scores, winners
    actions.py      Action and its notation ("0 play 7H", "1 play JS>H", "2 catch 0")
    dealing.py      new_game, the next hand of a match, deal() for scripted positions
    moves.py        legal_actions, out_of_turn_actions, actions_for
    play.py         apply
    reasons.py      why an action is illegal
    observation.py  what a seat may know
    saving.py       to_json / from_json

The contract (core/protocol.py), as Switch fulfils it:
- Piles (State, Observation, deal()'s arguments) list their cards bottom first,
  top card LAST: `stock[-1]` is drawn next, `discard[-1]` is the card to follow.
  The face-down pile is `stock` (`stock_count` in an Observation).
- An argument or field meaning "nobody" / "none" is None: a play's `suit`
  (every card but a Jack), an action's `target` (every action but a catch),
  `state.exposed`, `state.winner` while playing, `deal(called=None, ...)`.
- legal_actions(state) lists the current player's actions only (their plays,
  draw / take / keep / pass, their own "last card" call). Calls and catches
  by the other seats come from out_of_turn_actions(state, seat).
- apply() never changes its input; an illegal action raises IllegalAction whose
  message names the rule it breaks.

Piles named in events: "stock", "discard", "hand:<seat>".

The "last card" window: when a play leaves its player with one card and they
had not called, `exposed` names them. Until the next player acts (plays,
draws, takes the pick-up or passes) the offender may still call, and any
other player may catch them (they then draw two): out_of_turn_actions. The
window has no length here; the scene gives it one in real time (catch.py).

Performance matters (arenas and search AIs play thousands of hands): the state
is a NamedTuple rebuilt in one go per action, cards are the deck's shared Card
objects, and the actions and events of those cards are made once.
"""
from __future__ import annotations

from cardgames.core.cards import Card, Rank, Suit
from cardgames.games.switch.actions import (
    K_CALL,
    K_CATCH,
    K_DRAW,
    K_NEXT,
    K_PASS,
    K_PLAY,
    K_TAKE,
    Action,
    Kind,
    parse_action,
)
from cardgames.games.switch.dealing import deal, deal_events, new_game
from cardgames.games.switch.moves import (
    actions_for,
    can_draw,
    can_play,
    legal_actions,
    out_of_turn_actions,
    playable_cards,
)
from cardgames.games.switch.observation import Observation, observe
from cardgames.games.switch.play import apply
from cardgames.games.switch.saving import from_json, to_json
from cardgames.games.switch.state import (
    ACE,
    DRAWN,
    EIGHT,
    HAND_OVER,
    HAND_PILES,
    HAND_SIZE,
    JACK,
    MATCH_TARGET,
    MAX_CHAIN,
    OVER,
    PENALTY,
    PICKUP,
    PLAY,
    SUITS,
    TWO,
    UP_CARD_REDRAW,
    Phase,
    State,
    Table,
    card_points,
    current_player,
    decks_for,
    hand_points,
    is_over,
    scores,
    shared,
    winners,
)

__all__ = [
    "ACE", "DRAWN", "EIGHT", "HAND_OVER", "HAND_PILES", "HAND_SIZE", "JACK", "K_CALL", "K_CATCH", "K_DRAW",
    "K_NEXT", "K_PASS", "K_PLAY", "K_TAKE", "MATCH_TARGET", "MAX_CHAIN", "OVER", "PENALTY", "PICKUP", "PLAY",
    "SUITS", "TWO", "UP_CARD_REDRAW", "Action", "Card", "Kind", "Observation", "Phase", "Rank", "State", "Suit",
    "Table", "actions_for", "apply", "can_draw", "can_play", "card_points", "current_player", "deal",
    "deal_events", "decks_for", "from_json", "hand_points", "is_over", "legal_actions", "new_game", "observe",
    "out_of_turn_actions", "parse_action", "playable_cards", "scores", "shared", "to_json", "winners",
]
