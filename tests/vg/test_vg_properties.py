"""Properties of the Sailing Vector Game rules (VG-M, VG-T, VG-G, VG-GW)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import vg_positions, vg_positions_with_move, vg_valid_vectors, vg_vectors

from rightofway import vg
from rightofway.vg.vectors import manoeuvre_faults

SETTINGS = settings(max_examples=200, deadline=None)
MANOEUVRING = {"VG-M1", "VG-M2", "VG-M3", "VG-M4", "VG-T", "VG-G"}


@SETTINGS
@given(st.one_of(st.none(), vg_valid_vectors()), vg_vectors(8))
def test_next_vectors_are_exactly_the_vectors_the_rules_allow(
    previous: vg.Vector | None, candidate: vg.Vector
) -> None:
    allowed = vg.next_vectors(previous)
    assert (candidate in allowed) == (manoeuvre_faults(previous, candidate) == [])
    for v in allowed:
        assert manoeuvre_faults(previous, v) == []


@SETTINGS
@given(vg_positions())
def test_a_legal_move_never_breaks_a_give_way_rule(pos: vg.Position) -> None:
    for boat in pos.boat_ids:
        for move in vg.legal_moves(pos, boat):
            broken = vg.violations(pos, move)
            assert not [r for r in broken if r.startswith("VG-GW")], (move, broken)
            assert set(broken) <= {"VG-I"}


def _mirror_move(pos: vg.Position, move: vg.Move) -> tuple[vg.Position, vg.Move]:
    return pos.mirrored(), vg.Move(move.boat, move.vector.mirrored())


@SETTINGS
@given(vg_positions_with_move())
def test_mirroring_swaps_sides_and_keeps_manoeuvring_and_same_tack_verdicts(
    case: tuple[vg.Position, vg.Move],
) -> None:
    pos, move = case
    mirror, mirrored_move = _mirror_move(pos, move)
    for b, m in zip(pos.boats, mirror.boats, strict=True):
        assert (b.vector.mirrored() if b.vector else None) == m.vector
        assert b.at[1] == m.at[1]
    keep = MANOEUVRING | {"VG-GW2"}
    before = set(vg.violations(pos, move)) & keep
    after = set(vg.violations(mirror, mirrored_move)) & keep
    assert before == after
    boat = pos.boat(move.boat)
    assert {v.mirrored() for v in vg.next_vectors(boat.vector)} == vg.next_vectors(
        boat.vector.mirrored() if boat.vector else None
    )


@SETTINGS
@given(vg_positions_with_move())
def test_apply_moves_the_boat_along_its_path_and_nothing_else(
    case: tuple[vg.Position, vg.Move],
) -> None:
    pos, move = case
    if not vg.is_legal(pos, move):
        return
    after = vg.apply(pos, move)
    boat = pos.boat(move.boat)
    moved = after.boat(move.boat)
    route = vg.path(boat.at, move.vector)
    assert moved.at in (boat.at, *route)
    if "VG-I" not in vg.violations(pos, move):
        assert moved.at == route[-1] and moved.vector == move.vector
    else:
        assert moved.lost_turns == 2 and moved.vector is None
    assert [b for b in after.boats if b.id != move.boat] == \
        [b for b in pos.boats if b.id != move.boat]


@SETTINGS
@given(vg_valid_vectors(), st.integers(-5, 5), st.integers(-5, 5))
def test_a_path_is_a_chain_of_king_moves_ending_where_the_vector_points(
    v: vg.Vector, x: int, y: int
) -> None:
    route = vg.path((x, y), v)
    dx, dy = v.displacement
    assert route[-1] == (x + dx, y + dy)
    assert len(route) == v.squares
    prev = (x, y)
    for p in route:
        assert max(abs(p[0] - prev[0]), abs(p[1] - prev[1])) == 1
        prev = p
