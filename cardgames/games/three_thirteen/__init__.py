from cardgames.games.info import GameInfo, OptionSpec

INFO = GameInfo(
    name="three_thirteen",
    title="Three Thirteen",
    tagline="Rummy over 11 rounds with a changing wild rank.",
    description="Eleven rounds from 3 to 13 cards; each round's wild rank matches its hand size. "
    "Meld sets and runs, go out first, and keep your penalty low.",
    min_players=2,
    max_players=8,
    options=(
        OptionSpec("players", "Players", tuple((n, str(n)) for n in range(2, 9)), 2),
        OptionSpec("level", "Opponents", (("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard"), ("expert", "Expert")),
                   "normal"),
        OptionSpec("hotseat", "Humans", tuple((n, f"{n} (pass and play)" if n > 1 else "1") for n in range(1, 5)), 1),
        OptionSpec("ace_high", "Aces", ((False, "Low only"), (True, "High or low (15 pts)")), False),
    ),
    scene="cardgames.games.three_thirteen.scene:ThreeThirteenScene",
    stats=(("games", "Games played"), ("wins", "Wins"), ("best_total", "Best final total"),
           ("rounds_out", "Rounds gone out")),
)
