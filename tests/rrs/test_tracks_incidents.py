"""Incidents from tracks (rightofway.rrs.tracks): headings from the course over ground,
the facts history shows, the incident report, its scenario files, and the push API
agreeing with the batch.

Boats here are 1 m long (``hull_length: 1``), so places are in hull lengths; the wind
blows from the north unless said."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from rightofway.errors import InputError
from rightofway.rrs import Mark
from rightofway.rrs.tracks import (
    Course,
    Incident,
    IncidentEvent,
    Tracker,
    incidents,
    read_course,
    read_tracks,
)
from rightofway.scenarios import check_file

Fleet = Callable[[int], Mapping[str, Sequence[float]]]


def sail(fleet: Fleet, seconds: int, course: Course | None = None,
         **kw: float) -> tuple[Tracker, list[tuple[int, IncidentEvent]]]:
    tracker = Tracker(course or Course(hull_length=1.0), **kw)  # type: ignore[arg-type]
    events = []
    for t in range(seconds):
        events += [(t, e) for e in tracker.push(t, fleet(t))]
    events += [(seconds, e) for e in tracker.close()]
    return tracker, events


def only(tracker: Tracker) -> Incident:
    assert len(tracker.incidents) == 1, tracker.incidents
    return tracker.incidents[0]


def port_starboard(t: float) -> dict[str, tuple[float, float, float]]:
    """P (port, heading 45) and S (starboard, heading 315) sail 0.7 lengths a second on
    courses that cross; S passes 1.4 lengths ahead of P's bow."""
    return {"P": (-6.0 + 0.7 * t, -6.0 + 0.7 * t, 45.0),
            "S": (6.0 - 0.7 * t, -4.6 + 0.7 * t, 315.0)}


# --- incidents ------------------------------------------------------------------------------


def test_port_keeps_clear_of_starboard_the_incident_spans_the_samples_within_range() -> None:
    tracker, events = sail(port_starboard, 20)
    inc = only(tracker)
    assert inc.boats == ("P", "S")
    within = [t for t in range(20) if math.dist(*_hulls_closest(t)) <= 3.0]
    assert within == list(range(within[0], within[-1] + 1))
    assert (inc.start, inc.end) == (within[0], within[-1]) == (7.0, 10.0)
    assert inc.closest_time == min(within, key=lambda t: math.dist(*_hulls_closest(t)))
    assert inc.ruling is not None
    assert (inc.ruling.right_of_way, inc.ruling.keep_clear, inc.ruling.rules) == ("S", "P",
                                                                                  ("10",))
    assert not inc.contact and inc.avoiding_action is None and inc.changes == ()
    assert [(t, e.kind) for t, e in events] == [(7, "opened"), (11, "closed")]


def test_the_json_is_the_specs() -> None:
    inc = only(sail(port_starboard, 20)[0])
    data = json.loads(json.dumps(inc.to_json()))
    assert list(data) == ["boats", "start", "end", "closest", "ruling", "contact",
                          "avoiding_action", "changes", "scenario"]
    assert data["boats"] == ["P", "S"] and list(data["closest"]) == ["time", "distance"]
    assert data["ruling"] == {"right_of_way": "S", "keep_clear": "P", "mark_room": None,
                              "room": None, "rules": ["10"]}
    assert data["closest"]["distance"] == pytest.approx(
        min(math.dist(*_hulls_closest(t)) for t in range(20)), abs=2e-4)
    assert data["scenario"].startswith("id: track-p-s-at-")


def _hulls_closest(t: int) -> tuple[tuple[float, float], tuple[float, float]]:
    from rightofway.plane import closest_points, hull

    f = port_starboard(t)
    hp, hs = hull(f["P"][:2], 45.0), hull(f["S"][:2], 315.0)
    return closest_points(hp[0], hp[1], hs[0], hs[1])


def test_the_scenario_passes_check(tmp_path: Path) -> None:
    inc = only(sail(port_starboard, 20)[0])
    path = tmp_path / "incident.yaml"
    path.write_text(inc.scenario, encoding="utf-8")
    report = check_file(path)
    assert report.mismatches == ()
    assert set(report.checked) == {"right_of_way", "keep_clear", "mark_room", "room", "rules"}
    assert "trail:" in inc.scenario and "pair: [P, S]" in inc.scenario


def test_incidents_are_sorted_by_start_then_boats() -> None:
    def fleet(t: int) -> dict[str, tuple[float, float, float]]:
        late = {k: (x + 30.0, y, h) for k, (x, y, h) in port_starboard(t - 4).items()}
        return {**port_starboard(t), "X": late["P"], "B": late["S"]}

    tracker, _ = sail(fleet, 30)
    assert [(i.start, i.boats) for i in tracker.incidents] == [(7.0, ("P", "S")),
                                                              (11.0, ("B", "X"))]


def test_a_boat_leaving_the_water_closes_her_incidents() -> None:
    def fleet(t: int) -> dict[str, tuple[float, float, float]]:
        f = port_starboard(t)
        if t >= 8:
            del f["S"]
        return f

    tracker, events = sail(fleet, 12)
    assert only(tracker).end == 7.0
    assert [(t, e.kind) for t, e in events] == [(7, "opened"), (8, "closed")]


# --- facts from history -----------------------------------------------------------------------


def overtaking(t: int) -> dict[str, tuple[float, float, float]]:
    """Both on starboard sailing west (heading 270, the wind on the beam): B, 1 length to
    leeward (south) of A's line, comes from clear astern at 1.5 lengths a second, A
    sails at 1."""
    return {"A": (-1.0 * t, 0.0, 270.0), "B": (10.0 - 1.5 * t, -1.0, 270.0)}


def test_overlap_from_clear_astern_within_two_lengths_and_right_of_way_acquired() -> None:
    tracker, events = sail(overtaking, 30)
    inc = only(tracker)
    # B's bow passes the line abeam from A's stern when 10 - 1.5 t - 0.5 = -t + 0.5: t = 18
    first = inc.changes[0]
    assert first.time == 18.0
    # B, to leeward, now holds right of way (RRS 11); she acquired it by her own action
    # (RRS 15), and having become overlapped from clear astern within two lengths she may
    # not sail above her proper course (RRS 17)
    assert (first.ruling.right_of_way, first.ruling.keep_clear) == ("B", "A")
    assert first.ruling.rules == ("11", "15", "17")
    # rule 15 binds only initially; rule 12 again once A is clear astern of B
    assert [(c.time, c.ruling.rules) for c in inc.changes[1:]] == [(22.0, ("11", "17")),
                                                                   (23.0, ("12",))]
    assert inc.changes[-1].ruling.keep_clear == "A"
    kinds = [(t, e.kind) for t, e in events]
    assert kinds == [(13, "opened"), (18, "changed"), (22, "changed"), (23, "changed"),
                     (28, "closed")]
    # each event's incident as it stood: the changes so far, the end at that sample
    for n, (t, e) in enumerate(events[1:4], 1):
        assert e.boats == ("A", "B") and e.incident.changes == inc.changes[:n]
        assert e.incident.end == t
    assert events[0][1].incident.ruling is not None
    assert events[0][1].incident.ruling.rules == ("12",)
    assert events[-1][1].incident == inc
    facts = inc.position.facts if inc.position is not None else None
    assert facts is not None and facts.overlap_from_clear_astern == ("B", "leeward", True)
    assert facts.acquired_right_of_way == ("B", True)


def test_overlap_from_clear_astern_beyond_two_lengths_gives_no_rule_17() -> None:
    def fleet(t: int) -> dict[str, tuple[float, float, float]]:
        return {"A": (-1.0 * t, 0.0, 270.0), "B": (10.0 - 1.5 * t, -2.5, 270.0)}

    inc = only(sail(fleet, 30)[0])
    rulings = {c.time: c.ruling.rules for c in inc.changes}
    assert rulings[18.0] == ("11", "15")


def test_port_tacking_onto_starboard_is_tacking_until_close_hauled() -> None:
    """T, on port (45), tacks where she is to starboard (315) while S sails up on
    starboard 1.2 lengths to windward of T's new course: RRS 10 before T passes head to
    wind, RRS 13 from then until she is close-hauled (45 degrees from the wind), then RRS
    11 with T to leeward; T acquired right of way by her own action (RRS 15) and, still
    turning 15 degrees a second, is changing course (RRS 16.1)."""
    headings = [45, 45, 45, 45, 45, 20, 350, 330, 315, 315, 315, 315, 315]

    def fleet(t: int) -> dict[str, tuple[float, float, float]]:
        return {"T": (0.0, 0.0, float(headings[t])),
                "S": (0.85 + 0.35 * (9 - t), 0.85 - 0.35 * (9 - t), 315.0)}

    inc = only(sail(fleet, 12)[0])
    assert inc.changes[0].time == 6.0 and inc.changes[0].ruling.rules == ("13",)
    assert inc.changes[0].ruling.keep_clear == "T"
    at8 = inc.changes[1]
    assert at8.time == 8.0 and at8.ruling.keep_clear == "S"
    assert at8.ruling.rules == ("11", "15", "16.1")
    assert inc.changes[2].time == 9.0 and inc.changes[2].ruling.rules == ("11", "15")
    assert inc.position is not None
    assert inc.position.facts.acquired_right_of_way == ("T", True)


def test_a_wind_shift_across_her_bow_changes_her_tack_but_she_is_not_tacking() -> None:
    """A holds 230 while the wind backs from 180 to 270 at 5 s: she goes from port to
    starboard tack (40 degrees off the new wind) without turning, so RRS 13 does not bind
    her; B, on port in the new wind, keeps clear (RRS 10)."""
    course = Course(hull_length=1.0, wind=((0.0, 180.0), (5.0, 270.0)))

    def fleet(t: int) -> dict[str, tuple[float, float, float]]:
        return {"A": (0.0, -0.1 * t, 230.0), "B": (2.6 - 0.05 * t, 0.0, 330.0)}

    inc = only(sail(fleet, 12, course)[0])
    assert inc.closest_time > 5.0  # after the shift
    assert inc.ruling is not None
    assert (inc.ruling.keep_clear, inc.ruling.right_of_way, inc.ruling.rules) == \
        ("B", "A", ("10",))
    assert all("13" not in c.ruling.rules for c in inc.changes)


def test_the_tracker_gives_the_pairs_position_at_the_last_sample() -> None:
    """``Tracker.position``: the two boats as ruled at the last sample, re-centred on whole
    hull lengths (so the same distance apart), ``None`` out of range."""
    tracker = Tracker(Course(hull_length=1.0))
    tracker.push(0, port_starboard(0))
    assert tracker.position("P", "S") is None  # 12 lengths apart
    for t in range(1, 8):
        tracker.push(t, port_starboard(t))
    pos = tracker.position("S", "P")
    assert pos is not None and pos.boat_ids == ("P", "S")
    here = port_starboard(7)
    gap = (here["S"][0] - here["P"][0], here["S"][1] - here["P"][1])
    p, s = pos.boat("P"), pos.boat("S")
    assert (s.at[0] - p.at[0], s.at[1] - p.at[1]) == pytest.approx(gap, abs=1e-3)
    assert (p.heading, s.heading) == (45.0, 315.0)


def test_changing_course_and_avoiding_action() -> None:
    """S (starboard) bears away hard, 315 to 255 in two seconds, while P (port) is within
    two lengths: RRS 16.1 while she turns; the report names S as taking avoiding action."""
    def fleet(t: int) -> dict[str, tuple[float, float, float]]:
        f = port_starboard(t)
        sx, sy, _ = port_starboard(min(t, 7))["S"]
        if t > 7:
            h = {8: 285.0, 9: 255.0}.get(t, 255.0)
            sx, sy = sx - 0.7 * (t - 7), sy
            f["S"] = (sx, sy, h)
        return f

    inc = only(sail(fleet, 20)[0])
    assert inc.avoiding_action == "S"
    changed = {c.time: c.ruling.rules for c in inc.changes}
    assert changed[8.0] == ("10", "16.1")
    assert changed[10.0] == ("10",)


def test_no_avoiding_action_when_the_right_of_way_boat_holds_her_course() -> None:
    def fleet(t: int) -> dict[str, tuple[float, float, float]]:
        f = port_starboard(t)
        if t > 7:  # P bears away hard to pass astern
            px, py, _ = port_starboard(7)["P"]
            f["P"] = (px + 0.7 * (t - 7), py - 0.3 * (t - 7), 100.0)
        return f

    inc = only(sail(fleet, 20)[0])
    assert inc.avoiding_action is None


def test_contact_when_hulls_come_within_the_beam() -> None:
    def fleet(t: int) -> dict[str, tuple[float, float, float]]:
        return {"P": (-6.0 + 0.7 * t, -6.0 + 0.7 * t, 45.0),
                "S": (6.0 - 0.7 * t, -5.8 + 0.7 * t, 315.0)}

    inc = only(sail(fleet, 20)[0])
    assert inc.contact and inc.closest_distance <= 0.3
    assert inc.ruling is not None and inc.ruling.keep_clear == "P"


def test_the_hulls_touching_at_the_closest_approach_rules_the_nearest_sample() -> None:
    def fleet(t: int) -> dict[str, tuple[float, float, float]]:
        return {"P": (-6.0 + 0.7 * t, -6.0 + 0.7 * t, 45.0),
                "S": (6.0 - 0.7 * t, -6.0 + 0.7 * t, 315.0)}

    inc = only(sail(fleet, 20)[0])
    assert inc.closest_distance == 0.0
    assert inc.ruling is not None and inc.ruled_time is not None
    assert inc.ruled_time != inc.closest_time and inc.position is not None


def mark_course() -> Course:
    return Course(hull_length=1.0, marks=(Mark("m", (0.0, 0.0), "port", "windward"),))


def test_zone_entry_clear_ahead_gives_the_first_boat_mark_room() -> None:
    def fleet(t: int) -> dict[str, tuple[float, float, float]]:
        return {"A": (10.0 - t, 2.0, 270.0), "B": (12.5 - 1.1 * t, 2.0, 270.0)}

    tracker, _ = sail(fleet, 11, mark_course())
    inc = only(tracker)
    # A's bow comes within 3 lengths of the mark at t = 8 (at (1.5, 2), 2.5 from it): she
    # is clear ahead, B clear astern: A is entitled to mark-room (RRS 18.2(a)); B closes
    # in, so the closest approach is at the last sample, both in the zone
    at = {c.time: c.ruling for c in inc.changes}
    assert at[8.0].mark_room == "A" and at[8.0].rules == ("12", "18.2(a)")
    facts = inc.position.facts if inc.position is not None else None
    assert facts is not None and facts.zone_entry is not None
    assert (facts.zone_entry.first, facts.zone_entry.overlapped) == ("A", False)


def test_zone_entry_overlapped_gives_the_inside_boat_mark_room() -> None:
    def fleet(t: int) -> dict[str, tuple[float, float, float]]:
        return {"A": (10.0 - t, 1.5, 270.0), "B": (10.2 - t, 2.9 - 0.02 * t, 270.0)}

    inc = only(sail(fleet, 10, mark_course())[0])
    at = {c.time: c.ruling for c in inc.changes}
    assert at[7.0].mark_room == "A" and at[7.0].rules == ("11", "18.2(a)")
    facts = inc.position.facts if inc.position is not None else None
    assert facts is not None and facts.zone_entry is not None
    assert (facts.zone_entry.first, facts.zone_entry.overlapped,
            facts.zone_entry.inside) == ("A", True, "A")


def test_starting_before_the_starting_signal() -> None:
    course = Course(hull_length=1.0, start=5.0)
    inc = only(sail(port_starboard, 20, course)[0])
    assert inc.position is not None and not inc.position.facts.starting
    early = Course(hull_length=1.0, start=100.0)
    inc = only(sail(port_starboard, 20, early)[0])
    assert inc.position is not None and inc.position.facts.starting


# --- headings -------------------------------------------------------------------------------


def test_heading_from_the_course_over_ground_and_kept_while_still() -> None:
    """Without headings a boat heads her course over the last 3 s; a boat under half a
    knot keeps the heading she had; a boat with none yet takes no part."""
    def fleet(t: int) -> dict[str, tuple[float, float]]:
        # A sails north-east at 1 m/s (about 1.9 knots) until t = 5, then drifts east at
        # 0.1 m/s (0.19 knots); B sits still 2 m north of A's path
        a = (t * 0.7071, t * 0.7071) if t <= 5 else (5 * 0.7071 + 0.1 * (t - 5), 5 * 0.7071)
        return {"A": a, "B": (4.0, 6.0)}

    tracker = Tracker(Course(hull_length=1.0))
    tracker.push(0, fleet(0))
    assert tracker.headings["A"] is None  # no course yet
    for t in range(1, 6):
        tracker.push(t, fleet(t))
        assert tracker.headings["A"] == pytest.approx(45.0)
    for t in range(6, 8):  # her course over the last 3 s, part of it drifting
        tracker.push(t, fleet(t))
        (x0, y0), (x1, y1) = fleet(t - 3)["A"], fleet(t)["A"]
        cog = math.degrees(math.atan2(x1 - x0, y1 - y0))
        assert tracker.headings["A"] == pytest.approx(cog, abs=0.01)
    for t in range(8, 12):  # 0.3 m in 3 s is under half a knot: she keeps that heading
        tracker.push(t, fleet(t))
        assert tracker.headings["A"] == pytest.approx(cog, abs=0.01)
    assert tracker.headings["B"] is None
    assert tracker.open == [] and tracker.incidents == []


def test_speeds_given_decide_whether_a_boat_is_still() -> None:
    tracker = Tracker(Course(hull_length=1.0))
    for t in range(4):
        tracker.push(t, {"A": (float(t), 0.0)}, speeds={"A": 0.2})
    assert tracker.headings["A"] is None
    for t in range(4, 8):
        tracker.push(t, {"A": (float(t), 0.0)}, speeds={"A": 2.0})
    assert tracker.headings["A"] == pytest.approx(90.0)


# --- push and batch -------------------------------------------------------------------------


def test_the_batch_is_the_samples_pushed_through_a_tracker(tmp_path: Path) -> None:
    """Fixes every 2 s without headings, read back every 0.5 s, rule as the same boats
    pushed at those times: the places between fixes are the straight lines they sail."""
    rows = ["time,boat,x,y"]
    for t in range(0, 22, 2):
        for boat, (x, y, _) in port_starboard(t).items():
            rows.append(f"{t},{boat},{x * 5:.3f},{y * 5:.3f}")
    csv = tmp_path / "fleet.csv"
    csv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    course_file = tmp_path / "course.yaml"
    course_file.write_text("hull_length: 5\n", encoding="utf-8")
    tracks = read_tracks([csv])
    course = read_course(course_file, tracks=tracks)
    batch = incidents(tracks, course, step=0.5)
    tracker = Tracker(course)
    for k in range(41):
        tracker.push(k / 2, {b: (x * 5, y * 5) for b, (x, y, _) in
                             port_starboard(k / 2).items()})
    tracker.close()
    assert [i.to_json() for i in batch] == [i.to_json() for i in tracker.incidents]
    assert len(batch) == 1 and batch[0].ruling is not None
    assert batch[0].ruling.keep_clear == "P" and batch[0].ruling.rules == ("10",)


def test_push_refuses_time_going_back_and_bad_boats() -> None:
    tracker = Tracker(Course(hull_length=1.0))
    tracker.push(1.0, {"A": (0.0, 0.0, 10.0)})
    with pytest.raises(InputError, match="after the last push"):
        tracker.push(1.0, {"A": (0.0, 0.0, 10.0)})
    with pytest.raises(InputError, match=r"boats\['A'\]: expected \(x, y\)"):
        tracker.push(2.0, {"A": (0.0,)})
    with pytest.raises(InputError, match="range: expected"):
        Tracker(Course(hull_length=1.0), range=-1)
    tracker.close()
    with pytest.raises(InputError, match="closed"):
        tracker.push(5.0, {})


def test_keeping_the_fast_paths_answer_changes_no_incident(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A pair's fast-path answer is kept while its tacks, overlap, leeward boat and clear
    astern boat stay as they were (away from marks): a seeded fleet tacking and gybing in
    a small square reports the same incidents as when every sample is asked."""
    import random

    from rightofway.rrs.tracks import tracker as module

    rng = random.Random(7)
    turn = {45.0: 315.0, 315.0: 45.0, 135.0: 225.0, 225.0: 135.0}
    boats: list[list[Any]] = [
        [f"B{i}", rng.uniform(0, 12), rng.uniform(0, 12), rng.choice(list(turn)),
         rng.randint(3, 12)] for i in range(12)]
    samples: list[dict[str, tuple[float, float, float]]] = []
    for _ in range(120):
        samples.append({b[0]: (b[1], b[2], b[3]) for b in boats})
        for b in boats:
            b[4] -= 1
            rad = math.radians(b[3])
            nx, ny = b[1] + 0.25 * math.sin(rad), b[2] + 0.25 * math.cos(rad)
            if not (0 <= nx <= 12 and 0 <= ny <= 12):
                b[3] = (b[3] + 180.0) % 360.0
                b[4] = rng.randint(3, 12)
            elif b[4] <= 0:
                b[3], b[4] = turn[b[3]], rng.randint(3, 12)
            else:
                b[1], b[2] = nx, ny

    def report_of() -> list[dict[str, object]]:
        tracker = Tracker(Course(hull_length=1.0))
        for t, fleet in enumerate(samples):
            tracker.push(t, fleet)
        tracker.close()
        return [i.to_json() for i in tracker.incidents]

    kept = report_of()
    monkeypatch.setattr(module, "_REUSE", False)
    assert len(kept) > 20 and kept == report_of()


def test_a_wind_shift_changes_the_tacks_from_its_time() -> None:
    """The wind steps from north to east at 9 s: S, heading 315, is on starboard either
    way, and so is P, heading 45, from then: the port-starboard rule gives way to the
    rules between boats on the same tack."""
    course = Course(hull_length=1.0, wind=((0.0, 0.0), (9.0, 90.0)))
    inc = only(sail(port_starboard, 20, course)[0])
    assert inc.changes and inc.changes[0].time == 9.0
    assert inc.changes[0].ruling.rules[0] in ("11", "12")
