from cardgames.games.info import GameInfo, OptionSpec, level_option

INFO = GameInfo(
    name="skyjo",
    title="Skyjo",
    tagline="Lowest grid wins: swap, flip and clear columns.",
    description="Each player has a grid of twelve hidden cards. Swap in low cards, clear columns "
    "of three equal values, and end the round before your rivals. Once someone reaches 100, "
    "the lowest total wins.",
    min_players=2,
    max_players=8,
    options=(
        OptionSpec("players", "Players", tuple((n, str(n)) for n in range(2, 9)), 4),
        level_option(),
        OptionSpec("hotseat", "Humans", tuple((n, f"{n} (pass and play)" if n > 1 else "1") for n in range(1, 5)), 1),
        OptionSpec("target", "Game ends at", ((50, "50"), (100, "100"), (150, "150"), (200, "200")), 100),
        OptionSpec("start", "Who starts", (("finisher", "Last round's finisher"), ("highest", "Highest pair")),
                   "finisher"),
    ),
    scene="cardgames.games.skyjo.scene:SkyjoScene",
    stats=(("games", "Games played"), ("wins", "Wins"), ("best_total", "Best final total"),
           ("average_round", "Average round score")),
)
