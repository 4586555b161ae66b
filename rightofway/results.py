"""Typed results every ruleset returns: right of way, infringements, rulings.

Each result carries its explanation (``steps``), so nothing needs to be looked
up again to say why. ``to_json`` gives programs the same content as plain data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from rightofway.explain import Citation, Step, render_steps, steps_json

__all__ = [
    "BASES",
    "Answer",
    "Basis",
    "Infringement",
    "Legality",
    "Protest",
    "RightOfWay",
    "Ruling",
    "Verdict",
]

Basis = Literal["starboard", "leeward", "faster", "turn-order", "inside", "astern"]
"""Why the holder has right of way (conventions: the six bases)."""
BASES: tuple[Basis, ...] = ("starboard", "leeward", "faster", "turn-order", "inside", "astern")

Verdict = Literal["upheld", "dismissed"]

P = TypeVar("P")
M = TypeVar("M")


@dataclass(frozen=True, slots=True)
class RightOfWay:
    """``holder`` has right of way over ``giver`` on ``basis``."""

    holder: str
    giver: str
    basis: Basis | str
    """Why: one of the grid games' bases (``BASES``), or the deciding rule's number (``"10"``)
    for the Racing Rules of Sailing."""
    steps: tuple[Step, ...] = ()

    def explain(self) -> str:
        """The decision and its steps, for people."""
        return f"{self.holder} has right of way over {self.giver} ({self.basis})\n" + render_steps(
            self.steps
        )

    def to_json(self) -> dict[str, Any]:
        """Plain data for programs."""
        return {
            "holder": self.holder,
            "giver": self.giver,
            "basis": self.basis,
            "steps": steps_json(self.steps),
        }


@dataclass(frozen=True, slots=True)
class Answer:
    """A yes/no answer with its reason (python-chess style aggregate of ``is_*`` checks)."""

    value: bool
    reason: str
    steps: tuple[Step, ...] = ()

    def __bool__(self) -> bool:
        return self.value

    def to_json(self) -> dict[str, Any]:
        """Plain data for programs."""
        return {"value": self.value, "reason": self.reason, "steps": steps_json(self.steps)}


@dataclass(frozen=True, slots=True)
class Protest:
    """Boat ``by`` protests boat ``against`` over the move just made (every game's
    ``adjudicate`` takes one)."""

    by: str
    against: str

    def __post_init__(self) -> None:
        from rightofway.positions import as_id

        as_id(self.by, "by")
        as_id(self.against, "against")

    def to_json(self) -> dict[str, Any]:
        """Plain data for programs."""
        return {"by": self.by, "against": self.against}


@dataclass(frozen=True, slots=True)
class Legality(Generic[P, M]):
    """Whether a move is legal, in every game: ``reason`` is a sentence for people and
    ``cite`` the section that decides; ``steps`` explain it. A game may add what its own
    rules work out on the way (Race the Wind the outcome, the America's Cup the points),
    in a subclass of this one."""

    move: M
    legal: bool
    reason: str
    cite: Citation
    steps: tuple[Step, ...]

    def __bool__(self) -> bool:
        return self.legal

    def explain(self) -> str:
        """The verdict and every step it rests on, for people."""
        return (f"move: {self.move}\nlegal: {'yes' if self.legal else 'no'} - {self.reason} "
                f"[{self.cite}]\nsteps:\n" + render_steps(self.steps))

    def to_json(self) -> dict[str, Any]:
        """Plain data for programs."""
        return {"move": str(self.move), "legal": self.legal, "reason": self.reason,
                "cite": str(self.cite), "steps": steps_json(self.steps)}


@dataclass(frozen=True, slots=True)
class Infringement:
    """``by`` failed to give ``against`` the right of way it held, ending at ``at``."""

    by: str
    against: str
    at: tuple[int, int] | tuple[float, float]
    basis: Basis | str
    exonerated: bool = False
    """A rule excuses it (in Race the Wind: a lull stopped the boat where it infringed)."""

    def to_json(self) -> dict[str, Any]:
        """Plain data for programs."""
        return {"by": self.by, "against": self.against, "at": list(self.at), "basis": self.basis,
                "exonerated": self.exonerated}


@dataclass(frozen=True, slots=True)
class Ruling(Generic[P, M]):
    """The adjudication of one move, with or without a protest."""

    move: M
    legal: bool
    reason: str
    infringements: tuple[Infringement, ...]
    exonerated: bool
    penalty: str | None
    verdict: Verdict | None
    steps: tuple[Step, ...]
    after: P | None
    """The position after the move, or ``None`` when the move is illegal."""
    before: P | None = None
    """The position the move was made in."""
    ruleset: str = ""
    """The registry name of the ruleset that ruled, which also draws the ruling."""

    @property
    def infringed(self) -> frozenset[str]:
        """The boats the mover infringed against."""
        return frozenset(i.against for i in self.infringements)

    def explain(self) -> str:
        """The ruling and every step it rests on, for people."""
        head = [f"move: {self.move}", f"legal: {'yes' if self.legal else 'no'} - {self.reason}"]
        if self.legal:
            against = ", ".join(sorted(self.infringed)) or "nobody"
            head.append(f"infringed against: {against}")
            if self.exonerated:
                head.append("exonerated: yes")
        head.append(f"penalty: {self.penalty or 'none'}")
        if self.verdict:
            head.append(f"protest: {self.verdict}")
        return "\n".join(head) + "\nsteps:\n" + render_steps(self.steps)

    def _repr_svg_(self) -> str | None:
        """The position before the move and after it, as the ruleset draws them (notebooks)."""
        if self.before is None or not self.ruleset:
            return None
        from rightofway.registry import get_ruleset

        return str(get_ruleset(self.ruleset).diagram(self.before, self.move))

    def to_json(self) -> dict[str, Any]:
        """Plain data for programs."""
        return {
            "move": str(self.move),
            "legal": self.legal,
            "reason": self.reason,
            "infringements": [i.to_json() for i in self.infringements],
            "exonerated": self.exonerated,
            "penalty": self.penalty,
            "verdict": self.verdict,
            "steps": steps_json(self.steps),
        }
