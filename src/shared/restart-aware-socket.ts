import ReconnectingWebSocket, {
  type Options,
  type ProtocolsProvider,
  type UrlProvider,
} from "partysocket/ws";
import { restartRetryDelaysMs, serviceRestartCloseCode, spreadDelay } from "./service-restart.ts";

export interface RestartAwareOptions extends Options {
  /** The quick tries' delays after a restart close (service-restart.ts); tests shorten them. */
  restartRetryDelaysMs?: readonly number[];
  /** 0 to 1, spreads each quick try (service-restart.ts); tests pin it. */
  random?: () => number;
}

/**
 * partysocket's reconnecting socket, which comes back quickly from a server restart: the widget's
 * socket (loader and messenger) and the admin's staff socket.
 *
 * partysocket waits its usual delay after every close (5 s for the widget, spec §9). After a close
 * with 1012 ("Service Restart", service-restart.ts) this one tries again after the short delays of
 * `restartRetryDelaysMs` instead, one after each failed try; once they are spent, or after any other
 * close, partysocket's own delay and backoff apply as before. An open connection ends the quick tries;
 * `close()` ends them too, so a socket its owner closed stays closed.
 *
 * It uses partysocket's public parts only: `shouldReconnectOnClose` hands a restart's close to the
 * quick tries (partysocket then schedules nothing of its own), and `reconnect()` makes a try at once.
 */
export class RestartAwareSocket extends ReconnectingWebSocket {
  /** The next quick try's place in `restartDelays` while coming back from a restart; null otherwise. */
  private restartTry: number | null = null;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private closedByOwner = false;
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
    this.addEventListener("open", () => this.endRestart());
  }

  /** Whether this close leaves the next try to partysocket; false when a quick try is scheduled instead. */
  private usualReconnect(event: { code: number }): boolean {
    if (this.closedByOwner) return true;
    if (event.code === serviceRestartCloseCode) this.restartTry = 0;
    if (this.restartTry === null) return true;
    const base = this.restartDelays[this.restartTry];
    if (base === undefined) {
      // Every quick try failed: the server is down for longer than a restart.
      this.restartTry = null;
      return true;
    }
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
