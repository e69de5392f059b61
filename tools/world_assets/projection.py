"""Lon/lat -> board pixels: Miller cylindrical, cropped, with a fisheye lens on Europe.

Europe holds 7 of 42 territories in a sliver of the globe; a smooth local zoom keeps
its badges apart without bending the rest of the world (the lens is monotonic, so
shapes never fold over).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np


def miller_y(lat_deg: np.ndarray | float) -> np.ndarray | float:
    """Miller cylindrical northing in radians."""
    return 1.25 * np.log(np.tan(np.pi / 4 + 0.4 * np.radians(lat_deg)))


@dataclass(frozen=True)
class Lens:
    """Radial zoom r' = r * (1 + gain * exp(-(r/radius)^2)); gain < 2.2 keeps it monotonic."""

    lon: float
    lat: float
    radius: float  # radians of Miller plane
    gain: float
    aspect: float = 1.0  # horizontal stretch of the lens footprint


@dataclass(frozen=True)
class Projection:
    width: int
    lon0: float  # western edge; longitudes below it wrap round to the east
    lat_top: float
    lat_bottom: float
    lenses: tuple[Lens, ...] = ()

    @property
    def scale(self) -> float:
        return self.width / (2 * math.pi)

    def _plane(self, lon: np.ndarray, lat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        lon = np.where(lon < self.lon0, lon + 360.0, lon)
        x = np.radians(lon - self.lon0)
        y = miller_y(np.clip(lat, -85, 85))
        for lens in self.lenses:
            cx = math.radians((lens.lon - self.lon0) % 360)
            cy = float(miller_y(lens.lat))
            dx, dy = (x - cx) / lens.aspect, y - cy
            r2 = (dx * dx + dy * dy) / (lens.radius * lens.radius)
            k = 1 + lens.gain * np.exp(-r2)
            x, y = cx + dx * k * lens.aspect, cy + dy * k
        return x, y

    @property
    def height(self) -> int:
        top = float(miller_y(self.lat_top))
        bottom = float(miller_y(self.lat_bottom))
        return round((top - bottom) * self.scale)

    def to_px(self, lon: np.ndarray, lat: np.ndarray, wrap: bool = True) -> np.ndarray:
        """Project arrays of lon/lat to an (N, 2) array of pixel coordinates."""
        lon = np.asarray(lon, dtype=float)
        lat = np.asarray(lat, dtype=float)
        if not wrap:
            lon = np.where(lon < self.lon0, self.lon0, lon)
        x, y = self._plane(lon, lat)
        top = float(miller_y(self.lat_top))
        return np.column_stack([x * self.scale, (top - y) * self.scale])
