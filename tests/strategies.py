"""Shared hypothesis strategies for Race the Wind property tests.

Every property test imports its random positions from here, so that all of
them explore the same space: small boards (coordinates in about -6..6) where
boats often meet, with marks, tokens, lulls, phases and ruleset options.
"""

from __future__ import annotations

from hypothesis import strategies as st

from rightofway import rtw, vg
from rightofway.geometry import Compass, Point
from rightofway.vg.vectors import shape_faults as vg_shape_faults

__all__ = [
    "BOAT_IDS",
    "compasses",
    "options",
    "points",
    "positions",
    "positions_with_move",
    "positions_without_zones",
]

BOAT_IDS: tuple[str, ...] = ("A", "B", "C", "D", "E")
ALL_PHASES: tuple[rtw.Phase, ...] = tuple(rtw.Phase)
LIMIT = 6
"""Every generated intersection has both coordinates in ``-LIMIT..LIMIT``."""


def compasses() -> st.SearchStrategy[Compass]:
    """Any of the eight compass directions."""
    return st.sampled_from(tuple(Compass))


def points(lo: int = -6, hi: int = 6) -> st.SearchStrategy[Point]:
    """An intersection ``(x, y)`` with both coordinates in ``lo..hi``."""
    coord = st.integers(min_value=lo, max_value=hi)
    return st.tuples(coord, coord)


def options() -> st.SearchStrategy[rtw.Options]:
    """Any ruleset options."""
    return st.builds(
        rtw.Options,
        yellow_skips_next_turn=st.booleans(),
        cover=st.booleans(),
        shadow=st.sampled_from(("point", "cone")),
        cover_depth=st.integers(min_value=1, max_value=3),
        penalty_requires_protest=st.booleans(),
        beam_gust_after_manoeuvre=st.booleans(),
    )


def _near(anchor: Point, reach: int, taken: set[Point]) -> list[Point]:
    """Free intersections within ``reach`` king moves of ``anchor``, on the board."""
    x, y = anchor
    return [
        (x + dx, y + dy)
        for dx in range(-reach, reach + 1)
        for dy in range(-reach, reach + 1)
        if (x + dx, y + dy) not in taken and max(abs(x + dx), abs(y + dy)) <= LIMIT
    ]


@st.composite
def positions(
    draw: st.DrawFn,
    min_boats: int = 2,
    max_boats: int = 5,
    with_marks: bool = True,
    with_tokens: bool = True,
    phases: tuple[rtw.Phase, ...] = ALL_PHASES,
    with_legs: bool = True,
) -> rtw.Position:
    """A valid position: distinct boats and intersections, marks on free points, tokens.

    Boats either sail in close company (each within one or two intersections of
    one placed before it) or are scattered over a box of half-width 2 to 6. Marks
    and tokens lie near the boats, so they change moves and zones often.
    Tokens never lie on marks nor share an intersection with each other, but
    may lie under boats. Lulls are rare (about one boat in eight). About half
    the positions give their boats legs (``start``, ``finish``, a mark or two).
    """
    n_boats = draw(st.integers(min_value=min_boats, max_value=max_boats))
    spots: list[Point] = []
    if draw(st.booleans()):  # close company
        reach = draw(st.integers(min_value=1, max_value=2))
        spots.append(draw(points(-2, 2)))
        for _ in range(1, n_boats):
            anchor = draw(st.sampled_from(spots))
            spots.append(draw(st.sampled_from(_near(anchor, reach, set(spots)))))
    else:
        span = draw(st.sampled_from((2, 3, 4, LIMIT)))
        spots = draw(st.lists(points(-span, span), min_size=n_boats, max_size=n_boats,
                              unique=True))
    boats = tuple(
        rtw.Boat(
            BOAT_IDS[i],
            at,
            draw(compasses()),
            draw(st.integers(min_value=0, max_value=7)) == 7,
        )
        for i, at in enumerate(spots)
    )

    def near_a_boat(reach: int, taken: set[Point]) -> st.SearchStrategy[Point]:
        return st.sampled_from(spots).flatmap(lambda p: st.sampled_from(_near(p, reach, taken)))

    n_marks = draw(st.integers(min_value=0, max_value=3)) if with_marks else 0
    mark_spots: list[Point] = []
    for _ in range(n_marks):
        mark_spots.append(draw(near_a_boat(4, set(spots) | set(mark_spots))))
    marks = tuple(
        rtw.Mark(f"m{i}", at, draw(st.sampled_from(tuple(rtw.MarkRole))))
        for i, at in enumerate(mark_spots)
    )
    if with_legs and draw(st.booleans()):
        ids = [m.id for m in marks]
        choices: list[rtw.Leg] = [None, "start", "finish"]
        choices += ids + [tuple(ids[:2])] * (len(ids) >= 2)
        boats = tuple(
            rtw.Boat(b.id, b.at, b.heading, b.lull, draw(st.sampled_from(choices)))
            for b in boats
        )
    yellow: frozenset[Point] = frozenset()
    blue: frozenset[Point] = frozenset()
    if with_tokens:
        tokens = draw(st.lists(near_a_boat(3, set(mark_spots)), max_size=8, unique=True))
        colours = draw(st.lists(st.booleans(), min_size=len(tokens), max_size=len(tokens)))
        yellow = frozenset(p for p, is_yellow in zip(tokens, colours, strict=True) if is_yellow)
        blue = frozenset(p for p, is_yellow in zip(tokens, colours, strict=True) if not is_yellow)
    order = draw(st.permutations([b.id for b in boats]))
    return rtw.Position(
        wind=draw(compasses()),
        boats=boats,
        marks=marks,
        yellow=yellow,
        blue=blue,
        phase=draw(st.sampled_from(phases)),
        turn_order=tuple(order),
        options=draw(options()),
    )


def positions_without_zones() -> st.SearchStrategy[rtw.Position]:
    """Positions where no two-length zone can govern: the start, or no marks at all."""
    return st.one_of(
        positions(phases=(rtw.Phase.START,), with_legs=False),
        positions(with_marks=False),
    )


@st.composite
def positions_with_move(
    draw: st.DrawFn, source: st.SearchStrategy[rtw.Position] | None = None
) -> tuple[rtw.Position, rtw.Move]:
    """A position from ``source`` (default :func:`positions`) and one legal move in it.

    The mover is any boat, not only the first in the turn order, so every
    boat's situation gets adjudicated.
    """
    pos = draw(source if source is not None else positions())
    mover = draw(st.sampled_from(pos.boat_ids))
    move = draw(st.sampled_from(rtw.legal_moves(pos, mover)))
    return pos, move


# --- Sailing Vector Game ---------------------------------------------------------------------


def vg_vectors(reach: int = 6) -> st.SearchStrategy[vg.Vector]:
    """Any vector (valid or not) with parts up to ``reach``."""
    return st.builds(
        vg.Vector,
        st.integers(-reach, reach),
        st.integers(0, reach),
        st.sampled_from(("S", "P")),
    ).filter(lambda v: v.along or v.cross)


def vg_valid_vectors() -> st.SearchStrategy[vg.Vector]:
    """Vectors a boat may be sailing: they keep to VG-M2..M4."""
    return vg_vectors().filter(lambda v: not vg_shape_faults(v))


@st.composite
def vg_positions(draw: st.DrawFn, min_boats: int = 2, max_boats: int = 4) -> vg.Position:
    """Vector Game positions on a small page: boats close together, sometimes islands,
    sometimes a start line, boats with and without vectors."""
    width, height = draw(st.integers(8, 16)), draw(st.integers(8, 16))
    count = draw(st.integers(min_boats, max_boats))
    cells = [(x, y) for x in range(width + 1) for y in range(height + 1)]
    centre = (draw(st.integers(2, width - 2)), draw(st.integers(2, height - 2)))
    near = [c for c in cells if max(abs(c[0] - centre[0]), abs(c[1] - centre[1])) <= 3]
    spots = draw(st.lists(st.sampled_from(near), min_size=count, max_size=count, unique=True))
    boats = tuple(
        vg.Boat(
            "ABCD"[i],
            spot,
            draw(st.one_of(st.none(), vg_valid_vectors())) if draw(st.booleans()) else
            draw(vg_valid_vectors()),
            draw(st.sampled_from((0, 0, 0, 0, 1, 2))),
        )
        for i, spot in enumerate(spots)
    )
    free = [c for c in near if c not in spots]
    islands = frozenset(draw(st.lists(st.sampled_from(free), max_size=3, unique=True)))
    line = None
    if draw(st.booleans()):
        row = min(b.at[1] for b in boats) + draw(st.integers(0, 2))
        x1 = draw(st.integers(0, width - 3))
        line = ((x1, row), (x1 + draw(st.integers(2, 6)), row))
    return vg.Position(boats, (width, height), islands, line, draw(st.integers(0, 6)))


@st.composite
def vg_positions_with_move(draw: st.DrawFn) -> tuple[vg.Position, vg.Move]:
    """A position and a move of one of its boats by any vector the manoeuvring rules allow."""
    pos = draw(vg_positions())
    boat = pos.boat(draw(st.sampled_from(pos.boat_ids)))
    vector = draw(st.sampled_from(sorted(vg.next_vectors(boat.vector))))
    return pos, vg.Move(boat.id, vector)
