"""GameScene's line to its table: the game is played at a Table, the scene draws what it is sent.

A mixin of cardgames.ui.game_scene.GameScene. The scene is a view: it never holds the State.
open_table() seats the game at a cardgames.table.Table (the host: in this process, beside the
scene) and connects the seats of this screen through a handle: LocalHandle passes the messages
as objects, WireHandle encodes each to bytes and back, exactly as a network carries them
(CARDGAMES_LINE=wire in the environment chooses it; a view fed by either draws the same frames).
From then on:
- act(action) sends the seat's intent (str(action), with the number of moves the view has seen);
  the table answers at once, with updates or a refusal (told as a toast);
- take_updates() reads what arrived: the latest update of each seat, the viewer's events
  animated as one batch, each move written to the move log (from the observations before and
  after it), the game's end;
- run_clock(dt) lets the host's clock run while nothing animates, one change at a time, so every
  computer move is seen to land before the next (think_while_animating: the clock runs while a
  move flies, the next one lands once it is down). computer_may_move() False holds it.

Uses from the scene: app, info, options, seed, humans, viewer, animator, board, move_log,
rules (parse_action only), rules_options(), table_deal(), table_choose(), computer_may_move(),
computer_anim_pace(), think_while_animating, seat_anchor(), scheduler.
"""
from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pygame

from cardgames.core.protocol import IllegalAction
from cardgames.i18n import N_
from cardgames.table.handles import LocalHandle, WireHandle
from cardgames.table.messages import Update
from cardgames.table.table import Table

# Computer players choose in one background thread (the table's executor), so a slow search never
# freezes the animation. One thread: choices are made one at a time, in order.
_AI_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")

LINES = {"local": LocalHandle, "wire": WireHandle}
LINE_ENV = "CARDGAMES_LINE"      # "wire": every game scene talks to its table through bytes


def line_kind() -> str:
    kind = os.environ.get(LINE_ENV, "local")
    return kind if kind in LINES else "local"


class TableLine:
    """The scene's table and its line to it (a GameScene mixin)."""

    host: Table | None = None
    game_spec: Any = None     # the game's cardgames.table.games.GameSpec when it is not one of SPECS (a test's)

    # ------------------------------------------------------------------ hooks
    def table_deal(self) -> Any:
        """A function (rules_options, seed) -> State that deals this game instead of the rules'
        new_game (a tutorial's lesson), or None."""
        return None

    def table_choose(self) -> Any:
        """A function (state, seat, rng, level) -> action for the computer seats instead of the
        game's AI (a tutorial's scripted opponents), or None."""
        return None

    def ai_level(self, seat: int) -> str:
        return str(self.options.get("level", "normal"))

    # ------------------------------------------------------------------ opening
    def table_options(self) -> dict[str, Any]:
        options = {**self.options, **self.rules_options()}
        options["undo"] = self.undo_allowed
        return options

    def open_table(self, actions: Any = None, line: Any = None) -> list[Update]:
        """Seat the game at a fresh table (a saved game's `actions` replayed); the updates that tell
        the game so far, oldest first (just the opening position for a new game). With `line` (a
        ui/remote_line.RemoteLine) the table is on a server: no table here (open_line)."""
        if line is not None:
            return self.open_line(line)
        host = Table.for_humans(self.game_spec or self.info.name, self.table_options(), self.seed, self.humans,
                                self.ai_level(0), ai_delay=self.app.ai_delay, executor=_AI_WORKER,
                                deal=self.table_deal(), choose=self.table_choose())
        self.host = host
        self.players = host.players
        kind = line_kind() if self.game_spec is None else "local"   # (a test's own game has no codec)
        self.line = LINES[kind](host, self.humans or (self.viewer,))
        if actions:
            done = host.replay([str(a) for a in actions])
            if host.resume_error is not None:
                self._tell_replay_stop(done, host.resume_error, actions[done] if done < len(actions) else "")
        story = self.line.catch_up(self.viewer)
        host.start()
        self.seen = {}
        for msg in self.line.receive():
            if isinstance(msg, Update):
                self.seen[msg.seat] = msg
        return story

    def _tell_replay_stop(self, done: int, exc: Exception, text: Any) -> None:
        from cardgames.i18n import refusal, said
        why = (refusal(exc, self.player_name, to_player=False) if isinstance(exc, IllegalAction)
               else said("the move {move} could not be read", move=repr(str(text))))
        self.app.notify(said("The saved game could only be restored up to move {n} ({reason}).", n=done, reason=why))

    # ------------------------------------------------------------------ what the seats were sent
    def latest(self, seat: int | None = None) -> Update:
        """The last update `seat` (default: the viewer) was sent."""
        seen = self.seen
        return seen.get(self.viewer if seat is None else seat) or next(iter(seen.values()))

    # ------------------------------------------------------------------ intents
    def acting_seat(self, action: Any) -> int:
        """The seat of this screen an action is sent for: its own seat when it names one (a call, a
        catch), else whose turn it is, else the viewer."""
        seat = getattr(action, "seat", None)
        if isinstance(seat, int) and seat in self.humans:
            return seat
        current = self.current
        return current if current in self.humans else self.viewer

    def send(self, action: Any) -> bool:
        """Send an action to the table; True when it was played (else its refusal was told)."""
        intent = self.line.act(self.acting_seat(action), str(action), after=len(self.actions))
        return self.take_updates(intent.seq)

    def send_command(self, command: str) -> bool:
        intent = self.line.command(self.viewer, command)
        return self.take_updates(intent.seq)

    # ------------------------------------------------------------------ updates
    def take_updates(self, asked: int | None = None) -> bool:
        """Read what the table sent; False when the intent numbered `asked` was refused."""
        accepted = True
        batch: list[Any] = []
        movers: list[int | None] = []
        reset: Update | None = None
        for msg in self.line.receive():
            if not isinstance(msg, Update):
                continue
            before = self.seen.get(msg.seat)
            self.seen[msg.seat] = msg
            if msg.refusal is not None:
                if asked is not None and msg.refusal.seq == asked:
                    accepted = False
                    self.tell_refusal(msg.refusal)
                continue
            if msg.seat != self.viewer:
                continue
            if msg.suggestion:     # the answer to "suggest": the same position, a move to show (ui/suggest.py)
                self.show_suggestion(msg.suggestion)
                continue
            if msg.reset:
                reset, batch, movers = msg, [], []
                continue
            self.actions.extend(msg.played)
            if before is not None:
                self.move_log.record_update(before, msg)
                self.after_update(before, msg)
            movers.append(before.turn if before is not None else None)
            batch.extend(msg.events)
        if reset is not None:
            self.on_reset(reset)
        if batch or movers:
            self.anim_pace = 1.0 if (not movers or movers[0] in self.humans) else self.computer_anim_pace()
            self._clear_selection()
            self.drag.cancel()
            self._set_hover(None)
            self.animate_events(tuple(batch))
            self.animator.queue(self.sync(animate=True))
            self._focus_dirty = self._focus_moved = True
            self.landed()
        return accepted

    def after_update(self, before: Update, after: Update) -> None:
        """One move told (the observations before and after it): the achievements' hook."""
        from cardgames import achievements
        action = self.rules.parse_action(after.played[-1]) if after.played else None
        ended = after.result if before.result is None else None     # the move that ended the game: its result
        achievements.after_move(self, action, before.observation, after.observation, after.events, ended)

    def landed(self) -> None:
        """A batch of moves was taken in: end the game when the table says it is over, and save."""
        if self.latest().result is not None and not self.over:
            self.over = True
            from cardgames.engine.tween import Call
            self.animator.queue(Call(self._game_over))
        self.save()

    def on_reset(self, msg: Update) -> None:
        """The table drew the position afresh (an undo): the board settles on it."""
        del self.actions[msg.moves:]
        self.move_log.truncate(msg.moves)
        self.over = msg.result is not None
        self._clear_selection()
        self.drag.cancel()
        self._set_hover(None)
        self.animator.queue(self.sync(animate=True))
        self._focus_dirty = True

    def tell_refusal(self, refused: Any) -> None:
        if refused.message:
            exc = IllegalAction(refused.message, refused.you or None, **dict(refused.values))
            self.app.notify(self.refusal_text(exc))
        else:
            self.app.notify(refused.text)
        self.app.play_sound("invalid")

    # ------------------------------------------------------------------ the table's clock
    def run_clock(self, dt: float) -> None:
        """Let the host's clock run (computers move, catches land) while the board is at rest."""
        host = self.host
        if host is None:
            self.poll_line(dt)      # a table on a server: its clock runs there (ui/remote_line.py)
            return
        if self.over:
            return
        host.ai_delay = self.app.ai_delay
        if not self.computer_may_move():
            return
        if self.animator.busy:
            if not self.think_while_animating:
                return
            due, target = host.next_due(), host.now + dt
            if due is not None and due <= target:
                target = due - 1e-6   # up to the move, not onto it (due now: the clock stands; never goes back)
            host.advance_to(target)
        else:
            host.advance_to(host.now + dt, moves=1)
        if host.ai_errors:
            host.ai_errors.clear()
            self.app.storage.log_error(f"{self.info.name} computer player")
            self.app.notify(N_("A computer player made an error; it plays its first legal move."))
        self.take_updates()

    @property
    def thinking(self) -> int | None:
        """The computer seat thinking right now (the table says so; none while the scene holds the
        computers back)."""
        return self.latest().thinking if self.seen and self.computer_may_move() else None

    def computer_anim_pace(self) -> float:
        """How much faster than the animation setting a computer's move animates (1.0: not at all);
        a game may speed up a big table's computer moves."""
        return 1.0

    def _draw_thinking(self, surface: pygame.Surface) -> None:
        if self.thinking is None:
            return
        x, y = self.seat_anchor(self.thinking)
        t = self.scheduler.time
        for i in range(3):
            lift = max(0.0, min(1.0, 1 - abs(((t * 2.2 - i * 0.25) % 1.2) - 0.3) * 4))
            pygame.draw.circle(surface, (250, 240, 200), (x - 16 + i * 16, round(y - 6 * lift)), 5)
