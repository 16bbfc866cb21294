// A finished game's page: its result, and a replay stepped by hand or played back.

import { userBox } from "./account.js";
import { currentUser, get } from "./api.js";
import { resultBlock } from "./breakdown.js";
import { h, param, replace } from "./dom.js";
import { renderHeader } from "./header.js";
import { currentLanguage, initI18n, onLanguageChange, t } from "./i18n.js";
import { seatColour, useSeatColours } from "./players.js";
import { actionText, loadRenderer, safeText, translator } from "./renderers.js";
import { seatName } from "./tablelist.js";
import { boardFrame, fitBoards, placesOf, showSpots } from "./board.js";
import { durationFor, motionSetting, play, playRenderer, snapshot } from "./motion.js";
import { earlierButton, messageLine, mutedUsers, withOlder } from "./chat.js";
import { at } from "./paths.js";
import { analysisSection, analysisState, decisionAt, loadAnalysis, markNode } from "./analysis.js";
import { originLine, practiceBlock, practiceState } from "./practice.js";

const page = {
  id: Number(param("id")),
  invite: param("invite"),
  user: null,
  table: null,
  replay: null,
  ratingChanges: [], // a rated game's, from its result
  renderer: null,
  title: "",
  step: Number(param("step")) || 0, // 0 = before the first action; steps.length = the end
  playing: null, // the playback timer
  speed: 1000,
  failed: null, // why the game could not be loaded (an ApiError, say), shown instead of it
  hovered: null, // the step whose log line is under the pointer or the focus
  olderChat: "idle", // fetching the chat's older pages: "idle", "loading", or "failed"
  practice: null, // the "Play from here" form's state (js/practice.js)
  analysis: analysisState(), // the game's analysis and its request (js/analysis.js)
  chapters: [], // where each round or stage starts: [{step, label}] (renderer's `chapter`)
  folded: { takenBack: new Map(), by: new Map() }, // changes of mind (renderer's `isTakeBack`)
  resultShown: false, // the result stays hidden until asked for, so the replay keeps its suspense
};

function query() {
  return page.invite ? `invite=${encodeURIComponent(page.invite)}` : "";
}

function names() {
  return page.table.seats.map((info) => seatName(info, page.table));
}

function viewAt(step) {
  if (step === 0) return page.replay.initial_view;
  return page.replay.steps[step - 1].view ?? (step === page.replay.steps.length ? page.replay.final_view : null);
}

/**
 * Where each round (or stage) starts: `[{step, label}]`, a step being the position before the
 * chapter's first move, from the renderer's optional `chapter(view, ctx)` ({key, label}).
 */
function chapters() {
  if (typeof page.renderer.chapter !== "function" || !page.replay.steps.length) return [];
  const found = [];
  let last;
  for (let step = 0; step < page.replay.steps.length; step += 1) {
    const view = viewAt(step);
    const now = view ? safeChapter(view) : null;
    if (now && now.key !== last) found.push({ step, label: now.label });
    if (now) last = now.key;
  }
  return found;
}

function safeChapter(view) {
  try {
    return page.renderer.chapter(view, ctx(view));
  } catch (error) {
    console.error(error);
    return null;
  }
}

/**
 * Changes of mind: each take-back (the renderer's optional `isTakeBack(action)`) folded with the
 * latest move of its seat it took back. Returns `{takenBack: Map step taken back → the step
 * taking it back, by: Map take-back step → the step it took back}` (steps counted from 1).
 */
function folds() {
  const takenBack = new Map();
  const by = new Map();
  if (typeof page.renderer.isTakeBack !== "function") return { takenBack, by };
  const open = new Map(); // seat → its moves not taken back, latest last
  page.replay.steps.forEach((played, index) => {
    const moves = open.get(played.seat) || [];
    open.set(played.seat, moves);
    if (takesBack(played.action)) {
      const undone = moves.pop();
      if (undone !== undefined) {
        takenBack.set(undone, index + 1);
        by.set(index + 1, undone);
      }
    } else {
      moves.push(index + 1);
    }
  });
  return { takenBack, by };
}

function takesBack(action) {
  try {
    return page.renderer.isTakeBack(action) === true;
  } catch (error) {
    console.error(error);
    return false;
  }
}

/**
 * The position one step on (`direction` 1) or back (-1), passing over a move its next step takes
 * back: a change of mind is stepped over as one.
 */
function stepFrom(step, direction) {
  const { by } = page.folded;
  let next = step + direction;
  while (next > 0 && next < page.replay.steps.length && by.get(next + 1) === next) next += direction;
  return next;
}

function ctx(view) {
  return {
    view,
    legal: [],
    labels: [],
    seat: null,
    players: page.table.seats.map((info) => ({ seat: info.seat, name: seatName(info, page.table), bot_level: info.bot_level })),
    send: () => false,
    t: translator(page.renderer),
    lang: currentLanguage(),
    hotseat: false,
    seatName: (seat) => (page.table.seats[seat] ? seatName(page.table.seats[seat], page.table) : String(seat)),
    seatColour,
    lastMoves: lastMovesAt(page.step),
    events: page.replay.steps.flatMap((played) => played.events || []),
    motion: motionSetting(),
  };
}

/** Each seat's last move up to `step`, as the table page hands them to the renderer. */
function lastMovesAt(step) {
  const moves = [];
  page.replay.steps.slice(0, step).forEach((played, index) => {
    moves[played.seat] = { seat: played.seat, seq: index + 1, action: played.action, events: played.events || [] };
  });
  return moves;
}

/** An action in the reader's words, as chosen at the position of an analysed decision. */
function decisionText(action, decision) {
  return actionText(page.renderer, action, JSON.stringify(action), { ...ctx(viewAt(decision.index)), actor: decision.seat });
}

/**
 * The step whose places are lit: the hovered log line's, else the one just played; at a position
 * where the analysis found a better move than the one played, that best move's places.
 */
function spotlight() {
  const root = document.getElementById("game-root");
  const decision = page.hovered === null ? decisionAt(page.analysis, page.step) : null;
  if (decision && JSON.stringify(decision.best.action) !== JSON.stringify(decision.played.action)) {
    showSpots(root, placesOf(page.renderer, { action: decision.best.action }, { ...ctx(viewAt(page.step)), actor: decision.seat }));
    return;
  }
  const step = page.hovered ?? page.step;
  const played = step > 0 ? page.replay.steps[step - 1] : null;
  const stepCtx = played ? { ...ctx(viewAt(step - 1)), actor: played.seat } : null;
  showSpots(root, played && played.action ? placesOf(page.renderer, { action: played.action }, stepCtx) : []);
}

/** A renderer's log answer as text: a string, or {text, merge} (the table page merges lines). */
function lineText(answer) {
  return answer && typeof answer === "object" ? answer.text : answer;
}

function logLines(upTo) {
  const lines = [];
  const steps = page.replay.steps.slice(0, upTo);
  const { takenBack, by } = page.folded;
  steps.forEach((step, index) => {
    // A move taken back shows only as part of the take-back's line.
    if (takenBack.has(index + 1) && takenBack.get(index + 1) <= upTo) return;
    const c = ctx(null);
    const who = c.seatName(step.seat);
    const texts = (step.events || []).map((event) => safeText(() => lineText(page.renderer.eventText(event, c)))).filter(Boolean);
    // The step is described from the view it was chosen in (the one before it).
    const undone = by.get(index + 1);
    const label = undone === undefined
      ? actionText(page.renderer, step.action, step.label, { ...ctx(viewAt(index)), actor: step.seat })
      : t("replay.took_back", {
        what: actionText(page.renderer, page.replay.steps[undone - 1].action, page.replay.steps[undone - 1].label, { ...ctx(viewAt(undone - 1)), actor: step.seat }),
      });
    const hover = (on) => () => {
      page.hovered = on ? index + 1 : null;
      spotlight();
    };
    lines.push(h("li", {
      dataset: { step: String(index + 1) }, class: undone === undefined ? "log-place" : "log-place log-folded", tabindex: 0,
      onmouseenter: hover(true), onmouseleave: hover(false), onfocus: hover(true), onblur: hover(false),
    }, h("strong", {}, `${index + 1}. ${who}: ${label}`), " ", markNode(page.analysis, index, decisionText),
    texts.length ? h("ul", {}, texts.map((text) => h("li", {}, text))) : null));
  });
  return lines;
}

/**
 * The chat as it stood at the step shown: each message appears at the step it was said (before
 * the first move, during the game, or after the end). Users muted on this browser stay hidden.
 * The replay brings the chat's last page; older pages are fetched when asked for.
 */
function chatBlock() {
  const muted = mutedUsers(page.user ? page.user.id : null);
  const said = (page.replay.chat || []).filter((message) => message.step <= page.step && !muted.has(message.user.id));
  const earlier = page.replay.chat_more && page.replay.chat.length
    ? earlierButton(page.olderChat === "loading", loadOlderChat) : null;
  return h("section", { class: "chat-panel", "aria-labelledby": "replay-chat-title" },
    h("h3", { id: "replay-chat-title" }, t("chat.title")),
    h("ol", { id: "replay-chat", class: "chat-messages" }, earlier,
      said.length ? said.map((message) => messageLine(message)) : h("li", { class: "empty" }, t("chat.empty"))),
    page.olderChat === "failed" ? h("p", { class: "form-error", role: "alert" }, t("chat.earlier_failed")) : null);
}

/** Fetch the page of chat before the first message held, and show the replay again. */
async function loadOlderChat() {
  const first = page.replay.chat[0];
  page.olderChat = "loading";
  draw();
  try {
    const more = query() ? `&${query()}` : "";
    const older = await get(`/api/tables/${page.id}/chat?before=${first.id}${more}`);
    page.replay.chat = withOlder(page.replay.chat, older.messages);
    page.replay.chat_more = older.more;
    page.olderChat = "idle";
  } catch {
    page.olderChat = "failed";
  }
  draw();
}

function go(step) {
  const next = Math.max(0, Math.min(page.replay.steps.length, step));
  // One step forward moves the pieces as at the table; a jump redraws at once.
  const duration = next === page.step + 1 ? durationFor(motionSetting()) : 0;
  const before = duration ? snapshot(document.getElementById("game-root")) : null;
  const viewBefore = viewAt(page.step);
  page.step = next;
  if (page.step === page.replay.steps.length) stop();
  draw();
  if (!duration) return;
  const root = document.getElementById("game-root");
  const played = page.replay.steps[next - 1];
  play(root, before, duration);
  playRenderer(page.renderer, root, { events: played.events || [], before: viewBefore, view: viewAt(next), duration });
}

/** The result is asked for: show it, and put the focus on it. */
function showResult() {
  page.resultShown = true;
  draw();
  document.getElementById("end-title")?.setAttribute("tabindex", "-1");
  document.getElementById("end-title")?.focus();
}

function stop() {
  clearInterval(page.playing);
  page.playing = null;
}

function togglePlay() {
  if (page.playing) {
    stop();
  } else {
    if (page.step === page.replay.steps.length) page.step = 0;
    page.playing = setInterval(() => go(stepFrom(page.step, 1)), page.speed);
  }
  draw();
}

/** The chapter shown at `step` (the last one started at or before it), by its index. */
function chapterIndexAt(step) {
  let found = -1;
  page.chapters.forEach((chapter, index) => {
    if (chapter.step <= step) found = index;
  });
  return found;
}

/** Back to the start of this round, or of the one before when already at its start. */
function previousChapter() {
  const index = chapterIndexAt(page.step);
  const here = page.chapters[index];
  go(here && here.step < page.step ? here.step : (page.chapters[index - 1] || { step: 0 }).step);
}

function nextChapter() {
  const next = page.chapters[chapterIndexAt(page.step) + 1];
  go(next ? next.step : page.replay.steps.length);
}

/** The slider with a mark under it where each round (or stage) starts, named by its tooltip. */
function slider(total) {
  const marks = page.chapters.map((chapter) => h("span", {
    class: "replay-mark", "aria-hidden": "true", title: chapter.label,
    style: `--at: ${total ? chapter.step / total : 0}`, dataset: { step: String(chapter.step) },
  }));
  return h("span", { class: "replay-track" },
    h("input", { id: "replay-slider", type: "range", min: 0, max: total, value: page.step, oninput: (e) => go(Number(e.target.value)) }),
    marks);
}

function controls() {
  const total = page.replay.steps.length;
  const button = (id, key, onclick, disabled) => h("button", { type: "button", id, onclick, disabled, "aria-label": t(key), title: t(key) }, t(`${key}_short`));
  const chapter = page.chapters[chapterIndexAt(page.step)];
  const rounds = page.chapters.length > 1;
  return h(
    "div",
    { class: "replay-controls", role: "group", "aria-label": t("replay.controls") },
    button("replay-first", "replay.first", () => go(0), page.step === 0),
    rounds ? button("replay-prev-round", "replay.prev_round", previousChapter, page.step === 0) : null,
    button("replay-back", "replay.back", () => go(stepFrom(page.step, -1)), page.step === 0),
    button("replay-play", page.playing ? "replay.pause" : "replay.play", togglePlay, false),
    button("replay-forward", "replay.forward", () => go(stepFrom(page.step, 1)), page.step === total),
    rounds ? button("replay-next-round", "replay.next_round", nextChapter, page.step === total) : null,
    button("replay-last", "replay.last", () => go(total), page.step === total),
    h("label", { for: "replay-slider", class: "visually-hidden" }, t("replay.position")),
    slider(total),
    chapter ? h("span", { id: "replay-chapter" }, chapter.label) : null,
    h("span", { id: "replay-step", "aria-live": "polite" }, t("replay.step", { step: page.step, total })),
    h("label", { for: "replay-speed" }, t("replay.speed")),
    h("select", { id: "replay-speed", onchange: (e) => {
      page.speed = Number(e.target.value);
      if (page.playing) {
        stop();
        togglePlay();
      }
    } }, [2000, 1000, 400].map((ms) => h("option", { value: ms, selected: ms === page.speed }, t(`replay.speed_${ms}`)))),
  );
}

function draw() {
  const focused = document.activeElement && document.activeElement.id;
  renderHeader(userBox(page.user, () => location.reload()));
  const main = document.getElementById("main");
  if (page.failed) {
    replace(main, h("p", { class: "form-error", role: "alert" }, page.failed.message));
    return;
  }
  if (!page.replay) return;
  page.chapters = chapters(); // their labels are in the language of the moment
  const root = h("div", { id: "game-root", class: `game-root game-${page.table.game}` });
  const view = viewAt(page.step);
  useSeatColours(page.renderer, view ?? page.replay.final_view);
  if (view) {
    try {
      page.renderer.render(root, ctx(view));
    } catch (error) {
      console.error(error);
      root.append(h("p", { class: "form-error" }, String(error)));
    }
  }
  replace(main,
    h("h1", {}, t("replay.title", { game: page.title, id: page.table.id })),
    originLine(page.table),
    page.resultShown ? resultBlock({ ...page.replay.result, rating_changes: page.ratingChanges }, names(), page.renderer, ctx(page.replay.final_view), (places) => {
      go(page.replay.steps.length); // the places are those of the final position
      showSpots(document.getElementById("game-root"), places);
      document.querySelector("#game-root .mh-spot")?.scrollIntoView({ block: "nearest", behavior: "smooth" });
    }) : h("p", { class: "result-hidden" }, h("button", { type: "button", id: "show-result", onclick: showResult }, t("replay.show_result"))),
    h("section", { id: "replay", "aria-labelledby": "replay-title" },
      h("h2", { id: "replay-title" }, t("replay.heading")),
      controls(),
      page.practice ? practiceBlock(page.practice, {
        table: page.table, step: page.step, total: page.replay.steps.length, invite: page.invite, names: names(),
      }, draw) : null,
      h("div", { class: "table-layout" },
        h("div", { class: "table-main" }, boardFrame(root, page.table.game, draw)),
        h("aside", { class: "table-side" }, h("h3", {}, t("table.log")), h("ol", { id: "log", class: "log" }, logLines(page.step)),
          chatBlock()))),
    analysisSection(page.analysis, {
      tableId: page.id, invite: page.invite, user: page.user, step: page.step, total: page.replay.steps.length,
      names: names(), colour: seatColour, describe: decisionText, go, redraw: draw,
    }),
    h("p", {}, h("a", { href: at(`rules.html?game=${page.table.game}`) }, t("table.rules"))),
  );
  document.title = `${page.title} #${page.id} · ${t("app.name")}`;
  document.body.dataset.step = String(page.step);
  fitBoards();
  spotlight();
  const log = document.getElementById("log");
  if (log) log.scrollTop = log.scrollHeight;
  if (focused) document.getElementById(focused)?.focus();
}

async function main() {
  await initI18n();
  onLanguageChange(draw);
  page.user = await currentUser();
  renderHeader(userBox(page.user, () => location.reload()));
  try {
    const q = query();
    page.table = await get(`/api/tables/${page.id}${q ? `?${q}` : ""}`);
    page.replay = await get(`/api/tables/${page.id}/replay?views=true${q ? `&${q}` : ""}`);
    // A rated game's rating changes come with its result, not its replay.
    page.ratingChanges = page.table.rated ? (await get(`/api/tables/${page.id}/result${q ? `?${q}` : ""}`)).rating_changes : [];
    const catalog = await get("/api/games");
    page.title = (catalog.find((entry) => entry.name === page.table.game) || {}).title || page.table.game;
    page.renderer = await loadRenderer(page.table.game);
    page.practice = practiceState(page.table.players, (await get("/api/bots")).levels);
    page.step = Math.max(0, Math.min(page.replay.steps.length, page.step));
    page.folded = folds();
  } catch (error) {
    page.failed = error; // its message is read at each draw: in the language of the moment
    draw();
    return;
  }
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowRight") go(stepFrom(page.step, 1));
    else if (event.key === "ArrowLeft") go(stepFrom(page.step, -1));
  });
  draw();
  // Ready once the analysis's first answer has redrawn the page too: until then, what is
  // drawn is about to be replaced.
  await loadAnalysis(page.analysis, page.id, page.invite, draw);
  document.body.dataset.ready = "true";
}

main();
