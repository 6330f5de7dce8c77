"""The Switch table's heads-up display: the players' panels (name, cards, who plays now and next,
the catch countdown), the suit to follow, the banner, the buttons, the suit chooser, and the
marks of start mode. A mixin of SwitchScene (scene.py), drawn from the viewer's observation.
"""
from __future__ import annotations

import pygame

from cardgames.core.cards import Suit
from cardgames.core.movelog import card_text
from cardgames.games.switch import rules
from cardgames.games.switch.rules import K_PLAY
from cardgames.i18n import N_, SUIT_TITLES, _, card_name, ngettext, suit_word, tr
from cardgames.ui import controls, theme
from cardgames.ui.round_scene import LEVEL_LABELS
from cardgames.ui.widgets import clip_text, fit_px

W, H = 1280, 720
HAND_Y = 474
CENTRE_Y = 246
DISCARD_X = 560
CALL_BUTTON = pygame.Rect(1046, 632, 210, 64)
MOVE_BUTTON = pygame.Rect(816, 632, 214, 64)
UNDO_BUTTON = pygame.Rect(600, 640, 200, 50)   # practice games: between your panel and the draw button
BANNER = pygame.Rect(330, 394, 620, 42)   # below the piles' labels (Kannada's end at y 389)
SUIT_BOX = pygame.Rect(728, 250, 150, 112)
LOG_RECT = pygame.Rect(894, 218, 370, 160)       # below the thinking dots of the seats above it
# Start mode: the stock in rows on the left, so the piles, the suit and the log move right.
OPEN_DISCARD_X = 624
OPEN_SUIT_BOX = pygame.Rect(786, 250, 150, 112)
OPEN_LOG_RECT = pygame.Rect(946, 218, 318, 160)
CHOOSER = pygame.Rect(400, 220, 480, 190)
PANEL_W = 240               # the others' panels (at most five across the 1280 px: 256 each)
OPEN_SIZE = (72, 100)       # start mode: the others' cards and the stock, face up (full faces: their corners)
SUIT_NAMES = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}   # images


def suit_label(suit: Suit, width: int) -> str:
    """A suit button's label, "Hearts (H)"; just "Hearts" when the key letter would not fit (the
    chooser's title names the keys)."""
    label = f"{tr(SUIT_TITLES[suit.letter])} ({suit.letter})"
    if theme.text_width(theme.font(15, True), label) <= width:
        return label
    return tr(SUIT_TITLES[suit.letter])


def banner_px(text: str, bold: bool = False) -> int:
    """The banner's text size: 22, down to 16 for a long sentence in the chosen language."""
    return fit_px(text, BANNER.width - 16, 22, bold=bold, smallest=16)


def why_not(obs: rules.Observation, card) -> str | None:
    """Why the viewer's `card` cannot be played now, in the chosen language (None: the rules' own words)."""
    if obs.phase not in (rules.PLAY, rules.DRAWN):
        return None
    if obs.turn != obs.seat:
        return _("Wait for your turn.")
    if obs.phase is rules.DRAWN and card != obs.drawn:
        return _("Only the card you drew may be played now, or keep it.")
    if obs.phase is rules.DRAWN:
        return _("The card you drew cannot be played: keep it.")
    if obs.skip:
        return _("Facing an 8: play an 8 or miss your turn.")
    if obs.pending:
        return (_("Facing a pick-up of {n}: play a 2 or pick up the cards.") if obs.pending_rank is rules.TWO
                else _("Facing a pick-up of {n}: play an Ace or pick up the cards.")).format(n=obs.pending)
    if obs.discard:
        return _("{card} matches neither the suit ({suit}) nor the value of {top}.").format(
            card=card_text(card), suit=suit_word(obs.suit), top=card_text(obs.discard[-1]))
    return None


def marker_width() -> int:
    """The wider of the panels' turn markers, "to play" and "next", in the chosen language."""
    return max(theme.text_width(theme.font(16, True), tr(m)) for m in ("to play", "next"))


class SwitchHud:
    """Drawing only; the scene supplies observation(), seat_name(), panel_rect(), my_move() ..."""

    def draw_hud(self, surface: pygame.Surface) -> None:
        obs = self.observation()
        for seat in range(obs.players):
            self._draw_panel(surface, obs, seat)
        self._draw_suit(surface, obs)
        self._draw_banner(surface, obs)
        self._draw_buttons(surface)
        if obs.stock is not None:
            self._draw_open_marks(surface)
        if self.choosing is not None:
            self._draw_chooser(surface)

    def _draw_panel(self, surface: pygame.Surface, obs: rules.Observation, seat: int) -> None:
        rect = self.panel_rect(seat)
        t = self.scheduler.time
        edge = theme.PANEL_EDGE
        if obs.turn == seat and obs.phase in (rules.PLAY, rules.DRAWN):
            edge = theme.ACCENT
        if obs.exposed == seat and self.window.open:
            edge = theme.BAD if int(t * 6) % 2 else theme.lighten(theme.BAD, 0.4)
        theme.draw_panel(surface, rect, theme.PANEL, edge, width=3)
        count = obs.hand_sizes[seat]
        # the top line: the name at the left, the cards held at the right; "LAST CARD" in their place
        # once the seat has called with one card left (the one card goes without saying)
        if obs.called[seat] and count == 1:
            right = self.draw_text(surface, "LAST CARD", (rect.right - 12, rect.y + 6), 20, theme.BAD, bold=True,
                                   anchor="topright")
        else:
            cards = ngettext("{n} card", "{n} cards", count).format(n=count)
            right = self.draw_text(surface, cards, (rect.right - 12, rect.y + 6), 20, theme.TEXT_DIM,
                                   anchor="topright")
        room = right.x - 8 - (rect.x + 12)
        self.draw_text(surface, clip_text(self.seat_name(seat), room, 20, bold=True), (rect.x + 12, rect.y + 6), 20,
                       theme.TEXT, bold=True)   # (a typed name too long for the panel is cut)
        line2 = []
        if obs.match:
            line2.append(_("{n} pts").format(n=obs.totals[seat]))
        level = tr(LEVEL_LABELS.get(self.ai_level(seat), self.ai_level(seat))) if self.is_computer(seat) else None
        if level is not None:
            line2.append(level)
        live = obs.phase in (rules.PLAY, rules.DRAWN)
        mine = seat == self.viewer and self.humans
        # your panel's bottom line holds the controls hint: the turn marker goes on the line above
        mark, mark_anchor = ((rect.right - 12, rect.y + 30), "topright") if mine else \
            ((rect.right - 12, rect.bottom - 6), "bottomright")
        if live and obs.turn == seat:
            self.draw_text(surface, "to play", mark, 16, theme.ACCENT, anchor=mark_anchor, bold=True)
        elif live and (obs.turn + 1) % obs.players == seat:
            self.draw_text(surface, "next", mark, 16, theme.ACCENT_2, anchor=mark_anchor, bold=True)
        if line2:
            y = rect.y + 30 if mine else rect.bottom - 6   # your panel keeps its bottom line for the hint
            # the marker shares this line: room for the wider of its words, so nothing moves as turns pass
            width = rect.width - 24 - marker_width() - 10
            if level in line2 and theme.text_width(theme.font(17), "  ".join(line2)) > width:
                line2.remove(level)   # too long (the pts of a match in Telugu): the level goes
            self.draw_text(surface, clip_text("  ".join(line2), width, 17), (rect.x + 12, y), 17,
                           theme.TEXT_DIM, anchor="topleft" if mine else "bottomleft")
        if mine:
            hint = self.panel_hint()
            px = fit_px(controls.text(self.app, tr(hint), self), rect.width - 24, 15, smallest=15)   # (pad glyphs:
            # as wide as letters; 15 px is the floor: 11 px on screen in the smallest window)
            controls.draw_prompt(surface, self.app, hint, (rect.x + 12, rect.bottom - 6), px, theme.TEXT_DIM,
                                 anchor="bottomleft", scene=self)
        if obs.exposed == seat and self.window.open:
            self.window.draw(surface, rect, seat, self.viewer)

    def panel_hint(self) -> str:
        """Your panel's line of controls for the device in use. On a pad, when you may both catch and
        call, Y catches first (a second Y calls), and the line says so."""
        pad = N_("{move} {act}: play  ·  {x}: draw  ·  {y}: last card / catch")
        if self.can_catch() and self.call_glows():
            pad = N_("{move} {act}: play  ·  {y}: catch first, then {y}: last card")
        return controls.for_device(self.app, N_("Arrows, Enter: play  ·  P: draw  ·  L: last card  ·  C: catch"),
                                   mouse=N_("Click a card  ·  Stock: draw  ·  Double-click a panel: catch"),
                                   pad=pad)

    def call_prompt(self) -> str:
        """The Call button's label: on a pad it shows Y only while Y calls (not while it catches)."""
        return controls.for_device(self.app, N_("Last card!  (L)"),
                                   pad=N_("Last card!") if self.can_catch() else N_("Last card!  {y}"))

    def deal_order(self) -> list:
        """The deal as a dealer makes it: one card at a time round the table from the first player
        (the dealer's left), then the card that starts the discard pile."""
        board, turn, n = self.board, self.observation().turn, self.players
        hands = [board.sprites(f"hand:{(turn + k) % n}") for k in range(n)]
        order = [hand[i] for i in range(max(map(len, hands), default=0)) for hand in hands if i < len(hand)]
        seen = {id(s) for s in order}
        return order + [s for name, sprites in board.cards.items() if name != self.deal_from
                        for s in sprites if id(s) not in seen]

    def announce_first(self) -> None:
        """Once a hand is dealt: who plays first pops up over their cards (the log says why)."""
        seat = self.observation().turn
        if seat == self.viewer and self.humans:
            text = _("You play first")
        else:
            text = _("{name} plays first").format(name=self.seat_name(seat))
        at = (640, HAND_Y + 50) if seat == self.viewer else self.shout_at(seat)   # yours: over your hand, under
        self.fx.pop_text(text, at, theme.ACCENT, 36, life=2.0)                     # the banner's "Your turn"

    def _draw_open_marks(self, surface: pygame.Surface) -> None:
        """Start mode: say so, and mark the top of each pile (the next card drawn, the card to match)."""
        self.draw_text(surface, "Start mode: every card face up", (24, 170), 16, theme.ACCENT, bold=True)
        for pile, text in (("stock", N_("next draw")), ("discard", N_("top"))):
            top = self.board.top(pile)
            if top is None or not top.at_home:
                continue
            r = top.rect
            label = theme.text_surface(text, 14, theme.TEXT_DARK, bold=True)
            if pile == "stock":     # beside the last card: the rows above reach further right
                box = label.get_rect(midleft=(r.right + 8, r.y + 16)).inflate(10, 4)
            else:
                box = label.get_rect(midbottom=(r.centerx, r.y - 3)).inflate(10, 4)
            theme.draw_panel(surface, box, theme.ACCENT, None, radius=6)
            surface.blit(label, label.get_rect(center=box.center))
            pygame.draw.rect(surface, theme.ACCENT, r.inflate(4, 4), width=2, border_radius=6)

    def _draw_suit(self, surface: pygame.Surface, obs: rules.Observation) -> None:
        """The suit to follow, always in view (after a Jack, the suit its player named)."""
        theme.draw_panel(surface, self.suit_box, (244, 242, 234), theme.ACCENT, width=3)
        self.draw_text(surface, "Suit to follow", (self.suit_box.centerx, self.suit_box.y + 5), 16, (90, 90, 100),
                       anchor="midtop")
        suit = self.shown_suit(obs)
        icon = self.app.assets.suit_icon(SUIT_NAMES[suit], (52, 52), bool(self.app.settings.get("four_colour")))
        surface.blit(icon, icon.get_rect(center=(self.suit_box.centerx, self.suit_box.y + 56)))
        self.draw_text(surface, suit_word(suit), (self.suit_box.centerx, self.suit_box.bottom - 5), 18, theme.TEXT_DARK,
                       anchor="midbottom", bold=True)

    def shown_suit(self, obs: rules.Observation) -> Suit:
        """The suit to follow as the table shows it: a card still flying to the pile (or a Jack whose suit
        is named) changes it when the cards have landed, not before."""
        if not self.animator.busy or getattr(self, "_suit_seen", None) is None:
            self._suit_seen = obs.suit
        return self._suit_seen

    def banner_text(self, obs: rules.Observation) -> str:
        if obs.phase not in (rules.PLAY, rules.DRAWN):
            return ""
        me = obs.turn == obs.seat and self.humans
        who = self.seat_name(obs.turn)
        if obs.pending:
            two = obs.pending_rank is rules.TWO
            if me:
                text = _("Pick up {n}, or play a 2") if two else _("Pick up {n}, or play an Ace")
            else:
                text = _("{name}: pick up {n}, or play a 2") if two else _("{name}: pick up {n}, or play an Ace")
            return text.format(n=obs.pending, name=who)
        if obs.skip:
            return _("Play an 8 or miss your turn") if me else _("{name}: play an 8 or miss the turn").format(name=who)
        if obs.phase is rules.DRAWN and me:
            if not any(a.kind is K_PLAY for a in self.my_actions()):
                return _("You drew the {card}: it cannot be played, you keep it").format(card=card_name(obs.drawn))
            return _("You drew a card you can play: play it or keep it")
        if me and not any(card is not None for _a, _src, card, _dst in self.moves()):
            return controls.text(self.app, controls.for_device(
                self.app, N_("Nothing to play: draw from the stock ({x})"), mouse=N_("Nothing to play: click the stock")),
                self)
        if me:
            return _("Your turn: match the suit or the value")
        return ""

    def _draw_banner(self, surface: pygame.Surface, obs: rules.Observation) -> None:
        text = self.banner_text(obs)
        if not text or self.choosing is not None or self.dealing():
            return
        urgent = bool(obs.pending or obs.skip)
        fill = (120, 26, 40, 232) if urgent else theme.PANEL
        theme.draw_panel(surface, BANNER, fill, theme.ACCENT if urgent else theme.PANEL_EDGE)
        self.draw_text(surface, text, BANNER.center, banner_px(text, urgent), theme.TEXT, anchor="center", bold=urgent)

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        if not self.humans:
            return
        glow = self.call_glows()
        if glow:
            pulse = 0.5 + 0.5 * abs(((self.scheduler.time * 1.6) % 2) - 1)
            halo = CALL_BUTTON.inflate(10 + round(8 * pulse), 10 + round(8 * pulse))
            theme.draw_panel(surface, halo, (255, 200, 48, 90 + round(90 * pulse)), None)
        fill = theme.BUTTON_PRIMARY if glow else theme.BUTTON_DISABLED
        theme.draw_panel(surface, CALL_BUTTON, fill, theme.lighten(fill, 0.35))
        colour = theme.TEXT_DARK if glow else theme.TEXT_DIM
        call = self.call_prompt()                                              # (not inside
        controls.draw_prompt(surface, self.app, call, CALL_BUTTON.center, self.button_px(call, CALL_BUTTON),
                             colour, anchor="center", bold=True)   # (draw_prompt(): extraction would miss it)
        move = self.my_move()
        if move is not None:
            theme.draw_panel(surface, MOVE_BUTTON, theme.BUTTON, theme.lighten(theme.BUTTON, 0.35))
            label = self.move_label(move)
            prompt = controls.for_device(self.app, f"{tr(label)}  (P)", pad=f"{tr(label)}  {{x}}")
            controls.draw_prompt(surface, self.app, prompt, MOVE_BUTTON.center, self.button_px(prompt, MOVE_BUTTON),
                                 theme.TEXT, anchor="center", bold=True)

    def button_px(self, prompt: str, rect: pygame.Rect) -> int:
        """The call and move buttons' text size: 24, smaller when the words in the language run long."""
        return fit_px(controls.text(self.app, tr(prompt), self), rect.width - 16, 24, bold=True, smallest=16)

    def _draw_chooser(self, surface: pygame.Surface) -> None:
        theme.draw_panel(surface, CHOOSER, theme.PANEL_SOLID, theme.ACCENT, width=3)
        prompt = controls.for_device(
            self.app, N_("Name the suit  (C D H S, Esc: back)"), mouse=N_("Name the suit  (Esc: back)"),
            pad=N_("Name the suit  ({move} {act}, {back}: back)"))
        controls.draw_prompt(surface, self.app, prompt, (CHOOSER.centerx, CHOOSER.y + 18), 22, theme.TEXT,
                             anchor="midtop", bold=True)
        for suit, rect in self.suit_buttons():
            theme.draw_panel(surface, rect, (245, 245, 240), theme.PANEL_EDGE)
            icon = self.app.assets.image(f"suit_{SUIT_NAMES[suit]}", (56, 56))
            surface.blit(icon, icon.get_rect(center=(rect.centerx, rect.centery - 8)))
            self.draw_text(surface, suit_label(suit, rect.width - 4), (rect.centerx, rect.bottom - 4),
                           15, theme.TEXT_DARK, anchor="midbottom", bold=True)
