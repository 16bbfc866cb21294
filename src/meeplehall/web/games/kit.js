// Small helpers shared by the game renderers: element builders, SVG, clickable choices, names.
//
// Interaction contract (tests and keyboard users rely on it): an element that advances a local
// choice carries data-choice, an element that sends a legal action carries data-legal=<index>.
// SVG shapes that are clickable get role=button and tabindex=0 and answer Enter and Space.

import { h, s } from "../js/dom.js";
import { coordinatesShown, paletteSetting } from "../js/display.js";

/**
 * A colour table that follows the reader's palette: `{key: entry}` whose entries are read from
 * `safe` when the colour-blind palette is chosen, else from `standard` (same keys in both).
 */
export function paletteTable(standard, safe) {
  const table = {};
  for (const key of Object.keys(standard)) {
    Object.defineProperty(table, key, { enumerable: true, get: () => (paletteSetting() === "safe" ? safe : standard)[key] });
  }
  return Object.freeze(table);
}

/**
 * A place said in words for the page: the words alone, or with the board's coordinate after
 * them in parentheses when the reader turned coordinates on (js/display.js).
 */
export function placeText(words, coordinate) {
  return coordinate && coordinatesShown() ? `${words} (${coordinate})` : words;
}

/** Whether the reader shows coordinates (for a text that has only a coordinate to give). */
export { coordinatesShown };

/** A place said for a screen reader (an aria-label): the words and always the coordinate. */
export function placeAria(words, coordinate) {
  return coordinate ? `${words} (${coordinate})` : words;
}

/** An HTML element: el("div", {class: "x", onclick: fn}, [children or strings]). */
export function el(tag, attrs = {}, children = []) {
  return h(tag, attrs, children);
}

/** An SVG element, same calling convention as el(). */
export function svg(tag, attrs = {}, children = []) {
  return s(tag, attrs, children);
}

/** Make any element (an SVG shape) act as a button: focusable, Enter/Space activate it. */
export function clickable(node, onActivate, label) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  if (label) node.setAttribute("aria-label", label);
  node.addEventListener("click", (event) => {
    event.stopPropagation();
    onActivate(event);
  });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onActivate(event);
    }
  });
  return node;
}

/**
 * Mark node as sending legal[index] when activated. `piece`: the action takes a piece to place
 * next (a Pyramido domino): played from the keyboard, the focus goes to the first place it can go
 * once the board offers them (the renderer calls `focusPlacesIfAwaited`).
 */
export function legalAction(node, ctx, index, label, { piece = false } = {}) {
  node.dataset.legal = String(index);
  const act = (event) => {
    // A button's click from Enter or Space has no pointer behind it (detail 0); an SVG shape's
    // activation comes from its keydown.
    if (piece && (event.type === "keydown" || event.detail === 0)) placesAwaited = true;
    ctx.send(ctx.legal[index]);
  };
  if (node instanceof HTMLButtonElement) {
    node.addEventListener("click", act);
    if (label) node.setAttribute("aria-label", label);
    return node;
  }
  return clickable(node, act, label);
}

/** A piece was taken from the keyboard and its places are not drawn yet. */
let placesAwaited = false;

/**
 * Called by a renderer that has just drawn the places of a piece taken with `legalAction(...,
 * {piece: true})`: if it was taken from the keyboard, focus the first place once the page has
 * put the board in and finished its redraw (which restores the old focus first).
 */
export function focusPlacesIfAwaited() {
  if (!placesAwaited) return;
  placesAwaited = false;
  setTimeout(focusFirstPlace, 0);
}

/**
 * Called by a renderer that asks for one more step before the taken piece's places (Pyramido's
 * pile to turn face up): from the keyboard, the focus goes to the first control of that step,
 * and the places are still awaited.
 */
export function focusStepIfAwaited(selector) {
  if (placesAwaited) setTimeout(() => document.querySelector(`#game-root ${selector}`)?.focus(), 0);
}

/** Mark node as a local choice (no message to the server). */
export function choice(node, name, onChoose, label) {
  node.dataset.choice = name;
  if (node instanceof HTMLButtonElement) {
    node.addEventListener("click", onChoose);
    if (label) node.setAttribute("aria-label", label);
    return node;
  }
  return clickable(node, onChoose, label);
}

/** A <button> that sends legal[index]. */
export function legalButton(ctx, index, text, extraClass = "") {
  const button = el("button", { type: "button", class: `mh-btn ${extraClass}`.trim() }, [text]);
  return legalAction(button, ctx, index);
}

/**
 * A <button> for a local choice. `piece`: it picks a piece to play (a cube, a unit): chosen from
 * the keyboard, the focus then goes to the first place the piece can go, one Tab stop from
 * playing it, instead of staying at the top of a long list of tab stops.
 */
export function choiceButton(name, text, onChoose, { pressed = false, extraClass = "", piece = false } = {}) {
  const button = el("button", {
    type: "button",
    class: `mh-btn ${extraClass}`.trim(),
    "aria-pressed": pressed ? "true" : "false",
  }, [text]);
  const chosen = (event) => {
    onChoose(event);
    // A button's click from Enter or Space has no pointer behind it (detail 0).
    if (piece && event.detail === 0) focusFirstPlace();
  };
  return choice(button, name, chosen);
}

/** Focus the first place of the board that plays an action, else the first one to choose. */
function focusFirstPlace() {
  const place = document.querySelector("#game-root [data-legal]") || document.querySelector("#game-root svg [data-choice]");
  place?.focus();
}

/** Indices of the legal actions matching a predicate, with the action. */
export function legalWhere(legal, predicate) {
  const found = [];
  (legal || []).forEach((action, index) => {
    if (predicate(action)) found.push({ action, index });
  });
  return found;
}

/** The display name of a seat. */
export function seatName(ctx, seat) {
  if (seat === null || seat === undefined) return "?";
  if (typeof ctx.seatName === "function") return ctx.seatName(seat);
  const player = (ctx.players || []).find((p) => p.seat === seat);
  if (player && player.name) return player.name;
  return ctx.t("seat_n", { n: seat + 1 });
}

/** ctx.t with a guaranteed {placeholder} fill (whatever translator the shell hands us). */
export function tr(ctx, key, params) {
  const text = ctx.t(key, params);
  if (!params) return text;
  return String(text).replace(/\{(\w+)\}/g, (whole, name) =>
    params[name] !== undefined && params[name] !== null ? String(params[name]) : whole,
  );
}

/** Load a stylesheet once per page (the renderer's own CSS next to its module). */
export function ensureStyles(href) {
  if (document.querySelector(`link[data-game-css="${href}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.dataset.gameCss = href;
  document.head.append(link);
}

/** Re-render support: a renderer keeps its last root and ctx to redraw after a local choice. */
export function redrawer(draw) {
  let last = null;
  return {
    render(root, ctx) {
      last = { root, ctx };
      root.replaceChildren();
      draw(root, ctx);
    },
    redraw() {
      if (!last) return;
      // Keep the keyboard focus on the same kind of control after a local redraw.
      const active = document.activeElement;
      const key = active && last.root.contains(active) ? focusKey(active) : null;
      last.root.replaceChildren();
      draw(last.root, last.ctx);
      if (key) {
        const again = last.root.querySelector(key);
        if (again) again.focus();
      }
    },
  };
}

function focusKey(node) {
  if (node.dataset && node.dataset.choice) return `[data-choice="${CSS.escape(node.dataset.choice)}"]`;
  if (node.dataset && node.dataset.legal) return `[data-legal="${CSS.escape(node.dataset.legal)}"]`;
  return null;
}

/** Whether the viewing seat may act now (has legal actions). */
export function canAct(ctx) {
  return Array.isArray(ctx.legal) && ctx.legal.length > 0;
}

/** A heading + body section. */
export function section(title, children, extraClass = "") {
  return el("section", { class: `mh-section ${extraClass}`.trim() }, [
    el("h3", { class: "mh-section-title" }, [title]),
    ...[].concat(children),
  ]);
}

/** A renderer text outside a render (breakdownParts): the page's language, else English. */
export function pageText(texts, key) {
  const lang = document.documentElement.lang || "en";
  return (texts[lang] || {})[key] ?? (texts.en || {})[key] ?? key;
}

/**
 * Outline `node` as part of `seat`'s last move, in that seat's colour (class mh-last; the shell's
 * stylesheet draws it). Renderers call it on what `ctx.lastMoves[seat]` placed or took, and on
 * the place it came from.
 */
export function markLast(node, seat, ctx) {
  if (!node || seat === null || seat === undefined) return node;
  node.classList.add("mh-last");
  node.dataset.lastSeat = String(seat);
  const colour = typeof ctx.seatColour === "function" ? ctx.seatColour(seat) : null;
  if (colour) node.style.setProperty("--last-colour", colour);
  return node;
}

/** The last moves of the seats, as the shell hands them over (an empty list when it has none). */
export function lastMoves(ctx) {
  return (ctx.lastMoves || []).filter(Boolean);
}
