import ReconnectingWebSocket, {
  type Options,
  type ProtocolsProvider,
  type UrlProvider,
} from "partysocket/ws";
import { restartRetryDelaysMs, spreadDelay, steadyConnectionMs } from "./service-restart.ts";

export interface RestartAwareOptions extends Options {
  /** The quick tries' delays after a connection was lost (service-restart.ts); tests shorten them. */
  restartRetryDelaysMs?: readonly number[];
  /** 0 to 1, spreads each quick try (service-restart.ts); tests pin it. */
  random?: () => number;
}

/** Close codes 4000–4999 are the application's own (the admin's 4001: the sign-in ended). */
const applicationClose = (code: number) => code >= 4000 && code <= 4999;

/**
 * partysocket's reconnecting socket, which comes back quickly when its server went away: the widget's
 * socket (loader and messenger) and the admin's staff socket.
 *
 * partysocket waits its usual delay after every close (5 s for the widget, spec §9). When an open
 * connection is lost instead — the server restarted (it closes with 1012, "Service Restart",
 * service-restart.ts), or its process or machine died (1006, no close frame at all) and a balancer has
 * other servers — this one tries again after the short delays of `restartRetryDelaysMs`, one after each
 * failed try; once they are spent, or after a close the application chose (4000–4999: the admin's
 * sign-in ended) or a connection that never opened, partysocket's own delay and backoff apply as before.
 * A connection that is lost again before it stayed open `steadyConnectionMs` goes on with the next
 * delay rather than the first, so a server that accepts and drops at once is not knocked on every
 * quarter second. `close()` ends the quick tries, so a socket its owner closed stays closed.
 *
 * It uses partysocket's public parts only: `shouldReconnectOnClose` hands a lost connection to the
 * quick tries (partysocket then schedules nothing of its own), and `reconnect()` makes a try at once.
 * A lost connection reaches it as a 1006 close, or (when the browser reports an error first) as the
 * close partysocket makes up for the error: either way, the connection had opened.
 */
export class RestartAwareSocket extends ReconnectingWebSocket {
  /** The next quick try's place in `restartDelays` while coming back; null otherwise. */
  private restartTry: number | null = null;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private closedByOwner = false;
  /** When the current connection opened; null while there is none. */
  private openedAt: number | null = null;
  private readonly restartDelays: readonly number[];
  private readonly spread: () => number;

  constructor(url: UrlProvider, protocols?: ProtocolsProvider, options: RestartAwareOptions = {}) {
    const { restartRetryDelaysMs: delays = restartRetryDelaysMs, random = Math.random, ...rest } = options;
    // partysocket asks after every close; `this` exists only once `super` returned, which is before any
    // close can happen (the first connection is made on a later turn).
    const owner: { socket?: RestartAwareSocket } = {};
    super(url, protocols, {
      ...rest,
      shouldReconnectOnClose: (event) =>
        (rest.shouldReconnectOnClose?.(event) ?? true) && (owner.socket?.usualReconnect(event) ?? true),
    });
    owner.socket = this;
    this.restartDelays = delays;
    this.spread = random;
    this.addEventListener("open", () => {
      this.openedAt = Date.now();
      clearTimeout(this.restartTimer);
    });
  }

  /** Whether this close leaves the next try to partysocket; false when a quick try is scheduled instead. */
  private usualReconnect(event: { code: number }): boolean {
    if (this.closedByOwner) return true;
    const openedAt = this.openedAt;
    this.openedAt = null;
    if (openedAt !== null) {
      if (applicationClose(event.code)) this.restartTry = null;
      else if (this.restartTry === null || Date.now() - openedAt >= steadyConnectionMs) this.restartTry = 0;
    }
    if (this.restartTry === null) return true;
    const base = this.restartDelays[this.restartTry];
    // Every quick try is spent: the server is down for longer than a restart, or drops every connection.
    // The index stays past the end until a steady connection (or the application's close) resets it.
    if (base === undefined) return true;
    this.restartTry++;
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => this.tryNow(), spreadDelay(base, this.spread));
    return false;
  }

  private tryNow(): void {
    // partysocket's own reconnect: the quick tries go on if this one fails.
    if (this.readyState === this.CLOSED || this.readyState === this.CLOSING) super.reconnect();
  }

  private endRestart(): void {
    this.restartTry = null;
    this.openedAt = null;
    clearTimeout(this.restartTimer);
  }

  override reconnect(code?: number, reason?: string): void {
    this.endRestart();
    this.closedByOwner = false;
    super.reconnect(code, reason);
  }

  override close(code?: number, reason?: string): void {
    this.endRestart();
    this.closedByOwner = true;
    super.close(code, reason);
  }
}
