// Pyramido's own animation: at stage scoring, the areas just activated light up on the top view
// one after the other (the generic "+n" rise is drawn by the pyramid itself).

/** The shell's animate hook: glow each area activated by this update, in the update's order. */
export function animate(root, info) {
  const activated = (info.events || []).filter((e) => e.type === "area_activated");
  if (!activated.length || !info.duration) return undefined;
  const step = info.duration / activated.length;
  const runs = activated.map((event, n) => {
    const area = root.querySelector(`[data-place="area-${event.seat}-${event.area}"]`);
    if (!area || typeof area.animate !== "function") return Promise.resolve();
    const glow = area.animate(
      [{ opacity: 0.2, filter: "brightness(1)" }, { opacity: 1, filter: "brightness(1.6)" }, { opacity: 1, filter: "brightness(1)" }],
      { duration: Math.max(step, 120), delay: n * step, easing: "ease-out", fill: "backwards" },
    );
    return glow.finished.catch(() => undefined);
  });
  return Promise.all(runs).then(() => undefined);
}
