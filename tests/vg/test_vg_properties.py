"""Properties of the Sailing Vector Game rules (VG-M, VG-T, VG-G, VG-GW)."""

from __future__ import annotations

from dataclasses import replace

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


# --- notation and the fast paths held to the explained rules --------------------------------


@SETTINGS
@given(vg_positions(min_boats=1, max_boats=4),
       st.sampled_from(["A", "B3", "red boat", "bow_1-x", "\u00c4"]))
def test_every_legal_move_reads_back_from_its_notation(pos: vg.Position, name: str) -> None:
    """``Move.parse(str(m)) == m`` for every legal move, whatever the boat's id (an id with
    a space inside too: the vector is the last word)."""
    first = pos.boats[0]
    if name not in pos.boat_ids:
        renamed = vg.Boat(name, first.at, first.vector, first.lost_turns)
        pos = replace(pos, boats=(renamed, *pos.boats[1:]))
    for boat in pos.boat_ids:
        for move in vg.legal_moves(pos, boat):
            assert vg.Move.parse(str(move)) == move


@SETTINGS
@given(vg_positions(), st.data())
def test_a_race_plays_a_move_as_the_explained_judgement_makes_it(
    pos: vg.Position, data: st.DataObject
) -> None:
    """A race's move (on the fast path when it is legal and sails) reaches the position,
    the path and the event texts of the explained judgement, and refuses what it refuses
    with the same reason and citation."""
    from rightofway.vg import game

    boat = pos.boat(data.draw(st.sampled_from(pos.boat_ids)))
    vectors = sorted(vg.next_vectors(boat.vector))
    move = vg.Move(boat.id, data.draw(st.one_of(st.none(), st.sampled_from(vectors),
                                                vg_vectors())))
    verdict = vg.legality(pos, move)
    if not verdict.legal:
        try:
            game._played(pos, move)
        except vg.IllegalMove as e:
            assert (e.reason, e.cite) == (verdict.reason, verdict.cite)
        else:
            raise AssertionError(f"{move} was played, but it {verdict.reason}")
        return
    played = game._played(pos, move)
    text = verdict.steps[-1].text if verdict.stand else next(
        (s.text for s in verdict.steps if str(s.cite) == "VG-I"), "")
    assert played == game.Played(vg.apply(pos, move), verdict.end, verdict.route,
                                 verdict.stand, verdict.wrecked, text)


def test_the_sailing_table_finds_what_the_manoeuvring_fast_path_finds() -> None:
    """The cited table (rightofway.vg.rules.SAILING) and the cached fast path of the
    engines (manoeuvre_faults) break a vector for the same rules, in the same order: every
    change from no vector or a vector of up to four squares a part, to one of up to five."""
    from rightofway.vg.vectors import shape_faults

    def vectors(reach: int) -> list[vg.Vector]:
        return [vg.Vector(a, c, side) for a in range(-reach, reach + 1)
                for c in range(reach + 1) for side in "SP"]

    sailed = [None, *(v for v in vectors(4) if not shape_faults(v))]
    for previous in sailed:
        pos = vg.Position((vg.Boat("A", (50, 50), previous),))
        for candidate in vectors(5):
            found = [v.removeprefix("VG-") for v in vg.violations(pos, vg.Move("A", candidate))]
            assert found == manoeuvre_faults(previous, candidate), (previous, candidate)
