"""The America's Cup protest room (rightofway.ac.room): a scenario document as plain data in,
what ``rightofway check`` says about it out, with the drawing, the cover graph and the board
the page edits.

Every catalogue scenario is ruled in both forms the book gives the room (the YAML mapping as
written, the validated model dumped as JSON), and must say exactly what the check of the
file says; the room must run with pydantic and PyYAML absent (the browser has neither);
edits across a rule's boundary change the ruling as the rulebook says; bad states are
refused naming the field path; the board's affine map puts each boat where the drawing
draws it. The board is the default course unless said: x 0..20, y 0..48, windward buoy
(10, 44), leeward buoy (14, 4), jury boat (6, 4), the line the row y = 4, wind North.
"""

from __future__ import annotations

import copy
import itertools
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from sampling import sampled

from rightofway.ac import Boat, Card, Move, Options, Position, covered, first_mover, legality
from rightofway.ac.room import StateError, rule
from rightofway.errors import InputError
from rightofway.geometry import Compass
from rightofway.scenarios import ScenarioReport, bundled_catalogue, check_file, load_scenario

FOLDER = bundled_catalogue() / "americas-cup"
FILES = sorted(FOLDER.glob("*.yaml"))
SVG = "{http://www.w3.org/2000/svg}"


@cache
def as_written(name: str) -> dict[str, Any]:
    """Form (a): the file's own mapping, ``expect`` left out."""
    data = yaml.safe_load((FOLDER / name).read_text(encoding="utf-8"))
    data.pop("expect", None)
    return dict(data)


@cache
def as_dumped(name: str) -> dict[str, Any]:
    """Form (b): the validated model dumped as the book's build writes it."""
    model = load_scenario(FOLDER / name).model
    dumped: dict[str, Any] = json.loads(json.dumps(model.model_dump(
        mode="json", by_alias=True, exclude={"expect"}, exclude_defaults=True)))
    return dumped


@cache
def checked(name: str) -> ScenarioReport:
    return check_file(FOLDER / name)


@cache
def ruled(name: str, form: str) -> dict[str, Any]:
    return rule(copy.deepcopy(as_written(name) if form == "a" else as_dumped(name)))


def test_the_catalogue_is_there() -> None:
    assert len(FILES) >= 100


@pytest.mark.parametrize("form", ["a", "b"])
@pytest.mark.parametrize("name", sampled([f.name for f in FILES], ids=[f.stem for f in FILES]))
def test_the_room_says_what_check_says(name: str, form: str) -> None:
    report, result = checked(name), ruled(name, form)
    assert result["summary"] == list(report.summary)
    assert result["explanation"] == report.to_json()["explanation"]
    assert json.loads(json.dumps(result)) == result  # plain JSON for the page


# --- the board's map onto the drawing --------------------------------------------------------


def _drawn_hulls(svg: str) -> dict[str, tuple[tuple[float, float], tuple[float, float]]]:
    """Each boat's drawn hull in the first panel: (bow, stern) in SVG units, from the hull
    line the drawing draws from stern to bow."""
    out: dict[str, tuple[tuple[float, float], tuple[float, float]]] = {}
    for g in ET.fromstring(svg).iter(f"{SVG}g"):
        if "boat" not in (g.get("class") or "").split():
            continue
        title = g.find(f"{SVG}title")
        line = g.find(f"{SVG}line")
        assert title is not None and title.text and line is not None
        bid = title.text.split(":")[0]
        if bid in out:  # the after panel draws the same boats again: the first is before
            continue
        out[bid] = ((float(line.get("x2", "nan")), float(line.get("y2", "nan"))),
                    (float(line.get("x1", "nan")), float(line.get("y1", "nan"))))
    return out


def _mapped(to_svg: list[float], p: tuple[int, int] | list[int]) -> tuple[float, float]:
    a, b, c, d, e, f = to_svg
    return a * p[0] + c * p[1] + e, b * p[0] + d * p[1] + f


@pytest.mark.parametrize("name", sampled([f.name for f in FILES], ids=[f.stem for f in FILES]))
def test_to_svg_puts_each_boat_where_the_drawing_draws_it(name: str) -> None:
    result = ruled(name, "a")
    board = result["board"]
    assert board["kind"] == "grid" and board["snap"] == 1 and board["wind"] is None
    hulls = _drawn_hulls(result["svg"])
    prepared = load_scenario(FOLDER / name)
    boats = [i for i in board["items"] if i["kind"] == "boat"]
    assert sorted(i["id"] for i in boats) == sorted(prepared.position.boat_ids)
    for item in boats:
        b = prepared.position.boat(item["id"])
        assert item["at"] == list(b.at)
        bow, stern = hulls[b.id]
        assert _mapped(board["to_svg"], b.at) == pytest.approx(bow, abs=0.01)
        assert _mapped(board["to_svg"], b.stern) == pytest.approx(stern, abs=0.01)


def _get(state: dict[str, Any], path: list[str | int]) -> Any:
    node: Any = state
    for key in path:
        if isinstance(key, int):
            if not isinstance(node, list) or key >= len(node):
                return None
        elif not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    return node


def _set(state: dict[str, Any], path: list[str | int], value: Any) -> dict[str, Any]:
    """A copy of ``state`` with ``value`` at ``path``, the missing keys made on the way (a
    list where the next key is an index), as the page does."""
    out = copy.deepcopy(state)
    node: Any = out
    for key, nxt in itertools.pairwise(path):
        if isinstance(key, int) and key == len(node):
            node.append([] if isinstance(nxt, int) else {})
        elif isinstance(key, str) and key not in node:
            node[key] = [] if isinstance(nxt, int) else {}
        node = node[key]
    last = path[-1]
    if isinstance(last, int) and last == len(node):
        node.append(value)
    else:
        node[last] = value
    return out


@pytest.mark.parametrize("name", [f.name for f in FILES[::10]],
                         ids=[f.stem for f in FILES[::10]])
def test_board_paths_index_the_state(name: str) -> None:
    state = as_written(name)
    board = ruled(name, "a")["board"]
    for item in board["items"]:
        if item["kind"] == "boat":
            assert _get(state, item["path"]) == item["at"]
            assert _get(state, item["heading"]["path"]) == item["heading"]["value"]
    for field in board["fields"]:
        assert field["type"] in ("text", "number", "bool", "choice")
        given = _get(state, field["path"])
        if given is not None and field["path"][0] != "options":
            assert given == field["value"], field["label"]
        if field["type"] == "choice":
            assert field["value"] is None or field["value"] in field["choices"], field["label"]


# --- the browser's path: no pydantic, no YAML ------------------------------------------------

BLOCKED = """
import json, sys

class NoPydanticNoYaml:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pydantic", "pydantic_core", "yaml"):
            raise ImportError(f"{name} is not available in the browser")
        return None

sys.meta_path.insert(0, NoPydanticNoYaml())
from rightofway.ac.room import rule
result = rule(json.loads(sys.stdin.read()))
assert not [m for m in sys.modules if m.split(".")[0] in ("pydantic", "yaml")]
print(json.dumps(result["summary"]))
"""


def test_the_room_needs_neither_pydantic_nor_yaml() -> None:
    name = "ac2-head-cover-bow-loses-point.yaml"
    done = subprocess.run([sys.executable, "-c", BLOCKED], input=json.dumps(as_dumped(name)),
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == list(checked(name).summary)


# --- edits across a rule's boundary --------------------------------------------------------


def _move_line(summary: list[str]) -> str:
    return next(s for s in summary if s.startswith("move "))


def test_dragging_the_coverer_away_gives_back_the_point() -> None:
    # AC Head Cover: blue (bow 9,20, stern 10,19, NW) covers the points 1 and 2 steps South
    # of its bow and stern: (9,19) (9,18) (10,18) (10,17); red's bow (10,17) is one, so red
    # loses a point: G3 on starboard gives 3 - 1 = 2 and A A spends them.
    state = as_written("ac2-head-cover-bow-loses-point.yaml")
    before = rule(state)
    assert "blue covers red" in before["summary"]
    assert "points: 2, crew points: 0" in before["summary"]
    assert before["graph"]["edges"] == [{"from": "blue", "to": "red",
                                         "label": "covers (AC Head Cover)"}]
    assert before["relations"] == []  # no right of way in the game
    # blue dragged to bow (3, 20): its cover points (3,19) (3,18) (4,18) (4,17) hold none of
    # red's hull: red has the whole 3 points, and A A spends 2 of them: a move spends
    # exactly what it has (AC Boat Position and Movement)
    blue = next(i for i in before["board"]["items"] if i["id"] == "blue")
    after = rule(_set(state, blue["path"], [3, 20]))
    assert not any("covers" in s for s in after["summary"])
    assert after["graph"] == {"nodes": ["red", "blue"], "edges": []}
    assert "points: 3, crew points: 0" in after["summary"]
    line = _move_line(after["summary"])
    assert "ILLEGAL" in line and line.endswith("[AC Boat Position and Movement]")
    # the library's kernel, asked directly, rules the same
    opts = Options(head_cover=True)
    red = Boat("red", (10, 17), Compass.NW, hand=tuple(
        Card.parse(c) for c in state["position"]["boats"][0]["hand"]))
    pos = Position((red, Boat("blue", (3, 20), Compass.NW)), opts)
    lg = legality(pos, Move("red", Card.parse("G3/5/1-4-7"), ("A", "A")))
    assert covered(pos) == frozenset()
    assert (lg.legal, lg.points, str(lg.cite)) == (False, 3,
                                                   "AC Boat Position and Movement")
    assert line == f"move {lg.move}: ILLEGAL - {lg.reason} [{lg.cite}]"
    # and one action more spends the 3: legal again
    three = rule(_set(_set(state, blue["path"], [3, 20]), ["move", "actions", 2], "A"))
    assert "legal - " in _move_line(three["summary"])


SIMPLE: dict[str, Any] = {
    "id": "ac-room-tack", "title": "t", "ruleset": "americas-cup", "source": "s",
    "position": {"boats": [
        {"id": "blue", "bow": [8, 10], "heading": "NW", "leg": 1,
         "hand": ["G2/4/2-6-7", "R3/5/1-2-3"]},
        {"id": "red", "bow": [16, 30], "heading": "NE", "leg": 1},
    ]},
    "move": {"boat": "blue", "card": "G2/4/2-6-7", "actions": ["A", "A"]},
}


def test_turning_onto_the_other_tack_refuses_the_green_card() -> None:
    # heading NW the wind is on blue's right: starboard, green; a green 2 gives 2 points,
    # A A takes the bow from (8, 10) to (6, 12)
    result = rule(SIMPLE)
    assert "legal - " in _move_line(result["summary"])
    assert "points: 2, crew points: 0" in result["summary"]
    heading = next(i for i in result["board"]["items"] if i["id"] == "blue")["heading"]
    assert heading["value"] == "NW" and heading["choices"] == [c.name for c in Compass]
    # turned NE (stern one step SW of the bow, at (7, 9)): port tack, red cards only on an
    # upwind leg (AC Turn Sequence)
    turned = rule(_set(SIMPLE, heading["path"], "NE"))
    line = _move_line(turned["summary"])
    assert "ILLEGAL" in line and line.endswith("[AC Turn Sequence]")
    assert "blue: bow [8, 10] stern [7, 9] NE (port), leg 1 upwind; hand G2/4/2-6-7 " \
           "R3/5/1-2-3" in turned["summary"]
    pos = Position((Boat("blue", (8, 10), Compass.NE, hand=(Card.parse("G2/4/2-6-7"),
                                                             Card.parse("R3/5/1-2-3"))),
                    Boat("red", (16, 30), Compass.NE)))
    lg = legality(pos, Move("blue", Card.parse("G2/4/2-6-7"), ("A", "A")))
    assert line == f"move {lg.move}: ILLEGAL - {lg.reason} [{lg.cite}]"
    # the red card of the hand is the one that may be played now (3 points)
    red_card = rule(_set(_set(turned_state := _set(SIMPLE, heading["path"], "NE"),
                              ["move", "card"], "R3/5/1-2-3"), ["move", "actions", 2], "A"))
    assert turned_state["position"]["boats"][0]["heading"] == "NE"
    assert "legal - " in _move_line(red_card["summary"])


START: dict[str, Any] = {
    "id": "ac-room-start", "title": "t", "ruleset": "americas-cup", "source": "s",
    "options": {"advanced": True},
    "position": {"phase": "start", "start_round": 4, "boats": [
        {"id": "blue", "bow": [6, 2], "heading": "N", "leg": 1},
        {"id": "red", "bow": [12, 1], "heading": "N", "leg": 1},
    ], "turn_order": ["blue", "red"]},
    "move": {"boat": "red", "card": "G2/4/1-2-3", "actions": ["A", "A"]},
}


def test_the_last_start_manoeuvre_says_who_moves_first() -> None:
    # red makes the fifth round's last manoeuvre: A A from bow (12, 1) to (12, 3), below the
    # line row 4: clear. Who moves first (AC Start Procedure): the bow nearer the row,
    # red's 1 row against blue's 2
    result = rule(START)
    assert result["summary"][-1] == "first to move after the start: red"
    assert result["explanation"][-1]["title"] == "who moves first"
    # blue dragged to bow (6, 3): both bows 1 row from the line; nearer the leeward buoy
    # (14, 4): red's (12, 3) at sqrt(5), blue's (6, 3) at sqrt(65): red still
    closer = rule(_set(START, ["position", "boats", 0, "bow"], [6, 3]))
    assert closer["summary"][-1] == "first to move after the start: red"
    # and to (13, 3): 1 row, sqrt(2) from the buoy: blue
    blue_first = rule(_set(START, ["position", "boats", 0, "bow"], [13, 3]))
    assert blue_first["summary"][-1] == "first to move after the start: blue"
    lg = legality(Position((Boat("blue", (13, 3), Compass.N), Boat("red", (12, 1), Compass.N)),
                           Options.of({"advanced": True}), "start", 4),
                  Move("red", Card.parse("G2/4/1-2-3"), ("A", "A")))
    assert lg.after is not None and first_mover(lg.after)[0] == "blue"
    # three rounds made: the race is not on after it, so nobody is named yet
    earlier = rule(_set(START, ["position", "start_round"], 3))
    assert not any(s.startswith("first to move") for s in earlier["summary"])


def test_over_the_line_early_is_disqualified() -> None:
    # two rounds made, blue's third manoeuvre A from bow (8, 3): bow (8, 4) on the line row,
    # over before the fifth manoeuvre: disqualified (AC Start Procedure). From (8, 2) the
    # same A L L never reaches row 4.
    state = {**START, "position": {**START["position"], "start_round": 2},
             "move": {"boat": "blue", "card": "G3/4/1-2-3", "actions": ["A", "L", "L"]}}
    over = rule(_set(state, ["position", "boats", 0, "bow"], [8, 3]))
    under = rule(_set(state, ["position", "boats", 0, "bow"], [8, 2]))
    assert any("disqualif" in s["text"] for s in over["explanation"][0]["steps"])
    assert not any("disqualif" in s["text"] for s in under["explanation"][0]["steps"])


def _field(result: dict[str, Any], label: str) -> dict[str, Any]:
    found: dict[str, Any] = next(f for f in result["board"]["fields"]
                                 if f["label"].startswith(label))
    return found


def test_the_lists_are_edited_whole() -> None:
    result = rule(SIMPLE)
    actions = _field(result, "move: actions")
    assert (actions["value"], actions["type"]) == (["A", "A"], "text")
    # one action more than the green 2's two points: the move spends 3 (AC Boat Position and
    # Movement)
    more = rule(_set(SIMPLE, actions["path"], ["A", "A", "AL"]))
    assert _move_line(more["summary"]).startswith("move blue G2/4/2-6-7: A A AL: ILLEGAL")
    # a card the hand does not hold is refused (AC Turn Sequence); put in the hand, it is
    # played
    hand = _field(result, "blue: hand")
    assert hand["value"] == ["G2/4/2-6-7", "R3/5/1-2-3"]
    other = _set(_set(SIMPLE, ["move", "card"], "G4/1/1-2-3"), actions["path"],
                 ["A", "A", "A", "A"])
    refused = _move_line(rule(other)["summary"])
    assert "ILLEGAL" in refused and refused.endswith("[AC Turn Sequence]")
    held = rule(_set(other, hand["path"], [*hand["value"], "G4/1/1-2-3"]))
    assert "legal - " in _move_line(held["summary"])


def test_the_marks_are_items_of_the_course() -> None:
    result = rule(SIMPLE)
    marks = {i["id"]: i for i in result["board"]["items"] if i["kind"] == "mark"}
    assert {k: v["at"] for k, v in marks.items()} == {
        "windward buoy": [10, 44], "leeward buoy": [14, 4], "jury boat": [6, 4]}
    # the windward buoy dragged onto blue's bow: no hull may touch a mark
    with pytest.raises(StateError) as caught:
        rule(_set(SIMPLE, marks["windward buoy"]["path"], [8, 10]))
    assert str(caught.value).startswith("position.boats[0].bow: ")
    assert "mark" in str(caught.value)


# --- bad states ---------------------------------------------------------------------------


def _boat(state: dict[str, Any], i: int, **kw: Any) -> dict[str, Any]:
    out = copy.deepcopy(state)
    out["position"]["boats"][i].update(kw)
    return out


@pytest.mark.parametrize(("state", "where"), [
    (_boat(SIMPLE, 1, bow=[8, 10]), "position.boats[1].bow: "),       # on blue's bow
    (_boat(SIMPLE, 1, bow=[9, 9], heading="SE"), "position.boats[1].bow: "),  # blue's stern
    (_boat(SIMPLE, 0, bow=[21, 10]), "position.boats[0].bow: "),      # off the board
    (_boat(SIMPLE, 0, bow=[10, 44]), "position.boats[0].bow: "),      # on the buoy
    (_boat(SIMPLE, 0, heading="NNW"), "position.boats[0].heading: "),
    (_boat(SIMPLE, 0, leg="1"), "position.boats[0].leg: "),
    (_boat(SIMPLE, 0, leg=7), "position.boats[0].leg: "),             # 3 legs a side
    (_boat(SIMPLE, 0, bow=[8, True]), "position.boats[0].bow: "),
    (_boat(SIMPLE, 0, crew=[1, 1, 2]), "position.boats[0].crew: "),
    (_boat(SIMPLE, 0, crew=[1, 2, 9]), "position.boats[0].crew[2]: "),
    (_boat(SIMPLE, 0, hand=["G3/5/1-4-7", "Q9"]), "position.boats[0].hand[1]: "),
    (_boat(SIMPLE, 0, colour="G"), "position.boats[0].colour: "),
    (_boat(SIMPLE, 0, id=""), "position.boats[0].id: "),
    (_boat(SIMPLE, 0, status="late"), "position.boats[0].status: "),
    ({**SIMPLE, "move": {"boat": "blue", "card": "G2/4/2-6-7", "actions": ["A", "X"]}},
     "move.actions[1]: "),
    ({**SIMPLE, "move": {"boat": "green", "card": "G2/4/2-6-7"}}, "move.boat: "),
    ({**SIMPLE, "move": {"boat": "blue", "card": "G2/4", "actions": []}}, "move.card: "),
    ({**SIMPLE, "move": {"boat": "blue", "actions": ["A"]}}, "move: "),  # a skip acts not
    ({**SIMPLE, "move": ["blue"]}, "move: "),
    ({**SIMPLE, "options": {"legs": 0}}, "options.legs: "),
    ({**SIMPLE, "options": {"crew": "yes"}}, "options.crew: "),
    ({**SIMPLE, "options": {"course": {"windward": [10, 2]}}}, "options.course: "),
    ({**SIMPLE, "options": None}, "options: "),
    ({**SIMPLE, "position": {**SIMPLE["position"], "turn_order": ["blue"]}},
     "position.turn_order: "),
    ({**SIMPLE, "position": {**SIMPLE["position"], "phase": "prestart"}}, "position.phase: "),
    ({**SIMPLE, "position": {**SIMPLE["position"], "boats": []}}, "position.boats: "),
    ({**SIMPLE, "expect": {"legal": True}}, "expect: "),
    ({**SIMPLE, "ruleset": "vector-game"}, "ruleset: "),
    ({k: v for k, v in SIMPLE.items() if k != "position"}, "position: "),
])
def test_a_bad_state_is_refused_naming_the_path(state: Any, where: str) -> None:
    with pytest.raises(InputError) as caught:
        rule(state)
    assert isinstance(caught.value, StateError)
    assert str(caught.value).startswith(where), str(caught.value)


@pytest.mark.parametrize("state", [None, [], "position", 3, {"position": float("nan")}])
def test_what_is_no_document_is_refused(state: Any) -> None:
    with pytest.raises(InputError):
        rule(state)


def test_the_file_refusals_are_the_rooms(tmp_path: Path) -> None:
    # the file check and the room build the position with the same code: a boat on another
    # is refused under the same field in both
    text = yaml.safe_dump({**_boat(SIMPLE, 1, bow=[8, 10]), "expect": {}})
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as file_error:
        load_scenario(path)
    with pytest.raises(StateError) as room_error:
        rule(_boat(SIMPLE, 1, bow=[8, 10]))
    assert file_error.value.loc == room_error.value.loc == ("position", "boats", 1, "bow")
    assert room_error.value.message in str(file_error.value)


ODD: tuple[Any, ...] = (None, -1, 10**6, "", "x", [], {}, True, 1.5, float("nan"), [0, 0],
                        ["G3/5/1-4-7"])
"""Values put in place of any one value of a state: wrong types, bounds, empty things."""


def _paths(node: Any, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*path, i))
    return out


@pytest.mark.parametrize("name", ["ac2-head-cover-bow-loses-point.yaml",
                                  "ac-start-verdict-of-boat-standing-over.yaml"])
def test_any_value_spoilt_is_ruled_or_refused_as_input(name: str) -> None:
    state = as_written(name)
    for path in _paths(state)[1:]:
        for odd in ODD:
            try:
                rule(_set(state, list(path), odd))
            except InputError as e:  # anything else (KeyError, TypeError ...) fails the test
                assert str(e)
