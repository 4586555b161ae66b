"""A right-of-way order written as a list of cited rules, and the one runner that applies it.

Each :class:`Rule` stands beside the text it implements: its citation, a summary in
the project's words, the function that decides (``None``: the rule does not decide this
case, the next one is asked) and the function that explains, for people, what the rule
found. An exception to other rules is labelled as such and comes before them in the
order, as Catala writes legislation.

:func:`decide` applies an order. Engines on the fast path pass no trace and only the
deciding functions run; :func:`decide` with a trace asks every rule it consults for its
explanation, in order, and so builds the steps of a ruling.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from rightofway.explain import Citation, Step
from rightofway.results import Basis

__all__ = ["Decision", "Rule", "applying", "decide"]

Decision = tuple[str, str, Basis]
"""``(holder, giver, basis)``: who holds right of way over whom, and why (a grid game's
basis)."""

C = TypeVar("C")
D = TypeVar("D", bound=tuple[str, str, str])
"""What a rule decides: ``(holder, giver, why)``; :data:`Decision` for the grid games, the
rule number as the why for the Racing Rules of Sailing."""


@dataclass(frozen=True, slots=True)
class Rule(Generic[C, D]):
    """One rule of a right-of-way order, asked about a case ``C`` (a pair of boats)."""

    name: str
    """A short name, such as ``starboard over port``."""
    cite: Citation
    """The section it implements."""
    summary: str
    """What it says, in the project's words."""
    decide: Callable[[C], D | None]
    """Who holds right of way by this rule, or ``None`` when it does not decide the case."""
    explain: Callable[[C, D | None], Sequence[Step]]
    """The facts and rules it used, for people, given what it decided."""
    exception_to: str | None = None
    """For an exception: the rules it sets aside where it applies."""


def decide(order: Sequence[Rule[C, D]], case: C, trace: list[Step] | None = None
           ) -> D | None:
    """Ask each rule of ``order`` in turn; the first that decides gives the answer.

    With ``trace``, each rule consulted adds its explanation to it. ``None`` when no
    rule decides (an order that is not total, like the Vector Game's).
    """
    for rule in order:
        found = rule.decide(case)
        if trace is not None:
            trace.extend(rule.explain(case, found))
        if found is not None:
            return found
    return None


def applying(order: Sequence[Rule[C, D]], case: C, trace: list[Step] | None = None
             ) -> list[D]:
    """Ask every rule of ``order``: each that applies adds what it found, in order.

    For rules that bind side by side rather than one instead of another (the limits
    Section B of the Racing Rules of Sailing puts on a right-of-way boat). With ``trace``,
    each rule adds its explanation, as in :func:`decide`.
    """
    found: list[D] = []
    for rule in order:
        one = rule.decide(case)
        if trace is not None:
            trace.extend(rule.explain(case, one))
        if one is not None:
            found.append(one)
    return found
