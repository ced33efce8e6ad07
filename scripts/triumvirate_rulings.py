"""Count how often two Triumvirate rulings come into play in seeded games.

Usage: python scripts/triumvirate_rulings.py [AGENTS] [GAMES]

e.g. ``python scripts/triumvirate_rulings.py heuristic,random,heuristic 60`` plays games with
``alea.play`` seeds 0..GAMES-1 (one agent spec per seat, or one for all) and prints the games in
which a popularity roll won a hex where a rival's leader stood alone, who then fell (TRI-7.5),
and the games and deaths in which a fallen leader's troops found too few grey counters and some
were disbanded (TRI-7.4).
"""

from __future__ import annotations

import sys

import alea
from alea.core.game import Action, State
from alea.games.triumvirate.actions import Roll
from alea.games.triumvirate.state import TriumvirateState

ROMAN = 3


class Watch:
    """Compares each position with the one before it."""

    def __init__(self, state: TriumvirateState) -> None:
        self.prev = state.clone()
        self.caught = 0
        self.short = 0

    def __call__(self, state: State, action: Action) -> None:
        """Note the deaths ``action`` caused and whether their troops all turned Roman."""
        assert isinstance(state, TriumvirateState)
        prev = self.prev
        for s in range(3):
            if prev.alive[s] and not state.alive[s]:
                if isinstance(action, Roll) and action.die == 20:
                    self.caught += 1
                lost = any(
                    prev.owner[h] == s
                    and (state.owner[h] == -1 or state.count[h] < prev.count[h])
                    and state.owner[h] in (-1, ROMAN)
                    for h in range(len(state.owner))
                )
                self.short += lost
        self.prev = state.clone()


def main() -> int:
    """Play the games and print the counts."""
    specs = (sys.argv[1] if len(sys.argv) > 1 else "heuristic").split(",")
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    agents = [alea.agents.make(spec) for spec in (specs * 3 if len(specs) == 1 else specs)]
    game = alea.load("triumvirate")
    caught_games = short_games = short_deaths = 0
    for seed in range(games):
        first = game.new_initial_state()
        assert isinstance(first, TriumvirateState)
        watch = Watch(first)
        alea.play(game, agents, seed=seed, on_step=watch)
        caught_games += watch.caught > 0
        short_games += watch.short > 0
        short_deaths += watch.short
    print(f"triumvirate, {','.join(specs)}, seeds 0-{games - 1}:")
    print(f"  a popularity roll caught a lone leader (TRI-7.5) in {caught_games} games")
    print(
        f"  grey counters ran short (TRI-7.4) in {short_games} games, "
        f"at {short_deaths} leaders' deaths"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
