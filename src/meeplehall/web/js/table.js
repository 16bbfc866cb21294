// The table page, shared by all games: seats before the start, then the game drawn by its
// renderer with the players, clocks, prompt, log, hot-seat hand-over and the final breakdown.

import { accountForms, userBox } from "./account.js";
import { currentUser, get, post, userAfterSignOut } from "./api.js";
import { liveScoreBlock, resultBlock } from "./breakdown.js";
import { TableSocket } from "./connection.js";
import { h, param, replace } from "./dom.js";
import { renderHeader } from "./header.js";
import { currentLanguage, hasText, initI18n, onLanguageChange, t } from "./i18n.js";
import { playersPanel, seatColour, tickClocks, turnBar, useSeatColours } from "./players.js";
import { actionText, loadRenderer, rendererText, safeText, translator } from "./renderers.js";
import { clockText, seatName } from "./tablelist.js";
import { durationFor, motionSetting, play, playRenderer, snapshot } from "./motion.js";
import { boardFrame, fitBoards, placesOf, showSpots } from "./board.js";
import { addEntries, eventEntries, logList, moveEntry, newLog } from "./gamelog.js";
import { ChatPanel } from "./chat.js";
import { yourTurn } from "./yourturn.js";
import { at } from "./paths.js";
import { originLine } from "./practice.js";
import { agentMark } from "./people.js";
import { holdAfter, showBehind, watchBar, watching } from "./watching.js";

const game = {
  id: Number(location.pathname.match(/\/tables\/(\d+)/)?.[1] ?? param("id")),
  invite: param("invite"),
  user: null,
  table: null,
  title: "",
  renderer: null,
  mySeats: [],
  seat: null, // the seat whose view is shown (null: spectator)
  seq: 0,
  status: "waiting",
  view: null,
  legal: [],
  labels: [],
  toMove: [],
  stepSeats: [], // the seats that were to move at the step before the last update
  clocks: [],
  clocksAt: 0,
  replaced: [],
  result: null,
  ratingChanges: null, // a rated game's rating changes once it has ended (asked for once)
  log: newLog(), // the game log's lines (js/gamelog.js)
  lastMoves: [], // per seat, its last move as this page saw it: {seat, seq, action, events}
  hovered: null, // the log line under the pointer or the focus: its place keys are spotlit
  scored: [], // the places of the breakdown cell clicked last: lit on the board
  drawing: null, // the update or sync being drawn (see ctx.drawing)
  events: [], // every event this seat has seen in the match (ctx.events)
  pending: null, // the seat of this page's act in flight ({seat}), until the server answers it
  sent: 0, // acts sent by this page (shown to tests as body[data-sent])
  error: null, // () => the error to show (a rejection, say), in the current language
  hint: null, // the hint message: {action, label}
  passTo: null, // hot-seat: the seat the device goes to next, while its screen is shown
  confirmLeave: false, // the "leave for good?" question is showing
  connection: "connecting",
  failed: null, // why the table could not be loaded (an ApiError, say), shown instead of it
};

let socket = null;
// Sockets opened again by themselves after a 4401 since the page last logged in: another tab
// may have logged in anew, but a session that keeps ending must not make a loop.
let signedOutReopens = 0;
let chat = null; // the chat panel (js/chat.js), made once with the socket and kept across redraws

// --- drawing ----------------------------------------------------------------------------------

/** "Seat 2 (Alice)": in hot-seat every seat may carry the same name. */
function seatLabel(seat) {
  return t("table.seat_label", { seat: seat + 1, name: seatName(game.table.seats[seat]) });
}

function names() {
  return game.table.seats.map((info) => seatName(info, game.table));
}

function ctx() {
  return {
    view: game.view,
    legal: game.legal,
    labels: game.labels,
    seat: game.seat,
    players: game.table.seats.map((info) => ({ seat: info.seat, name: seatName(info, game.table), bot_level: info.bot_level })),
    send,
    t: translator(game.renderer),
    lang: currentLanguage(),
    hotseat: game.mySeats.length > 1,
    seatName: (seat) => (game.table.seats[seat] ? seatName(game.table.seats[seat], game.table) : String(seat)),
    seatColour,
    lastMoves: game.lastMoves,
    motion: motionSetting(),
    // The message this drawing shows ({type: "update" | "sync", seq}), null for a redraw that
    // shows nothing new (a language switch, a local choice): one-off marks belong to an update.
    drawing: game.drawing,
    events: game.events,
  };
}

/** ctx for describeAction: `view` is the view the action was (or is to be) chosen in. */
function actionCtx(view, actor) {
  return { ...ctx(), view, actor };
}

// Error codes whose server reason carries specifics a player needs (the rule the move broke);
// for the others the translated sentence says it all.
const DETAILED_ERRORS = new Set(["illegal_action"]);

/**
 * A rejection in the reader's language; the server's reason for a code the shell does not know.
 * An illegal action's detail is the rule it broke (`illegal.<rule>`, the game's text first),
 * else the server's sentence, which is in English: a reader of another language gets the
 * translated sentence alone rather than a mix.
 */
function rejectionText(message) {
  const { code, reason, rule, params } = message;
  const key = `error.${code}`;
  if (!code || !hasText(key)) return reason || code || "";
  if (!DETAILED_ERRORS.has(code)) return t(key);
  const detail = ruleText(rule, params) ?? (currentLanguage() === "en" ? reason : null);
  return detail ? t("error.with_detail", { text: t(key), detail }) : t(key);
}

/** The sentence of a game rule an action broke, in the reader's language (the game's text first). */
function ruleText(rule, params) {
  if (!rule) return undefined;
  const key = `illegal.${rule}`;
  return rendererText(game.renderer, key, params) ?? (hasText(key) ? t(key, params) : undefined);
}

function promptText() {
  if (game.status === "waiting") return t("table.waiting_start");
  if (game.status === "finished") return t("table.finished");
  if (game.passTo !== null) return t("hotseat.pass", { name: seatLabel(game.passTo) });
  if (game.legal.length) {
    try {
      return game.renderer.prompt(game.view, game.legal, ctx());
    } catch (error) {
      console.error(error);
      return t("generic.prompt", { count: game.legal.length });
    }
  }
  if (game.seat === null) return t("table.watching");
  const waitingFor = game.toMove.map((seat) => seatName(game.table.seats[seat], game.table));
  return waitingFor.length ? t("table.waiting_for", { names: waitingFor.join(", ") }) : "";
}

function seatsBlock() {
  // Before the start: who sits where, with sit / leave buttons and the owner's start button.
  const table = game.table;
  const isOwner = game.user && table.owner && table.owner.id === game.user.id;
  const free = table.seats.filter((info) => !info.user && info.bot_level === null);
  const seated = Boolean(game.user) && table.seats.some((info) => info.user && info.user.id === game.user.id);
  const rows = table.seats.map((info) =>
    h(
      "li",
      { dataset: { seat: String(info.seat) }, style: `--seat-colour: ${seatColour(info.seat)}` },
      h("span", { class: "seat-badge", "aria-hidden": "true" }, info.seat + 1),
      h("span", { class: "player-name" }, t("table.seat_n", { seat: info.seat + 1 }), ": ", seatName(info),
        info.user && info.user.kind === "agent" ? [" ", agentMark(info.user)] : null),
      !info.user && info.bot_level === null && game.user ? sitButton(info.seat, seated) : null,
      info.user && game.user && info.user.id === game.user.id
        ? h("button", { type: "button", class: "leave secondary", onclick: () => lobbyAction("leave", { seat: info.seat }) }, t("table.leave_seat"))
        : null,
    ),
  );
  const inviteLink = table.invite_token
    ? `${location.origin}${at(`tables/${table.id}?invite=${encodeURIComponent(table.invite_token)}`)}`
    : `${location.origin}${at(`tables/${table.id}`)}`;
  return h(
    "section",
    { id: "seats", "aria-labelledby": "seats-title" },
    h("h2", { id: "seats-title" }, t("table.seats")),
    h("p", {}, clockText(table)),
    h("ol", { class: "seat-list" }, rows),
    game.user ? null : h("div", {}, h("p", {}, t("table.login_to_sit")), accountForms(loggedInHere)),
    inviteBlock(table, inviteLink),
    isOwner
      ? h("button", { type: "button", id: "start", disabled: free.length > 0, onclick: () => lobbyAction("start") }, t("table.start"))
      : null,
    isOwner && free.length ? h("p", { class: "help" }, t("table.start_when_full", { count: free.length })) : null,
  );
}

/**
 * A free seat's button: "Sit here" for someone without a seat; for someone already seated the
 * seat is probably meant for a friend, so taking it too (hot-seat) is said as such.
 */
function sitButton(seat, seated) {
  const join = () => lobbyAction("join", { seat, invite: game.invite || undefined });
  return seated
    ? h("button", { type: "button", class: "sit sit-too secondary", onclick: join }, t("table.sit_too"))
    : h("button", { type: "button", class: "sit", onclick: join }, t("table.sit"));
}

/** The table's link in full, with a button that copies it and says so. */
function inviteBlock(table, link) {
  const copied = h("span", { id: "invite-copied", class: "help", role: "status" });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      copied.textContent = t("table.link_copied");
    } catch {
      // No clipboard (an insecure origin, a refusal): select the link for the reader to copy.
      getSelection().selectAllChildren(document.getElementById("invite-url"));
      copied.textContent = t("table.link_selected");
    }
  };
  return h(
    "div",
    { class: "invite" },
    h("p", { id: "invite-label" }, t(table.invite_token ? "table.invite_link" : "table.share_link")),
    h("p", { class: "invite-row" },
      h("code", { id: "invite-url", class: "invite-url", "aria-labelledby": "invite-label" }, link),
      h("button", { type: "button", id: "invite-copy", class: "secondary", onclick: copy }, t("table.copy_link")),
      copied),
  );
}

function passScreen() {
  const name = seatLabel(game.passTo);
  return h(
    "div",
    { id: "pass-device", class: "pass-device", role: "dialog", "aria-labelledby": "pass-title" },
    h("h2", { id: "pass-title" }, t("hotseat.pass", { name })),
    h("p", {}, t("hotseat.hidden")),
    h("button", { type: "button", id: "pass-device-ready", onclick: () => takeOver(game.passTo) }, t("hotseat.ready", { name })),
  );
}

function logBlock() {
  // While the device is being passed on, the log (which holds the last seat's private events)
  // is hidden too; the next seat's log is rebuilt from what that seat may see.
  const shown = game.passTo === null ? game.log.entries : [];
  const spot = (entry) => {
    game.hovered = entry;
    spotlight();
  };
  return h(
    "section",
    { id: "log-section", "aria-labelledby": "log-title" },
    h("h2", { id: "log-title" }, t("table.log")),
    logList(shown, spot),
  );
}

function gameArea() {
  const root = h("div", { id: "game-root", class: `game-root game-${game.table.game}` });
  if (game.passTo !== null) {
    root.append(passScreen());
    return h("div", { class: "board-frame" }, root);
  }
  if (game.view) {
    try {
      game.renderer.render(root, ctx());
    } catch (error) {
      root.append(h("p", { class: "form-error" }, String(error)));
      console.error(error);
    }
  }
  return boardFrame(root, game.table.game, draw);
}

/** The places the hovered log line, else the clicked score, else the hint refers to: lit. */
function spotlight() {
  const places = game.hovered ? game.hovered.places
    : game.scored.length ? game.scored
      : game.hint ? placesOf(game.renderer, { action: game.hint.action }, ctx()) : [];
  showSpots(document.getElementById("game-root"), places);
}

/** A breakdown cell was clicked: light what it scored and bring the board into sight. */
function showScored(places) {
  game.scored = places;
  spotlight();
  document.querySelector("#game-root .mh-spot")?.scrollIntoView({ block: "nearest", behavior: "smooth" });
}

function statusLine() {
  if (game.connection === "open") return null;
  return h("p", { id: "connection", class: "connection", role: "status" }, t(`connection.${game.connection}`));
}

function rememberFocus() {
  const active = document.activeElement;
  if (!active || active === document.body) return null;
  // The chat panel stays in the page across redraws: its focus (and caret) stay as they are.
  if (active.closest("#chat")) return null;
  for (const key of ["legal", "choice"]) {
    if (active.dataset && active.dataset[key] !== undefined) {
      return { selector: `[data-${key}="${CSS.escape(active.dataset[key])}"]`, words: controlWords(active) };
    }
  }
  return active.id ? { selector: `#${CSS.escape(active.id)}`, words: null } : null;
}

/** What a control says it does (a data-legal number is the legal list's, which each update renews). */
function controlWords(node) {
  return node.getAttribute("aria-label") || node.textContent || "";
}

/** The control that had the focus before a redraw, if it is still there and still does the same. */
function focusedAgain(focus) {
  const node = document.querySelector(focus.selector);
  return node && (focus.words === null || controlWords(node) === focus.words) ? node : null;
}

/** A rated game's rating changes, written with its end: asked for once it has come. */
async function loadRatingChanges() {
  game.ratingChanges = [];
  try {
    const result = await get(`/api/tables/${game.id}/result${game.invite ? `?invite=${encodeURIComponent(game.invite)}` : ""}`);
    game.ratingChanges = result.rating_changes || [];
  } catch (error) {
    console.error(error); // the result stands without them
  }
  draw();
}

function draw() {
  const focus = rememberFocus();
  if (game.renderer) useSeatColours(game.renderer, game.view);
  renderHeader(userBox(game.user, () => location.reload(), () => socket?.close()));
  const main = document.getElementById("main");
  if (game.failed) {
    replace(main, h("p", { class: "form-error", role: "alert", id: "table-error" }, game.failed.message));
    return;
  }
  if (!game.table) {
    replace(main, statusLine() || h("p", {}, t("table.loading")));
    return;
  }
  const scores = game.view && game.renderer.scores ? safeScores() : null;
  const rulesLink = h("a", { href: at(`rules.html?game=${game.table.game}`) }, t("table.rules"));
  const finished = game.status === "finished" && game.result;
  const shell = tableShell(main);
  replace(shell.head,
    h("h1", {}, `${game.title} #${game.table.id}`, " ", h("span", { class: "badge" }, t(`status.${game.status}`))),
    originLine(game.table),
    statusLine(),
    // Signed out at a table in play: the login is offered here (a waiting table's seats offer it).
    game.connection === "signed_out" && game.status !== "waiting"
      ? h("div", { id: "signed-out" }, accountForms(loggedInHere))
      : null,
    game.status !== "waiting" ? turnBar(game, scores) : null,
    h("p", { id: "prompt", class: "prompt", "aria-live": "polite", tabindex: -1 }, promptText()),
    watchControls(),
    game.error ? h("p", { id: "table-error", class: "form-error", role: "alert" }, t("table.rejected", { reason: game.error() })) : null,
  );
  replace(shell.board,
    finished ? resultBlock({ ...game.result, rating_changes: game.ratingChanges || [] }, names(), game.renderer, ctx(), showScored) : null,
    finished ? h("p", {}, h("a", { id: "replay-link", href: replayHref(), class: "button-link" }, t("table.replay"))) : null,
    game.status === "waiting" ? seatsBlock() : gameArea(),
  );
  replace(shell.side,
    game.status !== "waiting" ? playersPanel(game, scores) : null,
    game.status === "playing" && game.view && game.passTo === null ? liveScoreBlock(game.renderer, game.view, ctx(), showScored) : null,
    hotseatBar(),
    hintBar(),
    logBlock(),
  );
  replace(shell.after, h("p", {}, rulesLink), leaveBar());
  chat?.update({ user: game.user, table: game.table, seats: game.mySeats });
  const myTurn = game.status === "playing" && game.mySeats.some((seat) => game.toMove.includes(seat) && !game.replaced[seat]);
  yourTurn(myTurn, game.title, `${game.title} #${game.table.id} · ${t("app.name")}`);
  document.body.dataset.seq = String(game.seq);
  document.body.dataset.status = game.status;
  document.body.dataset.seat = game.seat === null ? "" : String(game.seat);
  document.body.dataset.busy = String(game.pending !== null);
  document.body.dataset.sent = String(game.sent);
  tickClocks(game);
  const log = document.getElementById("log");
  if (log) log.scrollTop = log.scrollHeight;
  fitBoards();
  spotlight();
  if (game.passTo !== null) document.getElementById("pass-device-ready")?.focus();
  else if (focus) restoreFocus(focusedAgain(focus));
}

/**
 * The table page's frame, built once: the parts redrawn at every update around the chat panel,
 * which stays in place so what is being typed in it is never taken out of the page.
 */
function tableShell(main) {
  if (!main.querySelector(":scope > #table-head")) {
    const head = h("div", { id: "table-head", class: "table-head" });
    const board = h("div", { class: "table-main" });
    const side = h("div", { class: "table-side-top" });
    const after = h("div", { class: "table-side-bottom" });
    replace(main, head, h("div", { class: "table-layout" }, board,
      h("aside", { class: "table-side" }, side, chat ? chat.element : null, after)));
  }
  const part = (selector) => main.querySelector(`:scope > ${selector}`);
  return {
    head: part("#table-head"),
    board: part(".table-layout > .table-main"),
    side: part(".table-layout > .table-side > .table-side-top"),
    after: part(".table-layout > .table-side > .table-side-bottom"),
  };
}

/** Focus what had it before a redraw; a text field gets its caret back at the end. */
function restoreFocus(element) {
  if (!element) return;
  element.focus();
  if (element.tagName !== "INPUT") return;
  try {
    element.setSelectionRange(element.value.length, element.value.length);
  } catch {
    // a field without a caret (a checkbox, say)
  }
}

function safeScores() {
  try {
    return game.renderer.scores(game.view);
  } catch (error) {
    console.error(error);
    return null;
  }
}

function hotseatBar() {
  if (game.mySeats.length < 2 || game.status !== "playing") return null;
  return h("p", { id: "hotseat-info", class: "help" }, t("hotseat.info", { name: game.seat === null ? "" : seatLabel(game.seat) }));
}

function hintBar() {
  if (!game.table.hints || !game.toMove.includes(game.seat) || game.passTo !== null) return null;
  return h(
    "div",
    { class: "hint" },
    h("button", { type: "button", id: "hint", class: "secondary", onclick: () => socket.send({ type: "hint", seat: game.seat }) }, t("table.hint")),
    game.hint ? h("p", { id: "hint-text" }, t("table.hint_is", { label: hintLabel() })) : null,
  );
}

function hintLabel() {
  return actionText(game.renderer, game.hint.action, game.hint.label, actionCtx(game.view, game.seat));
}

function leaveBar() {
  // Leaving a game in play is for good (a bot takes the seats over): ask once more first.
  const mine = game.mySeats.filter((seat) => !game.replaced[seat]);
  if (game.status !== "playing" || !mine.length) return null;
  if (!game.confirmLeave) {
    return h("p", {}, h("button", { type: "button", id: "leave-game", class: "secondary", onclick: () => {
      game.confirmLeave = true;
      draw();
      document.getElementById("leave-confirm")?.focus();
    } }, t("table.leave_game")));
  }
  return h(
    "div",
    { class: "leave-confirm", role: "group", "aria-labelledby": "leave-question" },
    h("p", { id: "leave-question" }, t("table.leave_question")),
    h("button", { type: "button", id: "leave-confirm", onclick: async () => {
      game.confirmLeave = false;
      await lobbyAction("leave", {});
    } }, t("table.leave_confirm")),
    " ",
    h("button", { type: "button", id: "leave-cancel", class: "secondary", onclick: () => {
      game.confirmLeave = false;
      draw();
    } }, t("create.cancel")),
  );
}

function replayHref() {
  return at(`replay.html?id=${game.table.id}${game.invite ? `&invite=${encodeURIComponent(game.invite)}` : ""}`);
}

// --- acting -----------------------------------------------------------------------------------

/** The error of an act that could not be sent: the socket was down (cleared once it is back). */
const connectionLost = () => t("connection.reconnecting");

function send(action) {
  // One act in flight at a time, until the server answers it: the update of this seat's own
  // move, an error, or a sync frees the page again. Another seat's update does not: it may come
  // before the server reads this act, and a second act sent then would not be the one meant.
  if (game.pending !== null || game.passTo !== null) return false;
  game.pending = { seat: game.seat };
  game.error = null;
  document.body.dataset.busy = "true";
  const sent = socket.send({ type: "act", seq: game.seq, action, seat: game.seat });
  if (sent) {
    game.sent += 1;
    document.body.dataset.sent = String(game.sent);
  } else {
    game.pending = null;
    game.error = connectionLost;
    draw();
  }
  return sent;
}

async function lobbyAction(what, body) {
  game.error = null;
  try {
    game.table = await post(`/api/tables/${game.id}/${what}${game.invite ? `?invite=${encodeURIComponent(game.invite)}` : ""}`, body);
  } catch (error) {
    game.error = () => error.message; // read at each draw: in the language of the moment
    draw();
    return;
  }
  // Joining or leaving changes which seats this connection holds: reconnect to show them.
  if (what !== "start") socket.reopen();
  draw();
}

function takeOver(seat) {
  // Hot-seat: show `seat`'s view and rebuild the log from what that seat may see.
  game.passTo = null;
  game.seat = seat;
  game.view = null;
  game.log = newLog();
  game.lastMoves = [];
  game.events = [];
  clearPlayback();
  socket.send({ type: "watch", seat });
  socket.send({ type: "sync", seq: 0 });
  draw();
  document.getElementById("prompt")?.focus();
}

/** Hot-seat: when the shown seat has nothing to do but another of mine does, hand over. */
function checkHandOver() {
  if (game.mySeats.length < 2 || game.status !== "playing" || game.passTo !== null) return;
  if (game.seat !== null && game.toMove.includes(game.seat)) return;
  const next = game.mySeats.find((seat) => game.toMove.includes(seat) && !game.replaced[seat]);
  if (next !== undefined) game.passTo = next;
}

// --- messages ---------------------------------------------------------------------------------

/**
 * The log line of a move without an event line: "Alice: takes tile 2"; a move hidden from the
 * reader is said as the renderer words it ("Bot 2 is building"), else "Bot 2 made a hidden move".
 */
function moveText(seat, action, label, moveCtx) {
  const name = seatName(game.table.seats[seat], game.table);
  if (action !== null && action !== undefined) return `${name}: ${actionText(game.renderer, action, label, moveCtx)}`;
  const worded = typeof game.renderer.hiddenMoveText === "function"
    ? safeText(() => game.renderer.hiddenMoveText(seat, moveCtx))
    : "";
  return worded || t("log.hidden_move_by", { name });
}

function applyGameMessage(message) {
  if (message.seat !== game.seat) return; // a message for a seat we stopped showing
  if (message.type === "sync" && message.since === 0) {
    game.log = newLog();
    game.lastMoves = [];
    game.events = [];
  }
  // A sync answering a stale act repeats events already logged from updates: skip them.
  const alreadyLogged = message.type === "sync" && message.since > 0 && message.seq <= game.seq;
  // Who was to move at the step just played: a sync does not say, so it forgets.
  game.stepSeats = message.type === "update" ? game.toMove : [];
  const viewBefore = game.view; // the view the last move was chosen in (for its description)
  game.seq = message.seq;
  game.view = message.view;
  game.legal = message.legal || [];
  game.labels = message.labels || [];
  game.toMove = message.to_move || [];
  game.status = message.status;
  game.clocks = message.clocks || [];
  game.clocksAt = Date.now();
  game.replaced = message.replaced || [];
  game.result = message.result;
  if (game.result && game.table?.rated && game.ratingChanges === null) loadRatingChanges();
  // The act in flight is answered by its own seat's update (or a sync), not by another seat's.
  const answered = message.type === "sync" || (message.last && message.last.seat === game.pending?.seat);
  if (answered) game.pending = null;
  game.hint = null;
  game.scored = []; // the board changed: what a score cell lit may have moved
  if (game.table) game.table.status = message.status;
  // What the renderer saw of the game when these lines were first written, kept for rewriting them.
  const state = { view: game.view, legal: game.legal, labels: game.labels };
  if (!alreadyLogged) game.events.push(...(message.events || []));
  const entries = alreadyLogged ? [] : eventEntries(game.renderer, message.seq, message.events || [], { ...ctx(), ...state });
  if (message.type === "update" && !entries.length && message.last) {
    const { seat, action, label } = message.last;
    const moveCtx = { ...ctx(), ...state, view: viewBefore, actor: seat };
    const entry = moveEntry(game.log, message.seq, seat, action === null, () => moveText(seat, action, label, moveCtx),
      action ? placesOf(game.renderer, { action }, moveCtx) : []);
    if (entry) entries.push(entry);
  }
  if (message.type === "update" && message.last) {
    const { seat, action } = message.last;
    game.lastMoves = game.lastMoves.slice();
    game.lastMoves[seat] = { seat, seq: message.seq, action, events: message.events || [] };
  }
  addEntries(game.log, entries);
  // A rejection stays on screen until this seat's next move goes through.
  if (message.type === "update" && message.last && message.last.seat === game.seat) game.error = null;
  checkHandOver();
}

// --- playback -----------------------------------------------------------------------------------

// Updates are shown one at a time: each one's animation ends before the next is applied, so a
// burst of bot moves plays back in order and none is skipped. Without animation (reduced motion,
// speed "off", a hidden tab) an update is applied as soon as it arrives.
const playback = { queue: [], running: false, generation: 0, wake: null };

function enqueue(message) {
  playback.queue.push(message);
  document.body.dataset.queue = String(playback.queue.length);
  showBehind(behind());
  if (!playback.running) playQueue();
}

/** Someone watching from no seat: the pause, the speed and "jump to live" are theirs. */
function watcher() {
  return game.status === "playing" && game.mySeats.length === 0;
}

/** The moves waiting to be shown. */
function behind() {
  return playback.queue.filter((message) => message.type === "update").length;
}

/** Hold the board `ms` after a move shown to a watcher; "jump to live" or a pause cuts it short. */
function hold(ms) {
  return new Promise((done) => {
    const timer = setTimeout(done, ms);
    playback.wake = () => {
      clearTimeout(timer);
      done();
    };
  });
}

function watchControls() {
  if (!watcher()) return null;
  return watchBar(behind(), {
    onPause: () => {
      watching.paused = !watching.paused;
      if (watching.paused) playback.wake?.();
      draw();
      if (!watching.paused && !playback.running) playQueue();
    },
    onSpeed: (gap) => {
      watching.gap = gap;
      playback.wake?.(); // the next move comes at the new pace
    },
    onLive: () => {
      watching.paused = false;
      watching.catchingUp = true; // everything waiting is shown at once, without animation
      playback.wake?.();
      draw();
      if (!playback.running) playQueue();
    },
  });
}

function clearPlayback() {
  playback.wake?.(); // a watcher's hold ends with the queue it belonged to
  playback.wake = null;
  playback.queue.length = 0;
  playback.generation += 1; // an animation still running stops holding the queue back
  playback.running = false;
  document.body.dataset.queue = "0";
  document.body.dataset.animating = "false";
}

async function playQueue() {
  playback.running = true;
  const generation = playback.generation;
  while (playback.queue.length && generation === playback.generation) {
    if (watcher() && watching.paused) break; // held until resumed or caught up
    const message = playback.queue.shift();
    document.body.dataset.queue = String(playback.queue.length);
    showBehind(behind());
    const duration = message.type === "update" && game.passTo === null && !watching.catchingUp
      ? durationFor(motionSetting(), playback.queue.length)
      : 0;
    const before = duration ? snapshot(document.getElementById("game-root")) : null;
    const viewBefore = game.view;
    applyGameMessage(message);
    game.drawing = { type: message.type, seq: message.seq };
    draw();
    game.drawing = null;
    // Counted from the moment the move is on the board: a slow drawing of one move must not
    // shorten the time the next one waits.
    const shown = Date.now();
    if (duration && message.seat === game.seat) {
      const root = document.getElementById("game-root");
      const info = { events: message.events || [], before: viewBefore, view: game.view, duration };
      document.body.dataset.animating = "true";
      await Promise.all([play(root, before, duration), playRenderer(game.renderer, root, info)]);
      if (generation === playback.generation) document.body.dataset.animating = "false";
    }
    // A watcher who slowed the table down sees each move for at least the time chosen.
    const left = holdAfter() - (Date.now() - shown);
    if (watcher() && message.type === "update" && message.last && left > 0 && !watching.paused) {
      await hold(left);
      if (generation === playback.generation) playback.wake = null;
    }
  }
  if (!playback.queue.length) watching.catchingUp = false;
  showBehind(behind());
  if (generation === playback.generation) playback.running = false;
}

async function onMessage(message) {
  switch (message.type) {
    case "welcome":
      clearPlayback(); // what was queued belonged to the connection before this one
      game.table = message.table;
      game.mySeats = message.seats;
      game.seat = message.seat;
      game.status = message.table.status;
      break;
    case "table": {
      const before = JSON.stringify(game.mySeats);
      game.table = message.table;
      if (message.table.status !== "playing" || !game.view) game.status = message.table.status;
      const mine = game.user ? message.table.seats.filter((info) => info.user && info.user.id === game.user.id).map((info) => info.seat) : [];
      if (JSON.stringify(mine) !== before) {
        socket.reopen();
        return;
      }
      break;
    }
    case "update":
    case "sync":
      enqueue(message);
      return; // drawn when its turn in the playback queue comes
    case "error":
      if (chat && chat.onError(message)) return; // the chat shows its own refusals
      game.pending = null;
      game.error = () => rejectionText(message);
      break;
    case "chat_log":
      chat?.onLog(message.messages || [], message.more);
      return;
    case "chat_page":
      chat?.onPage(message.messages || [], message.more);
      return;
    case "chat":
      chat?.onMessage(message.message);
      return;
    case "chat_reported":
      chat?.onReported(message.id);
      return;
    case "hint":
      if (message.seat === game.seat) game.hint = { action: message.action, label: message.label };
      break;
    default:
      return;
  }
  draw();
}

/** Logged in (or as a guest) from this page: the socket opens again as that user. */
function loggedInHere(user) {
  game.user = user;
  signedOutReopens = 0;
  socket.reopen();
  draw();
}

async function signedOut() {
  const closed = socket.ws;
  const user = await userAfterSignOut();
  if (socket.ws !== closed) return; // opened again meanwhile (logged in on this page)
  game.user = user;
  if (user && signedOutReopens < 2) {
    signedOutReopens += 1;
    socket.reopen();
    return;
  }
  game.connection = "signed_out";
  draw();
}

function onStatus(status) {
  if (status === "signed_out") {
    signedOut();
    return;
  }
  if (status === "seat_lost") {
    // The shown seat is no longer ours: show what the server picks for us now, from the start.
    game.seat = null;
    game.view = null;
    game.log = newLog();
    game.lastMoves = [];
    game.events = [];
    clearPlayback();
    game.connection = "connecting";
    socket.connect(null, 0);
    return;
  }
  game.connection = status;
  document.body.dataset.connection = status;
  if (status === "refused") game.error = () => t("connection.refused");
  // Back online: the "connection lost" of an act that could not be sent is over.
  if (status === "open" && game.error === connectionLost) game.error = null;
  draw();
}

async function main() {
  await initI18n();
  onLanguageChange(draw);
  game.user = await currentUser();
  draw();
  try {
    const table = await get(`/api/tables/${game.id}${game.invite ? `?invite=${encodeURIComponent(game.invite)}` : ""}`);
    const catalog = await get("/api/games");
    game.title = (catalog.find((entry) => entry.name === table.game) || {}).title || table.game;
    game.renderer = await loadRenderer(table.game);
  } catch (error) {
    game.connection = "refused";
    game.failed = error; // its message is read at each draw: in the language of the moment
    draw();
    return;
  }
  chat = new ChatPanel({ send: (message) => socket.send(message), tableId: game.id, invite: game.invite });
  socket = new TableSocket(game.id, {
    invite: game.invite,
    onMessage,
    onStatus,
    currentSeat: () => game.seat,
    currentSeq: () => game.seq,
  });
  // A link to a seat (an e-mail's "your turn") opens that seat; one not mine falls back to
  // the server's choice (the socket is refused, then reopened without a seat).
  const asked = param("seat");
  socket.connect(asked !== null && /^\d+$/.test(asked) ? Number(asked) : null, 0);
  setInterval(() => {
    if (game.table) tickClocks(game);
  }, 500);
}

main();
