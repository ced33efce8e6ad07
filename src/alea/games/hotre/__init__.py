"""History of the Roman Empire (Marco Broglia; two to four players, seven periods).

Each player runs a Roman Faction and, period by period, a Barbarian People, and scores for
Cities and for presence in the nine areas of the map. The data layer (``board``, ``charts``,
``cards``) and the rules engine (``options``, ``actions``, ``state``, ``game``, every rule of
``RULES.md``) exist; the game joins the registry once it has its bot, terminal view and board.
"""
