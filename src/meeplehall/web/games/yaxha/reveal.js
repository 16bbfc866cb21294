// What the shell's generic slides cannot show: the secret choice cards turning face up together at
// the reveal, and the initiative tiles of a tie changing hands with a short lift.

function flip(node, duration) {
  return node.animate(
    [{ transform: "perspective(300px) rotateY(180deg)", filter: "brightness(0.6)" },
      { transform: "perspective(300px) rotateY(90deg)", offset: 0.5 },
      { transform: "perspective(300px) rotateY(0deg)", filter: "brightness(1)" }],
    { duration, easing: "ease-out" },
  ).finished;
}

function lift(node, duration) {
  return node.animate(
    [{ transform: "scale(1)" }, { transform: "scale(1.35)", offset: 0.4 }, { transform: "scale(1)" }],
    { duration, easing: "ease-in-out" },
  ).finished;
}

/** The shell's animate hook: resolves once the effects of this update have played. */
export function animate(root, info) {
  const events = (info && info.events) || [];
  const duration = Math.max(0, Number(info && info.duration) || 0);
  if (!duration || typeof Element.prototype.animate !== "function") return undefined;
  const running = [];
  if (events.some((e) => e.type === "choices_revealed")) {
    for (const card of root.querySelectorAll(".yx-choice-card.yx-revealed")) running.push(flip(card, duration));
  }
  if (events.some((e) => e.type === "initiative_swapped")) {
    const before = info.before && Array.isArray(info.before.seats) ? info.before.seats : [];
    for (const entry of (info.view && info.view.seats) || []) {
      const was = before[entry.seat];
      if (!was || was.initiative === entry.initiative) continue;
      const token = root.querySelector(`[data-piece="yx-init-${entry.initiative}"]`);
      if (token) running.push(lift(token, duration));
    }
  }
  return running.length ? Promise.all(running).then(() => undefined, () => undefined) : undefined;
}
