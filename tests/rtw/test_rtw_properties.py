"""Property-based tests of the Race the Wind kernel (conventions.md, RTW 2-3.7).

Each property states something the conventions promise for every position:
right of way is a decision about a pair, not about who is asked first; the
rules do not care where the board lies or which way it is turned; values are
never mutated; claims are exactly what the legal moves can reach.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import networkx as nx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import positions, positions_with_move, positions_without_zones

from rightofway import rtw
from rightofway.geometry import Point
from rightofway.results import BASES

PROPERTY_SETTINGS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

PointMap = Callable[[Point], Point]


# --- helpers -------------------------------------------------------------------


def transform(pos: rtw.Position, f: PointMap, quarter_turns: int = 0) -> rtw.Position:
    """``pos`` with every intersection mapped by ``f`` and headings and wind turned too."""
    degrees = 90 * quarter_turns
    return rtw.Position(
        wind=pos.wind.rotate(degrees),
        boats=tuple(
            rtw.Boat(b.id, f(b.at), b.heading.rotate(degrees), b.lull, b.leg)
            for b in pos.boats
        ),
        marks=tuple(rtw.Mark(m.id, f(m.at), m.role) for m in pos.marks),
        yellow=frozenset(f(p) for p in pos.yellow),
        blue=frozenset(f(p) for p in pos.blue),
        phase=pos.phase,
        turn_order=pos.turn_order,
        options=pos.options,
    )


def translation(dx: int, dy: int) -> PointMap:
    return lambda p: (p[0] + dx, p[1] + dy)


def rotation(quarter_turns: int) -> PointMap:
    """Clockwise rotation about the origin by ``quarter_turns`` times 90 degrees."""

    def turn(p: Point) -> Point:
        x, y = p
        for _ in range(quarter_turns % 4):
            x, y = y, -x
        return (x, y)

    return turn


def summary(
    pos: rtw.Position, move: rtw.Move, protest: rtw.Protest | None, f: PointMap
) -> dict[str, Any]:
    """Everything the rules decide about ``pos`` and ``move``, coordinates mapped by ``f``.

    Depths are given relative to the first boat, since a translation shifts
    every depth by the same amount.
    """
    fs = rtw.facts(pos)
    base_depth = fs[pos.boats[0].id].depth
    ruling = rtw.adjudicate(pos, move, protest)
    return {
        "facts": {
            b: (x.tack, x.point_of_sail, x.fast, x.turn, x.depth - base_depth)
            for b, x in fs.items()
        },
        "claims": {b: frozenset(map(f, c)) for b, c in rtw.claims(pos).items()},
        "engaged": rtw.engaged_pairs(pos),
        "engagements": set(rtw.engagements(pos)),
        "covers": {
            (c.coverer, c.covered, None if c.token is None else f(c.token))
            for c in rtw.covers(pos)
        },
        "penalty_serving": {b: rtw.penalty_serving(pos, b).value for b in pos.boat_ids},
        "ruling": (
            ruling.legal,
            ruling.penalty,
            ruling.verdict,
            ruling.infringed,
            ruling.exonerated,
        ),
    }


@st.composite
def moves_with_protest(
    draw: st.DrawFn,
) -> tuple[rtw.Position, rtw.Move, rtw.Protest | None]:
    """A position, a legal move, and maybe a protest by another boat."""
    pos, move = draw(positions_with_move())
    others = [b for b in pos.boat_ids if b != move.boat]
    protest = draw(
        st.none()
        | st.builds(rtw.Protest, st.sampled_from(others), st.sampled_from(pos.boat_ids))
    )
    return pos, move, protest


@st.composite
def positions_with_yellow_ahead(draw: st.DrawFn) -> tuple[rtw.Position, str]:
    """A position and a free boat with a yellow token on the intersection ahead of it."""
    pos = draw(positions())
    boat = draw(st.sampled_from(pos.boats))
    sx, sy = boat.heading.step
    ahead = (boat.at[0] + sx, boat.at[1] + sy)
    yellow, blue = pos.yellow, pos.blue
    if ahead not in pos.mark_points:
        yellow, blue = yellow | {ahead}, blue - {ahead}
    freed = rtw.Boat(boat.id, boat.at, boat.heading, lull=False)
    pos = rtw.Position(
        pos.wind,
        tuple(freed if b.id == boat.id else b for b in pos.boats),
        pos.marks,
        yellow,
        blue,
        pos.phase,
        pos.turn_order,
        pos.options,
    )
    return pos, boat.id


# --- right of way ---------------------------------------------------------------


@PROPERTY_SETTINGS
@given(positions())
def test_right_of_way_is_antisymmetric_and_matches_the_fast_path(pos: rtw.Position) -> None:
    pairs = rtw.engaged_pairs(pos)
    decided = set()
    for a, b in pairs:
        ab, ba = rtw.right_of_way(pos, a, b), rtw.right_of_way(pos, b, a)
        assert (ab.holder, ab.giver, ab.basis) == (ba.holder, ba.giver, ba.basis)
        assert {ab.holder, ab.giver} == {a, b}
        assert ab.basis in BASES
        decided.add((ab.holder, ab.giver, ab.basis))

    graph = rtw.engagement_graph(pos)
    assert set(graph.nodes) == set(pos.boat_ids)
    assert graph.number_of_edges() == len(pairs)
    edges = {(holder, giver, data["basis"]) for giver, holder, data in graph.edges(data=True)}
    assert edges == decided
    fast = rtw.engagements(pos)
    assert len(fast) == len(pairs)
    assert set(fast) == edges


@PROPERTY_SETTINGS
@given(positions())
def test_astern_edges_run_only_from_a_boat_in_the_others_wake(pos: rtw.Position) -> None:
    """RTW 3.6: the boat astern stands abaft the other's beam, the other on its advance."""
    cl = rtw.claims(pos)
    graph = rtw.engagement_graph(pos)
    decided = {(h, g, data["basis"]) for g, h, data in graph.edges(data=True)}
    decided |= set(rtw.engagements(pos))
    for a in pos.boat_ids:
        for b in pos.boat_ids:
            if a < b:
                row = rtw.right_of_way(pos, a, b)
                decided.add((row.holder, row.giver, row.basis))
    for holder, giver, basis in decided:
        if basis != "astern":
            continue
        x, y = pos.boat(holder), pos.boat(giver)
        sx, sy = x.heading.step
        tx, ty = y.heading.step
        dx, dy = y.at[0] - x.at[0], y.at[1] - x.at[1]
        k = max(abs(dx), abs(dy))
        assert (dx, dy) == (k * sx, k * sy) and y.at in cl[holder]  # on its advance
        assert (x.at[0] - y.at[0]) * tx + (x.at[1] - y.at[1]) * ty < 0  # abaft its beam


@PROPERTY_SETTINGS
@given(positions(), st.data())
def test_a_lulled_boats_stand_still_turn_never_infringes(
    pos: rtw.Position, data: st.DataObject
) -> None:
    """RTW 3.2, 3.4: the forced stand-still turn is the boat's only move and costs nothing."""
    boat = data.draw(st.sampled_from(pos.boats))
    held = pos.replace_boat(rtw.Boat(boat.id, boat.at, boat.heading, True, boat.leg))
    others = [b for b in pos.boat_ids if b != boat.id]
    for protest in [None, *(rtw.Protest(o, boat.id) for o in others)]:
        ruling = rtw.adjudicate(held, rtw.Move(boat.id, ()), protest)
        assert ruling.legal
        assert ruling.infringements == () and ruling.penalty is None
        assert ruling.verdict in (None, "dismissed")


@PROPERTY_SETTINGS
@given(positions_without_zones())
def test_right_of_way_graph_is_acyclic_outside_zones(pos: rtw.Position) -> None:
    graph = rtw.engagement_graph(pos)
    assert nx.is_directed_acyclic_graph(graph)
    assert graph.graph["cycles"] == []


# --- invariance -----------------------------------------------------------------


@PROPERTY_SETTINGS
@given(moves_with_protest(), st.integers(-20, 20), st.integers(-20, 20))
def test_translation_changes_no_ruling(
    case: tuple[rtw.Position, rtw.Move, rtw.Protest | None], dx: int, dy: int
) -> None:
    pos, move, protest = case
    shift = translation(dx, dy)
    moved = transform(pos, shift)
    assert summary(moved, move, protest, lambda p: p) == summary(pos, move, protest, shift)


@PROPERTY_SETTINGS
@given(moves_with_protest(), st.integers(1, 3))
def test_turning_board_and_wind_together_changes_no_ruling(
    case: tuple[rtw.Position, rtw.Move, rtw.Protest | None], quarter_turns: int
) -> None:
    pos, move, protest = case
    turn = rotation(quarter_turns)
    turned = transform(pos, turn, quarter_turns)
    assert summary(turned, move, protest, lambda p: p) == summary(pos, move, protest, turn)


# --- values and moves -------------------------------------------------------------


@PROPERTY_SETTINGS
@given(positions_with_move())
def test_apply_never_mutates_and_changes_only_the_mover(
    case: tuple[rtw.Position, rtw.Move],
) -> None:
    pos, move = case
    before, before_hash = copy.deepcopy(pos), hash(pos)
    after = rtw.apply(pos, move)
    assert pos == before
    assert hash(pos) == before_hash
    assert after.boat_ids == pos.boat_ids
    for old, new in zip(pos.boats, after.boats, strict=True):
        if old.id != move.boat:
            assert new == old
    untouched = ("wind", "marks", "yellow", "blue", "phase", "turn_order", "options")
    for name in untouched:
        assert getattr(after, name) == getattr(pos, name), name


@PROPERTY_SETTINGS
@given(positions(), st.data())
def test_a_lulled_boat_claims_nothing_and_stands_still(
    pos: rtw.Position, data: st.DataObject
) -> None:
    boat = data.draw(st.sampled_from(pos.boats))
    held = pos.replace_boat(rtw.Boat(boat.id, boat.at, boat.heading, lull=True))
    assert rtw.claims_of(held, boat.id) == frozenset()
    assert rtw.claims(held)[boat.id] == frozenset()
    assert rtw.legal_moves(held, boat.id) == [rtw.Move(boat.id, ())]


@PROPERTY_SETTINGS
@given(positions_with_yellow_ahead())
def test_a_yellow_token_lulls_the_boat_it_stops_per_the_option(
    case: tuple[rtw.Position, str],
) -> None:
    pos, boat_id = case
    skips = pos.options.yellow_skips_next_turn
    for move in rtw.legal_moves(pos, boat_id):
        outcome = rtw.legality(pos, move).outcome
        assert outcome is not None
        after = rtw.apply(pos, move)
        assert after.boat(boat_id).lull == (outcome.lulled and skips)
        if outcome.lulled:
            assert outcome.end in pos.yellow


@PROPERTY_SETTINGS
@given(positions())
def test_legal_moves_are_legal_and_claims_are_their_paths(pos: rtw.Position) -> None:
    for boat in pos.boats:
        own_claims = rtw.claims_of(pos, boat.id)
        assert own_claims.isdisjoint(pos.mark_points)
        assert boat.at not in own_claims
        for move in rtw.legal_moves(pos, boat.id):
            assert rtw.is_legal(pos, move)
            verdict = rtw.legality(pos, move)
            assert verdict.legal and verdict.move == move and verdict.outcome is not None
            assert rtw.Move.parse(str(move)) == move  # the notation round trip
            # apply's fast path ends where the explained verdict says
            moved = rtw.apply(pos, move).boat(boat.id)
            assert (moved.at, moved.heading.value) == (verdict.outcome.end,
                                                       verdict.outcome.heading)
        for o in rtw.outcomes(pos, boat.id):
            assert set(o.path) <= own_claims
        reach: set[Point] = set()
        for o in rtw.outcomes(pos, boat.id, other_boats=False):
            assert set(o.path) <= own_claims | {boat.at}
            reach.update(o.path)
        assert own_claims == reach - {boat.at}


@PROPERTY_SETTINGS
@given(positions_with_move())
def test_rulings_are_deterministic(case: tuple[rtw.Position, rtw.Move]) -> None:
    pos, move = case

    def compute() -> tuple[Any, ...]:
        graph = rtw.engagement_graph(pos)
        return (
            rtw.claims(pos),
            rtw.engagements(pos),
            sorted(graph.edges(data="basis")),
            rtw.adjudicate(pos, move).to_json(),
        )

    assert compute() == compute()
