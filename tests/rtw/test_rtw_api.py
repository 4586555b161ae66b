"""Race the Wind API behaviour that scenario files cannot express."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from rightofway import get_ruleset, results
from rightofway.errors import InputError, NotationError
from rightofway.geometry import Compass
from rightofway.rtw import (
    Boat,
    IllegalMove,
    Mark,
    MarkRole,
    Move,
    Options,
    PenaltyTurn,
    Phase,
    Position,
    PositionError,
    Protest,
    adjudicate,
    apply,
    engagement_graph,
    engagements,
    is_legal,
    legal_moves,
    legality,
    right_of_way,
)
from rightofway.scenarios import find_scenarios, load_scenario

CATALOGUE = Path(__file__).resolve().parents[2] / "scenarios" / "race-the-wind"

N = Compass.N


def two_boats(**kw: object) -> Position:
    """Figure 9: A close-hauled on port, B close-hauled on starboard, one point between."""
    return Position(N, (Boat("A", (0, 4), Compass.NE), Boat("B", (2, 4), Compass.NW)), **kw)  # type: ignore[arg-type]


def test_repr_evaluates_to_an_equal_position() -> None:
    pos = Position(
        N,
        (Boat("A", (0, 4), Compass.NE, lull=True), Boat("B", (2, 4), Compass.NW)),
        marks=(Mark("w", (0, 12), MarkRole.WINDWARD_MARK),),
        yellow=frozenset({(1, 6)}),
        phase=Phase.FINAL_LEG,
        options=Options(shadow="cone"),
    )
    assert eval(repr(pos)) == pos


@pytest.mark.parametrize(
    ("kwargs", "path", "fragment"),
    [
        ({"boats": (Boat("A", (0, 0), N), Boat("B", (0, 0), N))}, ("boats", 1, "at"),
         "two boats cannot share"),
        ({"boats": (Boat("A", (0, 0), N),), "marks": (Mark("m", (0, 0), MarkRole.GATE_BUOY),)},
         ("boats", 0, "at"), "stands on mark m"),
        ({"boats": (Boat("A", (0, 0), N),), "turn_order": ("A", "B")}, ("turn_order",),
         "exactly once"),
        ({"boats": (Boat("A", (0, 0), N),), "yellow": frozenset({(1, 1)}),
          "blue": frozenset({(1, 1)})}, ("tokens",), "both a yellow and a blue"),
    ],
)
def test_impossible_positions_name_the_field(kwargs: dict[str, object],
                                             path: tuple[object, ...], fragment: str) -> None:
    with pytest.raises(PositionError) as err:
        Position(N, **kwargs)  # type: ignore[arg-type]
    assert err.value.path == path
    assert fragment in err.value.message


def test_apply_returns_a_new_position_and_rejects_illegal_moves() -> None:
    pos = two_boats()
    after = apply(pos, Move("A", ("A",)))
    assert after.boat("A").at == (1, 5)
    assert pos.boat("A").at == (0, 4)
    with pytest.raises(IllegalMove, match="head to wind"):
        apply(pos, Move("A", ("L45",)))


@pytest.mark.parametrize(
    ("position", "move", "fragment", "cite"),
    [
        (two_boats(), Move("A", ("L45",)), "head to wind", "RTW 2"),
        (two_boats(), Move("A", ()), "in full", "RTW 2"),
        (two_boats(), Move("A", ("A", "A")), "no movement left", "RTW 2"),
        (two_boats(), Move("A", ("R45", "A")), "[R45] is already A's whole move", "RTW 2"),
        (Position(N, (Boat("A", (0, 0), Compass.W),)), Move("A", ("A", "R45", "A")),
         "[A R45] is already A's whole move: a boat on a beam reach has exactly two parts",
         "RTW 2"),
        (Position(N, (Boat("A", (0, 0), Compass.W),), blue=frozenset({(-1, 1)})),
         Move("A", ("R45", "A", "A")), "a beam reach earns a gust only for a blue token "
         "reached by its second movement", "RTW 3.2"),
        (Position(N, (Boat("A", (0, 0), Compass.SW),), blue=frozenset({(-1, -1)})),
         Move("A", ("A", "A", "R45")), "took the gust straight on, and a broad reach that "
         "does so gives up its manoeuvre", "RTW 3.2"),
        (Position(N, (Boat("A", (0, 0), Compass.NE),),
                  marks=(Mark("w", (1, 1), MarkRole.WINDWARD_MARK),)),
         Move("A", ("A",)), "onto mark w", "RTW 3.6"),
        (Position(N, (Boat("A", (0, 0), Compass.NE), Boat("B", (1, 1), Compass.NE))),
         Move("A", ("A",)), "into boat B", "RTW 3.4"),
        (Position(N, (Boat("A", (0, 0), Compass.NE, lull=True),)), Move("A", ("A",)),
         "must stand still", "RTW 3.2"),
        (Position(N, (Boat("A", (0, 0), Compass.W),), yellow=frozenset({(-1, 0)})),
         Move("A", ("A", "A")), "lull at [-1, 0]", "RTW 3.2"),
    ],
)
def test_illegal_moves_say_why(position: Position, move: Move, fragment: str, cite: str) -> None:
    verdict = legality(position, move)
    assert not verdict
    assert fragment in verdict.reason
    assert str(verdict.cite) == str(verdict.steps[-1].cite) == cite
    assert verdict.move == move and verdict.outcome is None


def test_start_allows_luffing_head_to_wind() -> None:
    assert legality(two_boats(phase=Phase.START), Move("A", ("L45",)))


def test_penalty_needs_a_protest_when_the_option_says_so() -> None:
    move = Move("A", ("A",))
    assert adjudicate(two_boats(), move).penalty == "A"
    strict = two_boats(options=Options(penalty_requires_protest=True))
    assert adjudicate(strict, move).penalty is None
    assert adjudicate(strict, move, Protest("B", "A")).penalty == "A"


def test_protest_by_a_boat_not_infringed_is_dismissed() -> None:
    pos = Position(
        N,
        (Boat("A", (0, 4), Compass.NE), Boat("B", (2, 4), Compass.NW),
         Boat("C", (8, 0), Compass.NW)),
    )
    ruling = adjudicate(pos, Move("A", ("A",)), Protest("C", "A"))
    assert ruling.verdict == "dismissed"
    assert ruling.penalty is None
    assert ruling.infringed == {"B"}
    assert "did not infringe against C" in ruling.steps[-1].text


def test_protest_naming_a_missing_boat_is_an_error() -> None:
    with pytest.raises(KeyError, match="no boat 'Z'"):
        adjudicate(two_boats(), Move("A", ("A",)), Protest("Z", "A"))


def test_ruling_json_carries_steps_with_citations() -> None:
    data = adjudicate(two_boats(), Move("A", ("A",)), Protest("B", "A")).to_json()
    assert data["verdict"] == "upheld" and data["penalty"] == "A"
    assert data["infringements"] == [
        {"by": "A", "against": "B", "at": [1, 5], "basis": "starboard", "exonerated": False}
    ]
    assert all(step["cite"].startswith("RTW ") for step in data["steps"])


def test_graph_edges_carry_basis_contested_and_steps() -> None:
    g = engagement_graph(two_boats())
    assert list(g.edges) == [("A", "B")]
    edge = g.edges["A", "B"]
    assert edge["basis"] == "starboard"
    assert edge["contested"] == [(1, 5)]
    assert edge["steps"][-1].kind == "conclusion"
    assert g.nodes["A"]["tack"] == "port" and g.nodes["B"]["claims"] == [(1, 5)]
    assert engagements(two_boats()) == [("B", "A", "starboard")]


def test_right_of_way_needs_two_boats() -> None:
    with pytest.raises(ValueError, match="two different boats"):
        right_of_way(two_boats(), "A", "A")


def test_ruleset_registry_serves_race_the_wind() -> None:
    rs = get_ruleset("race-the-wind")
    assert rs.code == "RTW"
    assert rs.right_of_way(two_boats(), "A", "B").holder == "B"
    from rightofway.registry import KNOWN_RULESETS

    for name in KNOWN_RULESETS:  # every ruleset the file format knows is implemented
        assert get_ruleset(name).name == name
    with pytest.raises(KeyError, match="unknown ruleset"):
        get_ruleset("tiddlywinks")


# --- constructors and text forms ----------------------------------------------------------


def test_constructors_convert_the_obvious_and_name_the_field_at_fault() -> None:
    assert Move("A", ["A", "L45"]) == Move("A", ("A", "L45"))  # type: ignore[arg-type]
    assert Boat("A", [0, 1], "NE") == Boat("A", (0, 1), Compass.NE)  # type: ignore[arg-type]
    pos = Position("N", [Boat("A", (0, 0), 90)], yellow=[(1, 1)])  # type: ignore[arg-type]
    assert pos.wind is Compass.N and pos.yellow == frozenset({(1, 1)})
    assert pos.boat("A").heading is Compass.E
    bad: list[tuple[Callable[[], object], type[Exception], str]] = [
        (lambda: Move("A", ("X",)), ValueError, r"actions\[0\]: expected one of A, R45"),
        (lambda: Move("A", "A"), TypeError, "actions: expected a sequence"),
        (lambda: Move(3, ("A",)), TypeError, "boat: expected an id"),  # type: ignore[arg-type]
        (lambda: Boat("A", (0, 0), "north"), ValueError, "heading: expected one of N NE"),
        (lambda: Boat("A", (0, 0.5), N), TypeError, "at: expected an intersection"),
        (lambda: Boat("A", (0, 0), N, lull=1), TypeError, "lull: expected true or false"),
        (lambda: Position(N, (Boat("A", (0, 0), N),), phase="sailing"), ValueError, "phase"),
        (lambda: Position(N, ("A",)), TypeError, r"boats\[0\]: expected a Boat"),
        (lambda: Options(shadow="wide"), ValueError, "shadow"),
        (lambda: Protest("B", ""), ValueError, "against: an id cannot be empty"),
    ]
    for make, kind, fragment in bad:
        with pytest.raises(kind, match=fragment):
            make()


@pytest.mark.parametrize("text", ["A [A L45]", "B [] (stands still)", "C [R90]", "D [A A A]"])
def test_a_move_round_trips_through_its_text(text: str) -> None:
    move = Move.parse(text)
    assert str(move) == text.replace("B []", "B [] (stands still)").replace(
        "(stands still) (stands still)", "(stands still)")
    assert Move.parse(str(move)) == move


def test_a_malformed_move_text_says_what_is_expected() -> None:
    with pytest.raises(NotationError, match="expected a move such as 'A \\[A L45\\]'"):
        Move.parse("A A L45")
    with pytest.raises(NotationError, match=r"actions\[1\]: expected one of A, R45"):
        Move.parse("A [A X]")
    with pytest.raises(NotationError, match=r"or 'A \[penalty R90\]'"):
        Move.parse("A [penalty R45]")  # a penalty turn is a right or left 90-degree turn
    with pytest.raises(InputError, match="expected a move as text"):
        Move.parse(["A", "A"])  # type: ignore[arg-type]


def test_every_legal_move_of_the_catalogue_round_trips_through_its_text() -> None:
    count = 0
    for path in find_scenarios([CATALOGUE]):
        position = load_scenario(path).position
        for boat in position.boat_ids:
            for move in [*legal_moves(position, boat), PenaltyTurn(boat, "R90"),
                         PenaltyTurn(boat, "L90")]:
                assert Move.parse(str(move)) == move, (path.name, move)
                assert type(Move.parse(str(move))) is type(move)
                count += 1
    assert count > 1000


# --- the one game API: Legality, Protest, penalty turns, drawing, JSON ---------------------


def test_legality_is_the_kernels_with_the_outcome_and_the_deciding_section() -> None:
    pos = two_boats()
    good = legality(pos, Move("A", ("A",)))
    assert isinstance(good, results.Legality) and good.legal and good.move == Move("A", ("A",))
    assert str(good.cite) == "RTW 2" and good.outcome is not None and good.outcome.end == (1, 5)
    assert good.explain().startswith("move: A [A]\nlegal: yes - A [A] is a legal move [RTW 2]")
    assert good.to_json()["cite"] == "RTW 2" and good.to_json()["move"] == "A [A]"
    lull = Position(N, (Boat("A", (0, 0), Compass.NE, lull=True),))
    bad = legality(lull, Move("A", ("A",)))
    assert not bad and bad.outcome is None and str(bad.cite) == "RTW 3.2"
    assert "legal: no - A was stopped by a lull" in bad.explain()


def test_protest_is_the_kernels() -> None:
    assert Protest is results.Protest
    assert Protest("B", "A").to_json() == {"by": "B", "against": "A"}


def test_a_penalty_turn_is_a_move_written_and_judged_as_one() -> None:
    turn = PenaltyTurn("A", "R90")
    assert isinstance(turn, Move) and turn.actions == ("R90",) and turn.direction == "R90"
    assert str(turn) == "A [penalty R90]"
    assert repr(turn) == "PenaltyTurn(boat='A', direction='R90')"
    assert eval(repr(turn)) == turn and turn != Move("A", ("R90",))
    with pytest.raises(ValueError, match="direction: expected R90 or L90"):
        PenaltyTurn("A", "R45")  # type: ignore[arg-type]
    # clear water: the boat turns where it stands (RTW 3.4); whether it owes a penalty is
    # the race's to know
    clear = Position(N, (Boat("A", (0, 0), Compass.NE), Boat("B", (5, 5), Compass.NW)))
    verdict = legality(clear, turn)
    assert verdict.legal and str(verdict.cite) == "RTW 3.4" and is_legal(clear, turn)
    assert "clear of every mark and boat by two intersections" in verdict.reason
    after = apply(clear, turn).boat("A")
    assert (after.at, after.heading) == ((0, 0), Compass.SE)
    ruling = adjudicate(clear, turn)
    assert ruling.legal and not ruling.infringements and ruling.penalty is None
    assert "a penalty turn is not adjudicated for right of way" in ruling.explain()
    # too near another boat, or held by a lull: no penalty turn
    near = Position(N, (Boat("A", (0, 0), Compass.NE), Boat("B", (1, 1), Compass.NW)))
    refused = legality(near, PenaltyTurn("B", "L90"))
    assert not refused and str(refused.cite) == "RTW 3.4" and "within one intersection" in \
        refused.reason
    assert not is_legal(near, PenaltyTurn("B", "L90"))
    with pytest.raises(IllegalMove, match="within one intersection of boat A"):
        apply(near, PenaltyTurn("B", "L90"))
    lulled = Position(N, (Boat("A", (0, 0), Compass.NE, lull=True),))
    assert str(legality(lulled, turn).cite) == "RTW 3.2"


def test_a_position_draws_itself() -> None:
    svg = two_boats().svg()
    assert svg.startswith("<svg") and svg == two_boats()._repr_svg_()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1], "position: expected a JSON object, got list"),
        ({"wind": "N", "boats": [{"id": "A", "at": [0, 0], "heading": "up"}]},
         "boats[0].heading: "),
        ({"wind": "N", "boats": [{"id": "A", "at": [0, 0], "heading": "N"}],
          "options": {"shadow": "wide"}}, "options.shadow: "),
        ({"wind": "N", "boats": [{"id": "A", "at": [0, 0], "heading": "N"},
                                 {"id": "A", "at": [1, 0], "heading": "N"}]},
         "boats[1].id: boat id 'A' is used twice"),
    ],
)
def test_position_json_that_cannot_be_read_names_the_field(data: object, message: str) -> None:
    with pytest.raises(InputError) as err:
        Position.from_json(data)
    assert str(err.value).startswith(message)


def test_cover_depth_is_held_to_the_file_limit() -> None:
    """A shadow cone deeper than the files allow would make ``covers`` run for minutes;
    the option refuses it where it is made."""
    from rightofway.errors import InputError
    from rightofway.limits import MAX_COVER_DEPTH

    assert Options(cover_depth=MAX_COVER_DEPTH).cover_depth == MAX_COVER_DEPTH
    for bad in (0, MAX_COVER_DEPTH + 1, 10**5):
        with pytest.raises(InputError, match=f"cover_depth: expected a whole number from 1 to "
                                             f"{MAX_COVER_DEPTH}, got {bad}"):
            Options(cover_depth=bad)
