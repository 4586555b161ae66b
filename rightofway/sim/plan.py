"""A turn's plan and a move as text and values: ``T<degrees>``, ``M<units>`` and ``P``
steps, and the boat that sails them.

``Plan.parse("T-30 M4 T60 M2")`` reads a plan and ``str`` writes it back;
``Move.parse("C: T-145 M4")`` reads a move (boat ``C`` sails that plan) the same way. The
module imports nothing else of the ruleset, so file models can check plans as they read
them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from rightofway.errors import NotationError
from rightofway.limits import MAX_TEXT
from rightofway.positions import as_choice, as_id, as_number, as_tuple_of, shown

__all__ = ["MAX_RUN", "MAX_STEPS", "Move", "Plan", "PlanError", "PlanStep"]

MAX_STEPS = 40
"""Steps a plan may hold."""
MAX_RUN = 100.0
"""The longest run one step may ask for, in units (no boat has more than 9 a turn)."""
MAX_TURN = 720.0
"""The largest turn one step may ask for, in degrees either way."""


class PlanError(NotationError):
    """A plan's or a move's text that cannot be read (a
    :class:`~rightofway.errors.NotationError`)."""


_STEP = re.compile(r"^(?:T([+-]?\d+(?:\.\d+)?)|M(\d+(?:\.\d+)?)|P)$")



def _text(text: object, what: str, example: str) -> str:
    """The ``text`` argument of a ``parse``: a string of at most
    :data:`~rightofway.limits.MAX_TEXT` characters."""
    if not isinstance(text, str):
        raise TypeError(f"text: expected a {what} such as {example!r}, got {shown(text, 40)}")
    if len(text) > MAX_TEXT:
        raise PlanError(f"text: a {what} of {len(text)} characters is longer than the limit "
                        f"of {MAX_TEXT}")
    return text

@dataclass(frozen=True, slots=True)
class PlanStep:
    """One step of a plan: a turn of ``value`` degrees, a run of ``value`` units, or the
    penalty turn."""

    kind: Literal["T", "M", "P"]
    value: float = 0.0

    def __post_init__(self) -> None:
        # Built by the legal-move search: the usual case is checked by two comparisons.
        kind, value = self.kind, self.value
        if kind == "M" and type(value) is float and 0.0 < value <= MAX_RUN:
            return
        if kind == "T" and type(value) is float and -MAX_TURN <= value <= MAX_TURN:
            return
        if type(kind) is not str or kind not in ("T", "M", "P"):
            as_choice(kind, "kind", ("T", "M", "P"))
        v = as_number(value, "value")
        if kind == "T" and not -MAX_TURN <= v <= MAX_TURN:
            raise PlanError(f"value: a turn of at most {MAX_TURN:g} degrees either way, got "
                            f"{shown(value)}")
        if kind == "M" and not 0 < v <= MAX_RUN:
            raise PlanError(f"value: a run of more than 0 and at most {MAX_RUN:g} units, got "
                            f"{shown(value)}")
        if kind == "P" and v != 0:
            raise PlanError(f"value: the penalty turn P takes no value, got {shown(value)}")

    def __str__(self) -> str:
        if self.kind == "P":
            return "P"
        return f"{self.kind}{self.value:g}"


@dataclass(frozen=True, slots=True)
class Plan:
    """A turn's steps, in order; ``Plan.parse("T-30 M4 T60 M2")``."""

    steps: tuple[PlanStep, ...]

    def __post_init__(self) -> None:
        steps = self.steps
        if type(steps) is not tuple:
            steps = as_tuple_of(steps, PlanStep, "steps")
            object.__setattr__(self, "steps", steps)
        if len(steps) > MAX_STEPS:
            raise PlanError(f"steps: a plan holds at most {MAX_STEPS} steps, got {len(steps)}")
        for i, step in enumerate(steps):
            if type(step) is not PlanStep:
                raise TypeError(f"steps[{i}]: expected a PlanStep, got "
                                f"{type(step).__name__} {shown(step)}")

    @classmethod
    def parse(cls, text: str) -> Plan:
        """Read a plan: steps separated by spaces, ``T<signed degrees>``, ``M<units>``,
        ``P``. :class:`PlanError` names the step that cannot be read."""
        words = _text(text, "plan", "T-30 M4").split()
        if len(words) > MAX_STEPS:
            raise PlanError(f"{len(words)} steps; a plan holds at most {MAX_STEPS}")
        steps = []
        for i, word in enumerate(words, 1):
            if not word.isascii():
                raise PlanError(f"step {i} {shown(word, 20)}: only ASCII letters and digits")
            m = _STEP.match(word)
            if m is None:
                raise PlanError(f"step {i} {shown(word, 20)}: expected T<degrees> (T-30, T45.5), "
                                "M<units> (M4, M2.5) or P")
            if m.group(1) is not None:
                degrees = float(m.group(1))
                if abs(degrees) > MAX_TURN:
                    raise PlanError(f"step {i} {shown(word, 20)}: a turn of at most 720 degrees")
                steps.append(PlanStep("T", degrees))
            elif m.group(2) is not None:
                run = float(m.group(2))
                if run <= 0 or run > MAX_RUN:
                    raise PlanError(f"step {i} {shown(word, 20)}: a run of more than 0 and at most "
                                    f"{MAX_RUN:g} units")
                steps.append(PlanStep("M", run))
            else:
                steps.append(PlanStep("P"))
        return cls(tuple(steps))

    def __str__(self) -> str:
        return " ".join(str(s) for s in self.steps)

    def __repr__(self) -> str:
        return f"Plan.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Move:
    """One boat's turn: ``boat`` sails ``plan``. Written ``C: T-145 M4`` (the boat, a
    colon, the plan): ``Move.parse(str(move)) == move``."""

    boat: str
    plan: Plan

    def __post_init__(self) -> None:
        as_id(self.boat, "boat")
        if not isinstance(self.plan, Plan):
            raise TypeError(f"plan: expected a Plan (Plan.parse('T-30 M4')), got "
                            f"{shown(self.plan)}")

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move written ``<boat>: <plan>`` (``C: T-145 M4``); the plan is everything
        after the last colon. :class:`PlanError` (a
        :class:`~rightofway.errors.NotationError`) says what was expected."""
        boat, colon, plan = _text(text, "move", "C: T-145 M4").rpartition(":")
        boat = boat.strip()
        if not colon or not boat:
            raise PlanError(f"move {shown(text)}: expected '<boat>: <plan>' such as "
                            "'C: T-145 M4'")
        try:
            return cls(boat, Plan.parse(plan))
        except PlanError as e:
            raise PlanError(f"move {shown(text)}: {e}") from None

    def __str__(self) -> str:
        return f"{self.boat}: {self.plan}"
