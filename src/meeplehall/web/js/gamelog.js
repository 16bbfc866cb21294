// The game log of the table page: one line per meaningful event, in the colour of the seat it is
// about, with the renderer's small piece icons, lines about one thing merged, hidden moves said
// once per seat until that seat shows something.

import { h } from "./dom.js";
import { currentLanguage, t } from "./i18n.js";
import { placesOf } from "./board.js";
import { coordinatesShown } from "./display.js";
import { seatColour } from "./players.js";

// The log keeps (and shows) its last LOG_LINES lines.
const LOG_LINES = 300;

/** An empty log. */
export function newLog() {
  return { entries: [], hidden: new Set() };
}

/**
 * A log line. `write()` gives `{text, merge, icons}` in the current language from what it was made
 * of (an event, or a move, and the game as it was then), so a language switch (or the coordinates
 * setting) writes it again.
 */
function logEntry(seq, write, { places = [], seat = null } = {}) {
  const entry = { seq, write, places, seat, lang: null, text: "", icons: null, merge: null };
  rewrite(entry);
  return entry;
}

function rewrite(entry) {
  const written = entry.write();
  entry.text = written.text;
  entry.icons = written.icons || null;
  entry.merge = written.merge || null;
  entry.lang = writtenFor();
}

/** What a line's wording depends on besides its event: the language and the coordinates setting
 * (places are said in words, with their coordinate only when the reader asked for them). */
function writtenFor() {
  return `${currentLanguage()}|${coordinatesShown() ? "coordinates" : "words"}`;
}

/**
 * A renderer's `eventText` answer as {text, merge, icons}: a string, or {text, merge} where lines
 * with one `merge` key are one line (the newest wording, in the place of the first); `icons` are
 * the renderer's optional `logIcons(event, ctx)` (small pieces drawn before the text).
 */
function eventWriting(renderer, event, rendererCtx) {
  const answer = safeCall(() => renderer.eventText(event, rendererCtx), "");
  const written = typeof answer === "object" ? answer : { text: answer };
  const icons = typeof renderer.logIcons === "function" ? safeCall(() => renderer.logIcons(event, rendererCtx), null) : null;
  return { text: String(written.text ?? ""), merge: written.merge ?? null, icons };
}

/** `make()`, or `fallback` when it fails or gives nothing: one faulty line never stops the page. */
function safeCall(make, fallback) {
  try {
    return make() ?? fallback;
  } catch (error) {
    console.error(error);
    return fallback;
  }
}

/** The lines of `events` (those the renderer writes a line for). */
export function eventEntries(renderer, seq, events, rendererCtx) {
  const entries = [];
  for (const event of events) {
    const entry = logEntry(seq, () => eventWriting(renderer, event, rendererCtx), {
      places: placesOf(renderer, { event }, rendererCtx),
      seat: typeof event.seat === "number" ? event.seat : null,
    });
    if (entry.text) entries.push(entry);
  }
  return entries;
}

/**
 * The line of a move that brought no event line: what it did (`describe()`), or for a move
 * hidden from the reader (`hidden`), one line per seat until that seat shows something.
 */
export function moveEntry(log, seq, seat, hidden, describe, places) {
  if (hidden && log.hidden.has(seat)) return null;
  if (hidden) log.hidden.add(seat);
  const entry = logEntry(seq, () => ({ text: describe() }), { places, seat });
  entry.hiddenMove = hidden;
  return entry;
}

/** Add `entries` to `log`: merged lines replace their earlier wording; the oldest lines go. */
export function addEntries(log, entries) {
  for (const entry of entries) {
    // A line that shows what a seat did ends its run of hidden moves.
    if (entry.seat !== null && !entry.hiddenMove) log.hidden.delete(entry.seat);
    const earlier = entry.merge ? log.entries.findIndex((other) => other.merge === entry.merge) : -1;
    if (earlier >= 0) log.entries[earlier] = entry;
    else log.entries.push(entry);
  }
  if (log.entries.length > LOG_LINES) log.entries.splice(0, log.entries.length - LOG_LINES);
}

function entryText(entry) {
  if (entry.lang !== writtenFor()) rewrite(entry);
  return entry.text;
}

/**
 * The log as a list. A line about a place lights that place on the board while it is hovered or
 * focused (`onSpot(entry)`, then `onSpot(null)`).
 */
export function logList(entries, onSpot) {
  const items = entries.map((entry) => {
    const text = entryText(entry);
    const attrs = {
      dataset: { seq: String(entry.seq), ...(entry.seat !== null ? { seat: String(entry.seat) } : {}) },
      class: `log-line${entry.seat !== null ? " log-seat" : ""}${entry.places.length ? " log-place" : ""}`,
      style: entry.seat !== null ? `--seat-colour: ${seatColour(entry.seat)}` : null,
    };
    if (entry.places.length) {
      Object.assign(attrs, {
        tabindex: 0,
        onmouseenter: () => onSpot(entry), onmouseleave: () => onSpot(null),
        onfocus: () => onSpot(entry), onblur: () => onSpot(null),
      });
    }
    return h("li", attrs, entry.icons ? h("span", { class: "log-icons", "aria-hidden": "true" }, entry.icons) : null, text);
  });
  // An empty log says so (through CSS, so that its items stay the log's lines alone).
  return h("ol", { id: "log", class: "log", "aria-live": "polite", dataset: { empty: t("log.empty") } }, items);
}
