"""America's Cup kernel and rules: each expectation worked out by hand from the spec."""

from __future__ import annotations

import pytest

from rightofway.ac import (
    Boat,
    Card,
    CardError,
    Move,
    Options,
    Position,
    PositionError,
    apply,
    cover_points,
    covered,
    crew_points,
    first_mover,
    has_action,
    is_legal,
    legal_moves,
    legality,
    points_available,
)
from rightofway.ac.moves import act
from rightofway.ac.race import DEFAULT_DECK
from rightofway.geometry import Compass
from rightofway.races import IllegalMove

G3 = Card.parse("G3/5/1-4-7")
G2 = Card.parse("G2/4/2-3-5")
R4 = Card.parse("R4/6/1-2-3")
R2 = Card.parse("R2/3/4-5-6")
FAR = Boat("far", (18, 40), Compass.NE)  # out of everybody's way
ADV = Options.of({"advanced": True})


def pos(*boats: Boat, options: Options | None = None, **kw: object) -> Position:
    return Position(boats, options or Options(), **kw)  # type: ignore[arg-type]


# --- values -----------------------------------------------------------------------------------


def test_card_notation_round_trips_and_names_its_problem() -> None:
    c = Card.parse("R4/6/1-2-3")
    assert (c.colour, c.up, c.down, c.crew) == ("R", 4, 6, (1, 2, 3))
    assert str(c) == "R4/6/1-2-3"
    for bad, word in (("B3/5/1-4-7", "unknown card notation"), ("G6/5/1-4-7", "upwind value"),
                      ("G3/0/1-4-7", "downwind value"), ("G3/5/1-4-9", "crew numbers"),
                      ("G3/5/1-4", "unknown card notation")):
        with pytest.raises(CardError, match=word):
            Card.parse(bad)


def test_hull_is_bow_and_the_point_behind_it() -> None:
    b = Boat("b", (9, 20), Compass.NW)
    assert b.stern == (10, 19)
    assert b.points == ((9, 20), (10, 19))
    assert Boat("b", (5, 5), Compass.S).stern == (5, 6)


@pytest.mark.parametrize(("heading", "tack"), [
    (Compass.NW, "starboard"), (Compass.W, "starboard"), (Compass.SW, "starboard"),
    (Compass.S, "starboard"), (Compass.SE, "port"), (Compass.E, "port"), (Compass.NE, "port"),
    (Compass.N, None)])
def test_tack_from_the_heading(heading: Compass, tack: str | None) -> None:
    assert Boat("b", (5, 5), heading).tack == tack


def test_positions_refuse_impossible_hulls() -> None:
    with pytest.raises(PositionError, match="off the board"):
        pos(Boat("a", (0, 5), Compass.NE))  # stern at (-1, 4)
    with pytest.raises(PositionError, match="on a mark"):
        pos(Boat("a", (10, 44), Compass.N))
    with pytest.raises(PositionError, match="hull"):
        pos(Boat("a", (5, 5), Compass.N), Boat("b", (5, 4), Compass.E))  # share (5, 4)
    with pytest.raises(PositionError, match="crosses"):
        pos(Boat("a", (5, 6), Compass.NE), Boat("b", (4, 6), Compass.NW))  # X of (4..5, 5..6)
    pos(Boat("a", (5, 6), Compass.NE), Boat("b", (6, 6), Compass.NE))  # parallel is fine
    with pytest.raises(PositionError, match="crew"):
        Boat("a", (5, 5), Compass.N, crew=(1, 1, 2))
    with pytest.raises(PositionError, match="crew"):
        Boat("a", (5, 5), Compass.N, crew=(0, 1, 2))


# --- actions ------------------------------------------------------------------------------------


def test_the_seven_actions() -> None:
    bow, h = (8, 10), Compass.NW  # stern (9, 9)
    assert act(bow, h, "A")[:2] == ((7, 11), Compass.NW)
    assert act(bow, h, "AL")[:2] == ((7, 10), Compass.W)
    assert act(bow, h, "AR")[:2] == ((8, 11), Compass.N)
    assert act(bow, h, "L")[:2] == ((8, 9), Compass.W)  # around the stern (9, 9)
    assert act(bow, h, "R")[:2] == ((9, 10), Compass.N)
    assert act(bow, h, "CL")[:2] == ((8, 10), Compass.W)  # around the bow
    assert act(bow, h, "CR")[:2] == ((8, 10), Compass.N)


def test_a_move_spends_exactly_its_points() -> None:
    p = pos(Boat("b", (8, 10), Compass.NW, hand=(G3,)), FAR)
    assert is_legal(p, Move("b", G3, ("A", "A", "A")))
    short = legality(p, Move("b", G3, ("A", "A")))
    assert not short and str(short.cite) == "AC Boat Position and Movement"
    assert not legality(p, Move("b", G3, ("A", "A", "A", "A")))
    assert apply(p, Move("b", G3, ("A", "A", "A"))).boat("b").at == (5, 13)
    assert apply(p, Move("b", G3, ("A", "A", "A"))).boat("b").hand == ()


def test_no_step_into_the_wind_and_no_end_into_it_in_base_rules() -> None:
    p = pos(Boat("b", (8, 10), Compass.NW, hand=(G2,)), FAR)
    step = legality(p, Move("b", G2, ("AR", "A")))  # AR from NW steps N
    assert str(step.cite) == "AC Forbidden Manoeuvres" and "into the wind" in step.reason
    end = legality(p, Move("b", G2, ("A", "R")))  # ends heading N
    assert str(end.cite) == "AC Forbidden Manoeuvres"
    assert is_legal(p, Move("b", G2, ("R", "R")))  # through N to NE: allowed in a move


def test_card_colour_must_match_the_tack_upwind_but_not_downwind() -> None:
    p = pos(Boat("b", (8, 10), Compass.NW, hand=(G2, R2)), FAR)
    bad = legality(p, Move("b", R2, ("A", "A")))
    assert str(bad.cite) == "AC Turn Sequence"
    down = pos(Boat("b", (8, 20), Compass.SW, leg=2, hand=(R2,)), FAR)
    lg = legality(down, Move("b", R2, ("A", "A", "A")))  # downwind value 3
    assert lg and lg.points == 3


def test_card_not_in_hand() -> None:
    p = pos(Boat("b", (8, 10), Compass.NW, hand=(G2,)), FAR)
    lg = legality(p, Move("b", G3, ("A", "A", "A")))
    assert not lg and str(lg.cite) == "AC Turn Sequence" and "not in" in lg.reason


def test_skip_only_without_a_card_of_the_right_colour() -> None:
    p = pos(Boat("b", (8, 10), Compass.NW, hand=(R2, R4)), FAR)
    assert is_legal(p, Move("b"))
    after = apply(p, Move("b", exchange=True))
    assert after.boat("b").hand == ()  # the race deals six new ones
    q = pos(Boat("b", (8, 10), Compass.NW, hand=(G2, R4)), FAR)
    assert str(legality(q, Move("b")).cite) == "AC Turn Sequence"


def test_blocking_is_forbidden() -> None:
    # blue in the bottom-left corner, heading W: bow (0, 0), stern (1, 0). Every action of
    # blue but R (bow to (0, 1)) leaves the board; red's bow ends on (0, 1).
    blue = Boat("blue", (0, 0), Compass.W)
    red = Boat("red", (2, 1), Compass.W, hand=(G2,))
    p = pos(red, blue)
    assert has_action(p, "blue")
    lg = legality(p, Move("red", G2, ("A", "A")))
    assert not lg and str(lg.cite) == "AC Forbidden Manoeuvres"


# --- cover ----------------------------------------------------------------------------------


def test_cover_points_and_the_one_point_loss() -> None:
    blue = Boat("blue", (9, 20), Compass.NW)  # stern (10, 19)
    assert cover_points(blue) == {(9, 19), (9, 18), (10, 18), (10, 17)}
    assert cover_points(Boat("s", (5, 5), Compass.S)) == {(5, 4), (5, 3)}  # not its own bow
    red = Boat("red", (10, 17), Compass.NW, hand=(G3,))
    off = pos(blue, red)
    assert covered(off) == frozenset()
    on = pos(blue, red, options=Options.of(head_cover=True))
    assert covered(on) == {("blue", "red")}
    n, steps = points_available(on, Move("red", G3, ("A", "A")))
    assert n == 2 and any(str(s.cite) == "AC Head Cover" for s in steps)


def test_cover_points_include_both_rows_below_bow_and_stern() -> None:
    b = Boat("b", (5, 10), Compass.E)  # stern (4, 10)
    assert cover_points(b) == {(5, 9), (5, 8), (4, 9), (4, 8)}


def test_downwind_cover_needs_the_stern_and_never_leaves_less_than_one() -> None:
    ahead = Boat("ahead", (8, 20), Compass.S)  # stern (8, 21); cover (8,19) (8,18)
    o = Options.of(downwind_cover=True)
    behind_bow = Boat("x", (8, 18), Compass.N, leg=2)  # bow on a point, stern (8, 17) not
    assert covered(pos(ahead, behind_bow, options=o)) == frozenset()
    one = Card.parse("G2/1/1-2-3")
    stern_on = Boat("x", (8, 17), Compass.S, leg=2, hand=(one,))  # stern (8, 18)
    p = pos(ahead, stern_on, options=o)
    assert covered(p) == {("ahead", "x")}
    assert points_available(p, Move("x", one, ("A",)))[0] == 1


# --- crew, sequence, into the wind ----------------------------------------------------------


def test_crew_points_count_matching_numbers() -> None:
    b = Boat("b", (8, 10), Compass.NW, crew=(1, 4, 8), hand=(G3,))
    p = pos(b, FAR, options=Options.of(crew=True))
    assert crew_points(b, G3, p) == 2  # 1 and 4 of 1-4-7
    assert crew_points(b, G3, pos(b, FAR)) == 0  # rule off
    assert is_legal(p, Move("b", G3, ("CL", "CL", "A", "A", "A")))
    three = legality(p, Move("b", G3, ("CL", "CL", "CL", "A", "A", "A")))
    assert str(three.cite) == "AC The Crew"
    split = legality(p, Move("b", G3, ("CL", "A", "CL", "A", "A")))
    assert str(split.cite) == "AC The Crew" and "one block" in split.reason


def test_sequence_continues_by_one_and_restarts_with_two() -> None:
    o = Options.of(sequence=True)
    g4 = Card.parse("G4/1/1-2-3")
    g5 = Card.parse("G5/1/1-2-3")
    b = Boat("b", (8, 10), Compass.NW, sequence=3, hand=(g4, g5, G2))
    p = pos(b, FAR, options=o)
    assert apply(p, Move("b", g4, ("A",) * 4)).boat("b").sequence == 4
    assert str(legality(p, Move("b", g5, ("A",) * 5)).cite) == "AC Sequence"  # 3 to 5
    # a 2 restarts only when nothing continues: g4 continues 5
    p5 = pos(Boat("b", (8, 10), Compass.NW, sequence=5, hand=(g4, G2)), FAR, options=o)
    assert str(legality(p5, Move("b", G2, ("A", "A"))).cite) == "AC Sequence"
    lone = pos(Boat("b", (8, 10), Compass.NW, sequence=5, hand=(G2, R4)), FAR, options=o)
    assert apply(lone, Move("b", G2, ("A", "A"))).boat("b").sequence == 2


def test_discard_for_two_points_starts_nothing() -> None:
    o = Options.of(sequence=True)
    g5 = Card.parse("G5/1/1-2-3")
    p = pos(Boat("b", (8, 10), Compass.NW, hand=(g5, R2)), FAR, options=o)  # no green 2
    after = apply(p, Move("b", None, ("A", "A"), discard=g5))
    assert after.boat("b").sequence is None
    base = pos(Boat("b", (8, 10), Compass.NW, hand=(g5, R2)), FAR)
    assert str(legality(base, Move("b", None, ("A", "A"), discard=g5)).cite) == \
        "AC Turn Sequence"


def test_tack_ends_the_sequence() -> None:
    o = Options.of(sequence=True)
    g3 = Card.parse("G3/1/1-2-3")
    p = pos(Boat("b", (8, 10), Compass.NW, sequence=2, hand=(g3,)), FAR, options=o)
    assert apply(p, Move("b", g3, ("R", "R", "A"))).boat("b").sequence is None  # now NE


def test_into_the_wind_stop_loses_the_rest() -> None:
    o = Options.of(into_the_wind=True)
    p = pos(Boat("b", (8, 10), Compass.NW, hand=(G3,)), FAR, options=o)
    lg = legality(p, Move("b", G3, ("A", "R")))  # R leaves it heading N: stop
    assert lg and lg.stopped and lg.after is not None
    assert lg.after.boat("b").heading is Compass.N
    after_stop = legality(p, Move("b", G3, ("R", "A")))
    assert str(after_stop.cite) == "AC Into the Wind"


def test_a_boat_into_the_wind_plays_a_two_of_either_colour() -> None:
    o = Options.of(into_the_wind=True, sequence=True)
    p = pos(Boat("b", (8, 10), Compass.N, hand=(R2, G3)), FAR, options=o)
    lg = legality(p, Move("b", R2, ("AL", "A")))
    assert lg and lg.after is not None and lg.after.boat("b").sequence == 2
    assert str(legality(p, Move("b", G3, ("AL", "A", "A"))).cite) == "AC Into the Wind"


# --- legs, finish, start ----------------------------------------------------------------------


def test_leg_completes_when_the_bow_ends_beyond_the_buoy_row() -> None:
    p = pos(Boat("b", (12, 43), Compass.NW, hand=(G2,)), FAR)
    after = apply(p, Move("b", G2, ("A", "A")))
    assert after.boat("b").leg == 2  # bow (10, 45), above row 44


def test_finish_between_jury_boat_and_buoy_only() -> None:
    card = Card.parse("G3/3/1-2-3")
    # bow (10, 5), stern (10, 6): after three A the hull is (10, 2)-(10, 3), and its point on
    # row 4 before the last step was (10, 4), between the jury boat (6) and the buoy (14)
    p = pos(Boat("b", (10, 5), Compass.S, leg=6, hand=(card,)), FAR)
    after = apply(p, Move("b", card, ("A", "A", "A")))
    assert after.boat("b").finished
    two = pos(Boat("b", (10, 6), Compass.S, leg=6, hand=(card,)), FAR)
    assert not apply(two, Move("b", card, ("A", "A", "A"))).boat("b").finished  # stern on 4
    outside = pos(Boat("b", (4, 5), Compass.S, leg=6, hand=(card,)), FAR)
    assert not apply(outside, Move("b", card, ("A", "A", "A"))).boat("b").finished


def test_start_verdicts_and_who_moves_first() -> None:
    c = Card.parse("G2/1/1-2-3")
    early = pos(Boat("a", (8, 2), Compass.N), Boat("b", (12, 1), Compass.N), phase="start",
                start_round=2)
    lg = legality(early, Move("a", c, ("A", "A")))  # bow reaches row 4 in round 3
    assert lg and dict(lg.verdicts) == {"a": "disqualified"}
    fifth = pos(Boat("a", (8, 3), Compass.N), Boat("b", (12, 1), Compass.N), phase="start",
                start_round=4)
    one = legality(fifth, Move("a", c, ("A", "R")))  # bow (8, 4), then around (8, 3): (9, 4)
    assert dict(one.verdicts) == {"a": "stands-still"}
    two = legality(fifth, Move("a", c, ("A", "A")))  # ends (8, 5)-(8, 4): both over
    assert dict(two.verdicts) == {"a": "disqualified"}
    near = pos(Boat("a", (8, 3), Compass.W), Boat("b", (13, 3), Compass.E))
    assert first_mover(near)[0] == "b"  # same row, b's bow (13, 3) nearer the buoy (14, 4)
    tie = pos(Boat("a", (12, 3), Compass.W), Boat("b", (16, 3), Compass.E))
    assert first_mover(tie)[0] is None  # both bows 2 from the buoy


def test_legal_moves_are_legal_and_distinct() -> None:
    hand = DEFAULT_DECK[:6]
    p = pos(Boat("b", (8, 10), Compass.NW, crew=(1, 2, 3), hand=hand), FAR, options=ADV)
    found = legal_moves(p, "b")
    assert found
    ends = set()
    for m in found:
        lg = legality(p, m)
        assert lg, (m, lg.reason)
        assert lg.after is not None
        key = (m.card, m.discard, lg.after.boat("b").at, lg.after.boat("b").heading)
        assert key not in ends
        ends.add(key)


def test_api_errors_name_the_problem() -> None:
    p = pos(Boat("b", (8, 10), Compass.NW, hand=(G2,)), FAR)
    with pytest.raises(ValueError, match="not an action"):
        Move("b", G2, ("X",))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="card"):
        Move("b", "Z2/2/1-2-3")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no boat"):
        legality(p, Move("nobody", G2, ("A", "A")))
    with pytest.raises(IllegalMove, match="not in"):
        apply(p, Move("b", G3, ("A", "A", "A")))
    with pytest.raises(ValueError, match="card"):
        legal_moves(p, "b", "bad")


def test_rulings_explain_themselves_in_text_and_json() -> None:
    o = Options.of({"advanced": True})
    blue = Boat("blue", (9, 20), Compass.NW)
    red = Boat("red", (10, 17), Compass.NW, crew=(1, 4, 8), sequence=2, hand=(G3,))
    lg = legality(Position((red, blue), o), Move("red", G3, ("CL", "A", "A")))
    text = lg.explain()
    assert "legal: yes" in text and "points: 2, crew points: 2" in text
    assert "[AC Head Cover] red begins its turn with its bow or stern on the cover points " \
           "of blue" in text
    # crew 1-4-8 against the card's 1-4-7: 1 and 4 match, two crew points; the numbers in
    # the step's detail, printed under it
    assert "two of the card's numbers match a crew position of red: 2 crew points" in text
    assert "crew positions 1-4-8, card numbers 1-4-7: 1, 4 in both" in text
    crew = [s for s in lg.steps if str(s.cite) == "AC The Crew"]
    assert [s.to_json().get("detail") for s in crew] == [
        "crew positions 1-4-8, card numbers 1-4-7: 1, 4 in both", None]
    assert "the sequence stands at 2: a 3 continues it" in text
    data = lg.to_json()
    assert data["legal"] is True and data["points"] == 2 and data["crew_points"] == 2
    assert data["after"]["boats"][0]["bow"] == [8, 17]  # CL to W about the bow, then W twice
    assert any(step["cite"] == "AC Head Cover" for step in data["steps"])


def test_positions_round_trip_through_json_and_refuse_bad_json() -> None:
    p = Position((Boat("b", (8, 10), Compass.NW, 3, (1, 2, 3), None, (G3, R2)),
                  Boat("c", (8, 4), Compass.N, status="stands-still")),
                 Options.of({"advanced": True, "legs": 2}), "start", 3)
    assert Position.from_json(p.to_json()) == p
    for bad, words in (([], "JSON object"), ({"boats": [{"id": "a", "bow": [5], "heading": "N"}]},
                                            "bow"),
                       ({"boats": [{"id": "a", "bow": [5, 5], "heading": "N",
                                    "hand": ["G9/1/1-2-3"]}]}, "upwind value"),
                       ({"options": {"course": []}, "boats": []}, "course")):
        with pytest.raises((TypeError, ValueError), match=words):
            Position.from_json(bad)


def test_a_card_with_a_number_of_thousands_of_digits_is_a_card_error() -> None:
    # found by the fuzzing sweep: int() of a 5,000-digit value raised its own ValueError
    with pytest.raises(CardError, match="unknown card notation"):
        Card.parse("G" + "9" * 5000 + "/5/1-4-7")
