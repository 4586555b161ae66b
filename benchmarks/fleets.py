"""Fleets of any size at constant density, for the fleet-scaling benchmarks.

``rtw_fleet(n)``, ``vg_fleet(n)`` and ``rrs_fleet(n)`` scatter ``n`` boats with seeded
random headings (or vectors) over a square whose side grows with the square root of ``n``,
so that a boat has as many neighbours in a fleet of 4,000 as in one of 250. ``slope`` fits
the log-log slope of time against fleet size: 1 is linear, 2 quadratic.

``python benchmarks/fleets.py SERIES --repeat N`` times one series (``SERIES`` names one of
:data:`SERIES`) and prints its seconds per size as JSON: ``run.py`` starts one process per
series, so each meets a fresh heap rather than what the cases before it left behind (which
lengthened the largest fleets' timings by a quarter and more).
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import random
import time
import timeit
from collections.abc import Callable, Sequence
from functools import partial

from rightofway import rrs, rtw, vg
from rightofway.geometry import Compass, Tack

DENSITY = 0.08
"""Boats per intersection."""
SIZES = (250, 500, 1000, 2000, 4000)
TRACK_SIZES = (25, 50, 100, 200, 400)
"""The tracks series' fleets (each sailing :data:`TRACK_SECONDS` seconds)."""
TRACK_SECONDS = 300


def _spots(n: int, seed: int) -> list[tuple[int, int]]:
    side = max(4, math.ceil(math.sqrt(n / DENSITY)))
    rng = random.Random(seed)
    spots: set[tuple[int, int]] = set()
    while len(spots) < n:
        spots.add((rng.randrange(side), rng.randrange(side)))
    return sorted(spots, key=lambda _: rng.random())


def rtw_fleet(n: int, seed: int = 1) -> rtw.Position:
    """A Race the Wind position of ``n`` boats, wind North, no marks."""
    rng = random.Random(seed)
    compass = list(Compass)
    boats = tuple(rtw.Boat(f"B{i}", at, rng.choice(compass))
                  for i, at in enumerate(_spots(n, seed)))
    return rtw.Position(Compass.N, boats)


def vg_fleet(n: int, seed: int = 1) -> vg.Position:
    """A Vector Game position of ``n`` boats on a page big enough for them."""
    rng = random.Random(seed)
    spots = _spots(n, seed)
    side = max(max(x for x, _ in spots), max(y for _, y in spots)) + 1
    vectors = [vg.Vector.parse(t) for t in ("1U:1S", "1U:1P", "2U:2S", "2U:2P", "2D:1S",
                                            "2D:1P", "0U:3S", "0U:3P")]
    boats = tuple(vg.Boat(f"B{i}", at, rng.choice(vectors)) for i, at in enumerate(spots))
    return vg.Position(boats, board=(side, side))


def rrs_fleet(n: int, seed: int = 1) -> rrs.Position:
    """A Racing Rules position of ``n`` boats, wind North, no marks: a quarter of the points
    of a lattice two hull lengths apart (over a square whose side grows with the square root
    of ``n``), each moved by up to a fifth of a length so that hulls never touch, on seeded
    random headings 0 to 359 (a stated starboard tack head to wind and dead downwind)."""
    side = max(4, math.ceil(math.sqrt(n / 0.25)))
    rng = random.Random(seed)
    spots: set[tuple[int, int]] = set()
    while len(spots) < n:
        spots.add((rng.randrange(side), rng.randrange(side)))
    boats = []
    for i, (x, y) in enumerate(sorted(spots, key=lambda _: rng.random())):
        heading = rng.randrange(360)
        at = (2.0 * x + rng.uniform(-0.2, 0.2), 2.0 * y + rng.uniform(-0.2, 0.2))
        boats.append(rrs.Boat(f"B{i}", at, heading,
                              tack=Tack.STARBOARD if heading in (0, 180) else None))
    return rrs.Position(0, tuple(boats))


def slope(sizes: Sequence[int], seconds: Sequence[float]) -> float:
    """Least-squares slope of log(seconds) against log(size)."""
    xs = [math.log(s) for s in sizes]
    ys = [math.log(t) for t in seconds]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return (sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
            / sum((x - mx) ** 2 for x in xs))


def time_per_size(make: Callable[[int], object], work: Callable[[object], object],
                  sizes: Sequence[int] = SIZES, repeat: int = 3) -> list[float]:
    """Best-of-``repeat`` CPU seconds of ``work`` on a fleet of each size (CPU time, so that
    other processes on the machine do not lengthen the larger fleets' runs; the garbage the
    cases before left is collected first, as timeit stops the collector while it times)."""
    work(make(max(sizes)))  # the heap grown once to the largest fleet's needs, untimed
    out = []
    for n in sizes:
        fleet = make(n)
        gc.collect()
        out.append(min(timeit.repeat(partial(work, fleet), number=1, repeat=repeat,
                                     timer=time.process_time)))
    return out


def _cold_engagements(p: rtw.Position) -> object:
    p._claims.clear()  # nothing kept from an earlier call
    return rtw.engagements(p, rtw.claims(p))


def _cold_graph(p: rtw.Position) -> object:
    p._claims.clear()
    return rtw.engagement_graph(p)


def _cold_vg_pairs(p: vg.Position) -> object:
    p._memo.clear()
    return vg.engaged_pairs(p)


def _cold_rrs_keep_clear(p: rrs.Position) -> object:
    p._memo.clear()  # each boat's facts and the grid worked out again
    return rrs.keep_clear(p, within=5)


def _track_fleet(n: int) -> object:
    from tracks_fleet import fleet

    return fleet(n, TRACK_SECONDS)


def _track_incidents(fixes: object) -> object:
    from tracks_fleet import incidents_of

    return incidents_of(fixes)  # type: ignore[arg-type]


def sizes_of(series: str) -> tuple[int, ...]:
    """The fleet sizes a series is timed at."""
    return TRACK_SIZES if series == "tracks" else SIZES


SERIES: dict[str, tuple[Callable[[int], object], Callable[[object], object]]] = {
    "claims+engagements": (rtw_fleet, _cold_engagements),  # type: ignore[dict-item]
    "engagement_graph": (rtw_fleet, _cold_graph),  # type: ignore[dict-item]
    "vg engaged pairs": (vg_fleet, _cold_vg_pairs),  # type: ignore[dict-item]
    "rrs": (rrs_fleet, _cold_rrs_keep_clear),  # type: ignore[dict-item]
    "tracks": (_track_fleet, _track_incidents),  # type: ignore[dict-item]
}
"""The fleet-scaling series: how to build a fleet of each size, and the work timed on it."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("series", choices=sorted(SERIES))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    make, work = SERIES[args.series]
    print(json.dumps(time_per_size(make, work, sizes_of(args.series), args.repeat)))


if __name__ == "__main__":
    main()
