"""The Skyjo table: your grid large in front, the others around, the piles in the middle.

Input (see seeds/skyjo.md, "Playing here"):
- drag the discard pile's top card onto one of your cards: take it;
- drag the draw pile's top card onto one of your cards or the discard pile:
  draw, then exchange or throw it away (or click the draw pile to draw first);
- holding a drawn card: drag it (or click a card of yours, or the discard pile);
- after discarding, and in the set-up: click face-down cards to turn them;
- keyboard: arrows / Tab move between what you may use, Enter picks or plays.

The board's piles are the rules' names ("stock", "discard", "held:S",
"grid:S:I"). Every held:S pile lies on one spot beside the discard pile, so
the drawn card is in plain view whoever drew it. The viewer's grid uses big
cards, the other grids small ones (each grid pile has its card size, and a
card changing piles grows or shrinks on its way). With several human seats a curtain hides the table until
the next human is ready, and the table turns to put their grid in front.
"""
from __future__ import annotations

from typing import Any, ClassVar

import pygame

from cardgames.core.events import Announced, CardFlipped, CardMoved
from cardgames.games.skyjo import INFO, ai, log, rules
from cardgames.games.skyjo.rules import ROWS, SLOTS, Phase
from cardgames.games.skyjo.summary import RoundSummaryScene
from cardgames.games.skyjo.table_news import SPRING, NewsBanner, SlotMarks
from cardgames.i18n import N_, pgettext, said, said_by, said_n, tr, word
from cardgames.ui import controls, theme
from cardgames.ui.cards import MOVE_TIME, CardArt
from cardgames.ui.curtain import BOX as CURTAIN_BOX
from cardgames.ui.curtain import TEXT_MARGIN
from cardgames.ui.round_scene import RoundGameScene
from cardgames.ui.widgets import draw_wrapped

BIG = (78, 108)                  # the viewer's grid and the piles
SMALL = (40, 56)                 # everybody else's grid
BIG_GAP, SMALL_GAP = 10, 4
MY_GRID = (640 - (4 * BIG[0] + 3 * BIG_GAP) // 2, 720 - (3 * BIG[1] + 2 * BIG_GAP) - 12)
DRAW_POS, DISCARD_POS, HELD_POS = (498, 226), (601, 226), (720, 226)
BOX_W = 4 * SMALL[0] + 3 * SMALL_GAP
# A seat's two lines over its grid (its name; its points showing and total: their line may use the
# inside of the turn frame, LABEL_PAD px either side of the box), then its grid.
HEADER_H, NAME_H, LABEL_PAD = 40, 20, 4
BOX_H = HEADER_H + 3 * SMALL[1] + 2 * SMALL_GAP


def seat_frame(box: tuple[int, int]) -> pygame.Rect:
    """The frame drawn around a seat's name, labels and grid (its turn lights it)."""
    return pygame.Rect(box[0] - 6, box[1] - 4, BOX_W + 12, BOX_H + 8)


# Where the other seats sit, clockwise from the viewer's left, by how many there are.
SPOTS = {"LL": (24, 466), "LM": (24, 236), "T1": (289, 4), "T2": (554, 4), "T3": (819, 4),
         "RM": (1084, 236), "RL": (1084, 466)}
ARRANGEMENTS = {1: ("T2",), 2: ("T1", "T3"), 3: ("LM", "T2", "RM"), 4: ("LM", "T1", "T3", "RM"),
                5: ("LM", "T1", "T2", "T3", "RM"), 6: ("LL", "LM", "T1", "T3", "RM", "RL"),
                7: ("LL", "LM", "T1", "T2", "T3", "RM", "RL")}
SUMMARY_DELAY = 1.4              # seconds to look at the revealed grids before the summary
REVEAL_SEAT_GAP = 0.14           # the round's end reveal: one grid after another...
REVEAL_CARD_RUN = 0.6            # ...each grid's cards turning almost together (all grids' cards: this long)
NEWS_RECT = (826, 236, 248, 78)  # the table's news, beside the piles (never over a grid or a pile)
LOG_RECT = (826, 392, 248, 318)  # the move log's corner: right of your grid, left of the bottom-right seat
WIDE_LOG_RECT = (826, 458, 446, 254)  # ...up to five players nobody sits bottom right: a wider corner, under RM's frame
MIDDLE_ROOM = DRAW_POS[0] - 24 - (SPOTS["LM"][0] + BOX_W + 12)   # the round and prompt, right of the left seat
LAST_TURN_ROOM = SPOTS["RM"][0] - (HELD_POS[0] + BIG[0] + 24) - 12   # "LAST TURN!" beside the piles
NEW_DEAL_RUN = 0.9               # a new round's whole deal (up to 97 cards) takes about this long
TOAST_AREA = (24, 452, 424, 256)  # messages: the free felt left of your grid, under your total...
TOAST_AREA_LL = (212, 452, 236, 256)  # ...beside the bottom-left seat when someone sits there


class SkyjoArt(CardArt):
    """Skyjo cards: the value's own face, one shared back."""

    def face(self, card: Any, size: tuple[int, int]) -> pygame.Surface:
        return self.app.assets.skyjo(card, size)

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        return self.app.assets.skyjo_back(size)


class SkyjoScene(RoundGameScene):
    rules = rules
    ai = ai
    info = INFO
    card_size = BIG
    table = "felt_blue"
    art_class = SkyjoArt
    deal_from = "stock"
    pad_keys: ClassVar[dict[str, int]] = {"x": pygame.K_d, "y": pygame.K_u}   # gamepad X: draw, Y: undo
    allow_undo = True
    summary_class = RoundSummaryScene
    summary_delay = SUMMARY_DELAY
    describe_move = staticmethod(log.describe)
    think_while_animating = True   # the next computer thinks while the last move lands
    summary_button = pygame.Rect(826, 322, 248, 58)   # beside the piles, under the news, clear of every grid
    undo_rect = pygame.Rect(826, 326, 200, 50)        # practice: there too while a round is played
    log_rect = pygame.Rect(*LOG_RECT)

    def __init__(self, app: Any, options: dict[str, Any], seed: int | None = None,
                 resume: dict[str, Any] | None = None) -> None:
        options = dict(options)
        if "humans" not in options:
            players = int(options.get("players", 4))
            options["humans"] = tuple(range(max(1, min(int(options.get("hotseat", 1)), players))))
        self.curtain: int | None = None        # the human seat waiting behind the curtain
        self._round_ended = False              # a round ended in the moves being taken in (after_update)
        self._revealing = self._dealing = False   # animating the round's end / a new deal
        self.banner = ""
        self.news = NewsBanner(pygame.Rect(*NEWS_RECT))
        self.marks = SlotMarks()
        super().__init__(app, options, seed, resume)

    # ------------------------------------------------------------------ who is who
    def rules_options(self) -> dict[str, Any]:
        return {k: v for k, v in self.options.items() if k in ("players", "target", "start")}

    @property
    def human_turn(self) -> bool:
        return super().human_turn and self.curtain is None and self.current == self.viewer

    def log_section(self, obs: rules.Observation) -> str:
        return f"Round {obs.round_no}"   # drawn as the catalogue's "Round {n}" (i18n.tr)

    # ------------------------------------------------------------------ the board
    @property
    def toast_area(self) -> pygame.Rect:
        """Where app.notify() messages go: on free felt, never over a grid or a pile."""
        seated = "LL" in ARRANGEMENTS.get(self.players - 1, ())
        return pygame.Rect(TOAST_AREA_LL if seated else TOAST_AREA)

    def _box(self, seat: int) -> tuple[int, int] | None:
        """Top-left of another seat's box (name line, then grid); None for the viewer."""
        if seat == self.viewer:
            return None
        others = [(self.viewer + k) % self.players for k in range(1, self.players)]
        return SPOTS[ARRANGEMENTS[len(others)][others.index(seat)]]

    def slot_pos(self, seat: int, slot: int) -> tuple[int, int]:
        column, row = divmod(slot, ROWS)
        box = self._box(seat)
        if box is None:
            x, y = MY_GRID
            return (x + column * (BIG[0] + BIG_GAP), y + row * (BIG[1] + BIG_GAP))
        return (box[0] + column * (SMALL[0] + SMALL_GAP), box[1] + HEADER_H + row * (SMALL[1] + SMALL_GAP))

    def grid_size(self, seat: int) -> tuple[int, int]:
        return BIG if seat == self.viewer else SMALL

    def setup_board(self) -> None:
        self.move_log.place(WIDE_LOG_RECT if self.players <= 5 else LOG_RECT)
        board = self.board
        board.add_pile("stock", DRAW_POS, label=pgettext("pile", "Draw"), size=BIG)
        board.add_pile("discard", DISCARD_POS, label=N_("Discard"), size=BIG)
        for seat in range(self.players):
            board.add_pile(f"held:{seat}", HELD_POS, mat=False, size=BIG)
            for slot in range(SLOTS):
                board.add_pile(f"grid:{seat}:{slot}", self.slot_pos(seat, slot), mat=False,
                               size=self.grid_size(seat))

    def _place_piles(self) -> None:
        """Move every grid to its spot and size for the current viewer (pass-and-play turns the table)."""
        for seat in range(self.players):
            for slot in range(SLOTS):
                pile = self.board.piles[f"grid:{seat}:{slot}"]
                pile.pos, pile.size = self.slot_pos(seat, slot), self.grid_size(seat)
                for sprite in self.board.sprites(pile.name):
                    sprite.size = pile.size

    def layout(self, obs: rules.Observation) -> dict[str, list[tuple[Any, bool]]]:
        out: dict[str, list[tuple[Any, bool]]] = {
            "stock": [(None, False)] * obs.stock_count,
            "discard": [(v, True) for v in obs.discard],
        }
        for seat in range(obs.players):
            holding = obs.phase == Phase.HOLD and obs.current == seat
            out[f"held:{seat}"] = [(obs.held, True)] if holding else []
            for slot in range(SLOTS):
                cell = obs.grids[seat][slot]
                if cell is rules.CLEARED:
                    cards: list[tuple[Any, bool]] = []
                elif cell is rules.HIDDEN:
                    cards = [(None, False)]
                else:
                    cards = [(cell, True)]
                out[f"grid:{seat}:{slot}"] = cards
        return out

    def action_ui(self, action: rules.Action) -> tuple[Any, str | None]:
        seat = self.observation().current
        kind, slot = action
        if kind == "draw":
            return "stock", None
        if kind == "take":
            return "discard", f"grid:{seat}:{slot}"
        if kind == "swap":
            return f"held:{seat}", f"grid:{seat}:{slot}"
        if kind == "discard":
            return f"held:{seat}", "discard"
        if kind == "flip":
            return f"grid:{seat}:{slot}", None
        return None, None

    # ------------------------------------------------------------------ input
    def may_draw(self) -> bool:
        """Whether the human may draw now (the table's legal moves say so)."""
        return self.human_turn and any(action == rules.DRAW for action, _src, _card, _dst in self.moves())

    def targets(self, sprite: Any) -> dict[str, Any]:
        """Dragging the draw pile's card: drop it on a card of yours (draw + exchange) or the discard."""
        obs = self.observation()
        if sprite.pile == "stock" and self.human_turn and obs.phase == Phase.TURN:
            if sprite is not self.board.top("stock") or not self.may_draw():
                return {}
            seat = obs.current
            out: dict[str, Any] = {"discard": ("draw then", rules.DISCARD)}
            for slot, cell in enumerate(obs.grids[seat]):
                if cell is not rules.CLEARED:
                    out[f"grid:{seat}:{slot}"] = ("draw then", rules.SWAP[slot])
            return out
        return super().targets(sprite)

    def drop(self, sprite: Any, pile: str, action: Any) -> None:
        if isinstance(action, tuple) and action[0] == "draw then":
            if self.act(rules.DRAW):
                self.act(action[1])
            return
        self.act(action)

    def click(self, sprite: Any, pile: str | None) -> None:
        """Holding a drawn card, a click on a card of yours exchanges it; on the discard pile, throws it away."""
        if self.human_turn and self.picked is None and self.observation().phase == Phase.HOLD and pile:
            for action, _src, _card, target in self.moves():
                if target == pile:
                    self.act(action)
                    return
        super().click(sprite, pile)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.curtain is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.open_pause()
            elif (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                    event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE,
                                                                   pygame.K_KP_ENTER)):
                self.lift_curtain()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_d:   # D (a pad's X): draw a card
            if self.picked is None and self.may_draw():
                self.act(rules.DRAW)
            else:
                self.app.play_sound("invalid")
            return
        super().handle_event(event)

    def lift_curtain(self) -> None:
        """The next human is ready: turn the table so their grid is in front."""
        seat, self.curtain = self.curtain, None
        if seat is None:
            return
        self.viewer = seat
        self._place_piles()
        self.sync(animate=False)
        self.refresh_moves()

    # ------------------------------------------------------------------ acting and animating
    def after_update(self, before: Any, after: Any) -> None:
        """One move told (anyone's: the table plays the computers): mark the slot it changed, and note
        a round's end (its summary is offered once the reveal has landed: landed())."""
        super().after_update(before, after)
        if not after.played:
            return
        action = rules.parse_action(after.played[-1])
        mover, phase = before.turn, before.observation.phase
        if after.observation.phase == Phase.ROUND_OVER and phase != Phase.ROUND_OVER:
            self._round_ended = True
        if action == rules.NEXT:
            self.banner = ""
            self.marks.clear()
        elif mover is not None:
            self.marks.note(mover, action.kind, action.slot, phase == Phase.FLIP, self.scheduler.time)

    def landed(self) -> None:
        """A batch of moves was taken in (its animation queued): a round that ended in it offers its
        summary after the reveal."""
        if self._round_ended:
            self._round_ended = False
            self.show_summary_later()
        super().landed()

    def computer_anim_pace(self) -> float:
        """Up to four players the computers' cards move at the animation speed; at a bigger table a
        little faster (8 players: 0.7 of the time), so a round of eight stays brisk."""
        return min(1.0, (4 / self.players) ** 0.5)

    def curtain_down(self) -> bool:
        return self.curtain is not None

    def undo(self) -> bool:
        """Take back your last move (ui/history.py); the slots it marked and its news go."""
        if not super().undo():
            return False
        self.marks.clear()
        self.news.clear()    # (news of a move taken back: a cleared column, the last lap)
        return True

    def on_enter(self) -> None:
        """A game resumed between rounds shows its summary again."""
        super().on_enter()
        if self.round_over and not self.animator.busy and not self.summary_waiting:
            self.show_summary()

    def animate_events(self, events: tuple[Any, ...]) -> None:
        """Note what kind of batch this is: the round's end reveal and a new deal have their own pace."""
        kinds = {ev.kind for ev in events if isinstance(ev, Announced)}
        self._revealing = "round_over" in kinds
        self._dealing = "new_round" in kinds
        self._reveal_seat: int | None = None
        flips = sum(isinstance(ev, CardFlipped) for ev in events)
        self._reveal_gap = min(0.03, REVEAL_CARD_RUN / max(1, flips))
        super().animate_events(self._old_card_first(events))
        self._revealing = self._dealing = False

    @staticmethod
    def _old_card_first(events: tuple[Any, ...]) -> tuple[Any, ...]:
        """An exchange moves the grid's old card out before the new one lands in its slot.

        The rules report the new card's arrival first; animated in that order, the
        board would send back whichever sprite lies on top (the one that just
        arrived: a hidden old card has no value to find it by).
        """
        out = list(events)
        for i in range(len(out) - 1):
            new, old = out[i], out[i + 1]
            if (isinstance(new, CardMoved) and isinstance(old, CardMoved) and new.dst.startswith("grid:")
                    and old.src == new.dst):
                out[i], out[i + 1] = old, new
        return tuple(out)

    def animate_event(self, ev: Any, at: float, ready: dict[int, float],
                      anims: list[Any]) -> tuple[float, list[Any], float]:
        if isinstance(ev, Announced) and ev.kind == "new_round":
            # the old grids are gathered face down into the draw pile while the discards join them
            for name in [n for n in self.board.piles if n.startswith(("grid:", "held:"))]:
                for sprite in list(self.board.sprites(name)):
                    self.board.take(name, sprite.card)
                    self.board.put("stock", sprite)
                    if sprite.face_up:
                        anims.append(sprite.turn(False, None, delay=at))
                    sprite.card = None
            anims.extend(self.board.relayout("stock", MOVE_TIME, delay=at))
            super().animate_event(ev, at, ready, anims)
            return at, [], 0.0
        if isinstance(ev, CardFlipped) and self._revealing:
            # the reveal goes grid by grid, so eight players' reveal stays short but readable
            seat = int(ev.pile.split(":")[1])
            if self._reveal_seat is not None and seat != self._reveal_seat:
                at += REVEAL_SEAT_GAP
            self._reveal_seat = seat
            start, sprites, _step = super().animate_event(ev, at, ready, anims)
            return start, sprites, self._reveal_gap
        start, sprites, step = super().animate_event(ev, at, ready, anims)
        if isinstance(ev, CardMoved) and self._revealing:
            # a column cleared by the reveal waits for its cards to turn, but the next grid need not
            return at, sprites, self._reveal_gap
        if isinstance(ev, CardMoved) and self._dealing:
            step = min(step, NEW_DEAL_RUN / (SLOTS * self.players + 1))
        return start, sprites, step

    def grid_centre(self, seat: int) -> tuple[int, int]:
        """The middle of a seat's grid on the canvas (where its news pops up)."""
        first, last = self.slot_pos(seat, 0), self.slot_pos(seat, SLOTS - 1)
        w, h = self.grid_size(seat)
        return ((first[0] + last[0] + w) // 2, (first[1] + last[1] + h) // 2)

    def on_announce(self, event: Announced) -> None:
        """News goes to the banner beside the piles (one after another, in front of the table),
        with a sound and, for a cleared column and the last lap, a burst over the grid too."""
        name = self.seat_name(event.seat) if event.seat is not None else ""
        at = self.grid_centre(event.seat) if event.seat is not None else self.news.rect.center
        if event.kind == "start":
            title = said_by(name, N_("You start"), N_("{name} starts"))   # (babel skips N_ nested in push)
            self.news.push(title, N_("the first turn of the round"))
        elif event.kind == "last_lap":
            self.banner = said_by(name, N_("You revealed every card"), N_("{name} revealed every card"))
            self.news.push(N_("Last turn!"), self.banner, theme.ACCENT_2, seconds=2.2)
            self.fx.burst(at, theme.ACCENT_2, 28)
            self.fx.burst(self.news.rect.center, theme.ACCENT_2, 20)
            self.app.play_sound("timer_warning")
        elif event.kind == "column_cleared":
            x, _y = self.slot_pos(event.seat, event.value * ROWS)
            w, _h = self.grid_size(event.seat)
            value = self.observation().discard[-1]
            title = said_by(name, N_("You cleared a column"), N_("{name} cleared a column"))
            self.news.push(title, said("three {card}s leave the grid", card=value), theme.ACCENT)
            self.fx.burst((x + w // 2, at[1]), theme.ACCENT, 24)
            self.fx.burst(self.news.rect.center, theme.ACCENT, 16)
            self.app.play_sound("chime_4")
        elif event.kind == "doubled":
            rounds = self.observation().rounds
            raw = rounds[-1].raw[event.seat] if rounds else event.value
            title = said_by(name, N_("Your score doubled"), N_("{name}'s score doubled"))
            self.news.push(title, said("{raw} becomes {score}: not the lowest", raw=raw, score=event.value),
                           theme.ACCENT_2)
        elif event.kind == "new_round":
            self.news.push(said("Round {n}", n=event.value), N_("turn over two cards"))
            self.marks.clear()

    def sound_for(self, event: Any) -> str | None:
        if isinstance(event, Announced) and event.kind == "new_round":
            return "shuffle"
        return super().sound_for(event)

    def restart(self, seed: int | None = None) -> None:
        self.curtain, self.banner = None, ""
        self.news.clear()
        self.marks.clear()
        if self.humans:
            self.viewer = self.humans[0]
        super().restart(seed)

    def result_figures(self) -> dict[str, Any]:
        """Beside the final total: the human seats' round scores, for the average round score."""
        rounds = self.observation().rounds
        return {"rounds": len(rounds) * len(self.humans),
                "round_points": sum(r.scores[s] for r in rounds for s in self.humans)}

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        super().update(dt)
        self.news.update(dt)
        if len(self.humans) > 1 and self.curtain is None and not self.over and not self.animator.busy:
            seat = self.current
            if seat in self.humans and seat != self.viewer:
                self.curtain = seat
                self.drag.cancel()

    def changing(self) -> bool:   # a news banner springing up, a card's mark flashing (Scene.changing)
        return super().changing() or (self.news.showing is not None and self.news.age < SPRING) \
            or self.marks.flashing(self.scheduler.time, self.app.anim_scale or 0.2)

    def picture_key(self) -> object:   # the news banner on show: drawn again when it goes (Scene.picture_key)
        return id(self.news.showing)

    def needs_time(self) -> bool:   # a banner to take down
        return super().needs_time() or self.news.showing is not None

    def draw(self, surface: pygame.Surface) -> None:
        if self.curtain is not None:
            self.draw_table(surface)
            self._draw_curtain(surface)
            return
        super().draw(surface)

    def _draw_curtain(self, surface: pygame.Surface) -> None:
        box = CURTAIN_BOX
        theme.draw_panel(surface, box, theme.PANEL_SOLID, theme.GAME_COLOURS["skyjo"], width=3)
        theme.draw_text(surface, said("{name}'s turn", name=self.seat_name(self.curtain)), (box.centerx, box.y + 40),
                        theme.HEADING, theme.ACCENT, bold=True, anchor="midtop", shadow=True)
        draw_wrapped(surface, said("Pass the computer over, then {press}", press=controls.press(self.app, capital=False)),
                     (box.x + TEXT_MARGIN, box.y + 104), box.w - 2 * TEXT_MARGIN, theme.BODY, theme.TEXT, align="center")

    def seat_anchor(self, seat: int) -> tuple[int, int]:
        box = self._box(seat)
        if box is None:
            return (MY_GRID[0] - 60, MY_GRID[1] + 20)
        return (box[0] + BOX_W // 2, box[1] + BOX_H + 12)  # just under their grid

    @property
    def revealing(self) -> bool:
        """The round is scored but its last cards are still turning (the summary is not up yet)."""
        obs = self.observation()
        return obs.phase in (Phase.ROUND_OVER, Phase.GAME_OVER) and bool(obs.rounds) and self.animator.busy

    def shown_total(self, seat: int) -> int:
        """A seat's total as the table shows it: the round's score joins it once the reveal is over."""
        obs = self.observation()
        total = obs.totals[seat]
        return total - obs.rounds[-1].scores[seat] if self.revealing else total

    def _visible_points(self, seat: int) -> int:
        obs = self.observation()
        return sum(obs.face_up(seat))

    def next_seat(self) -> int | None:
        """Who plays after the current player (None between rounds, or when the last lap ends)."""
        obs = self.observation()
        if self.over or self.round_over or obs.phase == Phase.SETUP or obs.current is None:
            return None
        nxt = (obs.current + 1) % self.players
        return None if nxt == obs.finisher else nxt

    def draw_hud(self, surface: pygame.Surface) -> None:
        finisher = self.observation().finisher
        turn, nxt = self.current, self.next_seat()
        for seat in range(self.players):
            box = self._box(seat)
            is_turn = turn == seat and not self.over
            if box is None:
                self._draw_my_panel(surface, seat, is_turn)
                continue
            frame = seat_frame(box)
            if is_turn:
                pygame.draw.rect(surface, theme.ACCENT, frame, width=3, border_radius=8)
            elif seat == nxt:
                pygame.draw.rect(surface, theme.TEXT_DIM, frame, width=1, border_radius=8)
            if finisher == seat:
                pygame.draw.rect(surface, theme.ACCENT_2, frame.inflate(6, 6), width=2, border_radius=10)
            self._draw_seat_labels(surface, seat, box, is_turn)
        self.marks.draw(surface, self._mark_rects(), self.scheduler.time, self.app.anim_scale or 0.2)
        self._draw_middle(surface)
        self.news.draw(surface)

    def _draw_seat_labels(self, surface: pygame.Surface, seat: int, box: tuple[int, int],
                          is_turn: bool) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """Over a seat's grid: its name; its points showing and its total, labelled. Returns their rects."""
        name = self.draw_text(surface, self.seat_name(seat), (box[0], box[1]), 17, (240, 240, 230), bold=is_turn)
        y = box[1] + NAME_H
        showing = self.draw_text(surface, said("showing {n}", n=self._visible_points(seat)), (box[0] - LABEL_PAD, y),
                                 15, theme.TEXT_DIM)
        return name, showing, self.draw_text(surface, said("Total {n}", n=self.shown_total(seat)),
                                             (box[0] + BOX_W + LABEL_PAD, y), 17, theme.ACCENT, anchor="topright", bold=True)

    def _mark_rects(self) -> dict[str, pygame.Rect]:
        out = {}
        for pile, _from_discard, _since in self.marks.marks.values():
            sprite = self.board.top(pile)
            if sprite is not None:
                out[pile] = sprite.rect
        return out

    def _draw_my_panel(self, surface: pygame.Surface, seat: int, is_turn: bool) -> None:
        x, y = MY_GRID[0] - 20, MY_GRID[1] + 8
        grid_rect = pygame.Rect(MY_GRID[0] - 8, MY_GRID[1] - 8, 4 * BIG[0] + 3 * BIG_GAP + 16,
                                3 * BIG[1] + 2 * BIG_GAP + 16)
        if is_turn:
            pygame.draw.rect(surface, theme.ACCENT, grid_rect, width=3, border_radius=10)
        if self.observation().finisher == seat:
            pygame.draw.rect(surface, theme.ACCENT_2, grid_rect.inflate(8, 8), width=2, border_radius=12)
        self.draw_text(surface, self.seat_name(seat), (x, y), 26, theme.ACCENT if is_turn else (240, 240, 230),
                       anchor="topright", bold=True)
        self.draw_text(surface, said("Total {n}", n=self.shown_total(seat)), (x, y + 34), 22, anchor="topright")
        self.draw_text(surface, said("Points showing: {n}", n=self._visible_points(seat)), (x, y + 62), 18, theme.TEXT_DIM,
                       anchor="topright")

    def prompt(self) -> str:
        """What the human should do now (or who is playing)."""
        waiting = self.waiting_prompt()
        if waiting is not None:
            return word(N_("Every card turns over")) if self.revealing else waiting
        obs = self.observation()
        up = SLOTS - obs.face_down(self.viewer)
        if obs.phase == Phase.SETUP:
            return said_n("Turn over {n} card", "Turn over {n} cards", 2 - up)
        if obs.phase == Phase.TURN:
            return controls.text(self.app, controls.for_device(
                self.app, tr("Take the {card} or draw ({x})").replace("{card}", str(obs.discard[-1])),
                mouse=said("Take the {card} or draw", card=obs.discard[-1])), self)
        if obs.phase == Phase.HOLD:
            return word(N_("Place the card, or discard it"))
        return word(N_("Turn over a face-down card"))

    def _draw_middle(self, surface: pygame.Surface) -> None:
        obs = self.observation()
        right = DRAW_POS[0] - 24
        self.draw_fitted(surface, said("Round {n} · game to {target}", n=obs.round_no, target=obs.target),
                         (right, DRAW_POS[1]), 18, MIDDLE_ROOM, theme.TEXT_DIM)
        prompt = self.prompt()
        colour = theme.ACCENT if self.human_turn else (240, 240, 230)
        bottom = self.draw_fitted(surface, prompt, (right, DRAW_POS[1] + 30), 22, MIDDLE_ROOM, colour,
                                  bold=self.human_turn)
        nxt = self.next_seat()
        if nxt is not None and not self.human_turn:
            self.draw_fitted(surface, said("next: {name}", name=self.seat_name(nxt)), (right, max(DRAW_POS[1] + 60, bottom + 4)),
                             17, MIDDLE_ROOM, theme.TEXT_DIM)
        if (obs.finisher is not None and obs.phase in (Phase.TURN, Phase.HOLD, Phase.FLIP)
                and self.news.showing is None):
            x = HELD_POS[0] + BIG[0] + 24
            self.draw_fitted(surface, N_("LAST TURN!"), (x, DRAW_POS[1] + 10), 34, LAST_TURN_ROOM, theme.ACCENT_2,
                             anchor="topleft", bold=True)
            self.draw_fitted(surface, self.banner, (x, DRAW_POS[1] + 54), 18, LAST_TURN_ROOM, (240, 240, 230),
                             anchor="topleft")
        if obs.phase == Phase.HOLD:
            self.draw_text(surface, "Drawn", (HELD_POS[0] + BIG[0] // 2, HELD_POS[1] + BIG[1] + 6), 18,
                           (230, 240, 230), anchor="midtop")

    def focus_keys(self) -> list[Any]:
        """Holding a drawn card, your grid and the discard pile are reachable directly too."""
        keys = super().focus_keys()
        obs = self.observation()
        if self.picked is None and self.human_turn and obs.phase == Phase.HOLD:
            seat = obs.current
            for name in [f"grid:{seat}:{i}" for i in range(SLOTS)] + ["discard"]:
                top = self.board.top(name)
                if top is not None and top not in keys:
                    keys.append(top)
            keys.sort(key=lambda k: (self.focus_rect(k).centery // 40, self.focus_rect(k).centerx))
        return keys

