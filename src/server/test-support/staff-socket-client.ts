import type { StaffPush } from "../../shared/inbox-api.ts";

/** An admin's socket for tests: every text frame it receives, and a wait for the next that fits. */
export interface StaffSocketClient {
  socket: WebSocket;
  frames: string[];
  /** The first push named `name` (and passing `where`) received so far or within `timeoutMs`. */
  push<N extends StaffPush["name"]>(
    name: N,
    where?: (push: Extract<StaffPush, { name: N }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<StaffPush, { name: N }>>;
  /** Waits for a raw frame equal to `text`. */
  frame(text: string, timeoutMs?: number): Promise<void>;
  close(): void;
}

export const staffSocketUrl = (mainUrl: string, token: string) =>
  `${mainUrl.replace(/^http/, "ws")}/api/admin/ws?token=${encodeURIComponent(token)}`;

export async function openStaffSocket(mainUrl: string, token: string): Promise<StaffSocketClient> {
  const socket = new WebSocket(staffSocketUrl(mainUrl, token));
  const frames: string[] = [];
  const waiters = new Set<() => void>();
  socket.addEventListener("message", (event) => {
    frames.push(String(event.data));
    for (const wake of waiters) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error("The staff socket did not open")), {
      once: true,
    });
  });

  async function waitFor<T>(find: () => T | undefined, what: string, timeoutMs: number): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() > deadline)
        throw new Error(`No ${what} within ${timeoutMs} ms; got ${frames.join(" | ")}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
        setTimeout(wake, 50);
      });
    }
  }

  const parsed = () =>
    frames.flatMap((frame) => {
      try {
        return [JSON.parse(frame) as StaffPush];
      } catch {
        return [];
      }
    });

  return {
    socket,
    frames,
    push(name, where = () => true, timeoutMs = 3000) {
      return waitFor(
        () =>
          parsed().find(
            (push): push is Extract<StaffPush, { name: typeof name }> =>
              push.name === name && where(push as Extract<StaffPush, { name: typeof name }>),
          ),
        `${name} push`,
        timeoutMs,
      );
    },
    async frame(text, timeoutMs = 3000) {
      await waitFor(() => (frames.includes(text) ? true : undefined), `"${text}" frame`, timeoutMs);
    },
    close: () => socket.close(),
  };
}
