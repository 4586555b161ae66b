"""Sphinx configuration for the rightofway book."""

from __future__ import annotations

import builtins
import importlib.metadata
import sys
from pathlib import Path
from typing import Any

import furo
import furo.navigation
from docutils.nodes import Element
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.domains.python import PythonDomain
from sphinx.environment import BuildEnvironment
from sphinx.util.nodes import make_refnode

sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "rightofway"
author = "rightofway developers"
copyright = "2026, rightofway developers"
release = importlib.metadata.version("rightofway")
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "myst_parser",
    "sphinxcontrib.autodoc_pydantic",
    "catalogue",
    "room",
    "races",
    "incidents",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_diagrams"]

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True}

# Scenario models: fields with their constraints and each model's JSON Schema.
autodoc_pydantic_model_show_json = True
autodoc_pydantic_model_show_config_summary = False
autodoc_pydantic_model_show_validator_summary = False
autodoc_pydantic_model_show_validator_members = False
autodoc_pydantic_model_show_field_summary = True
autodoc_pydantic_model_member_order = "bysource"
autodoc_pydantic_model_members = True
autodoc_pydantic_model_undoc_members = True
autodoc_pydantic_field_list_validators = False

nitpicky = True
nitpick_ignore_regex = [
    # Third-party and typing names without an inventory offline.
    (r"py:.*", r"(nx|networkx|pydantic|pydantic_core|typing|collections|pathlib|enum|random|xml"
               r"|_pytest|pytest)\..*"),
    (r"py:.*", r"(Point|Loc|Action|Basis|Verdict|StepKind|P|M|BaseModel|DiGraph)"),
    (r"py:class", r"(int|str|bool|float|dict|list|tuple|frozenset|set|object|type|Any|None)"),
    (r"py:class", r"rightofway\..*\.(Point|Loc|Action|Basis|Verdict|StepKind|P|M|B)"),
    # type variables and private cases of the right-of-way orders
    (r"py:class", r"rightofway\.order\.D"),
    (r"py:class", r"rightofway\.races\.R"),
    (r"py:class", r"rightofway\.rrs\.rules\._Case"),
    (r"py:class", r"rightofway\.rrs\.rules\._(CCase|Limit|Grant)"),
    # the validator behind the Vector Game files' vector text (private)
    (r"py:class", r"rightofway\.vg\.scenario\._vector"),
    (r"py:class", r"rightofway\.sim\.formats\._plan"),
    # the America's Cup files' card validator and value aliases (private or plain Literals),
    # and the private cases of its rule tables and scenario checks
    (r"py:class", r"rightofway\.ac\.scenario\._(card|Ruled)"),
    (r"py:class", r"rightofway\.ac\.(rules\._(Track|Action)|moves\._Board)"),
    (r"py:class", r"(CrewNumber|Section)"),
    # pydantic's strict types and Field in the scenario models' signatures, and the
    # metadata pydantic shows in the file types' aliases (``Ge``, ``le=1000``, ``FieldInfo``)
    (r"py:class", r"(StrictInt|StrictStr|StrictBool|Field|Annotated|Literal)"),
    (r"py:class", r"(Ge|Le|Gt|Lt|MinLen|MaxLen|Strict|AllowInfNan|FieldInfo|metadata="
                  r"|\w+=.*)"),
]

myst_heading_anchors = 2

# The scenario catalogue and diagrams (docs/_ext/catalogue.py).
rightofway_scenarios = "../scenarios"
rightofway_catalogue = "catalogue"
rightofway_diagrams = "_diagrams"
rightofway_section_titles = {
    "race-the-wind": {
        "Definitions": "sailing definitions",
        "1": "marks",
        "2": "moves and points of sail",
        "3.1": "the start",
        "3.2": "gusts and lulls",
        "3.3": "wind shifts",
        "3.4": "engagements, right of way and penalties",
        "3.5": "wind cover",
        "3.6": "rounding the mark",
        "3.7": "the finish",
        "3.8": "variants",
    },
    "vector-game": {
        "Manoeuvring": "manoeuvring, islands and the page (VG-M1..M4, VG-I)",
        "Upwind": "upwind and tacking (VG-M3, VG-T)",
        "Downwind": "downwind and gybing (VG-M4, VG-G)",
        "Starting": "the start (VG-S1..S4)",
        "Giveway": "the give-way rules (VG-GW1..GW5)",
        "Course": "the course and whole races (VG-C1..C4)",
    },
    "americas-cup": {
        "Movement": "boat position and movement (AC Boat Position and Movement)",
        "Cards": "the cards upwind and downwind (AC The Cards)",
        "Turn": "the turn, skips and exchanges (AC Turn Sequence)",
        "Forbidden": "forbidden manoeuvres: the wind and blocking (AC Forbidden Manoeuvres)",
        "Finish": "legs and the finish (AC End of the Race)",
        "Crew": "crew points and crew tacks (AC The Crew)",
        "Start": "the start procedure (AC Start Procedure)",
        "Sequence": "the sequence and discards (AC Sequence)",
        "HeadCover": "head cover (AC Head Cover)",
        "DownwindCover": "downwind cover (AC Downwind Cover)",
        "IntoWind": "into the wind (AC Into the Wind)",
        "Regatta": "the regatta (AC Regatta)",
        "Tournament": "the tournament (AC Tournament)",
    },
    "rrs": {
        "Definitions": "definitions",
        "10": "on opposite tacks",
        "11": "on the same tack, overlapped",
        "12": "on the same tack, not overlapped",
        "13": "while tacking",
        "14": "avoiding contact",
        "15": "acquiring right of way",
        "16.1": "changing course",
        "16.2": "changing course: a port boat passing astern",
        "17": "on the same tack; proper course",
        "18.1": "mark-room: when rule 18 applies",
        "18.2": "mark-room: giving mark-room",
        "18.3": "tacking in the zone",
        "18.4": "gybing",
        "19.2": "room to pass an obstruction",
        "20": "room to tack at an obstruction",
        "20.1": "room to tack at an obstruction",
        "20.2": "room to tack at an obstruction: responding",
        "21.1": "starting errors",
        "21.2": "taking a penalty",
        "21.3": "backing a sail",
        "22": "capsized, anchored or aground",
    },
    "simulation": {
        "Wind": "wind from the dice",
        "Movement": "points of sail and the units a turn allows",
        "Turning": "turn costs and carrying units across a change of point of sail",
        "In_Irons": "in irons",
        "The_Start": "the countdown to the start and early starters",
        "Turn_Sequence": "play order under the racing rules",
    },
}

html_theme = "furo"
html_title = "rightofway"
html_static_path = ["_static"]
nitpick_ignore = [("py:class", "rightofway.order.C"), ("py:class", "rightofway.positions.T"),
                  ("py:class", "rightofway.scenarios.T"), ("py:class", "rightofway.scenarios.S"),
                  ("py:class", "rightofway.scenarios.Mv"), ("py:class", "rightofway.scenarios.Pr"),
                  ("py:class", "rightofway.races.S"),
                  ("py:class", "rightofway.positions.InstanceCheck"),
                  ("py:class", "rightofway.scenarios.parsed_by.<locals>.check")]
"""The type variables (a rule's case, an item, a value built) are named in signatures but
have no page."""
doctest_global_setup = "from rightofway.geometry import Compass"


def resolve_short_names(app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref,
                        contnode: Element) -> Element | None:
    """Resolve an unqualified Python name (``FieldError`` in a docstring of another module)
    to the one documented object of that name, or, when rulesets document one each
    (``PositionError``), to the one of the package the docstring belongs to."""
    if node.get("refdomain") != "py" or "." in node["reftarget"]:
        return None
    if node["reftarget"] in vars(builtins):  # ``type`` in a signature is the builtin
        return None
    domain = env.get_domain("py")
    assert isinstance(domain, PythonDomain)
    name = node["reftarget"]
    found = [full for full in domain.objects if full.rsplit(".", 1)[-1] == name]
    if len(found) > 1:
        package = ".".join(str(node.get("py:module") or "").split(".")[:2]) + "."
        found = [full for full in found if full.startswith(package)]
    if len(found) != 1:
        return None
    todocname = domain.objects[found[0]].docname
    return make_refnode(app.builder, node["refdoc"], todocname, found[0], contnode, found[0])


def collapsed_navigation(context: dict[str, Any]) -> str:
    """The sidebar's tree: every top-level page, and below them only the pages on the way
    to the one shown and their siblings (the catalogue's rulesets, then the sections of the
    ruleset open). Furo's own tree holds every page of the book, the catalogue's 700
    scenario pages on each of them: parsing it again for each page made the build four
    times slower. Furo looks this function up by name when it renders a page."""
    toctree = context.get("toctree")
    tree = getattr(furo.navigation, "get_navigation_tree", None)
    if tree is None:  # a furo without the helper: its own whole tree, slower but right
        return str(_FURO_NAVIGATION(context))
    if toctree is None:
        return ""
    return str(tree(toctree(collapse=True, titles_only=True, maxdepth=-1, includehidden=True)))


# Both names are furo's own, not its documented interface: should a release rename the
# hook, furo renders its whole tree (the build is slower, not wrong); should it drop the
# helper, collapsed_navigation hands back to furo's function.
_FURO_NAVIGATION = getattr(furo, "_compute_navigation_tree", lambda context: "")
furo._compute_navigation_tree = collapsed_navigation


def setup(app: Sphinx) -> None:
    """Project style sheet (added here: ``html_css_files`` would mark the config changed
    on every incremental build) and short Python names resolved."""
    app.add_css_file("rightofway.css")
    app.connect("missing-reference", resolve_short_names)
