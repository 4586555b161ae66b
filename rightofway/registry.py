"""The ruleset protocol and the registry of rulesets by name.

Every ruleset (Race the Wind, and later the vector game, the America's Cup
game, the simulation and the racing rules) plugs in behind :class:`Ruleset`:
it brings its own positions, moves, right-of-way order and citations, and the
kernel, the scenario files, the CLI and the pytest plugin work with any of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from rightofway.results import RightOfWay, Ruling

if TYPE_CHECKING:  # networkx and pydantic load only when a graph or a file model is used
    import networkx as nx
    from pydantic import BaseModel

__all__ = ["KNOWN_RULESETS", "Ruleset", "get_ruleset", "register", "ruleset_names"]

KNOWN_RULESETS: tuple[str, ...] = (
    "race-the-wind",
    "vector-game",
    "americas-cup",
    "simulation",
    "rrs",
)
"""Ruleset names the scenario format knows; not all are implemented yet."""


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

    def prepare(self, scenario: Any, file: str) -> Any:
        """Turn a validated scenario model into kernel values (``FieldError`` if impossible)."""
        ...

    def check(self, prepared: Any) -> Any:
        """Evaluate a prepared scenario against its expectations (a ``ScenarioReport``)."""
        ...

    def diagram(self, position: Any, move: Any = None) -> str:
        """An SVG drawing of the position before and after the move."""
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


_REGISTRY: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset to the registry under its name (replacing one of the same name)."""
    _REGISTRY[ruleset.name] = ruleset
    return ruleset


def _load_builtin() -> None:
    if "race-the-wind" not in _REGISTRY:
        from rightofway.rtw.ruleset import RaceTheWind

        register(RaceTheWind())
    if "vector-game" not in _REGISTRY:
        from rightofway.vg.ruleset import VectorGame

        register(VectorGame())


def get_ruleset(name: str) -> Ruleset:
    """The registered ruleset called ``name``; :class:`KeyError` with a readable message."""
    _load_builtin()
    try:
        return _REGISTRY[name]
    except KeyError:
        available = ", ".join(sorted(_REGISTRY))
        if name in KNOWN_RULESETS:
            raise KeyError(
                f"ruleset {name!r} is not implemented yet; available: {available}"
            ) from None
        raise KeyError(f"unknown ruleset {name!r}; expected one of: {available}") from None


def ruleset_names() -> list[str]:
    """Names of the registered rulesets."""
    _load_builtin()
    return sorted(_REGISTRY)
