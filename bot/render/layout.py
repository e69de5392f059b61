"""Canvas geometry: the map on top, a legend panel below (phones scroll vertically)."""

from __future__ import annotations

PAD = 14
HEADER_H = 46
PLAYER_ROW_H = 40
PLAYER_COLS = 2
CONTINENT_ROW_H = 40
STAT_W = 74  # width of each numeric column (territories, armies, cards)
