"""TriPeaks rules: one player clears a tableau onto a waste pile, one rank up or down.

The game (seeds/tripeaks.md, clarifications.md)
- The tableau is a layout (cardgames.games.tripeaks.layout), by default the
  classic three peaks: 3 + 6 + 9 cards face down and 10 face up, 28 in all.
  Each slot lists the slots lying on top of it; a slot whose covering cards
  are all cleared is *exposed*: its card is face up and may be played.
- The rest of the shuffled 52 cards (24 with the classic layout) is the
  stock; its first card starts the waste, so 23 are left to turn.
- Play an exposed card onto the waste when its rank is one above or below
  the waste card's, whatever the suits. King and Ace are adjacent ("wrap",
  default on).
- Or turn the next stock card onto the waste. One pass, no redeal.
- Won when every tableau card is cleared (with or without stock left); lost
  when the stock is empty and no tableau card plays. The game then has no
  legal actions.

Options (a dict; unknown keys such as "mode" are ignored):
- wrap (True): King and Ace are adjacent.
- wild (False): one Joker is shuffled into the stock after the deal (never
  into the tableau, never the starting waste card). A Joker on the waste
  takes any tableau card; the Joker itself is only ever played from the stock.
  The stock holds one card more (24, or 25 with empty_waste).
- open_peaks (False): every tableau card is face up from the start (covered
  cards still cannot be played until exposed).
- empty_waste (False): no card starts the waste; while the waste is empty any
  exposed card may be played to it (the "head start"), and the stock keeps
  all 24 cards (classic layout).
- layout ("classic"): the name of a file in levels/tripeaks/layouts/.

Actions (str / parse_action): Play(slot) "play 12", and Turn() "turn".
legal_actions lists the plays in slot order, then the turn.

Events from apply() (pile names: "tableau:<slot>", "stock", "waste"), in order:
- Play: CardMoved(card, "tableau:i", "waste"); then CardFlipped(card,
  "tableau:j") for each card turned face up by that play (none with
  open_peaks); then Announced("peak_cleared", value=<index into
  layout.peaks>) when slot i is a peak.
- Turn: CardMoved(card, "stock", "waste").
- Last, when the action ends the game: Announced("won") or Announced("lost").
A scorer can work from these alone: a tableau play is a CardMoved from a
"tableau:" pile, a stock card turned is a CardMoved from "stock".

Decks and dealing: new_game(options, seed) shuffles 52 cards with
child_seed(seed, "deal"), deals the slots in order, then the waste card,
then the stock in the order it turns; the wild Joker goes to a random
place in the stock drawn from the same generator. Like every pile (see
core/protocol.py) the stock lists its cards bottom first: stock[-1] is the
top card, the next to turn. For "winnable deals only", see
solver.winnable_seed. deal(...) builds a scripted position on any layout,
for tests and puzzles, from cards one deck (and the wild Joker) can hold.

scores(state) is (cards cleared,); money and arcade scoring live in scoring.py.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardgames.core.cards import JOKER, Card, Rank, check_deal, parse_card, standard_deck
from cardgames.core.events import Announced, CardFlipped, CardMoved, Event
from cardgames.core.protocol import N_, IllegalAction
from cardgames.core.rng import make_rng, shuffled
from cardgames.games.tripeaks.layout import Layout, parse_layout, usable_layout

JSON_VERSION = 2   # 2: "stock" lists the top card last (version 1 listed it first; still read)
DEFAULT_LAYOUT = "classic"


# ---------------------------------------------------------------- options

@dataclass(frozen=True, slots=True)
class Options:
    wrap: bool = True
    wild: bool = False
    open_peaks: bool = False
    empty_waste: bool = False
    layout: str = DEFAULT_LAYOUT

    def to_dict(self) -> dict[str, Any]:
        return {"wrap": self.wrap, "wild": self.wild, "open_peaks": self.open_peaks,
                "empty_waste": self.empty_waste, "layout": self.layout}


def make_options(options: Mapping[str, Any] | Options | None = None) -> Options:
    """Options from a dict (missing keys take their defaults, unknown keys are ignored)."""
    if isinstance(options, Options):
        return options
    options = dict(options or {})
    values: dict[str, Any] = {}
    for key in ("wrap", "wild", "open_peaks", "empty_waste"):
        if key in options:
            if not isinstance(options[key], bool):
                raise ValueError(f"TriPeaks option {key!r} must be true or false, not {options[key]!r}")
            values[key] = options[key]
    if "layout" in options:
        if not isinstance(options["layout"], str):
            raise ValueError(f"TriPeaks option 'layout' must be a layout name, not {options['layout']!r}")
        values["layout"] = options["layout"]
    return Options(**values)


# ---------------------------------------------------------------- actions

@dataclass(frozen=True, slots=True)
class Play:
    """Play the exposed card of tableau slot `slot` onto the waste."""

    slot: int

    def __str__(self) -> str:
        return f"play {self.slot}"


@dataclass(frozen=True, slots=True)
class Turn:
    """Turn the next stock card onto the waste."""

    def __str__(self) -> str:
        return "turn"


Action = Play | Turn


def parse_action(text: str) -> Action:
    """"play 12" (or "p12") -> Play(12); "turn" (or "t") -> Turn()."""
    t = str(text).strip().lower()
    if t in ("turn", "t", "stock"):
        return Turn()
    for prefix in ("play ", "play", "p"):
        if t.startswith(prefix) and t[len(prefix):].strip().isdigit():
            return Play(int(t[len(prefix):].strip()))
    raise ValueError(f"not a TriPeaks action: {text!r} (expected 'play <slot>' or 'turn')")


# ---------------------------------------------------------------- state

@dataclass(frozen=True, slots=True)
class State:
    """A whole game. tableau[i] is None once slot i is cleared; stock[-1] turns next; waste[-1] is on top."""

    options: Options
    layout: Layout
    tableau: tuple[Card | None, ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...]
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class Observation:
    """What the player sees: face-down tableau cards and the stock order are hidden.

    tableau[i] is the card when it is face up, else None; present[i] says
    whether slot i still holds a card (face up or down).
    """

    options: Options
    layout: Layout
    tableau: tuple[Card | None, ...]
    present: tuple[bool, ...]
    face_up: tuple[bool, ...]
    stock_count: int
    waste: tuple[Card, ...]
    playable: tuple[int, ...] = field(default=())
    won: bool = False
    lost: bool = False


def adjacent(a: Rank, b: Rank, wrap: bool) -> bool:
    """True when ranks a and b are one apart (King-Ace too when wrap is on)."""
    d = abs(int(a) - int(b))
    return d == 1 or (wrap and d == 12)


def new_game(options: Mapping[str, Any] | Options | None, seed: int, layout: Layout | None = None) -> State:
    """A shuffled deal from `seed` (child_seed(seed, "deal")); `layout`: the one already loaded for the
    options' layout name (else it is loaded)."""
    opts = make_options(options)
    layout = layout if layout is not None else usable_layout(opts.layout)
    rng = make_rng(seed, "deal")
    deck = shuffled(standard_deck(), rng)
    n = layout.size
    tableau, rest = deck[:n], deck[n:]
    if opts.empty_waste:
        waste: tuple[Card, ...] = ()
    else:
        waste, rest = rest[:1], rest[1:]
    if opts.wild:
        at = int(rng.random() * (len(rest) + 1))
        rest = rest[:at] + (JOKER,) + rest[at:]
    return State(opts, layout, tableau, rest[::-1], waste, seed)   # rest[0] turns first: it is the top card


def deal(options: Mapping[str, Any] | Options | None, tableau: Sequence[Card | None], stock: Sequence[Card],
         waste: Sequence[Card] = (), layout: Layout | None = None, seed: int | None = None) -> State:
    """A scripted position: `tableau` in slot order (None = already cleared), `stock` and `waste` bottom
    first (stock[-1] turns next). The layout is `layout` when given, else the one named in the options.

    ValueError when one deck could not hold the cards: a card twice, a Joker without the wild
    option, more than one, or one in the tableau. The cards need not make up the whole deck.
    """
    opts = make_options(options)
    layout = layout if layout is not None else usable_layout(opts.layout)
    tableau, stock, waste = tuple(tableau), tuple(stock), tuple(waste)
    if len(tableau) != layout.size:
        raise ValueError(f"layout {layout.name!r} has {layout.size} slots, got {len(tableau)} tableau cards")
    if any(c is not None and c.is_joker for c in tableau):
        raise ValueError("a Joker cannot be dealt into the tableau")
    check_deal([c for c in tableau if c is not None] + list(stock) + list(waste), standard_deck(1, int(opts.wild)),
               "one deck and the wild Joker" if opts.wild else "one deck without Jokers")
    return State(opts, layout, tableau, stock, waste, seed)


# ---------------------------------------------------------------- queries

def exposed(state: State, slot: int) -> bool:
    """Slot holds a card and nothing lies on it."""
    t = state.tableau
    return t[slot] is not None and all(t[j] is None for j in state.layout.slots[slot].covered_by)


def face_up(state: State, slot: int) -> bool:
    return state.tableau[slot] is not None and (state.options.open_peaks or exposed(state, slot))


def fits_waste(state: State, card: Card) -> bool:
    """May `card` go on the waste now? An empty waste or a Joker on top takes anything."""
    if not state.waste or state.waste[-1].is_joker:
        return True
    return adjacent(card.rank, state.waste[-1].rank, state.options.wrap)


def playable_slots(state: State) -> tuple[int, ...]:
    """The exposed slots whose card fits the waste, in slot order (one pass: playouts call it every move)."""
    tableau, waste = state.tableau, state.waste
    anything = not waste or waste[-1].is_joker
    top, wrap = (0 if anything else int(waste[-1].rank)), state.options.wrap
    out = []
    for i, slot in enumerate(state.layout.slots):
        card = tableau[i]
        if card is None:
            continue
        if not anything:
            d = abs(int(card.rank) - top)
            if d != 1 and not (wrap and d == 12):
                continue
        if all(tableau[j] is None for j in slot.covered_by):
            out.append(i)
    return tuple(out)


def is_won(state: State) -> bool:
    return all(c is None for c in state.tableau)


def is_lost(state: State) -> bool:
    return not is_won(state) and not state.stock and not playable_slots(state)


def is_over(state: State) -> bool:
    return is_won(state) or is_lost(state)


def current_player(state: State) -> int | None:
    return None if is_over(state) else 0


def cleared(state: State) -> int:
    return sum(1 for c in state.tableau if c is None)


def peaks_cleared(state: State) -> int:
    return sum(1 for p in state.layout.peaks if state.tableau[p] is None)


def scores(state: State) -> tuple[int, ...]:
    return (cleared(state),)


def winners(state: State) -> tuple[int, ...]:
    """(0,) once the tableau is cleared; () while playing and after a loss (one seat, no rival)."""
    return (0,) if is_won(state) else ()


def legal_actions(state: State) -> tuple[Action, ...]:
    if is_won(state):
        return ()
    plays: tuple[Action, ...] = tuple(_PLAYS[i] for i in playable_slots(state))
    return plays + (_TURN,) if state.stock else plays     # no play and no stock: lost, nothing to do


_PLAYS = tuple(Play(i) for i in range(52))   # the actions are immutable values: one of each, shared
_TURN = Turn()


# ---------------------------------------------------------------- apply

def apply(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """The state after `action` and what happened; IllegalAction says why when it is not allowed."""
    if is_over(state):
        raise IllegalAction("the game is over")
    if isinstance(action, Turn):
        if not state.stock:
            raise IllegalAction("the stock is empty")
        card = state.stock[-1]
        new = State(state.options, state.layout, state.tableau, state.stock[:-1], state.waste + (card,), state.seed)
        events: list[Event] = [CardMoved(card, "stock", "waste")]
    elif isinstance(action, Play):
        i = action.slot
        if not isinstance(i, int) or not 0 <= i < state.layout.size:
            raise IllegalAction("there is no tableau slot {slot} (0..{last})", N_("There is no such card."),
                                slot=repr(i), last=state.layout.size - 1)
        card = state.tableau[i]
        if card is None:
            raise IllegalAction("tableau slot {slot} is empty", N_("That place is empty."), slot=i)
        if not exposed(state, i):
            if state.options.open_peaks:
                raise IllegalAction("{card} in slot {slot} is covered", N_("{card} is covered: clear the cards on it first."),
                                    card=card, slot=i)
            raise IllegalAction("the card in slot {slot} is covered",
                                N_("That card is covered: clear the cards on it first."), slot=i)
        if not fits_waste(state, card):
            raise IllegalAction("{card} is not one rank above or below {top}", card=card, top=state.waste[-1])
        tableau = state.tableau[:i] + (None,) + state.tableau[i + 1:]
        new = State(state.options, state.layout, tableau, state.stock, state.waste + (card,), state.seed)
        events = [CardMoved(card, f"tableau:{i}", "waste")]
        if not state.options.open_peaks:
            events += [CardFlipped(tableau[j], f"tableau:{j}") for j in state.layout.covers(i) if exposed(new, j)]
        if i in state.layout.peaks:
            events.append(Announced("peak_cleared", value=state.layout.peaks.index(i)))
    else:
        raise IllegalAction("not a TriPeaks action: {action}", N_("That move is not part of TriPeaks."),
                            action=repr(action))
    if is_won(new):
        events.append(Announced("won"))
    elif is_lost(new):
        events.append(Announced("lost"))
    return new, tuple(events)


def observe(state: State, seat: int = 0) -> Observation:
    """The player's view (there is one seat): face-down cards and the stock are hidden."""
    ups = tuple(face_up(state, i) for i in range(state.layout.size))
    return Observation(
        options=state.options,
        layout=state.layout,
        tableau=tuple(c if up else None for c, up in zip(state.tableau, ups)),
        present=tuple(c is not None for c in state.tableau),
        face_up=ups,
        stock_count=len(state.stock),
        waste=state.waste,
        playable=() if is_over(state) else playable_slots(state),
        won=is_won(state),
        lost=is_lost(state),
    )


# ---------------------------------------------------------------- JSON

def to_json(state: State) -> dict[str, Any]:
    return {
        "version": JSON_VERSION,
        "options": state.options.to_dict(),
        "layout": state.layout.to_data(),
        "tableau": [None if c is None else str(c) for c in state.tableau],
        "stock": [str(c) for c in state.stock],
        "waste": [str(c) for c in state.waste],
        "seed": state.seed,
    }


def from_json(data: Mapping[str, Any]) -> State:
    """The state saved by to_json; ValueError naming the field when the data is bad."""
    if not isinstance(data, Mapping) or data.get("version") not in (1, JSON_VERSION):
        raise ValueError(f"TriPeaks save: expected an object with version 1 or {JSON_VERSION}")
    try:
        opts = make_options(data["options"])
        layout = parse_layout(data["layout"], "layout")
        tableau = tuple(None if c is None else parse_card(c) for c in data["tableau"])
        stock = tuple(parse_card(c) for c in data["stock"])[::1 if data["version"] == JSON_VERSION else -1]
        waste = tuple(parse_card(c) for c in data["waste"])
        seed = data["seed"]
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError(f"seed: expected a number, got {seed!r}")
        return deal(opts, tableau, stock, waste, layout=layout, seed=seed)
    except KeyError as exc:
        raise ValueError(f"TriPeaks save: missing field {exc}") from None
    except (TypeError, AttributeError, ValueError) as exc:
        raise ValueError(f"TriPeaks save: {exc}") from None
