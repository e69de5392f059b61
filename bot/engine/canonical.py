"""Canonical JSON and digests: the same state always gives the same bytes."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(data: Any) -> str:
    """Sorted keys, no whitespace: stable across runs and machines."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(data: Any) -> str:
    """SHA-256 hex of the canonical JSON of `data`."""
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()
