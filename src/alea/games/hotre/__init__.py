"""History of the Roman Empire (Marco Broglia; two to four players, seven periods).

Each player runs a Roman Faction and, period by period, a Barbarian People, and scores for
Cities and for presence in the nine areas of the map. Only the data layer exists so far: the
map (``board``), the People and Emperor charts (``charts``) and the event deck (``cards``). The
game is not registered with the core registry until its rules engine is written.
"""
