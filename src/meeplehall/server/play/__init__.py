"""One live table: its room and connections, moves in order, clocks, bots' turns, the log,
fan-out and chat."""
