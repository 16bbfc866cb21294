"""A new Monster Hex match: the board the player count and mode call for, the gem tiles, the
factions and abilities, the decks and hands, and the objective cards.

Every draw comes from the match's generator, in this order (a seed's deal depends on it): the
gem tiles (with ``random_gems``), the start player, the factions and abilities, each player's
deck, the shared pool, the objective pile; the match's own stream is then spawned from it.
"""

from __future__ import annotations

from typing import Any

from meeplehall.core import InvalidOption, Rng
from meeplehall.games.monsterhex.actions import Place
from meeplehall.games.monsterhex.components import Board, Components, load_components
from meeplehall.games.monsterhex.match import MonsterHexMatch
from meeplehall.games.monsterhex.options import FIRST
from meeplehall.games.monsterhex.position import CATEGORIES, DRAFT, EMPTY, PLACE, Config
from meeplehall.games.monsterhex.turns import round_order

PlaceTable = tuple[tuple[tuple[Place, ...], ...], ...]

#: Every Place action of a board, per component set and board: built once, shared by matches.
_PLACE_TABLES: dict[tuple[str, str], PlaceTable] = {}


def new_match(players: int, options: dict[str, Any], rng: Rng) -> MonsterHexMatch:
    """A match at its first step (a draft pick, or the first placement)."""
    cfg = configure(players, options)
    state = MonsterHexMatch.__new__(MonsterHexMatch)
    state.cfg = cfg
    clear_board(state)
    state.site_tile = gem_tiles(cfg.board, options["random_gems"], rng)
    start = rng.below(players)
    deal_factions(state, start, rng)
    deal_units(state, start, rng)
    deal_objectives(state, rng)
    state.round = 1
    state.first = start
    state.order = round_order(cfg, start)
    state.step = 0
    state.phase = DRAFT if state.draft_order else PLACE
    # The in-game stream is a child of the setup one (a legacy seed reseeds from one draw,
    # as it always did; a keyed one hands down a full-size key).
    state.rng = rng.spawn()
    return state


def board_key(players: int, mode: str) -> str:
    """The board a mode plays on: solo on the 2-player board, the shared faction on the
    3-player one, otherwise the player count's own."""
    return {"solo": "2p", "shared": "3p"}.get(mode, f"{players}p")


def configure(players: int, options: dict[str, Any]) -> Config:
    """What the match fixes for good, from the player count and the validated options."""
    if options["shared_faction"] and players not in (1, 2):
        raise InvalidOption("the shared faction is a 2-player variant (and always on in solo)")
    comp = load_components(options["components"])
    mode = "solo" if players == 1 else "shared" if options["shared_faction"] else "base"
    key = board_key(players, mode)
    return Config(
        comp=comp, board=comp.boards[key], players=players, mode=mode,
        neutral=players if mode != "base" else -1,
        hand_size=4 if key == "4p" else 3,
        overwhelming=players <= 2, abilities=options["abilities"],
        objectives=options["objectives"], revised=options["rules"] != FIRST,
        solo_target=options["solo_target"], options=options,
        place_table=place_table(comp, options["components"], key),
    )


def place_table(comp: Components, source: str, key: str) -> PlaceTable:
    """``table[cell][unit][rotation]``: every Place action on board ``key``, built once."""
    if (source, key) not in _PLACE_TABLES:
        _PLACE_TABLES[source, key] = tuple(
            tuple(tuple(Place(unit.id, q, r, k) for k in range(6)) for unit in comp.units)
            for q, r in comp.boards[key].cells
        )
    return _PLACE_TABLES[source, key]


def clear_board(state: MonsterHexMatch) -> None:
    """An empty board, no scores yet, nothing pending."""
    cfg = state.cfg
    players = cfg.players
    n_cells = len(cfg.board.cells)
    state.owner = [EMPTY] * n_cells
    state.unit = [0] * n_cells
    state.rot = [0] * n_cells
    state.white = [0] * n_cells
    state.black = [0] * n_cells
    state.need = [0] * n_cells
    state.crystal = [0] * n_cells
    state.placed_by = [-1] * n_cells
    state.filled = [0] * len(cfg.board.sites)
    state.resolved = [False] * len(cfg.board.sites)
    state.taken = []
    state.records = []
    state.awards = ()
    state.units_on_board = 0
    state.holds_seven = [False] * players
    state.last_cells = []
    state.rush_waiting = False
    state.scores = [0] * players
    state.breakdown = [[0] * len(CATEGORIES) for _ in range(players)]
    state.placed_own = [0] * players
    state.pending = []
    state.ctx = (-1, -1, 0, -1)


def gem_tiles(board: Board, shuffled: bool, rng: Rng) -> tuple[str, ...]:
    """The tile on each gem site: as the board prints them, or (``random_gems``) the big gems'
    tiles shuffled over the big sites that are not fixed (the centre 7 stays)."""
    tiles = [site.tile for site in board.sites]
    if shuffled:
        movable = [site.index for site in board.sites if site.big and not site.fixed]
        drawn = [tiles[i] for i in movable]
        rng.shuffle(drawn)
        for i, tile in zip(movable, drawn, strict=True):
            tiles[i] = tile
    return tuple(tiles)


def deal_factions(state: MonsterHexMatch, start: int, rng: Rng) -> None:
    """Colours and abilities: dealt at random, left to a draft (which also gives the colours),
    or, without abilities, by seat or at random."""
    cfg = state.cfg
    owners = cfg.owners
    state.colour = [-1] * owners
    state.ability = [-1] * cfg.players
    state.draft_order = []
    if cfg.abilities == "random":
        deal_abilities(state, rng)
    elif cfg.abilities == "draft":
        # From the last player in turn order backwards.
        state.draft_order = [(start - 1 - i) % cfg.players for i in range(cfg.players)]
    elif cfg.options["colours"] == "seat":
        state.colour = list(range(owners))
    else:
        state.colour = rng.sample(range(4), owners)


def deal_abilities(state: MonsterHexMatch, rng: Rng) -> None:
    """A random faction for every owner, and one of its two abilities for every player."""
    cfg = state.cfg
    comp = cfg.comp
    factions = rng.sample(range(4), cfg.owners)
    for p in range(cfg.players):
        state.colour[p] = factions[p]
        side = rng.below(2)
        options_for = [a for a in comp.abilities if a.faction == comp.factions[factions[p]]]
        state.ability[p] = comp.ability_index[options_for[side].id]
    if cfg.neutral >= 0:
        state.colour[cfg.neutral] = factions[cfg.neutral]


def deal_units(state: MonsterHexMatch, start: int, rng: Rng) -> None:
    """Every player's shuffled deck, the shared faction's pool (split in the shared mode), and
    the opening hands."""
    cfg = state.cfg
    units = list(range(len(cfg.comp.units)))
    state.hands, state.decks, state.shared_hands, state.shared_decks = [], [], [], []
    for _ in range(cfg.players):
        deck = units[:]
        rng.shuffle(deck)
        state.decks.append(deck)
        state.hands.append([])
        state.shared_hands.append([])
        state.shared_decks.append([])
    if cfg.mode != "base":
        pool = units[:]
        rng.shuffle(pool)
        state.shared_decks = [pool[:5], pool[5:]] if cfg.mode == "shared" else [pool]
    for p in range(cfg.players):
        deal_hand(state, p, start)


def deal_hand(state: MonsterHexMatch, seat: int, start: int) -> None:
    """A player's opening hand: the mode's own units, plus a shared unit in solo and for the
    shared mode's start player."""
    mode = state.cfg.mode
    if mode == "base":
        own = state.cfg.hand_size
    elif mode == "shared":
        own = 2 if seat == start else 3
    else:
        own = 2
    for _ in range(own):
        state.hands[seat].append(state.decks[seat].pop())
    if mode == "solo" or (mode == "shared" and seat == start):
        state.shared_hands[seat].append(state.shared_decks[seat].pop())


def deal_objectives(state: MonsterHexMatch, rng: Rng) -> None:
    """The objective pile shuffled; with the option, one personal card each and two common
    ones. The cards marked "not with 2 players" go by the player count (solo too); the first
    edition went by the board, so a 2-player game with the shared faction kept them."""
    cfg = state.cfg
    players = cfg.players
    two_players = players <= 2 if cfg.revised else board_key(players, cfg.mode) == "2p"
    pile = [
        i for i, o in enumerate(cfg.comp.objectives) if not two_players or o.two_player_board
    ]
    rng.shuffle(pile)
    state.personal = [[] for _ in range(players)]
    state.common = ()
    if cfg.objectives:
        for p in range(players):
            state.personal[p].append(pile.pop())
        state.common = (pile.pop(), pile.pop())
    state.pile = pile
