// The players panel of a table: colour, name, score, status and a clock ticking locally.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { nameNode } from "./bidi.js";
import { agentMark, playerHref } from "./people.js";
import { seatName } from "./tablelist.js";

export const SEAT_COLOURS = ["#c0392b", "#2471a3", "#1e8449", "#b7950b", "#7d3c98", "#ca6f1e"];

let gameColours = null;

/**
 * Use the game's own seat colours (a renderer's optional `seatColours(view)`: one CSS colour per
 * seat, e.g. the factions' colours) so the panel matches the board; null for the shell's.
 */
export function useSeatColours(renderer, view) {
  gameColours = null;
  if (!view || typeof renderer.seatColours !== "function") return;
  try {
    const colours = renderer.seatColours(view);
    if (Array.isArray(colours)) gameColours = colours;
  } catch (error) {
    console.error(error);
  }
}

export function seatColour(seat) {
  return (gameColours && gameColours[seat]) || SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

/**
 * What a clock shows: a live time bank as m:ss (h:mm:ss past an hour); a turn's deadline in
 * units, always in the same shape ("1 d 23 h", "5 h 12 min", "12 min", "40 s"), however far.
 */
export function formatDuration(ms, mode = "live") {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (mode === "turn") {
    if (hours >= 24) return t("clock.days", { days: Math.floor(hours / 24), hours: hours % 24 });
    if (hours) return t("clock.hours", { hours, minutes });
    return minutes ? t("clock.minutes", { minutes }) : t("clock.seconds", { seconds });
  }
  const two = (n) => String(n).padStart(2, "0");
  return hours ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

/** What a seat's clock shows now, from the last `clocks` entry and when it arrived. */
export function clockRemaining(clock, receivedAt, mode, now = Date.now()) {
  if (!clock) return null;
  if (mode === "turn") {
    return clock.deadline ? clock.deadline * 1000 - now : null;
  }
  if (clock.remaining_ms === null || clock.remaining_ms === undefined) return null;
  return clock.running ? clock.remaining_ms - (now - receivedAt) : clock.remaining_ms;
}

export function seatStatus(seat, game) {
  const replaced = game.replaced && game.replaced[seat];
  if (game.status === "finished") return "done";
  if (game.status !== "playing") return game.table.seats[seat].user || game.table.seats[seat].bot_level !== null ? "seated" : "open";
  const info = game.table.seats[seat];
  const toMove = game.toMove.includes(seat);
  if (toMove) return info.bot_level !== null || replaced ? "thinking" : "to_move";
  // At a simultaneous step, a seat that has already chosen is done while others still think.
  if (game.stepSeats.length > 1 && game.stepSeats.includes(seat) && game.toMove.length) return "done";
  return "waiting";
}

/** The panel; `game` is the table page's state, `scores` per seat or null. */
export function playersPanel(game, scores) {
  const rows = game.table.seats.map((info) => {
    const seat = info.seat;
    const status = seatStatus(seat, game);
    const clock = game.clocks.find((c) => c.seat === seat);
    const replaced = game.replaced && game.replaced[seat];
    return h(
      "li",
      {
        class: `player status-${status}${seat === game.seat ? " viewed" : ""}${game.mySeats.includes(seat) ? " mine" : ""}`,
        dataset: { seat: String(seat), status },
        style: `--seat-colour: ${seatColour(seat)}`,
      },
      h("span", { class: "seat-badge", "aria-hidden": "true" }, seat + 1),
      h(
        "span",
        { class: "player-name" },
        info.user
          ? h("a", { href: playerHref(info.user), class: "player-link", target: "_blank" }, nameNode(seatName(info, game.table)))
          : seatName(info, game.table),
        info.user && info.user.kind === "agent" ? [" ", agentMark(info.user)] : null,
        game.mySeats.includes(seat) ? h("span", { class: "you" }, ` (${t("table.you")})`) : null,
        replaced ? h("span", { class: "replaced" }, ` ${t(`table.replaced_${replaced}`)}`) : null,
      ),
      h("span", { class: "player-status" }, t(`player.${status}`)),
      scores ? h("span", { class: "player-score", title: t("table.score") }, t("table.points", { count: scores[seat] ?? 0 })) : null,
      clock ? h("span", { class: "player-clock", role: "timer", dataset: { clockSeat: String(seat) }, "aria-label": t("table.clock") }) : null,
    );
  });
  return h("ol", { id: "players", class: "players", "aria-label": t("table.players") }, rows);
}

/**
 * The same seats as a compact bar (badge, name, score, clock, whose turn) that phones keep at the
 * top of the screen while the board scrolls; wider screens hide it (the panel is beside the board).
 */
export function turnBar(game, scores) {
  const cells = game.table.seats.map((info) => {
    const seat = info.seat;
    const status = seatStatus(seat, game);
    const clock = game.clocks.find((c) => c.seat === seat);
    return h(
      "li",
      {
        class: `turn-seat status-${status}${seat === game.seat ? " viewed" : ""}`,
        dataset: { seat: String(seat), status },
        style: `--seat-colour: ${seatColour(seat)}`,
        title: `${seatName(info, game.table)}: ${t(`player.${status}`)}`,
      },
      h("span", { class: "seat-badge", "aria-hidden": "true" }, seat + 1),
      h("span", { class: "turn-name" }, info.user ? nameNode(seatName(info, game.table)) : seatName(info, game.table)),
      scores ? h("span", { class: "turn-score" }, scores[seat] ?? 0) : null,
      clock ? h("span", { class: "player-clock", dataset: { clockSeat: String(seat) } }) : null,
    );
  });
  return h("ol", { id: "turn-bar", class: "turn-bar", "aria-hidden": "true" }, cells);
}

/** Update the clock texts in place (called often; redraws nothing else). */
export function tickClocks(game) {
  for (const node of document.querySelectorAll("[data-clock-seat]")) {
    const seat = Number(node.dataset.clockSeat);
    const clock = game.clocks.find((c) => c.seat === seat);
    const remaining = clockRemaining(clock, game.clocksAt, game.table.mode);
    node.textContent = remaining === null ? "" : formatDuration(remaining, game.table.mode);
    node.classList.toggle("running", Boolean(clock && clock.running));
    node.classList.toggle("low", remaining !== null && remaining < 30000 && game.table.mode === "live");
  }
}
