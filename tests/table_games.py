"""Random games played at a Table through a handle, for the tests of cardgames/table (test_table_*.py).

play(game, seats, seed, handle_class) seats the humans on one handle and a spectator on another,
then alternates, by a random stream of its own: a human seat with something to do sends one of
its legal or out-of-turn actions (now and then a stale one, or one for a view that is out of
date), or the table's clock moves on a quarter second. Returns the table and every message
received, in order. Bounded: at most `steps` steps.
"""
from __future__ import annotations

import random
from typing import Any

from cardgames.table.handles import LocalHandle
from cardgames.table.seats import AWAY, HERE, SeatSpec, computer
from cardgames.table.table import Table

# Per game: (options, seats) cases from one seat to eight, humans here and elsewhere, every level.
CASES: dict[str, list[tuple[dict[str, Any], tuple[SeatSpec, ...]]]] = {
    "tripeaks": [({}, (HERE,)), ({"wild": True, "open_peaks": True}, (HERE,)),
                 ({"empty_waste": True, "layout": "pyramid"}, (HERE,))],
    "skyjo": [({"target": 30}, (HERE, computer("easy"))),
              ({"target": 40}, (HERE, AWAY, computer("normal"), computer("easy"))),
              ({"target": 25, "start": "highest"}, (computer("easy"),) * 5 + (HERE, AWAY, computer("random")))],
    "three_thirteen": [({}, (HERE, computer("easy"))),
                       ({"ace_high": True}, (HERE, AWAY, computer("easy"), computer("random"), computer("easy")))],
    "switch": [({}, (HERE, computer("easy"), computer("normal"))),
               ({"match": True}, (HERE, AWAY)),
               ({"open": True}, (HERE, computer("hard"), computer("easy"), AWAY, computer("random"), HERE))],
}


def play(game: str, options: dict[str, Any], seats: tuple[SeatSpec, ...], seed: int,
         handle_class: type = LocalHandle, steps: int = 6000, on_step: Any = None,
         table_class: type = Table, executor: Any = None) -> tuple[Table, list[Any]]:
    table = table_class(game, options, seed, seats, ai_delay=0.5, seeds=lambda: seed + 1, executor=executor)
    humans = [s for s, who in enumerate(seats) if who.human]
    line = handle_class(table, humans)
    spectator = handle_class(table, None)
    table.start()
    rng = random.Random(seed)
    log: list[Any] = []
    latest: dict[int, Any] = {}
    for _ in range(steps):
        for update in line.receive():
            log.append(update)
            latest[update.seat] = update
        log.extend(spectator.receive())
        if table.over:
            break
        ready = [s for s in humans if s in latest and (latest[s].legal or latest[s].out_of_turn)]
        if ready and rng.random() < 0.6:
            seat = rng.choice(ready)
            choices = list(latest[seat].legal) + list(latest[seat].out_of_turn)
            if "out" in choices:      # Three Thirteen: going out when one can keeps a random game short
                choices = ["out"]
            line.act(seat, rng.choice(choices), after=latest[seat].moves if rng.random() < 0.5 else -1)
        else:
            table.advance(0.25)
        if on_step is not None:
            on_step(table)
    log.extend(line.receive())
    log.extend(spectator.receive())
    return table, log
