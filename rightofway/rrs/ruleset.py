"""The Racing Rules of Sailing behind the :class:`rightofway.registry.Ruleset` protocol.

The rules judge snapshots: there are no moves, so the move of a scenario is the
pair of boats judged, and ``legal_moves``, ``is_legal``, ``apply``, ``claims`` and
``adjudicate`` say so with :class:`~rightofway.errors.Unsupported` (a
:class:`NotImplementedError`).
"""

from __future__ import annotations

from typing import Any, NoReturn

from pydantic import BaseModel

from rightofway.errors import Unsupported
from rightofway.registry import RulesetBase
from rightofway.rrs import rules, scenario
from rightofway.rrs.position import Position

__all__ = ["RacingRules"]


def _no_moves(what: str) -> NoReturn:
    raise Unsupported(f"{what}: the rrs ruleset judges snapshots and has no moves; "
                      "the simulation ruleset sails them")


class RacingRules(RulesetBase, name="rrs", code="RRS", title="Racing Rules of Sailing",
                  package="rightofway.rrs", capabilities=frozenset({"adjudication"})):
    """The Racing Rules of Sailing, Part 2 (citations ``RRS …``)."""

    scenario_model: type[BaseModel] = scenario.RrsScenario

    def diagram_text(self, position: Position, move: Any = None) -> tuple[str, str]:
        """Alternative text listing every boat, and a caption explaining the drawing."""
        boats = [f"{b.id} at [{b.at[0]:g}, {b.at[1]:g}] heading {b.heading:g}"
                 for b in position.boats]
        alt = f"Diagram, wind from {position.wind:g} degrees: " + "; ".join(boats) + "."
        pair = move or (position.boats[0].id, position.boats[1].id)
        r = rules.ruling(position, *pair)
        caption = (f"{r.keep_clear} keeps clear of {r.right_of_way} (RRS "
                   f"{', '.join(r.rules)}). Hulls to scale, green on starboard tack, orange on "
                   "port; dashed circles are the zones of the marks, dotted lines the lines "
                   "abeam from the sterns of the pair. The blue arrow runs from the boat that "
                   "keeps clear toward the boat with right of way; a purple dashed one from a "
                   "boat owed mark-room toward the mark, a light blue one from a boat owed room "
                   "toward the obstruction (a ring round her for room to tack).")
        return alt, caption

    def adjudicate(self, position: Position, move: Any, protest: Any = None) -> Any:
        """Not available: see :func:`rightofway.rrs.ruling` for a pair."""
        _no_moves("adjudicate")
