"""Nothing a caller can ask costs more than the size of the position warrants.

Each ruleset's answers are called with the largest inputs its limits allow (a fleet of
:data:`rightofway.limits.MAX_BOATS` boats, the deepest shadow cone, the densest grid,
every heading) under a CPU-time and a memory limit. A call that enumerated something
exponential (every cycle of a keep-clear graph, every cell of a huge cone) fails here;
calls that grow with the square of the fleet pass well inside the limits. The sweep is
slow (CI runs it); speed itself is measured by ``benchmarks/run.py``.
"""

from __future__ import annotations

import random
import signal
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest

from rightofway import limits, rrs, rtw, sim, vg
from rightofway.geometry import Compass

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs POSIX timers")]

CPU_SECONDS = 20.0
"""Generous: the rulings of 4,950 pairs with their explanations take about 2 s here."""
MEMORY_BYTES = 1_000_000_000


class Runaway(Exception):
    """A call went past its CPU time: interrupted, so that the sweep never hangs."""


def _stop(signum: int, frame: Any) -> None:
    raise Runaway(f"more than {CPU_SECONDS} s of CPU")


def within_limits(call: Callable[[], Any]) -> Any:
    """``call()``, interrupted and failing the test if it takes more than the CPU time
    above (a profiling timer), or failing it if it used more memory."""
    tracemalloc.start()
    started = time.process_time()
    previous = signal.signal(signal.SIGPROF, _stop)
    signal.setitimer(signal.ITIMER_PROF, CPU_SECONDS)
    try:
        result = call()
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
        spent = time.process_time() - started
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert spent < CPU_SECONDS, f"{call} took {spent:.1f} s of CPU"
    assert peak < MEMORY_BYTES, f"{call} used {peak / 1e6:.0f} MB"
    return result


N = limits.MAX_BOATS
HEADINGS = [45.0, 315.0, 135.0, 225.0, 90.0, 270.0, 30.0, 200.0]


@pytest.mark.parametrize("seed", [1, 2])
def test_racing_rules_of_the_largest_fleet(seed: int) -> None:
    rng = random.Random(seed)
    boats = tuple(rrs.Boat(f"B{i}", (float(i % 10) * 2.2, float(i // 10) * 2.2),
                           rng.choice(HEADINGS)) for i in range(N))
    pos = rrs.Position(0, boats)
    graph = within_limits(lambda: rrs.engagement_graph(pos))
    assert len(graph.graph["cycles"]) <= 100
    within_limits(lambda: rrs.rulings(pos))
    within_limits(lambda: rrs.keep_clear(pos))
    within_limits(lambda: rrs.relations(pos))


def test_race_the_wind_s_largest_fleet_and_deepest_cone() -> None:
    rng = random.Random(3)
    cells = rng.sample([(x, y) for x in range(-15, 15) for y in range(-15, 15)], N)
    boats = tuple(rtw.Boat(f"B{i}", cell, rng.choice(list(Compass)))
                  for i, cell in enumerate(cells))
    pos = rtw.Position(Compass.N, boats, options=rtw.Options(
        shadow="cone", cover_depth=limits.MAX_COVER_DEPTH))
    within_limits(lambda: rtw.covers(pos))
    within_limits(lambda: rtw.engagement_graph(pos))
    within_limits(lambda: [rtw.legal_moves(pos, b.id) for b in boats])


def test_the_vector_game_s_largest_fleet() -> None:
    rng = random.Random(4)
    cells = rng.sample([(x, y) for x in range(0, 40) for y in range(0, 40)], N)
    boats = tuple(vg.Boat(f"B{i}", cell, vg.Vector.parse(rng.choice(["2U:2S", "1U:1P", "3D:0P"])))
                  for i, cell in enumerate(cells))
    pos = vg.Position(boats)
    within_limits(lambda: vg.engagement_graph(pos))
    within_limits(lambda: [vg.legal_moves(pos, b.id) for b in boats])


def test_the_simulation_s_largest_fleet() -> None:
    rng = random.Random(5)
    boats = tuple(sim.Boat(f"B{i}", (float(i % 10) * 3.0, float(i // 10) * 3.0),
                           rng.choice(HEADINGS)) for i in range(N))
    pos = sim.Position("N", 13, boats)
    within_limits(lambda: sim.engagement_graph(pos))
    within_limits(lambda: sim.play_order(pos))
    within_limits(lambda: sim.legal_moves(pos, "B0"))
