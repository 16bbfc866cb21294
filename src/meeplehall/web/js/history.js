// A player's history: every finished game of theirs the reader may see, filtered by game,
// result, rated or not and opponent, a page at a time.

import { userBox } from "./account.js";
import { get } from "./api.js";
import { fieldValues, h, param, replace, restoreFields } from "./dom.js";
import { renderHeader } from "./header.js";
import { initI18n, onLanguageChange, t } from "./i18n.js";
import { withName } from "./bidi.js";
import { gameRow, gameTitle, loadShared } from "./records.js";
import { at } from "./paths.js";

const PAGE = 25;
const page = { id: param("id"), user: null, name: null, catalog: [], renderers: {}, entries: [], more: false, error: null, filters: {} };

async function load(append = false) {
  const query = new URLSearchParams({ limit: String(PAGE + 1), offset: String(append ? page.entries.length : 0) });
  for (const [key, value] of Object.entries(page.filters)) if (value) query.set(key, value);
  try {
    const entries = await get(`/api/players/${encodeURIComponent(page.id)}/history?${query}`);
    page.more = entries.length > PAGE;
    page.entries = [...(append ? page.entries : []), ...entries.slice(0, PAGE)];
    page.error = null;
  } catch (error) {
    page.entries = [];
    page.more = false;
    page.error = error;
  }
  draw();
}

function select(id, labelKey, options) {
  return h("div", { class: "field" }, h("label", { for: id }, t(labelKey)),
    h("select", { id, name: id }, options.map(([value, label]) => h("option", { value, selected: page.filters[id] === value }, label))));
}

function filtersForm() {
  return h("form", { id: "history-filters", class: "history-filters", onsubmit: (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    page.filters = Object.fromEntries(["game", "result", "rated", "opponent"].map((key) => [key, form.elements[key].value.trim()]));
    load();
  } },
  select("game", "history.game", [["", t("history.any")], ...page.catalog.map((entry) => [entry.name, gameTitle(page.catalog, page.renderers, entry.name)])]),
  select("result", "history.result", [["", t("history.any")], ["win", t("history.win")], ["loss", t("history.loss")]]),
  select("rated", "history.rated", [["", t("history.any")], ["true", t("history.rated_only")], ["false", t("history.unrated_only")]]),
  h("div", { class: "field" }, h("label", { for: "opponent" }, t("history.opponent")),
    h("input", { id: "opponent", name: "opponent", maxlength: 32, value: page.filters.opponent || "" })),
  h("button", { type: "submit", id: "history-apply" }, t("history.apply")));
}

function draw() {
  renderHeader(userBox(page.user, () => location.reload()));
  const main = document.getElementById("main");
  const kept = fieldValues(document.getElementById("history-filters"));
  const list = page.error
    ? h("p", { class: "form-error", role: "alert", id: "history-error" }, page.error.message)
    : page.entries.length
      ? h("ul", { class: "record-list", id: "history-list" }, page.entries.map((entry) => gameRow(entry, page)))
      : h("p", { class: "empty", id: "history-empty" }, t("history.empty"));
  replace(main,
    h("h1", {}, page.name ? withName("history.title", {}, page.name) : t("player.all_games")),
    filtersForm(),
    list,
    page.more ? h("button", { type: "button", id: "history-more", onclick: () => load(true) }, t("history.more")) : null,
    h("p", {}, h("a", { href: at(`player.html?id=${encodeURIComponent(page.id)}`), class: "button-link" }, t("history.back"))));
  restoreFields(kept);
  document.title = `${page.name || ""} · ${t("app.name")}`;
}

async function main() {
  await initI18n();
  onLanguageChange(draw);
  Object.assign(page, await loadShared());
  try {
    page.name = (await get(`/api/players/${encodeURIComponent(page.id)}`)).user.name;
  } catch {
    page.name = null; // the history's own answer says why
  }
  await load();
  document.body.dataset.ready = "true";
}

main();
