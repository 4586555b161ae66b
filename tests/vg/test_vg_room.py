"""The protest room's Vector Game (rightofway.vg.room): a scenario document ruled as plain
data, in the browser without pydantic or PyYAML.

Every catalogue scenario, in both forms the room receives (the YAML file's own mapping and
the validated model dumped to JSON, each without ``expect``), gives the summary and the
explanation ``rightofway check`` gives. Edits that cross a rule boundary are worked out from
the rulebook (the wind blows from the North, down the page; ``S`` moves West, ``P`` East;
starboard keeps right of way over port, VG-GW3, and on one side the leeward boat, the one
further South, over the windward, VG-GW2) and compared with the kernel asked directly.
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

from rightofway.errors import InputError
from rightofway.scenarios import (
    ScenarioReport,
    bundled_catalogue,
    check_file,
    load_scenario,
    room_state,
)
from rightofway.vg import Boat, Move, Position, Vector, game, rules
from rightofway.vg.position import engaged_pairs
from rightofway.vg.room import VECTOR_CHOICES, read, rule

V = Vector.parse
CATALOGUE = sorted((bundled_catalogue() / "vector-game").glob("*.yaml"))
IDS = [p.stem for p in CATALOGUE]
SVG = "{http://www.w3.org/2000/svg}"
PANEL = 420
"""The width of a panel of the drawing (the catalogue's size): the first panel is the
position before the move, the one the board's items are on."""


def file_form(path: Path) -> dict[str, Any]:
    """The YAML file's own mapping, without ``expect`` (defaults left out)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data.pop("expect", None)
    return dict(data)


def model_form(path: Path) -> dict[str, Any]:
    """What the book's build writes (:func:`rightofway.scenarios.room_state`), through JSON."""
    return dict(json.loads(json.dumps(room_state(load_scenario(path).model))))


@cache
def catalogue() -> dict[str, tuple[ScenarioReport, dict[str, Any], dict[str, Any]]]:
    """Each scenario's check report and its two state forms, built once."""
    return {p.stem: (check_file(p), file_form(p), model_form(p)) for p in CATALOGUE}


@cache
def ruled(name: str, form: int) -> dict[str, Any]:
    """The room's result for a catalogue scenario's state form (1: file, 2: model)."""
    _, by_file, by_model = catalogue()[name]
    return rule(copy.deepcopy(by_file if form == 1 else by_model))


def scenario(name: str) -> dict[str, Any]:
    """A fresh copy of a catalogue scenario's file form, to edit."""
    return copy.deepcopy(catalogue()[name][1])


def at(state: Any, path: list[str | int]) -> Any:
    """The value at ``path`` in ``state`` (``None`` for a key left out)."""
    for part in path:
        if isinstance(part, str):
            if part not in state:
                return None
            state = state[part]
        else:
            state = state[part]
    return state


def put(state: dict[str, Any], path: list[str | int], value: Any) -> dict[str, Any]:
    """``state`` with ``value`` set at ``path``, mappings made on the way, as the room's
    page sets a value the reader edits."""
    node: Any = state
    for part, following in itertools.pairwise(path):
        if isinstance(part, str) and part not in node:
            node[part] = {} if isinstance(following, str) else []
        node = node[part]
    node[path[-1]] = value
    return state


# --- the whole catalogue ---------------------------------------------------------------------


def test_the_catalogue_is_there() -> None:
    assert len(CATALOGUE) >= 70


@pytest.mark.parametrize("form", [1, 2], ids=["file", "model"])
@pytest.mark.parametrize("name", sampled(IDS))
def test_summary_and_explanation_are_those_of_check(name: str, form: int) -> None:
    report = catalogue()[name][0]
    result = ruled(name, form)
    assert result["summary"] == list(report.summary)
    assert result["explanation"] == report.to_json()["explanation"]


@pytest.mark.parametrize("name", sampled(IDS))
def test_the_board_points_into_the_state_and_the_drawing(name: str) -> None:
    state = catalogue()[name][1]
    result = ruled(name, 1)
    board = result["board"]
    assert board["kind"] == "grid" and board["snap"] == 1 and board["wind"] is None
    a, b, c, d, e, f = board["to_svg"]
    drawn, islands = drawn_centres(result["svg"])
    position, _ = read(state)
    boats = [item for item in board["items"] if item["kind"] == "boat"]
    assert [item["id"] for item in boats] == [boat.id for boat in position.boats]
    for item in board["items"]:
        assert at(state, item["path"]) == item["at"]
        x, y = item["at"]
        where = pytest.approx((a * x + c * y + e, b * x + d * y + f), abs=0.01)
        if item["kind"] == "obstruction":  # drawn when in view, in the page's order
            assert position.islands >= {(x, y)}
            assert sum(where == centre for centre in islands) <= 1
        elif item["kind"] == "boat" or item["id"] in drawn:  # a mark is drawn when in view
            assert drawn[item["id"]] == where
    assert len(islands) == sum(where_drawn(board, islands))
    for item, boat in zip(boats, position.boats, strict=True):
        heading = item["heading"]
        written = at(state, heading["path"])
        assert (Vector.parse(written) if written else None) == boat.vector
        assert heading["value"] == (str(boat.vector) if boat.vector else None)
        assert heading["value"] in heading["choices"]
    for field in board["fields"]:
        if field["type"] == "choice":
            assert field["value"] is None or field["value"] in field["choices"]


def drawn_centres(svg: str) -> tuple[dict[str, tuple[float, float]], list[tuple[float, float]]]:
    """Where the drawing's first panel (the position before the move) puts each boat (its
    group's translation) and mark (its buoy's centre), by the board's item ids, and the
    centres of the first panel's island squares."""
    root = ET.fromstring(svg)
    found: dict[str, tuple[float, float]] = {}
    for g in root.iter(f"{SVG}g"):
        kind = g.get("class")
        title = g.find(f"{SVG}title")
        if kind == "boat" and title is not None and title.text:
            name = title.text.split(":")[0]
            x, y = g.get("transform", "").removeprefix("translate(").rstrip(")").split(",")
            found.setdefault(name, (float(x), float(y)))
        elif kind == "mark" and title is not None and title.text:
            name = "mark " + title.text.removeprefix("mark ").split(":")[0]
            buoy = g.find(f"{SVG}circle")
            assert buoy is not None
            found.setdefault(name, (float(buoy.get("cx", "")), float(buoy.get("cy", ""))))
    islands: list[tuple[float, float]] = []
    for rect in root.iter(f"{SVG}rect"):
        if rect.get("class") == "island":
            half = float(rect.get("width", "")) / 2
            cx, cy = float(rect.get("x", "")) + half, float(rect.get("y", "")) + half
            if cx < PANEL:
                islands.append((cx, cy))
    return found, islands


def where_drawn(board: dict[str, Any], islands: list[tuple[float, float]]) -> list[bool]:
    """For each island square drawn in the first panel, whether some island of the board
    maps onto it."""
    a, b, c, d, e, f = board["to_svg"]
    mapped = [pytest.approx((a * x + c * y + e, b * x + d * y + f), abs=0.01)
              for x, y in (i["at"] for i in board["items"] if i["kind"] == "obstruction")]
    return [any(m == centre for m in mapped) for centre in islands]


# --- the browser's path: no pydantic, no YAML --------------------------------------------------

BLOCKED = """
import json, sys

class NoPydanticNoYaml:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {"pydantic", "pydantic_core", "yaml", "_yaml"}:
            raise ImportError(f"{name} is not in the browser")
        return None

sys.meta_path.insert(0, NoPydanticNoYaml())
from rightofway.vg.room import rule

result = rule(json.loads(sys.stdin.read()))
loaded = sorted(m for m in sys.modules
                if m.partition(".")[0] in {"pydantic", "pydantic_core", "yaml", "_yaml"})
print(json.dumps({"summary": result["summary"], "explanation": result["explanation"],
                  "svg": result["svg"][:4], "loaded": loaded}))
"""


def test_the_room_rules_without_pydantic_or_yaml() -> None:
    name = "vg-gw1-port-crosses-close-ahead"
    done = subprocess.run([sys.executable, "-c", BLOCKED],
                          input=json.dumps(catalogue()[name][2]), capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    report = catalogue()[name][0]
    assert out["loaded"] == []
    assert out["summary"] == list(report.summary)
    assert out["explanation"] == report.to_json()["explanation"]
    assert out["svg"] == "<svg"


# --- edits that cross a rule boundary ----------------------------------------------------------


def two_boats(a: list[int], va: str, b: list[int], vb: str) -> dict[str, Any]:
    return {"position": {"boats": [{"id": "A", "at": a, "vector": va},
                                   {"id": "B", "at": b, "vector": vb}]}}


def relations(state: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    return [(r["holder"], r["giver"], r["why"], r["cite"]) for r in rule(state)["relations"]]


def kernel(state: dict[str, Any]) -> Position:
    """The state's position built by the kernel's own constructors."""
    p = state["position"]
    return Position(tuple(Boat(b["id"], tuple(b["at"]), b.get("vector"),
                               b.get("lost_turns", 0)) for b in p["boats"]),
                    islands=frozenset(tuple(q) for q in p.get("islands", [])),
                    start_line=(tuple(p["start_line"]["from"]), tuple(p["start_line"]["to"]))
                    if "start_line" in p else None, turn=p.get("turn", 0))


def test_one_row_lower_makes_the_leeward_boat() -> None:
    # Both on starboard on one row: no give-way rule decides (VG-GW2 needs a leeward boat).
    state = scenario("vg-engaged-same-row-no-right-of-way")
    result = rule(state)
    assert result["relations"] == []
    assert result["graph"]["edges"] == [{"from": "A", "to": "B",
                                         "label": "engaged, undecided"}]
    # B one row further South is to leeward: A (windward) keeps clear; both still claim [6, 6].
    put(state, ["position", "boats", 1, "at"], [8, 4])
    assert relations(state) == [("B", "A", "leeward", "VG-GW2")]
    row = rules.right_of_way(kernel(state), "A", "B")
    assert row is not None and (row.holder, row.giver, row.basis) == ("B", "A", "leeward")
    assert rule(state)["graph"]["edges"] == [{"from": "A", "to": "B", "label": "leeward"}]


def test_the_other_tack_gives_starboard_right_of_way() -> None:
    # Two starboard boats side by side on one row, both claiming [6, 6]: undecided.
    state = two_boats([5, 5], "1U:1S", [7, 5], "1U:1S")
    assert relations(state) == []
    # B tacks onto port: starboard A holds right of way (VG-GW3), whatever the rows.
    put(state, ["position", "boats", 1, "vector"], "1U:1P")
    assert relations(state) == [("A", "B", "starboard", "VG-GW3")]
    row = rules.right_of_way(kernel(state), "A", "B")
    assert row is not None and (row.holder, row.giver, row.basis) == ("A", "B", "starboard")
    assert "A has right of way over B (starboard)" in rule(state)["summary"]


def test_far_apart_no_longer_engaged() -> None:
    state = scenario("vg-engaged-starboard-over-port")
    assert relations(state) == [("B", "A", "starboard", "VG-GW3")]
    # Ten squares away neither can reach the other's claims: no pair, no right of way.
    put(state, ["position", "boats", 1, "at"], [18, 6])
    result = rule(state)
    assert result["relations"] == [] and result["graph"]["edges"] == []
    assert result["graph"]["nodes"] == ["A", "B"]
    assert engaged_pairs(kernel(state)) == []


def test_dragging_the_boat_off_the_landing_makes_the_move_legal() -> None:
    state = scenario("vg-gw5-lands-on-boat")
    assert rule(state)["summary"][-1].startswith("move A 2U:2S: ILLEGAL")
    # A's 2U:2S from [12, 8] ends on [10, 10]; with B gone from there nothing stops it
    # (VG-M1 allows the same vector again, 2U is not more than 2S for VG-M3).
    put(state, ["position", "boats", 1, "at"], [20, 20])
    last = rule(state)["summary"][-1]
    assert last.startswith("move A 2U:2S: legal")
    assert game.legality(kernel(state), Move("A", V("2U:2S"))).legal


def test_moving_the_island_off_the_path() -> None:
    state = scenario("vg-island-path-blocked")
    # 1U:3S from [10, 10] passes [9, 10], [8, 11] and lands on [7, 11]: the island on
    # [8, 11] stops it (VG-I), legal but costly.
    assert "VG-I" in rule(state)["summary"][-1]
    island = next(i for i in rule(state)["board"]["items"] if i["kind"] == "obstruction")
    put(state, island["path"], [8, 12])
    ruling = rule(state)
    assert "VG-I" not in ruling["summary"][-1] and "legal" in ruling["summary"][-1]
    after = game.adjudicate(kernel(state), Move("A", V("1U:3S"))).after
    assert after is not None and after.boat("A").at == (7, 11)


def test_the_turn_field_moves_the_start() -> None:
    state = scenario("vg-start-cross-after-turn-4")
    board = rule(state)["board"]
    turn = next(f for f in board["fields"] if f["path"] == ["position", "turn"])
    assert turn["value"] == 4 and turn["type"] == "number"
    assert rule(state)["summary"][-1].startswith("move A 2U:2S: legal")
    # In turn 4 (three completed) a boat may not yet touch the line (VG-S2).
    put(state, turn["path"], 3)
    last = rule(state)["summary"][-1]
    assert last.startswith("move A 2U:2S: ILLEGAL") and "VG-S2" in last
    assert game.legality(kernel(state), Move("A", V("2U:2S"))).violations == ("VG-S2",)


def test_repairs_set_where_the_file_left_the_default() -> None:
    state = two_boats([5, 5], "1U:1S", [15, 5], "1U:1S")
    state["move"] = {"boat": "A", "vector": "1U:1S"}
    lost = next(f for f in rule(state)["board"]["fields"]
                if f["path"] == ["position", "boats", 0, "lost_turns"])
    assert lost["value"] == 0 and lost["choices"] == [0, 1, 2]
    # A repairing boat sits its turns out (VG-I): it has no next vectors and may not sail.
    put(state, lost["path"], 2)
    summary = rule(state)["summary"]
    assert summary[0].endswith("next vectors: none (repairing)")
    assert summary[-1].startswith("move A 1U:1S: ILLEGAL") and "VG-I" in summary[-1]
    state["move"]["vector"] = None
    assert rule(state)["summary"][-1].startswith("move A (stands still): legal")


def test_a_vector_outside_the_choices_is_offered_too() -> None:
    assert "2U:2S" in VECTOR_CHOICES and "1D:0P" in VECTOR_CHOICES
    assert "2U:1S" not in VECTOR_CHOICES  # too close to the wind (VG-M3)
    assert "5D:1S" not in VECTOR_CHOICES  # too deep (VG-M4)
    assert "0U:0S" not in VECTOR_CHOICES  # no move (VG-M2)
    state = two_boats([5, 5], "10D:9S", [30, 5], "1S")
    items = rule(state)["board"]["items"]
    assert items[0]["heading"]["value"] == "10D:9S" and "10D:9S" in items[0]["heading"]["choices"]
    assert items[1]["heading"]["value"] == "0U:1S"
    assert items[0]["heading"]["choices"][0] is None  # not yet moved


# --- bad states --------------------------------------------------------------------------------


def refused(state: Any) -> str:
    with pytest.raises(InputError) as err:
        rule(state)
    return str(err.value)


@pytest.mark.parametrize(
    ("path", "value", "where", "fragment"),
    [
        (["position", "boats", 1, "at"], [8, 9], "position.boats[1].at", "already taken"),
        (["position", "boats", 0, "at"], [8.5, 9], "position.boats[0].at", "intersection"),
        (["position", "boats", 0, "at"], [2000, 9], "position.boats[0].at", "±1000"),
        (["position", "boats", 0, "vector"], "2X:1S", "position.boats[0].vector",
         "not a vector"),
        (["position", "boats", 0, "vector"], 3, "position.boats[0].vector", "vector"),
        (["position", "boats", 0, "lost_turns"], True, "position.boats[0].lost_turns",
         "whole number"),
        (["position", "boats", 0, "lost_turns"], 3, "position.boats[0].lost_turns", "0 to 2"),
        (["position", "boats", 1, "id"], "A", "position.boats[1].id", "used twice"),
        (["position", "boats", 1, "id"], "", "position.boats[1].id", "id"),
        (["position", "boats", 0, "colour"], "red", "position.boats[0].colour",
         "unknown key"),
        (["position", "turn"], "3", "position.turn", "whole number"),
        (["position", "turn"], -1, "position.turn", "whole number"),
        (["position", "wind"], "S", "position.wind", "North"),
        (["position", "start_lin"], None, "position.start_lin", "did you mean 'start_line'"),
        (["position", "start_line"], {"from": [2, 10], "to": [8, 11]}, "position.start_line",
         "one row"),
        (["position", "start_line"], {"from": [2, 10]}, "position.start_line.to",
         "missing"),
        (["position", "board"], {"width": 0, "height": 9}, "position.board.width",
         "whole number"),
        (["position", "board"], {"width": 9, "height": 9}, "position.boats[1].at",
         "off the page"),
        (["position", "islands"], [[10, 10]], "position.boats[1].at", "island"),
        (["position", "islands"], [[10, "x"]], "position.islands[0]", "intersection"),
        (["position", "marks"], [{"id": "1", "at": [3, 3], "side": "X"}],
         "position.marks[0].side", "'S'"),
        (["position", "marks"], [{"id": 1, "at": [3, 3], "side": "S"}],
         "position.marks[0].id", "id"),
        (["position", "turn_order"], ["A", "Z"], "position.turn_order", "exactly once"),
        (["position", "boats"], [], "position.boats", "1 to 100"),
        (["position", "boats"], "A", "position.boats", "list"),
        (["move", "boat"], "Z", "move.boat", "no boat 'Z'"),
        (["move", "vector"], "2U", "move.vector", "not a vector"),
        (["move", "vector"], ["2U:2P"], "move.vector", "vector"),
        (["move"], {"boat": "A"}, "move.vector", "required key is missing"),
        (["move"], "A 2U:2P", "move", "mapping"),
        (["ruleset"], "race-the-wind", "ruleset", "vector-game"),
        (["schema_version"], 2, "schema_version", "1"),
        (["title"], 7, "title", "text"),
        (["protest"], {"by": "B", "against": "A"}, "protest", "unknown key"),
        (["title"], "\u200b", "title", "not allowed"),
    ],
)
def test_a_bad_state_is_refused_naming_its_field(path: list[str | int], value: Any,
                                                 where: str, fragment: str) -> None:
    state = put(scenario("vg-gw1-port-crosses-close-ahead"), path, value)
    message = refused(state)
    assert message.startswith(f"{where}: ") and fragment in message, message


def test_what_is_no_scenario_document_is_refused() -> None:
    assert refused([1, 2]).startswith("expected a mapping")
    assert refused({"id": "x"}).startswith("position: required key is missing")
    assert refused({"position": None}).startswith("position: expected a mapping")


@pytest.mark.parametrize("name", IDS[::7])
def test_every_wrong_type_anywhere_is_an_input_error(name: str) -> None:
    """Each value of a catalogue state replaced by a value of every other kind: the room
    rules or refuses with an InputError, never another exception."""
    state = catalogue()[name][1]
    paths: list[list[str | int]] = []

    def walk(node: Any, path: list[str | int]) -> None:
        if path:
            paths.append(path)
        if isinstance(node, dict):
            for key, item in node.items():
                walk(item, [*path, key])
        elif isinstance(node, list):
            for i, item in enumerate(node):
                walk(item, [*path, i])

    walk(state, [])
    for path in paths:
        wrong: tuple[Any, ...] = (None, True, -1, 2.5, "x", [], {}, [1, 2])
        for value in wrong:
            edited = put(copy.deepcopy(state), path, value)
            try:
                read(edited)
            except InputError:
                continue
            assert rule(edited)["summary"]  # what reads is ruled


def test_an_expect_given_is_not_read() -> None:
    name = "vg-gw5-lands-on-boat"
    state = scenario(name)
    state["expect"] = {"legal": True}
    assert rule(state)["summary"] == ruled(name, 1)["summary"]
