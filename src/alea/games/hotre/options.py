"""History of the Roman Empire's tunable numbers, defaulting to the rules (RULES.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from alea.core.options import Range


@dataclass(frozen=True)
class HotreOptions:
    """Options of HOTRE; every default is the rules' figure (the option table of the rules).

    Attributes:
        last_period: the period after which the game ends (HRE-3.0).
        optional_terrain: use the review's two optional difficult borders (HRE-1.1).
        legion_counters: Legions per Faction set; ``None`` = 10, or 12 with three players, so
            that the nine starting Legions keep the set's three spare counters (HRE-1.3,
            HRE-5.0, HRE-15.2). ``10`` with three players lets the set cut an Emperor's bonus.
        force_army_cap: armies a People, Minor People or Kingdom may have on the map (HRE-1.3).
        start_legions: Legions of a Faction in period 1; ``None`` = 7, or 9 with three players
            (HRE-5.0, HRE-15.2).
        start_forts: free Forts in period 1 (HRE-5.0, HRE-5.5).
        recruit_cost_early: RVP a Legion costs in the early periods (HRE-5.1).
        recruit_cost_late: RVP a Legion costs from ``recruit_cost_late_from`` on (HRE-5.1).
        recruit_cost_late_from: first period of the late Legion price (HRE-5.1).
        rebel_bribe_cost: RVP per bribed Rebel Legion (HRE-5.2).
        fort_cost: RVP a Fort costs (HRE-5.3).
        fortress_cost: RVP to turn a Fort into a Fortress (HRE-5.3).
        rebuild_cost: RVP to rebuild a looted City (HRE-5.4).
        constantinople_from: first period Constantinople counts double (HRE-14.2).
        city_limit: ``total`` (a Faction's Cities at most half its Resource symbols) or
            ``per_turn`` (that many new Cities every Faction turn) (HRE-13.1).
        domination_min_lands: lands needed before "more than anyone" dominates (HRE-14.4).
        end_land_bonus: Faction points per land at the end (HRE-14.3.1).
        gods_favor: God's Favor replaces one Wrath of God (HRE-15.3).
        bribe_barbarians: a Faction may bribe an attacking People (HRE-15.4).
        choice_rvp: a variant against the edge of the last Faction to choose its starting
            Area (HRE-15.5): the ``k``-th of ``n`` seats to choose scores ``(n - k) *
            choice_rvp`` Faction points at the end of the game; 0 (the rules) gives nothing.
        choice_rvp_form: how ``choice_rvp`` is shared (HRE-15.5): ``"linear"`` as above,
            or ``"flat"``, ``choice_rvp`` to every seat but the last to choose.

    """

    last_period: Annotated[int, Range(1, 7)] = 7
    optional_terrain: bool = False
    legion_counters: Annotated[int | None, Range(1, 30)] = None
    force_army_cap: Annotated[int, Range(1, 30)] = 12
    start_legions: Annotated[int | None, Range(1, 30)] = None
    start_forts: Annotated[int, Range(0, 10)] = 3
    recruit_cost_early: Annotated[int, Range(0, 100)] = 2
    recruit_cost_late: Annotated[int, Range(0, 100)] = 3
    recruit_cost_late_from: Annotated[int, Range(1, 8)] = 4
    rebel_bribe_cost: Annotated[int, Range(0, 100)] = 2
    fort_cost: Annotated[int, Range(0, 100)] = 1
    fortress_cost: Annotated[int, Range(0, 100)] = 1
    rebuild_cost: Annotated[int, Range(0, 100)] = 1
    constantinople_from: Annotated[int, Range(1, 8)] = 4
    city_limit: Literal["total", "per_turn"] = "total"
    domination_min_lands: Annotated[int, Range(1, 5)] = 1
    end_land_bonus: Annotated[int, Range(0, 100)] = 2
    gods_favor: bool = False
    bribe_barbarians: bool = False
    choice_rvp: Annotated[int, Range(0, 100)] = 0
    choice_rvp_form: Literal["linear", "flat"] = "linear"

    TUNE_SPACE: ClassVar[dict[str, Any]] = {
        "choice_rvp": (0, 30),
        "choice_rvp_form": ["linear", "flat"],
    }
    """What ``alea lab tune hotre`` searches unless told otherwise: the compensation for the
    early choosers of a starting Area, against the edge the balance lab found
    (docs/balance.md)."""

    def first_legions(self, seats: int) -> int:
        """Legions a Faction takes in period 1 before its Emperor's bonus (HRE-5.0, HRE-15.2)."""
        if self.start_legions is not None:
            return self.start_legions
        return 9 if seats == 3 else 7

    def legion_set(self, seats: int) -> int:
        """Legion counters of one Faction (HRE-1.3, HRE-15.2)."""
        if self.legion_counters is not None:
            return self.legion_counters
        return 12 if seats == 3 else 10
