"""What a player is told when a table over the network refuses or ends: one sentence per error code.

Every code of lobby.ERRORS (the server's refusals) and NetError's own "unreachable" has a sentence
here, in words a player understands (the English of lobby.ERRORS is for the logs). The sentences
are marked with N_ and translated when shown: error_text(code) in the chosen language.
"""
from __future__ import annotations

from cardgames.i18n import N_, _

TEXTS = {
    "bad_message": N_("The game and the table did not understand each other. Try again; if it goes on, "
                      "make sure everyone has the same version of Card Arcade."),
    "version": N_("This table runs another version of Card Arcade. Everyone at a table needs the same version."),
    "too_big": N_("The game sent the table a message that was too long, and the table hung up."),
    "flood": N_("Too many messages were sent too quickly, and the table hung up."),
    "join_first": N_("The table expected you to join first. Try joining again."),
    "no_table": N_("There is no table with this code. Check the code with the host: it ends when the table "
                   "closes."),
    "bad_token": N_("Your seat at this table could not be found again. Join with the code as a new player."),
    "table_full": N_("Every seat at this table is taken."),
    "bad_seat": N_("That seat is no longer free."),
    "bad_name": N_("Your name cannot be used at a table. Change it under Player names (at most 24 letters)."),
    "bad_table": N_("A table could not be made with these options."),
    "too_many_tables": N_("This computer already hosts as many tables as the server allows."),
    "too_many_lines": N_("Too many connections come from your network to this server."),
    "not_allowed": N_("That cannot be done at this table now."),
    "idle": N_("Nothing was heard from you for too long, and the table hung up."),
    "slow": N_("Your connection was too slow to keep up with the table."),
    "closing": N_("The host stopped the table: the game has ended."),
    "closed": N_("The table was closed."),
    "broken": N_("The table stopped on an error."),
    "removed": N_("The host removed you from the table."),
    "too_fast": N_("One quick message every few seconds."),
    "moved": N_("The server handed this table to another of its processes. Join again to play on: your seat "
                "is kept."),
    "unavailable": N_("The server cannot open new tables just now. Try again in a little while."),
    "unreachable": N_("The table cannot be reached at this address. Check the address, that the host is still "
                      "there, and that no firewall blocks it."),
}
OTHER = N_("The connection to the table ended.")


def error_text(code: str) -> str:
    """The sentence for error `code` in the chosen language (a code unknown here: a plain one)."""
    return _(TEXTS.get(code, OTHER))
