"""A uniform grid over the water: which boats lie near which, without visiting every pair.

The Racing Rules rule pairs of boats; a fleet of thousands has millions of pairs, and an
engine that asks only about boats within a few hull lengths of each other
(``within=`` of :func:`~rightofway.rrs.keep_clear` and the others) need not look at the
rest. :func:`near_pairs` drops each boat's middle into a square cell of a grid keyed by
integer cell, and pairs her only with the boats of her own cell and the eight around it:
for boats spread at a constant density that is a constant number of candidates per boat,
so the pairs are found in time linear in the fleet.

Pure functions of tuples and floats; the rules keep what they build in the position's
memo (the position never changes).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["Cell", "grid", "near_pairs"]

Cell = tuple[int, int]
"""A cell of the grid: ``(column, row)``, the cell holding ``(x, y)`` being
``(floor(x / size), floor(y / size))``."""


def grid(points: Sequence[tuple[float, float]], size: float) -> dict[Cell, list[int]]:
    """The indices of ``points`` by the cell of side ``size`` each lies in (each list in
    ascending order)."""
    cells: dict[Cell, list[int]] = {}
    floor = math.floor
    for i, (x, y) in enumerate(points):
        key = (floor(x / size), floor(y / size))
        found = cells.get(key)
        if found is None:
            cells[key] = [i]
        else:
            found.append(i)
    return cells


def near_pairs(points: Sequence[tuple[float, float]], reach: float) -> list[list[int]]:
    """For each point ``i``, the points ``j > i`` that may lie within ``reach`` of it, in
    ascending order: every ``j`` within ``reach`` is listed (some farther ones may be too;
    the caller measures each). Each point is paired with those of its own cell and the
    eight around it.

    The cells are a millionth wider than ``reach``, and at least a millionth of the largest
    coordinate (so that no point lies more than a million cells out, where the rounding of
    ``x / size`` could move a point by a cell): two points within ``reach`` then always lie
    in the same cell or in neighbouring ones."""
    scale = max((max(abs(x), abs(y)) for x, y in points), default=0.0)
    size = max(reach * (1 + 1e-6), scale * 1e-6, 1e-9)
    cells = grid(points, size)
    floor = math.floor
    around = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    out: list[list[int]] = []
    for i, (x, y) in enumerate(points):
        cx, cy = floor(x / size), floor(y / size)
        found: list[int] = []
        for dx, dy in around:
            cell = cells.get((cx + dx, cy + dy))
            if cell is not None:
                found.extend(j for j in cell if j > i)
        found.sort()
        out.append(found)
    return out
