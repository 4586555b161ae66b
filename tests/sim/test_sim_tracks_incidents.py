"""A simulated race's tracks tell the story the race told: at the end of every round the
tracks put each boat where the race left her (:mod:`rightofway.sim.tracks`), so at those
moments the incidents the tracks give must name the same boat keeping clear as the race's
own ruling of its position (:func:`rightofway.sim.rules.keep_clear`).

What may legitimately differ, and how each difference is held to its cause:

* the facts only history shows (overlap from clear astern, right of way just acquired, zone
  entry) add rules 15, 17 and 18 to a ruling but never change who keeps clear under Section
  A: the comparison is of keep-clear and right of way alone, never of the rules cited;
* a boat the tracks see tacking (RRS 13: her own turn passed head to wind, and she is not
  yet close-hauled) is one the race's snapshot cannot
  see, since it states no boat tacking: a difference is allowed only where the tracks cite
  rule 13, and the boat they make keep clear is then, in the race's own position, not yet
  close-hauled;
* an incident is one pair, ruled as the two boats alone, while the race rules its whole
  fleet, where a third boat between two links their overlap (the definition Overlap): the
  pair is compared with the race's ruling of its position with the pair alone, and where
  that differs from the fleet's ruling the difference is only whether they overlap (rule 11
  against rule 12);
* a boat that has finished is out of the race (her track ends at her finish): pairs with a
  finished boat are left out.
"""

from __future__ import annotations

import dataclasses
import random
from itertools import pairwise
from pathlib import Path

import pytest

from rightofway.rrs.tracks import IncidentRuling, Tracker, read_course, read_tracks, samples
from rightofway.rrs.tracks import incidents as track_incidents
from rightofway.sim import bots
from rightofway.sim.race import Race
from rightofway.sim.rules import keep_clear
from rightofway.sim.tracks import SECONDS_PER_ROUND, write_tracks

CLOSE_HAULED = 45.0
"""Degrees off the wind of a close-hauled boat (the rrs option's default)."""

RACES = [(3, seed) for seed in (0, 1, 2)] + [(4, seed) for seed in (2, 4, 5, 8, 9)]
"""(boats, seed): three- and four-boat races, the four-boat ones chosen among seeds 0 to 11
for having each kind of allowed difference (a wind shift across bows, a boat head to wind,
a third boat linking an overlap) as well as plain agreement."""


def _race(boats: int, seed: int) -> Race:
    race = bots.random_race(boats, seed)
    rng = random.Random(seed)
    while not race.is_over():
        race, _ = race.play(bots.choose_move(race, rng))
    return race


def _round_ends(race: Race) -> dict[float, Race]:
    """The race at the end of each round, by the time the tracks give that moment."""
    states = race.states
    return {before.round * SECONDS_PER_ROUND: after
            for before, after in pairwise(states)
            if after.round != before.round}


def _off_the_wind(heading: float, wind: float) -> float:
    d = abs(heading - wind) % 360.0
    return min(d, 360.0 - d)


def _pair_alone(race: Race, pair: tuple[str, str]) -> tuple[str, str, str]:
    """The race's ruling of its position with the two boats alone."""
    position = race.position
    alone = dataclasses.replace(position, boats=tuple(b for b in position.boats
                                                       if b.id in pair))
    (found,) = keep_clear(alone)
    return found


@pytest.mark.parametrize(("boats", "seed"), RACES, ids=[f"{b}-boats-seed-{s}" for b, s in RACES])
def test_the_tracks_name_the_boat_keeping_clear_that_the_race_named(
        tmp_path: Path, boats: int, seed: int) -> None:
    race = _race(boats, seed)
    course_file = write_tracks(race, tmp_path / "race.csv")
    tracks = read_tracks([tmp_path / "race.csv"])
    course = read_course(course_file, tracks)

    # the tracker's ruling of each pair over time: at each incident's opening sample, then
    # at each change (a step function of time)
    tracker = Tracker(course)
    steps: dict[tuple[str, str], list[tuple[float, IncidentRuling | None]]] = {}
    for t, places, speeds in samples(tracks):
        for event in tracker.push(t, places, speeds):
            if event.kind == "opened":
                steps.setdefault(event.boats, []).append((t, event.incident.ruling))
            elif event.kind == "changed":
                steps.setdefault(event.boats, []).append((t, event.incident.changes[-1].ruling))
    tracker.close()
    found = tracker.incidents
    # the events tell what the report tells: the same incidents, the same changes
    report = track_incidents(tracks, course)
    assert [i.to_json() for i in found] == [i.to_json() for i in report]
    for inc in found:
        told = [(t, r) for t, r in steps[inc.boats] if inc.start < t <= inc.end]
        assert told == [(c.time, c.ruling) for c in inc.changes]

    ends = _round_ends(race)
    agreed = tacking = linked = 0
    for inc in found:
        for t, after in ends.items():
            if not inc.start <= t <= inc.end:
                continue
            if set(inc.boats) & set(after.finish_order):
                continue  # a finished boat is out of the race; her track ends at her finish
            ruled = [r for when, r in steps[inc.boats] if inc.start <= when <= t]
            ruling = ruled[-1] if ruled else None
            if t == inc.closest_time and inc.ruled_time == t:
                ruling = inc.ruling  # the report's own ruling, with the trail
            assert ruling is not None, f"no ruling of {inc.boats} at {t} s"
            fleet = {frozenset(k[:2]): k for k in keep_clear(after.position)}
            race_says = fleet[frozenset(inc.boats)]
            alone = _pair_alone(after, inc.boats)
            if alone[:2] != race_says[:2]:
                # a boat between them links their overlap in the fleet: only 11 against 12
                assert {alone[2], race_says[2]} == {"11", "12"}, (t, alone, race_says)
                linked += 1
            tracks_say = (ruling.keep_clear, ruling.right_of_way)
            if tracks_say == alone[:2]:
                agreed += 1
                continue
            # a boat the tracks see tacking: rule 13, and she is not yet close-hauled
            assert "13" in ruling.rules, (seed, inc.boats, t, ruling, alone)
            boat = after.position.boat(ruling.keep_clear)
            assert _off_the_wind(boat.heading, after.position.wind_degrees) \
                < CLOSE_HAULED, (seed, inc.boats, t, ruling, boat)
            tacking += 1
    assert agreed >= 15
    assert tacking + linked <= agreed // 4, (agreed, tacking, linked)
