"""Fast paths give the answers of the plain, explained ones.

Large fleets find engaged pairs through an index from each intersection to the boats
claiming it (:func:`rightofway.geometry.engaged_index_pairs`); small fleets compare every
pair. The Vector Game's legal moves are found without writing the explanation of each
candidate. The properties run both ways on the same positions and compare every answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from hypothesis import given, settings
from hypothesis import strategies as st

from rightofway import geometry, rtw, vg
from rightofway.geometry import engaged_index_pairs
from tests.strategies import positions, vg_positions, vg_vectors

T = TypeVar("T")

points = st.tuples(st.integers(-6, 6), st.integers(-6, 6))


@settings(max_examples=200, deadline=None)
@given(st.lists(points, min_size=0, max_size=30, unique=True).flatmap(
    lambda ats: st.tuples(st.just(ats), st.lists(st.frozensets(points, max_size=8),
                                                 min_size=len(ats), max_size=len(ats)))))
def test_index_and_pair_loop_agree(case: tuple[list[tuple[int, int]],
                                               list[frozenset[tuple[int, int]]]]) -> None:
    ats, claims = case
    loop = engaged_index_pairs(ats, claims, index_from=10**9)
    assert engaged_index_pairs(ats, claims, index_from=0) == loop
    assert loop == [(i, j) for i in range(len(ats)) for j in range(i + 1, len(ats))
                    if ats[i] in claims[j] or ats[j] in claims[i] or claims[i] & claims[j]]


@contextmanager
def index_from(n: int) -> Iterator[None]:
    old = geometry.INDEX_FROM
    geometry.INDEX_FROM = n
    try:
        yield
    finally:
        geometry.INDEX_FROM = old


def both_ways(fn: Callable[[], T]) -> tuple[T, T]:
    with index_from(0):
        indexed = fn()
    with index_from(10**9):
        looped = fn()
    return indexed, looped


@settings(max_examples=60, deadline=None)
@given(positions(min_boats=2, max_boats=5))
def test_race_the_wind_answers_are_the_same_through_the_index(pos: rtw.Position) -> None:
    a, b = both_ways(lambda: rtw.engagements(pos))
    assert a == b
    a2, b2 = both_ways(lambda: rtw.engaged_pairs(pos))
    assert a2 == b2
    g1, g2 = both_ways(lambda: rtw.engagement_graph(pos))
    assert list(g1.edges(data=True)) == list(g2.edges(data=True))
    assert g1.graph["cycles"] == g2.graph["cycles"]


@settings(max_examples=60, deadline=None)
@given(vg_positions(min_boats=2, max_boats=4))
def test_vector_game_answers_are_the_same_through_the_index(pos: vg.Position) -> None:
    a, b = both_ways(lambda: vg.engaged_pairs(pos))
    assert a == b
    g1, g2 = both_ways(lambda: vg.engagement_graph(pos))
    assert list(g1.edges(data=True)) == list(g2.edges(data=True))


@settings(max_examples=150, deadline=None)
@given(vg_positions(min_boats=2, max_boats=4), st.data())
def test_vector_game_legal_moves_agree_with_the_explained_inspection(pos: vg.Position,
                                                                      data: st.DataObject) -> None:
    from dataclasses import replace

    from rightofway.vg import game

    taken = {b.at for b in pos.boats} | set(pos.islands)
    assert pos.board is not None
    free = [(x, y) for x in range(pos.board[0] + 1) for y in range(pos.board[1] + 1)
            if (x, y) not in taken]
    marks = data.draw(st.lists(st.sampled_from(free), max_size=2, unique=True))
    if marks:
        pos = replace(pos, marks=tuple(vg.Mark(f"m{i}", at, "S") for i, at in enumerate(marks)))
    for b in pos.boats:
        for v in {*vg.next_vectors(b.vector), data.draw(vg_vectors())}:
            explained = game._inspect(pos, vg.Move(b.id, v)).legal
            assert game._legal(pos, b, v) == explained, (b, v)
        assert game.legal_moves(pos, b.id) == ([m for m in (
            vg.Move(b.id, v) for v in sorted(vg.next_vectors(b.vector)))
            if game._inspect(pos, m).legal] or [vg.Move(b.id, None)]) if not b.lost_turns \
            else [vg.Move(b.id, None)]
