"""Switch: a State as JSON and back (for tests and tools; the autosave keeps the seed, the options
and the actions' notation, and replays them).

Loading accepts the shape written before "nobody" became null (an exposed seat or a winner of
-1) and refuses anything else malformed with a ValueError that begins "not a saved Switch game".
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardgames.core.cards import Rank, Suit, parse_card
from cardgames.games.switch.state import Phase, State, Table, shared


def _cards_json(cards) -> list[str]:
    return [str(c) for c in cards]


def _cards_back(items) -> tuple:
    if isinstance(items, str):
        raise TypeError(f"a list of cards, not {items!r}")
    return tuple(shared(parse_card(t)) for t in items)


def _seat_or_none(value) -> int | None:
    """A seat, or None for nobody (older saves wrote -1)."""
    if value is None:
        return None
    seat = int(value)
    return None if seat == -1 else seat


def to_json(state: State) -> dict:
    d = state._asdict()
    d["table"] = dict(state.table._asdict(), totals=list(state.totals), last_points=list(state.last_points))
    d["hands"] = [_cards_json(h) for h in state.hands]
    d["stock"] = _cards_json(state.stock)
    d["discard"] = _cards_json(state.discard)
    d["phase"] = int(state.phase)
    d["suit"] = int(state.suit)
    d["pending_rank"] = None if state.pending_rank is None else int(state.pending_rank)
    d["drawn"] = None if state.drawn is None else str(state.drawn)
    d["called"] = list(state.called)
    d["voids"] = list(state.voids)
    return d


def from_json(data: Mapping[str, Any]) -> State:
    """Rebuild a state from to_json(); raises ValueError on malformed data."""
    try:
        d, t = dict(data), dict(data["table"])
        table = Table(
            seed=int(t["seed"]), players=int(t["players"]), match=bool(t["match"]),
            open_hands=bool(t["open_hands"]), hand_no=int(t["hand_no"]),
            totals=tuple(int(x) for x in t["totals"]), last_points=tuple(int(x) for x in t["last_points"]),
            winner=_seat_or_none(t["winner"]),
        )
        state = State(
            hands=tuple(_cards_back(h) for h in d["hands"]), stock=_cards_back(d["stock"]),
            discard=_cards_back(d["discard"]), turn=int(d["turn"]), phase=Phase(d["phase"]),
            suit=Suit(d["suit"]), pending=int(d["pending"]),
            pending_rank=None if d["pending_rank"] is None else Rank(d["pending_rank"]),
            skip=bool(d["skip"]), drawn=None if d["drawn"] is None else shared(parse_card(d["drawn"])),
            called=tuple(bool(x) for x in d["called"]), exposed=_seat_or_none(d["exposed"]),
            voids=tuple(int(x) for x in d["voids"]), reshuffles=int(d["reshuffles"]), table=table,
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"not a saved Switch game: {exc!r}") from None
    n = table.players
    if not 2 <= n <= 6 or any(len(x) != n for x in (state.hands, state.called, state.voids, table.totals)):
        raise ValueError("not a saved Switch game: the seats do not add up")
    seats = [s for s in (state.exposed, table.winner) if s is not None]
    if not 0 <= state.turn < n or any(not 0 <= s < n for s in seats) or not state.discard:
        raise ValueError("not a saved Switch game: a seat or the discard pile is out of place")
    return state
