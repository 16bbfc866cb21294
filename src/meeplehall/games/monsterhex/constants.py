"""Cell contents besides a unit (``owner[c] >= 0`` means a unit of that owner is there)."""

EMPTY = -1
#: a green counter gem: neither empty nor a unit until it is resolved
COUNTER_CELL = -2

# Phases: what the seats to move are asked for.
DRAFT = "draft"
PLACE = "place"
ABILITY = "ability"
RUSH = "rush"
SLOT = "slot"
OVER = "over"
