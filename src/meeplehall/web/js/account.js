// Who is playing: play as a guest, register, log in, log out.

import { post } from "./api.js";
import { nameNode, withName } from "./bidi.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

// What has been typed into each field, kept while the page redraws the forms (a table update
// arrives while someone types their name): cleared once a form goes through.
const typed = new Map();

function field(id, labelKey, attrs) {
  const input = h("input", { id, ...attrs, oninput: () => typed.set(id, input.value) });
  if (typed.has(id)) input.value = typed.get(id);
  return h("div", { class: "field" }, h("label", { for: id }, t(labelKey)), input);
}

// The last refusal of each form, kept while the page redraws the forms (a language switch, a
// table update): it stays shown, in the language of the moment, until a form is sent again.
const refusals = new Map();

function form(id, titleKey, fields, submitKey, onsubmit) {
  const status = h("p", { class: "form-error", role: "alert" }, refusals.get(id)?.message || null);
  const element = h(
    "form",
    {
      id,
      class: "account-form",
      onsubmit: async (event) => {
        event.preventDefault();
        status.textContent = "";
        refusals.clear();
        const data = Object.fromEntries(new FormData(element).entries());
        try {
          await onsubmit(data);
          typed.clear();
        } catch (error) {
          refusals.set(id, error);
          status.textContent = error.message;
        }
      },
    },
    h("h3", {}, t(titleKey)),
    fields,
    h("button", { type: "submit" }, t(submitKey)),
    status,
  );
  return element;
}

/** The three ways in, side by side; onDone(user) after success. */
export function accountForms(onDone) {
  const guest = form(
    "guest-form",
    "account.guest",
    [field("guest-name", "account.display_name", { name: "name", required: true, maxlength: 32, autocomplete: "nickname" })],
    "account.play_as_guest",
    async (data) => onDone(await post("/api/auth/guest", { name: data.name })),
  );
  const login = form(
    "login-form",
    "account.login",
    [
      field("login-name", "account.name", { name: "name", required: true, maxlength: 32, autocomplete: "username" }),
      field("login-password", "account.password", { name: "password", type: "password", required: true, autocomplete: "current-password" }),
    ],
    "account.login",
    async (data) => onDone(await post("/api/auth/login", data)),
  );
  const register = form(
    "register-form",
    "account.register",
    [
      field("register-name", "account.name", { name: "name", required: true, maxlength: 32, autocomplete: "username" }),
      field("register-password", "account.password", { name: "password", type: "password", required: true, minlength: 8, autocomplete: "new-password" }),
      h("p", { class: "help" }, t("account.password_help")),
    ],
    "account.register",
    async (data) => onDone(await post("/api/auth/register", data)),
  );
  return h("div", { class: "account-forms" }, guest, login, register);
}

/** "Alice (guest) · Log out", or nothing when nobody is logged in. */
/** The header's user and logout button; `beforeLogout` closes the page's sockets first, so
 * their close (4401, the session ended) is not taken for a session ended elsewhere. */
export function userBox(user, onLogout, beforeLogout = null) {
  if (!user) return h("span", { id: "user-box" }, t("account.nobody"));
  return h(
    "span",
    { id: "user-box" },
    h("span", { id: "user-name" }, user.guest ? withName("account.guest_name", {}, user.name) : nameNode(user.name)),
    " ",
    h(
      "button",
      {
        type: "button",
        id: "logout",
        class: "link",
        onclick: async () => {
          beforeLogout?.();
          await post("/api/auth/logout");
          onLogout();
        },
      },
      t("account.logout"),
    ),
  );
}
