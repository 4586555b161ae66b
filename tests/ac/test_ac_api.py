"""The America's Cup game on the one game API (docs/game-api.rst): the notation of moves,
the rule tables, rulings and protests, the names it declines, and whole races with their
results, their state as JSON and their records saved and resumed."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rightofway import results
from rightofway.ac import (
    ACTIONS,
    Boat,
    Card,
    Course,
    IllegalMove,
    Legality,
    Move,
    Options,
    Position,
    Protest,
    Race,
    Ruling,
    adjudicate,
    engagement_graph,
    legality,
    right_of_way,
)
from rightofway.ac.bots import choose_move, random_race
from rightofway.ac.race import DEFAULT_DECK
from rightofway.ac.rules import ACTION, CARD, LEGALITY
from rightofway.ac.sections import BY_HEADING, SECTIONS
from rightofway.errors import InputError, NotationError, Unsupported
from rightofway.geometry import Compass
from rightofway.positions import UnknownId
from rightofway.races import SetupError
from rightofway.registry import get_ruleset
from rightofway.scenarios import bundled_catalogue, check_file, find_scenarios

G2 = Card.parse("G2/1/1-2-3")
G3 = Card.parse("G3/5/1-4-7")
FAR = Boat("far", (18, 40), Compass.NE)
SHORT = Options.of({"advanced": True, "legs": 1})


def sail(race: Race, seed: int, turns: int = 10_000) -> Race:
    rng = random.Random(seed)
    while not race.is_over() and race.turn < turns:
        race = race.push(choose_move(race, rng))
    return race


# --- notation ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("boats", "seed", "options"), [
    (2, 1, SHORT), (2, 4, Options(legs=1)), (3, 2, Options.of({"legs": 1, "crew": True})),
])
def test_every_legal_move_of_seeded_races_reads_back_from_its_text(
        boats: int, seed: int, options: Options) -> None:
    race = random_race(boats, seed, options=options)
    rng = random.Random(seed)
    seen: set[str] = set()
    while not race.is_over() and race.turn < 150:
        for move in race.legal_moves():
            text = str(move)
            assert Move.parse(text) == move, text
            seen.add(text.split(" ", 1)[1].split(":")[0].split(" ")[0])
        race = race.push(choose_move(race, rng))
    assert race.turn > 20
    assert "skips" in seen or "discard" in seen or len(seen) > 5


ids = st.text(st.sampled_from("abcXYZ019 _-/:"), min_size=1, max_size=12).filter(
    lambda s: "discard" not in s)
cards = st.sampled_from(DEFAULT_DECK)


@st.composite
def moves(draw: st.DrawFn) -> Move:
    boat = draw(ids)
    kind = draw(st.sampled_from(["card", "discard", "skip"]))
    if kind == "skip":
        return Move(boat, exchange=draw(st.booleans()))
    actions = tuple(draw(st.lists(st.sampled_from(ACTIONS), max_size=8)))
    card = draw(cards)
    return Move(boat, card, actions) if kind == "card" else Move(boat, None, actions,
                                                                  discard=card)


@settings(max_examples=300, deadline=None)
@given(moves())
def test_any_move_reads_back_from_its_text(move: Move) -> None:
    assert Move.parse(str(move)) == move


@pytest.mark.parametrize(("text", "words"), [
    ("blue G3/5/1-4-7: A JUMP", "action 2 'JUMP' is not one of A AL AR L R CL CR"),
    ("blue Q3: A", "card: unknown card notation 'Q3'"),
    ("blue discard G9/1/1-2-3: A A", "discard: a card's upwind value is 2..5"),
    ("blue", "expected 'BOAT CARD: ACTIONS'"),
    ("blue G3/5/1-4-7:", "expected 'BOAT CARD: ACTIONS'"),
    ("blue skip", "expected 'BOAT CARD: ACTIONS'"),
    ("", "expected 'BOAT CARD: ACTIONS'"),
])
def test_notation_that_is_not_a_move_is_refused_saying_what_was_expected(
        text: str, words: str) -> None:
    with pytest.raises(NotationError, match=r"^move: ") as e:
        Move.parse(text)
    assert words in str(e.value)
    with pytest.raises(NotationError, match="expected the text of a move"):
        Move.parse(5)  # type: ignore[arg-type]


def test_a_discard_reads_as_a_discard() -> None:
    assert Move.parse("blue discard G3/5/1-4-7: A A") == Move("blue", None, ("A", "A"),
                                                               discard=G3)
    assert Move.parse("blue G3/5/1-4-7: -") == Move("blue", G3)
    assert Move.parse("blue skips and exchanges its hand") == Move("blue", exchange=True)


# --- the rule tables --------------------------------------------------------------------------


def test_a_move_is_judged_in_the_order_the_spec_fixes() -> None:
    assert [r.name for r in LEGALITY] == ["the card", "the crew", "each action in turn",
                                          "the points", "the final heading", "no blocking"]
    assert [r.name for r in ACTION] == ["nothing after the stop", "no step into the wind",
                                        "a legal hull"]


@pytest.mark.parametrize("table", [LEGALITY, CARD, ACTION], ids=["move", "card", "action"])
def test_every_exception_is_asked_before_the_rules_it_sets_aside(table: tuple) -> None:  # type: ignore[type-arg]
    names = [rule.name for rule in table]
    assert len(set(names)) == len(names)
    for i, rule in enumerate(table):
        assert str(rule.cite) in SECTIONS and rule.summary
        if rule.exception_to is None:
            continue
        for overridden in rule.exception_to.split(", "):
            assert overridden in names[i + 1:], f"{rule.name} must come before {overridden}"


def test_the_card_table_has_its_exceptions() -> None:
    exceptions = {r.name: r.exception_to for r in CARD if r.exception_to}
    assert set(exceptions) == {"the start manoeuvre", "standing still", "the 2 into the wind"}
    assert exceptions["the 2 into the wind"] == "the sequence"


def test_an_exception_decides_where_it_and_its_rule_both_apply() -> None:
    # a boat standing still after the start holds cards of its colour: the skip rule alone
    # would refuse its skip, the start's verdict makes it its only move
    still = Boat("b", (8, 10), Compass.NW, status="stands-still", hand=(G2, G3))
    p = Position((still, FAR))
    assert legality(p, Move("b")).legal
    assert str(legality(p, Move("b", G2, ("A", "A"))).cite) == "AC Start Procedure"
    # into the wind under the sequence rule a 2 starts a sequence whatever it stood at
    o = Options.of(into_the_wind=True, sequence=True)
    into = Position((Boat("b", (8, 10), Compass.N, sequence=5, hand=(G2,)), FAR), o)
    assert legality(into, Move("b", G2, ("AL", "A"))).legal


def test_every_citation_comes_from_the_sections() -> None:
    assert all(f"AC {h}" == str(c) for h, c in BY_HEADING.items())
    assert {str(c) for c in BY_HEADING.values()} == set(SECTIONS)
    for f in find_scenarios([bundled_catalogue() / "americas-cup"]):
        for _, steps in check_file(f).sections:
            assert all(str(s.cite) in SECTIONS for s in steps), f


# --- legality and rulings ---------------------------------------------------------------------


def test_legality_is_the_kernels_with_what_the_game_works_out() -> None:
    p = Position((Boat("b", (8, 10), Compass.NW, hand=(G3,)), FAR))
    lg = legality(p, Move("b", G3, ("A", "A", "A")))
    assert isinstance(lg, results.Legality) and isinstance(lg, Legality)
    assert (lg.legal, lg.reason, str(lg.cite), lg.points, lg.crew_points) == \
        (True, "legal", "AC Boat Position and Movement", 3, 0)
    assert lg.move == Move("b", G3, ("A", "A", "A")) and lg.after is not None
    data = lg.to_json()
    assert data["move"] == "b G3/5/1-4-7: A A A" and data["points"] == 3


def test_a_ruling_without_a_protest_is_the_legality() -> None:
    p = Position((Boat("b", (8, 10), Compass.NW, hand=(G3,)), FAR))
    move = Move("b", G3, ("A", "A", "A"))
    r = adjudicate(p, move)
    lg = legality(p, move)
    assert isinstance(r, Ruling)
    assert (r.legal, r.reason, r.steps, r.after) == (lg.legal, lg.reason, lg.steps, lg.after)
    assert (r.infringements, r.exonerated, r.penalty, r.verdict) == ((), False, None, None)
    assert r.before == p and r.ruleset == "americas-cup"
    assert r._repr_svg_() is not None


def test_a_protest_against_a_move_that_breaks_a_rule_is_upheld_and_the_move_not_made() -> None:
    p = Position((Boat("b", (8, 10), Compass.NW, hand=(G3,)), FAR))
    r = adjudicate(p, Move("b", G3, ("A",)), Protest("far", "b"))
    assert (r.legal, r.verdict, r.penalty, r.after) == (False, "upheld", None, None)
    last = r.steps[-1]
    assert last.kind == "conclusion" and str(last.cite) == "AC Boat Position and Movement"
    assert last.text.startswith("protest by far against b upheld: the move breaks a rule")
    assert "protest: upheld" in r.explain()


def test_a_protest_against_a_legal_move_or_another_boat_is_dismissed() -> None:
    p = Position((Boat("b", (8, 10), Compass.NW, hand=(G3,)), FAR))
    move = Move("b", G3, ("A", "A", "A"))
    r = adjudicate(p, move, Protest("far", "b"))
    assert (r.legal, r.verdict) == (True, "dismissed")
    assert "b broke no rule and earned no start verdict" in r.steps[-1].text
    other = adjudicate(p, move, Protest("b", "far"))
    assert other.verdict == "dismissed"
    assert str(other.steps[-1].cite) == "AC Turn Sequence"
    assert "far did not move; the move was b's" in other.steps[-1].text


def test_a_start_verdict_is_the_penalty_and_upholds_a_protest() -> None:
    start = Position((Boat("a", (8, 2), Compass.N), Boat("b", (12, 1), Compass.N)),
                     phase="start", start_round=2)
    move = Move("a", G2, ("A", "A"))  # the bow reaches the line row in round 3
    plain = adjudicate(start, move)
    assert plain.legal and plain.penalty == "a disqualified: it loses the race"
    assert plain.verdict is None
    assert plain.steps[-1].text == "penalty: a disqualified: it loses the race"
    assert str(plain.steps[-1].cite) == "AC Start Procedure"
    r = adjudicate(start, move, Protest("b", "a"))
    assert (r.verdict, str(r.steps[-1].cite)) == ("upheld", "AC Start Procedure")
    # one point over on the fifth manoeuvre: standing still one turn
    fifth = Position((Boat("a", (8, 3), Compass.N), Boat("b", (12, 1), Compass.N)),
                     phase="start", start_round=4)
    r = adjudicate(fifth, Move("a", G2, ("A", "R")), Protest("b", "a"))
    assert r.penalty == "a stands still on its first race turn" and r.verdict == "upheld"


def test_a_protest_against_a_boat_standing_over_the_line_is_upheld() -> None:
    # b stands over the line without a verdict (a position given by hand); a's move judges it
    start = Position((Boat("a", (8, 1), Compass.N), Boat("b", (12, 4), Compass.N)),
                     phase="start", start_round=1)
    r = adjudicate(start, Move("a", G2, ("A", "AL")), Protest("a", "b"))
    assert r.legal and r.verdict == "upheld"
    assert r.penalty == "b disqualified: it loses the race"


def test_bad_protests_are_refused() -> None:
    p = Position((Boat("b", (8, 10), Compass.NW, hand=(G3,)), FAR))
    move = Move("b", G3, ("A", "A", "A"))
    with pytest.raises(UnknownId, match=r"^protest\.by: no boat 'zed'"):
        adjudicate(p, move, Protest("zed", "b"))
    with pytest.raises(UnknownId, match=r"^protest\.against: no boat 'zed'"):
        adjudicate(p, move, Protest("b", "zed"))
    with pytest.raises(InputError, match="cannot protest against itself"):
        adjudicate(p, move, Protest("b", "b"))
    with pytest.raises(TypeError, match=r"^protest: expected a Protest"):
        adjudicate(p, move, ("far", "b"))  # type: ignore[arg-type]


def test_the_game_declines_right_of_way() -> None:
    p = Position((Boat("b", (8, 10), Compass.NW), FAR))
    for call in (lambda: right_of_way(p, "b", "far"), lambda: engagement_graph(p),
                 lambda: get_ruleset("americas-cup").engagement_graph(p)):
        with pytest.raises(Unsupported, match="no right-of-way rules"):
            call()


# --- whole races ------------------------------------------------------------------------------


def test_a_race_of_a_number_of_boats_is_placed_as_the_bots_place_them() -> None:
    assert Race.new(2, seed=3) == random_race(2, 3, advanced=False)
    assert Race.new(3, seed=5, options=SHORT.__class__(legs=1)) == \
        random_race(3, 5, options=Options(legs=1))
    assert Race.new(boats=2) == Race.new(2, None, 0, None)
    race = Race.new(4, seed=1)
    assert race.until_all_finish and len(race.order) == 4
    assert isinstance(race, Race) and race.record_module == "rightofway.ac.record"


def test_a_race_of_boats_on_a_course_of_its_own() -> None:
    course = Course(width=24, windward=(12, 40), leeward=(16, 4), jury=(8, 4))
    boats = [Boat("a", (10, 1), Compass.N), Boat("b", (14, 1), Compass.N)]
    race = Race.new(boats, course, 7)
    assert race.position.options.course == course and race.seed == 7
    assert race.order == ("a", "b")
    assert Race.new(2, course).position.options.course == course


@pytest.mark.parametrize(("kwargs", "error", "words"), [
    ({"boats": 7}, SetupError, "2 to 6 boats race, not 7"),
    ({"boats": 1}, SetupError, "2 to 6"),
    ({"boats": "two"}, TypeError, "^boats: "),
    ({"boats": True}, TypeError, "^boats: "),
    ({"boats": [1, 2]}, TypeError, r"^boats\[0\]: "),
    ({"boats": 2, "seed": "x"}, TypeError, "^seed: "),
    ({"boats": 2, "course": "triangle"}, TypeError, "^course: "),
])
def test_a_set_up_the_game_cannot_have_is_refused(kwargs: dict[str, object],
                                                   error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        Race.new(**kwargs)  # type: ignore[arg-type]


def test_legal_moves_are_the_boat_to_moves() -> None:
    race = Race.new(2, seed=2)
    who = race.to_move
    assert who is not None
    other = next(b for b in race.order if b != who)
    assert race.legal_moves() == race.legal_moves(who) != []
    assert race.legal_moves(other) == []
    assert race.safe_moves() == race.legal_moves()
    with pytest.raises(UnknownId, match="no boat 'zed'"):
        race.legal_moves("zed")


def test_the_result_of_a_match_race_names_the_winner_and_why() -> None:
    race = sail(random_race(2, 5, options=SHORT), 5)
    result = race.result()
    assert result.over and result.winner == race.winner == race.finish_order[0]
    assert result.reason == f"{result.winner} crossed the finish line first and wins the " \
                            "match race"
    assert str(result.cite) == "AC End of the Race"
    going = race.start.result()
    assert not going.over and going.winner is None and going.reason.startswith("the race goes")


def test_the_result_of_a_disqualification_at_the_start() -> None:
    boats = [Boat("a", (8, 2), Compass.N), Boat("b", (12, 1), Compass.N)]
    race = Race.new(boats, options=Options.of({"advanced": True}), hands={"a": [G2], "b": []},
                    start_procedure=True)
    race = race.push(Move("a", G2, ("A", "A")))
    result = race.result()
    assert (result.over, result.winner, result.finish_order) == (True, "b", ())
    assert result.reason == "a was disqualified at the start: b wins the match race"
    assert str(result.cite) == "AC Start Procedure"


def test_the_result_at_the_turn_limit_and_of_a_regatta() -> None:
    race = sail(replace(Race.new(3, seed=1, options=Options(legs=1)), max_turns=12), 1)
    result = race.result()
    assert result.over and race.turn == 12
    assert result.reason == "the turn limit of 12 turns was reached" and result.cite is None
    regatta = sail(random_race(3, 2, options=Options(legs=1)), 2)
    done = regatta.result()
    assert done.reason == "every boat has finished" and str(done.cite) == "AC End of the Race"
    assert done.winner == regatta.finish_order[0] and len(done.finish_order) == 3


def test_the_state_of_a_race_round_trips_through_json() -> None:
    race = sail(random_race(2, 3, options=SHORT), 3, turns=25)
    again = Race.from_json(race.to_json())
    assert again == race and again.moves == ()
    rng = random.Random(9)
    move = choose_move(race, rng)
    assert again.push(move) == race.push(move)


@pytest.mark.parametrize(("change", "words"), [
    ({"pile": ["Z1"]}, "^pile: unknown card notation"),
    ({"order": ["blue", "nobody"]}, "^order: must name every boat"),
    ({"next_index": 5}, "^next_index: 0..1, not 5"),
    ({"out": ["nobody"]}, "^out: names a boat"),
    ({"turn": "3"}, "^turn: "),
    ({"position": {"boats": []}}, "^position: "),
    ({"colour": "G"}, "^colour: unknown key"),
])
def test_json_that_is_not_a_race_is_refused_naming_the_field(change: dict[str, object],
                                                             words: str) -> None:
    data = Race.new(2, seed=1).to_json()
    data["order"] = sorted(data["order"]) if "order" not in change else data["order"]
    data.update(change)
    with pytest.raises(InputError, match=words):
        Race.from_json(data)
    with pytest.raises(InputError, match=r"^race: expected a JSON object"):
        Race.from_json([])


def test_a_saved_race_loads_as_it_was_and_plays_on(tmp_path: Path) -> None:
    race = sail(random_race(2, 8, options=SHORT), 8, turns=40)
    path = race.save(tmp_path / "race.jsonl")
    loaded = Race.load(path)
    assert loaded == race  # the pile and every card included
    assert loaded.moves == race.moves and loaded.position == race.position
    assert loaded.pop().moves == race.moves[:-1]
    a, b = race, loaded
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(30):
        if a.is_over():
            break
        a, b = a.push(choose_move(a, rng_a)), b.push(choose_move(b, rng_b))
        assert a == b
    with pytest.raises(IllegalMove):
        loaded.push(Move("nobody"))


def test_a_regatta_saved_across_a_new_shuffle_loads_as_it_was(tmp_path: Path) -> None:
    # a small deck runs out mid-race: the pile is shuffled again, and a loaded race too
    small = Options.of({"deck": [str(c) for c in DEFAULT_DECK[:26]], "legs": 1})
    race = sail(random_race(3, 4, options=small), 4, turns=30)
    assert race.shuffles > 1
    loaded = Race.load(race.save(tmp_path / "regatta.jsonl"))
    assert loaded == race


def test_races_and_positions_draw_themselves() -> None:
    race = Race.new(2, seed=1)
    assert race.svg().startswith("<svg") and race.position.svg().startswith("<svg")
    assert race.position._repr_svg_() == race.position.svg()
