"""The public API refuses odd values with a ValueError or TypeError naming the argument.

Every public function and constructor of both rulesets is called with odd values in one
place at a time (unknown and duplicate ids, boats off the page, wrong types, huge numbers,
NaN, odd text); the only exceptions allowed are ``ValueError`` and ``TypeError``, and
their message must say something (the argument or the field at fault).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rightofway import ac, rtw, vg
from rightofway.geometry import Compass
from rightofway.rtw.race import Race as RtwRace
from rightofway.scenarios import bundled_catalogue, find_scenarios, load_scenario


def _positions(ruleset: str) -> list[Any]:
    out = []
    for f in find_scenarios([bundled_catalogue() / ruleset]):
        prepared = load_scenario(f)
        if prepared.position is not None and getattr(prepared, "race", None) is None:
            out.append(prepared.position)
        if len(out) >= 12:
            break
    return out


RTW_POSITIONS = _positions("race-the-wind")
VG_POSITIONS = _positions("vector-game")

ODD = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.floats(allow_nan=True),
    st.sampled_from(["", "A", "Z", "a", " A", "A\x00", "\u200bA", "N", "NE", "2U:2S", "99U:1S",
                     "1e9", "-", "A,B", "start", "finish"]),
    st.text(max_size=4), st.lists(st.integers(-3, 3), max_size=3).map(tuple),
    st.just((10**18, 10**18)), st.just((math.nan, 0)), st.just(object()), st.just({}),
    st.just(Compass.N), st.just(frozenset({(0, 0)})),
)


def _only_clear_errors(call: Callable[[], Any]) -> None:
    try:
        call()
    except (ValueError, TypeError) as e:
        assert str(e).strip(), f"{type(e).__name__} without a message"


SETTINGS = settings(max_examples=150, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


# --- Race the Wind ----------------------------------------------------------------------------

RTW_BOAT_FUNCTIONS = [
    rtw.legal_moves, rtw.claims_of, rtw.boat_facts, rtw.penalty_serving, rtw.shadow,
    rtw.outcomes, rtw.can_serve_penalty,
]
RTW_POSITION_FUNCTIONS = [
    rtw.claims, rtw.covers, rtw.engaged_pairs, rtw.engagements, rtw.facts,
    rtw.engagement_graph,
]
RTW_MOVE_FUNCTIONS = [rtw.apply, rtw.legality, rtw.is_legal, rtw.adjudicate]


@SETTINGS
@given(st.sampled_from(RTW_POSITIONS), st.sampled_from(RTW_BOAT_FUNCTIONS), ODD)
def test_rtw_functions_of_a_boat_refuse_odd_ids(pos: Any, fn: Any, odd: Any) -> None:
    _only_clear_errors(lambda: fn(pos, odd))


@SETTINGS
@given(st.sampled_from(RTW_POSITIONS), ODD, ODD)
def test_rtw_right_of_way_refuses_odd_ids(pos: Any, a: Any, b: Any) -> None:
    _only_clear_errors(lambda: rtw.right_of_way(pos, a, b))
    _only_clear_errors(lambda: rtw.right_of_way(pos, pos.boats[0].id, b))


@SETTINGS
@given(st.sampled_from(RTW_POSITION_FUNCTIONS + RTW_MOVE_FUNCTIONS + RTW_BOAT_FUNCTIONS), ODD)
def test_rtw_functions_refuse_what_is_not_a_position(fn: Any, odd: Any) -> None:
    args = {1: (odd,), 2: (odd, "A")}
    arity = 1 if fn in RTW_POSITION_FUNCTIONS else 2
    _only_clear_errors(lambda: fn(*args[arity]))


@SETTINGS
@given(st.sampled_from(RTW_POSITIONS), st.sampled_from(RTW_MOVE_FUNCTIONS), ODD, ODD)
def test_rtw_moves_refuse_odd_values(pos: Any, fn: Any, boat: Any, actions: Any) -> None:
    _only_clear_errors(lambda: fn(pos, rtw.Move(boat, actions)))
    _only_clear_errors(lambda: fn(pos, boat))
    move = rtw.Move(pos.boats[0].id, ("A",))
    _only_clear_errors(lambda: rtw.adjudicate(pos, move, boat))
    _only_clear_errors(lambda: rtw.adjudicate(pos, move, rtw.Protest(boat, actions)))


@SETTINGS
@given(ODD, ODD, ODD, ODD, ODD)
def test_rtw_constructors_refuse_odd_values(a: Any, b: Any, c: Any, d: Any, e: Any) -> None:
    _only_clear_errors(lambda: rtw.Boat(a, b, c))
    _only_clear_errors(lambda: rtw.Boat("A", (0, 0), Compass.N, d, e))
    _only_clear_errors(lambda: rtw.Mark(a, b, c))
    _only_clear_errors(lambda: rtw.Position(a, (rtw.Boat("A", (0, 0), Compass.N),)))
    _only_clear_errors(lambda: rtw.Position(Compass.N, a))
    _only_clear_errors(lambda: rtw.Position(Compass.N, (rtw.Boat("A", (0, 0), Compass.N),),
                                            marks=a, yellow=b, blue=c, phase=d, turn_order=e))
    _only_clear_errors(lambda: rtw.Options(a, b, c, d, e))
    _only_clear_errors(lambda: rtw.Protest(a, b))


def test_rtw_refuses_duplicate_and_unknown_ids_by_name() -> None:
    boat = rtw.Boat("A", (0, 0), Compass.N)
    with pytest.raises(ValueError, match="'A' is used twice"):
        rtw.Position(Compass.N, (boat, rtw.Boat("A", (2, 0), Compass.N)))
    pos = rtw.Position(Compass.N, (boat, rtw.Boat("B", (4, 0), Compass.N)))
    with pytest.raises(ValueError, match=r"boat_id.*'Z'"):
        rtw.legal_moves(pos, "Z")
    with pytest.raises(ValueError, match=r"b.*'Z'"):
        rtw.right_of_way(pos, "A", "Z")
    with pytest.raises(ValueError, match="'Z'"):
        rtw.adjudicate(pos, rtw.Move("Z", ("A",)))
    with pytest.raises(TypeError, match="position"):
        rtw.claims("not a position")  # type: ignore[arg-type]


@SETTINGS
@given(ODD, ODD)
def test_rtw_race_refuses_odd_values(a: Any, b: Any) -> None:
    from rightofway.rtw.bots import random_race

    race = random_race(2, 1)
    _only_clear_errors(lambda: race.play(rtw.Move(a, b)))
    _only_clear_errors(lambda: race.play(a))
    _only_clear_errors(lambda: race.play(race.legal_moves()[0], protests=(a,)))
    _only_clear_errors(lambda: race.play(race.legal_moves()[0], rolls=(a,)))
    _only_clear_errors(lambda: RtwRace.from_json({"format": a, "x": b}))
    _only_clear_errors(lambda: rtw.Position.from_json(a))


# --- the Vector Game --------------------------------------------------------------------------

VG_BOAT_FUNCTIONS = [vg.legal_moves, vg.landings]
VG_POSITION_FUNCTIONS = [vg.claims, vg.engaged_pairs, vg.engagement_graph, vg.notation]
VG_MOVE_FUNCTIONS = [vg.apply, vg.is_legal, vg.adjudicate, vg.violations, vg.legality, vg.sail]


@SETTINGS
@given(st.sampled_from(VG_POSITIONS), st.sampled_from(VG_BOAT_FUNCTIONS), ODD)
def test_vg_functions_of_a_boat_refuse_odd_ids(pos: Any, fn: Any, odd: Any) -> None:
    _only_clear_errors(lambda: fn(pos, odd))


@SETTINGS
@given(st.sampled_from(VG_POSITIONS), ODD, ODD)
def test_vg_right_of_way_refuses_odd_ids(pos: Any, a: Any, b: Any) -> None:
    _only_clear_errors(lambda: vg.right_of_way(pos, a, b))
    _only_clear_errors(lambda: vg.right_of_way(pos, pos.boats[0].id, b))


@SETTINGS
@given(st.sampled_from(VG_POSITION_FUNCTIONS + VG_MOVE_FUNCTIONS + VG_BOAT_FUNCTIONS), ODD)
def test_vg_functions_refuse_what_is_not_a_position(fn: Any, odd: Any) -> None:
    arity = 1 if fn in VG_POSITION_FUNCTIONS else 2
    _only_clear_errors(lambda: fn(*((odd,) if arity == 1 else (odd, "A"))))


@SETTINGS
@given(st.sampled_from(VG_POSITIONS), st.sampled_from(VG_MOVE_FUNCTIONS), ODD, ODD)
def test_vg_moves_refuse_odd_values(pos: Any, fn: Any, boat: Any, vector: Any) -> None:
    _only_clear_errors(lambda: fn(pos, vg.Move(boat, vector)))
    _only_clear_errors(lambda: fn(pos, boat))


@SETTINGS
@given(ODD, ODD, ODD, ODD)
def test_vg_constructors_refuse_odd_values(a: Any, b: Any, c: Any, d: Any) -> None:
    _only_clear_errors(lambda: vg.Vector(a, b, c))
    _only_clear_errors(lambda: vg.Vector.parse(a))
    _only_clear_errors(lambda: vg.as_vector(a, "vector"))
    _only_clear_errors(lambda: vg.path((0, 0), a))
    _only_clear_errors(lambda: vg.path(a, vg.Vector(1, 1, "S")))
    _only_clear_errors(lambda: vg.Boat(a, b, c, d))
    _only_clear_errors(lambda: vg.Mark(a, b, c))
    _only_clear_errors(lambda: vg.Position(a))
    _only_clear_errors(lambda: vg.Position((vg.Boat("A", (1, 1)),), board=a, islands=b,
                                           start_line=c, turn=d))
    _only_clear_errors(lambda: vg.Course(a, b, c, d))
    _only_clear_errors(lambda: vg.RaceOptions(a))
    _only_clear_errors(lambda: vg.from_notation(a))
    _only_clear_errors(lambda: vg.Position.from_json(a))
    _only_clear_errors(lambda: vg.Race.from_json({"ruleset": a, "x": b}))


def test_vg_refuses_boats_off_the_page_and_unknown_ids_by_name() -> None:
    with pytest.raises(ValueError, match=r"A .*\[40, 1\].* off the page"):
        vg.Position((vg.Boat("A", (40, 1)),), board=(20, 20))
    pos = vg.Position((vg.Boat("A", (1, 1)), vg.Boat("B", (5, 1))), board=(20, 20))
    with pytest.raises(ValueError, match=r"boat_id.*'Z'"):
        vg.legal_moves(pos, "Z")
    with pytest.raises(ValueError, match="'Z'"):
        vg.apply(pos, vg.Move("Z", vg.Vector(1, 1, "S")))
    with pytest.raises(ValueError, match="at most 100 squares"):
        vg.Vector(30_000_000, 0, "S")


# --- the Racing Rules of Sailing --------------------------------------------------------------

RRS_POSITIONS = _positions("rrs")


@SETTINGS
@given(st.sampled_from(RRS_POSITIONS), ODD, ODD)
def test_rrs_functions_refuse_odd_values(pos: Any, a: Any, b: Any) -> None:
    from rightofway import rrs

    _only_clear_errors(lambda: rrs.ruling(pos, a, b))
    _only_clear_errors(lambda: rrs.ruling(pos, pos.boats[0].id, b))
    _only_clear_errors(lambda: rrs.right_of_way(pos, a, b))
    _only_clear_errors(lambda: rrs.boat_geometry(pos, a))
    _only_clear_errors(lambda: rrs.pair_facts(pos, a, b))
    for fn in (rrs.ruling, rrs.rulings, rrs.keep_clear, rrs.engagement_graph):
        _only_clear_errors(lambda fn=fn: fn(a))  # type: ignore[misc]


@SETTINGS
@given(ODD, ODD, ODD, ODD, ODD)
def test_rrs_constructors_refuse_odd_values(a: Any, b: Any, c: Any, d: Any, e: Any) -> None:
    from rightofway import rrs

    _only_clear_errors(lambda: rrs.Boat(a, b, c, d, e))
    _only_clear_errors(lambda: rrs.Boat("A", (0.0, 0.0), a))
    _only_clear_errors(lambda: rrs.Mark(a, b, c, d, e))
    _only_clear_errors(lambda: rrs.Obstruction(a, b, c, d))
    _only_clear_errors(lambda: rrs.Line(a, b, c))
    _only_clear_errors(lambda: rrs.Options(a))
    _only_clear_errors(lambda: rrs.Position(a, (rrs.Boat("A", (0.0, 0.0), 0, tack="port"),)))
    _only_clear_errors(lambda: rrs.Position(0, a, b, c, d))
    _only_clear_errors(lambda: rrs.Position.from_json(a))
    _only_clear_errors(lambda: rrs.Position.from_json({"wind": a, "boats": b}))


# --- the America's Cup game -------------------------------------------------------------------

AC_POSITIONS = _positions("americas-cup")
AC_BOAT_FUNCTIONS = [ac.legal_moves, ac.has_action, ac.playable]
AC_POSITION_FUNCTIONS = [ac.covered, ac.first_mover]
AC_MOVE_FUNCTIONS = [ac.apply, ac.legality, ac.is_legal, ac.adjudicate, ac.points_available]


@SETTINGS
@given(st.sampled_from(AC_POSITIONS), st.sampled_from(AC_BOAT_FUNCTIONS), ODD)
def test_ac_functions_of_a_boat_refuse_odd_ids(pos: Any, fn: Any, odd: Any) -> None:
    _only_clear_errors(lambda: fn(pos, odd))


@SETTINGS
@given(st.sampled_from(AC_POSITION_FUNCTIONS + AC_MOVE_FUNCTIONS + AC_BOAT_FUNCTIONS), ODD)
def test_ac_functions_refuse_what_is_not_a_position(fn: Any, odd: Any) -> None:
    arity = 1 if fn in AC_POSITION_FUNCTIONS else 2
    _only_clear_errors(lambda: fn(*((odd,) if arity == 1 else (odd, "blue"))))


@SETTINGS
@given(st.sampled_from(AC_POSITIONS), st.sampled_from(AC_MOVE_FUNCTIONS), ODD, ODD, ODD)
def test_ac_moves_refuse_odd_values(pos: Any, fn: Any, boat: Any, card: Any,
                                    actions: Any) -> None:
    _only_clear_errors(lambda: fn(pos, ac.Move(boat, card, actions)))
    _only_clear_errors(lambda: fn(pos, ac.Move(pos.boats[0].id, "G2/3/1-2-3", actions)))
    _only_clear_errors(lambda: fn(pos, ac.Move(pos.boats[0].id, card, ("A", "A"))))
    _only_clear_errors(lambda: fn(pos, boat))
    _only_clear_errors(lambda: ac.legal_moves(pos, pos.boats[0].id, card))
    _only_clear_errors(lambda: ac.crew_points(boat, card))


@SETTINGS
@given(ODD, ODD, ODD, ODD, ODD)
def test_ac_constructors_refuse_odd_values(a: Any, b: Any, c: Any, d: Any, e: Any) -> None:
    _only_clear_errors(lambda: ac.Card(a, b, c, d))
    _only_clear_errors(lambda: ac.Card.parse(a))
    _only_clear_errors(lambda: ac.Boat(a, b, c))
    _only_clear_errors(lambda: ac.Boat("A", (5, 5), Compass.N, a, b, c, d, e))
    _only_clear_errors(lambda: ac.Position(a))
    _only_clear_errors(lambda: ac.Position((ac.Boat("A", (5, 5), Compass.N),), a, b, c))
    _only_clear_errors(lambda: ac.Options(a, b, c, d, e))
    _only_clear_errors(lambda: ac.Options.of(a))
    _only_clear_errors(lambda: ac.Options.of({"legs": a, "course": b}))
    _only_clear_errors(lambda: ac.Course(a, b, c, d, e))
    _only_clear_errors(lambda: ac.Position.from_json(a))
    _only_clear_errors(lambda: ac.Position.from_json({"boats": [{"id": "A", "bow": a,
                                                                 "heading": b, "hand": c}]}))


@SETTINGS
@given(ODD, ODD)
def test_ac_race_refuses_odd_values(a: Any, b: Any) -> None:
    from rightofway.ac.bots import random_race

    race = random_race(2, 1, advanced=False)
    _only_clear_errors(lambda: race.play(ac.Move(a, b)))
    _only_clear_errors(lambda: race.play(a))
    _only_clear_errors(lambda: race.play(race.legal_moves()[0], drawn=(a,)))


@pytest.mark.parametrize("text", [
    "N race A@" + "9" * 5000 + ",4:NE - - - - -",
    "N race A@0,4:NE - - - - -".replace("0,4", "0," + "9" * 5000),
])
def test_race_the_wind_notation_with_huge_numbers_is_a_notation_error(text: str) -> None:
    from rightofway.rtw.notation import NotationError, from_notation

    with pytest.raises(NotationError, match="whole numbers") as e:
        from_notation(text)
    assert len(str(e.value)) < 200


@pytest.mark.parametrize("text", [
    "32x30 - - - A@" + "9" * 5000 + ",3:1U:1S 0 -",
    "9" * 5000 + "x30 - - - A@1,3:1U:1S 0 -",
    "32x30 - - - A@1,3:1U:1S " + "9" * 5000 + " -",
])
def test_vector_game_notation_with_huge_numbers_is_a_notation_error(text: str) -> None:
    from rightofway.vg.notation import NotationError, from_notation

    with pytest.raises(NotationError) as e:
        from_notation(text)
    assert len(str(e.value)) < 200


@pytest.mark.parametrize("depth", ["9" * 5000, "\u00b2", "0"])
def test_race_the_wind_notation_cover_depth_must_be_a_small_whole_number(depth: str) -> None:
    from rightofway.rtw.notation import NotationError, from_notation

    with pytest.raises(NotationError, match="depth is a whole number"):
        from_notation(f"N race A@0,4:NE - - - - depth={depth}")
