// What just happened, shown as movement: the pieces of a board slide from where they were before
// an update to where they are after it (FLIP, with the Web Animations API).
//
// A renderer names its pieces and places (see web/README.md, "Board contract"):
//   data-piece="k"   a piece with a stable identity: it slides from its old position;
//   data-from="k"    on a new piece: it slides from where place or piece k was before the update;
//   data-appear      on a new piece: it fades and grows in;
//   class mh-rise    a mark (such as "+5") that floats up and fades out (hidden when not animated);
//   data-place="k"   a place (market slot, space, cell) a new piece may come from.

const STORAGE_KEY = "meeplehall.motion";
export const MOTION_SPEEDS = ["normal", "fast", "off"];
const DURATION_MS = { normal: 320, fast: 160, off: 0 };
/** How long a renderer's own animation may hold the next update back, beyond its duration. */
const GRACE_MS = 150;

/** The reader's chosen speed; without a choice, "off" when the system asks for reduced motion. */
export function motionSetting() {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (MOTION_SPEEDS.includes(stored)) return stored;
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "off" : "normal";
}

export function setMotion(speed) {
  if (MOTION_SPEEDS.includes(speed)) localStorage.setItem(STORAGE_KEY, speed);
}

/**
 * The time one update's animation takes at `speed`: shorter while more updates wait behind it,
 * so a burst of moves plays back in order without falling far behind; none in a hidden tab.
 */
export function durationFor(speed, waiting = 0) {
  if (document.hidden) return 0;
  const base = DURATION_MS[speed] ?? 0;
  return waiting > 2 ? Math.max(120, Math.round(base / (1 + (waiting - 2) / 3))) : base;
}

/** Where every piece and place of `root` is now (screen rectangles), before an update. */
export function snapshot(root) {
  const rects = new Map();
  if (!root) return rects;
  for (const node of root.querySelectorAll("[data-piece], [data-place]")) {
    const rect = node.getBoundingClientRect();
    if (!rect.width && !rect.height) continue;
    if (node.dataset.piece !== undefined) rects.set(`piece:${node.dataset.piece}`, rect);
    if (node.dataset.place !== undefined) rects.set(`place:${node.dataset.place}`, rect);
  }
  return rects;
}

function centre(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/**
 * How many screen pixels one unit of `node`'s CSS `translate` moves it: SVG shapes translate in
 * their parent's user units, and a zoomed board scales everything, so it is measured.
 */
function translateScale(node) {
  const before = node.getBoundingClientRect();
  const saved = node.style.translate;
  node.style.translate = "100px 100px";
  const after = node.getBoundingClientRect();
  node.style.translate = saved;
  const sx = (after.left - before.left) / 100;
  const sy = (after.top - before.top) / 100;
  return { sx: sx || 1, sy: sy || 1 };
}

function slide(node, from, duration) {
  const to = centre(node.getBoundingClientRect());
  const start = centre(from);
  const dx = start.x - to.x;
  const dy = start.y - to.y;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return null;
  const { sx, sy } = translateScale(node);
  return node.animate(
    [{ translate: `${dx / sx}px ${dy / sy}px` }, { translate: "0px 0px" }],
    { duration, easing: "cubic-bezier(.2,.7,.3,1)" },
  );
}

function appear(node, duration) {
  node.style.transformBox = "fill-box";
  node.style.transformOrigin = "center";
  return node.animate(
    [{ opacity: 0, scale: "0.6" }, { opacity: 1, scale: "1" }],
    { duration, easing: "ease-out" },
  );
}

function rise(node, duration) {
  const { sy } = translateScale(node);
  return node.animate(
    [
      { opacity: 0, translate: "0px 0px" },
      { opacity: 1, translate: `0px ${-12 / sy}px`, offset: 0.25 },
      { opacity: 0, translate: `0px ${-36 / sy}px` },
    ],
    { duration: duration * 2.5, easing: "ease-out" },
  );
}

/** Animate `root` from the rectangles `before` (a snapshot) to now; resolves when done. */
export function play(root, before, duration) {
  if (!root || duration <= 0) return Promise.resolve();
  const running = [];
  for (const node of root.querySelectorAll("[data-piece]")) {
    const old = before.get(`piece:${node.dataset.piece}`);
    const source = old || (node.dataset.from !== undefined
      ? before.get(`place:${node.dataset.from}`) || before.get(`piece:${node.dataset.from}`)
      : undefined);
    const animation = source ? slide(node, source, duration)
      : node.hasAttribute("data-appear") ? appear(node, duration) : null;
    if (animation) running.push(animation);
  }
  for (const node of root.querySelectorAll(".mh-rise")) running.push(rise(node, duration));
  return settle(running.map((animation) => animation.finished), duration * 2.5 + GRACE_MS);
}

/** Wait for `promises`, but never longer than `capMs` (a lost animation never stalls a table). */
export function settle(promises, capMs) {
  const done = Promise.allSettled(promises);
  return Promise.race([done, new Promise((resolve) => setTimeout(resolve, capMs))]);
}

/** A renderer's own animation (its optional `animate` hook), capped in time like the others. */
export function playRenderer(renderer, root, info) {
  if (!renderer || typeof renderer.animate !== "function" || info.duration <= 0) return Promise.resolve();
  try {
    const result = renderer.animate(root, info);
    return result && typeof result.then === "function"
      ? settle([result], info.duration * 2.5 + GRACE_MS)
      : Promise.resolve();
  } catch (error) {
    console.error(error);
    return Promise.resolve();
  }
}
