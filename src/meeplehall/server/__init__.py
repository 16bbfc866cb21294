"""The arena server: accounts, lobby, tables over WebSocket, bots, clocks, persistence."""
