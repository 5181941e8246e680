"""Players' names as the game keeps them: plain text, one line, at most 24 characters.

The same cleaning as the page's (``web/js/game/seats.js`` ``cleanName``): control characters
and line separators become spaces, runs of white space one space, the ends trimmed, then the
first 24 characters (code points) kept. A signed by-link link carries each seat's name as its
seat signed it, and refuses one that is not written so.

>>> clean_name("  Ann\\n  Lee ")
'Ann Lee'
>>> len(clean_name("x" * 30))
24
"""

from __future__ import annotations

import re

MAX_NAME = 24
_CONTROL = re.compile("[\u0000-\u001f\u007f-\u009f\u2028\u2029]")
_SPACE = re.compile(r"\s+")


def clean_name(name: str) -> str:
    """``name`` cleaned for keeping and showing (see the module docstring)."""
    text = _SPACE.sub(" ", _CONTROL.sub(" ", str(name))).strip()
    return text[:MAX_NAME]
