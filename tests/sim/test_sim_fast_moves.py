"""The simulation's fast accounting against the explained one.

``moves.account`` and ``moves.legal_accountings`` work out a plan's numbers without its
sentences, and the legal-move search shares the beginnings of its plans; the explanation
(``moves._explained``) follows every step and writes it down. These properties hold the two
to the same answers: legality, the section, the units, the path, where the boat ends and
what is left, over plans of every kind and positions in every wind, in irons, at the edge
of the area and beside other hulls; and the legal-move search gives, in the same order,
the plans that the search written with the explained accounting gives.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rightofway import limits, sim
from rightofway.errors import InputError
from rightofway.geometry import Tack
from rightofway.positions import PositionError
from rightofway.sim import moves
from rightofway.sim.plan import Plan, PlanStep
from rightofway.sim.sailing import COMPASS, TOLERANCE, compass_degrees

# headings on the 5-degree grid, odd ones and the edges of the bands (45, 68, 113, 158
# degrees off the wind, head to wind and dead downwind)
_heading = st.one_of(
    st.integers(0, 71).map(lambda i: i * 5.0),
    st.floats(0.0, 359.999, allow_nan=False).map(lambda h: round(h, 3)),
    st.sampled_from([0.0, 45.0, 68.0, 113.0, 158.0, 180.0, 202.0, 247.0, 292.0, 315.0,
                     44.999999, 67.9999999, 94.5]),
)
_tack = st.sampled_from([None, Tack.PORT, Tack.STARBOARD])
_at = st.one_of(
    st.tuples(st.floats(-20, 20), st.floats(-20, 20)),
    # near the edge of the area a position may reach: runs beyond it are illegal
    st.tuples(st.sampled_from([limits.MAX_COORD - 2.5, -limits.MAX_COORD + 0.5]),
              st.floats(-5, 5)),
)
_step = st.one_of(
    st.sampled_from(["T45", "T-60", "T90", "T-135", "T180", "T0", "T5", "T-5", "T120.5",
                     "T300", "T-720", "M1", "M2", "M0.5", "M3", "M4", "M5", "M7", "M9", "P"]),
    st.integers(-72, 72).map(lambda i: f"T{i * 5}"),
    st.integers(1, 18).map(lambda i: f"M{i / 2:g}"),
)
_plan = st.lists(_step, max_size=6).map(" ".join)


def _position(heading: float, wind: str, knots: int, tack: Tack | None,
              at: tuple[float, float]) -> sim.Position:
    return sim.Position(wind, knots, (sim.Boat("A", at, heading, tack),))


def _numbers(a: moves.Accounting) -> tuple[object, ...]:
    return (a.boat, a.plan, a.point_of_sail, a.units, a.legal, a.reason, a.path, a.end,
            a.end.tack, a.left)


@settings(max_examples=400, deadline=None)
@given(_heading, st.sampled_from(COMPASS), st.integers(8, 16), _tack, _at, _plan)
def test_the_fast_accounting_gives_the_explained_numbers(
        heading: float, wind: str, knots: int, tack: Tack | None, at: tuple[float, float],
        plan: str) -> None:
    pos = _position(heading, wind, knots, tack, at)
    fast = moves.account(pos, "A", plan)
    slow = moves._explained(pos, "A", Plan.parse(plan))
    assert _numbers(fast) == _numbers(slow)
    assert fast.steps == slow.steps and fast == slow and hash(fast) == hash(slow)
    assert fast.problem == slow.problem


def test_accountings_are_equal_only_when_their_steps_are() -> None:
    # the same plan from the same spot in two winds that leave every number alike: the
    # steps still name the wind, so the accountings differ
    a = moves.account(_position(90.0, "N", 10, None, (0.0, 0.0)), "A", "M7")
    b = moves.account(_position(90.0, "N", 11, None, (0.0, 0.0)), "A", "M7")
    assert _numbers(a) == _numbers(b) and a.steps != b.steps and a != b
    assert a == moves.account(_position(90.0, "N", 10, None, (0.0, 0.0)), "A", "M7")


def _searched(position: sim.Position, boat: str, *, step: int = 5, splits: bool = True,
              penalty: bool = False) -> list[moves.Accounting]:
    """The legal-move search written plainly with the explained accounting: each plan's
    beginning probed, then the plan accounted in full (each text once)."""
    b = position.boat(boat)
    start_units = moves.units(position, boat)

    def probe(steps: tuple[PlanStep, ...]) -> float | None:
        a = moves._explained(position, boat, Plan(steps))
        if a.legal:
            return 0.0
        if a.reason != "SIM Movement" or a.left <= TOLERANCE:
            return None
        return math.floor(a.left * 2 + TOLERANCE) / 2

    heads = []
    for h in range(0, 360, step):
        d = (h - b.heading) % 360.0  # the shorter way round
        d = round(d - 360.0 if d > 180.0 else d, 6)
        if d != 0:
            heads.append(d)
    out: list[moves.Accounting] = []
    seen: set[str] = set()

    def add(steps: tuple[PlanStep, ...]) -> None:
        plan = Plan(steps)
        if str(plan) in seen:
            return
        seen.add(str(plan))
        a = moves._explained(position, boat, plan)
        if a.legal and position.touching(a.end) is None:
            out.append(a)

    for prefix in [(), (PlanStep("P"),)] if penalty else [()]:
        left = start_units - (6 if prefix else 0)
        if left > 0:
            add((*prefix, PlanStep("M", float(left))))
        for d in heads:
            turn = (*prefix, PlanStep("T", d))
            rest = probe(turn)
            if rest is not None:
                add(turn + ((PlanStep("M", rest),) if rest > 0 else ()))
            if splits and not prefix and left > 1:
                for first in range(1, left):
                    turn2 = (PlanStep("M", float(first)), PlanStep("T", d))
                    rest2 = probe(turn2)
                    if rest2 is not None:
                        add(turn2 + ((PlanStep("M", rest2),) if rest2 > 0 else ()))
    return out


# other boats about the mover: a plan ending with hulls touching is left out (RRS 14)
_others = st.lists(st.tuples(st.floats(-8, 8), st.floats(-8, 8), _heading), max_size=3)


@settings(max_examples=60, deadline=None)
@given(_heading, st.sampled_from(COMPASS), st.integers(8, 16), _tack, _at, _others,
       st.sampled_from([5, 5, 7, 30, 90, 1]), st.booleans(), st.booleans())
def test_the_legal_move_search_offers_what_the_explained_search_offers(
        heading: float, wind: str, knots: int, tack: Tack | None, at: tuple[float, float],
        others: list[tuple[float, float, float]], step: int, splits: bool,
        penalty: bool) -> None:
    boats = [sim.Boat("A", at, heading, tack)]
    for i, (dx, dy, h) in enumerate(others):
        try:
            boat = sim.Boat(chr(ord("B") + i), (at[0] + dx, at[1] + dy), h)
            sim.Position(wind, knots, (*boats, boat))
        except (InputError, PositionError):
            continue  # off the area, or touching a hull: no position holds it
        boats.append(boat)
    pos = sim.Position(wind, knots, tuple(boats))
    fast = moves.legal_accountings(pos, "A", step=step, splits=splits, penalty=penalty)
    slow = _searched(pos, "A", step=step, splits=splits, penalty=penalty)
    assert [_numbers(a) for a in fast] == [_numbers(a) for a in slow]
    assert fast == slow


@pytest.mark.parametrize("wind", COMPASS)
def test_the_search_in_irons_and_on_every_point_matches_the_explained_one(wind: str) -> None:
    w = compass_degrees(wind)
    for off in (0.0, 30.0, 44.0, 45.0, 60.0, 90.0, 135.0, 170.0, 180.0, 225.0, 330.0):
        pos = _position((w + off) % 360.0, wind, 12, Tack.STARBOARD, (1.0, -2.0))
        for penalty in (False, True):
            assert moves.legal_accountings(pos, "A", penalty=penalty) == \
                _searched(pos, "A", penalty=penalty)


@pytest.mark.parametrize(("boats", "seed"), [(2, 3), (4, 1)])
def test_a_race_sails_its_moves_as_judge_rules_them(boats: int, seed: int) -> None:
    # every turn of a seeded race and a few other plans of each position: the race's
    # numbers (rules._sail) are judge's, and the Racing Rules are asked afresh the same
    import random

    from rightofway import rrs
    from rightofway.sim import bots
    from rightofway.sim import rules as sim_rules

    race = bots.random_race(boats, seed)
    rng = random.Random(seed)
    judged = infringed = 0
    while not race.is_over() and race.turn < 80:
        pos = race.position
        chosen = bots.choose_move(race, rng)
        offered = race.legal_moves()
        for move in [chosen, *offered[::17], sim.Move(chosen.boat, Plan.parse("M50"))]:
            ruling, lg, met = sim_rules.judge(pos, move)
            sailed = sim_rules._sail(pos, move)
            judged += 1
            if not ruling.legal:
                assert sailed is None
                continue
            assert sailed is not None
            a, after, found = sailed
            assert _numbers(a) == _numbers(lg.accounting) and after == ruling.after
            assert found == met
            assert [(e.other, e.rule) for e in found if e.infringed] == \
                [(i.against, i.basis) for i in ruling.infringements]
            infringed += len(ruling.infringements)
        assert sim_rules.keep_clear(pos) == rrs.keep_clear(sim_rules.to_rrs(pos))
        race, _ = race.play(chosen)
    assert judged > 100 and infringed > 0  # the other plans pass close to boats


@pytest.mark.parametrize("wind", COMPASS)
def test_the_tables_of_whole_degrees_give_the_turns_worked_out(wind: str) -> None:
    # every whole-degree heading, on either tack or none, on grids of several steps: the
    # turns found in the tables are the turns the sailing functions work out (as the
    # headings between whole degrees work theirs out)
    from rightofway.plane import tack_of
    from rightofway.sim.sailing import _normalise, _point_of_sail, _turn_cost

    w = compass_degrees(wind)
    allow = moves._ALLOWANCES[12]
    for heading in range(360):
        # every heading on the grid of races; from every 13th, each degree and every tack
        every = heading % 13 == 0
        for tack in (None, Tack.PORT, Tack.STARBOARD) if every else (Tack.STARBOARD,):
            for step in (1, 5, 7, 90) if every else (5, 90):
                worked = []
                for h in range(0, 360, step):
                    d = (h - heading) % 360.0  # the shorter way round
                    d = round(d - 360.0 if d > 180.0 else d, 6)
                    if d != 0:
                        to = _normalise(heading + d)
                        point = _point_of_sail(to, w)
                        rad = math.radians(to)
                        worked.append((PlanStep("T", d), _turn_cost(d), to, point, allow[point],
                                       tack_of(to, w, tack), math.sin(rad), math.cos(rad)))
                assert moves._turns(float(heading), w, allow, tack, step) == worked
