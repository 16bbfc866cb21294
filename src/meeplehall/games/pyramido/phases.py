"""Names of the phases of a match and of each seat's progress through a stage's scoring."""

TAKE, SPLIT, REVEAL, PLACE, SCORE, OVER = "take", "split", "reveal", "place", "score", "over"
ACTIVATING, DISCARDING, DONE = 0, 1, 2
SCORING_STATUS = ("activating", "discarding", "done")
