"""The protest room's Racing Rules of Sailing (rightofway.rrs.room): a scenario document
ruled as plain data, in the browser without pydantic or PyYAML.

Every catalogue scenario, in both forms the room receives (the YAML file's own mapping and
the validated model dumped to JSON, each without ``expect``), gives the summary and the
explanation ``rightofway check`` gives. Edits that cross a rule boundary are worked out from
the rulebook (the wind from the North; heading 45 is port tack and 315 starboard; RRS 10,
11, 12, the zone of RRS 18 and the hearing of RRS 14, 43.1(c) and 64) and compared with the
kernel asked directly.
"""

from __future__ import annotations

import copy
import itertools
import json
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import fields
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from sampling import sampled

from rightofway.errors import InputError
from rightofway.geometry import Tack
from rightofway.plane import hull
from rightofway.registry import get_ruleset
from rightofway.rrs import Boat, Facts, Incident, Mark, Position, Protest, hearing, ruling
from rightofway.rrs.room import (
    FACT_BOATS,
    FACT_FLAGS,
    FACT_OBJECTS,
    FACTS,
    StateError,
    read,
    rule,
)
from rightofway.scenarios import (
    ScenarioError,
    ScenarioReport,
    bundled_catalogue,
    check_file,
    load_scenario,
    room_state,
)

CATALOGUE = sorted((bundled_catalogue() / "rrs").glob("*.yaml"))
IDS = [p.stem for p in CATALOGUE]
INVALID = Path(__file__).parent.parent / "data" / "invalid-rrs"
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
SVG = "{http://www.w3.org/2000/svg}"


def file_form(path: Path) -> dict[str, Any]:
    """The YAML file's own mapping, without ``expect`` (defaults left out)."""
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=LOADER)
    data.pop("expect", None)
    return dict(data)


def model_form(model: Any) -> dict[str, Any]:
    """What the book's build writes (:func:`rightofway.scenarios.room_state`), through JSON."""
    return dict(json.loads(json.dumps(room_state(model))))


@cache
def catalogue() -> dict[str, tuple[ScenarioReport, dict[str, Any], dict[str, Any]]]:
    """Each scenario's check report and its two state forms, built once: the report is
    :func:`check_file`'s, which loads the file and has the ruleset check it (done here in
    its two steps, so that the file is read once)."""
    out = {}
    for p in CATALOGUE:
        prepared = load_scenario(p)
        out[p.stem] = (get_ruleset("rrs").check(prepared), file_form(p),
                       model_form(prepared.model))
    return out


@cache
def ruled(name: str, form: int) -> dict[str, Any]:
    """The room's result for a catalogue scenario's state form (1: file, 2: model)."""
    _, file, model = catalogue()[name]
    return rule(copy.deepcopy(file if form == 1 else model))


def scenario(name: str) -> dict[str, Any]:
    """A fresh copy of a catalogue scenario's file form, to edit."""
    return copy.deepcopy(catalogue()[name][1])


def at(state: Any, path: Sequence[str | int]) -> Any:
    """The value at ``path`` in ``state`` (``None`` for a key left out)."""
    for part in path:
        if isinstance(part, str):
            if not isinstance(state, dict) or part not in state:
                return None
            state = state[part]
        else:
            if not isinstance(state, list) or part >= len(state):
                return None
            state = state[part]
    return state


def set_at(state: dict[str, Any], path: Sequence[str | int], value: Any) -> None:
    """Set ``value`` at ``path``, making the mappings and lists left out (as the page does)."""
    here: Any = state
    for part, after in itertools.pairwise(path):
        if isinstance(here, dict) and here.get(part) is None:
            here[part] = [] if isinstance(after, int) else {}
        here = here[part]
    here[path[-1]] = value


def two_boats(b_at: tuple[float, float] = (1.0, -1.0), b_heading: float = 315,
              wind: float = 0) -> dict[str, Any]:
    """A on port (heading 45) at the origin and B to her South-East: a state to edit."""
    return {"id": "room-edit", "title": "an edited position", "ruleset": "rrs",
            "source": "RRS 10", "position": {
                "wind": wind,
                "boats": [{"id": "A", "at": [0.0, 0.0], "heading": 45},
                          {"id": "B", "at": list(b_at), "heading": b_heading}]}}


def kernel(state: dict[str, Any]) -> Position:
    """The position of a state built here through the kernel's constructors."""
    p = state["position"]
    return Position(p["wind"], tuple(Boat(b["id"], tuple(b["at"]), b["heading"])
                                     for b in p["boats"]),
                    tuple(Mark(m["id"], tuple(m["at"]), m["leave_to"], m.get("role"))
                          for m in p.get("marks", ())))


# --- every catalogue scenario, both forms -----------------------------------------------------


@pytest.mark.parametrize("name", sampled(IDS))
def test_both_state_forms_give_what_check_gives(name: str) -> None:
    report = catalogue()[name][0].to_json()
    for form in (1, 2):
        result = ruled(name, form)
        assert result["summary"] == report["summary"]
        assert result["explanation"] == report["explanation"]


def test_the_reports_are_check_files() -> None:
    name = "rrs-hearing-backing-boat-forces-avoiding-action"
    path = next(p for p in CATALOGUE if p.stem == name)
    assert catalogue()[name][0].to_json() == check_file(path).to_json()


@pytest.mark.parametrize("name", sampled(IDS))
def test_the_board_points_into_the_state_and_onto_the_drawing(name: str) -> None:
    state = catalogue()[name][1]
    result = ruled(name, 1)
    board = result["board"]
    assert board["kind"] == "plane" and board["snap"] == 0
    a, b, c, d, e, f = board["to_svg"]
    root = ET.fromstring(result["svg"])
    drawn = [p for p in root.iter(f"{SVG}polygon") if p.get("class") == "boat"]
    boats = [item for item in board["items"] if item["kind"] == "boat"]
    assert [item["id"] for item in boats] == [x["id"] for x in state["position"]["boats"]]
    for item, polygon in zip(boats, drawn, strict=True):
        assert at(state, item["path"]) == item["at"]
        heading = item["heading"]
        assert at(state, heading["path"]) % 360 == heading["value"]
        # the hull outline starts at the bow, half a hull length ahead of the centre
        bow = hull(tuple(item["at"]), heading["value"])[1]
        first = polygon.get("points", "").split()[0].split(",")
        assert a * bow[0] + c * bow[1] + e == pytest.approx(float(first[0]), abs=0.01)
        assert b * bow[0] + d * bow[1] + f == pytest.approx(float(first[1]), abs=0.01)
    for item in board["items"]:
        if item["kind"] != "boat":
            assert at(state, item["path"]) == item["at"]
            assert item["heading"] is None
    assert at(state, board["wind"]["path"]) == board["wind"]["value"]
    for field in board["fields"]:
        given = at(state, field["path"])
        if given is not None:
            assert given == field["value"], field["label"]
        if field["choices"] is not None:
            assert field["value"] in field["choices"] or field["value"] is None, field["label"]


@pytest.mark.parametrize("name", sampled(IDS))
def test_relations_and_graph_hold_every_pair_and_agree_with_the_ruling(name: str) -> None:
    state = catalogue()[name][1]
    result = ruled(name, 1)
    report = catalogue()[name][0]
    ids = [b["id"] for b in state["position"]["boats"]]
    n = len(ids)
    assert result["graph"]["nodes"] == ids
    assert len(result["relations"]) == len(result["graph"]["edges"]) == n * (n - 1) // 2
    giver, holder = report.summary[0].split(" keeps clear of ")
    assert {"holder": holder, "giver": giver} in [
        {"holder": r["holder"], "giver": r["giver"]} for r in result["relations"]]
    for r, edge in zip(result["relations"], result["graph"]["edges"], strict=True):
        assert (edge["from"], edge["to"]) == (r["giver"], r["holder"])
        assert r["cite"].startswith("RRS ") and r["why"]
    json.dumps(result)  # all of it plain JSON data


def test_a_catalogue_position_is_ruled_well_within_the_budget_of_a_drag() -> None:
    import time

    spent = []
    for name in IDS:
        state = catalogue()[name][2]
        start = time.perf_counter()
        rule(copy.deepcopy(state))
        spent.append(time.perf_counter() - start)
    spent.sort()
    assert spent[len(spent) // 2] < 0.040


def test_the_reader_knows_every_fact_of_a_position() -> None:
    assert [f.name for f in fields(Facts)] == list(FACTS)
    assert set(FACTS) == set(FACT_OBJECTS) | set(FACT_FLAGS) | set(FACT_BOATS)


# --- the browser has neither pydantic nor PyYAML ----------------------------------------------

BLOCKED = """
import importlib.abc, json, sys

class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in ("pydantic", "pydantic_core", "yaml"):
            raise ImportError(f"{name} is not in the browser")
        return None

sys.meta_path.insert(0, Block())
from rightofway.rrs.room import rule
result = rule(json.loads(sys.stdin.read()))
assert not any(m.partition(".")[0] in ("pydantic", "yaml") for m in sys.modules)
print(json.dumps(result["summary"]))
"""


def test_the_room_rules_with_pydantic_and_yaml_blocked() -> None:
    name = "rrs-hearing-backing-boat-forces-avoiding-action"
    report, _, state = catalogue()[name]
    done = subprocess.run([sys.executable, "-c", BLOCKED], input=json.dumps(state),
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == list(report.summary)


# --- edits that cross a rule boundary ---------------------------------------------------------


def as_checked(state: dict[str, Any]) -> ScenarioReport:
    """``rightofway check``'s report of a state written as a scenario file."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "edited.yaml"
        path.write_text(yaml.safe_dump(state), encoding="utf-8")
        return check_file(path)


def _agrees(state: dict[str, Any], giver: str, holder: str, rules: list[str]) -> None:
    """The room says ``giver`` keeps clear of ``holder`` under ``rules``, as the kernel does
    for the same position, and as check does for the state as a file."""
    result = rule(copy.deepcopy(state))
    report = as_checked(state).to_json()
    assert (result["summary"], result["explanation"]) == (report["summary"],
                                                          report["explanation"])
    assert result["summary"][0] == f"{giver} keeps clear of {holder}"
    assert result["summary"][2] == f"deciding rules: {', '.join(rules)}"
    r = ruling(kernel(state), "A", "B")
    assert (r.keep_clear, r.right_of_way, list(r.rules)) == (giver, holder, rules)


def test_turning_a_boat_onto_the_other_tack_and_dragging_her_astern() -> None:
    # B heading 315 with the wind from the North is on starboard, A on port: A keeps clear
    # (RRS 10).
    state = two_boats()
    _agrees(state, "A", "B", ["10"])
    # B turned to 45 is on port too, abeam of A to the South-East, her leeward (starboard)
    # side: overlapped on the same tack, the windward boat A keeps clear (RRS 11).
    set_at(state, ["position", "boats", 1, "heading"], 45)
    _agrees(state, "A", "B", ["11"])
    # B dragged two lengths behind A on the same course is clear astern: she keeps clear
    # (RRS 12).
    set_at(state, ["position", "boats", 1, "at"], [-2.0, -2.0])
    _agrees(state, "B", "A", ["12"])


def test_changing_the_wind_puts_both_boats_on_the_other_tack() -> None:
    # With the wind from the South, heading 45 is starboard and 315 port: B keeps clear now
    # (RRS 10), where the wind from the North had A keep clear.
    state = two_boats()
    set_at(state, ["position", "wind"], 180)
    result = rule(state)
    assert result["board"]["wind"]["value"] == 180
    _agrees(state, "B", "A", ["10"])


def test_moving_the_mark_or_the_zone_takes_mark_room_away() -> None:
    name = "rrs-mark-room-inside-windward-leeward-mark"
    # Overlapped on port running to a leeward mark left to port, W inside with her bow in
    # the zone: L gives W mark-room (RRS 18.2(a)), W keeps clear (RRS 11).
    assert ruled(name, 1)["summary"][:2] == ["W keeps clear of L",
                                           "mark-room: W; room: nobody"]
    mark = next(i for i in ruled(name, 1)["board"]["items"] if i["kind"] == "mark")
    state = scenario(name)
    set_at(state, mark["path"], [0.0, -10.0])  # no boat within three lengths of it
    result = rule(state)
    assert result["summary"] == ["W keeps clear of L", "mark-room: nobody; room: nobody",
                                 "deciding rules: 11"]
    r = ruling(kernel(state), "L", "W")
    assert (r.mark_room, r.rules) == (None, ("11",))
    # the mark where it was, with a zone of two lengths (match racing): W's bow, 2.56 from
    # the mark, is outside it
    state = scenario(name)
    set_at(state, ["options", "zone_lengths"], 2)
    assert rule(state)["summary"][1:] == ["mark-room: nobody; room: nobody",
                                          "deciding rules: 11"]


def test_a_third_boat_head_to_wind_leaves_the_pair_judged() -> None:
    # C, far off and head to wind with no tack given, has no tack the rules can use; A and B
    # are judged without her (RRS 10), as check judges them, and her pairs have no relation.
    state = two_boats()
    state["position"]["boats"].append({"id": "C", "at": [10.0, 10.0], "heading": 0})
    _agrees(state, "A", "B", ["10"])
    result = rule(state)
    assert [(r["giver"], r["holder"]) for r in result["relations"]] == [("A", "B")]
    assert result["graph"]["nodes"] == ["A", "B", "C"]


def test_facts_found_at_the_hearing_change_the_decision() -> None:
    state = two_boats()
    state["protest"] = {"by": "B", "against": "A"}
    # A, on port, keeps clear of B (RRS 10); with nothing found beyond the position no rule
    # was broken: the protest is dismissed.
    result = rule(copy.deepcopy(state))
    assert result["summary"][3] == "decision: protest dismissed, no rule broken"
    # The boats touched, without damage: A broke 10 and 14 and is penalised; B could have
    # avoided the contact too and broke 14, exonerated as the right-of-way boat (43.1(c)).
    set_at(state, ["incident", "contact"], True)
    result = rule(copy.deepcopy(state))
    d = hearing(kernel(state), Protest("B", "A"), Incident(contact=True))
    assert (d.broke, d.exonerated, d.penalised) == (
        {"A": ("10", "14"), "B": ("14",)}, {"B": ("43.1(c)",)}, ("A",))
    assert result["summary"][3] == d.summary()
    assert result["summary"] == list(as_checked(state).summary)
    assert [s["title"] for s in result["explanation"]] == [
        "Part 2 between B and A", "Hearing, protest by B against A: facts found",
        "Conclusions and rules that apply", "Decision"]


def test_each_field_set_to_the_value_it_shows_changes_nothing() -> None:
    """A field shows the value the state holds, or the default the reader applies."""
    for name in ("rrs-hearing-backing-boat-forces-avoiding-action",
                 "rrs-mark-room-inside-windward-leeward-mark",
                 "rrs-19-2-c-shore-room-when-overlap-began",
                 "rrs-zone-four-lengths-option"):
        base = ruled(name, 1)
        for field in base["board"]["fields"]:
            state = scenario(name)
            set_at(state, field["path"], copy.deepcopy(field["value"]))
            again = rule(state)
            assert again["summary"] == base["summary"], (name, field["label"])
            assert again["explanation"] == base["explanation"], (name, field["label"])


def test_a_mapping_with_no_boat_chosen_is_no_protest_and_no_fact() -> None:
    state = two_boats()
    plain = rule(copy.deepcopy(state))
    for path in (["protest", "by"], ["position", "facts", "zone_entry", "first"],
                 ["position", "facts", "changing_course", "boat"]):
        edited = copy.deepcopy(state)
        set_at(edited, path, None)
        assert rule(edited)["summary"] == plain["summary"], path
    # facts found that are all the defaults say nothing, even with no protest
    edited = copy.deepcopy(state)
    edited["incident"] = {"contact": False, "room_to_keep_clear": True}
    assert rule(edited)["summary"] == plain["summary"]


def test_a_fact_chosen_in_the_room_is_the_file_fact() -> None:
    # B (starboard) has just acquired right of way by her own action: rule 15 binds her.
    state = two_boats()
    set_at(state, ["position", "facts", "acquired_right_of_way", "boat"], "B")
    set_at(state, ["position", "facts", "acquired_right_of_way", "by_own_action"], True)
    position, pair, protest, incident = read(copy.deepcopy(state))
    assert position.facts.acquired_right_of_way == ("B", True)
    assert (pair, protest, incident) == (("A", "B"), None, None)
    assert "15" in rule(state)["summary"][2]


# --- bad states -------------------------------------------------------------------------------


def _refused(state: Any, loc: tuple[str | int, ...], words: str) -> StateError:
    with pytest.raises(StateError) as caught:
        rule(state)
    assert isinstance(caught.value, InputError)
    assert caught.value.loc == loc
    assert words in caught.value.message
    assert str(caught.value).startswith(_where(loc))
    return caught.value


def _where(loc: tuple[str | int, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def test_a_boat_dragged_onto_another_is_refused_naming_her() -> None:
    state = two_boats(b_at=(0.1, 0.1))
    e = _refused(state, ("position", "boats", 1, "at"), "touches or crosses")
    assert str(e).startswith("position.boats[1].at: boat B's hull")


def test_a_boat_dragged_off_the_water_is_refused() -> None:
    _refused(two_boats(b_at=(5000.0, 0.0)), ("position", "boats", 1, "at", 0),
             "at most 1000")


@pytest.mark.parametrize(("path", "value", "loc", "words"), [
    (["position", "boats", 0, "heading"], "north", ("position", "boats", 0, "heading"),
     "expected a number"),
    (["position", "boats", 0, "heading"], 400, ("position", "boats", 0, "heading"),
     "at most 360"),
    (["position", "wind"], True, ("position", "wind"), "expected a number"),
    (["position", "boats", 0, "at"], [1], ("position", "boats", 0, "at"), "a point [x, y]"),
    (["position", "boats", 0, "tacking"], "yes", ("position", "boats", 0, "tacking"),
     "true or false"),
    (["position", "boats", 1, "tack"], "left", ("position", "boats", 1, "tack"),
     "starboard, port"),
    (["position", "boats", 0, "id"], "", ("position", "boats", 0, "id"), "1 to 40"),
    (["position", "facts", "hailed_for_water"], "A",
     ("position", "facts", "hailed_for_water"), "unknown key"),
    (["position", "facts", "moving_astern"], "Z", ("position", "facts", "moving_astern"),
     "no boat 'Z'"),
    (["position", "facts", "zone_entry", "first"], "A",
     ("position", "facts", "zone_entry", "overlapped"), "required key is missing"),
    (["position", "marks"], [{"id": "m", "at": [0, 9]}], ("position", "marks", 0, "leave_to"),
     "required key is missing"),
    (["position", "obstructions"], [{"id": "rib", "at": [0, 9]}],
     ("position", "obstructions", 0), "give at and radius"),
    (["options", "zone_lengths"], 0, ("options", "zone_lengths"), "more than 0"),
    (["pair"], ["A", "Z"], ("pair", 1), "no boat 'Z'"),
    (["pair"], ["A", "A"], ("pair", 1), "two different boats"),
    (["pair"], "A B", ("pair",), "expected a list"),
    (["protest"], {"by": "A", "against": "A"}, ("protest", "against"), "herself"),
    (["protest"], {"by": "A"}, ("protest", "against"), "required key is missing"),
    (["incident", "contact"], True, ("incident",), "need a hearing"),
    (["ruleset"], "simulation", ("ruleset",), "expected one of rrs"),
])
def test_a_bad_value_is_refused_naming_its_path(path: list[str | int], value: Any,
                                                 loc: tuple[str | int, ...],
                                                 words: str) -> None:
    state = two_boats()
    set_at(state, path, value)
    _refused(state, loc, words)


def test_a_state_that_is_not_a_mapping_is_refused() -> None:
    with pytest.raises(StateError, match="expected a mapping"):
        rule([1, 2])  # type: ignore[arg-type]


def test_a_boat_head_to_wind_without_her_tack_is_refused_naming_her() -> None:
    state = two_boats()
    set_at(state, ["position", "boats", 1, "heading"], 0)
    with pytest.raises(StateError) as caught:
        rule(state)
    assert caught.value.loc[:3] == ("position", "boats", 1)
    set_at(state, ["position", "boats", 1, "tack"], "starboard")
    assert rule(state)["summary"][0] == "A keeps clear of B"
    assert read(state)[0].boats[1].tack is Tack.STARBOARD


@pytest.mark.parametrize("path", sorted(INVALID.glob("*.yaml")), ids=lambda p: p.stem)
def test_the_room_refuses_an_invalid_file_as_check_does(path: Path) -> None:
    """Each invalid file of the catalogue's tests, less what only ``expect`` says."""
    with pytest.raises(ScenarioError) as checked:
        check_file(path)
    if checked.value.loc[:1] == ("expect",):
        pytest.skip("an expectation's fault: the room has no expect")
    with pytest.raises(StateError) as roomed:
        rule(file_form(path))
    assert roomed.value.loc == checked.value.loc
    if checked.value.loc[-1:] != ("hailed_for_water",):  # pydantic words unknown keys its way
        assert roomed.value.message == checked.value.message
