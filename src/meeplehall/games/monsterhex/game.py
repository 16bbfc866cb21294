"""The Monster Hex game object: options, setup, and the text presentation hooks."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from meeplehall.core import (
    Event,
    InvalidOption,
    MarkThresholds,
    OptionSpec,
    Seed,
    TerminalText,
    check_players,
    rng_for,
    validate_options,
)
from meeplehall.games.monsterhex.actions import Action, parse_action
from meeplehall.games.monsterhex.components import Components, load_components
from meeplehall.games.monsterhex.config import CATEGORIES, Config, build_place_table
from meeplehall.games.monsterhex.constants import DRAFT, EMPTY, PLACE
from meeplehall.games.monsterhex.editions import CURRENT, FIRST, check_edition, with_edition
from meeplehall.games.monsterhex.match import MonsterHexMatch
from meeplehall.games.monsterhex.turns import round_order

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("random_gems", "bool", False, "Random magic-stone placement",
               "Shuffle the big-gem tiles over the big-gem sites (the centre 7 stays)."),
    OptionSpec("objectives", "bool", False, "Objective cards",
               "One secret personal objective each and two common ones, scored at the end."),
    OptionSpec("abilities", "choice", "off", "Ability cards",
               "Each player gets a faction ability: dealt at random or drafted.",
               choices=("off", "random", "draft")),
    OptionSpec("shared_faction", "bool", False, "Shared faction (2 players)",
               "Two players on the 3-player board with a neutral shared faction. "
               "Always on in solo.", players=(2,)),
    OptionSpec("colours", "choice", "random", "Faction colours without abilities",
               "Random colours, or seat order (red, blue, yellow, green).",
               choices=("random", "seat")),
    OptionSpec("solo_target", "int", 20, "Solo target score",
               "In solo play, the score that wins.", minimum=0, maximum=200, players=(1,)),
    OptionSpec("components", "str", "standard", "Component data",
               "The set of pieces to play with: the standard set, or another set the server "
               "offers.",
               advanced=True),
    OptionSpec("rules", "choice", CURRENT, "Rules edition",
               "The rules this table plays by; a table keeps the edition it began with.",
               choices=(CURRENT,), check=check_edition, advanced=True),
)

_CACHE: dict[tuple[str, str], Any] = {}


def _place_table(comp: Components, source: str, board_key: str) -> Any:
    key = (source, board_key)
    if key not in _CACHE:
        _CACHE[key] = build_place_table(comp, comp.boards[board_key])
    return _CACHE[key]


def new_state(
    players: int, options: Mapping[str, Any] | None, seed: int | Seed
) -> MonsterHexMatch:
    opts = validate_options(OPTIONS, with_edition(options))
    check_players("Monster Hex", players, 1, 4)
    if opts["shared_faction"] and players not in (1, 2):
        raise InvalidOption("the shared faction is a 2-player variant (and always on in solo)")
    comp = load_components(opts["components"])
    mode = "solo" if players == 1 else "shared" if opts["shared_faction"] else "base"
    board_key = {"solo": "2p", "shared": "3p"}.get(mode, f"{players}p")
    board = comp.boards[board_key]
    neutral = players if mode != "base" else -1
    cfg = Config(
        comp=comp, board=board, players=players, mode=mode, neutral=neutral,
        hand_size=4 if board_key == "4p" else 3,
        overwhelming=players <= 2, abilities=opts["abilities"], objectives=opts["objectives"],
        revised=opts["rules"] != FIRST,
        solo_target=opts["solo_target"], options=opts,
        place_table=_place_table(comp, opts["components"], board_key),
    )
    rng = rng_for(seed)
    s = MonsterHexMatch.__new__(MonsterHexMatch)
    s.cfg = cfg
    n_cells = len(board.cells)
    s.owner = [EMPTY] * n_cells
    s.unit = [0] * n_cells
    s.rot = [0] * n_cells
    s.white = [0] * n_cells
    s.black = [0] * n_cells
    s.need = [0] * n_cells
    s.crystal = [0] * n_cells
    s.placed_by = [-1] * n_cells
    s.filled = [0] * len(board.sites)
    s.resolved = [False] * len(board.sites)
    s.taken = []
    s.records = []
    s.awards = ()
    s.units_on_board = 0
    s.holds_seven = [False] * players
    s.last_cells = []
    s.rush_waiting = False
    s.scores = [0] * players
    s.breakdown = [[0] * len(CATEGORIES) for _ in range(players)]
    s.placed_own = [0] * players
    s.pending = []
    s.ctx = (-1, -1, 0, -1)
    # Gem tiles, possibly shuffled over the non-fixed big sites.
    tiles = [site.tile for site in board.sites]
    if opts["random_gems"]:
        movable = [site.index for site in board.sites if site.big and not site.fixed]
        shuffled = [tiles[i] for i in movable]
        rng.shuffle(shuffled)
        for i, tile in zip(movable, shuffled, strict=True):
            tiles[i] = tile
    s.site_tile = tuple(tiles)
    # Colours and abilities.
    owners = cfg.owners
    s.colour = [-1] * owners
    s.ability = [-1] * players
    s.draft_order = []
    start = rng.below(players)
    if cfg.abilities == "random":
        factions = rng.sample(range(4), owners)
        for p in range(players):
            s.colour[p] = factions[p]
            side = rng.below(2)
            options_for = [a for a in comp.abilities if a.faction == comp.factions[factions[p]]]
            s.ability[p] = comp.ability_index[options_for[side].id]
        if neutral >= 0:
            s.colour[neutral] = factions[neutral]
    elif cfg.abilities == "draft":
        # From the last player in turn order backwards.
        s.draft_order = [(start - 1 - i) % players for i in range(players)]
    elif opts["colours"] == "seat":
        s.colour = list(range(owners))
    else:
        s.colour = rng.sample(range(4), owners)
    # Decks and hands.
    units = list(range(len(comp.units)))
    s.hands, s.decks, s.shared_hands, s.shared_decks = [], [], [], []
    for _ in range(players):
        deck = units[:]
        rng.shuffle(deck)
        s.decks.append(deck)
        s.hands.append([])
        s.shared_hands.append([])
        s.shared_decks.append([])
    if mode == "shared":
        pool = units[:]
        rng.shuffle(pool)
        s.shared_decks = [pool[:5], pool[5:]]
    elif mode == "solo":
        pool = units[:]
        rng.shuffle(pool)
        s.shared_decks = [pool]
    for p in range(players):
        if mode == "base":
            own = cfg.hand_size
        elif mode == "shared":
            own = 2 if p == start else 3
        else:
            own = 2
        for _ in range(own):
            s.hands[p].append(s.decks[p].pop())
        if mode == "solo" or (mode == "shared" and p == start):
            s.shared_hands[p].append(s.shared_decks[p].pop())
    # Objectives: the cards marked "not with 2 players" go by the player count (solo too); the
    # first edition went by the board, so a 2-player game with the shared faction kept them.
    two_players = players <= 2 if cfg.revised else board_key == "2p"
    deck_objectives = [
        i for i, o in enumerate(comp.objectives) if not two_players or o.two_player_board
    ]
    rng.shuffle(deck_objectives)
    s.personal = [[] for _ in range(players)]
    s.common = ()
    if cfg.objectives:
        for p in range(players):
            s.personal[p].append(deck_objectives.pop())
        s.common = (deck_objectives.pop(), deck_objectives.pop())
    s.pile = deck_objectives
    s.round = 1
    s.first = start
    s.order = round_order(cfg, start)
    s.step = 0
    s.phase = DRAFT if s.draft_order else PLACE
    # The in-game stream is a child of the setup one (a legacy seed reseeds from one draw,
    # as it always did; a keyed one hands down a full-size key).
    s.rng = rng.spawn()
    return s


class MonsterHexGame:
    name = "monsterhex"
    title = "Monster Hex"
    min_players = 1
    max_players = 4
    options = OPTIONS
    mark_thresholds = MarkThresholds(0.06, 0.12, 0.24)

    def new_state(
        self, players: int, options: Mapping[str, Any] | None = None, seed: int | Seed = 0
    ) -> MonsterHexMatch:
        return new_state(players, options, seed)

    def parse_action(self, data: Any) -> Action:
        return parse_action(data)

    def describe_action(self, action: Any) -> str:
        from meeplehall.games.monsterhex.render import describe_action

        return describe_action(action)

    def render_text(self, view: Mapping[str, Any]) -> str:
        from meeplehall.games.monsterhex.render import render_text

        return render_text(view)

    @property
    def statistics(self) -> Callable[[Mapping[str, Any]], dict[str, int]]:
        from meeplehall.games.monsterhex.statistics import statistics

        return statistics

    @property
    def terminal_text(self) -> TerminalText:
        from meeplehall.games.monsterhex import render

        return TerminalText(action_text=render.action_text, event_text=render.event_text,
                            breakdown_rows=render.breakdown_rows,
                            solo_sentence=render.solo_sentence)

    def is_secret_move(self, action: Any, events: Sequence[Event]) -> bool:
        """No move is secret: a unit drawn or an objective dealt is a private event, but every
        seat sees every move."""
        return False


GAME = MonsterHexGame()
