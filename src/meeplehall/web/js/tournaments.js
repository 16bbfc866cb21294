// The tournaments page: the lists, a form to organise one, and one tournament (?id=N) with its
// registration, standings and each round's tables (links to watch them and their replays).

import { userBox } from "./account.js";
import { currentUser, get, post } from "./api.js";
import { nameNode } from "./bidi.js";
import { h, replace } from "./dom.js";
import { renderHeader } from "./header.js";
import { initI18n, onLanguageChange, t } from "./i18n.js";
import { at } from "./paths.js";
import { loadRenderer, rendererText } from "./renderers.js";

const REFRESH_MS = 5000;
const STATUSES = ["registering", "playing", "finished"];
const state = { user: null, games: [], renderers: {}, lists: {}, tournament: null, error: null };
const chosenId = Number(new URLSearchParams(location.search).get("id")) || null;

/** A game's title in the reader's language (its renderer's texts), else the server's. */
function titleOf(game) {
  const known = state.games.find((g) => g.name === game);
  return rendererText(state.renderers[game], "title") || (known ? known.title : game);
}

function section(id, titleKey, ...children) {
  return h("section", { id, "aria-labelledby": `${id}-title` }, h("h2", { id: `${id}-title` }, t(titleKey)), children);
}

function speed(tournament) {
  if (tournament.mode === "live") return t("tournaments.live", { min: Math.round(tournament.initial_seconds / 60), inc: tournament.increment_seconds });
  return t("tournaments.turn", { hours: tournament.move_deadline_hours });
}

function summaryLine(tournament) {
  return t("tournaments.summary", {
    game: titleOf(tournament.game),
    system: t(`tournaments.system_${tournament.system}`),
    entrants: tournament.entrants,
    capacity: tournament.capacity,
    speed: speed(tournament),
  });
}

function listItem(tournament) {
  return h("li", { class: "tournament-row", dataset: { id: tournament.id } },
    h("a", { href: at(`tournaments.html?id=${tournament.id}`) }, tournament.name),
    " ", h("span", { class: "muted" }, summaryLine(tournament)),
    tournament.rated ? h("span", { class: "badge" }, t("create.rated")) : null);
}

function listsSection() {
  return STATUSES.map((status) => section(`tournaments-${status}`, `tournaments.list_${status}`,
    (state.lists[status] || []).length
      ? h("ul", { class: "table-list" }, state.lists[status].map(listItem))
      : h("p", { class: "empty" }, t("tournaments.none"))));
}

function field(id, key, input) {
  return [h("label", { for: id }, t(key)), input];
}

function createSection() {
  if (!state.user || state.user.guest) return section("tournament-create", "tournaments.create", h("p", {}, t("tournaments.register_to_organise")));
  const status = h("p", { class: "form-error", role: "alert" }, state.error ? state.error.message : "");
  return section("tournament-create", "tournaments.create", h("form", {
    id: "tournament-form",
    onsubmit: async (event) => {
      event.preventDefault();
      const data = new FormData(event.target);
      const body = {
        name: data.get("t-name"), game: data.get("t-game"), system: data.get("t-system"),
        capacity: Number(data.get("t-capacity")), mode: data.get("t-mode"), rated: data.get("t-rated") === "on",
      };
      if (body.system === "swiss" && data.get("t-rounds")) body.rounds = Number(data.get("t-rounds"));
      try {
        const made = await post("/api/tournaments", body);
        location.href = at(`tournaments.html?id=${made.id}`);
      } catch (error) {
        state.error = error;
        status.textContent = error.message;
      }
    },
  }, h("div", { class: "form-grid" },
    field("t-name", "tournaments.name", h("input", { id: "t-name", name: "t-name", required: true, maxlength: 60 })),
    field("t-game", "create.game", h("select", { id: "t-game", name: "t-game" }, state.games.map((g) => h("option", { value: g.name }, titleOf(g.name))))),
    field("t-system", "tournaments.system", h("select", { id: "t-system", name: "t-system" },
      ["swiss", "round_robin"].map((s) => h("option", { value: s }, t(`tournaments.system_${s}`))))),
    field("t-capacity", "tournaments.capacity", h("input", { id: "t-capacity", name: "t-capacity", type: "number", min: 4, max: 64, value: 16 })),
    field("t-rounds", "tournaments.rounds", h("input", { id: "t-rounds", name: "t-rounds", type: "number", min: 1, max: 12, placeholder: "4" })),
    field("t-mode", "create.mode", h("select", { id: "t-mode", name: "t-mode" },
      h("option", { value: "live" }, t("create.mode_live")), h("option", { value: "turn" }, t("create.mode_turn")))),
    field("t-rated", "create.rated", h("input", { id: "t-rated", name: "t-rated", type: "checkbox" })),
  ), h("button", { type: "submit" }, t("tournaments.create_button")), status));
}

function act(path) {
  return async () => {
    try {
      state.tournament = await post(`/api/tournaments/${chosenId}/${path}`);
      state.error = null;
    } catch (error) {
      state.error = error;
    }
    draw();
  };
}

function actions(tournament) {
  if (!state.user || tournament.status !== "registering") return null;
  const mine = tournament.owner && tournament.owner.id === state.user.id;
  return h("div", { class: "form-actions" },
    tournament.registered
      ? h("button", { type: "button", id: "t-unregister", class: "secondary", onclick: act("unregister") }, t("tournaments.unregister"))
      : h("button", { type: "button", id: "t-register", onclick: act("register") }, t("tournaments.register")),
    mine ? h("button", { type: "button", id: "t-start", onclick: act("start") }, t("tournaments.start")) : null,
    mine ? h("button", { type: "button", id: "t-cancel", class: "secondary", onclick: act("cancel") }, t("tournaments.cancel")) : null);
}

function standings(tournament) {
  if (!tournament.standings.length) return h("p", { class: "empty" }, t("tournaments.nobody"));
  return h("table", { class: "leaderboard standings" },
    h("thead", {}, h("tr", {}, ["tournaments.rank", "leaderboard.player", "tournaments.points", "tournaments.tiebreak"].map((key) => h("th", { scope: "col" }, t(key))))),
    h("tbody", {}, tournament.standings.map((row) => h("tr", {},
      h("td", {}, row.rank), h("td", {}, nameNode(row.person.name)), h("td", {}, row.points), h("td", {}, row.buchholz)))));
}

function roundTable(entry) {
  if (entry.bye) return h("li", { class: "bye" }, t("tournaments.bye", { name: entry.bye.name }));
  const names = entry.people.map((p) => (p ? p.name : "?")).join(" · ");
  const link = entry.status === "finished"
    ? h("a", { href: at(`replay.html?id=${entry.table}`) }, t("tournaments.replay"))
    : h("a", { href: at(`tables/${entry.table}`) }, t("tournaments.watch"));
  return h("li", { class: "round-table", dataset: { table: entry.table } }, names, " — ", link);
}

function detailSection(tournament) {
  return [
    h("section", { id: "tournament", "aria-labelledby": "tournament-name" },
      h("h2", { id: "tournament-name" }, tournament.name),
      h("p", {}, summaryLine(tournament)),
      h("p", { id: "tournament-status", dataset: { status: tournament.status } },
        t(`tournaments.status_${tournament.status}`, { round: tournament.round, rounds: tournament.rounds })),
      tournament.owner ? h("p", { class: "muted" }, t("tournaments.organiser", { name: tournament.owner.name })) : null,
      actions(tournament),
      h("p", { class: "form-error", role: "alert" }, state.error ? state.error.message : ""),
      h("p", { class: "muted" }, t("tournaments.rule"))),
    section("tournament-standings", "tournaments.standings", standings(tournament)),
    section("tournament-rounds", "tournaments.rounds_title",
      tournament.schedule.length === 0 ? h("p", { class: "empty" }, t("tournaments.no_rounds")) : null,
      tournament.schedule.map((round) => h("div", { class: "round" },
        h("h3", {}, t("tournaments.round", { n: round.round })),
        h("ul", { class: "table-list" }, round.tables.map(roundTable))))),
  ];
}

function draw() {
  document.title = `${t("nav.tournaments")} · ${t("app.name")}`;
  renderHeader(userBox(state.user, () => location.reload(), () => {}));
  replace(document.getElementById("main"),
    h("h1", {}, t("nav.tournaments")),
    chosenId && state.tournament ? detailSection(state.tournament) : [createSection(), listsSection()]);
  document.body.dataset.ready = "true";
}

async function refresh() {
  if (chosenId) state.tournament = await get(`/api/tournaments/${chosenId}`);
  else {
    const lists = await Promise.all(STATUSES.map((status) => get(`/api/tournaments?status=${status}`)));
    state.lists = Object.fromEntries(STATUSES.map((status, i) => [status, lists[i]]));
  }
}

async function main() {
  await initI18n();
  [state.user, state.games] = await Promise.all([currentUser(), get("/api/games")]);
  const renderers = await Promise.all(state.games.map((game) => loadRenderer(game.name)));
  state.games.forEach((game, index) => {
    state.renderers[game.name] = renderers[index];
  });
  await refresh();
  onLanguageChange(draw);
  draw();
  setInterval(async () => {
    if (document.activeElement && document.activeElement.closest("form")) return; // typing
    try {
      await refresh();
      draw();
    } catch {
      // The server is unreachable for a moment: try again later.
    }
  }, REFRESH_MS);
}

main();
