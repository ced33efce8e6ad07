"""Forum: Trade Empires of Rome (markets, horrea and prestige); board data only, not yet a game."""
