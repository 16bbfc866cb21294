// One line per table in the lobby's lists (open tables, games in play, my games, finished).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { at } from "./paths.js";
import { agentMark, playerHref } from "./people.js";

export function tableLink(table) {
  const invite = table.invite_token ? `?invite=${encodeURIComponent(table.invite_token)}` : "";
  if (table.status === "finished") {
    const more = table.invite_token ? `&invite=${encodeURIComponent(table.invite_token)}` : "";
    return at(`replay.html?id=${table.id}${more}`);
  }
  return at(`tables/${table.id}${invite}`);
}

function plainName(seatInfo) {
  if (seatInfo.user) return seatInfo.user.name;
  if (seatInfo.bot_level !== null && seatInfo.bot_level !== undefined) {
    return t("seat.bot", { level: seatInfo.bot_level });
  }
  return t("seat.open");
}

/**
 * A seat's name. Given its `table`, a name that more than one seat there bears (the seats of one
 * person in hot-seat, two bots of one level) says its seat too: "Alice (seat 2)".
 */
export function seatName(seatInfo, table = null) {
  const name = plainName(seatInfo);
  if (!table || (!seatInfo.user && seatInfo.bot_level === null)) return name;
  const twins = table.seats.filter((other) => (other.user || other.bot_level !== null) && plainName(other) === name);
  return twins.length > 1 ? t("table.name_and_seat", { name, seat: seatInfo.seat + 1 }) : name;
}

export function clockText(table) {
  const clock = table.clock || {};
  if (table.mode === "none") return t("clock.none");
  if (table.mode === "turn") {
    return t("clock.turn", { hours: Math.round((clock.move_deadline_ms || 0) / 36e5 * 10) / 10 });
  }
  return t("clock.live", {
    minutes: Math.round((clock.initial_ms || 0) / 6e4 * 10) / 10,
    seconds: Math.round((clock.increment_ms || 0) / 1000),
  });
}

/** What the row's button does for `user`: play a game waiting for them, resume one of theirs... */
function rowAction(table, user) {
  if (table.status === "finished") return "lobby.result";
  if (table.status === "waiting") return "lobby.open_table";
  if (table.waiting_for_me) return "lobby.play";
  const seated = user && table.seats.some((seat) => seat.user && seat.user.id === user.id);
  return seated ? "lobby.resume" : "lobby.watch";
}

/** A seat in a list: a person's name leads to their page. */
function seatNode(info, table) {
  if (!info.user) return seatName(info, table);
  const link = h("a", { href: playerHref(info.user), class: "player-link" }, h("bdi", {}, seatName(info, table)));
  const mark = agentMark(info.user);
  return mark ? h("span", {}, link, " ", mark) : link;
}

/** The seats, comma-separated; a finished table's with each score and the winners marked. */
function seatsNode(table) {
  const result = table.result;
  const parts = table.seats.map((info) => {
    if (!result) return seatNode(info, table);
    const won = result.winners.includes(info.seat);
    return h("span", { class: `seat-result${won ? " winner" : ""}` },
      won ? h("span", { class: "winner-mark", title: t("lobby.winner"), "aria-label": t("lobby.winner") }, "★ ") : null,
      seatNode(info, table), " ", h("span", { class: "seat-score" }, result.scores[info.seat] ?? "–"));
  });
  return parts.flatMap((part, index) => (index === 0 ? [part] : [", ", part]));
}

export function tableRow(table, titles, user = null) {
  const taken = table.seats.filter((seat) => seat.user || seat.bot_level !== null).length;
  const action = rowAction(table, user);
  return h(
    "li",
    { class: `table-row${table.waiting_for_me ? " my-turn" : ""}`, dataset: { table: String(table.id) } },
    h("a", { href: tableLink(table), class: "table-link" }, `${titles[table.game] || table.game} #${table.id}`),
    " ",
    table.waiting_for_me ? h("strong", { class: "badge badge-turn" }, t("lobby.your_move")) : null,
    h("span", { class: "badge" }, t(`status.${table.status}`)),
    table.visibility === "private" ? h("span", { class: "badge" }, t("lobby.private")) : null,
    table.rated ? h("span", { class: "badge" }, t("lobby.rated")) : null,
    h("span", { class: "meta" }, t("lobby.seats_taken", { taken, total: table.players })),
    h("span", { class: "meta" }, clockText(table)),
    h("span", { class: "meta seats" }, seatsNode(table)),
    " ",
    h("a", { href: tableLink(table), class: "button-link" }, t(action)),
  );
}
