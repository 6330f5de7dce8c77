"""Which achievements one move earned, from what the player's seat may see (pure, no pygame).

check(move) looks at a Move: the game, the viewer's seat, the action, the
viewer's observation before and after it, the (redacted) events, and a small
memory dict the caller keeps per scene (for runs across moves, e.g. a
TriPeaks streak). It never sees a State, so no hidden card can unlock
anything. Each game has one function; they return achievement ids. At a
table on a server (move.online) the online ones are checked too (online.py),
from the table's seats and result as every seat is told them.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardgames.achievements.online import check as check_online
from cardgames.core.cards import Rank
from cardgames.core.events import Announced, CardMoved
from cardgames.core.rounds import lowest_seats


@dataclass
class Move:
    game: str
    viewer: int
    action: Any
    before: Any            # the viewer's observation before the action
    after: Any             # ... and after it
    events: tuple = ()     # redacted for the viewer
    memory: dict = field(default_factory=dict)
    online: bool = False   # a table on a server (Play with others)
    seats: tuple = ()      # ... its seats as every seat is told them (lobby.SeatInfo)
    ended: Any = None      # the table's result (messages.Result) when this move ended the game

    def announced(self, kind: str) -> list[Announced]:
        return [e for e in self.events if isinstance(e, Announced) and e.kind == kind]


def _tripeaks(m: Move) -> list[str]:
    out = []
    mem = m.memory
    if mem.get("after") != m.before:      # a new deal, an undo or a resume: the run starts again
        mem.update(run=0, peaks=0)
    for ev in m.events:
        if isinstance(ev, CardMoved) and ev.src.startswith("tableau"):
            mem["run"] += 1
        elif isinstance(ev, CardMoved) and ev.src == "stock":
            mem.update(run=0, peaks=0)
        elif isinstance(ev, Announced) and ev.kind == "peak_cleared":
            mem["peaks"] += 1
            out.append("tp_peak")
    mem["after"] = m.after
    if mem["run"] >= 10:
        out.append("tp_streak10")
    if mem["peaks"] >= 3 and len(m.after.layout.peaks) >= 3:
        out.append("tp_three_peaks")
    slot = getattr(m.action, "slot", None)
    if slot is not None and m.before.waste and m.before.tableau[slot] is not None:
        pair = {m.before.waste[-1].rank, m.before.tableau[slot].rank}
        if pair == {Rank.KING, Rank.ACE} and not m.before.waste[-1].is_joker:
            out.append("tp_wrap")
    if m.after.won:
        out.append("tp_clear")
        if m.after.stock_count >= 10:
            out.append("tp_spare")
    return out


def _won_game(m: Move, over_phase: Any) -> bool:
    return m.after.phase == over_phase and m.before.phase != over_phase and m.viewer in lowest_seats(m.after.totals)


def _skyjo(m: Move) -> list[str]:
    from cardgames.games.skyjo.rules import CLEARED, Phase

    out = []
    me = m.viewer
    if any(e.seat == me for e in m.announced("column_cleared")):
        out.append("sk_column")
    if any(e.seat == me for e in m.announced("last_lap")):
        out.append("sk_last_lap")
    if m.announced("round_over") and m.after.rounds:
        result = m.after.rounds[-1]
        if result.scores[me] < 0:
            out.append("sk_negative")
        if m.after.grids[me].count(CLEARED) >= 6:
            out.append("sk_two_columns")
        if result.finisher == me and not result.doubled and result.scores[me] == min(result.scores):
            out.append("sk_clean_finish")
    if _won_game(m, Phase.GAME_OVER):
        out.append("sk_win")
    return out


def _three_thirteen(m: Move) -> list[str]:
    from cardgames.games.three_thirteen.rules import ROUNDS, Phase

    out = []
    me = m.viewer
    if any(e.seat == me and e.text == "last turn" for e in m.announced("out")):
        out.append("tt_out")
        if m.after.round_no == 1:
            out.append("tt_first_round")
        if m.after.round_no == ROUNDS:
            out.append("tt_kings")
        if sum(1 for c in m.after.hand if c.rank == m.after.wild) >= 2:
            out.append("tt_wilds")
    ended = m.after.phase == Phase.GAME_OVER and m.before.phase != Phase.GAME_OVER
    if ended and len(m.after.rounds) == ROUNDS and all(r.scores[me] == 0 for r in m.after.rounds):
        out.append("tt_spotless")
    if _won_game(m, Phase.GAME_OVER):
        out.append("tt_win")
    return out


def _switch(m: Move) -> list[str]:
    from cardgames.games.switch.rules import ACE, JACK, K_PLAY, OVER, PICKUP, TWO

    out = []
    me, action, before = m.viewer, m.action, m.before
    mine = getattr(action, "seat", None) == me
    if any(e.value == me for e in m.announced("caught")):
        out.append("sw_catch")
    playing = mine and action.kind is K_PLAY
    if playing and action.card.rank in (TWO, ACE) and before.pending and before.pending_rank is action.card.rank:
        out.append("sw_stack")
    if any(e.seat == me for e in m.announced("hand_over")):
        out.append("sw_win")
        if playing and action.card.rank is JACK:
            out.append("sw_jack_out")
        if playing and action.card.rank in (TWO, ACE):
            rank = action.card.rank
            pickup = (before.pending if before.pending_rank is rank else 0) + PICKUP[rank]
            if pickup >= 8:
                out.append("sw_parting_gift")
    if m.after.match and m.after.phase is OVER and before.phase is not OVER and me in lowest_seats(m.after.totals):
        out.append("sw_match")
    return out


CHECKS: dict[str, Callable[[Move], list[str]]] = {
    "tripeaks": _tripeaks, "skyjo": _skyjo, "three_thirteen": _three_thirteen, "switch": _switch,
}


def check(move: Move) -> list[str]:
    """The ids this move earned (possibly already earned before; the book ignores those)."""
    fn = CHECKS.get(move.game)
    ids = fn(move) if fn is not None else []
    if move.online:
        ids += check_online(move)
    return list(dict.fromkeys(ids))
