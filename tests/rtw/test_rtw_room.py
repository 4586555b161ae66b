"""The protest room's Race the Wind (rightofway.rtw.room): a scenario document ruled as plain
data, in the browser without pydantic or PyYAML.

Every catalogue scenario, in both forms the room receives (the YAML file's own mapping and
the validated model dumped to JSON, each without ``expect``), gives the summary and the
explanation ``rightofway check`` gives; race scenarios (``race`` and ``play``) included.
Edits that cross a rule boundary are worked out from the rulebook (RTW 3.4: starboard over
port, then the boat to leeward; RTW 3.6: within two intersections of the mark the inside
boat; RTW 3.3: a wind change may make an engagement) and compared with the kernel asked
directly.
"""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from sampling import sampled

from rightofway.errors import InputError
from rightofway.geometry import Compass
from rightofway.rtw import Boat, Mark, MarkRole, Move, Position, Protest, adjudicate, rules
from rightofway.rtw.room import HEADINGS, StateError, read, rule
from rightofway.scenarios import ScenarioReport, bundled_catalogue, check_file, load_scenario

CATALOGUE = sorted((bundled_catalogue() / "race-the-wind").glob("*.yaml"))
IDS = [p.stem for p in CATALOGUE]
QUESTIONS = ("can_serve_penalty", "right_of_way")
"""The keys of ``expect`` that ask the position a question whose answer ``check`` adds to
the explanation (penalty serving; right of way between boats not engaged)."""
SVG = "{http://www.w3.org/2000/svg}"


def file_form(path: Path) -> dict[str, Any]:
    """The YAML file's own mapping, without ``expect`` (defaults left out)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data.pop("expect", None)
    return dict(data)


def model_form(model: Any) -> dict[str, Any]:
    """The validated model dumped to JSON without any of ``expect``, through JSON (the
    book's build, :func:`rightofway.scenarios.room_state`, keeps the questions of
    :data:`rightofway.rtw.room.ASKED` besides: tests/kernel/test_room.py rules that form)."""
    dumped = model.model_dump(mode="json", by_alias=True, exclude={"expect"},
                              exclude_defaults=True)
    return dict(json.loads(json.dumps(dumped)))


def questions(path: Path) -> dict[str, Any]:
    """The questions the file's ``expect`` asks (see :data:`QUESTIONS`), if any."""
    expect = yaml.safe_load(path.read_text(encoding="utf-8")).get("expect") or {}
    return {k: expect[k] for k in QUESTIONS if k in expect}


@cache
def catalogue() -> dict[str, tuple[ScenarioReport, dict[str, Any], dict[str, Any],
                                   dict[str, Any]]]:
    """Each scenario's check report, its two state forms and its questions, built once."""
    return {p.stem: (check_file(p), file_form(p), model_form(load_scenario(p).model),
                     questions(p)) for p in CATALOGUE}


def with_questions(state: dict[str, Any], asked: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(state)
    if asked:
        out["expect"] = copy.deepcopy(asked)
    return out


def scenario(name: str) -> dict[str, Any]:
    """A fresh copy of a catalogue scenario's file form, to edit."""
    return copy.deepcopy(catalogue()[name][1])


def at(state: Any, path: list[str | int]) -> Any:
    for part in path:
        state = state[part]
    return state


def put(state: Any, path: list[str | int], value: Any) -> None:
    """Set ``value`` at ``path`` as the room's page does, making a mapping left out."""
    for part in path[:-1]:
        if isinstance(part, str) and part not in state:
            state[part] = {}
        state = state[part]
    state[path[-1]] = value


def pos(wind: Compass, *boats: Boat, marks: tuple[Mark, ...] = ()) -> Position:
    return Position(wind, boats, marks)


def rows(result: dict[str, Any]) -> set[tuple[str, str, str]]:
    return {(r["holder"], r["giver"], r["why"]) for r in result["relations"]}


def kernel_rows(position: Position) -> set[tuple[str, str, str]]:
    """Right of way as the kernel's engagement graph gives it: (holder, giver, basis)."""
    graph = rules.engagement_graph(position)
    return {(holder, giver, str(data["basis"])) for giver, holder, data in
            graph.edges(data=True)}


# --- the catalogue: the room says what check says -------------------------------------------


@pytest.mark.parametrize("name", sampled(IDS))
@pytest.mark.parametrize("form", ["file", "model"])
def test_the_room_says_what_check_says(name: str, form: str) -> None:
    report, by_file, by_model, asked = catalogue()[name]
    state = with_questions(by_file if form == "file" else by_model, asked)
    result = rule(state)
    assert result["summary"] == list(report.summary)
    assert result["explanation"] == report.to_json()["explanation"]


ASKING = [p.stem for p in CATALOGUE if questions(p)]


@pytest.mark.parametrize("name", ASKING)
def test_without_expect_only_the_answers_to_its_questions_are_left_out(name: str) -> None:
    report, by_file, _, asked = catalogue()[name]
    result = rule(copy.deepcopy(by_file))
    assert result["summary"] == list(report.summary)
    boats = asked.get("can_serve_penalty", {})
    left = [s for s in report.to_json()["explanation"]
            if not any(s["title"].endswith(f"penalty serving: {b}") for b in boats)
            and not s["title"].endswith("(not engaged)")]
    assert result["explanation"] == left


def test_the_catalogue_holds_race_scenarios_and_questions_answered() -> None:
    """The parametrized cases above reach the race engine, and questions whose answers
    add to the explanation."""
    raced = [n for n in IDS if "race" in catalogue()[n][1]]
    assert len(raced) >= 30
    answered = [n for n in ASKING if len(rule(copy.deepcopy(catalogue()[n][1]))["explanation"])
                < len(catalogue()[n][0].sections)]
    assert len(answered) >= 4


def test_fields_set_to_their_own_values_change_nothing() -> None:
    """What the page writes back (the move, plays, protest, options, lulls; a move or
    protest the document has not, cleared) is read as the document had it."""
    for name in IDS:
        report, by_file, _, _ = catalogue()[name]
        first = rule(copy.deepcopy(by_file))
        state = copy.deepcopy(by_file)
        for f in first["board"]["fields"]:
            put(state, f["path"], f["value"])
        again = rule(state)
        assert again["summary"] == list(report.summary), name
        assert again["explanation"] == first["explanation"], name


# --- without pydantic and yaml --------------------------------------------------------------


BLOCKED = r'''
import json, sys

class Blocked:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pydantic", "pydantic_core", "yaml"):
            raise ImportError(f"{name} is not in the browser")
        return None

sys.meta_path.insert(0, Blocked())
from rightofway.rtw.room import rule
out = [rule(state) for state in json.load(sys.stdin)]
assert not any(m.split(".")[0] in ("pydantic", "yaml") for m in sys.modules)
print(json.dumps([[r["summary"], r["explanation"]] for r in out]))
'''


def test_the_room_rules_with_pydantic_and_yaml_blocked() -> None:
    names = ["rtw-fig13-inside-beats-leeward", "rtw2-race-first-to-finish-wins"]
    states = [catalogue()[n][2] for n in names]
    done = subprocess.run([sys.executable, "-c", BLOCKED], input=json.dumps(states),
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    for name, (summary, explanation) in zip(names, got, strict=True):
        report = catalogue()[name][0]
        assert summary == list(report.summary)
        assert explanation == report.to_json()["explanation"]


# --- edits that cross a rule boundary -----------------------------------------------------------


def test_a_mark_dragged_out_of_reach_gives_the_leeward_boat_right_of_way() -> None:
    """RTW 3.6: within two intersections of the mark B, nearer it, is the inside boat and
    holds right of way; A's bear-away onto B's claim infringes. With the mark dragged ten
    intersections away both boats are out of its zone: on the same (starboard) tack A, the
    lower boat in a North wind, is to leeward and holds (RTW 3.4), so the move is free."""
    state = scenario("rtw-fig13-inside-beats-leeward")
    before = rule(state)
    assert rows(before) == {("B", "A", "inside")}
    assert before["summary"][-1].startswith("infringed against: B; penalty: A; protest upheld")
    mark = next(i for i in before["board"]["items"] if i["kind"] == "mark")
    put(state, mark["path"], [0, 20])
    after = rule(state)
    assert rows(after) == {("A", "B", "leeward")}
    assert after["summary"][-1] == "infringed against: nobody; penalty: none; protest dismissed"
    kernel = pos(Compass.N, Boat("A", (2, 8), Compass.NW), Boat("B", (2, 9), Compass.W),
                 marks=(Mark("windward", (0, 20), MarkRole.WINDWARD_MARK),))
    assert rows(after) == kernel_rows(kernel)
    ruling = adjudicate(kernel, Move("A", ("L45",)), Protest("B", "A"))
    assert (ruling.penalty, ruling.verdict) == (None, "dismissed")


def test_a_wind_change_makes_the_port_boat_give_way() -> None:
    """RTW 3.3, 3.4: in a North wind A (NW, starboard close-hauled) and B (E, port beam
    reach) claim nothing in common. Veered to NE, A is a starboard beam reach and B port
    close-hauled heading for A's water: engaged, and starboard holds."""
    state = scenario("rtw-wind-shift-old-wind-not-engaged")
    before = rule(state)
    assert before["relations"] == [] and "no boats are engaged" in before["summary"]
    put(state, before["board"]["wind"]["path"], "NE")
    after = rule(state)
    assert rows(after) == {("A", "B", "starboard")}
    assert after["graph"]["edges"] == [{"from": "B", "to": "A", "label": "starboard"}]
    assert [r["cite"] for r in after["relations"]] == ["RTW 3.4"]
    kernel = pos(Compass.NE, Boat("A", (0, 0), Compass.NW), Boat("B", (-2, -1), Compass.E),
                 marks=(Mark("windward", (0, 20), MarkRole.WINDWARD_MARK),))
    assert rows(after) == kernel_rows(kernel)


def test_turning_a_boat_onto_the_other_tack_moves_right_of_way() -> None:
    """RTW 3.4: B at (0, 0) heading NE in a North wind claims (1, 1), where A stands; both
    close-hauled on port, B is the lower boat, to leeward, and holds. A turned to NW is on
    starboard, and starboard holds over port whatever the water."""
    state: dict[str, Any] = {
        "ruleset": "race-the-wind",
        "position": {"wind": "N", "boats": [{"id": "A", "at": [1, 1], "heading": "NE"},
                                            {"id": "B", "at": [0, 0], "heading": "NE"}]},
    }
    before = rule(state)
    assert rows(before) == {("B", "A", "leeward")}
    heading = before["board"]["items"][0]["heading"]
    assert heading["choices"] == list(HEADINGS) and heading["value"] == "NE"
    put(state, heading["path"], "NW")
    after = rule(state)
    assert rows(after) == {("A", "B", "starboard")}
    assert after["summary"][0].startswith("A at [1, 1] heading NW: starboard tack")
    kernel = pos(Compass.N, Boat("A", (1, 1), Compass.NW), Boat("B", (0, 0), Compass.NE))
    assert rows(after) == kernel_rows(kernel)


def test_dragging_a_boat_out_of_the_contest_ends_the_engagement() -> None:
    """RTW 3.4: boats are engaged when they claim a point in common. B dragged two
    intersections East claims (3, 5), not A's (1, 5): nobody gives way, A's advance is free."""
    state: dict[str, Any] = {
        "position": {"wind": "N", "boats": [{"id": "A", "at": [0, 4], "heading": "NE"},
                                            {"id": "B", "at": [2, 4], "heading": "NW"}]},
        "move": {"boat": "A", "actions": ["A"]},
    }
    assert rows(rule(state)) == {("B", "A", "starboard")}
    put(state, ["position", "boats", 1, "at"], [4, 4])
    after = rule(state)
    assert after["relations"] == [] and after["graph"]["edges"] == []
    assert "no boats are engaged" in after["summary"]
    assert after["summary"][-1] == "infringed against: nobody; penalty: none"


def test_a_move_edited_is_ruled_as_that_move_and_a_cleared_one_is_none() -> None:
    """The move's fields write its boat and its actions (a list); an illegal move is a
    finding, not an error (RTW 2: a close-hauled boat advances one intersection, so [A A] is
    not hers to sail). Clearing the boat with no actions left clears the move."""
    state: dict[str, Any] = {
        "position": {"wind": "N", "boats": [{"id": "A", "at": [0, 4], "heading": "NE"},
                                            {"id": "B", "at": [6, 4], "heading": "NW"}]},
    }
    board = rule(state)["board"]
    fields = {tuple(f["path"]): f for f in board["fields"]}
    assert fields[("move", "boat")]["choices"] == [None, "A", "B"]
    assert fields[("move", "actions")]["value"] == []
    put(state, ["move", "boat"], "A")
    put(state, ["move", "actions"], ["A", "A"])
    result = rule(state)
    assert result["summary"][-1].startswith("move A [A A]: ILLEGAL")
    put(state, ["move", "actions"], ["A"])
    assert rule(state)["summary"][-1] == "infringed against: nobody; penalty: none"
    put(state, ["move", "boat"], None)
    with pytest.raises(StateError, match=r"^move\.boat: expected text"):
        rule(state)
    del state["move"]["actions"]
    assert not any(s.startswith("move ") for s in rule(state)["summary"])


def test_race_and_ruleset_options_edited_change_the_plays() -> None:
    """RTW 3.1: A's 6th move of the start procedure ends on the line, a start fault, which
    by default costs a penalty. With the option that a penalty needs a protest
    (``penalty_requires_protest``) and the race option that boats protest of themselves off
    (``auto_protest``), nobody protests and A owes nothing: both are fields of the board."""
    state = scenario("rtw2-race-start-fault-line-move-6-default")
    before = rule(state)
    setup, _ = read(copy.deepcopy(state))
    assert setup.final is not None and setup.final.state("A").penalties == 1
    fields = {tuple(f["path"]): f for f in before["board"]["fields"]}
    assert fields[("options", "penalty_requires_protest")]["value"] is False
    assert fields[("race", "options", "auto_protest")]["type"] == "bool"
    assert (fields[("play", 0, "boat")]["value"], fields[("play", 0, "actions")]["value"]) \
        == ("A", ["A"])
    put(state, ["options", "penalty_requires_protest"], True)
    put(state, ["race", "options", "auto_protest"], False)
    after = rule(state)
    setup, _ = read(copy.deepcopy(state))
    assert setup.final is not None and setup.final.state("A").penalties == 0
    assert after["summary"] != before["summary"]
    assert after["summary"][-1].startswith("play 1: A [A] - A touched the starting line")


# --- bad states --------------------------------------------------------------------------


def two_boats() -> dict[str, Any]:
    return {"position": {"wind": "N", "marks": [{"id": "w", "at": [0, 9],
                                                  "role": "windward-mark"}],
                         "boats": [{"id": "A", "at": [0, 4], "heading": "NE"},
                                   {"id": "B", "at": [2, 4], "heading": "NW"}]},
            "move": {"boat": "A", "actions": ["A"]}}


BAD: list[tuple[list[str | int], Any, str, str]] = [
    (["position", "boats", 1, "at"], [0, 4], "position.boats[1].at", "two boats cannot share"),
    (["position", "boats", 1, "at"], [0, 9], "position.boats[1].at", "stands on mark"),
    (["position", "boats", 0, "at"], [0, 1001], "position.boats[0].at", "within ±1000"),
    (["position", "boats", 0, "at"], [0.5, 1], "position.boats[0].at", "two whole numbers"),
    (["position", "boats", 0, "heading"], "NNE", "position.boats[0].heading",
     "expected one of N, NE"),
    (["position", "boats", 0, "lull"], "yes", "position.boats[0].lull", "true or false"),
    (["position", "wind"], 0, "position.wind", "expected one of N, NE"),
    (["position", "turn_ordr"], ["A", "B"], "position.turn_ordr", "unknown key"),
    (["position", "turn_order"], ["A"], "position.turn_order", "must name each boat"),
    (["move", "actions"], "A L45", "move.actions", "a list of actions such as"),
    (["move", "actions"], ["A", "R46"], "move.actions[1]", "expected one of A, R45"),
    (["move", "boat"], "Z", "move.boat", "no boat 'Z'"),
    (["move", "boat"], None, "move.boat", "expected text"),
    (["move"], {"boat": "A"}, "move.actions", "required key is missing"),
    (["protest"], {"by": "A", "against": "A"}, "protest.by", "cannot protest against itself"),
    (["protest"], {"by": "B"}, "protest.against", "required key is missing"),
    (["options", "cover_depth"], 0, "options.cover_depth", "from 1 to"),
    (["options", "shadow"], "wide", "options.shadow", "expected one of point, cone"),
]


@pytest.mark.parametrize(("path", "value", "where", "fragment"), BAD,
                         ids=[f"{w}={v!r}" for _, v, w, _ in BAD])
def test_a_bad_state_names_the_field_path(path: list[str | int], value: Any, where: str,
                                          fragment: str) -> None:
    state = two_boats()
    put(state, path, value)
    with pytest.raises(InputError) as err:
        rule(state)
    assert isinstance(err.value, StateError)
    assert str(err.value).startswith(f"{where}: "), str(err.value)
    assert fragment in str(err.value)


@pytest.mark.parametrize("state", [None, [], "position", {"position": None}, {}])
def test_what_is_no_document_is_refused_by_name(state: Any) -> None:
    with pytest.raises(StateError) as err:
        rule(state)
    assert "expected" in str(err.value) or "required" in str(err.value)


def test_a_race_scenario_refuses_what_only_a_one_move_scenario_has() -> None:
    state = scenario("rtw2-race-first-to-finish-wins")
    state["move"] = {"boat": "A", "actions": ["A"]}
    with pytest.raises(StateError, match=r"^move: a race scenario plays its moves"):
        rule(state)
    state = scenario("rtw2-race-first-to-finish-wins")
    state["play"][0]["boat"] = "Z"
    with pytest.raises(StateError, match=r"^play\[0\]\.boat: no boat 'Z'"):
        rule(state)
    state = scenario("rtw2-race-first-to-finish-wins")
    state["race"]["options"] = {"start_moves": "seven"}
    with pytest.raises(StateError, match=r"^race\.options\.start_moves: expected a whole"):
        rule(state)


def test_a_play_the_rules_refuse_is_a_finding_not_an_error() -> None:
    """RTW 2: boats move in turn; a play out of turn is refused and reported."""
    state = scenario("rtw2-race-first-to-finish-wins")
    setup, _ = read(copy.deepcopy(state))
    assert setup.race is not None
    other = next(b.id for b in setup.position.boats if b.id != setup.race.to_move)
    state["play"] = [{"boat": other, "actions": []}]
    summary = rule(state)["summary"]
    assert summary[-1].startswith("play 1: refused - ")


# --- the board ------------------------------------------------------------------------------


def drawn_boats(svg: str) -> list[tuple[float, float]]:
    """The centres of the hulls of the drawing's first panel, in the position's order."""
    root = ET.fromstring(svg)
    out = []
    for g in root.iter(f"{SVG}g"):
        if g.get("class") == "boat":
            x, y = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", g.get("transform", "")
                                ).groups()  # type: ignore[union-attr]
            out.append((float(x), float(y)))
    return out


@pytest.mark.parametrize("name", ["rtw-fig13-inside-beats-leeward",  # two panels
                                  "rtw-wind-shift-old-wind-not-engaged",  # one panel
                                  "rtw-fig06-beam-reach-single-advance-illegal",
                                  "rtw2-race-first-to-finish-wins"])
def test_to_svg_maps_each_boat_onto_its_drawn_hull(name: str) -> None:
    result = rule(scenario(name))
    a, b, c, d, e, f = result["board"]["to_svg"]
    boats = [i for i in result["board"]["items"] if i["kind"] == "boat"]
    drawn = drawn_boats(result["svg"])
    for item, (sx, sy) in zip(boats, drawn, strict=False):
        x, y = item["at"]
        assert a * x + c * y + e == pytest.approx(sx, abs=0.01)
        assert b * x + d * y + f == pytest.approx(sy, abs=0.01)
    assert len(drawn) in (len(boats), 2 * len(boats))


def test_the_board_names_where_each_value_lives() -> None:
    for name in IDS:
        state = catalogue()[name][1]
        board = rule(copy.deepcopy(state))["board"]
        assert (board["kind"], board["snap"]) == ("grid", 1)
        assert at(state, board["wind"]["path"]) == board["wind"]["value"]
        for item in board["items"]:
            assert list(at(state, item["path"])) == item["at"], (name, item)
            if item["heading"] is not None:
                assert at(state, item["heading"]["path"]) == item["heading"]["value"]
        boats = [b["id"] for b in state["position"]["boats"]]
        assert [i["id"] for i in board["items"] if i["kind"] == "boat"] == boats
        marks = [i for i in board["items"] if i["kind"] == "mark"]
        assert len(marks) == (len(state["position"].get("marks", [])) if "race" not in state
                              else 4 if state["race"]["course"].get("extra") else 3)
