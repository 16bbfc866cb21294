// "Play from here": on a finished game's replay, the form that opens a new unrated table at the
// position shown (POST /api/tables/{id}/practice), and the line a practice table shows to say
// where it came from.

import { post } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { at } from "./paths.js";

/** The form's state, kept by the page across its redraws: the person in seat 1, bots elsewhere. */
export function practiceState(players, levels) {
  const bot = `bot:${levels.includes(2) ? 2 : levels[0]}`;
  return {
    open: false,
    levels,
    seats: Array.from({ length: players }, (_, seat) => (seat === 0 ? "me" : bot)),
    visibility: "public",
    hints: false,
    busy: false,
    error: null, // an ApiError: its message is read at each draw, in the language of the moment
  };
}

/** "From move 12 of table #40", a link to that position of the source's replay; null if none. */
export function originLine(table) {
  const origin = table.origin;
  if (!origin) return null;
  const text = t("practice.origin", { step: origin.step, table: origin.table ?? "?" });
  return h("p", { id: "table-origin", class: "help" }, origin.table === null ? text
    : h("a", { href: at(`replay.html?id=${origin.table}&step=${origin.step}`) }, text));
}

/**
 * The "Play from here" button, and the form under it while open. `source` is {table, step,
 * total, invite, names}; `redraw` draws the page again after a change of the form.
 */
export function practiceBlock(state, source, redraw) {
  const over = source.step >= source.total;
  const button = h("button", {
    type: "button", id: "play-from-here", "aria-expanded": String(state.open), disabled: over,
    title: over ? t("practice.over") : t("practice.button_help"),
    onclick: () => {
      state.open = !state.open;
      state.error = null;
      redraw();
    },
  }, t("practice.button"));
  if (!state.open || over) return h("div", { class: "practice" }, button);
  return h("div", { class: "practice" }, button, practiceForm(state, source, redraw));
}

function practiceForm(state, source, redraw) {
  const privateSource = source.table.visibility === "private";
  const seatRows = state.seats.map((choice, seat) => {
    const id = `practice-seat-${seat}`;
    return h("div", { class: "form-row" },
      h("label", { for: id }, t("practice.seat", { seat: seat + 1, name: source.names[seat] })),
      h("select", { id, onchange: (event) => { state.seats[seat] = event.target.value; } },
        h("option", { value: "me", selected: choice === "me" }, t("practice.me")),
        state.levels.map((level) => h("option", { value: `bot:${level}`, selected: choice === `bot:${level}` },
          t("practice.bot", { level })))));
  });
  const submit = async (event) => {
    event.preventDefault();
    state.busy = true;
    state.error = null;
    redraw();
    try {
      const table = await post(`/api/tables/${source.table.id}/practice`, {
        step: source.step,
        seats: state.seats.map((choice) => (choice === "me" ? { player: "me" }
          : { player: "bot", level: Number(choice.split(":")[1]) })),
        visibility: privateSource ? "private" : state.visibility,
        hints: state.hints,
        invite: source.invite || null,
      });
      location.href = at(`tables/${table.id}`);
    } catch (error) {
      state.busy = false;
      state.error = error;
      redraw();
    }
  };
  return h("form", { id: "practice-form", class: "practice-form", "aria-labelledby": "practice-title", onsubmit: submit },
    h("h3", { id: "practice-title" }, t("practice.title", { step: source.step })),
    h("p", { class: "help" }, t("practice.intro")),
    seatRows,
    h("div", { class: "form-row" },
      h("label", { for: "practice-visibility" }, t("practice.visibility")),
      h("select", { id: "practice-visibility", disabled: privateSource,
        onchange: (event) => { state.visibility = event.target.value; } },
      ["public", "private"].map((value) => h("option", {
        value, selected: (privateSource ? "private" : state.visibility) === value,
      }, t(`practice.${value}`))))),
    privateSource ? h("p", { class: "help" }, t("practice.stays_private")) : null,
    h("div", { class: "form-row" },
      h("label", {},
        h("input", { type: "checkbox", id: "practice-hints", checked: state.hints,
          onchange: (event) => { state.hints = event.target.checked; } }),
        " ", t("practice.hints"))),
    state.error ? h("p", { id: "practice-error", class: "form-error", role: "alert" }, state.error.message) : null,
    h("div", { class: "form-actions" },
      h("button", { type: "submit", id: "practice-start", disabled: state.busy }, t("practice.start")),
      h("button", { type: "button", id: "practice-cancel", onclick: () => {
        state.open = false;
        state.error = null;
        redraw();
      } }, t("practice.cancel"))));
}
