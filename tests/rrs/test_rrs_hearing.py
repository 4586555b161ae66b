"""The Racing Rules as a protest committee rules them: the hearing, the rule tables, the
readings of the definitions, and the properties every ruling keeps.

Expectations come from the rules of Part 2 and RRS 43, 44 and 64 (2025-2028), read with the
spec's section "rrs as a protest committee judges it".
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rightofway.geometry import Tack
from rightofway.plane import angle_to_wind, hull_distance
from rightofway.positions import PositionError
from rightofway.rrs import (
    RIGHT_OF_WAY,
    Boat,
    Facts,
    Incident,
    Mark,
    Options,
    Position,
    Protest,
    hearing,
    pair_facts,
    ruling,
    rulings,
)
from rightofway.rrs.rules import MARK_ROOM, ROOM, ROOM_TO_TACK, SECTION_B

# P on port (heading 45) and S on starboard (heading 315), wind from the North, on a
# collision course: P keeps clear under rule 10.
PORT_STARBOARD = Position(0, (Boat("P", (0.0, 0.0), 45), Boat("S", (1.2, 0.3), 315)))

# L to leeward of W, both on starboard, overlapped abeam 1.5 apart, at a leeward mark to be
# left to port that lies on W's side: W is inside and owed mark-room (18.2(a)) although she
# keeps clear under rule 11. Wind from the North, heading 225 (broad reach on starboard).
_H = 225.0
_UX, _UY = math.sin(math.radians(_H)), math.cos(math.radians(_H))  # ahead
_SX, _SY = math.sin(math.radians(_H + 90)), math.cos(math.radians(_H + 90))  # to starboard


def _at(ahead: float, starboard: float) -> tuple[float, float]:
    return (ahead * _UX + starboard * _SX, ahead * _UY + starboard * _SY)


# On heading 225 the wind (North) is on the starboard side: W 1.5 to starboard of L is to
# windward. The mark lies 2 ahead and 3 to starboard of L: 1.5 beyond W, on her side.
MARK_ROOM_POSITION = Position(
    0, (Boat("L", _at(0, 0), _H), Boat("W", _at(0, 1.5), _H)),
    marks=(Mark("m", _at(2.0, 3.0), "starboard", "leeward"),))


def _decide(pos: Position, by: str, against: str, **incident: Any) -> tuple[Any, ...]:
    d = hearing(pos, Protest(by, against), Incident(**incident))
    return d.broke, d.exonerated, d.penalised


# --- the hearing ----------------------------------------------------------------------------


def test_contact_at_port_and_starboard() -> None:
    """Rule 10 made P keep clear; they touched: P broke 10 and 14, S broke 14 too but, as
    the right-of-way boat, is exonerated when nothing was damaged (43.1(c))."""
    assert _decide(PORT_STARBOARD, "S", "P", contact=True) == (
        {"P": ("10", "14"), "S": ("14",)}, {"S": ("43.1(c)",)}, ("P",))
    # with damage 43.1(c) does not exonerate: both are penalised
    assert _decide(PORT_STARBOARD, "S", "P", contact=True, damage=True) == (
        {"P": ("10", "14"), "S": ("14",)}, {}, ("P", "S"))
    # S could not reasonably have avoided the contact: she broke nothing
    assert _decide(PORT_STARBOARD, "S", "P", contact=True, avoidable=["P"]) == (
        {"P": ("10", "14")}, {}, ("P",))


def test_avoiding_action_without_contact_and_a_dismissed_protest() -> None:
    assert _decide(PORT_STARBOARD, "S", "P", avoiding_action="S") == (
        {"P": ("10",)}, {}, ("P",))
    d = hearing(PORT_STARBOARD, Protest("P", "S"), Incident())
    assert (d.broke, d.exonerated, d.penalised, d.dismissed) == ({}, {}, (), True)
    assert d.decision[-1].text == "no boat broke a rule: the protest is dismissed"
    # the keep-clear boat's own avoiding action is no breach by anyone
    assert _decide(PORT_STARBOARD, "P", "S", avoiding_action="P")[0] == {}


def test_a_penalty_taken_excuses_only_an_incident_without_damage() -> None:
    assert _decide(PORT_STARBOARD, "S", "P", contact=True, penalty_taken="P")[2] == ()
    assert _decide(PORT_STARBOARD, "S", "P", contact=True, damage=True,
                   penalty_taken="P")[2] == ("P", "S")


def test_no_room_to_keep_clear_breaks_16_1_and_exonerates_the_keep_clear_boat() -> None:
    """L luffs (16.1 binds her) and W, with no room to keep clear, touches her: L broke 16.1
    and 14 (exonerated for 14, no damage); W broke 11, exonerated under 43.1(a), and 14 when
    she could have avoided the contact."""
    luff = Position(0, MARK_ROOM_POSITION.boats, facts=Facts(changing_course=("L", "luff")))
    assert ruling(luff, "L", "W").rules == ("11", "16.1")
    assert _decide(luff, "W", "L", contact=True, room_to_keep_clear=False, avoidable=["L"]) == (
        {"L": ("14", "16.1"), "W": ("11",)},
        {"L": ("43.1(c)",), "W": ("43.1(a)",)}, ("L",))
    # with no rule 15 or 16.1 binding the right-of-way boat, no room to keep clear is no
    # breach of hers, and the keep-clear boat is not exonerated
    plain = Position(0, MARK_ROOM_POSITION.boats)
    assert _decide(plain, "W", "L", contact=True, room_to_keep_clear=False, avoidable=["L"]) == (
        {"L": ("14",), "W": ("11",)}, {"L": ("43.1(c)",)}, ("W",))


def test_mark_room_not_given() -> None:
    """W, inside, keeps clear under rule 11 but is owed mark-room by L (18.2(a)); L did not
    give it and they touched: L broke 18.2(a) and 14 (exonerated for 14 as right-of-way
    boat), W broke 11 and 14 and is exonerated for both, sailing within her mark-room."""
    r = ruling(MARK_ROOM_POSITION, "L", "W")
    assert (r.keep_clear, r.mark_room, r.mark_room_rule, r.rules) == (
        "W", "W", "18.2(a)", ("11", "18.2(a)", "43.1(b)"))
    d = hearing(MARK_ROOM_POSITION, Protest("W", "L"),
                Incident(contact=True, room_not_given="W"))
    assert (d.broke, d.exonerated, d.penalised) == (
        {"L": ("14", "18.2(a)"), "W": ("11", "14")},
        {"L": ("43.1(c)",), "W": ("43.1(b)", "43.1(c)")}, ("L",))
    assert d.excused == {"L": ("14",), "W": ("11", "14")}
    # naming a boat that was owed nothing: no breach follows from it
    d = hearing(MARK_ROOM_POSITION, Protest("W", "L"), Incident(room_not_given="L"))
    assert d.broke == {} and "owed neither room nor mark-room" in d.conclusions[-1].text


def test_a_boat_not_racing_is_penalised_only_for_23_1_or_damage() -> None:
    pos = Position(0, PORT_STARBOARD.boats, facts=Facts(not_racing="P"))
    assert ruling(pos).rules == ("10", "23.1")
    assert _decide(pos, "S", "P", contact=True) == (
        {"P": ("10", "14", "23.1"), "S": ("14",)}, {"S": ("43.1(c)",)}, ("P",))
    # not racing and with right of way: her rule 14 counts only with damage
    pos = Position(0, PORT_STARBOARD.boats, facts=Facts(not_racing="S"))
    assert _decide(pos, "P", "S", contact=True, damage=True)[2] == ("P", "S")
    assert _decide(pos, "P", "S", contact=True, avoidable=["S"]) == (
        {"P": ("10",), "S": ("14",)}, {"S": ("43.1(c)",)}, ("P",))


def test_a_hail_that_broke_20_1_is_a_breach_of_the_hailing_boat() -> None:
    far = Position(0, (Boat("L", (0.0, 0.0), 315), Boat("W", (1.5, 1.5), 315)),
                   facts=Facts(hail_room_to_tack="L"))
    r = ruling(far)
    assert (r.room, r.room_rule, r.rules, r.breaches) == (
        "L", "20.2(c)", ("11", "20.2(b)", "20.2(c)"), (("L", "20.1(a)"),))
    assert _decide(far, "W", "L") == ({"L": ("20.1(a)",)}, {}, ("L",))
    # the hailed boat that did not respond breaks 20.2(c) too
    assert _decide(far, "L", "W", room_not_given="L")[0] == {"L": ("20.1(a)",),
                                                             "W": ("20.2(c)",)}


def test_the_decision_reads_as_a_protest_committee_writes_it() -> None:
    d = hearing(PORT_STARBOARD, Protest("S", "P"), Incident(contact=True))
    titles = [t for t, _ in d.sections()]
    assert titles == ["Hearing, protest by S against P: facts found",
                      "Conclusions and rules that apply", "Decision"]
    assert d.steps == d.facts_found + d.conclusions + d.decision
    assert all(s.kind == "fact" for s in d.facts_found)
    assert str(d.facts_found[0]) == "[RRS 63.6] S protests P"
    assert any(str(s) == "[RRS 10] P did not keep clear of S (they touched): P broke rule 10"
               for s in d.conclusions)
    assert [str(s) for s in d.decision] == [
        "[RRS 64.1] P broke rules 10 and 14 and is not exonerated: she is disqualified",
        "[RRS 43.1] S is exonerated for every rule she broke: she is not penalised"]
    data = d.to_json()
    assert (data["broke"], data["exonerated"], data["penalised"]) == (
        {"P": ["10", "14"], "S": ["14"]}, {"S": ["43.1(c)"]}, ["P"])
    assert d.summary() == ("decision: P broke 10, 14; S broke 14 (exonerated: 43.1(c)); "
                           "penalised: P")


def test_the_hearing_refuses_what_it_cannot_decide() -> None:
    with pytest.raises(ValueError, match=r"^protest\.by: no boat 'Z' in the position"):
        hearing(PORT_STARBOARD, Protest("Z", "P"))
    with pytest.raises(ValueError, match=r"^incident\.avoiding_action: 'Q' is not a party"):
        hearing(Position(0, (*PORT_STARBOARD.boats, Boat("Q", (5.0, 5.0), 0))),
                Protest("S", "P"), Incident(avoiding_action="Q"))
    with pytest.raises(ValueError, match=r"^incident\.avoidable\[1\]: 'X' is not a party"):
        hearing(PORT_STARBOARD, Protest("S", "P"), Incident(contact=True, avoidable=("P", "X")))
    with pytest.raises(ValueError, match=r"^against: a boat cannot protest herself"):
        Protest("P", "P")
    with pytest.raises(TypeError, match=r"^contact: expected true or false"):
        Incident(contact="yes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^protest: expected a Protest"):
        hearing(PORT_STARBOARD, ("S", "P"))  # type: ignore[arg-type]


# --- the rule tables ------------------------------------------------------------------------


@pytest.mark.parametrize("table", [RIGHT_OF_WAY, SECTION_B, MARK_ROOM, ROOM_TO_TACK, ROOM],
                         ids=["right-of-way", "section-b", "mark-room", "room-to-tack", "room"])
def test_every_exception_is_tried_before_the_rules_it_sets_aside(table: Any) -> None:
    sections = [rule.cite.section for rule in table]
    for i, rule in enumerate(table):
        assert str(rule.cite).startswith("RRS ") and rule.summary and rule.name
        if rule.exception_to is None:
            continue
        for overridden in rule.exception_to.split(", "):
            later = [k for k, s in enumerate(sections) if s == overridden and k > i]
            assert later, f"{rule.name} ({rule.cite}) must come before rule {overridden}"


def test_an_exception_wins_where_it_and_its_rule_both_apply() -> None:
    """S (starboard) takes a penalty: rule 21.2 makes her keep clear of P, although rule 10
    alone would make P keep clear; rule 22 makes the other avoid a capsized boat."""
    pos = Position(0, PORT_STARBOARD.boats, facts=Facts(taking_penalty="S"))
    r = ruling(pos)
    assert (r.keep_clear, r.rules) == ("S", ("21.2",))
    pos = Position(0, PORT_STARBOARD.boats, facts=Facts(capsized_or_aground="P"))
    r = ruling(pos)
    assert (r.right_of_way, r.keep_clear, r.rules) == ("P", "S", ("22",))


# --- the readings of the definitions ----------------------------------------------------------


def test_a_stated_tack_stands_by_the_lee_and_is_refused_beyond_it() -> None:
    """Wind North: heading 160 is 20 degrees past dead downwind for a boat whose mainsail
    says starboard; heading 140 is 40 past, beyond the default 30."""
    pos = Position(0, (Boat("A", (0.0, 0.0), 160, tack=Tack.STARBOARD),
                       Boat("B", (3.0, 0.0), 200)))
    r = ruling(pos)
    assert (r.facts.a.tack, r.facts.b.tack) == (Tack.STARBOARD, Tack.STARBOARD)
    assert "sailing by the lee 20 degrees past dead downwind" in r.steps[1].text
    with pytest.raises(PositionError, match="by the lee, within 30 degrees past dead downwind"):
        Position(0, (Boat("A", (0.0, 0.0), 140, tack=Tack.STARBOARD), Boat("B", (3.0, 0.0), 200)))
    Position(0, (Boat("A", (0.0, 0.0), 140, tack=Tack.STARBOARD), Boat("B", (3.0, 0.0), 200)),
             options=Options(by_the_lee=40))
    with pytest.raises(PositionError, match=r"the wind makes her starboard"):
        Position(0, (Boat("A", (0.0, 0.0), 315, tack=Tack.PORT), Boat("B", (3.0, 0.0), 45)))
    # exactly head to wind, any stated tack stands
    Position(0, (Boat("A", (0.0, 0.0), 0, tack=Tack.PORT), Boat("B", (3.0, 0.0), 45)))


def test_the_inside_boat_at_an_obstruction_does_not_depend_on_the_pair_s_order() -> None:
    """A, on starboard, is an obstruction to B and C, who both keep clear of her; the
    definition Inside is judged at one point of A's hull (nearest the closer boat), so that
    naming the pair either way gives one answer (found by the order property)."""
    pos = Position(241, (Boat("A", (5.0, 0.0), 91, tack=Tack.STARBOARD),
                         Boat("B", (4.0, -1.0), 27), Boat("C", (5.0, -1.0), 0)))
    one, other = ruling(pos, "B", "C"), ruling(pos, "C", "B")
    assert (one.keep_clear, one.room, one.rules) == (other.keep_clear, other.room, other.rules)


def test_a_zone_entry_fact_about_another_boat_is_not_about_this_pair() -> None:
    """The fact says C reached the zone first; between A and B it says nothing, and their
    mark-room is judged from the snapshot (B, the only one of them in the zone, first)."""
    from rightofway.rrs import ZoneEntry

    boats = (Boat("A", (0.0, 0.0), 200), Boat("B", (1.2, 0.0), 200), Boat("C", (8.0, 8.0), 200))
    mark = (Mark("m", (2.5, -2.0), "port", "leeward"),)
    with_fact = Position(0, boats, mark, facts=Facts(zone_entry=ZoneEntry("C", False)))
    without = Position(0, boats, mark)
    r = ruling(with_fact, "A", "B")
    assert (r.mark_room, r.rules) == (ruling(without, "A", "B").mark_room,
                                      ruling(without, "A", "B").rules)
    assert r.mark_room in ("A", "B")


def test_a_trail_shows_who_passed_head_to_wind_in_the_zone() -> None:
    """T, in the zone of a windward mark left to port, was on port in the last snapshot and
    is close-hauled on starboard now: she passed head to wind in the zone, and S, on
    starboard and fetching the mark, meets rule 18.3 (18.2 does not apply between them).
    They were on opposite tacks on a beat when they reached the zone, so no mark-room was
    fixed then. T acquired right of way by her own action (15); S, to windward, keeps
    clear (11). Without the trail nothing shows the tack."""
    from rightofway.rrs import Snapshot

    mark = (Mark("w", (-0.3, 0.0), "port", "windward"),)
    now = (Boat("S", (2.0, -2.0), 315), Boat("T", (1.2, -2.6), 315))
    before = Snapshot((Boat("S", (2.3, -2.3), 315), Boat("T", (1.0, -2.8), 45)))
    r = ruling(Position(0, now, mark, trail=(before,)), "S", "T")
    assert (r.keep_clear, r.mark_room, r.rules) == ("S", None, ("11", "15", "18.3"))
    r = ruling(Position(0, now, mark), "S", "T")
    assert "18.3" not in r.rules and "15" not in r.rules


def test_fetching_counts_exactly_on_the_close_hauled_line() -> None:
    """18.3 needs the starboard boat to be fetching: wind 45, S heading 0 (close-hauled on
    starboard), the mark straight ahead of her bow: 45 degrees from the wind, on the line."""
    from rightofway.rrs.rules import _fetching, boat_geometry

    # farther from the wind (to the West) is easier, nearer it is not fetching
    for mark_x, fetching in ((0.0, True), (-0.05, True), (0.05, False)):
        m = Mark("w", (mark_x, 3.0), "port", "windward")
        pos = Position(45, (Boat("S", (0.0, 0.0), 0), Boat("T", (3.0, -3.0), 300)), marks=(m,))
        assert _fetching(pos, boat_geometry(pos, "S"), m) is fetching


# --- properties -------------------------------------------------------------------------------

COORD = st.integers(-6, 6).map(float)
HEADINGS = st.integers(0, 71).map(lambda k: k * 5.0)
PROPERTIES = settings(max_examples=120, deadline=None, database=None,
                      suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


@st.composite
def positions(draw: Any, marks: bool = True) -> Position:
    wind = draw(HEADINGS)
    boats: list[Boat] = []
    for i in range(draw(st.integers(2, 5))):
        heading = draw(HEADINGS)
        angle = angle_to_wind(heading, wind)
        stated = (draw(st.sampled_from([Tack.PORT, Tack.STARBOARD]))
                  if angle >= 155 or angle == 0 else None)
        b = Boat("ABCDE"[i], (draw(COORD) / 2, draw(COORD) / 2), heading, tack=stated)
        assume(all(hull_distance(b.hull, o.hull) > 0.05 for o in boats))
        boats.append(b)
    found: tuple[Mark, ...] = ()
    if marks and draw(st.booleans()):
        found = (Mark("m", (draw(COORD), draw(COORD)), draw(st.sampled_from(["port",
                                                                            "starboard"])),
                      draw(st.sampled_from(["windward", "leeward"]))),)
    return Position(wind, tuple(boats), found)


def _answers(pos: Position, names: dict[str, str] | None = None) -> list[tuple[Any, ...]]:
    n = names or {}
    return [((n.get(r.a, r.a), n.get(r.b, r.b)), n.get(r.right_of_way, r.right_of_way),
             n.get(r.keep_clear, r.keep_clear), n.get(r.mark_room or "", r.mark_room),
             n.get(r.room or "", r.room), r.rules) for r in rulings(pos)]


@PROPERTIES
@given(positions(), st.integers(-40, 40), st.integers(-40, 40))
def test_moving_the_whole_position_keeps_every_ruling(pos: Position, dx: int, dy: int) -> None:
    # whole hull lengths: the arithmetic of every boundary shifts exactly
    moved = Position(pos.wind, tuple(Boat(b.id, (b.at[0] + dx, b.at[1] + dy), b.heading,
                                          b.tacking, b.tack) for b in pos.boats),
                     tuple(Mark(m.id, (m.at[0] + dx, m.at[1] + dy), m.leave_to, m.role)
                           for m in pos.marks))
    assert _answers(moved) == _answers(pos)


@PROPERTIES
@given(positions())
def test_relabelling_the_boats_keeps_every_ruling(pos: Position) -> None:
    # the new names sort as the old ones did (a perfect tie is broken by the ids)
    names = dict(zip("ABCDE", ("Vega", "Wren", "Xebec", "Yawl", "Zulu"), strict=True))
    renamed = Position(pos.wind, tuple(Boat(names[b.id], b.at, b.heading, b.tacking, b.tack)
                                       for b in pos.boats), pos.marks)
    assert _answers(renamed) == _answers(pos, names)


@PROPERTIES
@given(positions())
def test_exactly_one_boat_of_every_pair_keeps_clear(pos: Position) -> None:
    for r in rulings(pos):
        assert {r.keep_clear, r.right_of_way} == {r.a, r.b}
        assert r.rules and r.basis in r.rules
        assert ("43.1(b)" in r.rules) == (r.keep_clear in (r.mark_room, r.room))


@PROPERTIES
@given(positions(marks=False))
def test_an_overlap_through_a_boat_between_needs_the_terms_on_each_link(pos: Position) -> None:
    """Away from marks the overlap terms apply between two boats on the same tack or both
    sailing more than 90 degrees from the wind (the definitions); a boat between links two
    others only where they apply to each link, and any such boat that overlaps both does."""
    def terms(x: str, y: str) -> bool:
        fx, fy = pair_facts(pos, x, y).a, pair_facts(pos, x, y).b
        return fx.tack == fy.tack or (fx.angle > 90 + 1e-6 and fy.angle > 90 + 1e-6)

    ids = pos.boat_ids
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            f = pair_facts(pos, a, b)
            if f.overlap_via is not None:
                c = f.overlap_via
                assert terms(c, a) and terms(c, b)
                assert pair_facts(pos, a, c).overlapped and pair_facts(pos, b, c).overlapped


def test_a_decision_may_list_a_boat_with_no_rules(tmp_path: Any) -> None:
    """``broke: {S: []}`` says what leaving S out says: she broke nothing."""
    from rightofway.scenarios import check_file

    f = Path(tmp_path) / "empty.yaml"
    f.write_text("""id: rrs-empty-lists
title: A boat listed with no rules broke none
ruleset: rrs
source: RRS 10, 64
position:
  wind: 0
  boats:
    - {id: P, at: [0, 0], heading: 45}
    - {id: S, at: [1.2, 0.3], heading: 315}
protest: {by: S, against: P}
incident: {avoiding_action: S}
expect:
  decision: {broke: {P: ["10"], S: []}, exonerated: {P: [], S: []}, penalised: [P]}
""")
    assert check_file(f).passed
    f.write_text(f.read_text().replace('S: []}, exonerated', 'S: ["14"]}, exonerated'))
    assert not check_file(f).passed
