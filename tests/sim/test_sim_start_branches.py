"""SIM The Start, branch by branch: a boat over early at the gun that returns and
starts within one plan."""

from __future__ import annotations

from rightofway import sim
from rightofway.sim import race, rules

LINE = sim.Line("line", "start", ((-5.0, 0.0), (5.0, 0.0)))  # wind N: the course is north


def _position(turns_left: int) -> sim.Position:
    return sim.Position("N", 13, (sim.Boat("A", (0.0, 1.0), 180.0),), lines=(LINE,),
                        start_turns_left=turns_left)


def test_an_early_boat_returns_and_starts_in_one_plan_after_the_gun() -> None:
    track = ((0.0, 1.0), (0.0, -1.0), (0.0, 2.0))  # back across the line, then over again
    crossing = rules.start_crossing(_position(0), LINE, track, early=True)
    assert crossing == rules.StartCrossing(early=False, went_over=False, returned=True,
                                           started=True)
    progress, events = race._start(_position(0), LINE, "A", race.Progress(early=True), track)
    assert progress.started and not progress.early
    assert [(e.kind, e.boat, str(e.cite)) for e in events] == [
        ("returned", "A", "SIM The Start"), ("start", "A", "SIM The Start")]


def test_an_early_boat_that_only_returns_has_not_started() -> None:
    crossing = rules.start_crossing(_position(0), LINE, ((0.0, 1.0), (0.0, -1.0)), early=True)
    assert crossing.returned and not crossing.started and not crossing.early


def test_before_the_gun_going_over_and_back_in_one_plan_leaves_her_not_over() -> None:
    crossing = rules.start_crossing(_position(1), LINE, ((0.0, -1.0), (0.0, 1.0), (0.0, -1.0)))
    assert crossing.went_over and crossing.returned and not crossing.early
    assert not crossing.started
