// The table chat (docs/protocol.md section 6): a panel built once and kept across the table
// page's redraws, so what is being typed (an IME composition too) survives the game's updates.
// Messages are plain text: they go into the page as text nodes, never as markup. The socket
// brings the recent messages; older ones come a page at a time ("earlier messages").
//
// Mute is this browser's: the muted users of each logged-in user are kept in localStorage
// (the server has no per-user settings), and their messages are hidden here only.

import { post } from "./api.js";
import { playerLink } from "./people.js";
import { h, replace } from "./dom.js";
import { hasText, t } from "./i18n.js";
import { seatColour } from "./players.js";

export const MAX_CHARS = 500;
const REASONS = ["spam", "abuse", "cheating", "other"];
// The codes of the errors the chat answers with (the others are the table's).
const CHAT_ERRORS = new Set([
  "chat_login", "chat_not_allowed", "spectator_chat_off", "chat_bad_text", "chat_too_long",
  "chat_rate_limited", "no_message", "own_message", "chat_closed", "chat_table_full",
  "chat_user_full",
]);
const PHONE = "(max-width: 720px)";

function muteKey(userId) {
  return `meeplehall.muted.${userId}`;
}

/** The users `userId` muted on this browser: a Map of id -> name. */
export function mutedUsers(userId) {
  if (userId === null || userId === undefined) return new Map();
  try {
    const stored = JSON.parse(localStorage.getItem(muteKey(userId)) || "[]");
    return new Map(stored.filter((entry) => Number.isInteger(entry.id)).map((entry) => [entry.id, String(entry.name)]));
  } catch {
    return new Map();
  }
}

function saveMuted(userId, muted) {
  const list = [...muted].map(([id, name]) => ({ id, name }));
  localStorage.setItem(muteKey(userId), JSON.stringify(list));
}

/** One message as a list item: the author (in the colour of their seat), marked when a guest or
 * a spectator, and the text. */
export function messageLine(message, extra = null) {
  const seat = message.seats.length ? message.seats[0] : null;
  return h(
    "li",
    {
      class: `chat-line${seat === null ? " chat-spectator" : ""}`,
      dataset: { message: String(message.id), user: String(message.user.id) },
      style: seat === null ? null : `--seat-colour: ${seatColour(seat)}`,
    },
    h("span", { class: "chat-author" }, playerLink(message.user, { target: "_blank" })),
    message.user.guest ? h("span", { class: "chat-tag chat-guest" }, t("chat.guest")) : null,
    seat === null ? h("span", { class: "chat-tag" }, t("chat.spectator")) : null,
    " ",
    h("bdi", { class: "chat-text" }, message.text),
    extra,
  );
}

/** The "earlier messages" button heading a list whose older messages are still to be fetched. */
export function earlierButton(loading, onclick) {
  return h("li", { class: "chat-earlier" },
    h("button", { type: "button", id: "chat-earlier", class: "secondary", disabled: loading, onclick },
      t(loading ? "chat.earlier_loading" : "chat.earlier")));
}

/** ``known`` with ``older`` added (those not there yet), in the order they were said. */
export function withOlder(known, older) {
  const ids = new Set(known.map((message) => message.id));
  return [...older.filter((message) => !ids.has(message.id)), ...known].sort((a, b) => a.id - b.id);
}

export class ChatPanel {
  /** @param {{send: Function, tableId: number, invite: string|null}} options */
  constructor({ send, tableId, invite }) {
    this.send = send;
    this.tableId = tableId;
    this.invite = invite;
    this.messages = [];
    this.more = false; // older messages than the first shown are on the server
    this.loadingOlder = false;
    this.user = null;
    this.table = null;
    this.seats = [];
    this.unread = 0;
    this.actionsFor = null; // the message whose mute / report buttons are shown
    this.reporting = null; // the message whose report form is shown
    this.reported = new Set();
    this.error = null; // () => the refusal to show, in the language of the moment
    this.lastSent = "";
    this.input = h("input", {
      id: "chat-input", type: "text", maxlength: MAX_CHARS, autocomplete: "off",
      placeholder: t("chat.placeholder"), "aria-label": t("chat.input"),
    });
    this.form = h("form", { id: "chat-form", class: "chat-form", onsubmit: (event) => this.submit(event) },
      this.input, h("button", { type: "submit", id: "chat-send" }, t("chat.send")));
    this.summary = h("summary", { id: "chat-title" });
    this.list = h("ol", { id: "chat-messages", class: "chat-messages", tabindex: 0, "aria-labelledby": "chat-title" });
    // The list is redrawn whole; screen readers hear the new line alone, from here.
    this.announce = h("p", { class: "visually-hidden", role: "status", "aria-live": "polite" });
    this.status = h("div", { class: "chat-status" });
    this.extras = h("div", { class: "chat-extras" });
    this.element = h("details", { id: "chat", class: "chat-panel" }, this.summary, this.list, this.announce, this.status, this.form, this.extras);
    // Open beside the log on a laptop; folded under it on a phone, where the board needs room.
    this.element.open = !window.matchMedia(PHONE).matches;
    this.element.addEventListener("toggle", () => {
      if (this.element.open) this.unread = 0;
      this.render();
    });
  }

  /** The page's state changed (the table, who is logged in, the seats held): show it. */
  update({ user, table, seats }) {
    this.user = user;
    this.table = table;
    this.seats = seats || [];
    this.render();
  }

  /** The table's recent messages, on (re)connecting: they replace what was shown. */
  onLog(messages, more = false) {
    this.messages = messages.slice();
    this.more = Boolean(more);
    this.loadingOlder = false;
    this.render(true);
  }

  /** Ask for the page of messages before the first shown. */
  loadOlder() {
    if (!this.messages.length || this.loadingOlder) return;
    if (this.send({ type: "chat_before", before: this.messages[0].id })) {
      this.loadingOlder = true;
      this.render();
    }
  }

  /** A page of older messages: shown above, the lines in sight staying where they were. */
  onPage(messages, more) {
    const list = this.list;
    const fromBottom = list.scrollHeight - list.scrollTop;
    this.messages = withOlder(this.messages, messages);
    this.more = Boolean(more);
    this.loadingOlder = false;
    this.render();
    list.scrollTop = list.scrollHeight - fromBottom;
  }

  onMessage(message) {
    if (this.messages.some((known) => known.id === message.id)) return;
    this.messages.push(message);
    const mine = this.user && message.user.id === this.user.id;
    if (mine) this.lastSent = "";
    if (!mine && !this.muted().has(message.user.id)) {
      this.announce.textContent = `${message.user.name}: ${message.text}`;
      if (!this.element.open) this.unread += 1;
    }
    this.render(true);
  }

  onReported(id) {
    this.reported.add(id);
    this.reporting = null;
    this.actionsFor = null;
    this.render();
    document.getElementById(`chat-reported-${id}`)?.focus();
  }

  /** A refusal the chat answers for (true), shown in the panel; false for the table's. */
  onError(message) {
    if (this.loadingOlder) {
      // The page asked for was refused (rate, rights): the button can be used again.
      this.loadingOlder = false;
      this.render();
    }
    if (!CHAT_ERRORS.has(message.code)) return false;
    const key = `error.${message.code}`;
    this.error = () => (hasText(key) ? t(key, { max: message.max ?? MAX_CHARS }) : message.reason);
    // The refused line comes back to the field, to be changed or sent again.
    if (this.lastSent && !this.input.value) this.input.value = this.lastSent;
    this.lastSent = "";
    this.render();
    return true;
  }

  muted() {
    return mutedUsers(this.user ? this.user.id : null);
  }

  mayWrite() {
    if (!this.user || !this.table) return false;
    const owner = this.table.owner && this.table.owner.id === this.user.id;
    return owner || this.seats.length > 0 || this.table.spectator_chat !== false;
  }

  submit(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    if (this.send({ type: "chat", text })) {
      this.lastSent = text;
      this.input.value = "";
      this.error = null;
      this.render();
    }
  }

  setMuted(id, name, on) {
    const muted = this.muted();
    if (on) muted.set(id, name);
    else muted.delete(id);
    saveMuted(this.user.id, muted);
    this.actionsFor = null;
    this.render();
  }

  async setSpectatorChat(allowed) {
    const query = this.invite ? `?invite=${encodeURIComponent(this.invite)}` : "";
    try {
      this.table = await post(`/api/tables/${this.tableId}/spectator-chat${query}`, { allowed });
      this.error = null;
    } catch (error) {
      this.error = () => error.message;
    }
    this.render();
  }

  /** The mute and report buttons of another person's message (and its report form). */
  actions(message) {
    if (!this.user || message.user.id === this.user.id) return null;
    const name = message.user.name;
    const open = this.actionsFor === message.id;
    const toggle = h("button", {
      type: "button", class: "chat-more secondary", "aria-expanded": String(open),
      "aria-label": t("chat.more", { name }), title: t("chat.more", { name }),
      onclick: () => {
        this.actionsFor = open ? null : message.id;
        this.reporting = null;
        this.render();
      },
    }, "⋯");
    if (this.reported.has(message.id)) {
      return [" ", h("span", { class: "chat-reported help", id: `chat-reported-${message.id}`, tabindex: -1 }, t("chat.reported"))];
    }
    if (!open) return [" ", toggle];
    const buttons = h("span", { class: "chat-actions" },
      h("button", { type: "button", class: "chat-mute secondary", onclick: () => this.setMuted(message.user.id, name, true) }, t("chat.mute", { name })),
      h("button", { type: "button", class: "chat-report secondary", onclick: () => {
        this.reporting = message.id;
        this.render();
        document.getElementById("chat-report-reason")?.focus();
      } }, t("chat.report")));
    return [" ", toggle, buttons, this.reporting === message.id ? this.reportForm(message) : null];
  }

  reportForm(message) {
    const reason = h("select", { id: "chat-report-reason" },
      REASONS.map((value) => h("option", { value }, t(`chat.reason.${value}`))));
    const note = h("input", { id: "chat-report-note", type: "text", maxlength: 300, autocomplete: "off" });
    return h("form", {
      class: "chat-report-form", onsubmit: (event) => {
        event.preventDefault();
        this.send({ type: "chat_report", id: message.id, reason: reason.value, note: note.value.trim() });
      },
    },
    h("label", { for: "chat-report-reason" }, t("chat.report_reason")), reason,
    h("label", { for: "chat-report-note" }, t("chat.report_note")), note,
    h("button", { type: "submit", id: "chat-report-send" }, t("chat.report_send")));
  }

  render(newMessages = false) {
    const list = this.list;
    const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
    const muted = this.muted();
    const shown = this.messages.filter((message) => !muted.has(message.user.id));
    replace(this.summary, t("chat.title"),
      this.unread ? h("span", { class: "badge badge-turn", id: "chat-unread" }, t("chat.unread", { count: this.unread })) : null);
    replace(list,
      this.more && this.messages.length ? earlierButton(this.loadingOlder, () => this.loadOlder()) : null,
      shown.length
        ? shown.map((message) => messageLine(message, this.actions(message)))
        : h("li", { class: "empty" }, t("chat.empty")));
    // New lines scroll into sight, unless the reader scrolled back to read older ones.
    if (newMessages && atBottom) list.scrollTop = list.scrollHeight;
    const mayWrite = this.mayWrite();
    this.form.hidden = !mayWrite;
    this.input.placeholder = t("chat.placeholder");
    this.input.setAttribute("aria-label", t("chat.input"));
    this.form.querySelector("button").textContent = t("chat.send");
    let note = null;
    if (!this.user) note = t("chat.login");
    else if (!mayWrite) note = t("chat.spectators_off");
    replace(this.status,
      note ? h("p", { class: "help", id: "chat-note" }, note) : null,
      this.error ? h("p", { class: "form-error", id: "chat-error", role: "alert" }, this.error()) : null);
    replace(this.extras, this.ownerSwitch(), this.mutedList(muted));
    this.element.dataset.count = String(shown.length);
  }

  ownerSwitch() {
    const table = this.table;
    if (!this.user || !table || !table.owner || table.owner.id !== this.user.id) return null;
    return h("p", { class: "field field-check" },
      h("input", { type: "checkbox", id: "chat-spectators", checked: table.spectator_chat !== false,
        onchange: (event) => this.setSpectatorChat(event.target.checked) }),
      h("label", { for: "chat-spectators" }, t("chat.allow_spectators")));
  }

  mutedList(muted) {
    if (!muted.size) return null;
    return h("div", { class: "chat-muted" },
      h("p", { class: "help" }, t("chat.muted")),
      h("ul", {}, [...muted].map(([id, name]) => h("li", {},
        h("button", { type: "button", class: "chat-unmute secondary", dataset: { user: String(id) },
          onclick: () => this.setMuted(id, name, false) }, t("chat.unmute", { name }))))));
  }
}
