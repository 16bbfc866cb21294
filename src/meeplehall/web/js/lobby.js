// The lobby: who I am, the games, a new table, my games, open tables, invites, leaderboards.

import { accountForms, userBox } from "./account.js";
import { currentUser, get, post, userAfterSignOut } from "./api.js";
import { gamePicture } from "./art.js";
import { withName } from "./bidi.js";
import { changeText, playerLink, ratingText } from "./people.js";
import { createTableForm } from "./createtable.js";
import { fieldValues, h, replace, restoreFields } from "./dom.js";
import { renderHeader } from "./header.js";
import { initI18n, onLanguageChange, t } from "./i18n.js";
import { loadRenderer, rendererText } from "./renderers.js";
import { friendsSection, noticeParts, noticesSection, refreshSocial, social } from "./social.js";
import { tableRow } from "./tablelist.js";
import { UserChannel } from "./userchannel.js";
import { goToTable, playNow, playNowButton, playNowSection, startPlayNow } from "./playnow.js";
import { browserNotice } from "./yourturn.js";
import { at } from "./paths.js";

const state = { user: null, games: [], bots: { levels: [] }, renderers: {}, lists: {}, creating: null, leaderboard: null, channel: null, signedOut: false };
// The open tables come a page at a time (the server ranks them so a crowd of new guests cannot
// push the others away): how many pages are shown, and whether there is another.
const waitingPages = { shown: 1, more: false };

function titles() {
  return Object.fromEntries(state.games.map((game) => [game.name, game.title]));
}

function section(id, titleKey, ...children) {
  return h("section", { id, "aria-labelledby": `${id}-title` }, h("h2", { id: `${id}-title` }, t(titleKey)), children);
}

function accountSection() {
  if (state.user) {
    return section(
      "account",
      "account.title",
      h("p", { id: "welcome" }, withName("account.welcome", {}, state.user.name)),
      state.user.guest ? h("details", {}, h("summary", {}, t("account.keep_guest")), accountForms(loggedIn)) : null,
    );
  }
  return section(
    "account",
    "account.title",
    state.signedOut ? h("p", { id: "signed-out-note", role: "status" }, t("account.signed_out")) : null,
    h("p", {}, t("account.intro")),
    accountForms(loggedIn),
  );
}

function gameCard(game) {
  const renderer = state.renderers[game.name];
  const summary = rendererText(renderer, "summary") || t("lobby.no_summary");
  return h(
    "article",
    { class: "game-card", dataset: { game: game.name } },
    gamePicture(renderer, game.title),
    h("h3", {}, rendererText(renderer, "title") || game.title),
    h("p", { class: "players" }, t("lobby.players_range", { min: game.min_players, max: game.max_players })),
    h("p", { class: "summary" }, summary),
    renderer && renderer.communitySet ? h("p", { class: "community-set" }, rendererText(renderer, "community_set")) : null,
    h(
      "div",
      { class: "card-actions" },
      playNowButton(game, state.user),
      h(
        "button",
        {
          type: "button",
          class: "new-table",
          onclick: () => {
            state.creating = game.name;
            draw();
            document.getElementById("create-game")?.focus();
          },
        },
        t("lobby.new_table"),
      ),
      h("a", { href: at(`rules.html?game=${game.name}`), class: "button-link" }, t("lobby.rules")),
      h(
        "button",
        {
          type: "button",
          class: "show-leaderboard",
          onclick: async () => {
            await showLeaderboard(game.name);
            document.getElementById("leaderboard")?.scrollIntoView();
          },
        },
        t("lobby.leaderboard"),
      ),
    ),
  );
}

function createSection() {
  if (!state.creating) return null;
  const game = state.games.find((g) => g.name === state.creating);
  return section(
    "create",
    "create.title",
    createTableForm({
      games: state.games,
      game,
      bots: state.bots,
      renderer: state.renderers[game.name],
      user: state.user,
      friends: social.friends ? social.friends.friends : [],
      onGameChange: (name) => {
        state.creating = name;
        draw();
        document.getElementById("create-game")?.focus();
      },
      onCancel: () => {
        state.creating = null;
        draw();
      },
    }),
  );
}

function playNowPart() {
  const shown = Object.fromEntries(state.games.map((game) => [game.name, rendererText(state.renderers[game.name], "title") || game.title]));
  return playNowSection(state.games, state.user, state.bots, shown);
}

/** Redraw the Play now section and the cards' buttons, keeping what is typed elsewhere. */
function drawPlayNow() {
  const focused = document.activeElement && document.activeElement.id;
  document.getElementById("playnow")?.replaceWith(playNowPart());
  for (const card of document.querySelectorAll(".game-card")) {
    const game = state.games.find((g) => g.name === card.dataset.game);
    card.querySelector(".play-now")?.replaceWith(playNowButton(game, state.user));
  }
  document.body.dataset.playnow = playNow.place.state;
  if (focused) document.getElementById(focused)?.focus();
}

function listSection(id, titleKey, tables, emptyKey) {
  return section(
    id,
    titleKey,
    tables && tables.length
      ? h("ul", { class: "table-list" }, tables.map((table) => tableRow(table, titles(), state.user)))
      : h("p", { class: "empty" }, t(emptyKey)),
  );
}

function inviteSection() {
  const input = h("input", { id: "invite-link", name: "invite", required: true, placeholder: "/tables/12?invite=…" });
  const status = h("p", { class: "form-error", role: "alert" });
  return section(
    "invite",
    "invite.title",
    h(
      "form",
      {
        id: "invite-form",
        onsubmit: (event) => {
          event.preventDefault();
          const target = parseInvite(input.value.trim());
          if (!target) {
            status.textContent = t("invite.bad_link");
            return;
          }
          location.href = target;
        },
      },
      h("label", { for: "invite-link" }, t("invite.label")),
      input,
      h("button", { type: "submit" }, t("invite.go")),
      status,
    ),
  );
}

/** "/tables/12?invite=X", a full URL to it, or "12 X" -> the table page address; else null. */
export function parseInvite(text) {
  const match = text.match(/tables\/(\d+)(?:\?invite=([\w-]+))?/);
  if (match) return at(`tables/${match[1]}${match[2] ? `?invite=${match[2]}` : ""}`);
  const pair = text.match(/^(\d+)(?:\s+([\w-]+))?$/);
  if (pair) return at(`tables/${pair[1]}${pair[2] ? `?invite=${pair[2]}` : ""}`);
  return null;
}

async function showLeaderboard(game) {
  try {
    const [rows, ladder] = await Promise.all([get(`/api/leaderboard/${game}?limit=50`), get(`/api/ladder/${game}?limit=50`)]);
    state.leaderboard = { game, rows, ladder };
  } catch (error) {
    state.leaderboard = { game, rows: [], ladder: [], error }; // its message is read at each draw
  }
  draw();
}

/** The agents' ladder of the game shown: agents and the built-in bot levels, apart from people. */
function ladderSection() {
  const board = state.leaderboard;
  if (!board || board.error) return null;
  const rows = board.ladder || [];
  return section(
    "agents-ladder",
    "ladder.title",
    h("p", { class: "help" }, t("ladder.help")),
    rows.length === 0
      ? h("p", { class: "empty" }, t("ladder.empty"))
      : h(
        "table",
        { class: "ladder" },
        h("thead", {}, h("tr", {}, ["leaderboard.rank", "ladder.entrant", "leaderboard.rating", "leaderboard.games"].map((key) => h("th", { scope: "col" }, t(key))))),
        h(
          "tbody",
          {},
          rows.map((row, index) =>
            h(
              "tr",
              { dataset: { entrant: row.entrant } },
              h("td", {}, index + 1),
              h("td", {}, row.user ? playerLink(row.user) : t("seat.bot", { level: row.bot_level })),
              h("td", { class: "rating", title: `μ ${row.mu.toFixed(1)} σ ${row.sigma.toFixed(1)}` }, ratingText(row)),
              h("td", {}, row.games),
            ),
          ),
        ),
      ),
  );
}

function leaderboardSection() {
  const select = h(
    "select",
    { id: "leaderboard-game", onchange: (event) => showLeaderboard(event.target.value) },
    state.games.map((game) => h("option", { value: game.name, selected: state.leaderboard?.game === game.name }, game.title)),
  );
  const board = state.leaderboard;
  let body = h("p", { class: "empty" }, t("leaderboard.pick"));
  if (board && board.error) body = h("p", { class: "form-error" }, board.error.message);
  else if (board && board.rows.length === 0) body = h("p", { class: "empty" }, t("leaderboard.empty"));
  else if (board) {
    body = h(
      "table",
      { class: "leaderboard" },
      h("thead", {}, h("tr", {}, ["leaderboard.rank", "leaderboard.player", "leaderboard.rating", "leaderboard.games", "leaderboard.trend"].map((key) => h("th", { scope: "col" }, t(key))))),
      h(
        "tbody",
        {},
        board.rows.map((row, index) =>
          h(
            "tr",
            {},
            h("td", {}, index + 1),
            h("td", {}, playerLink(row.user)),
            h("td", { class: "rating", title: `μ ${row.mu.toFixed(1)} σ ${row.sigma.toFixed(1)}${row.provisional ? ` · ${t("rating.provisional_help")}` : ""}` }, ratingText(row)),
            h("td", {}, row.games),
            h("td", { class: `trend ${row.trend > 0 ? "up" : row.trend < 0 ? "down" : "flat"}` }, changeText(row.trend)),
          ),
        ),
      ),
    );
  }
  return section(
    "leaderboard",
    "leaderboard.title",
    h("label", { for: "leaderboard-game" }, t("leaderboard.game")),
    " ",
    select,
    body,
  );
}

function openTablesSection() {
  const listed = listSection("open-tables", "lobby.open_tables", state.lists.waiting, "lobby.no_open_tables");
  if (waitingPages.more) {
    listed.append(
      h(
        "button",
        {
          type: "button",
          id: "more-open-tables",
          onclick: async () => {
            waitingPages.shown += 1;
            await refreshLists();
            drawLists();
          },
        },
        t("lobby.more_tables"),
      ),
    );
  }
  return listed;
}

function listSections() {
  return [
    state.user ? listSection("my-games", "lobby.my_games", state.lists.mine, "lobby.no_my_games") : null,
    openTablesSection(),
    listSection("playing-tables", "lobby.playing_tables", state.lists.playing, "lobby.no_playing_tables"),
    listSection("finished-tables", "lobby.finished_tables", state.lists.finished, "lobby.no_finished_tables"),
  ];
}

/** Replace only the lists, so a form being filled in keeps what was typed. */
function drawLists() {
  for (const fresh of listSections()) {
    if (fresh) document.getElementById(fresh.id)?.replaceWith(fresh);
  }
  drawSocial();
}

// --- friends and notifications ------------------------------------------------------------------

function socialSections() {
  return [
    noticesSection(state.user, { onRead: readNotice, redraw: drawSocial }),
    friendsSection(state.user, { onChange: friendsChanged, redraw: drawSocial, inviteTo: myWaitingTable() }),
  ];
}

/** Redraw the friends and notifications sections, keeping what is typed in their forms. */
function drawSocial() {
  const focused = document.activeElement && document.activeElement.id;
  const kept = [...fieldValues(document.getElementById("friend-form")), ...fieldValues(document.getElementById("email-form"))];
  for (const fresh of socialSections()) {
    if (fresh) document.getElementById(fresh.id)?.replaceWith(fresh);
  }
  restoreFields(kept);
  if (focused) document.getElementById(focused)?.focus();
  document.body.dataset.waiting = String(social.waiting ? social.waiting.count : 0);
}

/** My newest waiting table (the friends list offers to invite to it), or null. */
function myWaitingTable() {
  return (state.lists.mine || []).find((table) => table.status === "waiting") || null;
}

async function friendsChanged() {
  await refreshSocial(state.user);
  drawSocial();
}

/** Take a notification off the page (the list, and the toast if it shows it). */
function dropNotice(id) {
  social.notices = social.notices.filter((other) => other.id !== id);
  const toast = document.getElementById("toast");
  if (toast && toast.dataset.id === String(id)) toast.hidden = true;
  drawSocial();
}

function readNotice(notice) {
  state.channel?.send({ type: "read", id: notice.id });
  dropNotice(notice.id);
}

/** A new notification: on the page at once (and as a browser notification when hidden). */
function showToast(notice) {
  const toast = document.getElementById("toast");
  const { words, link, action } = noticeParts(notice);
  toast.dataset.id = String(notice.id);
  toast.dataset.kind = notice.kind;
  replace(
    toast,
    h("span", {}, words),
    " ",
    link ? h("a", { href: link, class: "notice-link button-link", onclick: () => readNotice(notice) }, t(action)) : null,
    " ",
    h("button", { type: "button", class: "secondary dismiss", onclick: () => readNotice(notice) }, t("notice.dismiss")),
  );
  toast.hidden = false;
  browserNotice(t("app.name"), toast.querySelector("span").textContent, link);
}

function connectChannel() {
  state.channel?.stop();
  state.channel = null;
  if (!state.user) return;
  state.channel = new UserChannel({
    onHello: (hello) => {
      social.mail = hello.mail;
      social.notices = hello.notifications;
      drawSocial();
    },
    onWaiting: async (waiting) => {
      const changed = social.waiting && social.waiting.count !== waiting.count;
      social.waiting = waiting;
      drawSocial();
      if (changed) {
        await refreshLists();
        drawLists();
      }
    },
    onNotification: async (notice) => {
      social.notices = [...social.notices, notice];
      showToast(notice);
      if (notice.kind !== "invite") await refreshSocial(state.user);
      drawSocial();
    },
    // An invitation whose table started or was removed: nothing left to join, and the
    // friend's entry no longer lists that table among their open ones.
    onNotificationClosed: async (id) => {
      await refreshSocial(state.user);
      dropNotice(id);
    },
    onTableFound: goToTable,
    onSignedOut: channelSignedOut,
  });
  state.channel.connect();
}

function draw() {
  const focused = document.activeElement && document.activeElement.id;
  // A language switch or logging in redraws the create form: keep what was chosen in it. The
  // game is state.creating's (a game card's button may just have changed it).
  const chosen = fieldValues(document.getElementById("create-form")).filter(([id]) => id !== "create-game");
  document.title = t("app.name");
  renderHeader(userBox(state.user, loggedOut, () => state.channel?.stop()));
  const main = document.getElementById("main");
  replace(main, 
    h("h1", { class: "visually-hidden" }, t("app.name")),
    accountSection(),
    socialSections(),
    section("games", "lobby.games", h("div", { class: "game-cards" }, state.games.map(gameCard))),
    playNowPart(),
    createSection(),
    listSections(),
    inviteSection(),
    leaderboardSection(),
    ladderSection(),
  );
  restoreFields(chosen);
  if (focused) document.getElementById(focused)?.focus();
  document.body.dataset.playnow = playNow.place.state;
  document.body.dataset.waiting = String(social.waiting ? social.waiting.count : 0);
}

/** The pages of open tables shown so far, one after the other; the page after them is read
 * too, to know whether to offer more. */
async function waitingTables() {
  const pages = [];
  for (let page = 1; page <= waitingPages.shown + 1; page += 1) {
    const tables = await get(`/api/tables?status=waiting&page=${page}`);
    if (tables.length === 0) break;
    pages.push(tables);
  }
  waitingPages.more = pages.length > waitingPages.shown;
  // A table may move from one page to another between two reads: show it once.
  const seen = new Set();
  return pages
    .slice(0, waitingPages.shown)
    .flat()
    .filter((table) => !seen.has(table.id) && seen.add(table.id));
}

async function refreshLists() {
  const [waiting, playing, finished, mine] = await Promise.all([
    waitingTables(),
    get("/api/tables?status=playing"),
    get("/api/tables?status=finished"),
    state.user ? get("/api/my/tables") : Promise.resolve(null),
  ]);
  state.lists = { waiting, playing, finished: finished.slice(0, 20), mine };
}

// Channels opened again by themselves after a 4401 since the page last logged in (see below).
let signedOutReopens = 0;

/** The channel's session ended: someone still logged in (another tab logged in anew) gets a new
 * channel, at most twice in a row; nobody, and the page says the session ended. */
async function channelSignedOut() {
  const closed = state.channel;
  const user = await userAfterSignOut();
  if (state.channel !== closed) return; // replaced meanwhile (logged in or out on this page)
  if (user) {
    if (signedOutReopens < 2) {
      signedOutReopens += 1;
      state.user = user;
      connectChannel();
      draw();
    }
    return;
  }
  state.signedOut = true;
  await loggedOut();
}

async function loggedIn(user) {
  state.user = user;
  state.signedOut = false;
  signedOutReopens = 0;
  await Promise.all([refreshLists(), refreshSocial(user), startPlayNow(user, drawPlayNow)]);
  connectChannel();
  draw();
  document.getElementById("welcome")?.focus();
}

async function loggedOut() {
  state.user = null;
  social.waiting = null;
  social.notices = [];
  connectChannel();
  await Promise.all([refreshLists(), refreshSocial(null), startPlayNow(null, drawPlayNow)]);
  draw();
}

async function main() {
  await initI18n();
  const [user, games, bots] = await Promise.all([currentUser(), get("/api/games"), get("/api/bots")]);
  Object.assign(state, { user, games, bots });
  const renderers = await Promise.all(games.map((game) => loadRenderer(game.name)));
  games.forEach((game, index) => {
    state.renderers[game.name] = renderers[index];
  });
  await Promise.all([refreshLists(), refreshSocial(user), startPlayNow(user, drawPlayNow)]);
  document.body.append(h("div", { id: "toast", class: "toast", role: "status", "aria-live": "polite", hidden: true }));
  connectChannel();
  onLanguageChange(draw);
  draw();
  if (location.hash) document.querySelector(location.hash)?.scrollIntoView();
  // "My games" in the header points here: show the lists as they are now.
  window.addEventListener("hashchange", async () => {
    await refreshLists();
    drawLists();
    if (location.hash) document.querySelector(location.hash)?.scrollIntoView();
  });
  document.body.dataset.ready = "true";
  // The lists change as others open and fill tables: refresh them now and then.
  setInterval(async () => {
    try {
      await Promise.all([refreshLists(), refreshSocial(state.user)]);
      drawLists();
    } catch {
      // The server is unreachable for a moment: keep the lists shown and try again later.
    }
  }, 15000);
}

main();
