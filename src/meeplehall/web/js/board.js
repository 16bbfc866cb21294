// The frame around a game's board on the table and replay pages: a zoom control (buttons,
// ctrl+wheel, pinch; remembered per game), the animation speed, the colour-blind palette and the
// coordinates (js/display.js), and the places lit on the board when a log line, a hint or a
// replay step refers to them.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { coordinatesShown, paletteSetting, setCoordinatesShown, setPalette } from "./display.js";
import { MOTION_SPEEDS, motionSetting, setMotion } from "./motion.js";

export const ZOOM_MIN = 0.75;
export const ZOOM_MAX = 2;
const ZOOM_STEP = 0.25;

function zoomKey(game) {
  return `meeplehall.zoom.${game}`;
}

/** The zoom remembered for `game` (1 when none or unreadable). */
export function zoomFor(game) {
  const stored = Number(localStorage.getItem(zoomKey(game)));
  return Number.isFinite(stored) && stored > 0 ? clampZoom(stored) : 1;
}

function clampZoom(value) {
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(value * 100) / 100));
}

/**
 * Give each zoomed board the width of its frame in its own (zoomed) units, so that at zoom z it
 * lays out exactly as at 100% and is drawn z times larger (a board that fills its width would
 * otherwise just fill the same width). Pages call it after inserting a frame; resizes call it too.
 */
export function fitBoards() {
  for (const viewport of document.querySelectorAll(".board-viewport")) {
    const root = viewport.firstElementChild;
    if (root) root.style.width = `${viewport.clientWidth}px`;
  }
}

window.addEventListener("resize", fitBoards);

/**
 * `root` (the renderer's #game-root) inside its frame: a toolbar and a viewport that scrolls
 * when the zoomed board is wider than the page. `redraw` redraws the page after a setting changes.
 */
export function boardFrame(root, game, redraw) {
  const apply = (value) => {
    const zoom = clampZoom(value);
    localStorage.setItem(zoomKey(game), String(zoom));
    root.style.zoom = String(zoom);
    fitBoards();
    const label = document.getElementById("board-zoom-value");
    if (label) label.textContent = `${Math.round(zoom * 100)}%`;
    for (const [id, disabled] of [["board-zoom-out", zoom <= ZOOM_MIN], ["board-zoom-in", zoom >= ZOOM_MAX]]) {
      const button = document.getElementById(id);
      if (button) button.disabled = disabled;
    }
  };
  const zoom = zoomFor(game);
  root.style.zoom = String(zoom);
  const viewport = h("div", { id: "board-viewport", class: "board-viewport" }, root);
  // ctrl+wheel (and a trackpad pinch, which the browser reports as one) zooms the board only.
  viewport.addEventListener("wheel", (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    apply(zoomFor(game) * Math.exp(-event.deltaY / 300));
  }, { passive: false });
  pinchToZoom(viewport, () => zoomFor(game), apply);
  longPressTips(viewport);
  const button = (id, key, text, onclick, disabled) =>
    h("button", { type: "button", id, class: "secondary board-tool", onclick, disabled, title: t(key), "aria-label": t(key) }, text);
  const toolbar = h(
    "div",
    { class: "board-toolbar", role: "toolbar", "aria-label": t("board.tools") },
    button("board-zoom-out", "board.zoom_out", "−", () => apply(zoomFor(game) - ZOOM_STEP), zoom <= ZOOM_MIN),
    h("button", {
      type: "button", id: "board-zoom-value", class: "link board-zoom-value", title: t("board.zoom_reset"),
      "aria-label": t("board.zoom_reset"), onclick: () => apply(1),
    }, `${Math.round(zoom * 100)}%`),
    button("board-zoom-in", "board.zoom_in", "+", () => apply(zoomFor(game) + ZOOM_STEP), zoom >= ZOOM_MAX),
    h("label", { for: "board-motion", class: "board-motion-label" }, t("board.motion")),
    h("select", { id: "board-motion", onchange: (event) => {
      setMotion(event.target.value);
      redraw();
    } }, MOTION_SPEEDS.map((speed) => h("option", { value: speed, selected: speed === motionSetting() }, t(`board.motion_${speed}`)))),
    toggle("board-palette", "board.palette_safe", paletteSetting() === "safe", (on) => setPalette(on ? "safe" : "standard"), redraw),
    toggle("board-coordinates", "board.coordinates", coordinatesShown(), setCoordinatesShown, redraw),
  );
  return h("div", { class: "board-frame" }, toolbar, viewport);
}

/** A setting of the board's look that is on or off: a pressed button, remembered by `store`. */
function toggle(id, key, on, store, redraw) {
  return h("button", {
    type: "button", id, class: "secondary board-toggle", "aria-pressed": on ? "true" : "false",
    onclick: (event) => {
      const now = event.currentTarget.getAttribute("aria-pressed") !== "true";
      event.currentTarget.setAttribute("aria-pressed", String(now));
      store(now);
      redraw();
    },
  }, t(key));
}

/** Two fingers on the board scale it (the page itself keeps its size). */
function pinchToZoom(node, current, apply) {
  let start = null;
  const spread = (touches) => Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
  node.addEventListener("touchstart", (event) => {
    if (event.touches.length === 2) start = { distance: spread(event.touches), zoom: current() };
  }, { passive: true });
  node.addEventListener("touchmove", (event) => {
    if (!start || event.touches.length !== 2) return;
    event.preventDefault();
    apply(start.zoom * (spread(event.touches) / start.distance));
  }, { passive: false });
  node.addEventListener("touchend", (event) => {
    if (event.touches.length < 2) start = null;
  });
}

/** The tooltip text of `node` or its nearest ancestor that has one (title, or SVG <title>). */
export function tipOf(node, within) {
  for (let at = node; at && at !== within; at = at.parentElement) {
    if (at.getAttribute && at.getAttribute("title")) return at.getAttribute("title");
    const own = at.querySelector && at.querySelector(":scope > title");
    if (own && own.textContent) return own.textContent;
  }
  return "";
}

/**
 * On a touch screen there is no hover: holding a finger on a piece for half a second shows its
 * tooltip in a bubble (the next touch anywhere closes it).
 */
function longPressTips(node) {
  let timer = null;
  const close = () => document.getElementById("board-tip")?.remove();
  node.addEventListener("pointerdown", (event) => {
    close();
    if (event.pointerType !== "touch") return;
    const { clientX, clientY, target } = event;
    timer = setTimeout(() => {
      const text = tipOf(target, node);
      if (!text) return;
      const tip = h("div", { id: "board-tip", class: "board-tip", role: "tooltip" }, text);
      tip.style.left = `${Math.max(8, Math.min(clientX - 120, innerWidth - 248))}px`;
      tip.style.top = `${clientY + 18}px`;
      document.body.append(tip);
    }, 500);
  });
  for (const type of ["pointerup", "pointercancel", "pointermove"]) {
    node.addEventListener(type, (event) => {
      if (type === "pointermove" && Math.abs(event.movementX) + Math.abs(event.movementY) < 6) return;
      clearTimeout(timer);
    });
  }
}

/** The place keys a renderer says `item` ({action} or {event}) refers to; none on failure. */
export function placesOf(renderer, item, ctx) {
  if (!renderer || typeof renderer.places !== "function" || !item) return [];
  try {
    const keys = renderer.places(item, ctx);
    return Array.isArray(keys) ? keys : [];
  } catch (error) {
    console.error(error); // one faulty renderer answer never stops the page
    return [];
  }
}

/** Light exactly the places `keys` on the board in `root` (class mh-spot). */
export function showSpots(root, keys) {
  if (!root) return;
  const wanted = new Set(keys.map(String));
  for (const node of root.querySelectorAll(".mh-spot")) {
    if (!wanted.has(node.dataset.place)) node.classList.remove("mh-spot");
  }
  for (const key of wanted) {
    for (const node of root.querySelectorAll(`[data-place="${CSS.escape(key)}"]`)) node.classList.add("mh-spot");
  }
}
