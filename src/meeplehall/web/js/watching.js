// Watching a table from no seat (a bots-only table, say): pause what is shown, slow it down, and
// jump back to live. The updates keep arriving meanwhile; the table page's playback queue holds
// them, and this module says how fast it may let them out.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The watcher's choices: paused, and the least time between two moves shown (ms). */
export const watching = { paused: false, gap: 0, catchingUp: false };

/** The speeds offered: as the table plays, slower, slowest (ms between moves). */
export const GAPS = [0, 1500, 3000];

/** How long to hold the board after showing an update before the next (ms). */
export function holdAfter() {
  return watching.catchingUp ? 0 : watching.gap;
}

/**
 * The bar over a watched board. `behind` is how many updates are waiting to be shown; the
 * handlers pause or resume, set the gap, and show everything that is waiting at once.
 */
export function watchBar(behind, { onPause, onSpeed, onLive }) {
  return h(
    "div",
    { id: "watch-bar", class: "watch-bar", role: "group", "aria-label": t("watch.controls") },
    h("button", { type: "button", id: "watch-pause", class: "secondary", "aria-pressed": String(watching.paused), onclick: onPause },
      t(watching.paused ? "watch.resume" : "watch.pause")),
    h("label", { for: "watch-speed" }, t("watch.speed")),
    h("select", { id: "watch-speed", onchange: (event) => onSpeed(Number(event.target.value)) },
      GAPS.map((gap) => h("option", { value: gap, selected: gap === watching.gap }, t(`watch.speed_${gap}`)))),
    h("button", { type: "button", id: "watch-live", class: "secondary", onclick: onLive, disabled: !behind && !watching.paused },
      t("watch.live")),
    h("span", { id: "watch-behind", "aria-live": "polite" }, behindText(behind)),
  );
}

function behindText(behind) {
  return behind ? t("watch.behind", { count: behind }) : watching.paused ? "" : t("watch.at_live");
}

/** Refresh the bar's count without redrawing the page (an update was queued). */
export function showBehind(behind) {
  const line = document.getElementById("watch-behind");
  if (line) line.textContent = behindText(behind);
  const live = document.getElementById("watch-live");
  if (live) live.disabled = !behind && !watching.paused;
}
