"""The Racing Rules of Sailing ruleset: geometry at its boundaries, properties, bad input.

Expectations come from the definitions and rules of Part 2 (RRS 2025-2028) and from
``continuous.md``: a bow on the line abeam is not behind it, a hull touching the zone's
edge is in the zone, a boat exactly head to wind keeps the tack she had.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rightofway.geometry import Tack
from rightofway.plane import (
    ANGLE_TOLERANCE,
    TOLERANCE,
    angle_to_wind,
    clear_astern,
    heading_vector,
    hull,
    hull_distance,
    lateral,
    leeward_score,
    point_segment_distance,
    tack_of,
)
from rightofway.positions import PositionError
from rightofway.rrs import Boat, Facts, Mark, Position, ZoneEntry, keep_clear, ruling
from rightofway.scenarios import ScenarioError, check_file

# --- the boundaries and their tolerance ------------------------------------------------------


@pytest.mark.parametrize(("gap", "astern"), [
    (0.0, False),                 # bow exactly on the line abeam: not behind it, overlapped
    (TOLERANCE / 2, False),       # within the tolerance: still on the line
    (TOLERANCE * 10, True),       # beyond it: clear astern
    (0.01, True),
    (-0.01, False),               # bow past the line: overlapped
])
def test_clear_astern_at_the_line_abeam(gap: float, astern: bool) -> None:
    # B heads North with her stern at y = 0; A, also heading North, ends `gap` below it.
    b = hull((0.0, 0.5), 0)
    a = hull((1.2, -0.5 - gap), 0)
    assert clear_astern(a, b, 0) is astern
    assert clear_astern(b, a, 0) is False


def _zone_position(distance: float) -> Position:
    # A's bow (heading South) is `distance` from the mark; B is far away.
    return Position(0, (Boat("A", (0.0, distance + 0.5), 180, tack=Tack.PORT),
                        Boat("B", (20.0, 20.0), 180, tack=Tack.PORT)),
                    marks=(Mark("m", (0.0, 0.0), "port", "leeward"),))


@pytest.mark.parametrize(("distance", "inside"), [
    (3.0, True),                  # on the edge of the zone: within three hull lengths
    (3.0 + TOLERANCE / 2, True),  # within the tolerance of the edge
    (3.0 + TOLERANCE * 10, False),
    (2.99, True),
    (3.01, False),
])
def test_in_the_zone_at_its_edge(distance: float, inside: bool) -> None:
    pos = _zone_position(distance)
    d = point_segment_distance((0.0, 0.0), *pos.boat("A").hull)
    assert d == pytest.approx(distance)
    r = ruling(pos)
    in_zone = any("in the zone of m" in s.text for s in r.steps)
    assert in_zone is inside


@pytest.mark.parametrize(("heading", "given", "expected"), [
    (0.0, Tack.PORT, Tack.PORT),            # head to wind: keeps the tack she had
    (0.0, Tack.STARBOARD, Tack.STARBOARD),
    (ANGLE_TOLERANCE / 2, Tack.PORT, Tack.PORT),
    (360 - ANGLE_TOLERANCE / 2, Tack.STARBOARD, Tack.STARBOARD),
    (0.01, Tack.STARBOARD, Tack.PORT),      # just past: the wind is over her port side
    (359.99, Tack.PORT, Tack.STARBOARD),
    (180.0, Tack.PORT, Tack.PORT),          # dead downwind: the mainsail's side
    (179.99, Tack.STARBOARD, Tack.PORT),    # r = 180.01: the wind over her port quarter
    (180.01, Tack.PORT, Tack.STARBOARD),
])
def test_tack_at_head_to_wind_and_dead_downwind(heading: float, given: Tack,
                                               expected: Tack) -> None:
    assert tack_of(heading, 0.0, given) is expected


def test_the_tack_of_a_boat_head_to_wind_must_be_given_when_it_matters() -> None:
    pos = Position(0, (Boat("A", (0.0, 0.0), 0), Boat("B", (3.0, 0.0), 315)))
    with pytest.raises(PositionError, match="head to wind: say which tack") as err:
        ruling(pos)
    assert err.value.path == ("boats", 0, "tack")


def test_angle_to_wind_is_the_smaller_angle() -> None:
    assert angle_to_wind(350, 10) == pytest.approx(20)
    assert angle_to_wind(190, 10) == pytest.approx(180)
    assert angle_to_wind(100, 10) == pytest.approx(90)


# --- properties -------------------------------------------------------------------------------

HEADINGS = st.floats(0, 359.9, allow_nan=False)
COORD = st.floats(-6, 6, allow_nan=False)


@st.composite
def positions(draw: Any) -> Position:
    wind = draw(HEADINGS)
    n = draw(st.integers(2, 4))
    boats: list[Boat] = []
    for i in range(n):
        heading = draw(HEADINGS)
        # a stated tack stands head to wind, and within the by-the-lee band (30 degrees
        # past dead downwind, either tack); elsewhere the wind gives the tack
        angle = angle_to_wind(heading, wind)
        stated = (draw(st.sampled_from([Tack.PORT, Tack.STARBOARD]))
                  if angle >= 150 or angle <= 1e-6 else None)
        b = Boat("ABCD"[i], (draw(COORD), draw(COORD)), heading,
                 draw(st.booleans()) if draw(st.integers(0, 5)) == 0 else False, stated)
        assume(all(hull_distance(b.hull, o.hull) > 0.05 for o in boats))
        boats.append(b)
    marks: tuple[Mark, ...] = ()
    if draw(st.booleans()):
        marks = (Mark("m", (draw(COORD), draw(COORD)), draw(st.sampled_from(["port",
                                                                           "starboard"])),
                      draw(st.sampled_from(["windward", "leeward", "offset"]))),)
    return Position(wind, tuple(boats), marks)


def _margin(pos: Position) -> float:
    """How near any decision of the pair is to a boundary: angles to the wind (0, 90, 180),
    the line abeam, the zone's edge, leeward, two lengths, a boat between."""
    out = [1.0]
    for b in pos.boats:
        a = angle_to_wind(b.heading, pos.wind)
        out += [a, abs(a - 90), abs(180 - a)]
        for m in pos.marks:
            out.append(abs(point_segment_distance(m.at, *b.hull) - 3))
            d = heading_vector(b.heading)
            out.append(abs((m.at[0] - b.at[0]) * d[0] + (m.at[1] - b.at[1]) * d[1]))
            out.append(abs(lateral(m.at, b.at, b.heading)))
    for x in pos.boats:
        for y in pos.boats:
            if x is y:
                continue
            d = heading_vector(y.heading)
            stern = y.hull[0]
            for p in x.hull:
                out.append(abs((p[0] - stern[0]) * d[0] + (p[1] - stern[1]) * d[1]))
            out.append(abs(lateral(x.at, y.at, y.heading)))
            out.append(abs(hull_distance(x.hull, y.hull) - 2))
            for m in pos.marks:
                out.append(abs(point_segment_distance(m.at, *x.hull)
                               - point_segment_distance(m.at, *y.hull)))
            tx, ty = tack_of(x.heading, pos.wind, x.tack), tack_of(y.heading, pos.wind, y.tack)
            if tx is not None and ty is not None:
                out.append(abs(leeward_score(x.at, x.heading, tx, y.at, y.heading, ty)))
    return min(out)


def _answer(r: Any) -> tuple[Any, ...]:
    return (r.right_of_way, r.keep_clear, r.mark_room, r.room, frozenset(r.rules))


def _rotate(p: tuple[float, float], t: float) -> tuple[float, float]:
    c, s = math.cos(math.radians(t)), math.sin(math.radians(t))
    # clockwise by t degrees (headings grow clockwise)
    return (p[0] * c + p[1] * s, -p[0] * s + p[1] * c)


def _turned(pos: Position, t: float) -> Position:
    return Position((pos.wind + t) % 360, tuple(
        Boat(b.id, _rotate(b.at, t), (b.heading + t) % 360, b.tacking, b.tack)
        for b in pos.boats), tuple(Mark(m.id, _rotate(m.at, t), m.leave_to, m.role)
                                   for m in pos.marks))


def _mirrored(pos: Position) -> Position:
    def swap(t: Tack | None) -> Tack | None:
        return None if t is None else (Tack.PORT if t is Tack.STARBOARD else Tack.STARBOARD)

    return Position((360 - pos.wind) % 360, tuple(
        Boat(b.id, (-b.at[0], b.at[1]), (360 - b.heading) % 360, b.tacking, swap(b.tack))
        for b in pos.boats), tuple(
        Mark(m.id, (-m.at[0], m.at[1]), "port" if m.leave_to == "starboard" else "starboard",
             m.role) for m in pos.marks))


PROPERTIES = settings(max_examples=150, deadline=None, database=None,
                      suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


@PROPERTIES
@given(positions(), st.floats(0, 359.9, allow_nan=False))
def test_turning_the_whole_position_keeps_every_ruling(pos: Position, t: float) -> None:
    assume(_margin(pos) > 1e-3)
    turned = _turned(pos, t)
    assume(_margin(turned) > 1e-3)
    ids = pos.boat_ids
    for i in range(len(ids)):
        for j in range(i + 1, len(ids)):
            assert _answer(ruling(turned, ids[i], ids[j])) == _answer(ruling(pos, ids[i], ids[j]))


@PROPERTIES
@given(positions())
def test_mirroring_swaps_port_and_starboard_and_keeps_the_rest(pos: Position) -> None:
    """East and West swapped (wind, headings, marks' sides): every tack changes, so rule 10
    (and rule 13's "on the other's port side") turns the other way; overlaps, leeward, clear
    astern, zones and room do not change."""
    assume(_margin(pos) > 1e-3)
    mirror = _mirrored(pos)
    ids = pos.boat_ids
    kept = {(k, r) for k, r, _ in keep_clear(pos)} | {(k, r) for k, r, _ in keep_clear(mirror)}
    for i in range(len(ids)):
        for j in range(i + 1, len(ids)):
            if any((ids[i], c) in kept and (ids[j], c) in kept for c in ids):
                # a boat both keep clear of is an obstruction to them (RRS 19): with rule 10
                # turned the other way, so is whether she is one
                continue
            r, m = ruling(pos, ids[i], ids[j]), ruling(mirror, ids[i], ids[j])
            sides = "10" in r.rules or (  # rule 13 between two tacking boats: port side
                "13" in r.rules and r.facts.a.tacking and r.facts.b.tacking
                and r.facts.clear_astern is None)
            if sides:  # port and starboard swapped: so is who keeps clear
                assert (m.right_of_way, m.keep_clear) == (r.keep_clear, r.right_of_way)
                # and so is whether the boat owed room is the one keeping clear (43.1(b))
                assert _answer(m)[2:4] == _answer(r)[2:4]
                assert set(m.rules) - {"43.1(b)"} == set(r.rules) - {"43.1(b)"}
                for x in (r, m):
                    assert ("43.1(b)" in x.rules) == (x.keep_clear in (x.mark_room, x.room))
            else:
                assert _answer(m) == _answer(r)
            for g, gm in ((r.facts.a, m.facts.a), (r.facts.b, m.facts.b)):
                assert {g.tack, gm.tack} == {Tack.PORT, Tack.STARBOARD}


@PROPERTIES
@given(positions())
def test_a_pair_s_ruling_does_not_depend_on_which_boat_comes_first(pos: Position) -> None:
    ids = pos.boat_ids
    for i in range(len(ids)):
        for j in range(i + 1, len(ids)):
            r, s = ruling(pos, ids[i], ids[j]), ruling(pos, ids[j], ids[i])
            assert _answer(r) == _answer(s)
            assert {r.keep_clear, r.right_of_way} == {ids[i], ids[j]}


@PROPERTIES
@given(positions())
def test_keep_clear_is_never_both_ways_and_every_ruling_cites_its_rules(pos: Position) -> None:
    from rightofway.rrs import engagement_graph, keep_clear

    g = engagement_graph(pos)
    for x, y in g.edges:
        assert not g.has_edge(y, x)
    fast = {(k, r) for k, r, _ in keep_clear(pos)}
    assert fast == set(g.edges)
    for _, _, data in g.edges(data=True):
        assert data["rules"] and data["steps"]
        assert all(str(s.cite).startswith("RRS ") for s in data["steps"])


# --- facts and bad input ----------------------------------------------------------------------


def test_a_fact_naming_a_boat_that_is_not_there_is_refused() -> None:
    with pytest.raises(PositionError, match="no boat 'Z'") as err:
        Position(0, (Boat("A", (0.0, 0.0), 45), Boat("B", (3.0, 0.0), 315)),
                 facts=Facts(zone_entry=ZoneEntry("Z", False)))
    assert err.value.path == ("facts", "zone_entry", "first")


def test_hulls_that_touch_are_refused() -> None:
    with pytest.raises(PositionError, match="touches or crosses") as err:
        Position(0, (Boat("A", (0.0, 0.0), 90), Boat("B", (0.2, 0.0), 0)))
    assert err.value.path == ("boats", 1, "at")


BASE = """\
id: rrs-bad
title: a bad file
ruleset: rrs
source: RRS 10
position:
  wind: 0
  boats:
    - {id: A, at: [0.0, 0.0], heading: 45}
    - {id: B, at: [3.0, 0.2], heading: 315}
expect: {keep_clear: A}
"""


@pytest.mark.parametrize(("change", "where", "message"), [
    (("heading: 45", "heading: .nan"), "position.boats[0].heading", "not a finite number"),
    (("heading: 45", "heading: .inf"), "position.boats[0].heading", "not a finite number"),
    (("heading: 45", "heading: 400"), "position.boats[0].heading", "less than or equal to 360"),
    (("at: [3.0, 0.2]", "at: [0.3, 0.0]"), "position.boats[1].at", "touches or crosses"),
    (("at: [3.0, 0.2]", "at: [3.0, 5000]"), "position.boats[1].at[1]",
     "less than or equal to 1000"),
    (("wind: 0", "wind: -5"), "position.wind", "greater than or equal to 0"),
    (("expect:", "  facts: {left_zone: Q}\nexpect:"), "position.facts.left_zone",
     "no boat 'Q'"),
    (("expect:", "  facts: {rumour: A}\nexpect:"), "position.facts.rumour", "unknown key"),
    (("expect:", "  trail:\n    - boats: [{id: A, at: [0, -1], heading: 45}]\nexpect:"),
     "position.trail[0].boats", "must hold the position's boats"),
    (("expect:", "pair: [A, Q]\nexpect:"), "pair[1]", "no boat 'Q'"),
    (("expect: {keep_clear: A}", "expect: {rules: [ten]}"), "expect.rules[0]", "pattern"),
])
def test_bad_rrs_files_are_one_line_errors(tmp_path: Path, change: tuple[str, str], where: str,
                                           message: str) -> None:
    file = tmp_path / "bad.yaml"
    assert change[0] in BASE
    file.write_text(BASE.replace(change[0], change[1], 1))
    with pytest.raises(ScenarioError) as err:
        check_file(file)
    text = str(err.value)
    assert f"{file}:" in text and f" {where}: " in text and message in text, text
    assert err.value.line is not None


def test_every_bundled_snapshot_round_trips_through_json() -> None:
    import json

    from rightofway.scenarios import bundled_catalogue, find_scenarios, load_scenario

    files = list(find_scenarios([bundled_catalogue() / "rrs"]))
    assert len(files) >= 40
    for f in files:
        pos = load_scenario(f).position
        again = Position.from_json(json.loads(json.dumps(pos.to_json())))
        assert again == pos, f


def test_from_json_names_the_field_at_fault() -> None:
    from rightofway.errors import InputError

    data = Position(0, (Boat("A", (0.0, 0.0), 45), Boat("B", (3.0, 0.2), 315))).to_json()
    data["boats"][1]["heading"] = 400
    with pytest.raises(InputError, match=r"^boats\[1\]\.heading: "):
        Position.from_json(data)
    data["boats"][1].update(heading=0, at=[0.1, 0.0])
    with pytest.raises(InputError, match=r"^boats\[1\]\.at: .*touches or crosses") as e:
        Position.from_json(data)
    assert e.value.loc == ("boats", 1, "at")
    data["boats"][1].update(at=[3.0, 0.2])
    data["options"]["zone_lengths"] = 0
    with pytest.raises(InputError, match=r"^options\.zone_lengths: "):
        Position.from_json(data)
    del data["options"]  # the options are optional: the rules' defaults
    assert Position.from_json(data).options.zone_lengths == 3
    with pytest.raises(InputError, match=r"^position: expected a JSON object, got list"):
        Position.from_json([])


def test_a_snapshot_draws_itself() -> None:
    pos = Position(0, (Boat("A", (0.0, 0.0), 45), Boat("B", (3.0, 0.2), 315)))
    svg = pos.svg()
    assert svg.startswith("<svg") and svg == pos._repr_svg_()
    assert 'class="keep-clear"' in svg  # the first two boats' ruling: A keeps clear of B


def test_a_prepared_file_is_the_kernels_with_the_pair_as_its_move(tmp_path: Path) -> None:
    from rightofway import scenarios
    from rightofway.rrs import scenario

    f = tmp_path / "f.yaml"
    f.write_text("""id: rrs-t
title: t
ruleset: rrs
source: RRS 10
position:
  wind: 0
  boats: [{id: A, at: [0, 0], heading: 45}, {id: B, at: [3, 0.2], heading: 315}]
protest: {by: B, against: A}
expect: {keep_clear: A, mark_room: null, room: null, clear_astern: null}
""")
    p = scenarios.load_scenario(f)
    assert isinstance(p, scenarios.Prepared) and isinstance(p, scenario.Prepared)
    assert p.move == p.pair == ("B", "A") and p.protest is not None and p.protest.by == "B"
    report = scenario.check(p)
    # an explicit null is an expectation (nobody), a key left out is not checked
    assert report.passed and report.checked == ("keep_clear", "mark_room", "room",
                                                "clear_astern")


@pytest.mark.parametrize(("rule", "turns"), [("10", 2), ("18.2(a)", 2), ("16.1", 2), ("31", 1)])
def test_penalty_turns(rule: str, turns: int) -> None:
    from rightofway.rrs import penalty

    p = penalty(rule)
    assert p.turns == turns
    assert p.name == ("One-Turn Penalty" if turns == 1 else "Two-Turns Penalty")
    assert all(str(s.cite).startswith("RRS 44") for s in p.steps)


def test_no_turns_pay_for_other_rules() -> None:
    from rightofway.rrs import penalty

    with pytest.raises(ValueError, match="rule 31 and the rules of Part 2"):
        penalty("42")


def test_a_fleet_s_cycle_report_is_bounded() -> None:
    """A dense fleet of 30 boats on every heading holds a great many keep-clear cycles of
    boats far apart (rule 10 binds at any distance); the graph lists at most the limit
    and says it stopped, instead of enumerating them all."""
    import random

    from rightofway.graphs import CYCLE_LIMIT
    from rightofway.rrs import Boat, Position, engagement_graph

    rng = random.Random(1)
    boats = tuple(Boat(f"B{i}", (float(i % 6) * 2.2, float(i // 6) * 2.2),
                       rng.choice([45.0, 315.0, 135.0, 225.0, 90.0, 270.0])) for i in range(30))
    g = engagement_graph(Position(0, boats))
    assert len(g.graph["cycles"]) == CYCLE_LIMIT and g.graph["cycles_complete"] is False
    for c in g.graph["cycles"]:  # each boat holds right of way over the next
        for holder, nxt in zip(c, c[1:] + c[:1], strict=True):
            assert g.has_edge(nxt, holder)
