"""The web app: a lobby, online seats, bots, spectators and replays, stored in a database."""
