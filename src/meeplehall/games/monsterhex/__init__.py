"""Monster Hex: hex-tile area majority for 1-4 players, with every variant.

``GAME`` is the registered Game object. The rules are written for players in
docs/rules/monsterhex.md, and the component data is ``components.json``. Every reading that a
better source could overturn is data (``components.json``) or an option; where the rules leave a
case open, the engine decides as the rulings below say.

Modules, from the bottom up: ``components`` (``components.json``, checked at load and turned into
index tables); ``actions`` (the action types, parsing and labels); ``position`` (what a match
holds: its fixed ``Config``, the board, hands, decks and scores, the cell markers and phases);
the rules, each taking a position: ``placement`` (legal placements through need masks,
Skirmish, the fallback, refusals naming a hex by its label), ``abilities`` (ability options and
effects, the draft), ``gems`` (big, small and counter gem resolution, every award), ``turns``
(refills, skipped turns, rounds, the end), ``objectives`` (the 20 objective cards, one
definition each: what a card counts, and the cells it counts) and ``scoresheet`` (the result's
gem and card lines; the own seat's score if the game ended now); ``state``
(``MonsterHexState``: a position with the protocol's moves and result); ``views`` (per-seat
JSON), ``hidden`` (determinization) and ``heuristic`` (the bots' evaluation), which read a
state; ``match`` (``MonsterHexMatch``: the state with its view, determinization and evaluation,
what the game hands out); ``options`` (the table options and the rules editions), ``setup`` (a
new match's deal), ``game`` (``MonsterHexGame`` and ``GAME``); ``render`` (the terminal) and
``statistics``. On top, imported by none of them, the research wing ``research`` (``layout``
and ``encode``).

Rulings:

- **Slot choice.** The unique first place chooses a slot (``take_slot``); a unique second place
  gets the other one. When the shared faction is the one to choose, it takes the high slot
  (its prize is discarded) so the rival is left the low one.
- **First unit.** Always on a start cell, even a Skirmish S.
- **Abilities.** A red-letter unit asks its owner for a decision only when the ability has a
  possible effect; ``pass`` is always allowed. Confuse must change the rotation. Crystallize may
  not take the only empty neighbour left of any unresolved gem, counter gems included; a counter
  cell is not empty, so a gem with one empty and one counter neighbour left keeps its empty
  cell. Reward adds 2 for an adjacent S and 1 for each adjacent red B or C when its owner is the
  sole first place, at big gems and at counter gems.
- **Gem check.** One snapshot per placement: every gem complete after the placement (and its
  ability) is decided on that board; board sites by site id (big gems as the board lists them,
  then small gems), then counter gems by (q, r). Resolved counter cells are freed only at the
  end of the check, so two adjacent counter gems completed together both resolve.
- **Counter gems are big-gem cells.** Each resolution is recorded like a big gem's (kind
  ``counter``), so O01, O11, O16 and O20 count it; O11 and Reward need the sole first place (a
  prize taken by a sole second place does not count). O06, O09, O15, the 7 tie-break and the
  colour and overwhelming bonuses concern board gems only.
- **Objectives.** O02, O09, O12 and O15 are removed in every game with one or two players (with
  or without the shared faction); Scheme draws from what is left. A personal card scores only
  when its owner alone meets it: the unique maximum of a "most" card, no other seat achieving an
  achieve card, the strictly highest X of a variable card. Other seats are the rivals, never the
  shared faction.
- **Rush.** The second unit comes from the seat's own hand. The first unit's gems resolve (slot
  choices included) before the second placement is offered. Rush is offered only while the seat
  still owes placements and an empty cell exists.
- **Refills in the shared and solo modes** fill the hand back to its composition (solo: 2 own +
  1 shared; shared: the round's first player draws own units up to 3 cards, the second draws one
  shared unit). After a Rush this can mean drawing two own units.
- **Colours.** Without abilities, ``colours`` = ``random`` (default) or ``seat``. The shared faction
  takes a colour no player has (drawn at random after a draft).
- **Solo.** Rank 1 always; the seat wins when its score reaches ``solo_target``.
- **Tie-break.** Holding the 7 slot (also through the overwhelming bonus) breaks a score tie;
  otherwise tied players share the win.
- **Component data.** ``components`` = ``standard`` or a plain name ``NAME``, read from
  ``NAME.json`` in a directory listed in ``MEEPLEHALL_MONSTERHEX_DATA``; never a path, since
  options come from players.
- **Rules editions.** The rules were corrected on 2026-11-30 (the gem-check snapshot, counter
  cells as big-gem cells, the Crystallize limit, the objective removals by player count,
  personal cards for their owner alone). A table is rebuilt by replaying its log, and under the
  corrections an earlier table's log can be refused part way (a Crystallize target the limit now
  forbids, a counter gem that now resolves a turn earlier), its secret objectives dealt anew
  (2-player shared games) or its winners changed. So a table keeps the edition it began with:
  new tables store ``rules`` = ``2026-11`` with their options; a stored option set holding every
  earlier option and no ``rules`` is a first-edition table (``2024``), and the engine keeps the
  first edition's behaviour for it (``cfg.revised`` is False), bit for bit
  (``tests/core/test_legacy_replay.py``). Finished tables keep their stored result either way.
"""

from meeplehall.games.monsterhex.game import GAME, MonsterHexGame
from meeplehall.games.monsterhex.match import MonsterHexMatch
from meeplehall.games.monsterhex.state import MonsterHexState

__all__ = ["GAME", "MonsterHexGame", "MonsterHexMatch", "MonsterHexState"]
