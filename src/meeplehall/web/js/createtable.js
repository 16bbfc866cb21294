// The form that opens a table, drawn from the game's option specs (GET /api/games).

import { post } from "./api.js";
import { nameNode } from "./bidi.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { gameText } from "./renderers.js";
import { at } from "./paths.js";

function optionInput(spec, renderer) {
  const id = `option-${spec.key}`;
  const helpId = `${id}-help`;
  const label = gameText(renderer, `option.${spec.key}`, spec.label || spec.key);
  const help = gameText(renderer, `option.${spec.key}.help`, spec.help || "");
  const common = { id, name: spec.key, "aria-describedby": help ? helpId : null, dataset: { kind: spec.kind } };
  const counts = { dataset: { players: (spec.players || []).join(" ") } };
  let input;
  if (spec.kind === "bool") {
    input = h("input", { ...common, type: "checkbox", checked: Boolean(spec.default) });
  } else if (spec.kind === "int") {
    input = h("input", { ...common, type: "number", step: 1, value: spec.default, min: spec.minimum, max: spec.maximum, required: true });
  } else if (spec.kind === "choice" && Array.isArray(spec.choices)) {
    input = h(
      "select",
      common,
      spec.choices.map((choice) =>
        h("option", { value: String(choice), selected: String(choice) === String(spec.default) },
          gameText(renderer, `option.${spec.key}.${choice}`, String(choice))),
      ),
    );
  } else {
    input = h("input", { ...common, type: "text", value: spec.default ?? "" });
  }
  const wrapper = spec.kind === "bool"
    ? h("div", { class: "field field-check", ...counts }, input, h("label", { for: id }, label))
    : h("div", { class: "field", ...counts }, h("label", { for: id }, label), input);
  if (help) wrapper.append(h("p", { class: "help", id: helpId }, help));
  return wrapper;
}

/** Options for hosts and researchers (data files, a rules edition), folded away. */
function advancedOptions(specs, renderer) {
  const advanced = specs.filter((spec) => spec.advanced);
  if (!advanced.length) return null;
  return h("details", { id: "create-advanced", class: "advanced-options" },
    h("summary", {}, t("create.advanced")),
    advanced.map((spec) => optionInput(spec, renderer)));
}

/**
 * A game played with the hall's own components (the renderer's `communitySet`: Pyramido's
 * dominoes, Monster Hex's boards) says so above its options while the option choosing them is at
 * the built-in set; another data file named there takes the note away.
 */
function communityNote(form, renderer) {
  const set = renderer && renderer.communitySet;
  const options = form.querySelector("#create-options");
  if (!set || !options) return;
  const note = h("p", { id: "create-community", class: "help community-set" }, gameText(renderer, "community_set", ""));
  const legend = options.querySelector("legend");
  if (legend) legend.after(note);
  else options.prepend(note);
  const input = form.querySelector(`#option-${CSS.escape(set.option)}`);
  const follow = () => {
    note.hidden = Boolean(input) && input.value.trim() !== set.builtIn;
  };
  input?.addEventListener("input", follow);
  follow();
}

/** Show each option only for the player counts it applies to (the spec's `players`). */
function showOptionsFor(form, count) {
  for (const field of form.querySelectorAll("[data-players]")) {
    const counts = field.dataset.players.split(" ").filter(Boolean).map(Number);
    field.hidden = counts.length > 0 && !counts.includes(count);
  }
}

function readOptions(form, specs) {
  const options = {};
  for (const spec of specs) {
    const input = form.elements.namedItem(spec.key);
    if (input.closest("[hidden]")) continue; // not for this player count: the game's default
    if (spec.kind === "bool") options[spec.key] = input.checked;
    else if (spec.kind === "int") options[spec.key] = Number(input.value);
    else if (spec.kind === "choice" && Array.isArray(spec.choices)) {
      options[spec.key] = spec.choices.find((choice) => String(choice) === input.value);
    }
    else options[spec.key] = input.value;
  }
  return options;
}

function seatRows(count, bots) {
  const rows = [];
  for (let seat = 0; seat < count; seat++) {
    const id = `seat-${seat}`;
    rows.push(
      h(
        "div",
        { class: "field seat-field" },
        h("label", { for: id }, t("create.seat", { seat: seat + 1 })),
        h(
          "select",
          { id, name: id, class: "seat-kind" },
          h("option", { value: "me", selected: seat === 0 }, t("create.seat_me")),
          h("option", { value: "open", selected: seat !== 0 && bots.levels.length === 0 }, t("create.seat_open")),
          bots.levels.map((level) =>
            h("option", { value: `bot:${level}`, selected: seat !== 0 && level === bots.levels[0] }, t("seat.bot", { level })),
          ),
        ),
      ),
    );
  }
  return rows;
}

function radio(name, value, labelKey, checked) {
  const id = `${name}-${value}`;
  return h("span", { class: "radio" }, h("input", { type: "radio", id, name, value, checked }), h("label", { for: id }, t(labelKey)));
}

// The last refusal, kept while the lobby redraws the form (a language switch, logging in): it
// stays shown, in the language of the moment, until the form is sent again.
let refusal = null;

/** A refusal of the form itself, read like an ApiError: in the language of the moment. */
class FormRefusal extends Error {
  constructor(key) {
    super();
    this.key = key;
  }

  get message() {
    return t(this.key);
  }
}

/** The create-table form for `game`; on success the browser goes to the new table. */
export function createTableForm({ games, game, bots, renderer, user, friends = [], onGameChange, onCancel }) {
  const status = h("p", { class: "form-error", role: "alert", id: "create-error" }, refusal?.message || null);
  const seats = h("fieldset", { id: "create-seats" }, h("legend", {}, t("create.seats")));
  const players = h(
    "select",
    { id: "create-players", name: "players" },
    Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => game.min_players + i).map((n) =>
      h("option", { value: n, selected: n === Math.max(game.min_players, Math.min(2, game.max_players)) }, n),
    ),
  );
  const fillSeats = () => {
    replace(seats, h("legend", {}, t("create.seats")), seatRows(Number(players.value), bots));
  };
  players.addEventListener("change", fillSeats);
  fillSeats();

  const live = h(
    "div",
    { class: "clock-live" },
    h("div", { class: "field" }, h("label", { for: "create-initial" }, t("create.initial_minutes")),
      h("input", { id: "create-initial", name: "initial_minutes", type: "number", min: 0.5, max: 180, step: 0.5, value: 10 })),
    h("div", { class: "field" }, h("label", { for: "create-increment" }, t("create.increment_seconds")),
      h("input", { id: "create-increment", name: "increment_seconds", type: "number", min: 0, max: 300, step: 1, value: 10 })),
  );
  const turn = h(
    "div",
    { class: "clock-turn", hidden: true },
    h("div", { class: "field" }, h("label", { for: "create-deadline" }, t("create.deadline_hours")),
      h("input", { id: "create-deadline", name: "deadline_hours", type: "number", min: 1, max: 336, step: 0.1, value: 24 })),
  );
  const showMode = (mode) => {
    live.hidden = mode !== "live";
    turn.hidden = mode !== "turn";
  };
  // Until the reader picks a clock, it follows the seats: nobody to wait on (solo, bots,
  // hot-seat) means no clock; a seat for someone else means a live clock.
  let modeChosen = false;
  const modes = h(
    "fieldset",
    {
      class: "modes",
      onchange: (event) => {
        if (event.target.name !== "mode") return;
        modeChosen = true;
        showMode(event.target.value);
      },
    },
    h("legend", {}, t("create.mode")),
    radio("mode", "live", "create.mode_live", true),
    radio("mode", "turn", "create.mode_turn", false),
    radio("mode", "none", "create.mode_none", false),
    live,
    turn,
  );
  const followSeats = () => {
    if (modeChosen) return;
    const open = [...seats.querySelectorAll("select.seat-kind")].some((select) => select.value === "open");
    const mode = open ? "live" : "none";
    modes.querySelector(`#mode-${mode}`).checked = true;
    showMode(mode);
  };
  seats.addEventListener("change", followSeats);
  players.addEventListener("change", followSeats);
  followSeats();

  const form = h(
    "form",
    {
      id: "create-form",
      onsubmit: async (event) => {
        event.preventDefault();
        status.textContent = "";
        refusal = null;
        try {
          location.href = await submit(form, game);
        } catch (error) {
          refusal = error;
          status.textContent = error.message;
        }
      },
    },
    h("div", { class: "field" }, h("label", { for: "create-game" }, t("create.game")),
      h("select", { id: "create-game", name: "game", onchange: (event) => onGameChange(event.target.value) },
        games.map((g) => h("option", { value: g.name, selected: g.name === game.name }, g.title)))),
    h("div", { class: "field" }, h("label", { for: "create-players" }, t("create.players")), players),
    seats,
    game.options.length
      ? h("fieldset", { id: "create-options" }, h("legend", {}, t("create.options")),
        game.options.filter((spec) => !spec.advanced).map((spec) => optionInput(spec, renderer)),
        advancedOptions(game.options, renderer))
      : null,
    modes,
    h("div", { class: "field" }, h("label", { for: "create-visibility" }, t("create.visibility")),
      h("select", { id: "create-visibility", name: "visibility" },
        h("option", { value: "public" }, t("create.public")),
        h("option", { value: "private" }, t("create.private")))),
    h("div", { class: "field field-check" }, h("input", { type: "checkbox", id: "create-rated", name: "rated" }),
      h("label", { for: "create-rated" }, t("create.rated"))),
    h("p", { class: "help" }, t("create.rated_help")),
    h("div", { class: "field field-check" }, h("input", { type: "checkbox", id: "create-hints", name: "hints" }),
      h("label", { for: "create-hints" }, t("create.hints"))),
    h("div", { class: "field field-check" }, h("input", { type: "checkbox", id: "create-spectator-chat", name: "spectator_chat", checked: true }),
      h("label", { for: "create-spectator-chat" }, t("create.spectator_chat"))),
    h("div", { class: "field field-check" }, h("input", { type: "checkbox", id: "create-agents", name: "agents", checked: true }),
      h("label", { for: "create-agents" }, t("create.agents"))),
    friends.length
      ? h("fieldset", { id: "create-invite" }, h("legend", {}, t("create.invite_friends")),
        friends.map((friend) => h("div", { class: "field field-check" },
          h("input", { type: "checkbox", id: `invite-${friend.id}`, name: "invite", value: friend.id }),
          h("label", { for: `invite-${friend.id}` }, nameNode(friend.name)))))
      : null,
    user ? null : h("p", { class: "help" }, t("create.login_first")),
    h("div", { class: "form-actions" },
      h("button", { type: "submit", id: "create-submit" }, t("create.submit")),
      h("button", { type: "button", class: "secondary", onclick: () => {
        refusal = null;
        onCancel();
      } }, t("create.cancel"))),
    status,
  );
  const showOptions = () => showOptionsFor(form, Number(players.value));
  players.addEventListener("change", showOptions);
  showOptions();
  communityNote(form, renderer);
  return form;

  async function submit(form, game) {
    const data = new FormData(form);
    const count = Number(data.get("players"));
    const mine = [];
    const botSeats = [];
    for (let seat = 0; seat < count; seat++) {
      const kind = data.get(`seat-${seat}`);
      if (kind === "me") mine.push(seat);
      else if (kind.startsWith("bot:")) botSeats.push({ seat, level: Number(kind.slice(4)) });
    }
    if (mine.length > 1 && data.get("rated") === "on") throw new FormRefusal("create.hotseat_unrated");
    const mode = data.get("mode");
    const body = {
      game: game.name,
      options: readOptions(form, game.options),
      players: count,
      bots: botSeats,
      seat: mine.length ? mine[0] : null,
      mode,
      visibility: data.get("visibility"),
      rated: data.get("rated") === "on",
      hints: data.get("hints") === "on",
      spectator_chat: data.get("spectator_chat") === "on",
      // Agents never sit at a rated table: "agents welcome" goes with unrated ones only.
      agents: data.get("agents") === "on" && data.get("rated") !== "on",
      invite: data.getAll("invite").map(Number),
    };
    if (mode === "live") {
      body.initial_seconds = Number(data.get("initial_minutes")) * 60;
      body.increment_seconds = Number(data.get("increment_seconds"));
    } else if (mode === "turn") {
      body.move_deadline_hours = Number(data.get("deadline_hours"));
    }
    const table = await post("/api/tables", body);
    // Several "me" seats make a hot-seat table: take the other seats too.
    for (const seat of mine.slice(1)) {
      await post(`/api/tables/${table.id}/join`, { seat, invite: table.invite_token });
    }
    // Nobody else to wait for: start at once.
    if (mine.length + botSeats.length === count) await post(`/api/tables/${table.id}/start`);
    return at(`tables/${table.id}${table.invite_token ? `?invite=${encodeURIComponent(table.invite_token)}` : ""}`);
  }
}
