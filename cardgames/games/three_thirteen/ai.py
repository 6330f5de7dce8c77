"""Three Thirteen computer players. They see an Observation only, never the state.

- expert (expert.py): exact penalties with wilds (melds.py); every move scored by
  the expected penalty over its coming draws from the cards it has not seen;
  keeps track of what each opponent took from the discard pile, threw and passed
  on, so as not to feed the next player; always goes out when it can.
- easy, normal, hard (people.py): Expert's scored moves, chosen as people
  choose: with a level's temperature and a cap on how much worse a move may be
  (never a wild thrown, never a chance to go out missed), a lean to the stock,
  a shorter view ahead and a shorter memory (of the opponents' pickups and of
  the discard pile: cards thrown long ago count as unseen again).

The knobs come from levels/ai/three_thirteen.json (see default_presets); the
built-in values (expert.KNOBS, people.STYLES) are the same.
"""
from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

from cardgames import datafiles, schema
from cardgames.config import LEVELS_DIR
from cardgames.core.cards import Card
from cardgames.games.three_thirteen import expert, people
from cardgames.games.three_thirteen.rules import Action, Observation

LEVELS = ("easy", "normal", "hard", "expert")
PRESET_FILE = LEVELS_DIR / "ai" / "three_thirteen.json"


@dataclass(frozen=True)
class Presets:
    """Every level's knobs: Expert's, and the lower levels' styles."""

    expert: expert.ExpertKnobs = expert.KNOBS
    styles: dict[str, people.Style] = field(default_factory=lambda: dict(people.STYLES))


DEFAULTS = Presets()


def load_presets(path: Path) -> Presets:
    """Read the levels' knobs from a JSON file; a bad file names the field that is wrong."""
    try:
        data = json.loads(path.read_text())
        # field by field (cardgames/datafiles.py TT_AI_PRESET): a vital knob wrong makes the file unusable
        data = datafiles.check_shipped(datafiles.TT_AI_PRESET, data, path.name, "Three Thirteen computer settings")
        knobs = replace(expert.KNOBS, **data.get("expert", {}))
        styles = {level: replace(style, **data.get(level, {})) for level, style in people.STYLES.items()}
        return Presets(knobs, styles)
    except schema.Untrusted as exc:
        raise ValueError(f"{path}: not a Three Thirteen AI preset file: {exc}") from None
    except (OSError, KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"{path}: not a Three Thirteen AI preset file: {exc}") from None


@cache
def default_presets() -> Presets:
    """The levels' knobs: levels/ai/three_thirteen.json when it is there and sound,
    else the built-in values (a broken file is named on stderr, the game goes on)."""
    if not PRESET_FILE.exists():
        return DEFAULTS
    try:
        return load_presets(PRESET_FILE)
    except ValueError as exc:
        print(f"{exc}; using the built-in values", file=sys.stderr)
        return DEFAULTS


def choose(observation: Observation, legal: Sequence[Action], rng: random.Random, level: str,
           presets: Presets | None = None) -> Action:
    """The action `level` picks among `legal`, from what `observation` shows."""
    if level not in LEVELS:
        raise ValueError(f"unknown Three Thirteen level {level!r}; choose one of {LEVELS}")
    presets = presets or default_presets()
    if len(legal) == 1:
        return legal[0]
    if level == "expert":
        return expert.choose(observation, legal, rng, presets.expert)
    return people.choose(observation, legal, rng, presets.styles[level], presets.expert)


known_hands = expert.known_hands


def unseen_cards(obs: Observation) -> list[Card]:
    """Every card this seat has not seen, as a list with repeats (several decks)."""
    return sorted(expert.unseen(obs).elements(), key=lambda c: (int(c.suit), int(c.rank)))
