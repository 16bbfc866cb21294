// The table WebSocket (docs/protocol.md section 5), reconnecting by itself after a drop.

import { socketAt } from "./paths.js";

const CLOSE_NO_TABLE = 4404;
const CLOSE_NOT_YOUR_SEAT = 4403;
// The session this socket was opened with ended (logout, a password changed or reset, expiry).
const CLOSE_SIGNED_OUT = 4401;

export class TableSocket {
  /**
   * @param {number} tableId
   * @param {{invite: string|null, onMessage: Function, onStatus: Function,
   *          currentSeat: Function, currentSeq: Function}} handlers
   *   onStatus("open" | "reconnecting" | "refused" | "seat_lost" | "signed_out"); currentSeat() and
   *   currentSeq() say where the page is, so a reconnect resumes there.
   */
  constructor(tableId, { invite, onMessage, onStatus, currentSeat, currentSeq }) {
    this.tableId = tableId;
    this.currentSeat = currentSeat;
    this.currentSeq = currentSeq;
    this.invite = invite;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.ws = null;
    this.retries = 0;
    this.closedByUs = false;
    this.timer = null;
  }

  /** Open (or re-open) the socket showing `seat`, asking for the events after `since`. */
  connect(seat, since) {
    this.closedByUs = false;
    this.seat = seat;
    this.since = since;
    const params = new URLSearchParams();
    if (seat !== null && seat !== undefined) params.set("seat", seat);
    if (since) params.set("since", since);
    if (this.invite) params.set("invite", this.invite);
    const query = params.toString();
    const ws = new WebSocket(socketAt(`ws/tables/${this.tableId}${query ? `?${query}` : ""}`));
    this.ws = ws;
    ws.onopen = () => {
      this.retries = 0;
      this.onStatus("open");
      clearInterval(this.keepAlive);
      this.keepAlive = setInterval(() => this.send({ type: "ping" }), 25000);
    };
    ws.onmessage = (event) => {
      if (ws !== this.ws) return; // a socket we have replaced
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.onMessage(message);
    };
    ws.onclose = (event) => {
      clearInterval(this.keepAlive);
      if (ws !== this.ws || this.closedByUs) return;
      if (event.code === CLOSE_NO_TABLE) {
        this.onStatus("refused");
        return;
      }
      if (event.code === CLOSE_SIGNED_OUT) {
        // Not reconnected with the same cookie: the page asks who is logged in now.
        this.onStatus("signed_out");
        return;
      }
      if (event.code === CLOSE_NOT_YOUR_SEAT) {
        // The seat was given up (left, or taken over elsewhere): the page decides what to show.
        this.onStatus("seat_lost");
        return;
      }
      this.onStatus("reconnecting");
      const delay = Math.min(4000, 500 * 2 ** this.retries);
      this.retries += 1;
      this.timer = setTimeout(() => this.reconnect(), delay);
    };
  }

  reconnect() {
    this.connect(this.currentSeat(), this.currentSeq());
  }

  /** Close and open again at once (after joining or leaving a seat). */
  reopen() {
    this.closedByUs = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
    this.connect(this.currentSeat(), this.currentSeq());
  }

  /** Close for good (the page logs out). */
  close() {
    this.closedByUs = true;
    clearTimeout(this.timer);
    clearInterval(this.keepAlive);
    if (this.ws) this.ws.close();
  }

  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }
}
