"""The ruleset protocol and the registry of rulesets by name.

Every ruleset (Race the Wind, the Vector Game, the America's Cup game, the
simulation and the Racing Rules of Sailing) plugs in behind :class:`Ruleset`:
it brings its own positions, moves, right-of-way order and citations, and the
kernel, the scenario files, the CLI and the pytest plugin work with any of them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Literal, NoReturn, Protocol, runtime_checkable

from rightofway.errors import Unsupported

if TYPE_CHECKING:  # networkx and pydantic load only when a graph or a file model is used
    import random
    from collections.abc import Iterator
    from importlib.metadata import EntryPoint

    import networkx as nx
    from pydantic import BaseModel

    from rightofway.races import ReplayTurn
    from rightofway.results import RightOfWay, Ruling

__all__ = [
    "CAPABILITIES",
    "GAME",
    "GROUP",
    "KNOWN_RULESETS",
    "Adjudication",
    "Capability",
    "Moves",
    "PreparedScenario",
    "Races",
    "Ruleset",
    "RulesetBase",
    "draw",
    "get_ruleset",
    "register",
    "require",
    "ruleset_names",
    "supports",
    "with_capability",
]

KNOWN_RULESETS: tuple[str, ...] = (
    "race-the-wind",
    "vector-game",
    "americas-cup",
    "simulation",
    "rrs",
)
"""The built-in rulesets' names (each registered by an entry point of this package)."""


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


Capability = Literal["adjudication", "moves", "races"]
"""What a ruleset may offer beyond the core: rulings on positions and moves
(``adjudication``), moves to list, check and make (``moves``), whole races to play and
replay (``races``)."""
CAPABILITIES: tuple[Capability, ...] = ("adjudication", "moves", "races")
GAME: frozenset[str] = frozenset(CAPABILITIES)
"""Every capability: what a game with moves, rulings and races declares."""


@runtime_checkable
class Ruleset(Protocol):
    """The core every ruleset provides to the kernel, the files and the tools: its name,
    its scenario files and its drawings. What more it offers it declares in
    ``capabilities`` (see :class:`Adjudication`, :class:`Moves`, :class:`Races`)."""

    name: str
    """Registry name, as written in scenario files (``race-the-wind``)."""
    code: str
    """Prefix of its citations (``RTW``)."""
    title: str
    # Optional attributes, read with a default: ``capabilities`` (a frozenset of
    # :data:`CAPABILITIES`, default none) and ``depends_on`` (names of the rulesets it
    # imports, default none; the simulation sails under ``rrs``).

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


@runtime_checkable
class Adjudication(Protocol):
    """Capability ``adjudication``: who holds right of way, and rulings on moves."""

    def right_of_way(self, position: Any, a: str, b: str) -> RightOfWay:
        """Who of two boats holds right of way, explained."""
        ...

    def engagement_graph(self, position: Any) -> nx.DiGraph:
        """Edges from each give-way boat to the right-of-way boat it keeps clear of."""
        ...

    def adjudicate(self, position: Any, move: Any, protest: Any = None) -> Ruling[Any, Any]:
        """Rule on a move, with or without a protest."""
        ...


@runtime_checkable
class Moves(Protocol):
    """Capability ``moves``: the moves of a boat, whether one is legal, and making it."""

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
        """Each boat's claims (the points it may reach next)."""
        ...


@runtime_checkable
class Races(Protocol):
    """Capability ``races``: whole races played by bots, written as records and replayed.

    A race value has ``play(move) -> (race, events)``, ``is_over()``, ``finish_order``,
    ``moves``, ``start``, ``turn`` and ``record_lines()``; see :class:`rightofway.races.Race`.
    """

    courses: tuple[str, ...]
    """Named courses ``random_race`` accepts (empty when the ruleset has one course)."""

    def random_race(self, boats: int, seed: int, course: str | None = None) -> Any:
        """A seeded race of ``boats`` boats (:class:`~rightofway.races.SetupError` for a
        set-up the rules refuse, :class:`KeyError` for an unknown course)."""
        ...

    def choose_move(self, race: Any, rng: random.Random) -> Any:
        """The move a bot plays for the boat to move."""
        ...

    def replay(self, lines: list[str]) -> Iterator[ReplayTurn[Any, Any]]:
        """Replay a record's lines move by move (``RecordError``, ``ReplayMismatch``)."""
        ...


def supports(ruleset: Ruleset, capability: Capability) -> bool:
    """Whether ``ruleset`` declares ``capability`` (and provides what it asks)."""
    wanted = {"adjudication": Adjudication, "moves": Moves, "races": Races}[capability]
    return capability in getattr(ruleset, "capabilities", ()) and isinstance(ruleset, wanted)


def require(ruleset: Ruleset, capability: Capability) -> Any:
    """``ruleset`` when it declares ``capability``; :class:`~rightofway.errors.Unsupported`
    naming what it offers when it does not."""
    if supports(ruleset, capability):
        return ruleset
    offered = ", ".join(sorted(getattr(ruleset, "capabilities", ()))) or "only scenario checks"
    raise Unsupported(f"ruleset {ruleset.name!r} has no {capability}; it offers {offered}")


def with_capability(capability: Capability) -> list[str]:
    """Names of the available rulesets that declare ``capability``."""
    return [n for n in ruleset_names() if supports(get_ruleset(n), capability)]


class RulesetBase:
    """A base for ruleset classes. Subclasses set ``name``, ``code``, ``title``,
    ``scenario_model``, ``package``, ``capabilities`` and the drawings; every other
    method forwards to the package (see :attr:`package`), and a method of a capability not
    declared raises :class:`~rightofway.errors.Unsupported`."""

    name: str = ""
    code: str = ""
    title: str = ""
    capabilities: frozenset[str] = frozenset()
    depends_on: tuple[str, ...] = ()
    package: str = ""
    """The ruleset's package (``rightofway.vg``). The methods of each capability it
    declares call the package's public function of the same name (``legal_moves``,
    ``right_of_way``, ``adjudicate``, ...), ``prepare`` and ``check`` its ``scenario``
    module's, ``random_race`` and ``choose_move`` its ``bots`` module's, ``replay`` its
    ``record`` module's; a ruleset overrides what differs."""
    courses: tuple[str, ...] = ()
    layers: tuple[str, ...] = ()
    """Layers its drawings can show or leave out (``rightofway draw --layers``)."""
    default_layers: tuple[str, ...] = ()

    def __init_subclass__(cls, *, name: str | None = None, code: str | None = None,
                          title: str | None = None, package: str | None = None,
                          capabilities: frozenset[str] | None = None,
                          **kwargs: Any) -> None:
        """``class VectorGame(RulesetBase, name="vector-game", code="VG", ...)``: the
        ruleset's identity given where the class is declared."""
        super().__init_subclass__(**kwargs)
        for key, value in (("name", name), ("code", code), ("title", title),
                           ("package", package), ("capabilities", capabilities)):
            if value is not None:
                setattr(cls, key, value)

    def diagram(self, position: Any, move: Any = None) -> str:
        """An SVG drawing of the position before and after the move (its ``drawing``
        module's ``scenario``)."""
        return str(self.module("drawing").scenario(position, move))

    def board(self, position: Any) -> str:
        """The position alone (its ``drawing`` module's ``board``), what positions show in
        notebooks."""
        return str(self.module("drawing").board(position))

    drawing_key: str = ""
    """What the drawing's marks mean, for its caption."""
    move_drawn: str = ""
    """How the drawing shows a legal move (``its path dashed``), for its caption."""

    def describe(self, position: Any) -> tuple[str, list[str]]:
        """The wind and one line per boat (and mark) for a drawing's alternative text."""
        raise NotImplementedError

    def diagram_text(self, position: Any, move: Any = None) -> tuple[str, str]:
        """A drawing's alternative text (:meth:`describe`) and caption (:attr:`drawing_key`,
        and whether the move is legal, from the package's ``legality``)."""
        wind, items = self.describe(position)
        alt = f"Diagram, wind {wind}: " + "; ".join(items)
        alt += f"; move {move}." if move is not None else "."
        key = self.drawing_key
        if move is None:
            return alt, f"The position. {key}"
        verdict = self._forward("moves", "legality", position, move)
        if not verdict.legal:
            return alt, f"The position; the move {move} is not legal ({verdict.reason}). {key}"
        return alt, f"Before the move {move} ({self.move_drawn}) and after it. {key}"

    def drawing(self, position: Any, move: Any = None, *,
                layers: tuple[str, ...] | None = None, size: int | None = None) -> str:
        """The position (and the move) drawn with the chosen ``layers`` (default
        ``default_layers``) at ``size`` pixels a panel: what ``rightofway draw`` and the
        book's diagrams show. :class:`ValueError` naming an unknown layer. A ruleset
        without layers draws its :meth:`diagram`."""
        self.check_layers(layers or ())
        return self.diagram(position, move)

    def check_layers(self, layers: tuple[str, ...]) -> tuple[str, ...]:
        """``layers`` when the ruleset draws each; :class:`ValueError` naming the first it
        does not."""
        unknown = [x for x in layers if x not in self.layers]
        if unknown:
            offered = ", ".join(self.layers) if self.layers else "none (it draws its own)"
            raise ValueError(f"unknown layer {unknown[0]!r}; {self.name}'s layers: {offered}")
        return layers

    def _unsupported(self, what: str, capability: Capability) -> NoReturn:
        offered = ", ".join(sorted(self.capabilities)) or "scenario checks"
        raise Unsupported(f"{what}: ruleset {self.name!r} has no {capability} "
                          f"(it offers {offered})")

    def module(self, sub: str = "") -> Any:
        """The ruleset's package (:attr:`package`), or its module ``sub`` (``scenario``,
        ``bots``, ``record``)."""
        if not self.package:
            raise Unsupported(f"ruleset {self.name!r} names no package to forward to")
        return importlib.import_module(f"{self.package}.{sub}" if sub else self.package)

    def _forward(self, capability: Capability, what: str, *args: Any) -> Any:
        """The package's public function ``what`` called with ``args``, when the ruleset
        declares ``capability`` and the package has it; :class:`Unsupported` otherwise."""
        func = getattr(self.module(), what, None) if capability in self.capabilities else None
        if func is None:
            self._unsupported(what, capability)
        return func(*args)

    def prepare(self, model: Any, file: str) -> Any:
        """Kernel values of a validated scenario file (its ``scenario`` module's
        ``prepare``)."""
        return self.module("scenario").prepare(model, file)

    def check(self, prepared: Any) -> Any:
        """A scenario's expectations checked (its ``scenario`` module's ``check``)."""
        return self.module("scenario").check(prepared)

    def right_of_way(self, position: Any, a: str, b: str) -> RightOfWay:
        """Who of two boats holds right of way: the package's ``right_of_way``."""
        found: RightOfWay = self._forward("adjudication", "right_of_way", position, a, b)
        return found

    def engagement_graph(self, position: Any) -> nx.DiGraph:
        """The package's ``engagement_graph``: give-way boat to right-of-way boat."""
        graph: nx.DiGraph = self._forward("adjudication", "engagement_graph", position)
        return graph

    def adjudicate(self, position: Any, move: Any, protest: Any = None) -> Ruling[Any, Any]:
        """The package's ``adjudicate``."""
        ruling: Ruling[Any, Any] = self._forward("adjudication", "adjudicate", position, move,
                                                 protest)
        return ruling

    def legal_moves(self, position: Any, boat: str) -> list[Any]:
        """The package's ``legal_moves``."""
        return list(self._forward("moves", "legal_moves", position, boat))

    def is_legal(self, position: Any, move: Any) -> bool:
        """The package's ``is_legal``."""
        return bool(self._forward("moves", "is_legal", position, move))

    def apply(self, position: Any, move: Any) -> Any:
        """The package's ``apply``."""
        return self._forward("moves", "apply", position, move)

    def claims(self, position: Any) -> dict[str, frozenset[Any]]:
        """The package's ``claims``."""
        return dict(self._forward("moves", "claims", position))

    def random_race(self, boats: int, seed: int, course: str | None = None) -> Any:
        """A seeded race of bots: its ``bots`` module's ``random_race``, on the named
        ``course`` (one of :attr:`courses`) or the ruleset's own."""
        if "races" not in self.capabilities:
            self._unsupported("random_race", "races")
        bots = self.module("bots")
        if course is None:
            return bots.random_race(boats, seed)
        if not self.courses:
            raise KeyError(f"course: {self.name} races on its own course, not {course!r}")
        if course not in self.courses:
            raise KeyError(f"course: expected one of {', '.join(self.courses)}, got {course!r}")
        return bots.random_race(boats, seed, course=course)

    def choose_move(self, race: Any, rng: random.Random) -> Any:
        """The bot's move: its ``bots`` module's ``choose_move``."""
        if "races" not in self.capabilities:
            self._unsupported("choose_move", "races")
        return self.module("bots").choose_move(race, rng)

    def replay(self, lines: list[str]) -> Iterator[ReplayTurn[Any, Any]]:
        """A record replayed move by move: its ``record`` module's ``replay``."""
        if "races" not in self.capabilities:
            self._unsupported("replay", "races")
        turns: Iterator[ReplayTurn[Any, Any]] = self.module("record").replay(lines)
        return turns


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
    raise KeyError(f"unknown ruleset {name!r}; expected one of: {available}")


def ruleset_names() -> list[str]:
    """Names of the rulesets available: registered in this process or installed."""
    return sorted(set(_REGISTRY) | set(_entry_points()))


def draw(ruleset: Ruleset, position: Any, move: Any = None, *,
         layers: tuple[str, ...] | None = None, size: int | None = None) -> str:
    """``ruleset``'s drawing of the position and the move with the chosen ``layers`` (its
    default layers when ``None``): :meth:`RulesetBase.drawing`, or the core ``diagram`` of
    a ruleset with no layers. :class:`ValueError` naming a layer it does not draw."""
    if isinstance(ruleset, RulesetBase):
        return ruleset.drawing(position, move, layers=layers, size=size)
    if layers:
        raise ValueError(f"unknown layer {layers[0]!r}; {ruleset.name}'s layers: none (it "
                         "draws its own)")
    return ruleset.diagram(position, move)
