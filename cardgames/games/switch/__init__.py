"""Switch: what the menus need (options, statistics labels). The rules live in rules.py."""
from cardgames.games.info import GameInfo, OptionSpec, level_option

INFO = GameInfo(
    name="switch",
    title="Switch",
    tagline="Shed your hand: pick-ups, skips and \"last card!\"",
    description="Match suit or value to shed your cards. 2s and Aces make the next player pick up, "
    "Jacks change the suit, 8s skip. Call \"last card\" or be caught!",
    min_players=2,
    max_players=6,
    options=(
        OptionSpec("players", "Players", tuple((n, str(n)) for n in range(2, 7)), 3),
        level_option(),
        OptionSpec("hotseat", "Humans", tuple((n, f"{n} (pass and play)" if n > 1 else "1") for n in range(1, 5)), 1),
        OptionSpec("match", "Scoring", ((False, "Single hand"), (True, "Match to 200")), False),
        OptionSpec("open", "Start mode (open hands)", ((False, "Off"), (True, "On")), False),
    ),
    scene="cardgames.games.switch.scene:SwitchScene",
    stats=(
        ("hands", "Hands played"),
        ("wins", "Hands won"),
        ("win_rate", "Win rate"),
        ("matches", "Matches played"),
        ("match_wins", "Matches won"),
        ("longest_pickup", "Longest pick-up survived"),
        ("catches", "Catches made"),
        ("caught", "Times caught"),
    ),
)
