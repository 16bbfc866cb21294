// The server's HTTP API (docs/protocol.md): JSON in, JSON out, errors as readable sentences.

export class ApiError extends Error {
  constructor(status, detail) {
    super(typeof detail === "string" ? detail : describeValidation(detail));
    this.status = status;
  }
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
  const response = await fetch(path, init);
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    throw new ApiError(response.status, (data && data.detail) || response.statusText);
  }
  return data;
}

export const get = (path) => api("GET", path);
export const post = (path, body) => api("POST", path, body);

/** The logged-in user, or null (a 401 is the normal answer when nobody is logged in). */
export async function currentUser() {
  const response = await fetch("/api/me", { credentials: "same-origin" });
  return response.ok ? response.json() : null;
}
