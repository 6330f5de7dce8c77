"""The tutorial engine: a script of steps run over the real game scene.

A Script is a scripted deal plus Steps. Each Step is one sentence and one of:
- expect: the human's move(s) that step teaches (str of the action). Only those
  are offered (moves(), clicks, drags, keys); they are played through the real
  rules; any other move gets the step's friendly `wrong` sentence, nothing else.
- auto: moves the computer seats play now, in order (the scene's usual
  "thinking" pace); the step moves on when they are all played.
- neither: a "Next" button (or Enter / Space) moves on.
`highlight` lists what glows: pile names, (pile, card text) pairs, or functions
scene -> pygame.Rect; by default the cards the expected move uses. `after` is a
predicate over the viewer's observation that must hold before the step shows
(e.g. "the summary is closed"); until then the panel waits. `jump` moves the
lesson on to a later scripted position ("later in the round"): the cards fly
to their new places before the step shows.

TutorialMode is mixed in before a game's scene class (games/<g>/tutorial.py):
    class SkyjoTutorial(TutorialMode, SkyjoScene): ...
It deals the script's position instead of a shuffled one, never autosaves,
records no statistics and earns no achievements (scene.tutorial is set), and
draws the panel where it covers none of the highlighted cards (panel.py).
Skip (the button, Esc or a pad's B) and the last step's Finish end it; the book remembers
which, so it does not open by itself again. Start (the Pause key) pauses it: "Tutorial paused",
Resume or Skip. The buttons name the keys of the device in use ("Skip (Esc)", "Skip (B)").
The keyboard's ring goes to what each step asks for (the scene's focus_key_of(action); the
panel's Next on a reading step), so Enter or the pad's A alone walks the whole lesson; the
panel keeps clear of the table's `callouts` (where news banners show).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from cardgames import achievements
from cardgames.engine.tween import Call
from cardgames.i18n import N_, tr
from cardgames.tutorial import panel
from cardgames.ui import controls
from cardgames.ui.scene_focus import PLAYS

WRONG = N_("Not that one this time: try the glowing card.")
WRONG_SECONDS = 3.5
NEXT_KEY = "tutorial:next"   # the focus key of the panel's Next button on a reading step


@dataclass(frozen=True)
class Step:
    text: str
    expect: tuple[str, ...] = ()
    auto: tuple[str, ...] = ()
    highlight: tuple[Any, ...] | None = None
    wrong: str = ""
    after: Callable[[Any], bool] | None = None
    jump: Callable[[], Any] | None = None    # "later in the game": a new scripted position first


@dataclass(frozen=True)
class Script:
    game: str
    title: str
    deal: Callable[[], Any]              # the scripted position (a rules.deal(...) state)
    steps: tuple[Step, ...]
    options: dict[str, Any] = field(default_factory=dict)


class TutorialMode:
    """Mixed in before the game's scene class: the scene plays the script's lesson."""

    keep_clear: tuple[pygame.Rect, ...] = ()   # the scene's own words (prompt, totals) the panel should not hide
    panel_spots: tuple[tuple[int, int, int], ...] = ()   # free (x, y, width) spots of this table, tried first
    callouts: tuple[pygame.Rect, ...] = ()     # where the table calls out news (banners): never behind the panel

    def __init__(self, app: Any, script: Script, on_end: Callable[[], None] | None = None) -> None:
        self.tutorial = script
        self.step_no = 0
        self.auto_done = 0            # auto moves of this step already played
        self.ended: str | None = None
        self.skip_chosen = False      # "Skip" in the pause: the lesson ends once it is on top again
        self.on_end = on_end
        self.wrong_text, self.wrong_left = "", 0.0
        self.panel = panel.Panel()
        self._shown_step: tuple[int, bool, bool] | None = None   # (step_no, ready, Next drawn) the ring was set for
        options = dict(script.options, humans=(0,))
        super().__init__(app, options, seed=0)

    # ------------------------------------------------------------ the scripted deal, no saves
    def table_deal(self) -> Any:
        return lambda options, seed: self.tutorial.deal()   # the table deals the lesson's position

    def table_choose(self) -> Any:
        return self._scripted_move

    def save(self) -> None:
        pass

    @property
    def recording(self) -> bool:
        return False      # a lesson is never a game in the statistics (nor an abandoned one)

    def clear_save(self) -> None:
        pass

    # ------------------------------------------------------------ steps
    @property
    def step(self) -> Step | None:
        steps = self.tutorial.steps
        return steps[self.step_no] if self.step_no < len(steps) and self.ended is None else None

    @property
    def step_ready(self) -> bool:
        """The step shows once the table is still and its `after` condition holds."""
        step = self.step
        if step is None or self.animator.busy:
            return False
        return step.after is None or bool(step.after(self.observation()))

    def allowed(self, action: Any) -> bool:
        step = self.step
        return step is not None and self.step_ready and str(action) in step.expect

    def advance(self) -> None:
        self.step_no += 1
        self.auto_done = 0
        self.wrong_text = ""
        self.refresh_moves()
        if self.step_no >= len(self.tutorial.steps):
            self.finish()
        elif self.tutorial.steps[self.step_no].jump is not None:
            self.host.jump(self.tutorial.steps[self.step_no].jump())
            self.take_updates()

    def finish(self) -> None:
        self._end("finished")

    def skip(self) -> None:
        self._end("skipped")

    def _end(self, how: str) -> None:
        if self.ended is not None:
            return
        self.ended = how
        self.scheduler.clear()
        achievements.tutorial_ended(self.app, self.tutorial.game, how)
        self.app.play_sound("win" if how == "finished" else "button", 0.6)
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()
        elif self.stack is not None and self in self.stack.scenes:   # an overlay (summary) is up
            for _ in range(len(self.stack.scenes) - self.stack.scenes.index(self)):
                self.stack.pop()
        if self.on_end is not None:
            self.on_end()

    def say_wrong(self, text: str = "") -> None:
        step = self.step
        self.wrong_text = text or (step.wrong if step is not None and step.wrong else WRONG)
        self.wrong_left = WRONG_SECONDS

    # ------------------------------------------------------------ the move filter
    def moves(self) -> list[tuple[Any, Any, Any, Any]]:
        return [m for m in super().moves() if self.allowed(m[0])]

    def act(self, action: Any) -> bool:
        step = self.step
        if step is None:
            return False
        if not self.allowed(action):
            self.say_wrong()
            self.app.play_sound("invalid")
            return False
        if not super().act(action):
            return False
        self.animator.queue(Call(self.advance))
        return True

    def after_update(self, before: Any, after: Any) -> None:
        """A scripted computer move landed: the step's next one, or the next step once all are."""
        super().after_update(before, after)
        step = self.step
        if step is None or before.turn in self.humans or self.auto_done >= len(step.auto):
            return
        if after.played and after.played[-1] == step.auto[self.auto_done]:
            self.auto_done += 1
            if self.auto_done == len(step.auto):
                self.animator.queue(Call(self.advance))

    @property
    def reading(self) -> bool:
        """A step that only asks to be read: Next (Enter, Space, Right, the pad's A) moves on."""
        step = self.step
        return step is not None and not step.expect and not step.auto and self.step_ready

    def focus_keys(self) -> list[Any]:
        """Arrows and Tab reach only what the lesson may use (and the scene's own buttons); on a reading
        step, the panel's Next button too."""
        step = self.step
        if step is not None and step.auto:
            return []        # the computer plays: the keys wait, the ring rests until the next step shows
        keys = super().focus_keys()
        if self.picked is not None:
            return keys
        keys = [k for k in keys if not isinstance(getattr(k, "pile", None), str) or self.actions_from(k, k.pile)]
        return keys + [NEXT_KEY] if self.reading else keys

    def focus_buttons(self) -> dict[str, Any]:
        step = self.step
        return {} if step is not None and step.auto else super().focus_buttons()

    def focus_rect(self, key: Any) -> pygame.Rect | None:
        return self.panel.buttons.get("next") if key == NEXT_KEY else super().focus_rect(key)

    def activate(self, key: Any) -> None:
        if key == NEXT_KEY:
            if self.reading:
                self.advance()
        else:
            super().activate(key)

    def focus_rank(self, key: Any) -> int:
        """The key that does the step's move (a reading step: Next) ranks above all: the ring goes there,
        so Enter (the pad's A) does it."""
        if key == NEXT_KEY:
            return PLAYS + 1
        step = self.step
        if step is not None and step.expect and self.step_ready:
            wanted = {self.focus_key_of(self.rules.parse_action(text)) for text in step.expect}
            if key in wanted:
                return PLAYS + 1
        return super().focus_rank(key)

    def invalid(self, sprite: Any) -> None:
        super().invalid(sprite)
        if self.step is not None and self.step.expect:
            self.say_wrong()

    # ------------------------------------------------------------ scripted computer seats
    def computer_may_move(self) -> bool:
        step = self.step
        return (step is not None and self.auto_done < len(step.auto) and self.step_ready
                and super().computer_may_move())

    def _scripted_move(self, state: Any, seat: int, rng: Any, level: str) -> Any:
        """The table asks for a computer's move when it lands: the step's next scripted one."""
        step = self.step
        if step is not None and self.auto_done < len(step.auto):
            return self.rules.parse_action(step.auto[self.auto_done])
        return self.rules.legal_actions(state)[0]

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.ended is not None:
            return
        busy_hand = self.picked is not None or getattr(self, "choosing", None) is not None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_PAUSE:   # Start, the Pause key
            self.pause()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not busy_hand:
            self.skip()   # (with a card picked up or the suit chooser open, Esc backs out of that first)
            return
        step = self.step
        waiting = self.reading
        if event.type == pygame.KEYDOWN and waiting and event.key in (pygame.K_RETURN, pygame.K_SPACE,
                                                                      pygame.K_KP_ENTER, pygame.K_RIGHT):
            self.app.play_sound("button", 0.5)
            self.advance()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.panel.button_at(event.pos)
            if hit == "skip":
                self.skip()
                return
            if hit == "next" and waiting:
                self.app.play_sound("button", 0.5)
                self.advance()
                return
            if self.panel.rect is not None and self.panel.rect.collidepoint(event.pos):
                return
        if event.type == pygame.KEYDOWN and step is not None and step.auto:
            return   # the computer is playing: keys wait
        super().handle_event(event)

    def open_pause(self) -> None:
        """No pause menu in a lesson (Esc skips it; the window losing focus just waits)."""

    def pause(self) -> None:
        """Start or the Pause key: the lesson waits under "Tutorial paused": Resume (Start again, B) or Skip."""
        from cardgames.scenes.confirm import ConfirmScene

        self.drag.cancel()
        self.stack.push(ConfirmScene(self.app, N_("Tutorial paused"),
                                     N_("The rules screen's Tutorial button plays it again."), N_("Skip tutorial"),
                                     on_yes=self._choose_skip, no=N_("Resume")))

    def _choose_skip(self) -> None:
        self.skip_chosen = True   # (the pause is still on the stack: update() skips once it has gone)

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        if self.skip_chosen:
            self.skip()
        if self.ended is not None:
            return
        self.wrong_left = max(0.0, self.wrong_left - dt)
        self._note_step()
        super().update(dt)
        self._note_step()

    def _note_step(self) -> None:
        """A step shows (or waits): the ring goes to its move, as after a move."""
        shown = (self.step_no, self.step_ready, "next" in self.panel.buttons)   # (Next has a place once drawn)
        if shown != self._shown_step:
            self._shown_step = shown
            self._focus_dirty = self._focus_moved = True

    def refresh_focus(self) -> None:
        self._note_step()    # (a key pressed in the frame the table came to rest finds the step's move)
        super().refresh_focus()

    def highlight_rects(self) -> list[pygame.Rect]:
        """Where the current step's glow goes (canvas rects)."""
        step = self.step
        if step is None or not self.step_ready:
            return []
        items = step.highlight
        if items is None:
            items = ()
            for text in step.expect[:1]:
                src, dst = self.action_ui(self.rules.parse_action(text))
                if isinstance(dst, str) and dst.startswith("hand:"):
                    dst = None   # a card coming into your hand: the glow stays on the card itself
                items = tuple(i for i in (src, dst) if i is not None)
        return [r for r in (self.rect_of(i) for i in items) if r is not None]

    def rect_of(self, item: Any) -> pygame.Rect | None:
        if callable(item):
            return item(self)
        if isinstance(item, tuple):
            pile, card = item
            for s in self.board.sprites(pile) if pile in self.board.piles else ():
                if s.card is not None and str(s.card) == str(card):
                    return s.rect
            return None
        if isinstance(item, str) and item in self.board.piles:
            top = self.board.top(item)
            return top.rect if top is not None else self.board.piles[item].base_rect(self.board.size_of(item))
        return None

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        step = self.step
        if step is None:
            return
        rects = self.highlight_rects()
        cards = [s.home_rect for sprites in self.board.cards.values() for s in sprites]   # where they rest
        cards += self.keep_clear
        corner = getattr(getattr(self, "move_log", None), "corner", None)
        if corner is not None:
            cards.append(corner.rect)     # the move log's corner tells what happened: keep it readable
        log_rect = getattr(self, "log_rect", None)
        if isinstance(log_rect, pygame.Rect):
            cards.append(log_rect)
        wrong = self.wrong_text if self.wrong_left > 0 else ""
        last = self.step_no == len(self.tutorial.steps) - 1
        self.panel.draw(surface, text=step.text, wrong=wrong, avoid=rects, cards=cards,
                        counter=f"{tr(self.tutorial.title)} · {self.step_no + 1} / {len(self.tutorial.steps)}",
                        next_label=self._label(N_("Finish (Enter)") if last else N_("Next (Enter)"),
                                               N_("Finish ({act})") if last else N_("Next ({act})")) if self.reading else None,
                        skip_label=self._label(N_("Skip (Esc)"), N_("Skip ({back})")),
                        time=self.scheduler.time, own=self.panel_spots, callouts=self.callouts)
        if self.focus.current == NEXT_KEY and self.ring_shown():
            self.focus.draw(surface)   # the ring on the panel's Next button, over the panel

    def _label(self, keys: str, pad: str) -> str:
        """A button's words for the device in use: its key on a keyboard, its button on a pad."""
        return controls.label(self.app, keys, pad)

    # ------------------------------------------------------------ no undo, restart or new deal here
    def undo(self) -> bool:
        self.say_wrong(N_("There is no undo in the tutorial: every move it asks for is a good one."))
        return False

    def restart(self, seed: int | None = None) -> None:
        self.say_wrong(N_("The tutorial plays one scripted deal; Skip to play a real game."))

    def redeal(self, seed: int | None = None) -> None:
        self.restart(seed)
