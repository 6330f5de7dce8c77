"""Table: one game's authority. It owns the State; views send it intents and are sent updates.

    table = Table("skyjo", {"target": 100}, seed=7, seats=(HERE, computer("hard"), AWAY))
    table.connect(0, on_update)            # the seat's updates: on_update(Update)
    table.watch(on_public)                 # a spectator's: on_public(Public)
    table.start()                          # everyone is sent the opening position (reset=True)
    table.submit(Intent(seat=0, seq=1, action="flip 3"))
    table.advance(dt)                      # the table's clock: computers act when their delay is over

Table(..., deal=fn) starts from fn(rules_options, seed) instead of rules.new_game (a tutorial's
scripted position, a test's); such a table's record replays only with the same `deal`.

Each intent is checked in this order, and refused (an Update to that seat alone, with a
Refusal and its stable code, messages.REFUSALS) when it fails: a human seat, a sequence number
above the seat's last, the view not out of date (`after`), the game not over, then a command
(undo, restart, redeal, resign) or an action: readable, the seat's own, on its turn (or one of
its out-of-turn actions), and legal for the rules. Only a seat's own legal move is ever handed to
rules.apply for a reason, so a refusal never tells a seat about another's cards.

Time comes only from advance(dt) / advance_to(now). A computer seat to play thinks for
pace.thinking_delay() and then plays the choice of its AI, made from its own observation with its
own random stream (child_seed(seed, "ai", seat)), never the deal's. With an `executor` (a worker
thread, as the scenes use today) the choice is made there while the delay runs, so a slow search
never holds up the caller; advance() waits for it only if it is not ready when its time comes.
Every job due by `now` happens in advance_to(now): at the Instant speed (delay 0) a run of
computer moves all land in one call, so a view that animates moves advances the clock only while
it is idle (today's pace: a computer's move waits for the last one to land). Skyjo's computer set-up flips
land together, as one batch. Between rounds nobody plays until a human seat deals on (the
action `next`); a table without a human deals on after pace.ROUND_PAUSE.

Switch's "last card" window: when a play leaves a player with one card and no call, the window
opens on the table's clock (a Deadline in every update). The computer seats try to catch after
their reaction time (levels/ai/switch.json) with their own random stream; a computer who plays
next holds its move until pace.CATCH_HOLD seconds after the opening; a human who plays next may
catch before moving, however long they take. On a server (`catch_window()`: the length, from the
players' round trips) the window closes on the table's clock: a later catch is refused, the next
player's move made in it is held until it closes, computers catch only within it (at the same
moment: in a seeded draw's order); otherwise the first catch to arrive wins.

History and fair undo as the scenes have them (cardgames/table/fair_undo.py): undo takes back the
seat's last move and the computer moves after it (a draw too: the state before it comes back,
stock and all), never another human's move and never a move that closed a round or hand (who made
each move: the game's GameSpec.mover, the scenes' own), and in the multiplayer tables only in
practice (options["practice"]). record() is the whole game (options, seed, seats, actions);
Table.resume(record) replays it, history and all (undo reaches back before the resume).

TriPeaks' solver sits here too (self.assist, cardgames/table/tripeaks_assist.py): the live "still
winnable" sign, the commands "hint" and "undo_to_winnable"; it works in background threads and its
answers go in the seat's updates (Update.assist), the late ones in an update of their own (poll()).
"""
from __future__ import annotations

import heapq
import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future
from typing import Any

import msgspec

from cardgames.core.protocol import N_, IllegalAction
from cardgames.core.rng import make_rng, new_seed
from cardgames.games.switch import reasons as switch_reasons
from cardgames.games.switch.rules import K_CALL, K_CATCH
from cardgames.table import fair_undo, pace, suggest
from cardgames.table.catch_window import CatchWindow
from cardgames.table.games import GameSpec
from cardgames.table.games import spec as game_spec
from cardgames.table.messages import REFUSALS, Intent, Public, Refusal, Result, Update
from cardgames.table.seats import Kind, SeatSpec, computer, parse_seat, seats_for
from cardgames.table.tripeaks_assist import assistant
from cardgames.table.updates import Facts, Turn, legal_for, public_update, seat_update


class Table(CatchWindow):
    def __init__(self, game: str | GameSpec, options: Mapping[str, Any], seed: int, seats: Sequence[SeatSpec], *,
                 ai_delay: float = pace.AI_DELAY, now: float = 0.0,
                 seeds: Callable[[], int] = new_seed, deal: Callable[[dict, int], Any] | None = None,
                 executor: Executor | None = None,
                 choose: Callable[[Any, int, random.Random, str], Any] | None = None) -> None:
        self.spec = game if isinstance(game, GameSpec) else game_spec(game)
        self.game = self.spec.name
        self.options = dict(options)
        self.seats: list[SeatSpec] = list(seats)
        self.ai_delay = float(ai_delay)
        self.now = float(now)
        self._seeds = seeds
        self._first = deal or self.spec.rules.new_game   # a tutorial or a test deals its own position
        self._executor = executor         # where computers think (a worker thread); None: in advance()
        self._choose = choose             # a tutorial's scripted computers: choose(state, seat, rng, level)
        self.resume_error: Exception | None = None   # why a resumed record stopped early (Table.resume)
        self._future: Future | None = None
        self.ai_errors: list[str] = []     # what went wrong in a computer player (for the host's error log)
        self._listeners: dict[int, Callable[[Update], None]] = {}
        self._watchers: list[Callable[[Public], None]] = []
        self._reply: Callable[[Update], None] | None = None   # the line of the intent being answered
        self._seen_seq = [0] * len(self.seats)      # the highest seq each seat has sent
        self._accepted_seq = [0] * len(self.seats)  # the seq of each seat's last accepted intent
        self.assist = assistant(self)   # TriPeaks' solver: the sign, hints, undo to winnable (None elsewhere)
        self.catch_window: Callable[[], float] | None = None   # a server's (see the notes): seconds a window lasts
        self._deal(int(seed))

    # ------------------------------------------------------------------ the game
    def _deal(self, seed: int) -> None:
        self.seed = seed
        self.state = self._first(self.spec.rules_options(self.options, len(self.seats)), seed)
        self.history: list[Any] = []
        self.actions: list[str] = []
        self.resigned: tuple[int, ...] = ()
        self._ai_rngs: dict[int, random.Random] = {}
        self._jobs: list[tuple[float, int, str, Any, int]] = []   # (due, order, kind, payload, version)
        self._order = itertools.count()
        self._version = 0              # every change of the state or the seats: planned jobs go stale
        self.thinking: int | None = None
        self._window: tuple[int, int] | None = None   # Switch: (exposed seat, move number) of the open window
        self._window_opened = 0.0
        self._reactions: dict[int, float] = {}         # Switch: each computer's reaction time to the open window
        self._window_len: float | None = None         # a server's window: its length (catch_window())
        self._held: tuple[int, Any, Intent] | None = None   # the next player's move, held until the window closes

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(s for s, spec in enumerate(self.seats) if spec.human and s not in self.resigned)

    @property
    def over(self) -> bool:
        return self.spec.rules.is_over(self.state) or (bool(self.resigned) and not self.humans
                                                         and not self.spec.multi_seat)

    def result(self) -> Result | None:
        if not self.over:
            return None
        rules = self.spec.rules
        return Result(tuple(rules.scores(self.state)), tuple(rules.winners(self.state)), self.resigned)

    def record(self) -> dict[str, Any]:
        """The whole game, for autosave and resume: replaying it gives the same State."""
        options = {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.options.items()}
        return {"game": self.game, "options": options, "seed": self.seed,
                "seats": [str(s) for s in self.seats], "actions": list(self.actions)}

    @classmethod
    def for_humans(cls, game: str | GameSpec, options: Mapping[str, Any], seed: int, humans: Sequence[int],
                   level: str = "normal", **kw: Any) -> Table:
        """A table with `humans` at this screen and computers of `level` in the other seats; as many
        seats as options["players"], else as many as the rules (or the `deal`) give by default."""
        s = game if isinstance(game, GameSpec) else game_spec(game)
        players = 1 if not s.multi_seat else options.get("players")
        if players is None:
            first = kw.get("deal") or s.rules.new_game
            probe = {k: v for k, v in options.items() if k in s.rules_keys}
            players = len(s.rules.scores(first(probe, int(seed))))
        return cls(game, options, seed, seats_for(int(players), tuple(humans), level), **kw)

    @classmethod
    def resume(cls, record: Mapping[str, Any], **kw: Any) -> tuple[Table, int]:
        """A table from a record, its actions replayed (quietly): the table and how many replayed
        (fewer than saved when one no longer applies). A record without seats (an old autosave)
        seats its options' "humans" here and computers elsewhere."""
        options = dict(record.get("options") or {})
        seats = record.get("seats")
        if seats is None:
            table = cls.for_humans(str(record["game"]), options, int(record["seed"]),
                                   tuple(options.get("humans", (0,))), str(options.get("level", "normal")), **kw)
        else:
            table = cls(str(record["game"]), options, int(record["seed"]), [parse_seat(s) for s in seats], **kw)
        return table, table.replay(record.get("actions", ()))

    def replay(self, actions: Sequence[str]) -> int:
        """Apply saved actions quietly (no update is sent): how many applied. It stops at the first
        that cannot be read or is refused; resume_error says why."""
        done = 0
        for text in actions:
            try:
                action = self.spec.rules.parse_action(str(text))
                state, _events = self.spec.rules.apply(self.state, action)
            except (IllegalAction, ValueError, KeyError, TypeError) as exc:
                self.resume_error = exc
                break
            self._push(action, state)
            done += 1
        return done

    # ------------------------------------------------------------------ lines to the views
    def connect(self, seat: int, listener: Callable[[Update], None]) -> None:
        self._listeners[seat] = listener

    def watch(self, listener: Callable[[Public], None]) -> None:
        self._watchers.append(listener)

    def start(self) -> None:
        """Send everyone the position as it stands (reset=True) and plan the computers' moves."""
        self._changed((), reset=True)

    # ------------------------------------------------------------------ intents
    def submit(self, intent: Intent, allowed: Sequence[int] | None = None,
               reply: Callable[[Update], None] | None = None) -> bool:
        """Apply a view's intent, or refuse it (see the module's notes). `allowed`: the seats the
        line it came on may speak for (None: any); `reply`: where that line hears a refusal (None:
        the seat's listener). True when accepted."""
        seat = intent.seat
        if not 0 <= seat < self.players or (allowed is not None and seat not in allowed):
            mine = allowed[0] if allowed else None     # told on the line's own seat
            return self._refuse(mine, intent, "wrong_seat", reply=reply)
        self._reply = reply
        try:
            return self._submit(seat, intent)
        finally:
            self._reply = None

    def _submit(self, seat: int, intent: Intent) -> bool:
        if not self.seats[seat].human or seat in self.resigned:
            return self._refuse(seat, intent, "not_here")
        if intent.seq <= self._seen_seq[seat]:
            return self._refuse(seat, intent, "stale")
        self._seen_seq[seat] = intent.seq
        if intent.after != -1 and intent.after != len(self.actions):
            return self._refuse(seat, intent, "moved_on")
        if intent.command:
            return self._command(seat, intent)
        if self.over:
            return self._refuse(seat, intent, "over", N_("the game is over"))
        rules = self.spec.rules
        try:
            action = rules.parse_action(intent.action)
        except (ValueError, KeyError, TypeError, IndexError, AttributeError):
            return self._refuse(seat, intent, "unreadable", f"cannot be read: {intent.action[:80]!r}")
        if getattr(action, "seat", seat) != seat and not self.spec.between(self.state):
            return self._refuse(seat, intent, "wrong_seat")
        mine = legal_for(self.spec, self.state, seat, True)
        out_of_turn = self.spec.out_of_turn(self.state, seat)
        if self._window_len is not None and self._window is not None:
            closes = self._window_opened + self._window_len
            if action in out_of_turn and action.kind is K_CATCH and self.now > closes:
                return self._refuse(seat, intent, "illegal", exc=switch_reasons.window_closed(action.target))
            if action in mine and self.now < closes:
                return self._hold(seat, action, intent, closes)
        if action not in mine and action not in out_of_turn:
            if not mine and not self._explains(action):
                return self._refuse(seat, intent, "not_your_turn", N_("Wait for your turn."))
            try:   # the seat's own move (or its own call or catch): the rules say why not
                rules.apply(self.state, action)
            except IllegalAction as exc:
                return self._refuse(seat, intent, "illegal", exc=exc)
            return self._refuse(seat, intent, "illegal", N_("That move is not allowed now."))
        self._accepted_seq[seat] = intent.seq
        self._play(action)
        return True

    def _hold(self, seat: int, action: Any, intent: Intent, closes: float) -> bool:
        """A server's window is open: the next player's move waits for it to close (one at a time)."""
        if self._held is not None:
            return self._refuse(seat, intent, "moved_on")
        self._held = (seat, action, intent)
        self._after(closes - self.now, "held", None)
        return True

    def _release(self) -> None:
        """The window has closed: the held move is made, if it still may be."""
        seat, action, intent = self._held
        self._held = None
        if self.seats[seat].human and action in legal_for(self.spec, self.state, seat, True):
            self._accepted_seq[seat] = intent.seq
            self._play(action)
        else:
            self._refuse(seat, intent, "moved_on")

    def _explains(self, action: Any) -> bool:
        """Switch's calls and catches are made out of turn: the rules' reason is about public facts."""
        return self.game == "switch" and action.kind in (K_CATCH, K_CALL)

    def _command(self, seat: int, intent: Intent) -> bool:
        command = intent.command
        if command in ("hint", "undo_to_winnable"):
            return self._assist_command(seat, intent)
        if command == "suggest":
            return self._suggest(seat, intent)
        if command == "undo":
            target, why = self._undo_target(seat)
            if target is None:
                return self._refuse(seat, intent, "no_undo", why or N_("Nothing to take back"))
        self._accepted_seq[seat] = intent.seq
        if command == "undo":
            self.undo(seat)
        elif command in ("restart", "redeal"):
            self.redeal()
        elif command == "resign":
            self.resign(seat)
        return True

    def _assist_command(self, seat: int, intent: Intent) -> bool:
        """TriPeaks' solver (tripeaks_assist.py): look for a hint in the position now (its answer comes
        in a later update, see poll()), or go back to the winnable position its last help found."""
        if self.assist is None or (intent.command == "hint" and not self.assist.hints):
            return self._refuse(seat, intent, "no_hint", N_("No hints in Classic: it is your money."))
        target = None
        if intent.command == "undo_to_winnable":
            target = self.assist.undo_target() if self.undo_allowed else None
            if target is None:
                return self._refuse(seat, intent, "no_undo", N_("Nothing to take back"))
        self._accepted_seq[seat] = intent.seq
        if target is None:
            self.assist.ask()
        else:
            self.rewind(target)
        return True

    def _suggest(self, seat: int, intent: Intent) -> bool:
        """A practice game's "suggest": the game's Expert, from the seat's observation (table/suggest.py)."""
        refused = suggest.why_not(self, seat)
        if refused is not None:
            return self._refuse(seat, intent, *refused)
        self._accepted_seq[seat] = intent.seq
        tell = self._reply or self._listeners.get(seat)
        if tell is not None:
            update = self._update_for(seat, (), self._facts())
            tell(msgspec.structs.replace(update, suggestion=suggest.suggestion(self, seat)))
        return True

    def _refuse(self, seat: int | None, intent: Intent, code: str, text: str = "",
                exc: IllegalAction | None = None, reply: Callable[[Update], None] | None = None) -> bool:
        tell = reply or self._reply or self._listeners.get(seat)
        if seat is None or tell is None:
            return False
        if exc is not None:
            refusal = Refusal(code, str(exc), intent.seq, exc.message, exc.you or "", tuple(exc.values.items()))
        else:
            refusal = Refusal(code, text or REFUSALS[code], intent.seq)
        tell(self._update_for(seat, (), self._facts(), refusal))
        return False

    # ------------------------------------------------------------------ playing
    def _push(self, action: Any, state: Any) -> None:
        self.history.append(self.state)
        self.actions.append(str(action))
        self.state = state

    def _play(self, action: Any, computer_turn: bool = False) -> None:
        """Apply an action known to be legal, then (a computer's turn) the computer set-up moves
        batched with it. Each action is told in its own update (a view animates the updates it
        receives together as one batch, and logs each move from its own observations)."""
        rules = self.spec.rules
        state, events = rules.apply(self.state, action)
        self._push(action, state)
        while computer_turn and self._batches():
            self._version += 1
            self._tell(tuple(events), played=(self.actions[-1],))
            choice = self._choice(rules.current_player(self.state))
            state, events = rules.apply(self.state, choice)
            self._push(choice, state)
        self._changed(tuple(events), played=(self.actions[-1],))

    def _batches(self) -> bool:
        """Skyjo: the computer seats' set-up flips land at once, after the first one's delay."""
        if self.game != "skyjo" or self._choose is not None or self.spec.rules.is_over(self.state):
            return False   # (scripted computers, a tutorial's, move one at a time)
        seat = self.spec.rules.current_player(self.state)
        return self.state.phase == self.spec.rules.Phase.SETUP and seat is not None and self.seats[seat].computer

    def _choice(self, seat: int, state: Any = None) -> Any:
        """Computer `seat`'s move in `state` (default: now), by its AI from its own observation."""
        state = self.state if state is None else state
        if seat not in self._ai_rngs:
            self._ai_rngs[seat] = make_rng(self.seed, "ai", seat)
        level = self.seats[seat].level
        try:
            if self._choose is not None:
                return self._choose(state, seat, self._ai_rngs[seat], level)
            return self.spec.choose(self.spec, state, seat, self._ai_rngs[seat], level)
        except Exception as exc:  # noqa: BLE001 - a bug in an AI must not end the players' game
            self.ai_errors.append(f"{self.game} computer player, seat {seat}: {exc!r}")
            return self.spec.rules.legal_actions(state)[0]

    def _changed(self, events: tuple, reset: bool = False, played: tuple[str, ...] = ()) -> None:
        """The state changed: open or close the catch window, plan the computers, tell everyone."""
        self._version += 1
        self._track_window()
        self._plan()
        if reset and not self.actions:     # a fresh deal: its events, for the log's opening lines
            deal_events = getattr(self.spec.rules, "deal_events", None)
            events = tuple(deal_events(self.state)) if deal_events is not None else ()
        self._tell(events, reset, played)

    def _tell(self, events: tuple, reset: bool = False, played: tuple[str, ...] = ()) -> None:
        facts = self._facts(reset, played)
        alike = None
        for seat, listener in list(self._listeners.items()):
            if alike is None or not self._still(alike):   # (a listener may have changed the table)
                alike = self._alike()
            listener(self._update_for(seat, events, facts, alike=alike))
        if self._watchers:
            public = self._public_for(events, facts)
            for watcher in list(self._watchers):
                watcher(public)

    def catch_up(self, seat: int | None) -> list[Update | Public]:
        """The game so far as `seat` (None: a spectator) saw it, for a view that joins or resumes
        it: the opening position (reset, with the deal's events), then one update per move made.
        The last one is the position now (computers and deadlines as they stand)."""
        rules, out = self.spec.rules, []
        states = [*self.history, self.state]
        deal_events = getattr(rules, "deal_events", None)
        for i, state in enumerate(states):
            if i == 0:
                events, played = (tuple(deal_events(state)) if deal_events is not None else ()), ()
            else:
                _state, events = rules.apply(states[i - 1], rules.parse_action(self.actions[i - 1]))
                played = (self.actions[i - 1],)
            last = i == len(states) - 1
            facts = Facts(i, self.now, self.thinking if last else None, self.deadlines() if last else (),
                          self.result() if last else None, i == 0, played)
            if seat is None:
                out.append(public_update(self.spec, state, tuple(events), facts))
            else:
                human = self.seats[seat].human and seat not in self.resigned
                out.append(seat_update(self.spec, state, seat, tuple(events), facts, seq=self._accepted_seq[seat],
                                       human=human, undo=last and human and self._undo_target(seat)[0] is not None))
        return out

    def _facts(self, reset: bool = False, played: tuple[str, ...] = ()) -> Facts:
        return Facts(len(self.actions), self.now, self.thinking, self.deadlines(), self.result(), reset, played)

    def _public_for(self, events: tuple, facts: Facts) -> Public:
        return public_update(self.spec, self.state, events, facts)

    def _alike(self) -> tuple:
        """What every seat's update of the position now shares, worked out once for all of them:
        (state, resigned, seats: what it was made from), the humans, whether undo is allowed, the Turn."""
        humans = self.humans
        return (self.state, self.resigned, list(self.seats), humans, self._undo_allowed(humans),
                Turn(self.spec, self.state))

    def _still(self, alike: tuple) -> bool:
        return alike[0] is self.state and alike[1] is self.resigned and alike[2] == self.seats

    def _update_for(self, seat: int, events: tuple, facts: Facts, refusal: Refusal | None = None,
                    alike: tuple | None = None) -> Update:
        _state, _resigned, _seats, humans, undo_allowed, turn = alike or self._alike()
        human = seat in humans
        undo = human and undo_allowed and self._undo_target(seat, humans)[0] is not None
        return seat_update(self.spec, self.state, seat, events, facts, seq=self._accepted_seq[seat], human=human,
                           undo=undo, refusal=refusal, turn=turn,
                           assist=self.assist.answer() if self.assist is not None else None)

    def poll(self) -> bool:
        """Tell the seats what the table's solver (TriPeaks) has found since, in an update with no move;
        True when there was news. advance() polls too."""
        if self.assist is None or not self.assist.poll():
            return False
        facts = self._facts()
        for seat, listener in list(self._listeners.items()):
            listener(self._update_for(seat, (), facts))
        return True

    # ------------------------------------------------------------------ the clock
    def advance(self, dt: float) -> None:
        self.advance_to(self.now + max(0.0, dt))

    def advance_to(self, now: float, moves: int | None = None, wait: bool = True) -> None:
        """Let the table's clock run to `now`: every computer move and catch due by then happens,
        each at its own moment (the updates say when). With `moves`, stop after that many changes
        of the position: the clock then stands at the last one's moment (a view that animates
        each move before the next lands asks for one at a time). With wait=False, stop at a
        computer's move whose choice the executor has not made yet (pending() gives it: a server
        advances again once it is made, and never blocks its loop)."""
        done = 0
        while self._jobs and self._jobs[0][0] <= now and (moves is None or done < moves):
            if not wait and self._unready(self._jobs[0]):
                now = self._jobs[0][0]
                break
            due, _order, kind, payload, version = heapq.heappop(self._jobs)
            self.now = max(self.now, due)
            before = len(self.actions)
            if kind == "catch":
                self._computer_catch(*payload)
            elif kind == "held" and self._held is not None:
                self._release()
            elif version == self._version:
                if kind == "move":
                    self.thinking = None
                    future, self._future = self._future, None
                    self._play(future.result() if future is not None else self._choice(payload), computer_turn=True)
                elif kind == "next":
                    self._play(self.spec.next_action)
            done += len(self.actions) != before
        if moves is None or done < moves:
            self.now = max(self.now, now)
        self.poll()

    def _unready(self, job: tuple[float, int, str, Any, int]) -> bool:
        return job[2] == "move" and job[4] == self._version and self._future is not None and not self._future.done()

    def pending(self) -> Future | None:
        """The choice (made in the executor) that the table's next job waits for, while it is not made."""
        return self._future if self._jobs and self._unready(self._jobs[0]) else None

    def next_due(self) -> float | None:
        """When the table's next planned job (a computer's move, a catch, a deal) is due, or None."""
        return self._jobs[0][0] if self._jobs else None

    def _after(self, delay: float, kind: str, payload: Any) -> None:
        heapq.heappush(self._jobs, (self.now + delay, next(self._order), kind, payload, self._version))

    def _plan(self) -> None:
        """Whoever plays next: a computer starts thinking; between rounds without a human, deal on."""
        self.thinking, self._future = None, None
        rules = self.spec.rules
        if self.over:
            return
        if self.spec.between(self.state):
            if not self.humans:
                self._after(pace.ROUND_PAUSE, "next", None)
            return
        seat = rules.current_player(self.state)
        if seat is None or not self.seats[seat].computer:
            return
        continues = bool(self.history) and rules.current_player(self.history[-1]) == seat
        delay = pace.thinking_delay(self.ai_delay, self.players, continues)
        if self._window is not None:      # hold the move until the window has had its seconds
            hold = pace.CATCH_HOLD if self._window_len is None else self._window_len
            delay = max(delay, self._window_opened + hold - self.now)
        self.thinking = seat
        self._after(delay, "move", seat)
        if self._executor is not None and self._choose is None:   # the choice is made meanwhile, beside
            # the caller's loop (a script's choice is made when the move lands: it follows the lesson)
            self._future = self._executor.submit(self._choice, seat, self.state)

    # ------------------------------------------------------------------ undo, deal again, resign
    @property
    def undo_allowed(self) -> bool:
        return self._undo_allowed(self.humans)

    def _undo_allowed(self, humans: tuple[int, ...]) -> bool:
        if "undo" in self.options:
            return bool(self.options["undo"])
        return bool(humans) and (bool(self.options.get("practice")) or not self.spec.fair_undo)

    def _undo_target(self, seat: int, humans: tuple[int, ...] | None = None) -> tuple[int | None, str]:
        humans = self.humans if humans is None else humans
        if not self._undo_allowed(humans):
            return None, fair_undo.NO_UNDO
        return fair_undo.undo_target(len(self.actions), self._mover, humans, seat, self.spec.closed)

    def _mover(self, i: int) -> int | None:
        """Who made move i (self.actions[i], played from self.history[i])."""
        after = self.history[i + 1] if i + 1 < len(self.history) else self.state
        return self.spec.made(self.history[i], after, self.actions[i])

    def undo(self, seat: int) -> str:
        """Take back `seat`'s last move and the computers' after it; "" when done, else why not."""
        target, why = self._undo_target(seat)
        if target is None:
            return why or N_("Nothing to take back")
        self.rewind(target)
        return ""

    def rewind(self, target: int) -> None:
        """Go back to the position after the first `target` moves (undo; TriPeaks' undo to winnable)."""
        self.state = self.history[target]
        del self.history[target:], self.actions[target:]
        self._window, self._jobs, self._held = None, [], None   # a missed call taken back to: its catch window opens afresh
        self._changed((), reset=True)

    def redeal(self, seed: int | None = None) -> None:
        """A new deal with the same options and seats (restart and "new deal")."""
        self._deal(self._seeds() if seed is None else int(seed))
        self._changed((), reset=True)

    def jump(self, state: Any) -> None:
        """A scripted position (a tutorial's "later in the game"): the game goes on from `state`,
        with no history before it."""
        self.state = state
        self.history, self.actions = [], []
        self._window, self._jobs, self._held = None, [], None
        self._changed((), reset=True)

    def resign(self, seat: int) -> None:
        """`seat` gives up: a computer plays on for it (the game goes on for the others); a table
        left without a human is over for TriPeaks, whose only seat it was."""
        self.resigned = (*self.resigned, seat)
        if self.spec.multi_seat:
            self.seats[seat] = computer(str(self.options.get("level", "normal")))
        self._changed(())

    def sit(self, seat: int, who: SeatSpec) -> None:
        """Seat someone (a player who joined, a computer taking over an empty seat)."""
        self.seats[seat] = who
        if who.kind is Kind.EMPTY:
            self._listeners.pop(seat, None)
        self._changed(())
