// The generic renderer: used for a game that has no renderer of its own. It follows the same
// contract as web/games/<game>/index.js: the legal actions are offered as buttons by their
// labels, and the view is shown as data.

import { h } from "./dom.js";

export function render(root, ctx) {
  const actions = h(
    "div",
    { class: "generic-actions", role: "group", "aria-label": ctx.t("generic.actions") },
    ctx.legal.map((action, index) =>
      h(
        "button",
        {
          type: "button",
          class: "choice",
          dataset: { legal: String(index) },
          onclick: () => ctx.send(action),
        },
        ctx.labels[index] ?? JSON.stringify(action),
      ),
    ),
  );
  const data = h(
    "details",
    { class: "generic-view", open: ctx.legal.length === 0 },
    h("summary", {}, ctx.t("generic.view")),
    h("pre", {}, JSON.stringify(ctx.view, null, 1)),
  );
  root.append(actions, data);
}

export function prompt(view, legal, ctx) {
  return ctx.t("generic.prompt", { count: legal.length });
}

function words(text) {
  return String(text).replace(/_/g, " ");
}

function valueText(value) {
  if (Array.isArray(value)) return value.map(valueText).join(" ");
  if (value && typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export function eventText(event, ctx) {
  const details = Object.entries(event)
    .filter(([key]) => key !== "type" && key !== "private" && key !== "seat")
    .map(([key, value]) => `${words(key)} ${valueText(value)}`);
  const who = typeof event.seat === "number" ? `${ctx.seatName(event.seat)}: ` : "";
  return `${who}${words(event.type)}${details.length ? ` (${details.join(", ")})` : ""}`;
}

export function scores(view) {
  return Array.isArray(view && view.scores) && view.scores.every((x) => typeof x === "number")
    ? view.scores
    : null;
}

export const texts = { en: {}, ja: {}, ko: {} };
