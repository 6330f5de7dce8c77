"""A game scene as a view of a table on a server (issue 25): the line is a NetHandle.

cardgames.net.play.open_online_game builds the game's own scene with options["line"] = a
RemoteLine; GameScene hands it to open_table(line=...), which comes here (open_line) instead of
seating the game at a Table in this process. From then on the scene is the same view as at a
local table (animations, the move log, summaries, Switch's calls and catches), with these
differences, all in this mixin:
- self.host is None: there is no clock here. run_clock(dt) only reads the network (poll_line):
  the server's computers move on the server's clock, the thinking dots come in the updates.
- act() sends the intent and waits a little (ANSWER_WAIT) for the server's answer, so a refused
  move is told at once as locally; an answer later than that is still taken in, a late refusal
  told when it comes.
- What is not a game message (cardgames.table.lobby: Seats, Said, Error) is told here: who
  dropped, who a computer plays for, who is back, who asks to play again (toasts and a mark at
  the seat), the quick messages (a bubble at the speaker's seat; the picker is
  ui/quick_messages.py), and the line's end (the server closing, the table closed, the line lost):
  a clear message, then back to the select screen.
- No local save: the seat token is kept instead (cardgames/net/seat_token.py), so the table can
  be rejoined after a crash; restart / redeal are not offered ("Play again" asks the table for a
  new deal: handle.again(); the new deal starts the new game in the same screen).
"""
from __future__ import annotations

import time
from typing import Any

import pygame

from cardgames import names as player_names
from cardgames.i18n import N_, said, tr
from cardgames.net.texts import error_text
from cardgames.table.lobby import Error, Said, Seats
from cardgames.table.messages import Public, Update
from cardgames.ui import theme
from cardgames.ui.quick_messages import QuickMessages, phrase_text

ANSWER_WAIT = 1.0        # seconds act() waits for the server's answer to an intent (a LAN answers in ms)
CATCH_UP_WAIT = 5.0      # seconds to wait for the game so far when the screen opens
BUBBLE_SECONDS = 3.5     # how long a quick message shows at its seat
OWN_SERVER_WAIT = 3.0    # seconds the screen gives its own server to tell the others it stops
# What ends a line, in the player's words (the English reason goes to the log); anything else: LOST.
ENDED = {"closing": N_("The server is shutting down: the table has ended."),
         "closed": N_("The table was closed by its host."),
         "broken": N_("The table stopped on an error."),
         "removed": N_("The host removed you from the table."),
         "not_allowed": N_("Your seat was taken back from another screen."),
         "idle": N_("The server closed the line: nothing was heard from it for too long.")}
LOST = N_("The line to the table was lost. Rejoin it from the game list.")
SERVER_COMPUTER = N_("computer")    # a computer seat's level as an online table shows it (the server's own)
KEEPS_TOKEN = ("unreachable", "idle", "slow", "flood")    # the table may still be there: the seat token stays


class RemoteLine:
    """A connected NetHandle as a scene's line: the messages the lobby already read come first,
    the game's messages go to the scene (receive), the lobby's are kept aside (self.lobby)."""

    def __init__(self, handle: Any, pending: Any = ()) -> None:
        self.handle = handle
        self._pending: list[Any] = []       # the game's messages (Update, Public) not yet taken, in order
        self.lobby: list[Any] = []          # Seats, Said and Error heard since the scene last looked
        self.late: list[Any] = []           # refusals of intents whose answer came after ANSWER_WAIT
        self._waited_out: set[int] = set()
        self.opening: list[Update] = []     # a new deal's first update (Play again): the story open_line tells
        told = [m.seats for m in pending if isinstance(m, Seats)]      # who sits where, as last told
        self.seats = told[-1] if told else (handle.welcome.seats if handle.welcome is not None else ())
        self._take([m for m in pending if not isinstance(m, Seats)])   # (the seats as last told are the news)

    def act(self, seat: int, action: str, after: int = -1) -> Any:
        return self._answered(self.handle.act(seat, action, after=after))

    def command(self, seat: int, command: str) -> Any:
        return self._answered(self.handle.command(seat, command))

    def _answered(self, intent: Any) -> Any:
        """Wait (up to ANSWER_WAIT) for the server's answer to `intent`: the update that played it,
        or its refusal; what arrives meanwhile is kept, in order, for receive()."""
        end = time.monotonic() + ANSWER_WAIT
        while not self.handle.closed.is_set():
            left = end - time.monotonic()
            if left <= 0:
                self._waited_out.add(intent.seq)
                break
            got = self.handle.receive(wait=min(left, 0.05))
            self._take(got)
            if any(self._answers(msg, intent) for msg in got):
                break
        return intent

    @staticmethod
    def _answers(msg: Any, intent: Any) -> bool:
        if not isinstance(msg, Update) or msg.seat != intent.seat:
            return False
        return msg.seq >= intent.seq if msg.refusal is None else msg.refusal.seq == intent.seq

    def catch_up(self, seat: int | None) -> list[Any]:
        return self.handle.catch_up(seat, timeout=CATCH_UP_WAIT)

    def receive(self) -> list[Any]:
        """The game's messages since the last call, oldest first (Update, Public)."""
        self.gather()
        out, self._pending = self._pending, []
        return out

    def gather(self) -> None:
        """Read what arrived: the game's messages kept for receive(), the lobby's set aside."""
        self._take(self.handle.receive())

    def _take(self, msgs: Any) -> None:
        for msg in msgs:
            if isinstance(msg, (Update, Public)):
                self._pending.append(msg)
                refused = getattr(msg, "refusal", None)
                if refused is not None and refused.seq in self._waited_out:
                    self.late.append(refused)
            else:
                self.lobby.append(msg)

    @property
    def holding(self) -> bool:
        """Game messages received and not yet taken by the scene."""
        return bool(self._pending)

    def first_update(self, seat: int) -> list[Update]:
        """The seat's first update received ([] if none yet); what came after it is held for the scene
        (a computer may have moved already: that move is news, not to be lost)."""
        msgs = self.receive()
        at = next((i for i, m in enumerate(msgs) if isinstance(m, Update) and m.seat == seat), None)
        if at is None:
            self.hold(msgs)
            return []
        self.hold(msgs[at + 1:])
        return [msgs[at]]

    def hold(self, msgs: list[Any]) -> None:
        """Give messages back: receive() returns them first next time."""
        self._pending[:0] = msgs


class OnlineTable:
    """The scene's side of a table on a server (a GameScene mixin; idle at a local table)."""

    remote: RemoteLine | None = None
    rejoin: Any = None        # net/play.rejoin_saved: the kept seat taken back (app) -> a scene or None
    own_server: Any = None    # a net/host.LocalHost this screen hosts again (net/play.host_again), or None
    seat_infos: tuple[Any, ...] = ()
    line_ended = False
    from_the_deal = False     # this screen saw the game from its deal (achievements count it: achievements/)
    say_rect = pygame.Rect(1096, 8, 176, 40)   # the quick messages' button (top right)
    mark_lift = 30     # a seat's mark: this far above its seat_anchor (on the seat: under it lie status lines)

    @property
    def online(self) -> bool:
        return self.remote is not None

    def ai_level(self, seat: int) -> str:
        """Online, a computer seat's level is the server's (not told): it is shown as "computer"."""
        return SERVER_COMPUTER if self.remote is not None else super().ai_level(seat)

    def is_computer(self, seat: int) -> bool:
        """Whether a computer plays `seat` (its level is shown): not a human here, nor a player at
        the table on a server (a computer playing for a dropped player is told by the seat's mark)."""
        infos = self.seat_infos
        return seat not in self.humans and not (0 <= seat < len(infos) and infos[seat].kind == "player")

    # ------------------------------------------------------------------ opening
    def open_line(self, line: RemoteLine) -> list[Update]:
        """The scene's table is on a server: the game so far (the story), then what the lobby read."""
        self.remote, self.host = line, None
        handle = line.handle
        self.line = line
        self.seat_infos = tuple(line.seats)
        self.players = len(self.seat_infos)
        self.seat_marks: dict[int, str] = {}
        self.said_bubbles: dict[int, tuple[str, float]] = {}
        story = line.opening or [m for m in line.catch_up(self.viewer) if isinstance(m, Update)]
        if not story:     # the table started after the welcome: its first update opens the game
            story = line.first_update(self.viewer)
        if not story:
            raise ConnectionError("the table sent no position")
        self.seen = {self.viewer: story[-1]}
        self.from_the_deal = story[-1].moves == 0    # (rejoined midway: a computer may have played the seat)
        self._mark_seats(self.seat_infos)
        from cardgames.net import seat_token
        seat_token.keep(self.app.storage, handle, hosted=getattr(handle, "hosted_here", False))
        return story

    # ------------------------------------------------------------------ every frame
    def poll_line(self, dt: float) -> None:
        """Read the network: the game's updates (not while a move flies, as locally), then the
        lobby's news, then whether the line has ended."""
        line = self.remote
        if line is None or self.line_ended:
            return
        if not self.animator.busy or self.think_while_animating:
            if self._new_deal_waiting():
                return
            self.take_updates()
        self.poll_lobby()

    def poll_lobby(self) -> None:
        """The lobby's news (who dropped, who is back, quick messages) and the line's end: also read
        while an overlay (a summary, the pause, the picker) covers the table, so they show at once."""
        line = self.remote
        if line is None or self.line_ended:
            return
        line.gather()       # (the game's messages wait in order for take_updates; the lobby's are set aside)
        for refused in line.late:
            self.tell_refusal(refused)
        line.late.clear()
        news, line.lobby = line.lobby, []
        if news:
            self._news_until = self.scheduler.time + 0.3
        for msg in news:
            if isinstance(msg, Seats):
                self.on_seats(msg.seats)
            elif isinstance(msg, Said):
                self.on_said(msg.seat, msg.phrase)
            elif isinstance(msg, Error) and not msg.fatal:
                self.app.notify(error_text(msg.code))
        if line.handle.closed.is_set() and not self.line_ended and not line.holding:
            self.line_over(line.handle.error)

    def _new_deal_waiting(self) -> bool:
        """After the game, a new deal from the table (everyone asked to play again): the new game
        starts in this screen. True when one was started."""
        if not self.over:
            return False
        msgs = self.remote.receive()
        for i, msg in enumerate(msgs):
            if isinstance(msg, Update) and msg.seat == self.viewer and msg.reset and msg.moves == 0:
                self.remote.hold(msgs[i + 1:])
                self.start_new_deal(msg)
                return True
        self.remote.hold(msgs)
        return False

    def start_new_deal(self, opening: Update) -> None:
        """The new game at the same table (history.redeal's steps, from the table's opening update)."""
        from cardgames.engine.tween import Animator
        self.scheduler.clear()
        self.animator = Animator(lambda: self.app.anim_scale * self.anim_pace)
        self.remote.opening = [opening]
        try:       # through open_table: a game's own opening work runs again (Switch's tally of the game)
            story = self.open_table(line=self.remote)
        finally:
            self.remote.opening = []
        self._new_game(story)
        self.fx.clear()
        self._hover = None
        self.seat_marks = {s: m for s, m in self.seat_marks.items() if m != "again"}
        self._build_board(deal=True)
        self.begin()

    # ------------------------------------------------------------------ the lobby's news
    def seat_name_online(self, seat: int, infos: Any = None) -> str:
        infos = infos or self.seat_infos
        name = infos[seat].name if 0 <= seat < len(infos) else ""
        return name or self.player_name(seat)

    def on_seats(self, infos: tuple[Any, ...]) -> None:
        """Who sits where changed: say what happened to each player seat, at once."""
        old = self.seat_infos
        self.seat_infos = tuple(infos)
        if len(old) != len(infos):
            return
        names = list(self.options.get("names") or ())
        if len(names) == len(infos):       # a player's own name at their seat (player_name reads it)
            self.options["names"] = list(player_names.with_players(
                names, {seat: info.name for seat, info in enumerate(infos) if seat != self.viewer and info.name}))
        for seat, (was, now) in enumerate(zip(old, infos)):
            if seat == self.viewer or now.kind != "player":
                continue
            name = self.seat_name_online(seat)
            if was.kind == "open":
                self.app.notify(said("{name} joined the table", name=name))
            elif was.connected and not now.connected and not now.computer_plays:
                self.app.notify(said("{name} dropped", name=name))
            elif now.computer_plays and not was.computer_plays:
                self.app.notify(said("A computer plays for {name}", name=name))
            elif now.connected and not was.connected:
                self.app.notify(said("{name} is back", name=name))
            if now.again and not was.again:
                self.app.notify(said("{name} wants to play again", name=name))
        self._mark_seats(infos)

    def _mark_seats(self, infos: Any) -> None:
        self.seat_marks = {}
        for seat, info in enumerate(infos):
            if seat == self.viewer or info.kind != "player":
                continue
            if info.again and self.over:
                self.seat_marks[seat] = "again"
            elif info.computer_plays:
                self.seat_marks[seat] = "computer"
            elif not info.connected:
                self.seat_marks[seat] = "dropped"

    def on_said(self, seat: int, phrase: int) -> None:
        text = phrase_text(phrase)
        if text and 0 <= seat < self.players:
            self.said_bubbles[seat] = (text, self.scheduler.time + BUBBLE_SECONDS)
            self.app.play_sound("button")

    def line_over(self, err: Any) -> None:
        """The line ended: say why, forget the seat token when the table is gone, go back to the
        select screen. A table handed to another process of the server ("moved": a rolling restart)
        is joined again with the seat's token: the player sees a pause, not an error."""
        self.line_ended = True
        code = getattr(err, "code", "")
        from cardgames.net import seat_token
        if code == "moved" and self.rejoin is not None:   # another process of the server plays it now
            again = self.rejoin(self.app)
            if again is not None:
                self.stack.reset(again)
                return
        if code not in KEEPS_TOKEN and err is not None:
            seat_token.forget(self.app.storage)
        self.app.notify(ENDED.get(code, LOST))
        self.app.play_sound("invalid")
        self.stack.reset(self.app.screens.select(game=self.info.name))

    # ------------------------------------------------------------------ what the player does
    def say(self, phrase: int) -> None:
        """Send a quick message (the picker's choice)."""
        if self.remote is not None and not self.line_ended:
            self.remote.handle.say(phrase)

    def open_quick_messages(self) -> None:
        if self.remote is not None and not self.line_ended:
            self.stack.push(QuickMessages(self.app, self))

    def ask_again(self) -> None:
        """"Play again" after the game: the table deals anew once every player asks."""
        if self.remote is not None and not self.line_ended:
            self.remote.handle.again()
            self.app.notify(N_("Waiting for the others to play again."))

    def leave_table(self) -> None:
        """The player leaves on purpose (quit to the menu): a computer plays the seat at once."""
        if self.remote is not None and not self.line_ended:
            self.line_ended = True
            self.remote.handle.leave()
            from cardgames.net import seat_token
            seat_token.forget(self.app.storage)

    def hang_up(self) -> None:
        """The screen goes (quit to the menu, the app closing): the line is closed; for the table a
        drop, so the seat token (kept, unless the game was over) takes the seat back from the game list. A table hosted again
        by this screen (net/play.host_again) stops with it: the others are told "closing"."""
        import threading  # (a line stalled by a dead network waits out its closing handshake: not on screen)
        if self.remote is not None and self.over:     # the game was over: no seat is left to take back
            from cardgames.net import seat_token
            seat_token.forget(self.app.storage)
        if self.remote is not None and not self.line_ended:
            self.line_ended = True
            threading.Thread(target=self.remote.handle.close, name="hang-up", daemon=True).start()
        server, self.own_server = self.own_server, None
        if server is not None:
            stopping = threading.Thread(target=server.stop, name="online-host-stop", daemon=True)
            stopping.start()
            stopping.join(OWN_SERVER_WAIT)

    def online_event(self, event: pygame.event.Event) -> bool:
        """The quick messages' key (Q) and button; True when the event was theirs."""
        if self.remote is None:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_q:
            self.open_quick_messages()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.say_rect.collidepoint(event.pos):
            self.open_quick_messages()
            return True
        return False

    def online_buttons(self) -> dict[str, Any]:
        if self.remote is None:
            return {}
        button = getattr(self, "_say_button", None)
        if button is None:
            from cardgames.ui.widgets import Button
            button = self._say_button = Button(self.say_rect, N_("Say… (Q)"), self.open_quick_messages,
                                               px=theme.SMALL)
        return {"say": button}

    # ------------------------------------------------------------------ drawing
    def online_changing(self) -> bool:
        """A quick message on show (it goes by itself), or news just in (drawn once)."""
        return self.remote is not None and (bool(self.said_bubbles) or self.scheduler.time < self._news_until)

    _news_until = -1.0

    def draw_online(self, surface: pygame.Surface) -> None:
        if self.remote is None:
            return
        self.online_buttons()["say"].draw(surface, self.button_focused("say"))
        now = self.scheduler.time
        for seat, mark in self.seat_marks.items():
            text = {"dropped": N_("dropped"), "computer": N_("computer plays"), "again": N_("play again ✓")}[mark]
            self._tag(surface, tr(text), self.mark_anchor(seat), theme.ACCENT if mark == "again" else theme.TEXT_DIM)
        for seat, (text, until) in list(self.said_bubbles.items()):
            if now >= until:
                del self.said_bubbles[seat]
                continue
            x, y = self.seat_anchor(seat)
            if seat == self.viewer:     # your own message: under the button that sent it (your seat's prompts stay clear)
                x, y = self.say_rect.centerx, self.say_rect.bottom + 20 + 2 * self.mark_lift
            self._tag(surface, f"{self.seat_name_online(seat)}: {tr(text)}", (x, y - 2 * self.mark_lift), theme.TEXT,
                      bubble=True)

    def mark_anchor(self, seat: int) -> tuple[int, int]:
        """Where a seat's mark ("dropped", "computer plays") is centred: mark_lift pixels above the
        thinking dots, on the seat's cards (a quick message's bubble goes above it)."""
        x, y = self.seat_anchor(seat)
        return (x, y - self.mark_lift)

    def _tag(self, surface: pygame.Surface, text: str, centre: tuple[int, int], colour: Any,
             bubble: bool = False) -> None:
        image = theme.text_surface(text, theme.SMALL, colour, bold=bubble)
        rect = image.get_rect(center=centre)
        rect.clamp_ip(surface.get_rect().inflate(-12, -12))
        box = rect.inflate(18, 10)
        theme.draw_panel(surface, box, theme.PANEL_SOLID, theme.ACCENT if bubble else theme.TEXT_DIM, width=2)
        surface.blit(image, rect)
