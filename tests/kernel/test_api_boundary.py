"""The public API refuses bad arguments at its boundary, case by case.

The sweep over every public callable is ``test_api_fuzz.py`` (its walk finds the callables;
no list here has to keep up with them). This file holds the cases worth naming: each
failure an outside review measured before the boundary was written once (``issue 22``),
the limits, and the refusals whose exact words matter. Every refusal is the library's
error (:class:`~rightofway.errors.InputError`, a :class:`ValueError`) for a right type with
a bad value, or a :class:`TypeError`, and its message begins with the argument it names.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest
from api_walk import PACKAGES, Target, call, targets, valid_arguments, world

from rightofway import ac, limits, rrs, rtw, sim, vg
from rightofway.errors import InputError, RightOfWayError, shown
from rightofway.geometry import Compass
from rightofway.positions import UnknownId
from rightofway.races import NothingToUndo

N = Compass.N


def _rtw_pair() -> rtw.Position:
    return rtw.Position(N, (rtw.Boat("A", (0, 4), Compass.NE), rtw.Boat("B", (2, 4), Compass.NW)))


# --- the failures of issue 22, each at the boundary now -----------------------------------------


def test_tacking_or_gybing_what_is_not_a_vector_names_the_argument() -> None:
    for turn in (vg.tack, vg.gybe):
        with pytest.raises(TypeError, match=r"^v: expected a Vector"):
            turn(0)  # type: ignore[arg-type]
        assert turn(None) is None
    with pytest.raises(TypeError, match=r"^previous: expected a Vector"):
        vg.next_vectors("2U:2S")  # type: ignore[arg-type]


def test_a_vector_at_the_bound_has_next_vectors_within_it() -> None:
    v = vg.Vector(vg.vectors.MAX_SQUARES, vg.vectors.MAX_SQUARES, "S")
    found = vg.next_vectors(v)
    assert v in found and all(w.squares <= vg.vectors.MAX_SQUARES for w in found)
    assert vg.legal_moves(vg.Position((vg.Boat("A", (0, 0), v),)), "A")


def test_the_allowance_takes_a_point_of_sail_or_its_name_and_refuses_anything_else() -> None:
    assert sim.allowance("beat", 12) == sim.allowance(sim.PointOfSail.BEAT, 12) == 6
    with pytest.raises(InputError, match=r"^point: expected one of in-irons, beat"):
        sim.allowance("upwind", 12)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^point: "):
        sim.allowance(3, 12)  # type: ignore[arg-type]
    with pytest.raises(InputError, match=r"^knots: expected a whole number from 0"):
        sim.bonus(-1)


def test_the_tables_refuse_what_is_not_a_finite_number_by_name() -> None:
    with pytest.raises(TypeError, match=r"^heading: expected a number, got str 'N'"):
        sim.angle_to_wind("N", 0)  # type: ignore[arg-type]
    with pytest.raises(InputError, match=r"^wind: expected a finite number"):
        sim.point_of_sail(0.0, math.nan)
    with pytest.raises(InputError, match=r"^degrees: expected a finite number"):
        sim.turn_cost(math.inf)
    with pytest.raises(InputError, match=r"^name: expected one of N, NE"):
        sim.compass_degrees("NNE")


def test_engagements_with_claims_that_lack_a_boat_name_the_argument() -> None:
    pos = _rtw_pair()
    with pytest.raises(UnknownId, match=r"^claims_by_boat: no claims of boat 'A'"):
        rtw.engagements(pos, {})
    with pytest.raises(TypeError, match=r"^claims_by_boat\['A'\]: expected a set"):
        rtw.engagements(pos, {"A": 3, "B": 4})  # type: ignore[dict-item]
    assert rtw.engagements(pos, rtw.claims(pos)) == rtw.engagements(pos)


def test_a_plan_step_holds_a_finite_value_of_its_kind() -> None:
    with pytest.raises(InputError, match=r"^kind: expected one of T, M, P"):
        sim.PlanStep("X", math.nan)  # type: ignore[arg-type]
    with pytest.raises(InputError, match=r"^value: expected a finite number"):
        sim.PlanStep("T", math.nan)
    with pytest.raises(sim.PlanError, match=r"^value: a run of more than 0"):
        sim.PlanStep("M", -2.0)
    with pytest.raises(sim.PlanError, match=r"^value: a turn of at most 720"):
        sim.PlanStep("T", 1e9)
    with pytest.raises(TypeError, match=r"^steps\[1\]: expected a PlanStep"):
        sim.Plan((sim.PlanStep("M", 2.0), "M2"))  # type: ignore[arg-type]
    with pytest.raises(sim.PlanError, match=r"^steps: a plan holds at most 40"):
        sim.Plan((sim.PlanStep("M", 1.0),) * 41)
    pos = sim.Position("N", 13, (sim.Boat("A", (0.0, 0.0), 45.0),))
    # whole numbers are numbers too: the doctest's T45 M7 (a reach of 8 units less the turn)
    assert sim.account(pos, "A", sim.Plan((sim.PlanStep("T", 45),
                                           sim.PlanStep("M", 7)))).legal


def test_none_in_a_turn_order_or_a_start_line_is_refused_by_name() -> None:
    a, b = rtw.Boat("A", (0, 0), N), rtw.Boat("B", (2, 0), N)
    with pytest.raises(TypeError, match=r"^turn_order\[1\]: expected a boat id"):
        rtw.Position(N, (a, b), turn_order=("A", None))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^turn_order\[0\]: expected a boat id"):
        vg.Position((vg.Boat("A", (1, 1)),), turn_order=[None])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"^start_line: expected an intersection"):
        vg.Position((), start_line=((1, 3), None))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^start_line: expected an intersection"):
        vg.Course((20, 20), ((1, 3), None), (vg.Mark("1", (5, 10), "S"),))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^ends\[1\]: expected a point"):
        sim.Line("start", "start", ((0.0, 0.0), None))  # type: ignore[arg-type]


def test_tokens_are_intersections_even_in_a_frozenset() -> None:
    boats = (rtw.Boat("A", (0, 0), N),)
    for tokens in (frozenset({"AB"}), {(1, 1), "A"}, frozenset({(1, 1.5)})):
        with pytest.raises(TypeError, match=r"^yellow: expected an intersection"):
            rtw.Position(N, boats, yellow=tokens)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^blue: expected a set of intersections"):
        rtw.Position(N, boats, blue="A")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^islands: expected an intersection"):
        vg.Position((), islands=frozenset({None}))  # type: ignore[arg-type]


def test_a_penalty_for_a_rule_number_of_thousands_of_digits_is_refused_shortly() -> None:
    with pytest.raises(ValueError, match=r"^rule: penalty turns pay for rule 31") as e:
        rrs.penalty("1" * 5000)
    assert len(str(e.value)) < 200
    assert rrs.penalty("18.2(a)").turns == 2 and rrs.penalty("31").turns == 1


def test_cover_depth_is_held_to_the_limit() -> None:
    with pytest.raises(InputError, match=r"^cover_depth: expected a whole number from 1 to 10"):
        rtw.Options(shadow="cone", cover_depth=10**5)


# --- values too large to show, and messages that stay short -------------------------------------


def test_a_refusal_shows_a_huge_value_cut_short() -> None:
    assert shown(10**5000) == "an int too large to show"
    assert len(shown("A" * 10**6)) == 60
    with pytest.raises(TypeError, match=r"^at: ") as e:
        rtw.Boat("A", (10**5000, 1.5), N)  # type: ignore[arg-type]
    assert len(str(e.value)) < 200
    with pytest.raises(UnknownId) as unknown:
        _rtw_pair().boat("Z" * 20_000)
    assert len(str(unknown.value)) < 300


@pytest.mark.parametrize("name", ["", "a b", "x" * 100, 3])
def test_the_name_an_argument_is_refused_under_must_name_an_argument(name: object) -> None:
    with pytest.raises((TypeError, InputError), match=r"^name: "):
        _rtw_pair().boat("Z", name)  # type: ignore[arg-type]


# --- numbers and sizes within the limits --------------------------------------------------------


def test_coordinates_and_numbers_of_the_plane_are_within_the_limits() -> None:
    with pytest.raises(InputError, match=r"^at\[0\]: expected a number within"):
        rrs.Boat("A", (1e300, 0.0), 0)
    with pytest.raises(InputError, match=r"^at\[0\]: expected a number within ±1000"):
        sim.Boat("A", (1001.0, 0.0), 0)
    with pytest.raises(InputError, match=r"^at\[1\]: expected a number within"):
        rrs.Boat("A", (0.0, 10**20), 0)


def test_boards_courses_and_options_are_within_their_limits() -> None:
    with pytest.raises(InputError, match=r"^board: width and height are at least 1 and at most"):
        vg.Position((), board=(10**9, 10))
    with pytest.raises(InputError, match=r"^width: expected a whole number from 2 to 1000"):
        ac.Course(width=10**6)
    with pytest.raises(InputError, match=r"^committee_boat: expected an intersection with"):
        rtw.Course((0, 0), (10**6, 0), (3, 18))
    with pytest.raises(InputError, match=r"^laps: expected a whole number at most 20"):
        rtw.Course((0, 0), (6, 0), (3, 18), laps=10**9)
    with pytest.raises(RightOfWayError, match=r"^laps: expected a whole number from 1 to 20"):
        vg.Course((20, 20), ((1, 3), (5, 3)), (vg.Mark("1", (10, 10), "S"),), laps=10**9)
    with pytest.raises(InputError, match=r"^max_turns: expected a whole number from 1 to "):
        vg.RaceOptions(max_turns=10**9)
    with pytest.raises(InputError, match=r"^max_turns: expected a whole number from 1 to "):
        rtw.RaceOptions(max_turns=limits.MAX_TURNS + 1)
    with pytest.raises(InputError, match=r"^die: expected 1 to 100 faces"):
        rtw.RaceOptions(die=())
    with pytest.raises(InputError, match=r"^reach: expected a whole number from 0 to 20"):
        rtw.Course((0, 0), (6, 0), (3, 18)).start_places(3, reach=10**6)
    with pytest.raises(InputError, match=r"^seed: expected a whole number from"):
        rtw.Race.new(2, seed=10**16)
    with pytest.raises(TypeError, match=r"^seed: expected a whole number"):
        vg.Race.new(2, seed="7")  # type: ignore[arg-type]


def test_a_race_takes_up_only_boats_a_record_can_hold() -> None:
    far = (rtw.Boat("A", (limits.MAX_COORD + 1, 0), N), rtw.Boat("B", (0, 0), N))
    with pytest.raises(InputError, match=r"^boats\[0\]\.at: expected an intersection"):
        rtw.Race.new(far, check_setup=False)


# --- races: undo, files, seeds ------------------------------------------------------------------


@pytest.mark.parametrize("game", [rtw, vg, ac, sim], ids=lambda g: g.__name__)
def test_undo_at_the_start_is_the_library_s_index_error(game: object) -> None:
    race = game.Race.new(2, seed=1)  # type: ignore[attr-defined]
    with pytest.raises(NothingToUndo, match="no move to undo") as e:
        race.pop()
    assert isinstance(e.value, IndexError) and isinstance(e.value, RightOfWayError)


@pytest.mark.parametrize("path", [None, 3, b"race.jsonl", "", "a\x00b", "\ud800"])
def test_a_race_is_saved_and_loaded_only_by_a_file_path(path: object, tmp_path: Path) -> None:
    race = vg.Race.new(2, seed=1)
    with pytest.raises((TypeError, InputError), match=r"^path: "):
        race.save(path)  # type: ignore[arg-type]
    with pytest.raises((TypeError, InputError), match=r"^path: "):
        vg.Race.load(path)  # type: ignore[arg-type]


def test_the_lines_of_a_record_are_strings() -> None:
    with pytest.raises(TypeError, match=r"^lines: expected the lines of a game record"):
        rtw.Race.from_record("{}")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^lines\[0\]: expected a line of text"):
        list(vg.replay([{"type": "setup"}]))  # type: ignore[list-item]


def test_a_simulation_race_without_a_seed_draws_one_its_record_can_hold(tmp_path: Path) -> None:
    race = sim.Race.new(2)
    assert 0 <= race.seed <= limits.MAX_NUMBER
    race = race.push(race.legal_moves()[0])
    loaded = sim.Race.load(race.save(tmp_path / "race.jsonl"))
    assert loaded.seed == race.seed and loaded.moves == race.moves


def test_a_race_state_is_checked_when_built() -> None:
    race = rtw.Race.new(2, seed=3)
    with pytest.raises(TypeError, match=r"^boats: expected a tuple of \(boat id, BoatState\)"):
        rtw.Race(race.course, race.options, race.position, {"A": 1})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^position: expected a Position of Race the Wind"):
        rtw.Race(race.course, race.options, vg.Position(()), race.boats)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^parent: expected the race before"):
        rtw.Race(race.course, race.options, race.position, race.boats,
                 parent=race.position)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^moves: expected a whole number"):
        vg.BoatState(moves=None)  # type: ignore[arg-type]


# --- unknown ids and notation, by name ----------------------------------------------------------


def test_rtw_refuses_duplicate_and_unknown_ids_by_name() -> None:
    boat = rtw.Boat("A", (0, 0), N)
    with pytest.raises(ValueError, match="'A' is used twice"):
        rtw.Position(N, (boat, rtw.Boat("A", (2, 0), N)))
    pos = rtw.Position(N, (boat, rtw.Boat("B", (4, 0), N)))
    with pytest.raises(ValueError, match=r"boat_id.*'Z'"):
        rtw.legal_moves(pos, "Z")
    with pytest.raises(ValueError, match=r"^b: .*'Z'"):
        rtw.right_of_way(pos, "A", "Z")
    with pytest.raises(InputError, match=r"^b: right of way needs two different boats"):
        rtw.right_of_way(pos, "A", "A")
    with pytest.raises(ValueError, match="'Z'"):
        rtw.adjudicate(pos, rtw.Move("Z", ("A",)))
    with pytest.raises(TypeError, match="position"):
        rtw.claims("not a position")  # type: ignore[arg-type]
    with pytest.raises(UnknownId, match=r"^boat\.id: no boat 'Z'"):
        pos.replace_boat(rtw.Boat("Z", (8, 8), N))


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
    with pytest.raises(TypeError, match=r"^boat_id: expected a boat id"):
        pos.has_boat({})  # type: ignore[arg-type]


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


# --- every argument under its own name -----------------------------------------------------
#
# The API fuzz suite (``test_api_fuzz.py``) checks that a bad argument is refused by the
# library, with a message that begins with the name of *one of* the callable's
# parameters. This section asks more of each public function, constructor and method of
# every ruleset package: called with valid values (found by :mod:`api_walk`) except for
# one argument, which is a bare ``object()`` that no parameter accepts, the call must be
# refused with a ``TypeError`` or an :class:`~rightofway.errors.InputError` that names
# *that* argument, in its message (``heading: expected ...``, ``boats[2]: ...``) or in the
# field path the error carries (``loc``), and show what it was given (the junk's type or
# value). A check that names the wrong argument, or no argument, that hides the value it
# refuses, or that was dropped (the junk then reaches the rules) fails here.
#
# Left out, and why:
#
# * the values the library returns as answers (:data:`ANSWERS`: rulings, legalities,
#   facts, accountings ...), whose constructors are not an input boundary: programs read
#   them, they do not build them from their own data;
# * ``data`` of ``from_json``, whose refusal names the JSON document it reads
#   (``position: expected a JSON object``), as a file's would;
# * a callable the walk cannot call with valid values in its first context (the count of
#   arguments checked is held above a floor per package, so the file cannot empty itself).

ANSWERS = frozenset({
    "Ruling", "Legality", "Outcome", "BoatFacts", "Cover", "Rounding", "Accounting",
    "Encounter", "PlayOrder", "StartCrossing", "Finding", "PairRuling", "PairFacts",
    "Decision", "Penalty", "BoatGeometry",
})
"""Classes whose instances the library builds as its answers (see the module docstring)."""

FLOOR = 20
"""Arguments each package must have checked here at the least."""


def _names(exc: BaseException, name: str) -> bool:
    if re.match(rf"{re.escape(name)}(?![\w])", str(exc)):
        return True
    loc = getattr(exc, "loc", ())
    return isinstance(exc, InputError) and bool(loc) and loc[0] == name


def _checked(t: Target) -> bool:
    owner = (t.home.__name__ if t.home is not None else "")
    return t.kind != "property" and not (t.kind == "constructor" and owner in ANSWERS)


@pytest.mark.parametrize("package", PACKAGES)
def test_a_bad_argument_is_refused_under_its_own_name(package: str) -> None:
    w = world(package)
    ctx = w.contexts[0]
    junk = object()
    problems: list[str] = []
    checked = 0
    for t in targets(package):
        if not _checked(t):
            continue
        try:
            args = valid_arguments(w, t, ctx)
            if args is None:
                continue
            call(t, args)
        except Exception:
            continue  # the walk's values do not fit this callable here
        for name in args:
            if name == "self" or (name == "data" and t.name.endswith("from_json")):
                continue
            bad: dict[str, Any] = {**args, name: junk}
            checked += 1
            try:
                call(t, bad)
            except (TypeError, InputError) as e:
                if not _names(e, name):
                    problems.append(f"{t.id}({name}=object()): {type(e).__name__} does not "
                                    f"name {name!r}: {str(e)[:160]}")
                elif "object" not in str(e):  # shown as <object object at ...> or its type
                    problems.append(f"{t.id}({name}=object()): the refusal does not show "
                                    f"what it was given: {str(e)[:160]}")
            except Exception as e:
                problems.append(f"{t.id}({name}=object()): {type(e).__name__}: {str(e)[:160]}")
            else:
                problems.append(f"{t.id}({name}=object()): accepted")
    assert not problems, "\n".join(problems)
    assert checked >= FLOOR, f"only {checked} arguments checked in {package}"


# --- mutation sample seed 12: Vector Game ---


def test_vg_refusals_name_the_field_at_fault() -> None:
    with pytest.raises(TypeError, match=r"^previous: "):
        vg.vectors.manoeuvre_faults(object(), vg.Vector(0, 1, "S"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^at: "):
        vg.Boat("A", (1, "2"))  # type: ignore[arg-type]
    with pytest.raises(vg.PositionError) as line:
        vg.Position((), start_line=((5, 3), (1, 3)))  # East end first
    assert line.value.path == ("start_line",) and "West to East" in str(line.value)
    with pytest.raises(vg.PositionError) as boats:
        vg.Position.from_json({"boats": [{"id": "A", "at": [1, 1], "vector": "9X"}]})
    assert boats.value.path == ("boats", 0)
    v = vg.Vector.parse
    pos = vg.Position((vg.Boat("A", (8, 9), v("2U:2P")), vg.Boat("B", (10, 10), v("1U:1S"))))
    with pytest.raises(InputError) as itself:
        vg.adjudicate(pos, vg.Move("A", v("2U:2P")), vg.Protest("A", "A"))
    assert itself.value.loc == ("protest", "against")
    mark = (vg.Mark("1", (6, 12), "S"),)
    with pytest.raises(TypeError, match=r"^order: "):
        vg.Course((20, 20), ((2, 3), (10, 3)), mark, order=object())  # type: ignore[arg-type]
    with pytest.raises(InputError, match=r"^start_line: the line lies on the page, with a row "
                       r"below it"):
        vg.Course((20, 20), ((2, 0), (10, 0)), mark)  # no row below the line to begin on


@pytest.mark.parametrize("name", ["row_side", "far_side", "leave_side"])
def test_vg_a_boat_state_side_is_minus_one_zero_or_one(name: str) -> None:
    for side in (-1, 0, 1):
        assert getattr(vg.BoatState(**{name: side}), name) == side
    for side in (-2, 2):
        with pytest.raises(InputError, match=rf"^{name}: "):
            vg.BoatState(**{name: side})


# --- mutation sample seed 12: Race the Wind and geometry ---


def test_rtw_engages_from_astern_refuses_each_argument_under_its_name() -> None:
    # conventions: X engages Y from astern when Y stands on X's straight-ahead advance and
    # X is abaft Y's beam, (X - Y) . step(Y.heading) < 0; head-on boats never count.
    # B (NW, at (2, 8)) has A's intersection (1, 9) on its advance.
    b = rtw.Boat("B", (2, 8), Compass.NW)
    pos = rtw.Position(Compass.N, (rtw.Boat("A", (1, 9), Compass.NW), b))
    b_claims = rtw.claims_of(pos, "B")
    assert rtw.engages_from_astern(b, b_claims, (1, 9), Compass.NW) is True
    assert rtw.engages_from_astern(b, b_claims, [1, 9], "NW") is True  # type: ignore[arg-type]
    assert rtw.engages_from_astern(b, b_claims, (1, 9), Compass.SE) is False  # head-on
    good: dict[str, Any] = {"x": b, "x_claims": b_claims, "y_at": (1, 9),
                            "y_heading": Compass.NW}
    for name in good:
        with pytest.raises((TypeError, InputError), match=rf"^{name}: "):
            rtw.engages_from_astern(**{**good, name: object()})


def test_rtw_zone_mark_names_the_boat_the_position_lacks() -> None:
    pos = rtw.Position(Compass.N, (rtw.Boat("A", (1, 9), Compass.NE),))
    stranger = rtw.Boat("Z", (2, 8), Compass.NW)
    with pytest.raises(UnknownId, match=r"^a\.id: "):
        rtw.zone_mark(pos, stranger)
    with pytest.raises(UnknownId, match=r"^b\.id: "):
        rtw.zone_mark(pos, pos.boat("A"), stranger)


def test_rtw_course_bounds_hold_at_both_ends() -> None:
    from rightofway.rtw.course import MAX_MARK, MAX_SPAN

    # a mark's coordinates lie within ±MAX_MARK, the second buoy's too
    m = MAX_MARK
    gate: dict[str, Any] = {"gate_buoy": (m - 20, 0), "committee_boat": (m - 16, 0),
                            "windward": (m - 10, 20), "layout": "windward-gate"}
    assert rtw.Course(**gate, extra=(m, 20)).extra == (m, 20)
    with pytest.raises(InputError, match=r"^extra: "):
        rtw.Course(**gate, extra=(m + 1, 20))
    # a course spans at most MAX_SPAN intersections from the gate buoy
    assert rtw.Course((0, 0), (4, 0), (2, MAX_SPAN)).windward == (2, MAX_SPAN)
    with pytest.raises(InputError, match=r"^windward: "):
        rtw.Course((0, 0), (4, 0), (2, MAX_SPAN + 1))


def test_rtw_race_values_are_bounded_and_refused_under_their_names() -> None:
    import dataclasses

    from rightofway.rtw.race import BoatState

    big = limits.MAX_NUMBER
    assert BoatState(leg=big).leg == big
    with pytest.raises(InputError, match=r"^leg: "):  # a bound, not a type, is broken
        BoatState(leg=big + 1)
    assert BoatState(cover_token=[3, 4]).cover_token == (3, 4)  # type: ignore[arg-type]
    turns = limits.MAX_TURNS
    assert rtw.RaceOptions(start_moves=turns).start_moves == turns
    with pytest.raises(InputError, match=r"^start_moves: "):
        rtw.RaceOptions(start_moves=turns + 1)
    course = rtw.Course((0, 0), (4, 0), (2, 20))
    boats = [rtw.Boat("A", (0, -5), Compass.NE)]
    race = rtw.Race.new(boats, course, check_setup=False)
    with pytest.raises(InputError, match=r"^wind: "):
        rtw.Race.new(boats, course, check_setup=False, wind="sideways")  # type: ignore[arg-type]
    far: dict[str, Any] = {"yellow": frozenset({(limits.MAX_COORD + 1, 5)})}
    far["blue"] = far["yellow"]
    for name in far:
        with pytest.raises(InputError, match=rf"^{name}: "):
            rtw.Race.new(boats, course, check_setup=False, **{name: far[name]})
    negative: dict[str, Any] = {"turn": -1, "shifts": -1}
    for name in negative:
        with pytest.raises(InputError, match=rf"^{name}: "):
            dataclasses.replace(race, **{name: negative[name]})


# --- mutation sample seed 12: simulation, America's Cup and Racing Rules ---


def test_sim_allowance_knots_bounds_hold_at_both_ends() -> None:
    from rightofway.sim.sailing import MAX_KNOTS, PointOfSail, allowance

    # allowance(point, knots): knots 0..MAX_KNOTS, else an error naming ``knots``
    allowance(PointOfSail.BEAT, 0)
    allowance(PointOfSail.BEAT, MAX_KNOTS)
    for bad in (-1, MAX_KNOTS + 1):
        with pytest.raises(InputError, match=r"^knots: "):
            allowance(PointOfSail.BEAT, bad)


def test_sim_line_functions_refuse_each_argument_under_its_name() -> None:
    from rightofway.sim import rules as sim_rules

    race = sim.Race.new(2, seed=1, initial=(1, 2), start=1)
    p = race.position
    line = p.lines[0]
    track = ((0.0, -1.0), (0.0, 1.0))
    for fn in (sim_rules.crosses_towards_course, sim_rules.crosses_towards_prestart,
               sim_rules.start_crossing):
        fn(p, line, track)
        with pytest.raises(TypeError, match=r"^line: "):
            fn(p, object(), track)  # type: ignore[arg-type]
        with pytest.raises((TypeError, InputError), match=r"^path: "):
            fn(p, line, object())  # type: ignore[arg-type]
    # a point beyond the limits of a number (limits.MAX_NUMBER) is refused under its name
    sim_rules.course_side(p, line, (0.0, 1.0))
    with pytest.raises(InputError, match=r"^at\[0\]: "):
        sim_rules.course_side(p, line, (2 * limits.MAX_NUMBER, 0.0))


def test_ac_act_and_has_action_refuse_each_argument_under_its_name() -> None:
    from rightofway.ac import moves as ac_moves

    assert ac_moves.act((5, 5), Compass.N, "A")[0] == (5, 6)  # one step North
    with pytest.raises((TypeError, ValueError), match=r"^heading: "):
        ac_moves.act((5, 5), object(), "A")  # type: ignore[arg-type]
    p = ac.Position((ac.Boat("b", (10, 20), Compass.NW),), ac.Options())
    assert ac_moves.has_action(p, "b", start=True)
    with pytest.raises(TypeError, match=r"^start: "):
        ac_moves.has_action(p, "b", start=object())  # type: ignore[arg-type]


# --- mutation sample seed 12: simulation, second batch ---


def test_sim_wind_after_round_refuses_each_argument_under_its_name_showing_it() -> None:
    # wind is a pair (direction, knots); each die roll is a pair or None
    assert sim.wind_after_round(("N", 12), None, None) == ("N", 12)
    with pytest.raises(TypeError, match=r"^wind: .*'N', 12, 3"):
        sim.wind_after_round(("N", 12, 3), None, None)  # type: ignore[arg-type]
    with pytest.raises(InputError, match=r"^wind\[0\]: .*'NNE'"):
        sim.wind_after_round(("NNE", 12), None, None)
    with pytest.raises(InputError, match=r"^wind\[1\]: "):
        sim.wind_after_round(("N", -1), None, None)
    for name in ("direction", "speed"):
        dice: dict[str, Any] = {"direction": None, "speed": None, name: (4, 4, 4)}
        with pytest.raises(TypeError, match=rf"^{name}: .*4, 4, 4"):
            sim.wind_after_round(("N", 12), **dice)
        dice[name] = (4, 9)
        with pytest.raises(InputError, match=rf"^{name}\[1\]: "):
            sim.wind_after_round(("N", 12), **dice)


def test_sim_plan_refusals_show_the_step_they_cannot_read() -> None:
    # Plan.parse: "PlanError names the step that cannot be read"
    with pytest.raises(sim.PlanError, match=r"^step 2 'M\u00e9': "):
        sim.Plan.parse("T-30 M\u00e9")
    with pytest.raises(sim.PlanError, match=r"^step 1 'X4': "):
        sim.Plan.parse("X4 M4")
    with pytest.raises(sim.PlanError, match=r"^step 3 'M101': "):
        sim.Plan.parse("M1 M2 M101")


def test_sim_a_refusal_s_example_is_one_the_parser_reads() -> None:
    # the example a refusal of a plan or a move offers is itself a plan or a move
    for parse in (sim.Plan.parse, sim.Move.parse):
        with pytest.raises(TypeError, match=r"^text: ") as caught:
            parse(3)  # type: ignore[arg-type]
        example = re.search(r"such as '([^']*)'", str(caught.value))
        assert example is not None
        parse(example.group(1))


def test_sim_course_leg_direction_index_is_a_mark_of_the_course() -> None:
    c = sim.Course.triangle("N")  # three marks: index 0..2
    assert c.leg_direction(0) == pytest.approx((0.0, 1.0))  # up to windward
    c.leg_direction(2)
    for bad in (-1, 3):
        with pytest.raises(InputError, match=r"^index: "):
            c.leg_direction(bad)


# --- mutation sample seed 12: America's Cup, second batch ---


def test_ac_move_actions_and_points_available_boat_are_refused_by_name() -> None:
    from rightofway.ac.moves import MAX_ACTIONS, Action, points_available

    g3 = ac.Card.parse("G3/5/1-4-7")
    a: tuple[Action, ...] = ("A",)
    assert len(ac.Move("b", g3, a * MAX_ACTIONS).actions) == MAX_ACTIONS
    with pytest.raises(InputError, match=r"^actions: "):
        ac.Move("b", g3, a * (MAX_ACTIONS + 1))
    p = ac.Position((ac.Boat("b", (8, 10), Compass.NW), ac.Boat("c", (18, 40), Compass.NE)),
                    ac.Options())
    with pytest.raises(UnknownId, match=r"^move\.boat: .*'z'"):
        points_available(p, ac.Move("z"))


def test_ac_race_numbers_are_bounded_at_both_ends_by_name() -> None:
    from dataclasses import replace

    race = ac.Race.new(2, seed=1)
    last = len(race.order) - 1
    assert replace(race, next_index=last).next_index == last
    for bad in (-1, last + 1):
        with pytest.raises(InputError, match=r"^next_index: "):
            replace(race, next_index=bad)
    for name in ("seed", "shuffles", "turn"):
        for ok in (-limits.MAX_NUMBER, limits.MAX_NUMBER):
            fields: dict[str, Any] = {name: ok}
            assert getattr(replace(race, **fields), name) == ok
        for bad in (-limits.MAX_NUMBER - 1, limits.MAX_NUMBER + 1):
            fields = {name: bad}
            with pytest.raises(InputError, match=rf"^{name}: "):
                replace(race, **fields)
    assert replace(race, max_turns=limits.MAX_TURNS).max_turns == limits.MAX_TURNS
    for bad in (-1, limits.MAX_TURNS + 1):
        with pytest.raises(InputError, match=r"^max_turns: "):
            replace(race, max_turns=bad)
