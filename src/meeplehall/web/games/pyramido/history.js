// What each seat activated at each stage end, remembered from the game's events as the page
// reads them (the log is written from every event of the match, from its first, at the table and
// in the replay): the end-of-game breakdown names the areas behind each stage's points from it.

const seen = new WeakSet();
const stageOfEvent = new WeakMap();
let stage = 1;
const pending = new Map(); // seat -> activations of the stage being scored
const scored = new Map(); // "seat/stage" -> {stage, points, mythical, activations}

/** Note one event (each event object once, however often its line is written). */
export function remember(event) {
  if (!event || typeof event !== "object" || seen.has(event)) return;
  seen.add(event);
  if (event.type === "stage_started") {
    stage = event.stage;
    pending.clear();
  }
  stageOfEvent.set(event, event.stage ?? stage);
  if (event.seat === null || event.seat === undefined) return;
  if (event.type === "area_activated") {
    if (!pending.has(event.seat)) pending.set(event.seat, new Map());
    pending.get(event.seat).set(event.area, event);
  } else if (event.type === "stage_scored") {
    const activations = [...(pending.get(event.seat)?.values() || [])];
    pending.delete(event.seat);
    scored.set(`${event.seat}/${event.stage}`, {
      stage: event.stage, points: event.points, mythical: event.mythical_bonus, activations,
    });
  }
}

/** The stage an event happened in. */
export function stageOf(event) {
  remember(event);
  return stageOfEvent.get(event) ?? stage;
}

/** What `seat` scored at `stageNumber` ({points, mythical, activations}), or null if unseen. */
export function scoredStage(seat, stageNumber) {
  return scored.get(`${seat}/${stageNumber}`) || null;
}

/** Read a whole match's events (when the page hands them over at once). */
export function rememberAll(events) {
  for (const event of events || []) remember(event);
}
