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

from cardgames import records
from cardgames.games.tripeaks import deals, levels
from cardgames.games.tripeaks.scoring import level_stars


class HandRecords:
    """The end of a hand (needs the TriPeaksScene members)."""

    def _hand_over(self, time_up: bool) -> None:
        """The hand just ended (at once, before the animations): stop the clock, score the clear, keep stats."""
        self.phase = "over"
        won = self.observation().won
        result: dict[str, Any] = {"mode": self.mode, "won": won, "time_up": time_up, "deal": self.seed,
                                  "daily": self.daily}
        if self.mode == "arcade" and self.arcade is not None and self.level is not None:
            base = self.arcade.score
            bonus: tuple[Any, ...] = ()
            if won:
                self.arcade, bonus = self.arcade.with_clear_bonus(self.observation().stock_count)
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
        records = self.app.storage.load(deals.DAILY_FILE)
        return deals.day_record(records, self.mode, self.daily)["best"]

    def _record_hand(self, won: bool) -> None:
        """Count the hand through records.record_game (a hand not won and not over is abandoned); a daily
        challenge hand also goes into the daily records."""
        if self.watching:
            return
        abandoned = not won and not self.over
        self.record_result(abandoned=abandoned)
        if self.daily is not None and self.mode in deals.DAILY_MODES:
            score = self.classic.hand if self.mode == "classic" else (self.arcade.score if self.arcade else 0)
            records_ = self.app.storage.load(deals.DAILY_FILE)
            self.app.storage.save(deals.DAILY_FILE,
                                      deals.record_daily(records_, self.mode, self.daily, won, score))

    def game_result(self, abandoned: bool) -> records.GameResult | None:
        """The hand for the statistics: Arcade its score, Classic its money (into the bank), the run. The
        options carry "deal" (the number) and, in the daily challenge, "daily" (the date)."""
        mode, won = self.mode, self.observation().won and not abandoned
        figures: dict[str, Any] = {}
        score: int | None = None
        if mode == "classic":
            score = figures["money"] = self.classic.hand
            figures["run"] = self.classic.longest_run
        elif self.arcade is not None:
            score, figures["run"] = self.arcade.score, self.arcade.longest_streak
        arcade = self.result if (mode == "arcade" and self.result is not None and "level" in self.result
                                 and self.daily is None) else None
        entries = self.entries

        def progress(stats: dict[str, Any]) -> None:   # the Arcade level's stars and best score
            if arcade is not None and not abandoned:
                levels.record_level(stats, arcade["level"].id, arcade["score"], arcade["stars"])
                summarize_levels(stats, entries)

        return records.GameResult(won=won, score=score, figures=figures, progress=progress)

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
