"""History of the Roman Empire's tunable numbers, defaulting to the rules (RULES.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal


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

    """

    last_period: int = 7
    optional_terrain: bool = False
    legion_counters: int | None = None
    force_army_cap: int = 12
    start_legions: int | None = None
    start_forts: int = 3
    recruit_cost_early: int = 2
    recruit_cost_late: int = 3
    recruit_cost_late_from: int = 4
    rebel_bribe_cost: int = 2
    fort_cost: int = 1
    fortress_cost: int = 1
    rebuild_cost: int = 1
    constantinople_from: int = 4
    city_limit: Literal["total", "per_turn"] = "total"
    domination_min_lands: int = 1
    end_land_bonus: int = 2
    gods_favor: bool = False
    bribe_barbarians: bool = False

    BOUNDS: ClassVar[dict[str, tuple[int, int]]] = {
        "last_period": (1, 7),
        "force_army_cap": (1, 30),
        "start_forts": (0, 10),
        "recruit_cost_early": (0, 100),
        "recruit_cost_late": (0, 100),
        "recruit_cost_late_from": (1, 8),
        "rebel_bribe_cost": (0, 100),
        "fort_cost": (0, 100),
        "fortress_cost": (0, 100),
        "rebuild_cost": (0, 100),
        "constantinople_from": (1, 8),
        "domination_min_lands": (1, 5),
        "end_land_bonus": (0, 100),
        "legion_counters": (1, 30),
        "start_legions": (1, 30),
    }
    """Each number option's inclusive range (the two unset by default are checked when set)."""

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
