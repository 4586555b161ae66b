"""Benchmark: adjudicating a 5-boat Race the Wind position against python-chess move generation.

Run ``python benchmarks/run.py`` (python-chess comes with the ``bench`` extra).
Everything is measured in one run on the same machine, so the ratios compare
like with like; the last line is ``ratio kernel/chess: X.XX`` (fast path). The Racing
Rules of Sailing cases judge every pair of a 20-boat fleet at a mark: ``ratio
rrs-fleet/chess`` is the fast path (``rrs.keep_clear``), with the fleet's explained
rulings, its ``relations`` and a fresh position's keep-clear on their own lines.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
import timeit
from collections.abc import Callable
from pathlib import Path

import chess

from rightofway import _compiled, ac, rrs, vg
from rightofway.geometry import Compass
from rightofway.rrs import rules as rrs_rules
from rightofway.rtw import (
    Boat,
    Mark,
    MarkRole,
    Position,
    apply,
    claims,
    engagement_graph,
    engagements,
    legal_moves,
)

sys.path.insert(0, str(Path(__file__).parent))  # fleets.py beside this script

# A mid-race beat: five boats on several points of sail, gusts and lulls around them.
POSITION = Position(
    wind=Compass.N,
    boats=(
        Boat("A", (0, 4), Compass.NE),
        Boat("B", (2, 4), Compass.NW),
        Boat("C", (1, 2), Compass.W),
        Boat("D", (3, 3), Compass.SE),
        Boat("E", (-1, 3), Compass.S),
    ),
    marks=(Mark("windward", (0, 14), MarkRole.WINDWARD_MARK),),
    yellow=frozenset({(1, 6), (-2, 2), (4, 1)}),
    blue=frozenset({(1, 5), (3, 2), (0, 1), (-3, 3)}),
)


VG_POSITION = vg.Position(
    (
        vg.Boat("A", (8, 9), vg.Vector.parse("2U:2P")),
        vg.Boat("B", (10, 10), vg.Vector.parse("1U:1S")),
        vg.Boat("C", (4, 12), vg.Vector.parse("3D:2S")),
        vg.Boat("D", (12, 6), vg.Vector.parse("1U:1P")),
        vg.Boat("E", (6, 5), vg.Vector.parse("2U:2S")),
    ),
    board=(20, 20),
    islands=frozenset({(9, 14), (3, 8)}),
)


# An America's Cup match race mid-beat under the advanced rules: blue starboard, red port,
# six cards each; every legal move of both boats for every card in hand.
_DECK = ac.Card.parse
AC_POSITION = ac.Position(
    (
        ac.Boat("blue", (8, 20), Compass.NW, 1, (1, 4, 7), 3,
                tuple(_DECK(c) for c in ("G2/3/3-6-8", "G3/5/7-2-4", "G4/6/8-3-5",
                                         "G5/2/4-7-1", "R3/1/5-8-2", "R4/1/5-8-2"))),
        ac.Boat("red", (11, 19), Compass.NE, 1, (2, 5, 8), None,
                tuple(_DECK(c) for c in ("G2/5/1-4-6", "G3/1/5-8-2", "R2/2/2-5-7",
                                         "R3/4/6-1-3", "R4/2/6-1-3", "R5/6/8-3-5"))),
    ),
    ac.Options.of({"advanced": True}),
)


def americas_cup() -> int:
    """Every legal move of both boats for every card in hand (and every discard allowed):
    how many there are. From nothing worked out: what the position keeps of its searches
    (shared by the cards of one call) is cleared first, so no call reuses an earlier one's."""
    AC_POSITION._memo.clear()
    moves = 0
    for boat in AC_POSITION.boats:
        for card in boat.hand or ():
            moves += len(list(ac.legal_moves(AC_POSITION, boat.id, card)))
            moves += len(list(ac.legal_moves(AC_POSITION, boat.id, card, discard=True)))
    return moves


def _fleet() -> rrs.Position:
    """Twenty boats rounding a leeward mark (to port) on a run, in three ranks, some
    gybing onto port: every pair is judged."""
    boats = []
    for i in range(20):
        rank, place = divmod(i, 7)
        angle = math.radians(150 - place * 8)
        r = 2.2 + rank * 1.7 + place * 0.15
        at = (r * math.cos(angle), r * math.sin(angle) + 0.4 * rank)
        boats.append(rrs.Boat(f"B{i:02}", at, 160 + (place - 3) * 9 + rank * 4))
    return rrs.Position(0, tuple(boats), (rrs.Mark("leeward", (0.0, 0.0), "port", "leeward"),))


RRS_FLEET = _fleet()
RRS_FRESH = _fleet()


def rrs_fleet() -> object:
    """Keep-clear, mark-room and room for every pair of a 20-boat fleet at a mark, explained."""
    return rrs.rulings(RRS_FLEET)


def rrs_fleet_fast() -> object:
    """Who keeps clear of whom for every pair of the same fleet, without explanations."""
    return rrs.keep_clear(RRS_FLEET)


def rrs_fleet_fresh() -> object:
    """The same on a position seen for the first time: each boat's facts worked out too.

    A position keeps what it derives from each boat alone (hulls, tacks, heading vectors);
    an engine that builds a new position every tick pays for that on every call, so its
    memo is emptied here before each call (the position's validation is not timed)."""
    RRS_FRESH._memo.clear()
    return rrs.keep_clear(RRS_FRESH)


SWEEP_IN_USE = getattr(rrs_rules, "_sweeping")  # noqa: B009 (the module keep_clear runs)
SWEEP_SOURCE = _compiled.source("rightofway.rrs._sweep")


def rrs_fleet_source() -> object:
    """The keep-clear of :func:`rrs_fleet_fast` run by the sweep's Python source, whether or
    not the install compiled it: the figure of an install without a C compiler (or Pyodide).
    """
    setattr(rrs_rules, "_sweeping", SWEEP_SOURCE)  # noqa: B010
    try:
        return rrs.keep_clear(RRS_FLEET)
    finally:
        setattr(rrs_rules, "_sweeping", SWEEP_IN_USE)  # noqa: B010


def rrs_fleet_relations() -> object:
    """Keep-clear, mark-room and room for every pair of the same fleet, no explanations."""
    return rrs.relations(RRS_FLEET)


def vector_game() -> object:
    """A five-boat Vector Game position: claims, engaged pairs and the legal moves of A
    (from nothing worked out: what a position keeps once computed is cleared first)."""
    VG_POSITION._memo.clear()
    return vg.claims(VG_POSITION), vg.engaged_pairs(VG_POSITION), vg.legal_moves(VG_POSITION, "A")


def _cold() -> Position:
    """The benchmark position with nothing it worked out before (claims are kept on an
    immutable position once computed; a fresh position has none)."""
    POSITION._claims.clear()
    return POSITION


def fast_path() -> object:
    """Claims of every boat, the engaged pairs and right of way per pair, no graph."""
    pos = _cold()
    by_boat = claims(pos)
    return by_boat, engagements(pos, by_boat)


def graph_path() -> object:
    """The same facts through the explained engagement graph."""
    return engagement_graph(_cold())


def search_leaves() -> int:
    """A 2-ply search of Race the Wind: every legal move of the boat to move, then every
    legal move of the next boat in each position reached; the leaves counted."""
    pos = _cold()
    order = pos.turn_order or pos.boat_ids
    first, second = order[0], order[1]
    leaves = 0
    for m in legal_moves(pos, first):
        leaves += len(legal_moves(apply(pos, m), second))
    return leaves


def perft(board: chess.Board, depth: int) -> int:
    """python-chess: the leaves of the move tree ``depth`` plies deep."""
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


def leaves_per_second(fn: Callable[[], int], repeat: int, seconds: float = 0.2) -> float:
    """Best-of-``repeat`` leaves per CPU second of ``fn`` run for about ``seconds``."""
    best = 0.0
    for _ in range(repeat):
        leaves, start = 0, time.process_time()
        while True:
            leaves += fn()
            spent = time.process_time() - start
            if spent >= seconds:
                break
        best = max(best, leaves / spent)
    return best


def fleet_exponents(repeat: int) -> list[tuple[str, float, list[float]]]:
    """Log-log slope of time against fleet size (250 to 4,000 boats, constant density), each
    series timed in a process of its own (``fleets.py``)."""
    import json
    import subprocess

    from fleets import SERIES, sizes_of, slope

    out = []
    for name in SERIES:
        proc = subprocess.run([sys.executable, str(Path(__file__).parent / "fleets.py"), name,
                               "--repeat", str(repeat)],
                              capture_output=True, text=True, check=True)
        times = json.loads(proc.stdout)
        out.append((name, slope(sizes_of(name), times), times))
    return out


BOARD = chess.Board()


def chess_reference() -> object:
    """python-chess: every legal move of the initial position."""
    return list(BOARD.legal_moves)


CHESS_MOVES = len(list(BOARD.legal_moves))


def game_races_per_second(ruleset: str, boats: int, count: int) -> tuple[float, int]:
    """Seeded races of ``ruleset`` played by its bots as ``rightofway play --seed N`` plays
    them (seeds 1 to ``count``): races per CPU second (in this process) and moves."""
    import random as _random

    from rightofway.parallel import start_game

    start_game(ruleset, boats, 0, None)  # the ruleset's modules imported, untimed
    played = 0
    start = time.process_time()
    for seed in range(1, count + 1):
        bots, race = start_game(ruleset, boats, seed, None)
        rng = _random.Random(seed)
        while not race.is_over():
            race, _ = race.play(bots.choose_move(race, rng))
        played += len(race.moves)
    return count / (time.process_time() - start), played


def track_samples_per_second(seconds: int) -> tuple[float, int]:
    """A simulated 100-boat fleet's tracks, a fix a second for ``seconds`` seconds, pushed
    through a tracker and reported (``tracks_fleet.py``): boat-samples per CPU second (the
    fleet's sailing is not timed) and the incidents found."""
    from tracks_fleet import fleet, incidents_of

    fixes = fleet(100, seconds)
    start = time.process_time()
    found = incidents_of(fixes)
    return len(fixes) / (time.process_time() - start), found


def races_per_second(count: int) -> tuple[float, int]:
    """Whole random races played by the bots, five boats each: races per CPU second (in
    this process) and moves."""
    import random as _random

    from rightofway.rtw.bots import choose_move, random_race

    played = 0
    start = time.process_time()
    for seed in range(count):
        race = random_race(5, seed)
        rng = _random.Random(seed)
        while not race.is_over():
            race, _ = race.play(choose_move(race, rng))
        played += race.turn
    return count / (time.process_time() - start), played


_IMPORT = (
    "import sys, time\n"
    "t = time.process_time()\n"
    "import {module}\n"
    "print(time.process_time() - t, 'networkx' in sys.modules, 'pydantic' in sys.modules)\n"
)
_HELP = (
    "import sys, time\n"
    "t = time.process_time()\n"
    "from rightofway.cli import main\n"
    "try:\n"
    "    main(['--help'])\n"
    "except SystemExit:\n"
    "    pass\n"
    "print(time.process_time() - t, 'networkx' in sys.modules, 'pydantic' in sys.modules,"
    " file=sys.stderr)\n"
)


def start_up(repeat: int) -> list[tuple[str, float, bool]]:
    """CPU seconds to import a module, and to print the CLI's help, in a fresh interpreter.

    Each is the best of ``repeat`` fresh processes; the flag says whether networkx or
    pydantic (which rightofway loads only when needed) came along.
    """
    import subprocess
    import sys

    out = []
    for name, code in (("import rightofway", _IMPORT.format(module="rightofway")),
                       ("import rightofway.rtw", _IMPORT.format(module="rightofway.rtw")),
                       ("rightofway --help", _HELP)):
        best, heavy = float("inf"), False
        for _ in range(repeat):
            proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                  check=True)
            text = proc.stderr if name.endswith("--help") else proc.stdout
            cpu, nx_loaded, pd_loaded = text.split()[-3:]
            best = min(best, float(cpu))
            heavy = heavy or nx_loaded == "True" or pd_loaded == "True"
        out.append((name, best, heavy))
    return out


def measure(cases: list[tuple[str, Callable[[], object]]], repeat: int,
            number: int) -> list[tuple[str, float]]:
    """Best-of-``repeat`` microseconds per call for each case.

    The cases take turns within every round, so a disturbance of the machine
    hits them alike; the best round is the least disturbed one.
    """
    best = {name: float("inf") for name, _ in cases}
    for _ in range(repeat):
        for name, fn in cases:
            # CPU time of this process: other processes on the machine do not count
            best[name] = min(best[name], timeit.timeit(fn, number=number,
                                                       timer=time.process_time))
    return [(name, best[name] / number * 1e6) for name, _ in cases]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--number", type=int, default=2000)
    parser.add_argument("--races", type=int, default=5,
                        help="random five-boat races to time (0 to skip)")
    parser.add_argument("--fleets", type=int, default=3,
                        help="rounds of the fleet-size scaling (0 to skip)")
    parser.add_argument("--track-seconds", type=int, default=3600,
                        help="seconds of a 100-boat fleet's tracks to find incidents in (0 to "
                             "skip)")
    args = parser.parse_args()
    cases: list[tuple[str, Callable[[], object]]] = [
        ("chess legal_moves (reference)", chess_reference),
        ("rtw fast path", fast_path),
        ("rtw engagement_graph", graph_path),
        ("vg claims, pairs, legal moves", vector_game),
        ("rrs 20 boats: every pair ruled", rrs_fleet),
        ("rrs 20 boats: keep-clear only", rrs_fleet_fast),
        ("rrs 20 boats: keep-clear, fresh", rrs_fleet_fresh),
        ("rrs 20 boats: relations", rrs_fleet_relations),
        ("ac legal moves, both boats", americas_cup),
        ("rrs 20 boats: keep-clear, source", rrs_fleet_source),
    ]
    for _, fn in cases:
        fn()  # warm up
    rows = measure(cases, args.repeat, args.number)
    ref = rows[0][1]
    print(f"{'case':<32}{'us/call':>10}{'ratio':>8}")
    for name, us in rows:
        print(f"{name:<32}{us:>10.1f}{us / ref:>8.2f}")
    print(f"engaged pairs: {len(engagements(POSITION))}; each figure is the best of "
          f"{args.repeat} runs of {args.number} calls")
    for name, cpu, heavy in start_up(args.repeat):
        print(f"start-up {name:<24}{cpu * 1000:>8.0f} ms CPU"
              f"{' (networkx or pydantic loaded)' if heavy else ''}")
    if args.races:
        rate, moves = races_per_second(args.races)
        print(f"random races (5 boats, bots choosing among safe moves): {rate:.2f} races per "
              f"CPU second, {moves / args.races:.0f} moves per race (goal: at least 2.46)")
    if args.races:
        for ruleset, boats in (("americas-cup", 2), ("simulation", 4)):
            rate, moves = game_races_per_second(ruleset, boats, args.races)
            print(f"seeded {ruleset} races ({boats} boats): {moves / args.races:.0f} moves per "
                  "race (goal: at least 3 races per CPU second)")
            print(f"races per CPU second {ruleset}: {rate:.2f}")
    if args.track_seconds:
        rate, found = track_samples_per_second(args.track_seconds)
        print(f"tracks: 100 boats at 1 Hz for {args.track_seconds} s, {found} incidents "
              "(goal: at least 20,000 boat-samples per CPU second)")
        print(f"track samples per CPU second: {rate:,.0f}")
    if args.fleets:
        for name, exponent, times in fleet_exponents(args.fleets):
            sizes = "25 to 400 boats, 300 s of tracks" if name == "tracks" else \
                "250 to 4,000 boats"
            print(f"fleet exponent {name}: {exponent:.2f} (" + ", ".join(
                f"{t * 1000:.1f}" for t in times) + f" ms for {sizes}; goal: at most 1.20)")
    rtw_rate = leaves_per_second(search_leaves, args.repeat)
    chess_rate = leaves_per_second(lambda: perft(chess.Board(), 3), args.repeat)
    print(f"search: rtw 2-ply {rtw_rate:,.0f} leaves/s, chess perft(3) {chess_rate:,.0f} "
          "leaves/s (goal: at least 0.50)")
    print(f"ratio search/chess: {rtw_rate / chess_rate:.2f}")
    print(f"ratio vector/chess: {rows[3][1] / ref:.2f} (goal: at most 3.00)")
    how = "compiled with mypyc" if _compiled.compiled(SWEEP_IN_USE) else "Python source"
    print(f"rrs fleet: {len(RRS_FLEET.boats)} boats, "
          f"{len(RRS_FLEET.boats) * (len(RRS_FLEET.boats) - 1) // 2} pairs, the sweep {how} "
          "(goal: keep-clear at most 3.00)")
    print(f"ratio rrs-fleet-source/chess: {rows[9][1] / ref:.2f}")
    print(f"ratio rrs-fleet-explained/chess: {rows[4][1] / ref:.2f}")
    print(f"ratio rrs-fleet-relations/chess: {rows[7][1] / ref:.2f}")
    print(f"ratio rrs-fleet-fresh/chess: {rows[6][1] / ref:.2f}")
    print(f"ratio rrs-fleet/chess: {rows[5][1] / ref:.2f}")
    ac_moves = americas_cup()
    print(f"ratio americas-cup/chess: {rows[8][1] / ref:.2f} (goal: at most 40)")
    print(f"americas-cup: {ac_moves} legal moves against python-chess's {CHESS_MOVES}")
    print(f"ratio americas-cup-per-move/chess: "
          f"{rows[8][1] / ac_moves / (ref / CHESS_MOVES):.2f} (goal: at most 2.0)")
    print(f"ratio graph/chess: {rows[2][1] / ref:.2f} (goal: at most 1.50)")
    print(f"ratio kernel/chess: {rows[1][1] / ref:.2f}")


if __name__ == "__main__":
    main()
