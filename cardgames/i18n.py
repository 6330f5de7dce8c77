"""The players' languages: English, Tamil, Telugu and Kannada, through standard gettext.

The English text in the code is the message id. Catalogues live in
cardgames/locale/<lang>/LC_MESSAGES/cardgames.po (the sources, in the
repository) and are compiled to .mo by `make translations` (Babel; the play,
test and exe targets compile first). A clone run without make still speaks
every language: a missing or stale .mo is compiled in memory from its .po when
Babel is there; without both, the language falls back to English and says so
in the log.

Text is looked up when it is drawn (`theme.text_surface`, `widgets.wrap_lines`,
`GameScene.draw_text` call `tr`), so changing the language needs no restart.
Strings drawn by those calls need no marking; a string built with numbers is
translated before formatting: `_("Round {n}").format(n=...)`. `N_` marks a
string for extraction where it is defined and translated later.
"""
from __future__ import annotations

import gettext
import io
import locale
import logging
import os
import re
from collections.abc import Callable, Sequence
from typing import Any, Self

from cardgames.config import LOCALE_DIR
from cardgames.core.cards import Card, Suit
from cardgames.core.protocol import Seat

log = logging.getLogger(__name__)

DOMAIN = "cardgames"
# (code, the language's name in itself): the settings screen's choices
LANGUAGES = (("en", "English"), ("ta", "தமிழ்"), ("te", "తెలుగు"), ("kn", "ಕನ್ನಡ"))
CODES = tuple(code for code, _name in LANGUAGES)  # the settings file's choices (datafiles.SETTINGS)
SCRIPTS = {"en": "latin", "ta": "tamil", "te": "telugu", "kn": "kannada"}  # engine/text.py's script names

_current = "en"
_catalogue: gettext.NullTranslations = gettext.NullTranslations()
_loaded: dict[str, gettext.NullTranslations] = {}


def _compile_po(po_path) -> gettext.GNUTranslations | None:
    """The .po compiled in memory with Babel (a source checkout whose .mo is missing or stale)."""
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        return None
    with open(po_path, "rb") as f:
        catalogue = read_po(f)
    buf = io.BytesIO()
    write_mo(buf, catalogue)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def catalogue(code: str) -> gettext.NullTranslations:
    """The translations of language `code` (English: none); cached."""
    if code == "en":
        return gettext.NullTranslations()
    found = _loaded.get(code)
    if found is not None:
        return found
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    mo, po = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
    found = None
    stale = po.exists() and (not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime)
    if stale:
        found = _compile_po(po)
    if found is None and mo.exists():
        with open(mo, "rb") as f:
            found = gettext.GNUTranslations(f)
    if found is None:
        log.warning("no catalogue for language %r in %s: showing English (run `make translations`)", code, folder)
        found = gettext.NullTranslations()
    _loaded[code] = found
    return found


def set_language(code: str) -> None:
    """Speak language `code` from the next frame on (an unknown code means English)."""
    global _current, _catalogue
    code = code if code in CODES else "en"
    _current, _catalogue = code, catalogue(code)
    _memo.clear()


def language() -> str:
    return _current


def script() -> str:
    """The script the chosen language writes in: line heights follow its font (engine/text.py)."""
    return SCRIPTS[_current]


def system_language() -> str:
    """The language of the system's locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), if we speak it."""
    names = [os.environ.get(v, "") for v in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    try:
        names.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    for name in names:
        for part in name.split(":"):
            code = part.split("_")[0].split(".")[0].lower()
            if code in CODES:
                return code
            if code and code not in ("c", "posix"):
                return "en"
    return "en"


_NUMBER = re.compile(r"\d+")
_memo: dict[str, str] = {}   # this language's lookups (tr runs for every text drawn, every frame)


def tr(message: str) -> str:
    """`message` in the chosen language (itself when there is no translation).

    A message with one number that has no translation of its own is looked up with the number
    as {n}: "2 (pass and play)" finds "{n} (pass and play)" (labels built in GameInfo).
    A Said (a sentence kept with its values, see said()) is said again in the chosen language."""
    if isinstance(message, Said):
        return message.again()
    if not message or _current == "en":
        return message
    found = _memo.get(message)
    if found is None:
        found = _catalogue.gettext(message)
        numbers = _NUMBER.findall(message)
        if found == message and len(numbers) == 1:
            general = _catalogue.gettext(_NUMBER.sub("{n}", message))
            if "{n}" in general and general != _NUMBER.sub("{n}", message):
                found = general.replace("{n}", numbers[0])
        if len(_memo) > 4000:
            _memo.clear()
        _memo[message] = found
    return found


_ = tr


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for `n` in the chosen language: ngettext("{n} card", "{n} cards", n)."""
    return _catalogue.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> Said:
    """`message` in the sense `context` gives it, in the language of the moment: a short word used in
    two senses ("Draw" a card from the stock, the "Draw" pile) needs a word of its own for each in
    some languages. A Said, so it can be made where it is defined and drawn later (tr says it again)."""
    return Said(lambda: message if _current == "en" else _catalogue.pgettext(context, message), message)


def N_(message: str) -> str:
    """Marks `message` for extraction; it is translated when drawn."""
    return message


def format_number(n: float) -> str:
    """A score or count grouped the way the chosen language writes it: 12,345 in English, and
    the Indian grouping (1,23,456) in Tamil, Telugu and Kannada (as CLDR writes ta, te and kn)."""
    if isinstance(n, float) and not n.is_integer():
        return f"{n:,.1f}"
    n = int(n)
    sign, digits = ("-" if n < 0 else ""), str(abs(n))
    if _current == "en" or len(digits) <= 3:
        return f"{n:,}"
    head, tail = digits[:-3], digits[-3:]
    groups = []
    while len(head) > 2:
        groups.insert(0, head[-2:])
        head = head[:-2]
    if head:
        groups.insert(0, head)
    return sign + ",".join(groups + [tail])


# ---------------------------------------------------------------- cards and seats in words
YOU = N_("You")   # the one human's seat name (cardgames/names.py): sentences about "You" are messages of their own
SUIT_WORDS = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}   # by Suit.letter
SUIT_TITLES = {"C": N_("Clubs"), "D": N_("Diamonds"), "H": N_("Hearts"), "S": N_("Spades")}
RANK_NAMES = {"A": N_("Ace"), "J": N_("Jack"), "Q": N_("Queen"), "K": N_("King")}   # by Rank.label


def suit_word(suit) -> str:
    """"hearts" in the chosen language (a core.cards.Suit)."""
    return tr(SUIT_WORDS[suit.letter])


def card_name(card) -> str:
    """The card in words in the chosen language: "7 of spades", "Ace of hearts" (core.cards.card_words)."""
    if card.is_joker:
        return _("Joker")
    return _("{rank} of {suit}").format(rank=tr(RANK_NAMES.get(card.rank.label, card.rank.label)),
                                        suit=suit_word(card.suit))


# ---------------------------------------------------------------- sentences kept with their values
class Said(str):
    """A sentence that says itself again in the language of the moment: tr(said) re-renders it.

    It is a str (its text in the language it was made in), so it can be stored, compared, logged;
    the move log, banners and prompts keep it and draw tr(it), so switching the language mid-game
    rewrites the lines already written."""

    _render: Any
    key: str          # the message it says ("You", "{name} drew {card}")

    def __new__(cls, render: Callable[[], str], key: str = "") -> Self:
        obj = super().__new__(cls, render())
        obj._render, obj.key = render, key
        return obj

    def again(self) -> str:
        return self._render()


def _value(v: Any) -> Any:
    """A value as a sentence shows it: a Said again, an int grouped the language's way."""
    if isinstance(v, Said):
        return v.again()
    if isinstance(v, int) and not isinstance(v, bool):
        return format_number(v)
    return v


def said(message: str, **values: Any) -> Said:
    """`message` translated and filled in: said("{name} drew {card}", name=..., card=...). Values
    that are Said (a name such as "You", a card's words) are said in the language too."""
    return Said(lambda: tr(message).format(**{k: _value(v) for k, v in values.items()}), message)


def said_en(message: str, **values: Any) -> Said:
    """said(), but its own text (str(), the log, a test's comparison) is the English sentence
    whatever the language of the moment; tr() says it in the chosen language. For technical details
    that go both to stderr and into a notice (a data file's bad field: "expected a whole number, got 'x'")."""
    obj = Said.__new__(Said, lambda: message.format(**values), message)
    obj._render = lambda: tr(message).format(**{k: _value(v) for k, v in values.items()})
    return obj


def said_en_n(singular: str, plural: str, n: int, **values: Any) -> Said:
    """said_en() of a counted sentence: said_en_n("has {n} item", "has {n} items", n)."""
    obj = Said.__new__(Said, lambda: (singular if n == 1 else plural).format(n=n, **values), singular)
    obj._render = lambda: ngettext(singular, plural, n).format(n=_value(n), **{k: _value(v) for k, v in values.items()})
    return obj


def said_n(singular: str, plural: str, n: int, **values: Any) -> Said:
    """A counted sentence: said_n("{n} card", "{n} cards", n); {n} is filled in too."""
    return Said(lambda: ngettext(singular, plural, n).format(n=_value(n), **{k: _value(v) for k, v in values.items()}),
                singular)


_PLAYER_N = re.compile(r"Player (\d+)")


def word(message: str) -> Said:
    """One word or phrase said in the language of the moment ("You")."""
    return Said(lambda: tr(message), message)


def seat_word(name: str) -> str:
    """A seat's name as sentences use it: the default names ("You", "Player 2") in the language,
    a name the player typed as it is."""
    if isinstance(name, Said):
        return name
    if name == YOU:
        return word(YOU)
    m = _PLAYER_N.fullmatch(name)
    return said("Player {n}", n=int(m.group(1))) if m else name


def is_you(name: str) -> bool:
    """Whether a seat's name is the one human's "You" (sentences about them take their own verbs)."""
    return name == YOU or getattr(name, "key", None) == YOU


def said_by(who: str, you: str, other: str, **values: Any) -> Said:
    """The sentence about seat name `who`: its own for "You" (verbs agree with their subject in Tamil
    and Kannada: "You took" and "Ada took" are different words), else `other` with {name}."""
    return said(you, **values) if is_you(who) else said(other, name=who, **values)


def listing(names: Sequence[str]) -> str:
    """"Ada", "Ada and Ben", "Ada, Ben and Cleo" in the chosen language."""
    items = list(names)
    if len(items) <= 1:
        return items[0] if items else ""
    return Said(lambda: tr("{first} and {last}").format(
        first=", ".join(_value(v) for v in items[:-1]), last=_value(items[-1])), "{first} and {last}")


def name_scores(names: Sequence[str], scores: Sequence[int]) -> Said:
    """"Ada 12 · You 30": each name with its number (the names said in the language)."""
    return Said(lambda: " · ".join(f"{_value(n)} {_value(s)}" for n, s in zip(names, scores)))


# ---------------------------------------------------------------- the rules' refusals
def refusal(exc: Exception, seat_name: Callable[[int], str] | None = None, to_player: bool = True) -> Said:
    """The rules' refusal (a core.protocol.IllegalAction) in the language of the moment, told to the
    player who tried the move (its `you` form when it has one; to_player=False: its own sentence,
    for a saved move that no longer replays), its values shown as the screen shows them (cards in
    words, a Seat by `seat_name`, numbers grouped the language's way). Any other exception is said
    as its text."""
    message = (getattr(exc, "you", None) if to_player else None) or getattr(exc, "message", None)
    if message is None:
        return word(str(exc))
    values = getattr(exc, "values", {})

    def shown(v: Any) -> Any:
        if isinstance(v, Seat):
            name = seat_name(int(v)) if seat_name is not None else None
            return _value(seat_word(name)) if name else tr("Player {n}").format(n=format_number(int(v) + 1))
        if isinstance(v, Card):
            return card_name(v)
        if isinstance(v, Suit):
            return suit_word(v)
        if isinstance(v, (tuple, list)):
            return ", ".join(str(shown(x)) for x in v)
        return _value(v)

    return Said(lambda: tr(message).format(**{k: shown(v) for k, v in values.items()}), message)
