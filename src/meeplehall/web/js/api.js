// The server's HTTP API (docs/protocol.md): JSON in, JSON out, errors by code with their values.

import { hasText, t } from "./i18n.js";
import { at } from "./paths.js";

/**
 * A refused request. `message` is read at the time it is shown, in the reader's language then:
 * the text `api.<code>` filled with the error's params, else the server's English `detail`
 * (FastAPI's 422 list of problems, a code this client has no text for, a proxy's error page).
 * Keep the error, not its message, to show it again after a language switch.
 */
export class ApiError extends Error {
  constructor(status, data, statusText) {
    super(); // no own `message`: the getter below gives it
    this.name = "ApiError";
    this.status = status;
    this.detail = (data && data.detail) || statusText;
    this.code = data && typeof data.code === "string" ? data.code : null;
    this.params = (data && data.params) || {};
  }

  get message() {
    const key = `api.${this.code}`;
    if (this.code && hasText(key)) return t(key, shownParams(this.params));
    return typeof this.detail === "string" ? this.detail : describeValidation(this.detail);
  }
}

/** Params as a sentence shows them: seats counted from 1 as on the page, lists as "1, 2". */
function shownParams(params) {
  const shown = {};
  for (const [name, value] of Object.entries(params)) {
    const seats = name === "seat" || name === "seats";
    const list = Array.isArray(value) ? value : null;
    if (seats && typeof value === "number") shown[name] = value + 1;
    else if (list) shown[name] = list.map((item) => (seats && typeof item === "number" ? item + 1 : item)).join(", ");
    else shown[name] = value;
  }
  return shown;
}

function describeValidation(detail) {
  // FastAPI's 422: a list of {loc, msg}; keep the field name and the message.
  if (Array.isArray(detail)) {
    return detail.map((item) => `${(item.loc || []).slice(1).join(".")}: ${item.msg}`).join("; ");
  }
  return String(detail);
}

export async function api(method, path, body) {
  const init = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(at(path), init);
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data, response.statusText);
  return data;
}

export const get = (path) => api("GET", path);
export const post = (path, body) => api("POST", path, body);

/** The logged-in user, or null: asked of /api/session, which answers a visitor without an error. */
export async function currentUser() {
  const response = await fetch(at("api/session"), { credentials: "same-origin" });
  return response.ok ? (await response.json()).user : null;
}

/** Who is logged in once a socket's session ended (closed with 4401), asked again a few times
 * while nobody is: a login or registration in another tab ends the token it replaces a moment
 * before this browser has stored the new cookie. Null when nobody is, after about 4 seconds. */
export async function userAfterSignOut() {
  for (const wait of [0, 300, 1000, 3000]) {
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
    const user = await currentUser().catch(() => null);
    if (user) return user;
  }
  return null;
}
