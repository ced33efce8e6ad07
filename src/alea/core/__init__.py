"""Game-agnostic core: the contract, errors, options, chance, records and the registry.

Each concern is a module (``game``, ``errors``, ``record``, ``registry``, ...); the package
``alea`` itself re-exports the contract that front ends and outside code are written against.
"""
