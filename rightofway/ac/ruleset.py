"""The America's Cup board game behind the :class:`rightofway.registry.Ruleset` protocol."""

from __future__ import annotations

from pydantic import BaseModel

from rightofway.ac import rules, scenario
from rightofway.ac.moves import Move
from rightofway.ac.position import Position
from rightofway.registry import GAME, RulesetBase

__all__ = ["AmericasCup"]


class AmericasCup(RulesetBase, name="americas-cup", code="AC", title="America's Cup",
                  package="rightofway.ac", capabilities=GAME):
    """The America's Cup board game (citations ``AC`` and the rulebook's headings)."""

    scenario_model: type[BaseModel] = scenario.AcScenario

    def diagram_text(self, position: Position, move: Move | None = None) -> tuple[str, str]:
        """Alternative text listing every boat, and a caption explaining the drawing."""
        boats = [f"{b.id} bow [{b.at[0]}, {b.at[1]}] stern [{b.stern[0]}, {b.stern[1]}] "
                 f"heading {b.heading.name}, leg {b.leg}" for b in position.boats]
        alt = "Diagram, wind N: " + "; ".join(boats)
        alt += f"; move {move}." if move is not None else "."
        key = ("Each hull is drawn from stern to bow (the bow is the filled dot); shaded dots "
               "are cover points of boats whose cover rule is on; the dashed row is the start "
               "and finish line between the jury boat and the buoy.")
        if move is None:
            return alt, f"The position. {key}"
        lg = rules.legality(position, move)
        if not lg.legal:
            return alt, f"The position with the move {move}; it is not legal ({lg.reason}). {key}"
        return alt, f"Before the move {move} (its track drawn) and after it. {key}"
