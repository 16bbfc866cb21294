"""Matchmaking: how strangers get to one table, the "Play now" queue and its matcher,
tournaments and their pairing, and the pass a second that opens and starts their tables."""
