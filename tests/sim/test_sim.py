"""The simulation ruleset: tables, plan accounting, play order, races, records and bad input.

Expectations come from the rulebook's tables (sailboat-racing-simulation.txt) and the
readings of continuous.md, worked out by hand in the comments.
"""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rightofway import sim
from rightofway.errors import InputError
from rightofway.geometry import Tack
from rightofway.races import IllegalMove, ReplayMismatch
from rightofway.sim import bots, record
from rightofway.sim import rules as sim_rules
from rightofway.sim.race import Race, rounds_mark
from rightofway.sim.sailing import COMPASS, PointOfSail, bonus


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rightofway.cli", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=300)


# --- SIM Wind ----------------------------------------------------------------------------


@pytest.mark.parametrize(("total", "points"), [
    (2, 2), (3, 1), (6, 1), (7, 0), (11, 0), (12, -1), (15, -1), (16, -2)])
def test_direction_table_rows(total: int, points: int) -> None:
    # 2 = two points clockwise, 3-6 one, 7-11 none, 12-15 one anticlockwise, 16 two
    d1 = max(1, total - 8)
    assert sim.direction_change(d1, total - d1) == points


@pytest.mark.parametrize(("total", "knots"), [
    (2, -2), (3, -1), (6, -1), (7, 0), (11, 0), (12, 1), (15, 1), (16, 2)])
def test_speed_table_rows(total: int, knots: int) -> None:
    d1 = max(1, total - 8)
    assert sim.speed_change(d1, total - d1) == knots


def test_speed_outside_8_to_16_is_no_change_not_a_clamp() -> None:
    assert sim.wind_after_round(("N", 9), (4, 4), (1, 1)) == ("N", 9)  # 9 - 2 = 7: no change
    assert sim.wind_after_round(("N", 10), (4, 4), (1, 1)) == ("N", 8)
    assert sim.wind_after_round(("N", 15), (4, 4), (8, 8)) == ("N", 15)  # 17: no change
    assert sim.wind_after_round(("NW", 12), (1, 1), (4, 4)) == ("NE", 12)  # wraps North


def test_initial_wind_and_start_table() -> None:
    assert sim.initial_wind(1, 1) == ("N", 9)
    assert sim.initial_wind(8, 8) == ("NW", 16)
    assert [sim.start_turns(d) for d in range(1, 9)] == [2, 2, 3, 3, 3, 4, 4, 5]


@pytest.mark.parametrize("bad", [0, 9, -1, True, 2.0])
def test_dice_outside_1_to_8_are_refused(bad: object) -> None:
    with pytest.raises((ValueError, TypeError), match="die"):
        sim.start_turns(bad)  # type: ignore[arg-type]


# --- SIM Movement and Turning --------------------------------------------------------------


@pytest.mark.parametrize(("angle", "point"), [
    (0, PointOfSail.IN_IRONS), (44.9, PointOfSail.IN_IRONS), (45, PointOfSail.BEAT),
    (67.9, PointOfSail.BEAT), (68, PointOfSail.REACH), (112.9, PointOfSail.REACH),
    (113, PointOfSail.BROAD_REACH), (157.9, PointOfSail.BROAD_REACH), (158, PointOfSail.RUN),
    (180, PointOfSail.RUN)])
def test_bands_are_half_open_on_both_sides_of_the_wind(angle: float, point: PointOfSail) -> None:
    for wind in (0.0, 45.0, 225.0, 315.0):
        assert sim.point_of_sail((wind + angle) % 360, wind) is point
        assert sim.point_of_sail((wind - angle) % 360, wind) is point


def test_bonus_by_knots() -> None:
    assert [bonus(k) for k in range(8, 17)] == [0, 0, 0, 0, 1, 1, 1, 2, 2]


@pytest.mark.parametrize(("degrees", "cost"), [
    (0, 0), (59, 1), (60, 1), (61, 2), (-61, 2), (60.5, 2), (120, 2), (180, 3), (240, 4)])
def test_turn_costs(degrees: float, cost: int) -> None:
    assert sim.turn_cost(degrees) == cost


def one(heading: float, wind: str = "N", knots: int = 10) -> sim.Position:
    return sim.Position(wind, knots, (sim.Boat("A", (0.0, 0.0), heading),))


def mv(boat: str, plan: str | sim.Plan) -> sim.Move:
    """A move of ``boat`` sailing ``plan`` (text or a Plan)."""
    return sim.Move(boat, plan if isinstance(plan, sim.Plan) else sim.Plan.parse(plan))


def why(position: sim.Position, plan: str | sim.Plan) -> tuple[bool, str | None]:
    """Whether A's plan is legal, and the section that decides when it is not."""
    verdict = sim.legality(position, mv("A", plan))
    return verdict.legal, None if verdict.legal else str(verdict.cite)


def test_plan_spending_exactly_the_reach_allowance() -> None:
    a = sim.account(one(90), "A", "M3 M4")  # reach 7 at 10 knots
    assert a.legal and a.units == 7
    assert math.isclose(a.end.at[0], 7.0) and abs(a.end.at[1]) < 1e-9


def test_turn_to_slower_point_caps_and_to_faster_gains() -> None:
    # reach 7: M1, T60 to 150 (broad reach 6) costs 1: 5 left, min(5, 6) = 5
    assert sim.account(one(90), "A", "M1 T60 M5").legal
    # run 3 at 180: T-90 to 90 (reach 7) costs 2: 1 left; 7 - 2 spent = 5 > 1: 5 left
    assert sim.account(one(180), "A", "T-90 M5").legal
    assert why(one(180), "T-90 M6") == (False, "SIM Turning")
    # reach 7: M6, T70 to 160 (run 3) costs 2 but only 1 left
    assert why(one(90), "M6 T70 M1") == (False, "SIM Turning")


def test_units_left_over_and_overspent_cite_their_sections() -> None:
    assert why(one(90), "M6") == (False, "SIM Movement")
    assert why(one(90), "M8") == (False, "SIM Movement")
    assert why(one(10), "M1") == (False, "SIM In Irons")
    assert why(one(10), "T80 M6") == (False, "SIM In Irons")  # 7 - 2 = 5


def test_penalty_turn_costs_six_and_keeps_the_heading() -> None:
    a = sim.account(one(90), "A", "P M1")
    assert a.legal and a.end.heading == 90 and math.isclose(a.end.at[0], 1.0)
    assert why(one(45), "P") == (False, "SIM Turning")  # a beat has 5


def test_a_turn_ending_in_irons_ends_the_turn() -> None:
    assert sim.account(one(45), "A", "M2 T-30").legal  # beat 5: M2, T-30 to 15, in irons
    assert why(one(45), "M2 T-30 M1") == (False, "SIM Turning")


@pytest.mark.parametrize("text", ["T", "M0", "M-2", "X3", "T30M4", "M\uff11", "T1000", ""])
def test_unreadable_or_empty_plans(text: str) -> None:
    if text == "":
        assert why(one(90), text) == (False, "SIM Movement")
        return
    with pytest.raises(sim.PlanError):
        sim.Plan.parse(text)


def test_plan_text_round_trips() -> None:
    for text in ("T-30 M4 T60 M2", "P M1.5", "T0 M7"):
        assert str(sim.Plan.parse(text)) == text
        assert eval(repr(sim.Plan.parse(text)), {"Plan": sim.Plan}) == sim.Plan.parse(text)


# --- properties ----------------------------------------------------------------------------

headings = st.integers(0, 71).map(lambda i: i * 5.0)


@settings(max_examples=40, deadline=None)
@given(headings, st.sampled_from(COMPASS), st.integers(8, 16))
def test_every_plan_offered_is_legal_and_spends_every_unit(heading: float, wind: str,
                                                           knots: int) -> None:
    pos = one(heading, wind, knots)
    offered = sim.legal_moves(pos, "A", splits=False, penalty=True)
    assert offered
    for move in offered:
        a = sim.account(pos, "A", move.plan)
        assert a.legal, (move, a.steps[-1])
        assert a.left == 0.0
        assert sim.is_legal(pos, move) and sim.Move.parse(str(move)) == move


@settings(max_examples=60, deadline=None)
@given(headings, st.integers(0, 7), st.integers(8, 16),
       st.lists(st.sampled_from(["T45", "T-60", "T90", "M1", "M2", "P", "T-135", "M0.5"]),
                max_size=5))
def test_rotating_wind_and_boat_together_keeps_the_accounting(heading: float, turn: int,
                                                              knots: int, steps: list[str]) -> None:
    plan = " ".join(steps)
    a = sim.account(one(heading, "N", knots), "A", plan)
    b = sim.account(one((heading + 45 * turn) % 360, COMPASS[turn], knots), "A", plan)
    assert (a.legal, a.reason, a.units, a.point_of_sail) == (b.legal, b.reason, b.units,
                                                             b.point_of_sail)
    r = math.radians(45 * turn)
    x, y = a.end.at
    rx, ry = x * math.cos(r) + y * math.sin(r), -x * math.sin(r) + y * math.cos(r)
    assert math.isclose(rx, b.end.at[0], abs_tol=1e-6)
    assert math.isclose(ry, b.end.at[1], abs_tol=1e-6)


# --- SIM Turn Sequence ---------------------------------------------------------------------


def test_play_order_puts_the_boat_that_keeps_clear_after() -> None:
    # wind N; A on port to windward (y 4), B on starboard to leeward: RRS 10, A after B
    pos = sim.Position("N", 10, (sim.Boat("A", (0.0, 4.0), 45.0),
                                 sim.Boat("B", (3.0, 0.0), 315.0)))
    order = sim.play_order(pos)
    assert order.order == ("B", "A")
    assert ("A", "B", "10") in order.keep_clear
    assert order.cycles == ()


def test_play_order_reports_a_cycle_and_moves_it_windward_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pos = sim.Position("N", 10, (sim.Boat("A", (0.0, 0.0), 90.0),
                                 sim.Boat("B", (10.0, 5.0), 90.0),
                                 sim.Boat("C", (20.0, 10.0), 90.0)))
    cycle = [("A", "B", "11"), ("B", "C", "11"), ("C", "A", "11")]
    monkeypatch.setattr(sim_rules, "keep_clear", lambda position: cycle)
    order = sim.play_order(pos)
    assert order.cycles == (("A", "B", "C"),)
    assert order.order == ("C", "B", "A")  # C is furthest to windward (y 10)
    assert any("cycle" in s.text for s in order.steps)


# --- races -----------------------------------------------------------------------------------


def test_rounding_to_port_counts_and_to_starboard_does_not() -> None:
    up = (0.0, 1.0)
    assert rounds_mark((0.0, 0.0), up, ((1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)), 5.0)
    assert not rounds_mark((0.0, 0.0), up, ((-1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)), 5.0)


def test_out_of_turn_and_illegal_plans_are_refused() -> None:
    race = bots.random_race(3, 2)
    first = race.to_move
    assert first is not None
    other = next(b for b in race.position.boat_ids if b != first)
    with pytest.raises(IllegalMove, match="turn"):
        race.play(mv(other, "M1"))
    with pytest.raises(IllegalMove, match="SIM"):
        race.play(mv(first, "M1"))


def test_a_race_is_immutable_and_undoes() -> None:
    race = bots.random_race(2, 4)
    rng = random.Random(4)
    move = bots.choose_move(race, rng)
    after, events = race.play(move)
    assert after.parent is race and after.pop() is race
    assert race.turn == 0 and after.turn == 1 and events[0].kind == "move"


@pytest.mark.parametrize("seed", [pytest.param(1, marks=pytest.mark.slow), 5])
def test_bots_finish_and_replays_reproduce_the_race(seed: int) -> None:
    race = bots.random_race(3, seed)
    rng = random.Random(seed)
    while not race.is_over():
        race, _ = race.play(bots.choose_move(race, rng))
    assert sorted(race.finish_order) == ["A", "B", "C"]
    lines = list(race.record_lines())
    turns = list(record.replay(lines))
    assert turns[-1].race.finish_order == race.finish_order
    assert [t.move for t in turns] == list(race.moves)


def test_replay_uses_the_recorded_dice_not_the_seed() -> None:
    race = bots.random_race(2, 9)
    rng = random.Random(9)
    for _ in range(2):
        race, _ = race.play(bots.choose_move(race, rng))
    lines = list(race.record_lines())
    data = json.loads(lines[2])
    assert "dice" in data  # two boats: the second move ends round 1
    data["dice"] = {"direction": [1, 1], "speed": [4, 4]}
    lines[2] = json.dumps(data)
    with pytest.raises(ReplayMismatch, match="turn 2"):
        list(record.replay(lines))  # the recorded wind event no longer matches
    data.pop("events")
    lines[2] = json.dumps(data)
    replayed = list(record.replay(lines))
    assert replayed[-1].race.position.wind == sim.wind_after_round(
        (race.start.position.wind, race.start.position.knots), (1, 1), (4, 4))[0]


@pytest.mark.slow
def test_play_and_replay_from_the_command_line(tmp_path: Path) -> None:
    out = run("play", "--ruleset", "simulation", "--boats", "4", "--seed", "5", "--record",
              "r.jsonl", "-q", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "finish: 1." in out.stdout
    ok = run("replay", "r.jsonl", "-q", cwd=tmp_path)
    assert ok.returncode == 0, ok.stderr
    lines = (tmp_path / "r.jsonl").read_text().splitlines()
    moved = json.loads(lines[3])
    moved["plan"] = "M1 " + moved["plan"]
    lines[3] = json.dumps(moved)
    (tmp_path / "bad.jsonl").write_text("\n".join(lines) + "\n")
    bad = run("replay", "bad.jsonl", "-q", cwd=tmp_path)
    assert bad.returncode == 1
    assert "turn 3" in bad.stderr


# --- bad files ---------------------------------------------------------------------------------

BASE = """id: sim-bad
title: bad input
ruleset: simulation
source: SIM Movement
position:
  wind: {from: N, knots: 10}
  boats: [{id: A, at: [0, 0], heading: 90}]
"""


@pytest.mark.parametrize(("extra", "where"), [
    ("move: {boat: A, plan: \"T-30 M4 X\"}\n", "move.plan"),
    ("dice: {start: 9}\n", "dice.start"),
    ("dice: {direction: [0, 3], speed: [1, 1]}\n", "dice.direction"),
    ("move: {boat: Z, plan: M7}\n", "move.boat"),
])
def test_bad_files_exit_2_naming_file_line_and_field(tmp_path: Path, extra: str,
                                                     where: str) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text(BASE + extra)
    out = run("check", str(f))
    assert out.returncode == 2
    line = out.stderr.strip().splitlines()[-1] if out.stderr.strip() else out.stdout
    assert "bad.yaml:" in line and where in line, line
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize("heading", [".nan", ".inf", "-5", "361", "'north'"])
def test_headings_that_are_not_finite_degrees(tmp_path: Path, heading: str) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text(BASE.replace("heading: 90", f"heading: {heading}"))
    out = run("check", str(f))
    assert out.returncode == 2
    assert "bad.yaml:7:" in out.stderr and "heading" in out.stderr, out.stderr


def test_position_json_round_trip_and_bad_json() -> None:
    pos = sim.Position("SW", 12, (sim.Boat("A", (1.5, -2.0), 45.0),
                                  sim.Boat("B", (4.0, 0.0), 0.0, Tack.PORT)),
                       (sim.Mark("m1", (0.0, 15.0)),),
                       (sim.Line("start", "start", ((-3.0, 0.0), (3.0, 0.0))),), 2)
    assert sim.Position.from_json(pos.to_json()) == pos
    bad = pos.to_json()
    bad["boats"][0]["heading"] = float("nan")
    with pytest.raises(InputError, match=r"boats\[0\]\.heading"):
        sim.Position.from_json(bad)



def test_a_file_may_roll_only_the_direction_or_only_the_speed(tmp_path: Path) -> None:
    # N 10: direction 2d8 = 3 turns it one point clockwise (NE); speed 2d8 = 16 adds 2
    base = BASE.replace("source: SIM Movement", "source: SIM Wind")
    (tmp_path / "dir.yaml").write_text(base + "dice: {direction: [1, 2]}\n"
                                       "expect: {wind: {from: NE, knots: 10}}\n")
    (tmp_path / "speed.yaml").write_text(base.replace("sim-bad", "sim-speed")
                                         + "dice: {speed: [8, 8]}\n"
                                         "expect: {wind: {from: N, knots: 12}}\n")
    out = run("check", str(tmp_path))
    assert out.returncode == 0, out.stdout + out.stderr
    assert "2 passed" in out.stdout


def test_a_boat_that_must_keep_clear_and_passes_close_owes_a_penalty_turn() -> None:
    from dataclasses import replace

    race = Race.new(2, seed=1, initial=(1, 2), start=1)  # wind N 10 knots
    # A on port reaching (heading 90, 7 units) at (-4, 4.5); B on starboard (heading 315)
    # at (0, 5): A keeps clear of B (RRS 10). A's M7 ends at (3, 4.5) and passes 0.5 from
    # B's centre, within a hull length: A has not kept clear.
    pos = replace(race.position, boats=(sim.Boat("A", (-4.0, 4.5), 90.0),
                                        sim.Boat("B", (0.0, 5.0), 315.0)))
    race = replace(race, position=pos, to_play=("A", "B"))
    after, events = race.play(mv("A", "M7"))
    infringement = next(e for e in events if e.kind == "infringement")
    assert str(infringement.cite) == "RRS 10" and dict(infringement.data)["against"] == "B"
    assert after.boat_progress("A").penalties == 1
    # B sails away (a beat, 5 units); the round ends with dice that change nothing, and
    # in the next round B (starboard) moves first again, then A takes her penalty turn
    after, events = after.play(mv("B", "M5"), ((4, 4), (4, 4)))
    assert "close" not in [e.kind for e in events]
    assert after.to_play == ("B", "A")
    after, _ = after.play(mv("B", "M5"))
    after, events = after.play(mv("A", "P M1"), ((4, 4), (4, 4)))
    assert [e.kind for e in events][:2] == ["move", "penalty"]
    assert after.boat_progress("A").penalties == 0


def test_race_events_cite_the_rule_each_rests_on() -> None:
    # a rounding is sailing the course (RRS 28), the finish the course's end (SIM The
    # Course), the start and an early start the countdown (SIM The Start), the wind's
    # change its tables (SIM Wind), an infringement the keep-clear rule broken
    expected = {"rounding": "RRS 28", "finish": "SIM The Course", "start": "SIM The Start",
                "early": "SIM The Start", "returned": "SIM The Start", "wind": "SIM Wind",
                "gun": "SIM The Start", "move": "SIM Movement"}
    race = bots.random_race(3, 5)
    rng = random.Random(5)
    seen: set[str] = set()
    while not race.is_over():
        race, events = race.play(bots.choose_move(race, rng))
        for e in events:
            if e.kind in expected:
                assert str(e.cite) == expected[e.kind], e
                seen.add(e.kind)
    assert {"rounding", "finish", "start", "wind", "gun", "move"} <= seen


# --- SIM The Start: over the line before the gun, and back -------------------------------------
# The rulebook: the boats must complete the turns before the gun before crossing the start
# line; one that crosses early must return to the pre-start side before starting. A boat
# back on the pre-start side at the end of her plan has returned, whether she went over in
# an earlier turn or in the same plan. The line runs from (-5, 0) to (5, 0) with the wind
# from N: the course side is North.

CALM = ((4, 4), (4, 4))  # 2d8 totals of 8: no change of direction or speed (SIM Wind)


def start_race(knots_die: int, turns_left: int, *boats: sim.Boat) -> Race:
    """A race with the wind from N (``initial=(1, knots_die)``: 8 + the die knots), the
    line from (-5, 0) to (5, 0), ``turns_left`` turns before the gun and these boats."""
    from dataclasses import replace

    race = Race.new(2, seed=1, initial=(1, knots_die), start=1)
    assert race.course.line.ends == ((-5.0, 0.0), (5.0, 0.0))
    pos = replace(race.position, start_turns_left=turns_left, boats=boats)
    return replace(race, position=pos, to_play=sim_rules.play_order(pos).order)


def play_round(race: Race, plans: dict[str, str]) -> tuple[Race, dict[str, list[str]]]:
    """Every boat's plan in the round's play order; the kinds of each boat's events."""
    kinds: dict[str, list[str]] = {}
    for boat in race.to_play:
        race, events = race.play(mv(boat, plans[boat]), CALM)
        kinds[boat] = [e.kind for e in events if e.boat == boat]
    return race, kinds


def near(at: tuple[float, float], x: float, y: float) -> bool:
    return math.isclose(at[0], x, abs_tol=1e-9) and math.isclose(at[1], y, abs_tol=1e-9)


# B reaches away to the West below the line (heading 270, a reach) and never meets it
BYSTANDER = sim.Boat("B", (-4.0, -3.0), 270.0)
R2 = math.sqrt(2)


def test_over_and_back_within_one_plan_is_not_early() -> None:
    # wind N 10: A beats at 45 (5 units). M2 to (R2, R2 - 1): over the line at x = 1.
    # T90 to 135, a broad reach 6 (cost 2, spent 4: a faster point, 6 - 4 = 2 units).
    # M2 to (2 R2, -1): back across y = 0 at x = 1 + R2, on the pre-start side at the end
    race = start_race(2, 2, sim.Boat("A", (0.0, -1.0), 45.0), BYSTANDER)
    race, kinds = play_round(race, {"A": "M2 T90 M2", "B": "M7"})
    assert near(race.position.boat("A").at, 2 * R2, -1.0)
    assert kinds["A"] == ["move", "early", "returned"]
    assert not race.boat_progress("A").early and not race.boat_progress("A").started
    assert kinds["B"] == ["move"] and not race.boat_progress("B").early


def test_over_and_staying_over_is_early() -> None:
    # as above, but M3 before the turn: (3/R2, 3/R2 - 1) over the line at x = 1; T90
    # (spent 5, 6 - 5 = 1 unit); M1 to (2 R2, R2 - 1): y > 0, still on the course side
    race = start_race(2, 2, sim.Boat("A", (0.0, -1.0), 45.0), BYSTANDER)
    race, kinds = play_round(race, {"A": "M3 T90 M1", "B": "M7"})
    assert near(race.position.boat("A").at, 2 * R2, R2 - 1)
    assert kinds["A"] == ["move", "early"]
    assert race.boat_progress("A").early


def test_over_in_one_turn_and_back_in_a_later_turn() -> None:
    # round 1 (two turns before the gun): M2 over the line at x = 1 to (R2, R2 - 1);
    # T-90 to 315, still a beat (cost 2, 1 unit left); M1 to (R2 / 2, 1.5 R2 - 1), y > 0
    race = start_race(2, 2, sim.Boat("A", (0.0, -1.0), 45.0), BYSTANDER)
    race, kinds = play_round(race, {"A": "M2 T-90 M1", "B": "M7"})
    assert near(race.position.boat("A").at, R2 / 2, 1.5 * R2 - 1)
    assert kinds["A"] == ["move", "early"] and race.boat_progress("A").early
    assert race.position.start_turns_left == 1
    # round 2 (the last turn before the gun): T-135 to 180, a run 3 (cost 3, spent 3,
    # slower: min(2, 3) = 2 units); M2 due South to y = 1.5 R2 - 3 < 0: back
    race, kinds = play_round(race, {"A": "T-135 M2", "B": "M7"})
    assert near(race.position.boat("A").at, R2 / 2, 1.5 * R2 - 3)
    assert kinds["A"][:2] == ["move", "returned"]
    assert not race.boat_progress("A").early and not race.boat_progress("A").started
    assert race.position.start_turns_left == 0  # the gun fired at the end of the round


def test_after_the_gun_an_early_boat_returns_and_starts_within_one_move() -> None:
    # wind N 15 (bonus +2): beat 7, broad reach 8. One turn before the gun A, at (-3, -1)
    # beating at 45, sails M4 over the line at x = -2 to (2 R2 - 3, 2 R2 - 1); T90 to 135
    # (cost 2, spent 6: 8 - 6 = 2 units); M2 to (3 R2 - 3, R2 - 1): over, early
    race = start_race(7, 1, sim.Boat("A", (-3.0, -1.0), 45.0), BYSTANDER)
    race, kinds = play_round(race, {"A": "M4 T90 M2", "B": "M9"})
    assert kinds["A"] == ["move", "early"] and race.boat_progress("A").early
    assert race.position.start_turns_left == 0
    # after the gun: M2 at 135 to (4 R2 - 3, -1), back across y = 0 at x = 3 R2 - 2;
    # T-90 to 45, a beat (cost 2, spent 4; slower: min(8 - 4, 7) = 4 units); M4 to
    # (6 R2 - 3, 2 R2 - 1), across the line at x = 4 R2 - 2 (3.66, between the ends)
    race, kinds = play_round(race, {"A": "M2 T-90 M4", "B": "M9"})
    assert near(race.position.boat("A").at, 6 * R2 - 3, 2 * R2 - 1)
    assert kinds["A"] == ["move", "returned", "start"]
    progress = race.boat_progress("A")
    assert progress.started and not progress.early


def test_start_crossing_follows_the_track_leg_by_leg() -> None:
    before = start_race(2, 2, BYSTANDER, sim.Boat("C", (4.0, -3.0), 270.0)).position
    after = start_race(2, 0, BYSTANDER, sim.Boat("C", (4.0, -3.0), 270.0)).position
    line = sim.Line("start", "start", ((-5.0, 0.0), (5.0, 0.0)))
    south, north = (0.0, -1.0), (0.0, 1.0)
    s = sim_rules.start_crossing(before, line, (south, north, south))
    assert (s.early, s.went_over, s.returned, s.started) == (False, True, True, False)
    s = sim_rules.start_crossing(before, line, (south, north, south, north))
    assert (s.early, s.went_over, s.returned) == (True, True, False)
    # back round the end of the line: its extension is the pre-start side's edge too
    s = sim_rules.start_crossing(before, line, ((7.0, 1.0), (7.0, -1.0)), early=True)
    assert (s.early, s.returned) == (False, True)
    # over the extension before the gun is not crossing the line
    assert not sim_rules.start_crossing(before, line, ((7.0, -1.0), (7.0, 1.0))).early
    # after the gun, crossing is starting; an early boat must come back first
    assert sim_rules.start_crossing(after, line, (south, north)).started
    s = sim_rules.start_crossing(after, line, (north, (0.0, 2.0)), early=True)
    assert (s.early, s.returned, s.started) == (True, False, False)


def sim_file(start_turns_left: int, moves: list[dict[str, str]],
             early: list[str]) -> dict[str, object]:
    return {"id": "sim-test-start", "title": "t", "ruleset": "simulation",
            "source": "SIM The Start",
            "position": {"wind": {"from": "N", "knots": 10},
                         "lines": [{"id": "start", "kind": "start",
                                    "ends": [[-5, 0], [5, 0]]}],
                         "start_turns_left": start_turns_left,
                         "boats": [{"id": "A", "at": [0.0, -1.0], "heading": 45.0},
                                   {"id": "B", "at": [-2.0, -2.0], "heading": 315.0}]},
            "moves": moves, "expect": {"legal": True, "early": early}}


def test_scenario_early_is_where_each_boat_ends_her_plan() -> None:
    from rightofway.sim import scenario as sim_scenario

    # A over and back in one plan (as above); B beats M5 from (-2, -2) to
    # (-2 - 5/R2, 5/R2 - 2): across y = 0 at x = -4, between the ends, and stays North
    data = sim_file(3, [{"boat": "A", "plan": "M2 T90 M2"}, {"boat": "B", "plan": "M5"}],
                    ["B"])
    p = sim_scenario.prepare(sim_scenario.SimScenario.model_validate(data), "t.yaml")
    assert sim_scenario.early_at_end(p) == frozenset({"B"})
    assert [t.early for t in p.turns] == [False, True]
    assert p.turns[0].start is not None and p.turns[0].start.went_over
    report = sim_scenario.check(p)
    assert report.passed, report.mismatches
    assert "over the starting line and back" in report.summary[0]
    # the same moves after the gun: nobody is early
    data = sim_file(0, [{"boat": "A", "plan": "M2 T90 M2"}, {"boat": "B", "plan": "M5"}], [])
    p = sim_scenario.prepare(sim_scenario.SimScenario.model_validate(data), "t.yaml")
    assert sim_scenario.check(p).passed and sim_scenario.early_at_end(p) == frozenset()


def test_a_run_beyond_the_area_a_position_may_reach_makes_the_plan_illegal() -> None:
    """A position holds coordinates within 1,000 units; a plan whose run would leave them is
    illegal (SIM Movement) instead of failing inside the library. The same plan from the
    origin is judged on its units alone."""
    from rightofway.sim import moves

    far = sim.Position("N", 13, (sim.Boat("A", (1000.0, 0.0), 50.0),))
    a = moves.account(far, "A", "M2 T40 M6")
    assert (a.legal, a.reason) == (False, "SIM Movement")
    assert "beyond the 1000 units" in a.steps[-1].text
    near = sim.Position("N", 13, (sim.Boat("A", (0.0, 0.0), 50.0),))
    assert moves.account(near, "A", "M2 T40 M6").reason == "SIM Turning"
