"""Badge and name placement: inside each territory, away from each other."""

from __future__ import annotations

import numpy as np

from .raster import distance_inside

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def badge_seed(mask: np.ndarray, margin: int) -> tuple[float, float]:
    """Deepest interior pixel, nudged towards the centroid, kept `margin` from the edge."""
    dist = distance_inside(mask).astype(float)
    h, w = mask.shape
    ys, xs = np.nonzero(mask)
    cy, cx = ys.mean(), xs.mean()
    yy, xx = np.mgrid[0:h, 0:w]
    score = np.minimum(dist, 30) - 0.03 * np.hypot(yy - cy, xx - cx)
    edge = (xx < margin) | (xx >= w - margin) | (yy < margin) | (yy >= h - margin)
    score[~mask | edge] = -1e9
    if score.max() < -1e8:  # nothing far enough from the edge: clamp the centroid
        return float(np.clip(cx, margin, w - margin)), float(np.clip(cy, margin, h - margin))
    y, x = np.unravel_index(int(np.argmax(score)), score.shape)
    return float(x), float(y)


def relax(
    points: dict[str, tuple[float, float]],
    min_d: float,
    size: tuple[int, int],
    margin: int,
    rounds: int = 200,
) -> dict[str, tuple[float, float]]:
    """Push overlapping badges apart until every pair is min_d apart (or rounds run out)."""
    names = list(points)
    pos = np.array([points[n] for n in names], dtype=float)
    home = pos.copy()
    for _ in range(rounds):
        moved = False
        for i in range(len(names)):
            d = pos - pos[i]
            dist = np.hypot(d[:, 0], d[:, 1])
            dist[i] = np.inf
            for j in np.nonzero(dist < min_d)[0]:
                push = (min_d - dist[j]) / 2 + 0.5
                u = d[j] / dist[j] if dist[j] > 1e-6 else np.array([1.0, 0.0])
                pos[j] += u * push
                pos[i] -= u * push
                moved = True
        pos += (home - pos) * 0.02  # weak spring back home
        pos[:, 0] = pos[:, 0].clip(margin, size[0] - margin)
        pos[:, 1] = pos[:, 1].clip(margin, size[1] - margin)
        if not moved:
            break
    return {n: (round(float(p[0])), round(float(p[1]))) for n, p in zip(names, pos, strict=True)}


def overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return max(w, 0) * max(h, 0)


def place_name(
    center: tuple[float, float],
    text_size: tuple[int, int],
    radius: int,
    taken: list[Box],
    size: tuple[int, int],
    label: np.ndarray,
    value: int,
) -> Box:
    """Pick the spot around a badge where its name box collides least."""
    cx, cy = center
    w, h = text_size
    gap = 2
    offsets = [
        (0, radius + gap + h / 2),
        (0, -(radius + gap + h / 2)),
        (radius + gap + w / 2, 0),
        (-(radius + gap + w / 2), 0),
        (radius * 0.8 + w / 2, radius * 0.8 + h / 2),
        (-(radius * 0.8 + w / 2), radius * 0.8 + h / 2),
        (radius * 0.8 + w / 2, -(radius * 0.8 + h / 2)),
        (-(radius * 0.8 + w / 2), -(radius * 0.8 + h / 2)),
    ]
    best: tuple[float, Box] | None = None
    for rank, (dx, dy) in enumerate(offsets):
        box = (cx + dx - w / 2, cy + dy - h / 2, cx + dx + w / 2, cy + dy + h / 2)
        if box[0] < 2 or box[1] < 2 or box[2] > size[0] - 2 or box[3] > size[1] - 2:
            continue
        clash = sum(overlap(box, t) for t in taken)
        x0, y0, x1, y1 = (int(v) for v in box)
        inside = float((label[y0:y1, x0:x1] == value).mean())
        score = clash * 4 + (1 - inside) * w * h * 0.15 + rank * 4
        if best is None or score < best[0]:
            best = (score, box)
    assert best is not None
    return best[1]
