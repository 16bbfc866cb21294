// The lobby's friends, notifications and e-mail settings (docs/protocol.md: /api/friends,
// /api/me/contact, the /ws/me channel).

import { api, get, post } from "./api.js";
import { nameNode, withName } from "./bidi.js";
import { playerLink } from "./people.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { askNotifications, notificationsAllowed, setSound, soundOn } from "./yourturn.js";
import { at } from "./paths.js";

export const social = {
  friends: null, // {friends, incoming, outgoing} of GET /api/friends
  contact: null, // GET /api/me/contact
  waiting: null, // {count, tables} of the channel's last "waiting"
  notices: [], // unread notifications, oldest first
  mail: null, // whether the server sends e-mail (the channel's hello)
  friendStatus: null, // what the last friend request form said
  contactStatus: null,
};

function registered(user) {
  return Boolean(user) && !user.guest;
}

export async function refreshSocial(user) {
  if (!registered(user)) {
    social.friends = null;
    social.contact = null;
    return;
  }
  [social.friends, social.contact] = await Promise.all([get("/api/friends"), get("/api/me/contact")]);
}

function section(id, titleKey, ...children) {
  return h("section", { id, "aria-labelledby": `${id}-title` }, h("h2", { id: `${id}-title` }, t(titleKey)), children);
}

/** The words of a notification: a list of text and nodes, and its link (or null). */
export function noticeParts(notice) {
  const from = notice.data.from ? notice.data.from.name : "";
  if (notice.kind === "invite") {
    return { words: withName("notice.invite", { game: notice.data.title, table: notice.data.table }, from), link: at(notice.data.link), action: "notice.join" };
  }
  if (notice.kind === "friend_request") return { words: withName("notice.friend_request", {}, from), link: at("#friends"), action: "notice.answer" };
  if (notice.kind === "friend_accepted") return { words: withName("notice.friend_accepted", {}, from), link: null, action: null };
  return { words: [notice.kind], link: null, action: null };
}

/** A friend request answered or taken back (no longer among my incoming ones) is no news. */
function stillOpen(notice) {
  if (notice.kind !== "friend_request" || !social.friends || !notice.data.from) return true;
  return social.friends.incoming.some((request) => request.from.id === notice.data.from.id);
}

function noticeItem(notice, onRead) {
  const { words, link, action } = noticeParts(notice);
  return h(
    "li",
    { class: "notice", dataset: { kind: notice.kind, id: String(notice.id) } },
    h("span", {}, words),
    " ",
    link ? h("a", { href: link, class: "notice-link button-link", onclick: () => onRead(notice) }, t(action)) : null,
    " ",
    h("button", { type: "button", class: "secondary dismiss", onclick: () => onRead(notice) }, t("notice.dismiss")),
  );
}

/** Tables waiting for my move, my notifications, and how I want to be told. */
export function noticesSection(user, { onRead, redraw }) {
  if (!user) return null;
  const count = social.waiting ? social.waiting.count : 0;
  const waiting = h(
    "p",
    { id: "waiting-count", dataset: { count: String(count) } },
    count ? t("notice.waiting", { count }) : t("notice.waiting_none"),
    " ",
    count ? h("a", { href: "#my-games" }, t("notice.to_my_games")) : null,
  );
  const shown = social.notices.filter(stillOpen);
  const list = shown.length
    ? h("ul", { id: "notice-list" }, shown.map((notice) => noticeItem(notice, onRead)))
    : h("p", { class: "empty" }, t("notice.none"));
  const sound = h("div", { class: "field field-check" },
    h("input", { type: "checkbox", id: "sound-on", checked: soundOn(), onchange: (event) => setSound(event.target.checked) }),
    h("label", { for: "sound-on" }, t("notify.sound")));
  const browser = notificationsAllowed()
    ? h("p", { id: "browser-notices" }, t("notify.browser_on"))
    : h("p", { id: "browser-notices" },
      h("button", { type: "button", class: "secondary", id: "allow-notifications", onclick: async () => {
        await askNotifications();
        redraw();
      } }, t("notify.browser_ask")));
  return section("notices", "notice.title", waiting, list, sound, browser, registered(user) ? emailBlock(redraw) : null);
}

function emailBlock(redraw) {
  const contact = social.contact;
  if (!contact) return null;
  if (!contact.mail_enabled) return h("p", { id: "mail-off", class: "help" }, t("mail.off"));
  const address = h("input", { id: "email-address", name: "email", type: "email", value: contact.email || "", autocomplete: "email" });
  const optIn = h("input", { type: "checkbox", id: "email-opt-in", name: "opt_in", checked: contact.opt_in });
  const state = !contact.email ? null : contact.verified ? t("mail.verified") : t("mail.unverified");
  const status = h("p", { class: "form-error", role: "alert", id: "email-error" }, social.contactStatus ? social.contactStatus.message : null);
  return h(
    "form",
    {
      id: "email-form",
      onsubmit: async (event) => {
        event.preventDefault();
        const body = { opt_in: optIn.checked };
        const typed = address.value.trim();
        if (typed !== (contact.email || "")) body.email = typed || null;
        try {
          social.contact = await api("PUT", "/api/me/contact", body);
          social.contactStatus = null;
        } catch (error) {
          social.contactStatus = error;
        }
        redraw();
      },
    },
    h("h3", {}, t("mail.title")),
    h("div", { class: "field" }, h("label", { for: "email-address" }, t("mail.address")), address),
    state ? h("p", { id: "email-state", class: "help" }, state) : null,
    h("div", { class: "field field-check" }, optIn, h("label", { for: "email-opt-in" }, t("mail.opt_in"))),
    h("button", { type: "submit", id: "email-save" }, t("mail.save")),
    status,
  );
}

function friendItem(friend, { onChange, inviteTo }) {
  return h(
    "li",
    { class: "friend", dataset: { id: String(friend.id), online: String(friend.online) } },
    h("span", { class: `presence ${friend.online ? "online" : "offline"}` }, t(friend.online ? "friends.online" : "friends.offline")),
    " ",
    playerLink(friend),
    " ",
    friend.tables.map((table) => h("a", { href: at(`tables/${table.id}`), class: "friend-table button-link" }, t("friends.table", { table: table.id }))),
    " ",
    inviteTo
      ? h("button", { type: "button", class: "invite-friend", onclick: async (event) => {
        const button = event.currentTarget;
        try {
          await post(`/api/tables/${inviteTo.id}/invite`, { friends: [friend.id] });
          social.friendStatus = () => t("friends.invited", { table: inviteTo.id });
        } catch (error) {
          social.friendStatus = () => error.message;
        }
        button.disabled = true;
        document.getElementById("friend-status").textContent = social.friendStatus();
      } }, t("friends.invite", { table: inviteTo.id }))
      : null,
    " ",
    h("button", { type: "button", class: "secondary remove-friend", onclick: async () => {
      await api("DELETE", `/api/friends/${friend.id}`);
      await onChange();
    } }, t("friends.remove")),
  );
}

/**
 * Requests by name, the friends list (online, open tables, an invitation to `inviteTo`, my
 * newest waiting table, if any), requests to me and from me.
 */
export function friendsSection(user, { onChange, redraw, inviteTo = null }) {
  if (!user) return null;
  if (!registered(user)) return section("friends", "friends.title", h("p", { class: "help" }, t("friends.register_first")));
  const data = social.friends || { friends: [], incoming: [], outgoing: [] };
  const input = h("input", { id: "friend-name", name: "name", required: true, maxlength: 64, autocomplete: "off" });
  const status = h("p", { id: "friend-status", role: "status" }, social.friendStatus ? social.friendStatus() : null);
  const form = h(
    "form",
    {
      id: "friend-form",
      onsubmit: async (event) => {
        event.preventDefault();
        try {
          const answer = await post("/api/friends/requests", { name: input.value });
          social.friendStatus = () => t("friends.sent", { name: answer.name });
          await onChange();
        } catch (error) {
          social.friendStatus = () => error.message;
          redraw();
        }
      },
    },
    h("label", { for: "friend-name" }, t("friends.name")),
    input,
    h("button", { type: "submit", id: "friend-send" }, t("friends.send")),
  );
  const incoming = data.incoming.length
    ? h("ul", { id: "friend-incoming" }, data.incoming.map((request) => h(
      "li",
      { class: "friend-request", dataset: { id: String(request.id) } },
      withName("friends.wants", {}, request.from.name),
      " ",
      h("button", { type: "button", class: "accept-friend", onclick: async () => {
        await post(`/api/friends/requests/${request.id}/accept`);
        await onChange();
      } }, t("friends.accept")),
      " ",
      h("button", { type: "button", class: "secondary decline-friend", onclick: async () => {
        await post(`/api/friends/requests/${request.id}/decline`);
        await onChange();
      } }, t("friends.decline")),
    )))
    : null;
  const friends = data.friends.length
    ? h("ul", { id: "friend-list" }, data.friends.map((friend) => friendItem(friend, { onChange, inviteTo })))
    : h("p", { class: "empty" }, t("friends.none"));
  const outgoing = data.outgoing.length
    ? h("details", { id: "friend-outgoing" }, h("summary", {}, t("friends.sent_title", { count: data.outgoing.length })),
      h("ul", {}, data.outgoing.map((request) => h(
        "li",
        {},
        nameNode(request.name),
        " ",
        h("button", { type: "button", class: "secondary", onclick: async () => {
          await api("DELETE", `/api/friends/requests/${request.id}`);
          await onChange();
        } }, t("friends.cancel")),
      ))))
    : null;
  return section("friends", "friends.title", form, status, incoming, friends, outgoing, h("p", { class: "help" }, t("friends.invite_help")));
}
