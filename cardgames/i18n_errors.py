"""Why a file could not be read or written, in the player's words (a notice's detail, a level's error).

The system's reasons (an OSError's strerror, the json module's "Expecting value") are English
whatever the language: the usual ones are said in the player's language here; English keeps the
system's own words, which the log and the tests read.
"""
from __future__ import annotations

import errno
import json

from cardgames.i18n import N_, Said, language, refusal, said_en, tr

# The usual reasons a file cannot be read, written or moved
_OS_ERRORS = {errno.EACCES: N_("permission denied"), errno.EPERM: N_("permission denied"),
              errno.ENOSPC: N_("the disk is full"), errno.EDQUOT: N_("the disk quota is used up"),
              errno.EROFS: N_("the disk is read-only"), errno.ENOENT: N_("the file or folder is missing"),
              errno.ENOTDIR: N_("part of the path is not a folder"), errno.EISDIR: N_("a folder has that name"),
              errno.EIO: N_("the disk could not be read or written")}


def os_error(e: OSError) -> str:
    """Why the system refused: its own words in English ("No space left on device"), one of the
    usual reasons in the player's words in another language (said again when the language changes)."""
    system = getattr(e, "strerror", None) or str(e)
    known = _OS_ERRORS.get(getattr(e, "errno", None))
    return Said(lambda: system if language() == "en" else tr(known), system) if known else system


def read_error(e: Exception) -> str:
    """Why a file's text could not be read: the system's reason, not UTF-8 text, or where its JSON breaks."""
    if isinstance(e, json.JSONDecodeError):
        return said_en("not valid JSON at line {line}, column {column}", line=e.lineno, column=e.colno)
    if isinstance(e, UnicodeDecodeError):
        return said_en("it is not UTF-8 text")
    if isinstance(e, OSError):
        return os_error(e)
    return str(e)


def error_words(e: Exception) -> str:
    """An exception's message in the player's language when it carries one: a rules' refusal, a
    layout or level file's error (their `said`), a message that is a Said; else its own text
    (an unexpected error: its details go to the log)."""
    if hasattr(e, "values") and hasattr(e, "message"):
        return refusal(e, to_player=False)
    said = getattr(e, "said", None)
    if isinstance(said, str):
        return said
    first = e.args[0] if e.args else None
    return first if isinstance(first, Said) else str(e)
