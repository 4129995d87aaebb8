/**
 * A WebSocket the test plays the server of: partysocket makes these (it reads the global `WebSocket`
 * at each connect), and the test opens, closes or refuses each one when it says so. With fake timers
 * this shows exactly when a client tries again, without a server or a real wait.
 */
export class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  /** Every socket made since `install()`, oldest first. */
  static made: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  binaryType = "blob";
  readonly sent: string[] = [];

  constructor(readonly url: string) {
    super();
    FakeWebSocket.made.push(this);
  }

  send(data: string): void {
    this.sent.push(data);
  }

  /** The client's own close: partysocket has already stopped listening to this socket by then. */
  close(): void {
    if (this.readyState < FakeWebSocket.CLOSING) this.readyState = FakeWebSocket.CLOSED;
  }

  /** The server accepts the connection. */
  accept(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.dispatchEvent(new Event("open"));
  }

  /** The server closes the connection with `code`. */
  closeFromServer(code: number, reason = ""): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.dispatchEvent(Object.assign(new Event("close"), { code, reason, wasClean: true }));
  }

  /** Nothing listens: the connection fails, as a browser reports it (an error, then a 1006 close). */
  refuse(): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.dispatchEvent(new Event("error"));
    this.dispatchEvent(Object.assign(new Event("close"), { code: 1006, reason: "", wasClean: false }));
  }

  /**
   * An open connection is lost without a close frame (the server's process died), as browsers that
   * report it as a failure do: an error, then a 1006 close.
   */
  drop(): void {
    this.refuse();
  }

  /** Puts the fake in the global `WebSocket`; the answer puts the real one back. */
  static install(): () => void {
    const real = globalThis.WebSocket;
    FakeWebSocket.made = [];
    globalThis.WebSocket = FakeWebSocket as unknown as typeof WebSocket;
    return () => {
      globalThis.WebSocket = real;
    };
  }

  /** The newest socket; throws when none was made. */
  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.made.at(-1);
    if (!socket) throw new Error("no socket was made");
    return socket;
  }
}

/** Lets pending promise callbacks run (partysocket connects on a promise chain after its timer). */
export async function settle(): Promise<void> {
  for (let turn = 0; turn < 20; turn++) await Promise.resolve();
}
