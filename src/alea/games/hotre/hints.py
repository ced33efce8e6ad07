"""What the play page shows beside the History of the Roman Empire board.

The player's own panel (points, counters, Legions, armies to place and the hand of events, each
card with its effect), a die for the last roll, one line on what each phase is for, the rule a
refused click breaks, and places named as a player reads them. These read only actions and
``observation(p)``: another seat's hand or counter never reaches a panel it may not see.
"""

from __future__ import annotations

from typing import Any, Final

from alea.core.game import Action
from alea.games.hotre.actions import NATION_NAMES, SEATS, Dice, Pick, PlayCard, Round
from alea.games.hotre.board import BOARD
from alea.games.hotre.cards import DECK
from alea.games.hotre.charts import CHARTS, BonusKind

STAGE_HINT: Final = {
    "order": "Dice fix the order in which the seats draw their counters.",
    "deal": "The event cards are dealt face down, one of each set to every seat.",
    "draw": "A seat draws a counter face down: a People first, then an Emperor.",
    "hand": "Keep the counter you drew, or hand it face down to a seat that holds none.",
    "declare": "Play up to two event cards this period (before or during your turn), "
    "then end the declaration.",
    "build": "Spend Faction points: recruit a Legion, bribe Rebels, build a Fort or a "
    "Fortress, rebuild a looted City; then end the build.",
    "takeup": "Take armies up from the map to place them again this turn, or finish.",
    "expand": "Place your armies one at a time: in lands you hold, empty lands next to them, "
    "or lands you attack. End the expansion when done.",
    "round": "A round of battle: the higher die wins and the loser loses one army.",
    "retreat": "Your land is attacked: retreat an army to a land your side holds, or stand.",
    "displace": "A People enters its Start land: move your army to a land your side holds "
    "next to it, or let it be eliminated.",
    "fortchoice": "You conquered a land with a Fort: take the Fort over or destroy it.",
    "lootchoice": "You conquered a City: loot it for points now, or spare it to hold it.",
    "lootroll": "The dice decide how many points the loot brings.",
    "found": "Found a City on a free site of your Area.",
    "endroll": "The dice decide the treasure of the Kingdoms left on the map.",
    "epidemy": "The dice decide the armies an epidemic takes.",
    "over": "The game is over.",
    "rebelround": "A round of battle with Rebel Legions.",
    "offer": "A People attacks your Legions: offer Faction points to be spared, or none.",
    "answer": "A Faction offers points to spare it: accept the bribe or refuse it.",
    "rebelretreat": "Rebels attack: retreat your army to a land your side holds, or stand.",
}
"""One line per stage: what the decisions of that stage are for."""

STAGE_VERBS: Final = {
    "expand": ("place", "start", "free_fort"),
    "takeup": ("take_up",),
    "build": ("fort", "fortress", "rebuild", "bribe"),
    "retreat": ("retreat",),
    "displace": ("retreat",),
    "rebelretreat": ("retreat",),
    "found": ("found",),
}
"""The land choices of each stage, tried in this order to learn why a click is refused."""

LAND_CARDS: Final = frozenset(
    (
        "epidemy",
        "wrath_of_god",
        "disaster",
        "plague",
        "treachery",
        "revolt",
        "rebellion",
        "roman_fortify",
        "engineering",
    )
)
"""The kinds of event card played on a land (HRE-8.5)."""

BONUS_TEXT: Final = {
    BonusKind.DICE: "attacks with three dice",
    BonusKind.ATTACK: "+1 to each attack die",
    BonusKind.TIE: "wins tied attacks",
    BonusKind.VP: "+1 point a land held",
}
"""An Emperor's bonus as a player reads it (extra Legions are counted apart)."""


def dice_of(action: Action) -> dict[str, Any] | None:
    """The dice a chance outcome shows: a total on one die, or a battle round's winner.

    A battle round's outcome is drawn from its exact odds (HRE-12.0.1), so it has no faces to
    show: the text says who won it.
    """
    if isinstance(action, Dice):
        return {"dice": [action.value], "sides": 0, "text": "the dice's total"}
    if isinstance(action, Round):
        side = "attacker" if action.attacker_wins else "defender"
        died = "; triples: the general falls" if action.died else ""
        return {"dice": [], "sides": 6, "text": f"battle round: the {side} wins{died}"}
    return None


def place_name(place: str) -> str:
    """A ``data-place`` key as a player reads it: a land, an Area, a People or a seat."""
    kind, _, name = place.partition(":")
    if kind == "area" and name:
        return f"the Area {name}"
    if kind == "people" and name:
        rows = CHARTS.nation_rows(name) if name in NATION_NAMES else ()
        return f"the {rows[0].name}" if rows else place
    return place


def _acting_seat(obs: dict[str, Any], seat: int) -> int:
    """The seat a click decides for: the active one of the viewer's seats (two with two players)."""
    mine = [s for s in obs.get("seats", []) if isinstance(s, int)]
    active = obs.get("active", -1)
    if active in mine:
        return int(active)
    return mine[0] if mine else seat


def attempts(obs: dict[str, Any], seat: int, place: str, _source: str | None) -> list[Action]:
    """Actions a click on land ``place`` might have meant, to ask the rules why none is legal."""
    names = [ln.name for ln in BOARD.lands]
    if place not in names:
        return []
    land = names.index(place)
    s = _acting_seat(obs, seat)
    if not 0 <= s < len(SEATS):
        return []
    stage = str(obs.get("stage", ""))
    tried: list[Action] = [Pick(s, verb, land) for verb in STAGE_VERBS.get(stage, ())]
    if stage in ("declare", "expand"):
        hands = obs.get("hands", [])
        hand = hands[s] if s < len(hands) and not obs["hand_is_sets"][s] else []
        tried += [PlayCard(s, c, land) for c in hand if DECK[c - 1].kind in LAND_CARDS]
    return tried


def _named(period: int, number: int, emperor: bool) -> str:
    """A counter's chart entry: an Emperor with his bonus, a People with its strength and home."""
    if emperor:
        e = CHARTS.emperor(period, number)
        if e.bonus is None:
            return f"{number}: {e.name}"
        if e.bonus.kind is BonusKind.LEGIONS:
            return f"{number}: {e.name} (+{e.bonus.value} Legions)"
        return f"{number}: {e.name} ({BONUS_TEXT[e.bonus.kind]})"
    p = CHARTS.people(period, number)
    return f"{number}: {p.name}, strength {p.strength}, from {BOARD.lands[p.start].name}"


def _counter(obs: dict[str, Any], s: int, emperor: bool) -> str:
    """A seat's People or Emperor counter, named, or why it is not known."""
    numbers = obs.get("emperor_counters" if emperor else "people_counters", [])
    held = obs.get("has_emperor_counter" if emperor else "has_people_counter", [])
    number = numbers[s] if s < len(numbers) else None
    if not (s < len(held) and held[s]):
        return "none yet"
    if not isinstance(number, int) or number <= 0:
        return "not seen yet"
    return _named(int(obs.get("period", 1)), number, emperor)


def panel(obs: dict[str, Any], seat: int) -> list[tuple[str, ...]]:
    """The player's own figures, each seat it holds, and the events in its hand with effects.

    Rows are (label, value) or (label, value, detail): a card's detail is what it does.
    """
    rows: list[tuple[str, ...]] = []
    mine = [s for s in obs.get("seats", []) if isinstance(s, int)]
    period = obs.get("period", 0)
    if isinstance(period, int) and 1 <= period <= len(BOARD.periods):
        rows.append(
            ("Period", f"{period} of {len(BOARD.periods)}: {BOARD.periods[period - 1].label}")
        )
    drawn = obs.get("drawn")
    if isinstance(drawn, int) and drawn > 0:
        # The Emperors are handed out once every seat holds its People (HRE-3.2).
        emperor = all(obs.get("has_people_counter", []))
        kind = "Emperor" if emperor else "People"
        rows.append(("You drew", f"{kind} {_named(int(obs.get('period', 1)), drawn, emperor)}"))
    forces = obs.get("forces", [])
    for s in mine:
        name = SEATS[s]
        prefix = f"{name}: " if len(mine) > 1 else ""
        fp = obs["faction_points"][s]
        pp = obs["people_points"][s]
        rows.append((f"{prefix}Points", f"{fp + pp} VP (Faction {fp}, People {pp})"))
        rows.append((f"{prefix}People", _counter(obs, s, False)))
        rows.append((f"{prefix}Emperor", _counter(obs, s, True)))
        legions = next(
            (f["armies"] for f in forces if f.get("kind") == "Faction" and f.get("owner") == s),
            0,
        )
        lost = obs.get("eliminated_legions", [])
        out = " (Faction out of the game)" if obs.get("dead", [0] * 4)[s] else ""
        rows.append(
            (
                f"{prefix}Legions",
                f"{legions} on the map, {lost[s] if s < len(lost) else 0} eliminated{out}",
            )
        )
        barbarians = sum(
            int(f.get("armies", 0))
            for f in forces
            if f.get("owner") == s and f.get("kind") in ("People", "Minor People", "Kingdom")
        )
        rows.append((f"{prefix}People armies", f"{barbarians} on the map"))
        if obs.get("active") == s and int(obs.get("to_place", 0) or 0) > 0:
            rows.append((f"{prefix}To place", f"{obs['to_place']} armies"))
        played = obs.get("played_this_period", [])
        rows.append(
            (f"{prefix}Events played", f"{played[s] if s < len(played) else 0} of 2 this period")
        )
        hand = obs["hands"][s]
        if obs["hand_is_sets"][s]:
            rows.append((f"{prefix}Hand", f"{len(hand)} cards"))
            continue
        rows.append((f"{prefix}Hand", f"{len(hand)} {'card' if len(hand) == 1 else 'cards'}"))
        for cid in hand:
            c = DECK[cid - 1]
            when = "before your turn" if c.timing.value == "before" else "during your turn"
            rows.append(
                (
                    f"Set {c.set}",
                    f"{c.title} ({c.kind.replace('_', ' ')}, {when})",
                    c.effect,
                )
            )
    return rows


def hint(obs: dict[str, Any]) -> str | None:
    """What the current stage is for, in one line."""
    return STAGE_HINT.get(str(obs.get("stage", "")))
