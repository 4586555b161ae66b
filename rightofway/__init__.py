"""rightofway: adjudicate sailing-race board games, every ruling explained.

The kernel (:mod:`rightofway.geometry`, :mod:`rightofway.explain`,
:mod:`rightofway.results`) is shared by every ruleset; rulesets register by
name (:mod:`rightofway.registry`). Race the Wind lives in :mod:`rightofway.rtw`.
"""

from rightofway.explain import Citation, Step
from rightofway.geometry import Compass, PointOfSail, Tack
from rightofway.registry import Ruleset, get_ruleset, register, ruleset_names
from rightofway.results import Answer, Basis, Infringement, RightOfWay, Ruling

__version__ = "0.1.0"

__all__ = [
    "Answer",
    "Basis",
    "Citation",
    "Compass",
    "Infringement",
    "PointOfSail",
    "RightOfWay",
    "Ruleset",
    "Ruling",
    "Step",
    "Tack",
    "__version__",
    "get_ruleset",
    "register",
    "ruleset_names",
]
