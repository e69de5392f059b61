"""How long a full board render takes next to the bare cost of encoding the same image.

Encoding is the part no renderer can skip, so the ratio render/encode says how much the
drawing itself costs. Run:  python benchmarks/render_bench.py [--n 30]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.render.renderer import encode, render_image, render_world  # noqa: E402
from bot.render.sample import sample_view  # noqa: E402


def best_of(fn, n: int) -> tuple[float, float]:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times), statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--n", type=int, default=30)
    args = ap.parse_args()
    views = [sample_view(6, seed=s) for s in range(4)]
    t0 = time.perf_counter()
    render_world(views[0])  # first call loads and caches assets
    print(f"first render (cold caches): {1000 * (time.perf_counter() - t0):.1f} ms")
    for fmt in ("PNG", "WEBP"):
        img = render_image(views[0])
        data = encode(img, fmt)
        enc_min, enc_med = best_of(lambda img=img, fmt=fmt: encode(img, fmt), args.n)
        cycle = itertools.cycle(views)
        ren_min, ren_med = best_of(
            lambda fmt=fmt, cycle=cycle: render_world(next(cycle), fmt), args.n
        )
        draw_min, _ = best_of(lambda: render_image(views[0]), args.n)
        print(f"{fmt}: {img.width}x{img.height}, {len(data)} bytes")
        print(f"  encode only : min {1000 * enc_min:6.1f} ms  median {1000 * enc_med:6.1f} ms")
        print(f"  draw only   : min {1000 * draw_min:6.1f} ms")
        print(f"  full render : min {1000 * ren_min:6.1f} ms  median {1000 * ren_med:6.1f} ms")
        print(f"  ratio render/encode (median): {ren_med / enc_med:.2f}x")


if __name__ == "__main__":
    main()
