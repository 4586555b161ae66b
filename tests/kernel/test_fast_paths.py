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

import pytest
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


class _Asked(frozenset[tuple[int, int]]):
    """A claim that counts the questions the pair loop asks of two boats: whether one's
    claim holds the other's intersection, and whether their claims meet. The point index
    asks neither: it only walks each claim's points."""

    asked = 0

    def __contains__(self, point: object) -> bool:
        _Asked.asked += 1
        return super().__contains__(point)

    def isdisjoint(self, other: object) -> bool:  # type: ignore[override]
        _Asked.asked += 1
        return super().isdisjoint(other)  # type: ignore[arg-type]


def pairs_and_questions(ats: list[tuple[int, int]], claims: list[frozenset[tuple[int, int]]],
                        **kwargs: int) -> tuple[list[tuple[int, int]], int]:
    _Asked.asked = 0
    pairs = engaged_index_pairs(ats, [_Asked(c) for c in claims], **kwargs)
    return pairs, _Asked.asked


# Boat 0 at (0, 0) claims (1, 1) and (0, 1); boat 1 at (2, 2) claims (1, 1); boat 2 at
# (0, 1) claims (5, 5). Boats 0 and 1 claim (1, 1) and boat 0 claims boat 2's intersection,
# so both pairs are engaged (conventions, "Engaged"); boats 1 and 2 are not.
ATS = [(0, 0), (2, 2), (0, 1)]
CLAIMS = [frozenset({(1, 1), (0, 1)}), frozenset({(1, 1)}), frozenset({(5, 5)})]
ENGAGED = [(0, 1), (0, 2)]


@pytest.mark.parametrize(("threshold", "indexed"),
                         [(0, True), (2, True), (3, True), (4, False), (10**9, False)])
def test_index_from_is_the_smallest_fleet_that_goes_through_the_index(threshold: int,
                                                                     indexed: bool) -> None:
    # "Fleets of index_from boats or more go through an index ...; smaller fleets compare
    # every pair": three boats take the index up to index_from=3 and compare their three
    # pairs from 4 on.
    pairs, asked = pairs_and_questions(ATS, CLAIMS, index_from=threshold)
    assert pairs == ENGAGED
    if indexed:
        assert asked == 0
    else:
        assert asked >= 3


@pytest.mark.parametrize("extra", [-1, 0])
def test_index_from_defaults_to_INDEX_FROM(extra: int) -> None:
    # The three boats above and more far apart, each claiming the point north of it, which
    # no other boat claims or stands on: a fleet of INDEX_FROM + extra boats.
    n = geometry.INDEX_FROM + extra
    ats = ATS + [(10 * k, 10) for k in range(n - len(ATS))]
    claims = CLAIMS + [frozenset({(10 * k, 11)}) for k in range(n - len(ATS))]
    pairs, asked = pairs_and_questions(ats, claims)
    assert pairs == ENGAGED
    if extra >= 0:
        assert asked == 0
    else:
        assert asked >= n * (n - 1) // 2


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
            explained = game.legality(pos, vg.Move(b.id, v)).legal
            assert game._legal(pos, b, v) == explained, (b, v)
        assert game.legal_moves(pos, b.id) == ([m for m in (
            vg.Move(b.id, v) for v in sorted(vg.next_vectors(b.vector)))
            if game.legality(pos, m).legal] or [vg.Move(b.id, None)]) if not b.lost_turns \
            else [vg.Move(b.id, None)]
