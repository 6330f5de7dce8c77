"""TriPeaks: what the menus need (options, statistics labels). The rules live in rules.py."""
from cardgames.games.info import GameInfo, OptionSpec

ON_OFF = ((True, "On"), (False, "Off"))
VARIANTS = ("wrap", "wild", "open_peaks", "empty_waste")


def option_applies(key: str, options: dict) -> bool:
    """For the select screen, which dims what does not apply: each Arcade level sets its own
    variants, and Classic always deals at random (no "winnable deals only")."""
    mode = options.get("mode", "arcade")
    if key in VARIANTS:
        return mode != "arcade"
    if key == "winnable":
        return mode != "classic"
    return True


INFO = GameInfo(
    name="tripeaks",
    title="TriPeaks",
    tagline="Solitaire: clear three peaks, one rank up or down.",
    description="Clear the three peaks by playing cards one rank above or below the waste card. "
    "Arcade levels against the clock with scoring streaks, Classic money scoring, or Relaxed play "
    "with undo and hints. The variants apply to Classic and Relaxed; each Arcade level sets its own.",
    min_players=1,
    max_players=1,
    options=(
        OptionSpec("mode", "Mode", (("arcade", "Arcade"), ("classic", "Classic"), ("relaxed", "Relaxed")), "arcade"),
        # The variants below apply to Classic and Relaxed; each Arcade level sets its own (option_applies).
        OptionSpec("wrap", "King-Ace wrap", ON_OFF, True),
        OptionSpec("wild", "Wild Joker in the stock", ON_OFF, False),
        OptionSpec("open_peaks", "Peaks face up", ON_OFF, False),
        OptionSpec("empty_waste", "Empty waste head start", ON_OFF, False),
        OptionSpec("winnable", "Winnable deals only (Arcade, Relaxed)", ON_OFF, True),
    ),
    scene="cardgames.games.tripeaks.scene:TriPeaksScene",
    select_buttons="cardgames.games.tripeaks.deal_entry:select_buttons",   # "Play deal #...", "Daily challenge"
    save_slots="mode",   # one saved game per mode: an Arcade level never replaces a Relaxed hand
    stats=(
        ("games", "Games played"),
        ("wins", "Games won"),
        ("win_rate", "Win rate"),
        ("longest_streak", "Longest streak"),
        ("bank", "Classic bank ($)"),
        ("arcade_stars", "Arcade stars"),
        ("best_scores", "Best score per level"),
    ),
)
