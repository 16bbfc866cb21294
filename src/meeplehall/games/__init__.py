"""One package per game. Nothing here imports a game: the registry finds them by entry point."""
