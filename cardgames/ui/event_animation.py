"""GameScene's animation of events: cards fly, turn and shuffle; the opening deal.

A mixin of cardgames.ui.game_scene.GameScene. act_then() hands the redacted events of
a batch to animate_events(), which moves the board's sprites event by event
(animate_event: override it for a game's own events) with sounds from sound_for();
sync() then settles the board on the viewer's observation (layout()).

Uses from the scene: board, animator, app, card_size, deal_from, layout(),
observation(), sound_for(), on_announce(); sets self.stagger.
"""
from __future__ import annotations

from typing import Any

from cardgames.core.events import Announced, CardFlipped, CardMoved, Shuffled
from cardgames.engine.tween import Call, Sequence, Wait
from cardgames.ui.cards import MOVE_TIME, CardSprite

STAGGER = 0.07        # seconds between cards of one action (a deal fans out card by card)
DEAL_STAGGER = 0.045  # between cards of the opening deal
LONGEST_RUN = 1.4     # a many-card action (a new round's deal) squeezes its stagger to fit this
SOUND_GAP = 0.06      # the same sound is not started twice within this many seconds


class EventAnimation:
    """Events into tweens on the board (a GameScene mixin)."""

    def deal_animation(self) -> list[Any]:
        """The opening deal's tweens (queue them on self.animator), e.g. for a new round."""
        return self._deal_animation()

    def animate_events(self, events: tuple[Any, ...]) -> None:
        """Queue one batch animating the (redacted) events, card after card.

        Each event starts `self.stagger` after the one before (STAGGER, less when
        many cards move at once), and never before the card it concerns has
        finished its previous move (a flip waits for the card to land).
        """
        cards = sum(isinstance(ev, (CardMoved, CardFlipped)) for ev in events)
        self.stagger = min(STAGGER, LONGEST_RUN / max(1, cards))
        anims: list[Any] = []
        cursor = 0.0
        ready: dict[int, float] = {}  # id(sprite) -> when its last animation ends
        last_sound: dict[str, float] = {}
        for ev in events:
            start, sprites, step = self.animate_event(ev, cursor, ready, anims)
            for s in sprites:
                ready[id(s)] = start + MOVE_TIME
            sound = self.sound_for(ev)
            if sound and start - last_sound.get(sound, -1.0) >= SOUND_GAP:
                last_sound[sound] = start
                anims.append(Sequence(Wait(start), Call(lambda n=sound: self.app.play_sound(n))))
            cursor = start + step
        self.animator.queue(anims)

    def animate_event(self, ev: Any, at: float, ready: dict[int, float],
                      anims: list[Any]) -> tuple[float, list[CardSprite], float]:
        """Change the board for one event and append its animations to `anims`.

        Returns (start time, the sprites it moved, time until the next event may start).
        Override to animate a game's own events; call super() for the standard ones.
        """
        board = self.board
        if isinstance(ev, CardMoved):
            sprite = board.take(ev.src, ev.card)
            if sprite is None:  # the board was out of step; conjure the card at its source
                pos = board.home_of(ev.src, 0) if ev.src in board.piles else (0, 0)
                sprite = CardSprite(None, False, pos, self.card_size)
            start = max(at, ready.get(id(sprite), 0.0))
            board.put(ev.dst, sprite)
            if ev.face_up and ev.card is not None:
                if not (sprite.face_up and sprite.card == ev.card):
                    anims.append(sprite.turn(True, ev.card, delay=start))
            else:
                if sprite.face_up:
                    anims.append(sprite.turn(False, None, delay=start))
                sprite.card = ev.card
            for name in (ev.src, ev.dst):
                anims.extend(board.relayout(name, MOVE_TIME, delay=start))
            return start, [sprite], self.stagger
        if isinstance(ev, CardFlipped):
            sprites = board.sprites(ev.pile)
            sprite = next((s for s in reversed(sprites) if ev.card is not None and s.card == ev.card), None)
            sprite = sprite or board.top(ev.pile)
            if sprite is None:
                return at, [], 0.0
            start = max(at, ready.get(id(sprite), 0.0))
            anims.append(sprite.turn(ev.face_up, ev.card, delay=start))
            if not ev.face_up and ev.card is None:
                sprite.card = None
            return start, [sprite], self.stagger
        if isinstance(ev, Shuffled):
            moved = []
            for i, sprite in enumerate(list(board.sprites(ev.src))):
                board.take(ev.src, sprite.card)
                board.put(ev.dst, sprite)
                if sprite.face_up:
                    anims.append(sprite.turn(False, None, delay=at))
                sprite.card = None
                moved.append(sprite)
            for name in (ev.src, ev.dst):
                anims.extend(board.relayout(name, MOVE_TIME, delay=at))
            return at, moved, MOVE_TIME
        if isinstance(ev, Announced):
            anims.append(Sequence(Wait(at), Call(lambda: self.on_announce(ev))))
        return at, [], 0.0

    def sync(self, animate: bool = True) -> list[Any]:
        """Make the board match the viewer's observation; the tweens that get it there."""
        return self.board.sync(self.layout(self.observation()), MOVE_TIME if animate else None)

    def deal_order(self) -> list[Any]:
        """The sprites the opening deal sends out, in the order they fly: every pile but deal_from,
        pile after pile (a game that deals round the table overrides this)."""
        return [s for name, sprites in self.board.cards.items() if name != self.deal_from for s in sprites]

    def _deal_animation(self) -> list[Any]:
        """Every card not in the deal_from pile flies out of it, one after another (deal_order()),
        and turns if face up."""
        source = self.board.home_of(self.deal_from, 0)
        dealing = self.deal_order()
        stagger = min(DEAL_STAGGER, 2 * LONGEST_RUN / max(1, len(dealing)))
        anims = []
        order = 0
        for s in dealing:
            delay = order * stagger
            order += 1
            s.pos = source
            anims.append(s.move_to(None, MOVE_TIME, delay=delay))
            if s.face_up and s.card is not None:
                s.shown_up = False
                anims.append(s.turn(True, s.card, delay=delay + MOVE_TIME * 0.8))
        if order:
            anims.append(Call(lambda: self.app.play_sound("deal")))
        return anims
