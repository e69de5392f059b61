"""Territory matching for autocomplete: by prefix and by words ("e aus" -> Eastern Australia)."""

from __future__ import annotations

import re
from collections.abc import Iterable

LIMIT = 25  # Discord shows at most 25 choices


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[\s\-()]+", text.lower()) if w]


def matches(query: str, name: str) -> bool:
    """True when `name` starts with the query, or each query word starts a later name word."""
    q = query.strip().lower()
    if not q or name.lower().startswith(q):
        return True
    words = _words(name)
    i = 0
    for part in _words(q):
        while i < len(words) and not words[i].startswith(part):
            i += 1
        if i == len(words):
            return False
        i += 1
    return True


def filter_names(query: str, names: Iterable[str]) -> list[str]:
    """Matching names, plain prefix matches first, at most 25."""
    q = query.strip().lower()
    found = [n for n in names if matches(query, n)]
    found.sort(key=lambda n: (not n.lower().startswith(q), n))
    return found[:LIMIT]
