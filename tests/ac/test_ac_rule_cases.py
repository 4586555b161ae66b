"""America's Cup rules, case by case, written to kill the mutants the other tests let live.

See docs/mutation-testing.rst. Every expectation is worked out by hand from the rulebook
(americas-cup.txt) and the readings of the spec (americas-cup.md), never taken from the
program's output; the comment beside each case does the geometry. The board is the
default course: x 0..20, y 0..48, windward buoy (10, 44), leeward buoy (14, 4), jury boat
(6, 4), the line the row y = 4; the wind blows from the North.
"""

from __future__ import annotations

import pytest

from rightofway.ac import Boat, Card, Move, Options, Position, legality, points_available
from rightofway.ac import moves as ac_moves
from rightofway.ac import rules as ac_rules
from rightofway.ac.moves import crew_points
from rightofway.geometry import Compass

N, NE, E, SE, S, SW, W, NW = (Compass.N, Compass.NE, Compass.E, Compass.SE, Compass.S,
                              Compass.SW, Compass.W, Compass.NW)
G2 = Card.parse("G2/4/2-3-5")
G3 = Card.parse("G3/5/1-4-7")
R2 = Card.parse("R2/3/4-5-6")
FAR = Boat("far", (18, 40), NE)  # out of everybody's way


def pos(*boats: Boat, options: Options | None = None, **kw: object) -> Position:
    return Position(boats, options or Options(), **kw)  # type: ignore[arg-type]


# --- the actions' table (built at import, so tested directly) ---------------------------


@pytest.mark.parametrize(("heading", "expected"), [
    # heading N, step (0, 1); stern one step South of the bow, at (0, -1) from it
    (N, {"A": (0, 1, N, N), "AL": (-1, 1, NW, NW), "AR": (1, 1, NE, NE),
         "L": (-1, 0, NW, None),   # stern (0, -1) + NW step (-1, 1)
         "R": (1, 0, NE, None),    # stern (0, -1) + NE step (1, 1)
         "CL": (0, 0, NW, None), "CR": (0, 0, NE, None)}),
    # heading E, step (1, 0); stern at (-1, 0) from the bow
    (E, {"A": (1, 0, E, E), "AL": (1, 1, NE, NE), "AR": (1, -1, SE, SE),
         "L": (0, 1, NE, None),    # (-1, 0) + (1, 1)
         "R": (0, -1, SE, None),   # (-1, 0) + (1, -1)
         "CL": (0, 0, NE, None), "CR": (0, 0, SE, None)}),
    # heading SW, step (-1, -1); stern at (1, 1) from the bow
    (SW, {"A": (-1, -1, SW, SW), "AL": (0, -1, S, S), "AR": (-1, 0, W, W),
          "L": (1, 0, S, None),    # (1, 1) + S step (0, -1)
          "R": (0, 1, W, None),    # (1, 1) + W step (-1, 0)
          "CL": (0, 0, S, None), "CR": (0, 0, W, None)}),
])
def test_the_action_table(heading: Compass,
                          expected: dict[str, tuple[int, int, Compass, Compass | None]]) -> None:
    table = ac_moves._table()
    assert len(table) == 8 * 7
    for action, row in expected.items():
        assert table[(heading, action)] == row, action
    assert table == ac_moves._ACT


# --- crew points ------------------------------------------------------------------------


def test_crew_points_need_a_card_a_crew_and_the_rule_outside_the_start() -> None:
    b = Boat("b", (8, 10), NW, crew=(1, 4, 7))
    on = Options.of(crew=True)
    assert crew_points(b, G3) == 3  # 1, 4 and 7 all match; no position: no option check
    assert crew_points(b, None) == 0  # a discard gives none
    assert crew_points(Boat("b", (8, 10), NW), G3) == 0  # no crew chosen
    assert crew_points(b, G3, pos(b, FAR, options=on)) == 3
    start = pos(Boat("b", (8, 2), N, crew=(1, 4, 7)), Boat("c", (12, 1), N), options=on,
                phase="start")
    assert crew_points(b, G3, start) == 0
    with pytest.raises(TypeError, match=r"^boat: "):
        crew_points("b", G3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^card: "):
        crew_points(b, "G3/5/1-4-7")  # type: ignore[arg-type]


def test_points_available_checks_the_move() -> None:
    p = pos(Boat("b", (8, 10), NW, hand=(G3,)), FAR)
    with pytest.raises(TypeError, match=r"^move: "):
        points_available(p, "b G3")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^move: expected a Move, not str$"):
        legality(p, "b G3")  # type: ignore[arg-type]
    assert points_available(p, Move("b"))[0] == 0
    assert points_available(p, Move("b", G3, ("A",) * 3))[0] == 3


# --- the move itself ----------------------------------------------------------------------


def test_a_move_is_checked_when_it_is_made() -> None:
    assert Move("b", "G3/5/1-4-7").card == G3  # a card in the files' notation
    assert Move("b", None, ("A",), discard="R2/3/4-5-6").discard == R2
    for kw, word in ((dict(boat=""), "boat"), (dict(boat="b", card="X9"), "card: "),
                     (dict(boat="b", discard="X9"), "discard: "),
                     (dict(boat="b", card=G3, discard=R2), "not both"),
                     (dict(boat="b", card=G3, actions=("A", "X")), r"actions\[1\]"),
                     (dict(boat="b", actions=("A",)), "skipped turn"),
                     (dict(boat="b", card=G3, exchange=True), "only a skipped turn")):
        with pytest.raises(ValueError, match=word):
            Move(**kw)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"actions"):
        Move("b", G3, "AAA")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"exchange"):
        Move("b", exchange=1)  # type: ignore[arg-type]
    assert Move("b", G3, ["A", "L"]).actions == ("A", "L")  # type: ignore[arg-type]


def test_a_move_as_text_and_as_record_data() -> None:
    assert Move("b").skip and not Move("b", G3).skip and not Move("b", discard=G3).skip
    assert str(Move("b")) == "b skips"
    assert str(Move("b", exchange=True)) == "b skips and exchanges its hand"
    assert str(Move("b", G3, ("A", "L"))) == "b G3/5/1-4-7: A L"
    assert str(Move("b", None, ("A",), discard=G3)) == "b discard G3/5/1-4-7: A"
    assert str(Move("b", G3)) == "b G3/5/1-4-7: -"
    assert Move("b", G3, ("A",)).to_json() == {"boat": "b", "card": "G3/5/1-4-7",
                                                "actions": ["A"]}
    assert Move("b", None, ("A",), discard=G3).to_json() == {
        "boat": "b", "discard": "G3/5/1-4-7", "actions": ["A"]}
    assert Move("b", exchange=True).to_json() == {"boat": "b", "actions": [],
                                                  "exchange": True}


# --- which card may be played (AC Turn Sequence, Sequence, Into the Wind, Start) --------


def cite_of(p: Position, m: Move) -> str:
    lg = legality(p, m)
    assert not lg.legal, lg.reason
    return str(lg.cite)


def test_boats_out_of_the_race_make_no_move() -> None:
    gone = pos(Boat("b", (8, 10), NW, hand=(G3,), status="disqualified"), FAR)
    assert cite_of(gone, Move("b", G3, ("A",) * 3)) == "AC Start Procedure"
    done = pos(Boat("b", (8, 2), S, leg=6, hand=(G3,), finished=True), FAR)
    assert cite_of(done, Move("b", G3, ("A",) * 5)) == "AC End of the Race"


def test_during_the_start_every_boat_manoeuvres_with_a_card() -> None:
    p = pos(Boat("a", (8, 1), N, hand=(G3,)), Boat("b", (12, 1), N), phase="start")
    assert cite_of(p, Move("a")) == "AC Start Procedure"
    assert cite_of(p, Move("a", None, ("A", "A"), discard=G3)) == "AC Start Procedure"
    # the upwind value, whatever the colour and the wind: G3 gives 3 heading N (no tack)
    n, _ = points_available(p, Move("a", G3, ("L", "R", "L")))
    assert n == 3
    assert legality(p, Move("a", G3, ("L", "R", "L")))
    # crew tacks are not allowed in the start, even with the crew rule on
    crew = pos(Boat("a", (8, 1), N, crew=(1, 4, 7), hand=(G3,)), Boat("b", (12, 1), N),
               options=Options.of(crew=True), phase="start")
    assert cite_of(crew, Move("a", G3, ("CL", "A", "A", "A"))) == "AC Start Procedure"


def test_a_boat_that_stands_still_skips_once() -> None:
    p = pos(Boat("b", (8, 10), NW, hand=(G3,), status="stands-still"), FAR)
    assert cite_of(p, Move("b", G3, ("A",) * 3)) == "AC Start Procedure"
    after = legality(p, Move("b")).after
    assert after is not None and after.boat("b").status is None
    assert after.boat("b").hand == (G3,)  # no exchange asked


def test_no_skipping_downwind_and_no_discard_downwind() -> None:
    two = Card.parse("R2/3/4-5-6")
    p = pos(Boat("b", (8, 20), SW, leg=2, hand=(two,)), FAR,
            options=Options.of(sequence=True))
    assert cite_of(p, Move("b")) == "AC Turn Sequence"
    lg = legality(p, Move("b", None, ("A", "A"), discard=two))
    assert not lg and str(lg.cite) == "AC Turn Sequence" and "downwind" in lg.reason


def test_a_sequence_starts_with_a_two_and_goes_by_one() -> None:
    o = Options.of(sequence=True)
    g4 = Card.parse("G4/1/1-2-3")
    # nothing running: a 3 cannot start it
    p = pos(Boat("b", (8, 10), NW, hand=(G3, G2)), FAR, options=o)
    assert cite_of(p, Move("b", G3, ("A",) * 3)) == "AC Sequence"
    after = legality(p, Move("b", G2, ("A", "A"))).after
    assert after is not None and after.boat("b").sequence == 2
    # at 3: a 2 (one less) and a 4 (one more) continue it
    at3 = pos(Boat("b", (8, 10), NW, sequence=3, hand=(G2, g4)), FAR, options=o)
    lg = legality(at3, Move("b", G2, ("A", "A")))
    assert lg and lg.after is not None and lg.after.boat("b").sequence == 2
    lg = legality(at3, Move("b", g4, ("A",) * 4))
    assert lg and lg.after is not None and lg.after.boat("b").sequence == 4
    # without the sequence rule no sequence is kept
    base = pos(Boat("b", (8, 10), NW, hand=(G3,)), FAR)
    after = legality(base, Move("b", G3, ("A",) * 3)).after
    assert after is not None and after.boat("b").sequence is None


def test_discard_only_when_nothing_continues_or_starts() -> None:
    o = Options.of(sequence=True)
    g5 = Card.parse("G5/1/1-2-3")
    # at 4 a green 5 continues: no discard (starboard tack: green cards count)
    p = pos(Boat("b", (8, 10), NW, sequence=4, hand=(g5, R2)), FAR, options=o)
    lg = legality(p, Move("b", None, ("A", "A"), discard=R2))
    assert not lg and str(lg.cite) == "AC Turn Sequence" and "G5" in lg.reason
    # at 2 a red 3 does not count on starboard tack, and there is no green 2: discard
    r3 = Card.parse("R3/1/1-2-3")
    q = pos(Boat("b", (8, 10), NW, sequence=2, hand=(g5, r3)), FAR, options=o)
    lg = legality(q, Move("b", None, ("A", "A"), discard=g5))
    assert lg and lg.points == 2 and lg.crew_points == 0


def test_into_the_wind_a_boat_may_discard_when_it_holds_no_two() -> None:
    o = Options.of(into_the_wind=True)
    r4 = Card.parse("R4/1/1-2-3")
    # heading N at (8, 10): AL steps NW to (7, 11), A to (6, 12)
    p = pos(Boat("b", (8, 10), N, hand=(G3, r4)), FAR, options=o)
    lg = legality(p, Move("b", None, ("AL", "A"), discard=G3))
    assert lg and lg.points == 2
    q = pos(Boat("b", (8, 10), N, hand=(G3, R2)), FAR, options=o)
    assert cite_of(q, Move("b", None, ("AL", "A"), discard=G3)) == "AC Turn Sequence"


def test_cover_costs_a_point_of_a_discard_too() -> None:
    # blue's hull (9, 20)-(10, 19) covers (9, 19) (9, 18) (10, 18) (10, 17); red's bow on
    # (10, 17): the discard's 2 points become 1
    o = Options.of(sequence=True, head_cover=True)
    blue = Boat("blue", (9, 20), NW)
    g5 = Card.parse("G5/1/1-2-3")
    red = Boat("red", (10, 17), NW, hand=(g5,))
    n, steps = points_available(pos(blue, red, options=o), Move("red", None, ("A",), discard=g5))
    assert n == 1 and any(str(s.cite) == "AC Head Cover" for s in steps)


# --- the start procedure ------------------------------------------------------------------


def test_start_rounds_count_whole_rounds_then_the_race_begins() -> None:
    c = Card.parse("G2/1/1-2-3")
    # a heading N at (8, 1), stern (8, 0): L around the stern to NW puts the bow on (7, 1),
    # R around the same stern brings it back to (8, 1) heading N: two points, no line
    a, b = Boat("a", (8, 1), N), Boat("b", (12, 1), N)
    p = pos(a, b, phase="start", start_round=2)
    after = legality(p, Move("a", c, ("L", "R"))).after
    assert after is not None and after.start_round == 2 and after.phase == "start"
    after = legality(p, Move("b", c, ("L", "R"))).after  # the last boat ends the round
    assert after is not None and after.start_round == 3 and after.phase == "start"
    fifth = pos(a, b, phase="start", start_round=4)
    after = legality(fifth, Move("b", c, ("L", "R"))).after
    assert after is not None and after.phase == "race" and after.start_round == 0


def test_who_moves_first() -> None:
    # a's bow one row from the line (|3 - 4|), b's three: a first, wherever the buoy is
    steps_of = ac_moves.first_mover
    near = pos(Boat("a", (2, 3), N), Boat("b", (13, 1), N))
    assert steps_of(near)[0] == "a"
    # a disqualified boat is left out
    out = pos(Boat("a", (2, 3), N, status="disqualified"), Boat("b", (13, 1), N))
    assert steps_of(out)[0] == "b"
    gone = pos(Boat("a", (2, 3), N, status="disqualified"),
               Boat("b", (13, 1), N, status="disqualified"))
    who, steps = steps_of(gone)
    assert who is None and str(steps[-1].cite) == "AC Start Procedure"
    assert [s.kind for s in steps] == ["fact"]  # a fact of the position (explain.Step)


def test_a_boat_with_only_a_step_into_the_wind_has_an_action_only_in_the_start() -> None:
    # b heads N at (0, 1), stern (0, 0): A steps into the wind to (0, 2); AL and L leave the
    # board; AR (to (1, 2)) and R (to (1, 1)) land on o's hull (1, 2)-(1, 1)
    b = Boat("b", (0, 1), N)
    o = Boat("o", (1, 2), N)
    p = pos(b, o)
    assert not ac_moves.has_action(p, "b")
    assert ac_moves.has_action(p, "b", start=True)
    assert ac_moves.has_action(pos(b, o, phase="start"), "b")


# --- cover, legs and points -----------------------------------------------------------------


def test_cover_only_between_boats_racing_and_by_the_leg_of_the_covered_boat() -> None:
    # blue (9, 20)-(10, 19) covers (9, 19) (9, 18) (10, 18) (10, 17)
    blue = Boat("blue", (9, 20), NW)
    red = Boat("red", (10, 17), NW)  # upwind, bow on a cover point
    head = Options.of(head_cover=True)
    assert ac_moves.covered(pos(blue, red, options=head)) == {("blue", "red")}
    gone = Boat("blue", (9, 20), NW, status="disqualified")
    assert ac_moves.covered(pos(gone, red, options=head)) == frozenset()
    # an upwind boat is judged by head cover only
    assert ac_moves.covered(pos(blue, red, options=Options.of(downwind_cover=True))) == \
        frozenset()
    # a downwind boat by downwind cover only, and by its stern: red heading S with its bow
    # on (10, 16) has its stern on (10, 17), a cover point
    down = Boat("red", (10, 16), S, leg=2)
    assert ac_moves.covered(pos(blue, down, options=head)) == frozenset()
    assert ac_moves.covered(pos(blue, down, options=Options.of(downwind_cover=True))) == \
        {("blue", "red")}
    # no cover during the start
    start = pos(Boat("a", (8, 2), N), Boat("b", (8, 0), E), options=head, phase="start")
    assert ac_moves.covered(start) == frozenset()


def test_a_downwind_leg_completes_below_the_leeward_buoys_row() -> None:
    c = Card.parse("G3/3/1-2-3")
    # leg 2, bow (10, 6) heading S: three A put it on (10, 3), below row 4
    p = pos(Boat("b", (10, 6), S, leg=2, hand=(c,)), FAR)
    lg = legality(p, Move("b", c, ("A", "A", "A")))
    assert lg and lg.after is not None and lg.after.boat("b").leg == 3
    assert ("leg", "b") in [(k, who) for k, who, _ in lg.events]
    # two A leave the bow on (10, 4): not below the row
    two = pos(Boat("b", (10, 6), S, leg=2, hand=(Card.parse("G3/2/1-2-3"),)), FAR)
    after = legality(two, Move("b", "G3/2/1-2-3", ("A", "A"))).after
    assert after is not None and after.boat("b").leg == 2


def test_completing_the_upwind_leg_ends_the_sequence() -> None:
    o = Options.of(sequence=True)
    # bow (12, 43) heading NW: two A to (10, 45), above the windward buoy's row 44
    p = pos(Boat("b", (12, 43), NW, hand=(G2,)), FAR, options=o)
    after = legality(p, Move("b", G2, ("A", "A"))).after
    assert after is not None and after.boat("b").leg == 2 and after.boat("b").sequence is None


def test_a_move_may_spend_fewer_points_when_the_option_allows() -> None:
    o = Options.of(must_use_all_points=False)
    p = pos(Boat("b", (8, 10), NW, hand=(G3,)), FAR, options=o)
    assert legality(p, Move("b", G3, ("A",)))
    assert legality(p, Move("b", G3, ())) and not legality(p, Move("b", G3, ("A",) * 4))


def test_crew_tacks_need_the_crew_rule() -> None:
    p = pos(Boat("b", (8, 10), NW, crew=(1, 4, 7), hand=(G3,)), FAR)
    assert cite_of(p, Move("b", G3, ("CL", "A", "A", "A"))) == "AC The Crew"
    on = pos(Boat("b", (8, 10), NW, crew=(1, 4, 7), hand=(G3,)), FAR,
             options=Options.of(crew=True))
    lg = legality(on, Move("b", G3, ("CL", "A", "A", "A")))
    assert lg and lg.crew_points == 3 and lg.points == 3


def test_a_ruling_as_data() -> None:
    p = pos(Boat("b", (8, 10), NW, hand=(G3,)), FAR)
    bad = legality(p, Move("b", G3, ("A",)))
    d = bad.to_json()
    assert d["legal"] is False and d["cite"] == "AC Boat Position and Movement"
    assert d["after"] is None and d["points"] == 3
    assert d["move"] == "b G3/5/1-4-7: A"
    assert bad.explain().startswith("move: b G3/5/1-4-7: A\nlegal: no - the move has 1 Movement "
                                    "Point action but 3 points to spend [AC Boat Position and "
                                    "Movement]\npoints: 3, crew points: 0\nsteps:\n")
    good = legality(p, Move("b", G3, ("A",) * 3)).to_json()
    assert good["legal"] is True and good["after"]["boats"][0]["bow"] == [5, 13]


def test_a_ruling_lists_its_events_as_data() -> None:
    c = Card.parse("G3/3/1-2-3")
    # leg 2, bow (10, 6) heading S: three A end below row 4 and complete the leg
    p = pos(Boat("b", (10, 6), S, leg=2, hand=(c,)), FAR)
    events = legality(p, Move("b", c, ("A", "A", "A"))).to_json()["events"]
    assert [(e["kind"], e["boat"]) for e in events] == [("leg", "b")]


def test_a_boat_with_no_legal_move_skips_though_it_holds_a_card() -> None:
    # b heads N (into the wind: either colour) at (0, 1), stern (0, 0): A steps into the
    # wind, AL and L leave the board, AR and R land on o's hull (1, 2)-(1, 1). No card can
    # move it, so it skips (AC Turn Sequence: it has no suitable card)
    p = pos(Boat("b", (0, 1), N, hand=(G2,)), Boat("o", (1, 2), N))
    assert ac_rules.legal_moves(p, "b", G2) == []
    assert legality(p, Move("b"))
    assert ac_rules.legal_moves(p, "b") == [Move("b"), Move("b", exchange=True)]


def finish_ends(bow: tuple[int, int]) -> list[tuple[tuple[int, int], Compass, bool]]:
    """Where each move offered to a boat heading W on the last leg ends."""
    c = Card.parse("G3/3/1-2-3")
    p = pos(Boat("b", bow, W, leg=6, hand=(c,)), FAR)
    ends = []
    for m in ac_rules.legal_moves(p, "b", c):
        after = legality(p, m).after
        assert after is not None
        x = after.boat("b")
        ends.append((x.at, x.heading, x.finished))
    return ends


@pytest.mark.parametrize("bow", [(10, 4), (10, 5)])
def test_moves_offered_near_the_finish_end_in_distinct_outcomes(bow: tuple[int, int]) -> None:
    # the last leg (6), heading W on the line row or the row above it: each move offered
    # ends somewhere different (bow, heading, finished or not)
    ends = finish_ends(bow)
    assert len(ends) == len(set(ends))


def test_a_move_offered_on_the_line_row_can_finish() -> None:
    # from bow (10, 4), stern (11, 4): AL puts the bow on (9, 3) heading SW, stern (10, 4);
    # L around that stern: heading S, bow (10, 3); AR: heading SW, bow (9, 2), stern
    # (10, 3). The hull is below the row, and its point on row 4 before was at x 10,
    # between the jury boat (6) and the buoy (14): finished
    assert ((9, 2), SW, True) in finish_ends((10, 4))


def test_hulls_may_not_cross_at_the_edge_of_the_board() -> None:
    # b (1, 5)-(2, 4) heading NW advances to bow (0, 6), stern (1, 5): an X with o's hull
    # (1, 6)-(0, 5) on the board's first column
    p = pos(Boat("b", (1, 5), NW, hand=(G2,)), Boat("o", (1, 6), NE))
    lg = legality(p, Move("b", G2, ("A", "A")))
    assert not lg and str(lg.cite) == "AC Boat Position and Movement"
    assert "cross" in lg.reason
    # and on the bottom row: b (3, 0)-(2, 0) heading E turns AL to bow (4, 1), stern (3, 0),
    # an X with o's hull (3, 1)-(4, 0)
    p = pos(Boat("b", (3, 0), E, hand=(R2,)), Boat("o", (3, 1), NW))
    lg = legality(p, Move("b", R2, ("AL", "A")))
    assert not lg and "cross" in lg.reason


# --- the library's deck (built at import, so tested through its builder) -----------------


def test_the_default_deck_is_as_documented() -> None:
    from collections import Counter

    from rightofway.ac import race

    deck = race.default_deck()
    assert deck == race.DEFAULT_DECK and len(deck) == 48
    # six cards for each colour and upwind value 2..5, their downwind values 1..6 once each
    for colour in ("G", "R"):
        for up in range(2, 6):
            six = [c for c in deck if c.colour == colour and c.up == up]
            assert sorted(c.down for c in six) == [1, 2, 3, 4, 5, 6]
    # three different crew positions 1..8 on every card, each position about equally often
    # (the Interpretations page): within one of 144 / 8 = 18
    assert all(len(set(c.crew)) == 3 and set(c.crew) <= set(range(1, 9)) for c in deck)
    counts = Counter(n for c in deck for n in c.crew)
    assert set(counts) == set(range(1, 9)) and all(17 <= v <= 19 for v in counts.values())


# --- whole games ------------------------------------------------------------------------


def test_whole_games_cite_their_sections_and_stop_at_the_turn_limit() -> None:
    from dataclasses import replace

    from rightofway.ac.bots import random_race
    from rightofway.ac.race import Race
    from rightofway.races import IllegalMove, SetupError

    race = random_race(2, 1)
    who = race.to_move
    other = next(b for b in race.order if b != who)
    with pytest.raises(IllegalMove) as bad:
        race.play(Move(other))
    assert str(bad.value.cite) == "AC Turn Sequence"
    three = [Boat("a", (4, 1), N), Boat("b", (8, 1), N), Boat("c", (12, 1), N)]
    with pytest.raises(SetupError) as setup:
        Race.new(three, start_procedure=True)
    assert str(setup.value.cite) == "AC Start Procedure"
    assert not race.is_over() and replace(race, max_turns=race.turn).is_over()


def test_a_new_race_under_the_crew_rule_gives_each_boat_three_key_positions() -> None:
    from rightofway.ac.race import Race

    # AC The Crew: each player chooses 3 key positions of the 8; the spec: 3 distinct
    # positions of 1..8. Race.new places the boats and chooses them when the rule is on.
    for seed in (0, 1, 2):
        race = Race.new(3, seed=seed, options={"crew": True})
        for b in race.position.boats:
            assert b.crew is not None and len(set(b.crew)) == 3
            assert all(1 <= k <= 8 for k in b.crew)
    assert all(b.crew is None for b in Race.new(2, seed=0).position.boats)


def test_a_race_rules_on_a_move_in_its_present_position() -> None:
    from rightofway.ac.race import Race

    # Race.ruling: the ruling on a move in the present position, as legality() gives it
    race = Race.new(2, seed=0)
    who = race.to_move
    assert who is not None
    move = race.legal_moves()[0]
    assert race.ruling(move) == legality(race.position, move)


def test_a_saved_race_with_a_card_that_is_no_card_is_refused_naming_its_pile() -> None:
    # bad input names the field: a text that is no card (AC The Cards: colour, upwind and
    # downwind values, three crew numbers) in the deck, or in the discard pile, of a saved
    # race is refused naming that list
    from rightofway.ac import Race
    from rightofway.errors import InputError

    data = Race.new(2, seed=3).to_json()
    for pile in ("deck", "pile"):
        bad = {**data, pile: ["X9"]}
        with pytest.raises(InputError) as refused:
            Race.from_json(bad)
        assert refused.value.loc[:1] == (pile,) and str(refused.value).startswith(f"{pile}: ")


# --- mutation sample seed 12, second batch ---


def test_an_upwind_boat_holding_only_cards_of_its_colour_may_not_skip() -> None:
    # AC Turn Sequence: "you must play one of your cards"; the skip is for a boat with no
    # suitable card. b heads NW (starboard tack: green) holding only a green 3, which moves
    # it (three A: (8, 10) -> (5, 13), open water)
    p = pos(Boat("b", (8, 10), NW, hand=(G3,)), FAR)
    assert legality(p, Move("b", G3, ("A",) * 3))
    assert cite_of(p, Move("b")) == "AC Turn Sequence"


def test_with_no_card_of_its_colour_a_boat_may_skip_or_discard_under_the_sequence_rule() -> None:
    # the Interpretations page: a boat with no card of its colour under the sequence rule
    # may discard for 2 points or skip and exchange its hand as in the base rules; both
    # are legal. b heads NW (starboard: green) holding two red cards
    r3 = Card.parse("R3/1/1-2-3")
    p = pos(Boat("b", (8, 10), NW, hand=(R2, r3)), FAR, options=Options.of(sequence=True))
    assert legality(p, Move("b", None, ("A", "A"), discard=R2))  # (8, 10) -> (6, 12)
    assert legality(p, Move("b"))
    assert legality(p, Move("b", exchange=True))
    # and a boat holding no card at all skips, downwind too (it holds no card to play)
    empty = pos(Boat("b", (10, 20), S, leg=2, hand=()), FAR)
    assert legality(empty, Move("b"))


def test_a_downwind_leg_runs_no_sequence() -> None:
    # spec: the sequence is of upwind legs only; expect.after's sequence is the value now
    # running. A boat given on leg 2 (downwind) with a sequence value keeps none after a
    # move that does not complete the leg: (10, 20) heading S, three A to (10, 17)
    c = Card.parse("G3/3/1-2-3")
    p = pos(Boat("b", (10, 20), S, leg=2, sequence=3, hand=(c,)), FAR,
            options=Options.of(sequence=True))
    lg = legality(p, Move("b", c, ("A", "A", "A")))
    assert lg and lg.after is not None
    assert lg.after.boat("b").leg == 2 and lg.after.boat("b").sequence is None


def test_the_points_of_a_skip_come_with_the_step_saying_why() -> None:
    # points_available: "the Movement Points of a move and the steps saying why": a skip
    # gives none, and its one step names the boat that skips (AC Turn Sequence)
    p = pos(Boat("blue", (8, 10), NW, hand=(R2,)), FAR)
    n, steps = points_available(p, Move("blue"))
    assert n == 0 and len(steps) == 1
    assert isinstance(steps[0].text, str) and "blue" in steps[0].text
    assert str(steps[0].cite) == "AC Turn Sequence"


def test_the_points_of_a_discard_during_the_start_are_answered_not_an_internal_error() -> None:
    # the API's contract (tests/kernel/test_api_fuzz.py): a public call returns, or refuses
    # with the library's error or a TypeError / ValueError; never an internal error. A
    # discard during the start is refused by legality (AC Start Procedure), and
    # points_available, which also answers for illegal moves, still answers for it
    p = pos(Boat("a", (8, 1), N, hand=(G3,)), Boat("b", (12, 1), N), phase="start")
    m = Move("a", None, ("A", "A", "A"), discard=G3)
    assert cite_of(p, m) == "AC Start Procedure"
    try:
        points_available(p, m)
    except AssertionError as e:  # the failure this test looks for
        pytest.fail(f"points_available raised an internal error: {e!r}")
    except (TypeError, ValueError):
        pass


def test_a_new_race_needs_a_deck_that_deals_every_hand() -> None:
    from rightofway.ac.race import DEFAULT_DECK, Race
    from rightofway.races import SetupError

    # AC Preparation: deal 6 cards to each player. Two boats need 12 cards: a deck of 11
    # cannot deal the hands and is a set-up fault of the preparation
    with pytest.raises(SetupError) as small:
        Race.new(2, deck=DEFAULT_DECK[:11])
    assert str(small.value.cite) == "AC Preparation"
    # 14 cards deal both hands and leave each boat a card to draw after its first turn
    # (AC Turn Sequence): the rules allow it
    race = Race.new(2, deck=DEFAULT_DECK[:14])
    assert [len(b.hand or ()) for b in race.position.boats] == [6, 6]
    assert len(race.pile) == 2


def test_a_new_race_with_given_hands_needs_one_for_every_boat() -> None:
    from rightofway.ac.race import DEFAULT_DECK, Race
    from rightofway.races import SetupError

    # AC Preparation deals a hand to each player: hands given for only one of two boats
    # are a set-up fault of the preparation
    boats = [Boat("a", (8, 1), N), Boat("b", (12, 1), N)]
    with pytest.raises(SetupError) as one:
        Race.new(boats, hands={"a": DEFAULT_DECK[:6]})
    assert str(one.value.cite) == "AC Preparation"
    race = Race.new(boats, hands={"a": DEFAULT_DECK[:6], "b": DEFAULT_DECK[6:12]})
    assert race.position.boat("b").hand == DEFAULT_DECK[6:12]
