"""Shared hypothesis strategies for Race the Wind property tests.

Every property test imports its random positions from here, so that all of
them explore the same space: small boards (coordinates in about -6..6) where
boats often meet, with marks, tokens, lulls, phases and ruleset options.
"""

from __future__ import annotations

from hypothesis import strategies as st

from rightofway import rtw
from rightofway.geometry import Compass, Point

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
    )


@st.composite
def positions(
    draw: st.DrawFn,
    min_boats: int = 2,
    max_boats: int = 5,
    with_marks: bool = True,
    with_tokens: bool = True,
    phases: tuple[rtw.Phase, ...] = ALL_PHASES,
) -> rtw.Position:
    """A valid position: distinct boats and intersections, marks on free points, tokens.

    Tokens never lie on marks and never share an intersection with each other,
    but may lie under boats. Lulls are rare (about one boat in eight).
    """
    n_boats = draw(st.integers(min_value=min_boats, max_value=max_boats))
    n_marks = draw(st.integers(min_value=0, max_value=3)) if with_marks else 0
    spots = draw(st.lists(points(), min_size=n_boats + n_marks, max_size=n_boats + n_marks,
                          unique=True))
    boat_spots, mark_spots = spots[:n_boats], spots[n_boats:]
    boats = tuple(
        rtw.Boat(
            BOAT_IDS[i],
            at,
            draw(compasses()),
            draw(st.integers(min_value=0, max_value=7)) == 0,
        )
        for i, at in enumerate(boat_spots)
    )
    marks = tuple(
        rtw.Mark(f"m{i}", at, draw(st.sampled_from(tuple(rtw.MarkRole))))
        for i, at in enumerate(mark_spots)
    )
    yellow: frozenset[Point] = frozenset()
    blue: frozenset[Point] = frozenset()
    if with_tokens:
        marked = set(mark_spots)
        tokens = draw(st.lists(points().filter(lambda p: p not in marked), max_size=8,
                               unique=True))
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
        positions(phases=(rtw.Phase.START,)),
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
