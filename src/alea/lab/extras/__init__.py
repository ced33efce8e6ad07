"""Per-game lab hooks: ``alea.lab.extras.<game>`` (see ``alea.lab.hooks``)."""
