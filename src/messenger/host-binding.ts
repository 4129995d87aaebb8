import type { HostToMessengerMessage } from "../shared/frame-messages.ts";

/**
 * Which project the messenger frame serves. A host names it in `session-update` (`sdkKey`, and the
 * `apiUrl` the frame then calls with that key); the frame's own requests come from the messenger
 * origin, which every project lets call the API, so without this gate any page allowed to frame the
 * messenger could drive it as any project.
 *
 * - A frame opened for a project (`?sdkKey=` in its URL: the server answered with that project's
 *   `frame-ancestors`) takes that project's session only.
 * - A frame opened without one (the published Gleap SDK never adds it) is framed under every
 *   project's origins together. It binds to the project of the FIRST `session-update` and takes it
 *   only once the server says the host's origin (`event.origin`, as the frame saw it) is one that
 *   project allows (`checkHost`, src/shared/frame-host-api.ts). What the host sends meanwhile waits,
 *   in order. From then on a `session-update` naming another project or API is ignored: the frame
 *   never switches. A refused project's sessions are ignored for good; a check that got no answer
 *   (offline, 5xx, 429) is tried again with the host's next message.
 */

export type HostVerdict = "allowed" | "refused" | "unknown";

export interface HostCheck {
  apiUrl: string;
  sdkKey: string;
  /** The origin the host's messages come from. */
  hostOrigin: string;
}

export type CheckHost = (check: HostCheck) => Promise<HostVerdict>;

export interface HostBinding {
  /** Passes a host message on to `deliver`, now or once the check has answered, or drops it. */
  admit(message: HostToMessengerMessage, origin: string): void;
}

type SessionUpdate = Extract<HostToMessengerMessage, { name: "session-update" }>;

const isSession = (message: HostToMessengerMessage): message is SessionUpdate =>
  message.name === "session-update";

/** The API a session is for: the same key at another address is another project. */
const projectOf = (message: SessionUpdate) =>
  `${message.data.apiUrl.replace(/\/+$/, "")} ${message.data.sdkKey}`;

export function createHostBinding(options: {
  /** The project in the frame's URL (`?sdkKey=`), or null. */
  frameKey: string | null;
  checkHost: CheckHost;
  deliver: (message: HostToMessengerMessage) => void;
}): HostBinding {
  const { frameKey, checkHost, deliver } = options;
  let bound: string | null = null;
  let verdict: "unchecked" | "checking" | "allowed" | "refused" = "unchecked";
  // While checking: everything the host said since, in order. After a check without an answer: the
  // session that waits for the next try.
  let held: HostToMessengerMessage[] = [];

  function check(session: SessionUpdate, origin: string) {
    verdict = "checking";
    const { apiUrl, sdkKey } = session.data;
    checkHost({ apiUrl, sdkKey, hostOrigin: origin }).then(
      (answer) => settle(answer),
      () => settle("unknown"),
    );
  }

  function settle(answer: HostVerdict) {
    verdict = answer === "unknown" ? "unchecked" : answer;
    const waiting = held;
    held = [];
    for (const message of waiting) {
      if (!isSession(message)) deliver(message);
      else if (verdict === "allowed") deliver(message);
    }
    // Kept for the next try: the newest session the host sent.
    const latest = waiting.filter(isSession).at(-1);
    if (verdict === "unchecked" && latest) held = [latest];
  }

  return {
    admit(message, origin) {
      if (frameKey !== null) {
        if (!isSession(message) || message.data.sdkKey === frameKey) deliver(message);
        return;
      }
      if (isSession(message)) {
        // A session without a key or an API serves nothing; it binds nothing either.
        if (!message.data.sdkKey || !message.data.apiUrl) return;
        bound ??= projectOf(message);
        if (projectOf(message) !== bound) return;
      }
      if (verdict === "allowed") return deliver(message);
      if (verdict === "refused") {
        if (!isSession(message)) deliver(message);
        return;
      }
      if (verdict === "checking") {
        held.push(message);
        return;
      }
      // Unchecked: a session starts the check; a message after a check without an answer tries again.
      const pending = isSession(message) ? message : held.find(isSession);
      if (!pending) return deliver(message);
      held.push(message);
      check(pending, origin);
    },
  };
}
