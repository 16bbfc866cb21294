// The effects the shell's generic slides cannot do: when a big gem is surrounded, the units
// around it light up and each seat's total shows over the gem; then the points fly from the gem
// to the winners' rows in the players list.

import { svg } from "../kit.js";
import { SIZE, centre, neighbour } from "./geometry.js";
import { placeKey } from "./labels.js";

const wait = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

export async function animate(root, info) {
  const events = (info && info.events) || [];
  const duration = Math.max(0, Number(info && info.duration) || 0);
  const resolved = events.filter((e) => e.type === "gem_resolved" && e.kind !== "counter");
  // A big gem's points come with the slot choice, an update after the one that surrounded it.
  const scored = events.some((e) => e.type === "award" && Array.isArray(e.site));
  if (!duration || (!resolved.length && !scored)) return undefined;
  const board = root.querySelector("svg.mx-board");
  if (!board) return undefined;
  const added = [];
  for (const event of resolved) {
    for (let d = 0; d < 6; d += 1) {
      const [q, r] = neighbour(event.q, event.r, d);
      const unit = board.querySelector(`.mx-unit[data-at="${placeKey(q, r)}"]`);
      if (unit) { unit.classList.add("mx-lit"); added.push(() => unit.classList.remove("mx-lit")); }
    }
    const [cx, cy] = centre(event.q, event.r);
    const totals = event.kind === "big" ? Object.entries(event.totals || {}) : [];
    totals.forEach(([seat, total], i) => {
      const tag = svg("g", { class: "mx-total" }, [
        svg("rect", { x: cx - 22, y: cy + SIZE * 0.55 + i * 20 - 9, width: 44, height: 18, rx: 9, fill: seatColourOf(root, seat) }),
        svg("text", { x: cx, y: cy + SIZE * 0.55 + i * 20, "font-size": 13 }, [String(total)]),
      ]);
      board.append(tag);
      added.push(() => tag.remove());
    });
  }
  // The shell waits up to 2.5 durations: the lit units first, then the points' flight.
  if (resolved.length) await wait(duration * 1.1);
  await flyPoints(root, board, events, duration * 1.3);
  for (const undo of added) undo();
  return undefined;
}

function seatColourOf(root, seat) {
  const row = root.querySelector(`[data-place="hand-${seat}"]`);
  return row ? getComputedStyle(row).getPropertyValue("--banner").trim() || "#555" : "#555";
}

/** "+N" travelling from the gem to the winner's row of the players list. */
async function flyPoints(root, board, events, duration) {
  const flights = [];
  for (const event of events) {
    if (event.type !== "award" || !Array.isArray(event.site)) continue;
    const from = board.querySelector(`[data-place="${placeKey(event.site[0], event.site[1])}"]`);
    const to = root.querySelector(`[data-place="hand-${event.seat}"]`);
    if (!from || !to) continue;
    const a = from.getBoundingClientRect();
    const b = to.getBoundingClientRect();
    const token = document.createElement("div");
    token.className = "mx-flying-points";
    token.textContent = `+${event.points}`;
    token.style.left = `${a.left + a.width / 2}px`;
    token.style.top = `${a.top + a.height / 2}px`;
    token.style.setProperty("--banner", seatColourOf(root, event.seat));
    document.body.append(token);
    const dx = b.left + 40 - (a.left + a.width / 2);
    const dy = b.top + b.height / 2 - (a.top + a.height / 2);
    const flight = token.animate(
      [{ transform: "translate(-50%, -50%) scale(1.3)", opacity: 1 }, { transform: `translate(calc(${dx}px - 50%), calc(${dy}px - 50%)) scale(0.8)`, opacity: 0.2 }],
      { duration, easing: "ease-in" },
    );
    flights.push(flight.finished.catch(() => undefined).then(() => token.remove()));
  }
  await Promise.all(flights);
}
