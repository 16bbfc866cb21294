// The per-user WebSocket /ws/me (docs/protocol.md): tables waiting for my move and my
// notifications as they happen; it reconnects by itself after a drop.

import { currentLanguage, onLanguageChange } from "./i18n.js";
import { socketAt } from "./paths.js";

// No session, or the one this socket was opened with ended (logout, password change, expiry).
const CLOSE_NOT_LOGGED_IN = 4401;

export class UserChannel {
  /** @param {{onHello: Function, onWaiting: Function, onNotification: Function,
   *           onSignedOut: Function}} handlers; onSignedOut() when closed with 4401 (no reconnect) */
  constructor(handlers) {
    this.handlers = handlers;
    this.ws = null;
    this.retries = 0;
    this.stopped = false;
    onLanguageChange((lang) => this.send({ type: "lang", lang }));
  }

  connect() {
    this.stopped = false;
    const ws = new WebSocket(socketAt(`ws/me?lang=${currentLanguage()}`));
    this.ws = ws;
    ws.onopen = () => {
      this.retries = 0;
      clearInterval(this.keepAlive);
      this.keepAlive = setInterval(() => this.send({ type: "ping" }), 25000);
    };
    ws.onmessage = (event) => {
      if (ws !== this.ws) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "hello") this.handlers.onHello(message);
      else if (message.type === "waiting") this.handlers.onWaiting(message);
      else if (message.type === "notification") this.handlers.onNotification(message.notification);
      else if (message.type === "notification_closed") this.handlers.onNotificationClosed(message.id);
      else if (message.type === "table_found") this.handlers.onTableFound?.(message.table);
    };
    ws.onclose = (event) => {
      clearInterval(this.keepAlive);
      if (ws !== this.ws || this.stopped) return;
      if (event.code === CLOSE_NOT_LOGGED_IN) {
        this.handlers.onSignedOut?.();
        return;
      }
      // Back off up to half a minute: a server restart should not meet a storm of sockets.
      const delay = Math.min(30000, 500 * 2 ** this.retries) * (0.5 + Math.random() / 2);
      this.retries += 1;
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.keepAlive);
    if (this.ws) this.ws.close();
    this.ws = null;
  }
}
