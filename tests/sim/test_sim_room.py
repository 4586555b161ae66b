"""The protest room's simulation (rightofway.sim.room): a scenario document ruled as plain
data, in the browser without pydantic or PyYAML.

Every catalogue scenario, in both forms the room receives (the YAML file's own mapping and
the validated model dumped to JSON, each without ``expect``), gives the summary, the
explanation and the drawing ``rightofway check`` and the catalogue give. Edits made through
the board's paths, as the page makes them, cross rule boundaries worked out from the
rulebook (sailboat-racing-simulation.txt: SIM Movement, In Irons, The Start, Turn
Sequence; right of way "as per standard racing rules": RRS 10 port keeps clear of
starboard, RRS 12 clear astern keeps clear of clear ahead) and are compared with the
kernel asked directly. The wind is North at 10 knots (no bonus) unless a case says
otherwise: a heading of 45 is a beat (5 units), 315 a beat on starboard tack, anything
within 45 degrees of North in irons.
"""

from __future__ import annotations

import copy
import itertools
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

from rightofway import sim
from rightofway.errors import InputError
from rightofway.geometry import Tack
from rightofway.registry import get_ruleset
from rightofway.scenarios import (
    ScenarioReport,
    bundled_catalogue,
    check_file,
    load_scenario,
    room_state,
)
from rightofway.sim import rules
from rightofway.sim.room import read, rule

CATALOGUE = sorted((bundled_catalogue() / "simulation").glob("*.yaml"))
IDS = [p.stem for p in CATALOGUE]
SVG = "{http://www.w3.org/2000/svg}"


def file_form(path: Path) -> dict[str, Any]:
    """The YAML file's own mapping, without ``expect`` (defaults left out)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data.pop("expect", None)
    return dict(data)


def model_form(path: Path) -> dict[str, Any]:
    """What the book's build writes (:func:`rightofway.scenarios.room_state`), through JSON."""
    return dict(json.loads(json.dumps(room_state(load_scenario(path).model))))


@cache
def catalogue() -> dict[str, tuple[ScenarioReport, str, dict[str, Any], dict[str, Any]]]:
    """Each scenario's check report, catalogue drawing and two state forms, built once."""
    out = {}
    ruleset = get_ruleset("simulation")
    for p in CATALOGUE:
        prepared = load_scenario(p)
        drawing = ruleset.diagram(prepared.position, prepared.move)
        out[p.stem] = (check_file(p), drawing, file_form(p), model_form(p))
    return out


def state_of(stem: str) -> dict[str, Any]:
    """A fresh copy of a catalogue scenario's file form, to edit."""
    return copy.deepcopy(catalogue()[stem][2])


def put(state: dict[str, Any], path: list[str | int], value: Any) -> None:
    """Set ``value`` at ``path`` as the page does, making the mappings and lists a path
    names that the state leaves out."""
    node: Any = state
    for key, nxt in itertools.pairwise(path):
        if isinstance(key, int):
            while len(node) <= key:
                node.append(None)
            if node[key] is None:
                node[key] = [] if isinstance(nxt, int) else {}
        elif key not in node or node[key] is None:
            node[key] = [] if isinstance(nxt, int) else {}
        node = node[key]
    last = path[-1]
    if isinstance(last, int):
        while len(node) <= last:
            node.append(None)
    node[last] = value


def field(result: dict[str, Any], path: list[str | int]) -> dict[str, Any]:
    """The board's field at ``path``."""
    found: list[dict[str, Any]] = [f for f in result["board"]["fields"] if f["path"] == path]
    assert len(found) == 1, path
    return found[0]


def item(result: dict[str, Any], item_id: str) -> dict[str, Any]:
    found: list[dict[str, Any]] = [i for i in result["board"]["items"] if i["id"] == item_id]
    assert len(found) == 1, item_id
    return found[0]


# --- the catalogue: the room says what the check says ------------------------------------


@pytest.mark.parametrize("stem", sampled(IDS))
def test_both_state_forms_give_the_checks_summary_explanation_and_drawing(stem: str) -> None:
    report, drawing, from_file, from_model = catalogue()[stem]
    want = report.to_json()
    for state in (from_file, from_model):
        got = rule(copy.deepcopy(state))
        assert got["summary"] == want["summary"]
        assert got["explanation"] == want["explanation"]
        assert got["svg"] == drawing
        json.dumps(got)  # plain data, all of it


def test_the_catalogue_has_scenarios_of_every_kind_the_room_reads() -> None:
    forms = [f for _, _, f, _ in catalogue().values()]
    assert len(forms) == len(IDS) > 80
    assert any("moves" in f for f in forms) and any("move" in f for f in forms)
    assert any("initial" in f.get("dice", {}) for f in forms)
    assert any(f["position"].get("lines") for f in forms)
    assert any(len(f["position"]["boats"]) > 2 for f in forms)


def test_the_room_reads_neither_pydantic_nor_yaml() -> None:
    state = json.dumps(file_form(bundled_catalogue() / "simulation"
                                 / "sim2-round-wind-changes-after-all-moves.yaml"))
    code = (
        "import json, sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('pydantic', 'pydantic_core', 'yaml'):\n"
        "            raise ImportError('blocked: ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "from rightofway.sim.room import rule\n"
        "out = rule(json.loads(sys.stdin.read()))\n"
        "assert not any(m.split('.')[0] in ('pydantic', 'yaml') for m in sys.modules)\n"
        "print(json.dumps(out['summary']))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], input=state, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    # B (y 5, starboard at 300) is to windward and A (heading 90, port) keeps clear of her
    # (RRS 10): B moves first; the dice [1, 2] and [6, 6] turn N 11 to NE 12 (SIM Wind)
    assert json.loads(done.stdout) == [
        "B M5: beat, 5 units, legal", "A M7: reach, 7 units, legal", "play order: B, A",
        "wind: NE 12 knots"]


# --- edits across rule boundaries --------------------------------------------------------


def test_turning_the_port_windward_boat_onto_starboard_puts_her_first() -> None:
    # A at (0, 3) heading 45 is on port tack to windward of B at (0, 0) heading 315 on
    # starboard: RRS 10, A keeps clear and moves after B although she is to windward.
    state = {"id": "room", "title": "room", "ruleset": "simulation", "source": "SIM",
             "position": {"wind": {"from": "N", "knots": 10},
                          "boats": [{"id": "A", "at": [0.0, 3.0], "heading": 45.0},
                                    {"id": "B", "at": [0.0, 0.0], "heading": 315.0}]}}
    before = rule(state)
    assert before["summary"] == ["play order: B, A", "wind: N 10 knots"]
    assert before["relations"] == [{"holder": "B", "giver": "A", "cite": "RRS 10",
                                    "why": before["relations"][0]["why"]}]
    assert "opposite tacks" in before["relations"][0]["why"]
    assert before["graph"] == {"nodes": ["B", "A"], "edges": [
        {"from": "A", "to": "B", "label": "keeps clear (RRS 10)"}]}
    # on starboard too, heading 315, A is 3 * cos 45 = 2.12 units ahead of B along the
    # course, more than a hull: B is clear astern and keeps clear (RRS 12); A, to windward,
    # moves first either way
    put(state, item(before, "A")["heading"]["path"], 315.0)
    after = rule(state)
    kernel = rules.play_order(sim.Position("N", 10, (sim.Boat("A", (0.0, 3.0), 315.0),
                                                     sim.Boat("B", (0.0, 0.0), 315.0))))
    assert kernel.order == ("A", "B")
    assert after["summary"] == ["play order: A, B", "wind: N 10 knots"]
    assert [(r["giver"], r["holder"], r["cite"]) for r in after["relations"]] == \
        [(k, h, f"RRS {r}") for k, h, r in kernel.keep_clear] == [("B", "A", "RRS 12")]


def test_heading_out_of_irons_makes_a_run_legal() -> None:
    # sim2-band-44-9-in-irons-45-beat: B heads 45, a beat of 5 units in N 10; M5 is legal
    stem = "sim2-band-44-9-in-irons-45-beat"
    state = state_of(stem)
    first = rule(state)
    assert first["summary"][0] == "B M5: beat, 5 units, legal"
    # at 44.9 she is in irons: no units, and she must begin with a turn (SIM In Irons)
    i = next(i for i, b in enumerate(state["position"]["boats"]) if b["id"] == "B")
    put(state, ["position", "boats", i, "heading"], 44.9)
    turned = rule(state)
    kernel = sim.account(read(state).position, "B", sim.Plan.parse("M5"))
    assert not kernel.legal and kernel.reason == "SIM In Irons"
    assert turned["summary"][0] == "B M5: in-irons, 0 units, illegal (SIM In Irons)"
    assert turned["explanation"][0]["steps"][-1]["cite"] == "SIM In Irons"


def test_the_gun_fired_makes_the_same_crossing_a_start() -> None:
    # sim2-start-early-crossing: A crosses the line two turns before the gun, early
    state = state_of("sim2-start-early-crossing")
    early = rule(state)
    assert early["summary"][0].endswith(", early")
    put(state, field(early, ["position", "start_turns_left"])["path"], 0)
    started = rule(state)
    doc = read(state)
    a = sim.account(doc.position, doc.played[0].boat, doc.played[0].plan)
    line = doc.position.line("start")
    assert line is not None
    crossing = rules.start_crossing(doc.position, line, a.path)
    assert crossing.started and not crossing.early  # after the gun, crossing starts her
    assert started["summary"][0] == early["summary"][0].removesuffix(", early")


def test_moving_the_line_beyond_the_run_leaves_her_not_over() -> None:
    # the same boat, the starting line moved 50 units North: her run no longer reaches it
    state = state_of("sim2-start-early-crossing")
    first = rule(state)
    ends = [i for i in first["board"]["items"] if i["path"][:2] == ["position", "lines"]]
    assert len(ends) == 2 and all(e["kind"] == "mark" for e in ends)
    for end in ends:
        put(state, end["path"], [end["at"][0], end["at"][1] + 50.0])
    moved = rule(state)
    doc = read(state)
    a = sim.account(doc.position, doc.played[0].boat, doc.played[0].plan)
    line = doc.position.line("start")
    assert line is not None and not rules.crosses_towards_course(doc.position, line, a.path)
    assert not moved["summary"][0].endswith(", early")


def test_tacks_given_to_boats_dead_downwind_and_head_to_wind_let_the_order_be_ruled() -> None:
    # in a South wind A heads 0 (dead downwind) and B 180 (head to wind), neither tack
    # given: who keeps clear cannot be ruled (RRS 10 needs their tacks), so no play order
    stem = "sim2-band-run-180-and-head-to-wind-0"
    state = state_of(stem)
    first = rule(state)
    assert not any(s.startswith("play order") for s in first["summary"])
    assert first["relations"] == [] and first["graph"]["edges"] == []
    tacks = [f for f in first["board"]["fields"] if f["path"][-1] == "tack"]
    assert [f["path"] for f in tacks] == [["position", "boats", i, "tack"] for i in (0, 1)]
    assert all(f["type"] == "choice" and f["choices"] == ["starboard", "port"] for f in tacks)
    put(state, tacks[0]["path"], "starboard")
    assert not any(s.startswith("play order") for s in rule(state)["summary"])  # B's open
    put(state, tacks[1]["path"], "port")
    ruled = rule(state)
    given = read(state).position
    assert (given.boat("A").tack, given.boat("B").tack) == (Tack.STARBOARD, Tack.PORT)
    kernel = rules.play_order(given)
    # opposite tacks: B on port keeps clear of A on starboard (RRS 10) and moves after her
    assert kernel.order == ("A", "B")
    assert ruled["summary"][-2] == "play order: A, B"
    assert [(r["giver"], r["holder"], r["cite"]) for r in ruled["relations"]] == \
        [("B", "A", "RRS 10")]


def test_a_new_plan_typed_into_the_move_field_is_ruled() -> None:
    state = state_of("sim2-order-starboard-windward")
    first = rule(state)
    boat, plan = field(first, ["move", "boat"]), field(first, ["move", "plan"])
    assert boat["value"] is None and plan["value"] is None
    assert boat["choices"] == [b["id"] for b in state["position"]["boats"]]
    put(state, boat["path"], boat["choices"][0])
    with pytest.raises(InputError, match=r"^move\.plan: required key is missing"):
        rule(state)
    # A heads 315 in N 10: a beat of 5 units; M2 leaves 3 over (SIM Movement), M5 uses them
    put(state, plan["path"], "M2")
    short = rule(state)
    doc = read(state)
    kernel = sim.account(doc.position, "A", sim.Plan.parse("M2"))
    assert (kernel.legal, kernel.reason, kernel.units) == (False, "SIM Movement", 5)
    assert short["summary"][0] == "A M2: beat, 5 units, illegal (SIM Movement)"
    put(state, plan["path"], "M5")
    assert rule(state)["summary"][:2] == ["A M5: beat, 5 units, legal", "play order: A, B"]


def test_the_initial_dice_set_the_wind_and_fix_it_on_the_board() -> None:
    state = state_of("sim2-wind-initial-3-4")
    ruled = rule(state)
    assert ruled["board"]["wind"] is None  # the dice give it
    # die 3 is E, die 4 gives 8 + 4 = 12 knots (SIM Wind)
    assert ruled["summary"][-1] == "wind: E 12 knots"
    put(state, field(ruled, ["dice", "initial", 1])["path"], 8)
    assert rule(state)["summary"][-1] == "wind: E 16 knots"
    del state["dice"]
    free = rule(state)
    assert free["board"]["wind"] == {"path": ["position", "wind", "from"],
                                     "value": state["position"]["wind"]["from"],
                                     "choices": ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]}


# --- the board ----------------------------------------------------------------------------


def test_every_path_of_the_board_holds_its_value_in_the_state() -> None:
    for stem, (_, _, state, _) in catalogue().items():
        board = rule(copy.deepcopy(state))["board"]
        assert board["kind"] == "plane" and board["snap"] == 0, stem
        ids = [b["id"] for b in state["position"]["boats"]]
        assert [i["id"] for i in board["items"] if i["kind"] == "boat"] == ids
        for it in board["items"]:
            assert list(get(state, it["path"])) == it["at"], (stem, it["id"])
            if it["heading"] is not None:
                assert get(state, it["heading"]["path"]) == it["heading"]["value"]
        for f in board["fields"]:
            if has(state, f["path"]):
                assert get(state, f["path"]) == f["value"], (stem, f["path"])
            else:  # a default the state leaves out
                assert f["value"] == DEFAULTS.get(tuple(f["path"])), (stem, f["path"])


DEFAULTS: dict[tuple[str | int, ...], Any] = {("options", "hull_length"): 1.0,
                                              ("position", "start_turns_left"): 0}
"""The file models' defaults of the fields a state may leave out (others: none)."""


def get(state: Any, path: list[str | int]) -> Any:
    node = state
    for key in path:
        node = node[key]
    return node


def has(state: Any, path: list[str | int]) -> bool:
    try:
        get(state, path)
    except (KeyError, IndexError):
        return False
    return True


def _centre(points: str) -> tuple[float, float]:
    """The centre of a drawn hull: halfway from the bow (the first point) to the middle of
    the two stern corners (the third and fourth)."""
    pts = [tuple(map(float, p.split(","))) for p in points.split()]
    stern = ((pts[2][0] + pts[3][0]) / 2, (pts[2][1] + pts[3][1]) / 2)
    return (pts[0][0] + stern[0]) / 2, (pts[0][1] + stern[1]) / 2


def _to_svg(board: dict[str, Any], at: list[float]) -> tuple[float, float]:
    a, b, c, d, e, f = board["to_svg"]
    return a * at[0] + c * at[1] + e, b * at[0] + d * at[1] + f


@pytest.mark.parametrize("stem", ["sim2-order-three-boats",
                                  "sim2-start-over-and-back-round-two-boats",
                                  "sim2-wind-initial-6-3"])
def test_to_svg_maps_each_boat_onto_her_drawn_hull(stem: str) -> None:
    # the boats at the start of the turns: drawn in full where nobody moved, faint (class
    # "start") where the drawing plots a turn from them
    result = rule(state_of(stem))
    root = ET.fromstring(result["svg"])
    hulls: dict[str, list[tuple[float, float]]] = {"boat": [], "start": []}
    for poly in root.iter(f"{SVG}polygon"):
        if poly.get("class") in hulls:
            hulls[str(poly.get("class"))].append(_centre(str(poly.get("points"))))
    moved = {m["boat"] for m in state_of(stem).get("moves", [])} | (
        {state_of(stem)["move"]["boat"]} if "move" in state_of(stem) else set())
    for it in result["board"]["items"]:
        if it["kind"] != "boat":
            continue
        x, y = _to_svg(result["board"], it["at"])
        drawn = hulls["start"] if it["id"] in moved else hulls["boat"]
        assert any(abs(x - cx) < 0.02 and abs(y - cy) < 0.02 for cx, cy in drawn), it["id"]


def test_to_svg_maps_a_mark_onto_its_disc() -> None:
    state = state_of("sim2-order-three-boats")
    put(state, ["position", "marks"], [{"id": "m1", "at": [3.0, 7.5]}])
    result = rule(state)
    disc = next(c for c in ET.fromstring(result["svg"]).iter(f"{SVG}circle")
                if c.get("class") == "mark")
    x, y = _to_svg(result["board"], item(result, "m1")["at"])
    assert abs(x - float(str(disc.get("cx")))) < 0.01
    assert abs(y - float(str(disc.get("cy")))) < 0.01


# --- bad states ---------------------------------------------------------------------------


def _bad(edit: Any, where: str) -> None:
    state = state_of("sim2-start-over-and-back-round-two-boats")
    edit(state)
    with pytest.raises(InputError) as caught:
        rule(state)
    assert str(caught.value).startswith(where + ":"), str(caught.value)


@pytest.mark.parametrize(("edit", "where"), [
    # a boat placed on another: B's hull over A's
    (lambda s: put(s, ["position", "boats", 1, "at"], [0.2, -1.0]), "position.boats[1].at"),
    # off the paper (coordinates within ±1,000)
    (lambda s: put(s, ["position", "boats", 0, "at"], [2000.0, 0.0]),
     "position.boats[0].at[0]"),
    (lambda s: put(s, ["position", "boats", 0, "at"], [1.0]), "position.boats[0].at"),
    (lambda s: put(s, ["position", "boats", 0, "heading"], "NE"),
     "position.boats[0].heading"),
    (lambda s: put(s, ["position", "boats", 0, "heading"], -5), "position.boats[0].heading"),
    (lambda s: put(s, ["position", "boats", 0, "tack"], "up"), "position.boats[0].tack"),
    (lambda s: put(s, ["position", "boats", 1, "id"], "A"), "position.boats[1].id"),
    (lambda s: put(s, ["position", "boats", 0, "colour"], "red"),
     "position.boats[0].colour"),
    (lambda s: put(s, ["position", "wind", "knots"], "ten"), "position.wind.knots"),
    (lambda s: put(s, ["position", "wind", "knots"], 17), "position.wind.knots"),
    (lambda s: put(s, ["position", "wind", "from"], "NNE"), "position.wind.from"),
    (lambda s: put(s, ["position", "start_turns_left"], 6), "position.start_turns_left"),
    (lambda s: put(s, ["position", "lines", 0, "ends", 1], [-5, 0]), "position.lines[0].ends"),
    (lambda s: put(s, ["position", "boats"], []), "position.boats"),
    (lambda s: put(s, ["position", "boats"], {"A": 1}), "position.boats"),
    (lambda s: s.pop("position"), "position"),
    (lambda s: put(s, ["options", "hull_length"], 0), "options.hull_length"),
    # a plan that does not parse, and a move of a boat not there
    (lambda s: put(s, ["moves", 1, "plan"], "M5 X3"), "moves[1].plan"),
    (lambda s: put(s, ["moves", 1, "plan"], 5), "moves[1].plan"),
    (lambda s: put(s, ["moves", 0, "boat"], "Z"), "moves[0].boat"),
    (lambda s: put(s, ["move"], {"boat": "A", "plan": "M5"}), "moves"),
    (lambda s: put(s, ["dice", "start"], 9), "dice.start"),
    (lambda s: put(s, ["dice", "direction"], [3]), "dice.direction"),
    (lambda s: put(s, ["dice", "speed"], [3, True]), "dice.speed[1]"),
    (lambda s: put(s, ["ruleset"], "rrs"), "ruleset"),
])
def test_a_bad_state_is_refused_naming_its_field(edit: Any, where: str) -> None:
    _bad(edit, where)


def test_a_refusal_keeps_its_field_path() -> None:
    state = state_of("sim2-start-over-and-back-round-two-boats")
    put(state, ["position", "boats", 1, "at"], [0.2, -1.0])
    with pytest.raises(InputError) as caught:
        rule(state)
    assert caught.value.loc == ("position", "boats", 1, "at")
    assert re.search(r"touches or crosses", str(caught.value))


def test_a_state_that_is_not_a_mapping_is_refused() -> None:
    with pytest.raises(InputError, match=r"^expected a mapping"):
        rule([])  # type: ignore[arg-type]
