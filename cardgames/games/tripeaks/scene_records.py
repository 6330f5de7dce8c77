"""What a finished TriPeaks hand leaves behind: the result, the statistics, level progress, the daily records.

Mixed into TriPeaksScene. _hand_over runs the moment a hand ends (before
the animations): it stops the clock, scores an Arcade clear (a clear always
earns at least one star: scoring.level_stars) and records the hand. Relaxed
losses wait: the player may still undo, so they count at the next deal.
A daily challenge hand also goes into the daily records (deals.record_daily,
kept in a file of their own), and never into the Arcade level progress.
"""
from __future__ import annotations

from typing import Any

from cardgames.games.tripeaks import deals, levels, rules
from cardgames.games.tripeaks.scoring import level_stars


class HandRecords:
    """The end of a hand (needs the TriPeaksScene members)."""

    def _hand_over(self, time_up: bool) -> None:
        """The hand just ended (at once, before the animations): stop the clock, score the clear, keep stats."""
        self.phase = "over"
        won = rules.is_won(self.state)
        result: dict[str, Any] = {"mode": self.mode, "won": won, "time_up": time_up, "deal": self.seed,
                                  "daily": self.daily}
        if self.mode == "arcade" and self.arcade is not None and self.level is not None:
            base = self.arcade.score
            bonus: tuple[Any, ...] = ()
            if won:
                self.arcade, bonus = self.arcade.with_clear_bonus(len(self.state.stock))
            score = self.arcade.score
            self.hud_score = float(score)
            got = level_stars(score, self.level.targets, won)
            stats = self.app.storage.stats("tripeaks")
            before = levels.level_record(stats, self.level.id)
            ranked = self.daily is None
            result.update(base=base, bonus=bonus, score=score, stars=got, level=self.level,
                          best_before=before["best"] if ranked else self.daily_best(),
                          rank=levels.table_rank(stats, self.level.id, score) if ranked else None,
                          table=before["table"], was_unlocked=levels.unlocked(self.entries, stats))
        elif self.mode == "classic":
            result.update(hand=self.classic.hand, bank=self.classic.total, best_before=self.daily_best())
        self.result = result
        if won or self.mode != "relaxed":
            self._record_hand(won)
        else:
            self._loss_pending = True   # Relaxed: the player may still undo; counted at the next deal
        self.clear_save()

    @property
    def watching(self) -> bool:
        """The demo (or a game with no human seat): nothing is recorded and no screen waits for a key."""
        return self.app.demo is not None or not self.humans

    def daily_best(self) -> int | None:
        """The best score of today's daily challenge so far (None outside the daily challenge)."""
        if self.daily is None:
            return None
        records = self.app.storage.load_doc(deals.DAILY_FILE) or {}
        return deals.day_record(records, self.mode, self.daily)["best"]

    def _record_hand(self, won: bool) -> None:
        if self.watching:
            return
        mode = self.mode
        streak = self.classic.longest_run if mode == "classic" else (
            self.arcade.longest_streak if self.arcade is not None else 0)
        result = levels.GameResult(mode, won, longest_streak=streak, money=self.classic.hand)
        arcade = self.result if (mode == "arcade" and self.result is not None and self.daily is None) else None
        entries = self.entries

        def update(stats: dict[str, Any]) -> dict[str, Any]:
            levels.record_game(stats, result)
            if arcade is not None:
                levels.record_level(stats, arcade["level"].id, arcade["score"], arcade["stars"])
                summarize_levels(stats, entries)
            return stats

        self.app.storage.update_stats("tripeaks", update)
        if self.daily is not None and mode in deals.DAILY_MODES:
            score = self.classic.hand if mode == "classic" else (self.arcade.score if self.arcade else 0)
            records = self.app.storage.load_doc(deals.DAILY_FILE) or {}
            self.app.storage.save_doc(deals.DAILY_FILE, deals.record_daily(records, mode, self.daily, won, score))

    def save_initials(self, initials: str) -> None:
        """The player typed their initials for the high-score table."""
        result = self.result
        if result is None or self.watching or result.get("rank") is None:
            return
        level_id, score, got = result["level"].id, result["score"], result["stars"]

        def update(stats: dict[str, Any]) -> dict[str, Any]:
            levels.record_level(stats, level_id, score, got, initials=initials)
            stats["last_initials"] = levels.clean_initials(initials)
            return stats

        self.app.storage.update_stats("tripeaks", update)


def summarize_levels(stats: dict[str, Any], entries: tuple[levels.LevelEntry, ...]) -> None:
    """The lines the statistics page shows for Arcade: total stars and each level's best score."""
    available = [e for e in entries if e.available]
    stats["arcade_stars"] = f"{levels.total_stars(entries, stats)} / {3 * len(available)}"
    stats["best_scores"] = {f"{n}. {e.level.name}": levels.level_record(stats, e.id)["best"]
                            for n, e in enumerate(entries, 1)
                            if e.available and levels.level_record(stats, e.id)["best"] > 0}
