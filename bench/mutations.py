"""Mutation check: do the tests catch the bugs that matter?

Each mutation below is a small change a real bug could look like (a bound off by one, a privacy
filter skipped, a clock left running, a limit bypassed), with the tests that should catch it.
The script applies ONE mutation at a time to a scratch copy of the committed repository (``git
archive HEAD``; the working checkout is never touched), runs those tests there with ``-x -q``
(``PYTHONPATH`` points at the copy's ``src``, and the live-server fixture hands it on to the
server it starts), and prints whether the mutation was caught (a test failed) or survived.

    python bench/mutations.py                    # every mutation, then a summary
    python bench/mutations.py --list             # the list, without running anything
    python bench/mutations.py --only yaxha_view_shows_unconfirmed --only negative_seq
    python bench/mutations.py --jobs 2           # two mutations at a time, each in its own copy
    python bench/mutations.py --all-backends     # server tests on PostgreSQL too (default SQLite)

This is a benchmark, not a test: it takes minutes and asserts nothing. Target: every mutation
caught. tests/test_mutation_list.py checks that every mutation still applies to the source (each
original text found exactly once), so the list does not rot as the code changes.
"""

from __future__ import annotations

import argparse
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CAUGHT, SURVIVED, BROKEN = "caught", "SURVIVED", "BROKEN"


@dataclass(frozen=True)
class Edit:
    path: str  # relative to the repository
    old: str  # found exactly once in the file
    new: str


@dataclass(frozen=True)
class Mutation:
    name: str
    what: str
    edits: tuple[Edit, ...]
    tests: tuple[str, ...]  # test files or node ids
    select: str = ""  # a pytest -k expression, if any


def one(name: str, what: str, path: str, old: str, new: str, tests: tuple[str, ...],
        select: str = "") -> Mutation:
    return Mutation(name, what, (Edit(path, old, new),), tests, select)


S = "src/meeplehall/"
SRV = "tests/server/"
TG = "tests/testgame/meeplehall_goofspiel/"
AUTHZ = SRV + "authz/test_matrix.py"

MUTATIONS: tuple[Mutation, ...] = (
    # -- core --------------------------------------------------------------------------------
    one("private_event_to_all", "a private event reaches every seat and the spectators",
        S + "core/visibility.py",
        "return private is None or (audience is not None and audience in private)",
        "return True",
        ("tests/core/test_result_events_registry.py", "tests/core/test_visibility.py",
         "tests/games/test_silent_steps.py")),
    one("action_type_unhashable", "an action's type is looked up before checking it is a text",
        S + "core/untrusted.py",
        "if not isinstance(kind, str) or kind not in types:", "if kind not in types:",
        ("tests/core/test_untrusted.py", "tests/games/test_parse_action_fuzz.py")),
    one("bool_is_a_number", "true and false are taken as the numbers 1 and 0 in actions",
        S + "core/untrusted.py",
        "return isinstance(value, int) and not isinstance(value, bool)",
        "return isinstance(value, int)",
        ("tests/core/test_untrusted.py", "tests/games/test_parse_action_fuzz.py")),
    one("new_tables_splitmix", "new tables are dealt by the invertible splitmix64 generator",
        S + "server/play/store.py",
        "seed = Seed(secrets.randbits(SECRET_BITS))",
        'seed = Seed(secrets.randbits(SECRET_BITS), "splitmix64")',
        (SRV + "play/test_seed_secrecy.py", SRV + "db/test_seed_migration.py")),
    one("mark_threshold_exclusive", "a loss exactly at a game's blunder threshold is no blunder",
        S + "core/marks.py",
        "if loss >= self.blunder:", "if loss > self.blunder:",
        ("tests/core/test_marks.py",)),
    one("base_game_one_player_too_many", "a game built on BaseGame lets in one player too many",
        S + "core/game.py",
        "check_players(self.title, players, self.min_players, self.max_players)",
        "check_players(self.title, players, self.min_players, self.max_players + 1)",
        ("tests/core/test_base_game.py", "tests/games/yaxha/test_options.py")),
    one("analysis_marks_ignore_the_game", "the analysis marks every game's moves by the same "
        "thresholds, not those the game declares",
        S + "ai/analysis.py",
        "return (get_game(game) if isinstance(game, str) else game).mark_thresholds",
        "return MarkThresholds(0.05, 0.10, 0.20)",
        ("tests/ai/test_analysis.py",), "thresholds_its_game"),
    # -- games: Yaxha --------------------------------------------------------------------------
    one("yaxha_choice_open", "Yaxha declares a market choice open before the reveal",
        S + "games/yaxha/game.py",
        'return not any(event["type"] == "tile_collected" for event in events)',
        "return False",
        ("tests/games/test_secret_moves.py", SRV + "play/test_secret_moves.py")),
    one("yaxha_determinize_keeps_secret",
        "a bot's determinization keeps a rival's real secret market tile",
        S + "games/yaxha/hidden.py",
        "copy.choice[other] = rng.randrange(n)", "copy.choice[other] = copy.choice[other]",
        ("tests/games/test_determinize.py", "tests/games/test_determinize_by_hand.py")),
    one("yaxha_determinize_keeps_bag_order",
        "a bot's determinization keeps the true order of the bag",
        S + "games/yaxha/hidden.py",
        "rest = sorted(copy.bag[copy.bag_pos :])\n    rng.shuffle(rest)",
        "rest = list(copy.bag[copy.bag_pos :])",
        ("tests/games/test_determinize.py", "tests/games/test_yaxha_bag_order.py")),
    one("yaxha_determinize_shuffles_true_order",
        "a bot's sample of the bag is a shuffle of its true order (so depends on it)",
        S + "games/yaxha/hidden.py",
        "rest = sorted(copy.bag[copy.bag_pos :])", "rest = list(copy.bag[copy.bag_pos :])",
        ("tests/games/test_determinize.py", "tests/games/test_yaxha_bag_order.py")),
    one("yaxha_view_shows_unconfirmed", "a Yaxha view shows unconfirmed placements to everyone",
        S + "games/yaxha/views.py",
        "pyramid = state.pyramid[s] if own or not building else state.confirmed_pyramid[s]",
        "pyramid = state.pyramid[s]",
        (SRV + "play/test_secrecy_by_rules.py", SRV + "play/test_secret_moves.py")),
    one("yaxha_view_shows_choice", "a Yaxha view shows every seat's secret market choice",
        S + "games/yaxha/views.py",
        '"chosen": phase == SELECT and state.choice[s] >= 0,',
        '"chosen": phase == SELECT and state.choice[s] >= 0,\n'
        '            "choice": state.choice[s] if phase == SELECT else None,',
        (SRV + "play/test_secrecy_by_rules.py", SRV + "play/test_secret_moves.py")),
    one("yaxha_group_points_off_by_one", "a Yaxha group scores the points of one cube fewer",
        S + "games/yaxha/scoring.py",
        "return GROUP_POINTS[size] if size <= _TOP_SIZE else _TOP_POINTS",
        "return GROUP_POINTS[size - 1] if 0 < size <= _TOP_SIZE else _TOP_POINTS",
        ("tests/games/yaxha/test_scoring.py",)),
    one("yaxha_seat_bound", "a Yaxha seat number one past the last is let in",
        S + "games/yaxha/state.py",
        "if seat.__class__ is not int or not 0 <= seat < self.n:",
        "if seat.__class__ is not int or not 0 <= seat <= self.n:",
        ("tests/games/yaxha/test_seat_bounds.py", "tests/games/yaxha/test_bad_input.py")),
    one("yaxha_upper_frame", "a Yaxha cube may go to an upper cell outside the pyramid",
        S + "games/yaxha/placement.py",
        "    if not in_frame(z, x, y):\n        return False\n",
        "",
        ("tests/games/yaxha/test_building.py", "tests/games/yaxha/test_bad_input.py")),
    one("yaxha_two_players_get_neighbour_cards", "a 2-player Yaxha match may be dealt a card "
        "that compares neighbours", S + "games/yaxha/setup.py",
        "pool = [i for i in pool if CARDS[i].two_players]", "pool = list(pool)",
        ("tests/games/yaxha/test_options.py",)),
    # -- games: Pyramido -----------------------------------------------------------------------
    one("pyramido_activate_twice", "a Pyramido area may be activated twice in one stage",
        S + "games/pyramido/state.py",
        "if self.activated[seat] >> action.area & 1:", "if False:",
        ("tests/games/pyramido/",)),
    one("pyramido_three_units_triple", "three units multiply a Pyramido area by 3, not 2",
        S + "games/pyramido/scoring.py",
        "UNIT_MULTIPLIER = {1: 1, 3: 2}", "UNIT_MULTIPLIER = {1: 1, 3: 3}",
        ("tests/games/pyramido/test_scoring.py",)),
    one("pyramido_odd_mythical", "an odd number of mythical gems pays for an activation",
        S + "games/pyramido/scoring.py",
        "if mythical % 2:\n", "if mythical < 0:\n",
        ("tests/games/pyramido/test_scoring.py",)),
    one("pyramido_determinize_keeps_pile_order", "a bot's sample of the Pyramido piles is a "
        "shuffle of their true order (so depends on it)", S + "games/pyramido/hidden.py",
        "    hidden.sort()\n    rng.shuffle(hidden)\n", "    rng.shuffle(hidden)\n",
        ("tests/games/test_determinize.py",), "pyramido"),
    one("pyramido_two_piles_face_up", "a Pyramido match starts with only two piles face up",
        S + "games/pyramido/setup.py",
        "FACE_UP = (0, 2, 4)", "FACE_UP = (0, 2)",
        ("tests/games/pyramido/",)),
    # -- games: Monster Hex --------------------------------------------------------------------
    one("monsterhex_personal_tie", "a personal objective scores though a rival meets it as well",
        S + "games/monsterhex/objectives.py",
        'objective_count(state, p, card.id) >= (count if card.kind != "achieve" else 1)',
        'objective_count(state, p, card.id) > (count if card.kind != "achieve" else 1)',
        ("tests/games/monsterhex/test_corrections.py",
         "tests/games/monsterhex/test_objectives.py")),
    one("monsterhex_achieve_once", "an 'achieve' objective scores once however often it is met",
        S + "games/monsterhex/objectives.py",
        "points *= count", "points *= min(count, 1)",
        ("tests/games/monsterhex/test_objectives.py",)),
    one("monsterhex_out_of_turn", "a Monster Hex seat may play out of turn",
        S + "games/monsterhex/state.py",
        "if seat != mover:\n", "if not 0 <= seat < self.cfg.players:\n",
        ("tests/games/monsterhex/",)),
    one("monsterhex_first_edition_forgotten", "a Monster Hex table stored before the rules "
        "edition existed is replayed by the corrected rules", S + "games/monsterhex/options.py",
        'if "rules" not in options and set(options) == _FIRST_EDITION_KEYS:', "if False:",
        ("tests/games/monsterhex/test_corrections.py", "tests/core/test_legacy_replay.py")),
    one("monsterhex_two_player_objectives_dealt", "a 2-player Monster Hex match is dealt the "
        "objectives meant for more players", S + "games/monsterhex/setup.py",
        "two_players = players <= 2 if cfg.revised", "two_players = players < 2 if cfg.revised",
        ("tests/games/monsterhex/",)),
    one("monsterhex_power_below_zero", "black counters take a Monster Hex unit's power below 0",
        S + "games/monsterhex/position.py",
        "return value if value > 0 else 0", "return value",
        ("tests/games/monsterhex/",)),
    # -- server: match and seq -----------------------------------------------------------------
    one("negative_seq", "the guard against a negative seq is gone",
        S + "server/play/match.py",
        "        if seq < 0:\n"
        '            raise Rejection("bad_message", "seq must be 0 or more")\n',
        "",
        (SRV + "api/test_negative_seq.py",)),
    one("stale_seq_ignored", "a move sent from an old position is applied anyway",
        S + "server/play/match.py",
        "stale = any(not self.to_move_at[k] >> seat & 1 for k in range(since, self.seq + 1))",
        "stale = False",
        (SRV + "api/test_bad_input.py",), "stale"),
    one("silent_steps_to_all", "a step secret to its mover is announced to everyone",
        S + "server/play/updates.py",
        "        if not match.saw_last(seat):\n"
        "            continue  # a secret step: only its mover hears of it, not even as a"
        " number\n",
        "",
        (SRV + "play/test_secret_counts.py", SRV + "play/test_secret_moves.py")),
    one("secret_move_shown", "another seat's update names a secret move's action",
        S + "server/play/updates.py",
        "shown = move_for(room.game, last, step.events, seat)",
        "shown = last",
        (SRV + "play/test_secret_moves.py", SRV + "play/test_secret_counts.py")),
    one("recheck_seats_skipped", "a socket keeps showing a seat its user no longer holds",
        S + "server/play/updates.py",
        "if connection.seat is None or connection.seat in owned:", "if True:",
        (SRV + "play/test_seat_recheck.py",)),
    # -- server: clocks ------------------------------------------------------------------------
    one("clocks_run_while_down", "live clocks keep running while the server is down",
        S + "server/play/store.py", "    down = None if seen is None else now - seen\n",
        "    down = None if seen is None else 0.0\n",
        (SRV + "play/test_clock_downtime.py",), "server_is_down"),
    one("increment_per_action", "a live clock earns its increment on every action of a turn",
        S + "server/play/clocks.py",
        "    if finished or actor not in to_move:\n"
        "        stop_clock(rules, seats[actor], now, increment=True)\n",
        "    stop_clock(rules, seats[actor], now, increment=True)\n",
        (SRV + "play/test_clocks.py",)),
    one("clock_shown_stopped", "a running clock is shown without the time spent since it started",
        S + "server/play/clocks.py",
        "remaining = max(0, remaining - int((now - state.running_since) * 1000))",
        "remaining = max(0, remaining)",
        (SRV + "play/test_clocks.py", SRV + "play/test_clocks_recovery.py")),
    one("clock_below_zero", "a live clock that ran out shows negative time",
        S + "server/play/clocks.py",
        "state.clock_ms = max(0, state.clock_ms - spent)",
        "state.clock_ms = state.clock_ms - spent",
        (SRV + "play/test_clocks.py", SRV + "play/test_clocks_recovery.py")),
    # -- server: history, seeds, ratings -------------------------------------------------------
    one("seed_before_end", "the replay (with the seed) is published before the table ends",
        S + "server/history/finished.py",
        'if table.status != "finished":', 'if table.status == "waiting":',
        (SRV + "play/test_seed_secrecy.py",)),
    one("history_privacy_off", "a private table shows in anyone's history and record of its "
        "players", S + "server/history/records.py",
        '.where(Table.status == "finished", _shown_to(viewer_id),',
        '.where(Table.status == "finished",',
        (SRV + "api/test_history_privacy.py", SRV + "history/test_record.py")),
    one("ratings_by_seat_order", "ratings take the seat order for the ranking",
        S + "server/history/ratings.py",
        "rated = MODEL.rate(teams, ranks=list(ranks))", "rated = MODEL.rate(teams)",
        (SRV + "history/test_ratings_cases.py", SRV + "api/test_accounts_lobby.py"), "rat"),
    one("ratings_skip_leavers", "a table where someone left or timed out is not rated",
        S + "server/history/results.py",
        "if state.bot_level is not None]",
        "if state.by_bot]",
        (SRV + "history/test_ratings_cases.py", SRV + "api/test_accounts_lobby.py"), "rat"),
    one("game_end_rates_nothing", "a rated table's end moves nobody's rating",
        S + "server/history/results.py",
        "    if record.rated:\n", "    if False:\n",
        (SRV + "api/test_accounts_lobby.py",), "rated_game"),
    one("ordinal_optimistic", "the leaderboard sorts by mu + 3 sigma",
        S + "server/history/ratings.py",
        "return mu - 3 * sigma", "return mu + 3 * sigma",
        (SRV + "history/test_ratings_ordinal.py", SRV + "history/test_ratings_cases.py",
         SRV + "api/test_accounts_lobby.py"), "rat or leaderboard or ordinal"),
    # -- server: limits and checks -------------------------------------------------------------
    one("socket_rate_or", "a socket over its own rate passes while its address has tokens",
        S + "server/guards/sockets.py",
        "if self.bucket.wait(cost) == 0 and addresses.take(self.address, there):",
        "if self.bucket.wait(cost) == 0 or addresses.take(self.address, there):",
        (SRV + "guards/test_socket_limits.py",)),
    one("socket_cost_free", "a message's cost is never charged",
        S + "server/guards/sockets.py",
        "cost = min(cost, self.bucket.burst)", "cost = min(cost, 0)",
        (SRV + "guards/test_socket_limits.py",)),
    Mutation("queue_unbounded", "a slow reader's outgoing queue grows without bound", (
        Edit(S + "server/play/connection.py", "if waiting >= self.max_messages or (",
             "if waiting >= 1000 * self.max_messages or ("),
        Edit(S + "server/play/connection.py",
             "waiting and self.queued_bytes + len(text) > self.max_bytes",
             "waiting and self.queued_bytes + len(text) > 1000 * self.max_bytes"),
    ), (SRV + "guards/test_socket_limits.py",), "slow or queue or reading"),
    one("origin_check_off", "a state-changing request from a foreign origin is let through",
        S + "server/guards/origins.py",
        "    if normal is not None and (normal in allowed or normal == own_origin(scope)):\n"
        "        return None\n    return origin\n",
        "    return None\n",
        (SRV + "guards/test_origins.py",)),
    one("origin_unparsed_allowed", "an origin that does not parse is let through",
        S + "server/guards/origins.py",
        "if normal is not None and (normal in allowed or normal == own_origin(scope)):",
        "if normal is None or normal in allowed or normal == own_origin(scope):",
        (SRV + "guards/test_origins.py",)),
    Mutation("body_limit_off", "request bodies are read whatever their size", (
        Edit(S + "server/guards/bodylimit.py", "int(declared) > self.limit:",
             "int(declared) > 1000 * self.limit:"),
        Edit(S + "server/guards/bodylimit.py", "if seen > self.limit and not started:",
             "if seen > 1000 * self.limit and not started:"),
    ), (SRV + "guards/test_body_limit.py",)),
    Mutation("login_limit_after_verify", "a failed login counts only after its password check", (
        Edit(S + "server/accounts/logins.py", "        return 0.0, self.failed(name, address)\n",
             "        return 0.0, 0.0\n"),
        Edit(S + "server/api/accounts.py",
             '        raise ApiError(401, "wrong_name_or_password", "wrong name or password")\n',
             "        limiter.failed(name, address)\n"
             '        raise ApiError(401, "wrong_name_or_password", "wrong name or password")\n'),
    ), (SRV + "accounts/test_sessions_hardening.py", SRV + "accounts/test_login_limiter.py")),
    one("display_name_not_normalised", "display names are kept as typed (no NFKC)",
        S + "server/accounts/names.py",
        'normal = unicodedata.normalize("NFKC", raw)', "normal = raw",
        (SRV + "accounts/test_display_names.py",)),
    one("login_key_not_normalised", "a login name differing only in width is another account",
        S + "server/accounts/names.py",
        'return " ".join(unicodedata.normalize("NFKC", raw).split()).lower()',
        'return " ".join(raw.split()).lower()',
        (SRV + "accounts/test_display_names.py", SRV + "api/test_accounts_lobby.py")),
    # -- server: table chat ----------------------------------------------------------------------
    one("chat_private_to_all", "a private table's chat reaches sockets that may not see it",
        S + "server/play/chat/table.py",
        'if record.visibility == "public" or connection.invited:', "if True:",
        (SRV + "play/test_chat.py",), "private"),
    one("chat_spectators_always", "spectators chat although the owner turned it off",
        S + "server/play/chat/table.py",
        "if not seats and user != room.record.owner_id and not room.record.spectator_chat:",
        "if False:",
        (SRV + "play/test_chat.py",), "spectator"),
    one("chat_step_while_playing", "a live chat message tells the log's length (secret moves)",
        S + "server/play/chat/store.py",
        "    if with_step:\n", "    if True:\n",
        (SRV + "play/test_chat.py",), "every_socket"),
    one("chat_no_rate_limit", "a user may chat as fast as they like",
        S + "server/play/chat/table.py",
        "if not bucket.take():", "if False:",
        (SRV + "play/test_chat.py",), "rate_limited"),
    # -- friends and e-mail --------------------------------------------------------------------
    one("friend_request_to_nobody_dropped", "a request to a name nobody has is not kept, so the "
        "sender's list tells which names exist",
        S + "server/social/friends.py",
        "    if mine is None:\n", "    if mine is None and target_id is not None:\n",
        (SRV + "social/test_friends.py",), "nobody"),
    one("declined_request_deleted", "a declined request leaves the sender's list",
        S + "server/social/friends.py",
        "_incoming(session, request_id, user_id).to_id = None",
        "session.delete(_incoming(session, request_id, user_id))",
        (SRV + "social/test_friends.py",), "nobody"),
    one("mail_token_unsigned", "a link token's signature is not checked",
        S + "server/mail/tokens.py",
        "if not hmac.compare_digest(mac, _mac(key, purpose, body)):",
        "if not mac:",
        (SRV + "mail/test_mail.py",)),
    one("turn_mail_unlimited", "a turn e-mail goes out every time, whatever the window",
        S + "server/mail/mailer.py",
        "MailSent.sent_at <= now - window)", "MailSent.sent_at <= now)",
        (SRV + "mail/test_mail.py",), "away"),
    one("mail_address_unchecked", "any text is taken as an e-mail address (several recipients, "
        "header text)",
        S + "server/api/contact.py", "            address = addresses.normalized(address)\n",
        "            pass\n", (SRV + "mail/test_mail_hardening.py",), "recipient"),
    Mutation("mail_subject_names_the_sender", "a friend request's subject carries the sender's "
             "name", (
                 Edit(S + "server/mail/texts.py",
                      '"friend.subject": "Meeple Hall でフレンド申請が届きました",',
                      '"friend.subject": "{name} さんからフレンド申請が届きました",'),
                 Edit(S + "server/mail/mailer.py",
                      "mail_texts.subject(lang, mail.kind, params)",
                      'mail_texts.text(lang, f"{mail.kind}.subject", **params)'),
             ), (SRV + "mail/test_mail_hardening.py",), "subject"),
    one("verify_limit_starts_late", "the confirmation minute starts when the e-mail is written",
        S + "server/api/contact.py",
        'if address and (wait := claim_now(session, user.id, "verify", VERIFY_EVERY)):',
        "if False:", (SRV + "mail/test_mail_hardening.py",), "quick"),
    one("unsubscribe_never_expires", "an unsubscribe link works for ever",
        S + "server/api/contact.py",
        "    max_age = hall_of(request).settings.unsubscribe_days * 24 * 3600\n",
        "    max_age = 1e12\n", (SRV + "mail/test_mail_hardening.py",), "unsubscribe"),
    one("reset_link_reusable", "a password-reset link works more than once",
        S + "server/api/contact.py",
        '    if now is None or fingerprint(now) != payload.get("h"):\n',
        "    if now is None:\n", (SRV + "mail/test_mail_hardening.py",), "reset"),
    one("malformed_invite_on_socket", "a table socket compares any invite, ASCII or not",
        S + "server/api/table_socket.py", "    if not well_formed(invite):\n",
        "    if False:\n", (SRV + "api/test_bad_tokens.py",)),
    # -- server: operators ---------------------------------------------------------------------
    Mutation("ban_ignored", "a ban neither ends the sessions nor is checked on them", (
        Edit(S + "server/operations/actions.py",
             '    end_sessions(session, user)\n    record(session, by, "ban"',
             '    record(session, by, "ban"'),
        Edit(S + "server/accounts/sessions.py",
             "    return user if user is not None and user.banned_at is None else None\n",
             "    return user\n"),
    ), (SRV + "operations/test_admin.py",)),
    one("admin_reset_gives_a_password", "an admin's reset leaves the user's password as it was",
        S + "server/operations/actions.py", "    user.password_hash = unusable_hash\n",
        "    pass\n", (SRV + "operations/test_admin.py",), "reset"),
    one("admin_action_unlogged", "a ban is not logged",
        S + "server/operations/actions.py",
        '    record(session, by, "ban", _user_target(user), name=user.name, '
        'reason=user.ban_reason)\n', "", (SRV + "operations/test_admin.py",), "logged"),
    one("admin_api_open", "any logged-in user may use the admin API",
        S + "server/api/admin.py", "    if not user.is_admin:\n", "    if False:\n",
        (SRV + "operations/test_admin.py",)),
    one("metrics_open", "/metrics answers every address",
        S + "server/api/operations.py",
        "if not allowed(client, hall.metrics_allowed):",
        "if False:",
        (SRV + "operations/test_operations.py",)),
    one("forwarded_from_anyone", "X-Forwarded-For is believed from any peer",
        S + "cli/serve.py", "        forwarded_allow_ips=proxies,\n",
        '        forwarded_allow_ips="*",\n', (SRV + "guards/test_proxy_headers.py",)),
    one("ban_told_here_only", "an ended session (a ban, a logout) closes sockets in its own "
        "process only", S + "server/social/signout.py",
        "        task = asyncio.get_running_loop().create_task(\n"
        "            self.hub.tell_others(user_id, ending.to_event()))\n",
        "        task = asyncio.get_running_loop().create_task(asyncio.sleep(0))\n",
        (SRV + "play/test_scale_out.py",), "through_one_process"),
    one("signed_out_sockets_stay", "only a ban closes sockets; a logout or a password change "
        "leaves them open", S + "server/social/presence.py",
        "            if ending.closes(connection.session):\n",
        "            if ending.banned:\n",
        (SRV + "accounts/test_session_sockets.py",), "logout or password_change or reset"),
    one("password_change_closes_its_own", "a password change closes the changing session's "
        "sockets too", S + "server/api/accounts.py",
        "    hall.signout.ended(user.id, Ending(keep=token_hash(token) if token else None,\n",
        "    hall.signout.ended(user.id, Ending(keep=None,\n",
        (SRV + "accounts/test_session_sockets.py",), "password_change"),
    one("sessions_never_checked", "a socket outlives its session's expiry",
        S + "server/social/signout.py",
        "        live = await self.database.look(live_sessions, list(held), time.time())\n",
        "        live = held\n",
        (SRV + "accounts/test_session_sockets.py",), "expiry or admin_command"),
    one("bad_redis_message_kills_listener", "a message on Redis the listener cannot use ends it",
        S + "server/play/fanout.py", "        except BadMessage as bad:\n",
        "        except LookupError as bad:\n",
        (SRV + "play/test_fanout_resilience.py",), "garbage"),
    one("no_resync_after_reconnect", "what was told while Redis was away stays lost",
        S + "server/play/fanout.py", "            self._resync_due = True\n",
        "            self._resync_due = False\n",
        (SRV + "play/test_fanout_resilience.py",), "readyz"),
    one("readyz_ignores_the_listener", "/readyz says ok while the Redis listener is down",
        S + "server/api/operations.py", "    if fanout is not None and not fanout.listening:\n",
        "    if False:\n",
        (SRV + "play/test_fanout_resilience.py",), "readyz"),
    one("every_process_drives", "every process holding a table runs its bots, lease or not",
        S + "server/play/driving.py",
        "        if not room.driving:\n            if not room.claiming",
        "        if False:\n            if not room.claiming",
        (SRV + "play/test_lazy_tables.py",), "computed_once"),
    one("due_tables_ignored", "a start loads no table of its own accord (bots wait for a visit)",
        S + "server/play/scheduler.py", "        for table_id in candidates[:BATCH]:",
        "        for table_id in candidates[:0]:",
        (SRV + "play/test_lazy_tables.py",), "restart_loads_only"),
    one("clocks_given_back_while_up", "a process starting while the hall runs gives time back",
        S + "server/play/store.py", "    seen, clock.alive_at = clock.alive_at, now\n",
        "    seen, clock.alive_at = None, now\n",
        (SRV + "play/test_clock_downtime.py",), "restarting_while_another_runs"),
    one("profiles_by_user_id", "a profile is found by the sequential user id too",
        S + "server/history/players.py", "            if is_public_id(public_id) else None)",
        "            if is_public_id(public_id)\n"
        "            else session.get(User, int(public_id)) if public_id.isdigit() else None)",
        (SRV + "api/test_player_directory.py",)),
    one("hidden_history_paged", "a history hidden from strangers is still listed on its page",
        S + "server/history/players.py",
        "    if not may_see_history(session, person, viewer_id):\n        raise ApiError(403,",
        "    if False:\n        raise ApiError(403,", (SRV + "api/test_player_pages.py",),
        "hidden_history"),
    one("agents_of_anyone", "anyone may issue or revoke the token of anyone's agent",
        S + "server/accounts/agents.py", "not (admin or agent.owner_id == owner_id)",
        "not (admin or True)", (SRV + "agents/test_agents.py",), "other_people"),
    one("lobby_newest_first", "the lobby lists waiting tables newest first, crowd or not",
        S + "server/play/waitinglist.py", "order_by(band, shown.c.id.desc())",
        "order_by(shown.c.id.desc())", (SRV + "api/test_lobby_crowding.py",), "sqlite"),
    one("login_locked_per_name", "failed logins lock a name from every address",
        S + "server/accounts/logins.py", 'return f"p:{address} {name}", ',
        'return f"p:{name}", ', (SRV + "accounts/test_login_lockout.py",)),
    one("friend_request_key_kept", "a stored friend request's addressee is checked by a key",
        S + "server/db/migrations/versions/0009_public_ids.py",
        "        _copy_friend_requests(with_key=False)",
        "        _copy_friend_requests(with_key=True)",
        (SRV + "social/test_friend_request_work.py",), "sqlite"),
    one("metrics_count_secret_moves", "/metrics counts secret moves too",
        S + "server/play/manager.py", "if self.counter is not None and outcome.public:",
        "if self.counter is not None:", (SRV + "operations/test_metrics_secret_moves.py",)),
    # -- who may do what: the authorization matrix (tests/server/authz) ----------------------
    one("invite_by_anyone", "anyone may invite friends to a waiting table, with its invite link",
        S + "server/social/invites.py", "    return seated is not None\n",
        "    return True\n", (AUTHZ,)),
    one("accept_anyones_request", "anyone may accept or decline a friend request by its id",
        S + "server/social/friends.py", "if row is None or row.to_id != user_id:",
        "if row is None:", (AUTHZ,)),
    one("cancel_anyones_request", "anyone may take back anyone's friend request by its id",
        S + "server/social/friends.py", "if row is None or row.from_id != user_id:",
        "if row is None:", (AUTHZ,)),
    one("unfriend_anyone", "anyone may end anyone's friendship",
        S + "server/social/friends.py",
        "if not is_id(friend_id) or session.get(Friendship, (user_id, friend_id)) is None:",
        "if not is_id(friend_id):", (AUTHZ,)),
    one("friends_for_guests", "guests use the friends and e-mail routes",
        S + "server/api/friends.py", "    if user.login is None:\n        raise ApiError(403,",
        "    if False:\n        raise ApiError(403,", (AUTHZ,)),
    one("mark_anyones_notification", "a socket marks anyone's notification read by its id",
        S + "server/social/notices.py",
        "Notification.user_id == user_id, Notification.id == notification_id",
        "Notification.id == notification_id", (AUTHZ,)),
    one("private_table_to_any_user", "every logged-in user sees private tables",
        S + "server/play/access.py", "    return seated is not None\n",
        "    return viewer is not None\n", (AUTHZ,)),
    one("start_by_anyone", "anyone seated (or who sees it) may start a table",
        S + "server/play/lobbytables.py",
        '    if table.owner_id != user_id:\n        raise ApiError(403, "not_owner", '
        '"only the table\'s owner can start it")\n', "", (AUTHZ,)),
    one("spectator_chat_switch_by_anyone", "anyone who sees a table turns its spectator chat "
        "on or off", S + "server/play/chat/store.py",
        '    if table.owner_id != user_id:\n        raise ApiError(403, "not_owner", '
        '"only the table\'s owner can change this")\n', "", (AUTHZ,)),
    one("register_over_an_account", "a registered user registers again, renaming the account",
        S + "server/api/accounts.py", "    if me is not None and me.login is not None:\n",
        "    if False:\n", (AUTHZ,)),
    one("admin_reads_open", "the admin API's reading routes answer any logged-in user",
        S + "server/api/admin.py",
        'route_class=StrictJSONRoute,\n                   dependencies=[Depends(require_admin)])',
        "route_class=StrictJSONRoute)", (AUTHZ,)),
    # -- who may sit where and what is rated: seating.py ------------------------------------------
    one("seating_guest_opens_rated", "a guest opens a rated table",
        S + "server/seating.py",
        '    if caller.kind == "guest":\n        return Refusal(400, "guest_cannot_open_rated",',
        '    if False:\n        return Refusal(400, "guest_cannot_open_rated",',
        (SRV + "test_seating_policy.py",)),
    one("seating_banned_sits", "a banned account (or an agent of a banned owner) takes a seat",
        S + "server/seating.py", "    if caller.banned:\n", "    if False:\n",
        (SRV + "test_seating_policy.py",)),
    one("seating_agent_any_door", "an agent queues for Play now, enters tournaments, practises",
        S + "server/seating.py",
        'if caller.kind == "agent" and door not in AGENT_DOORS:', "if False:",
        (SRV + "test_seating_policy.py",)),
    one("seating_agent_unwelcome", "an agent joins a table that does not welcome agents",
        S + "server/seating.py", "        if not table.agents:\n", "        if False:\n",
        (SRV + "test_seating_policy.py", SRV + "agents/test_agents.py")),
    one("seating_agents_at_rated", "a rated table asked to welcome agents welcomes them",
        S + "server/seating.py",
        "return (not rated if asked is None else asked) and not rated",
        "return not rated if asked is None else asked",
        (SRV + "test_seating_policy.py",)),
    one("seating_rated_hot_seat", "one person in two seats of a rated table moves ratings",
        S + "server/seating.py",
        "return len({holder.id for holder in people}) == len(people)", "return True",
        (SRV + "test_seating_policy.py",)),
    # -- accounts and sessions ------------------------------------------------------------------
    one("password_change_failures_free", "wrong current passwords on a password change do not "
        "count as failed logins", S + "server/api/accounts.py",
        '    if not ok:\n        raise ApiError(401, "wrong_password", "the current password is '
        'wrong")\n    limiter.release(name, address, stamp)\n',
        '    limiter.release(name, address, stamp)\n    if not ok:\n        raise ApiError(401, '
        '"wrong_password", "the current password is wrong")\n',
        (SRV + "accounts/test_password_change_lockout.py",)),
    one("login_keeps_planted_token", "a login leaves the token it came with alive",
        S + "server/api/accounts.py", "replaced = delete_session(session, token_hash(old))",
        "replaced = None", (SRV + "accounts/test_sessions_hardening.py",), "planted"),
    one("logout_ends_nothing", "a logout only forgets the cookie; the session lives on",
        S + "server/api/accounts.py",
        "        await hall_of(request).end_session(token_hash(token))\n", "        pass\n",
        (SRV + "accounts/test_session_sockets.py",), "logout"),
    one("table_socket_session_forgotten", "a table socket forgets its session, so a logout "
        "leaves it open", S + "server/api/table_socket.py",
        "                connection.session = session\n",
        "                connection.session = None\n",
        (SRV + "accounts/test_session_sockets.py",), "logout"),
    one("user_channel_unregistered", "the per-user channel is not among the user's sockets, "
        "so a ban leaves it open", S + "server/api/user_socket.py",
        "    hub.opened(connection)\n", "",
        (SRV + "accounts/test_session_sockets.py",), "ban"),
    # -- e-mail links -----------------------------------------------------------------------------
    one("token_purpose_unbound", "a link token is not bound to its purpose",
        S + "server/mail/tokens.py", 'f"{purpose}\\n{body}".encode()', "body.encode()",
        (SRV + "mail/test_tokens.py",)),
    one("token_never_expires", "a link token never expires",
        S + "server/mail/tokens.py",
        'if max_age is not None and time.time() - payload["at"] > max_age:', "if False:",
        (SRV + "mail/test_tokens.py",)),
    one("token_shape_unchecked", "a link token of any shape reaches the digest comparison",
        S + "server/mail/tokens.py",
        "if len(token) > MAX_LENGTH or not SHAPE.fullmatch(token):",
        "if len(token) > MAX_LENGTH:", (SRV + "mail/test_tokens.py",)),
    one("mail_even_when_online", "a notification is e-mailed though its person is online",
        S + "server/social/notices.py",
        "if mail is not None and self.mailer.enabled and await self.away(user_id):",
        "if mail is not None and self.mailer.enabled:",
        (SRV + "mail/test_mail.py",), "someone_away"),
    # -- leases ---------------------------------------------------------------------------------
    one("lost_lease_keeps_driving", "a process that lost a table's lease goes on driving it",
        S + "server/play/scheduler.py",
        "                room.driving = False\n                room.stop_timer()\n",
        "                room.stop_timer()\n", (SRV + "play/test_lost_lease.py",)),
    one("lease_renews_anyones", "a process renews a lease another process holds now",
        S + "server/play/leases.py",
        "if redis.call('get', KEYS[1]) == ARGV[1] then\n  return redis.call('pexpire'",
        "if true then\n  return redis.call('pexpire'", (SRV + "play/test_leases.py",)),
    one("lease_released_by_anyone", "a process gives up a lease another process holds now",
        S + "server/play/leases.py",
        "if redis.call('get', KEYS[1]) == ARGV[1] then\n  return redis.call('del'",
        "if true then\n  return redis.call('del'", (SRV + "play/test_leases.py",)),
    # -- research secrets -----------------------------------------------------------------------
    one("monsterhex_tensor_counts_rivals_objectives", "a Monster Hex research tensor scores the "
        "rivals' secret objectives too", S + "games/monsterhex/research/encode.py",
        "[(i, True) for i in state.personal[seat]]",
        "[(i, True) for hand in state.personal for i in hand]",
        ("tests/games/test_research_encode.py",), "monster"),
    one("monsterhex_objectives_kept_in_order", "a Monster Hex determinization deals the "
        "rivals' objectives from the pile in its true order", S + "games/monsterhex/hidden.py",
        "    hidden.sort()\n    rng.shuffle(hidden)\n", "",
        ("tests/games/test_determinize.py", "tests/games/test_research_encode.py"),
        "monsterhex"),
    # -- the test game (tests/testgame): the generic suites hold it to the protocol too -------
    one("goofspiel_deck_kept_in_order", "the test game's determinization keeps the prize deck "
        "in its true order", TG + "hidden.py", "    world.deck = sorted(world.deck)\n", "",
        ("tests/games/test_determinize.py",), "goofspiel"),
    one("goofspiel_tensor_shows_rivals_bids", "the test game's research tensor shows a rival's "
        "pending bid", TG + "research/encode.py", "mine = state.bids.get(seat)",
        "mine = state.bids.get(seat, next(iter(state.bids.values()), None))",
        ("tests/games/test_research_encode.py",), "goofspiel"),
    one("goofspiel_bid_not_secret", "the test game reveals a bid before every bid is in",
        TG + "state.py", '"card": action.card, "private": [seat]}', '"card": action.card}',
        ("tests/games/test_secret_moves.py", SRV + "play/test_secrecy_by_rules.py"),
        "goofspiel"),
    # -- the web client's text ----------------------------------------------------------------
    one("chat_text_as_markup", "the web client inserts a chat message as HTML",
        S + "web/js/chat.js", 'h("bdi", { class: "chat-text" }, message.text),',
        'Object.assign(h("bdi", { class: "chat-text" }), { innerHTML: message.text }),',
        ("tests/web/test_chat.py",), "markup"),
    one("text_children_as_markup", "the web client's element builder inserts texts as HTML",
        S + "web/js/dom.js",
        "node.append(child instanceof Node ? child : document.createTextNode(String(child)));",
        'if (child instanceof Node) node.append(child); '
        'else node.insertAdjacentHTML("beforeend", String(child));',
        ("tests/web/test_chat.py",), "markup"),
)


def by_name() -> dict[str, Mutation]:
    return {m.name: m for m in MUTATIONS}


def apply(mutation: Mutation, root: Path) -> None:
    """Apply ``mutation`` to the files under ``root``; ValueError unless each original text is
    found exactly once."""
    for edit in mutation.edits:
        file = root / edit.path
        text = file.read_text(encoding="utf-8")
        found = text.count(edit.old)
        if found != 1:
            raise ValueError(f"{mutation.name}: {edit.path} holds the original {found} times")
        file.write_text(text.replace(edit.old, edit.new), encoding="utf-8")


def scratch_copy(into: Path) -> Path:
    """The committed tree at HEAD, unpacked under ``into``."""
    archive = subprocess.run(["git", "-C", str(REPO), "archive", "HEAD"], check=True,
                             capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def run_tests(mutation: Mutation, root: Path, all_backends: bool) -> tuple[str, str]:
    """Run the mutation's tests in ``root``: (verdict, the last lines of pytest's output)."""
    select = mutation.select
    if not all_backends:
        select = f"({select}) and not postgresql" if select else "not postgresql"
    # In one process (-n 0): with workers, a first failure under -x ends the run as
    # "interrupted" (exit 2), which would read as no verdict.
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-n", "0", "-p", "no:cacheprovider",
               "-p", "no:randomly", *mutation.tests, "-k", select]
    env = dict(os.environ)
    env["PYTHONPATH"] = str(root / "src")
    env.pop("PYTHONSAFEPATH", None)
    done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True,
                          timeout=1800)
    tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-3:])
    # 1: a test failed. 0 or 5 (nothing selected): survived. Anything else (a test file missing,
    # an error collecting) is no verdict: the list itself needs fixing.
    verdict = {0: SURVIVED, 5: SURVIVED, 1: CAUGHT}.get(done.returncode, BROKEN)
    return verdict, f"exit {done.returncode}: {tail}"


def check(mutation: Mutation, all_backends: bool) -> tuple[Mutation, str, float, str]:
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix=f"mut-{mutation.name}-") as folder:
        root = scratch_copy(Path(folder))
        apply(mutation, root)
        verdict, tail = run_tests(mutation, root, all_backends)
    return mutation, verdict, time.monotonic() - started, tail


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", default=[], metavar="NAME",
                        help="run this mutation only (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the mutations and stop")
    parser.add_argument("--jobs", type=int, default=1, help="mutations checked at once")
    parser.add_argument("--all-backends", action="store_true",
                        help="run server tests on PostgreSQL too (default: SQLite only)")
    parser.add_argument("--verbose", action="store_true", help="print pytest's last lines")
    args = parser.parse_args()
    known = by_name()
    unknown = [name for name in args.only if name not in known]
    if unknown:
        parser.error(f"unknown mutation(s): {', '.join(unknown)}")
    chosen = [known[name] for name in args.only] if args.only else list(MUTATIONS)
    if args.list:
        for m in chosen:
            where = ", ".join(sorted({e.path.removeprefix(S) for e in m.edits}))
            print(f"{m.name:32} {where:28} {m.what}")
        print(f"{len(chosen)} mutations")
        return 0
    if shutil.which("git") is None:
        parser.error("git is needed to copy the committed tree")
    results = []
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for mutation, verdict, seconds, tail in pool.map(
            lambda m: check(m, args.all_backends), chosen
        ):
            print(f"{verdict:8} {mutation.name:32} {seconds:6.1f} s  {mutation.what}", flush=True)
            if args.verbose or verdict != CAUGHT:
                print("         " + tail.replace("\n", "\n         "), flush=True)
            results.append((mutation, verdict))
    caught = sum(verdict == CAUGHT for _, verdict in results)
    print(f"\n{caught} of {len(results)} caught in {time.monotonic() - started:.0f} s")
    for kind in (SURVIVED, BROKEN):
        names = [m.name for m, verdict in results if verdict == kind]
        if names:
            print(f"{kind.strip().lower()}: " + ", ".join(names))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
