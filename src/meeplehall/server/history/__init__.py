"""Finished tables: a person's record, replays, analyses, people's ratings and the agents'
ladder, and practice tables opened at a position of a finished one.

It sits above play: it reads what play wrote (the log, the seed, the seats). The one thing play
needs of it, what a game's end moves (results.py), is handed to the table manager by the hall.
"""
