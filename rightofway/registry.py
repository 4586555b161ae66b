"""The ruleset protocol and the registry of rulesets by name.

Every ruleset (Race the Wind, the Vector Game, the America's Cup game, the
simulation and the Racing Rules of Sailing) plugs in behind :class:`Ruleset`:
it brings its own positions, moves, right-of-way order and citations, and the
kernel, the scenario files, the CLI and the pytest plugin work with any of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:  # networkx and pydantic load only when a graph or a file model is used
    from importlib.metadata import EntryPoint

    import networkx as nx
    from pydantic import BaseModel

    from rightofway.results import RightOfWay, Ruling

__all__ = [
    "GROUP",
    "KNOWN_RULESETS",
    "PreparedScenario",
    "Ruleset",
    "get_ruleset",
    "register",
    "ruleset_names",
]

KNOWN_RULESETS: tuple[str, ...] = (
    "race-the-wind",
    "vector-game",
    "americas-cup",
    "simulation",
    "rrs",
)
"""Ruleset names the scenario format knows (each is built in)."""


class PreparedScenario(Protocol):
    """What a ruleset's ``prepare`` gives back: the validated file and its kernel values."""

    @property
    def model(self) -> Any:
        """The validated file model (with ``id``, ``title``, ``ruleset``, ``source``)."""
        ...

    @property
    def file(self) -> str:
        """The file's name as given."""
        ...

    @property
    def position(self) -> Any:
        """The position the file describes."""
        ...

    @property
    def move(self) -> Any:
        """The move it adjudicates, or ``None``."""
        ...


@runtime_checkable
class Ruleset(Protocol):
    """What a ruleset provides to the kernel, the files and the tools."""

    name: str
    """Registry name, as written in scenario files (``race-the-wind``)."""
    code: str
    """Prefix of its citations (``RTW``)."""
    title: str

    @property
    def scenario_model(self) -> type[BaseModel]:
        """Strict pydantic model of its scenario files."""
        ...

    def prepare(self, scenario: Any, file: str) -> PreparedScenario:
        """Turn a validated scenario model into kernel values (``FieldError`` if impossible)."""
        ...

    def check(self, prepared: Any) -> Any:
        """Evaluate a prepared scenario against its expectations (a ``ScenarioReport``)."""
        ...

    def diagram(self, position: Any, move: Any = None) -> str:
        """An SVG drawing of the position before and after the move."""
        ...

    def board(self, position: Any) -> str:
        """An SVG drawing of the position alone (what positions show in notebooks)."""
        ...

    def diagram_text(self, position: Any, move: Any = None) -> tuple[str, str]:
        """A drawing's alternative text and caption, for people who read the docs."""
        ...

    def legal_moves(self, position: Any, boat: str) -> list[Any]:
        """Every legal move of a boat."""
        ...

    def is_legal(self, position: Any, move: Any) -> bool:
        """Whether a move is legal."""
        ...

    def apply(self, position: Any, move: Any) -> Any:
        """The position after a legal move."""
        ...

    def claims(self, position: Any) -> dict[str, frozenset[Any]]:
        """Each boat's claims."""
        ...

    def right_of_way(self, position: Any, a: str, b: str) -> RightOfWay:
        """Who of two boats holds right of way, explained."""
        ...

    def engagement_graph(self, position: Any) -> nx.DiGraph:
        """Give-way -> right-of-way edges between engaged boats."""
        ...

    def adjudicate(self, position: Any, move: Any, protest: Any = None) -> Ruling[Any, Any]:
        """Rule on a move, with or without a protest."""
        ...


GROUP = "rightofway.rulesets"
"""The entry point group rulesets are found in: ``name = "package.module:RulesetClass"``."""

_REGISTRY: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset to this process's registry under its name (replacing one of the same
    name); rulesets of installed packages are found without it, through :data:`GROUP`."""
    _REGISTRY[ruleset.name] = ruleset
    return ruleset


def _entry_points() -> dict[str, EntryPoint]:
    # imported here: importlib.metadata costs as much as the rest of the kernel's start-up
    from importlib.metadata import entry_points

    return {ep.name: ep for ep in entry_points(group=GROUP)}


def get_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name``: registered in this process, or shipped by an installed
    package through the entry point group :data:`GROUP` (the built-in ones included).

    :class:`KeyError` with a readable message when there is none.
    """
    found = _REGISTRY.get(name)
    if found is not None:
        return found
    points = _entry_points()
    if name in points:
        loaded = points[name].load()
        ruleset = loaded() if isinstance(loaded, type) else loaded
        if not isinstance(ruleset, Ruleset):
            raise KeyError(f"ruleset {name!r} ({points[name].value}) does not provide what the "
                           "Ruleset protocol asks")
        _REGISTRY[name] = ruleset
        return ruleset
    available = ", ".join(ruleset_names()) or "none (is rightofway installed?)"
    if name in KNOWN_RULESETS:
        raise KeyError(f"ruleset {name!r} is not implemented yet; available: {available}")
    raise KeyError(f"unknown ruleset {name!r}; expected one of: {available}")


def ruleset_names() -> list[str]:
    """Names of the rulesets available: registered in this process or installed."""
    return sorted(set(_REGISTRY) | set(_entry_points()))
