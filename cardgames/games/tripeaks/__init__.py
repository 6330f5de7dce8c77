from cardgames.games.info import GameInfo, OptionSpec

INFO = GameInfo(
    name="tripeaks",
    title="TriPeaks",
    tagline="Solitaire: clear three peaks, one rank up or down.",
    description="Clear the three peaks by playing cards one rank above or below the waste card. "
    "Classic money scoring, a timed arcade mode with streaks and levels, or relaxed play.",
    min_players=1,
    max_players=1,
    options=(
        OptionSpec("mode", "Mode", (("arcade", "Arcade"), ("classic", "Classic"), ("relaxed", "Relaxed")), "arcade"),
        OptionSpec("wrap", "King-Ace wrap", ((True, "On"), (False, "Off")), True),
    ),
    scene="cardgames.games.tripeaks.scene:TriPeaksScene",
)
