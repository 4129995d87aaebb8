import type { WidgetSession } from "../src/shared/widget-session-api.ts";
import { sessionStorageKey } from "../src/shared/widget-storage-keys.ts";
import { sessionRetryDelayMs } from "./backoff.ts";
import { readCookie, serializeCookie } from "./cookies.ts";
import type { HttpClient, HttpFailure } from "./http-client.ts";

export interface SessionManagerDeps {
  sdkKey: string;
  request: HttpClient;
  storage: Storage | null;
  /** `document`, when the session is also kept in a cookie (`setUseCookies(true)`). */
  cookieJar: () => { cookie: string } | null;
  language: () => string;
  sdkVersion: string;
  onChange: (session: WidgetSession, previousId: string | null) => void;
  /** Every accepted answer, also when only the fields changed (identify, updateContact). */
  onUpdate?: (session: WidgetSession) => void;
  report: (message: string, error?: unknown) => void;
}

/** The user fields a host passes to identify and updateContact. */
export interface ContactData {
  name?: string;
  email?: string;
  phone?: string;
  value?: number;
  customData?: Record<string, unknown>;
  [flattened: string]: unknown;
}

const cookieMaxAge = 365 * 24 * 60 * 60;

/**
 * The visitor's session (spec §4): started or resumed at once, kept in localStorage (and a cookie when
 * asked), retried with a growing delay when the server refuses it, and replaced whole by the answers of
 * identify and partialupdate.
 */
/**
 * Runs writes one at a time, in call order: identify and updateContact each answer the whole session,
 * so the late answer of an earlier call must never undo a later one (a host queues both before the
 * loader arrives).
 */
function oneAtATime() {
  let writing: Promise<unknown> = Promise.resolve();
  return <T>(write: () => Promise<T>): Promise<T> => {
    const turn = writing.then(write, write);
    writing = turn.catch(() => {});
    return turn;
  };
}

/** Whether the given fields would change nothing on `session` (then no call is made). */
function unchangedOn(session: WidgetSession | null, fields: Record<string, unknown>): boolean {
  if (!session) return false;
  const current = session as unknown as Record<string, unknown>;
  const custom = session.customData ?? {};
  return Object.entries(fields).every(([name, value]) => {
    // A field the host did not pass changes nothing (e.g. no customData at all).
    if (value === undefined) return true;
    if (name === "customData" && value && typeof value === "object") {
      return Object.entries(value).every(([k, v]) => custom[k] === v);
    }
    return name in current ? current[name] === value : custom[name] === value;
  });
}

export function createSessionManager(deps: SessionManagerDeps) {
  const key = sessionStorageKey(deps.sdkKey);
  let session: WidgetSession | null = null;
  // The id a cleared session had, so the next one is announced as a change from it.
  let clearedId: string | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  function readStored(): WidgetSession | null {
    try {
      const raw = deps.storage?.getItem(key) ?? readCookie(deps.cookieJar()?.cookie ?? "", key);
      const parsed = raw ? (JSON.parse(raw) as WidgetSession) : null;
      return parsed && typeof parsed.gleapId === "string" && typeof parsed.gleapHash === "string"
        ? parsed
        : null;
    } catch {
      return null;
    }
  }

  function store(next: WidgetSession | null) {
    try {
      if (next) deps.storage?.setItem(key, JSON.stringify(next));
      else deps.storage?.removeItem(key);
    } catch {
      // Storage can be full or blocked (private mode); the session still works for this page view.
    }
    const jar = deps.cookieJar();
    if (jar) {
      const value = next ? JSON.stringify({ gleapId: next.gleapId, gleapHash: next.gleapHash }) : "";
      jar.cookie = serializeCookie(key, value, {
        maxAge: next ? cookieMaxAge : 0,
        path: "/",
        sameSite: "lax",
      });
    }
  }

  /** Takes a server answer as the new session when it has a `gleapId`; anything else is ignored. */
  function accept(answer: unknown): WidgetSession | null {
    const next = answer as WidgetSession | null;
    if (!next || typeof next.gleapId !== "string" || next.gleapId === "") return null;
    const previousId = session?.gleapId ?? clearedId;
    session = next;
    clearedId = null;
    store(next);
    if (previousId !== next.gleapId) deps.onChange(next, previousId);
    deps.onUpdate?.(next);
    return next;
  }

  const sessionHeaders = (current: WidgetSession | null): Record<string, string> =>
    current ? { "Gleap-Id": current.gleapId, "Gleap-Hash": current.gleapHash } : {};

  function start(attempt = 1): Promise<WidgetSession> {
    return new Promise((resolve) => {
      const run = async (n: number) => {
        if (stopped) return;
        try {
          const stored = readStored();
          const answer = await deps.request(
            "POST",
            "/sessions",
            { lang: deps.language() },
            sessionHeaders(stored),
          );
          // Destroyed while the request was out: its answer belongs to nobody.
          if (stopped) return;
          const next = accept(answer);
          if (next) return resolve(next);
          throw { status: 200, statusText: "No session in answer", responseText: "" };
        } catch (error) {
          if (stopped) return;
          // Rate limited: keep the session and try again later; anything else starts from scratch.
          if ((error as Partial<HttpFailure> | null)?.status !== 429) store(null);
          deps.report("session start failed", error);
          if (!stopped) retryTimer = setTimeout(() => void run(n + 1), sessionRetryDelayMs(n));
        }
      };
      void run(attempt);
    });
  }

  const inTurn = oneAtATime();

  return {
    start,
    current: () => session,
    ready: () => session !== null,
    headers: () => sessionHeaders(session),

    identify: (userId: string, data: ContactData = {}, userHash?: string) =>
      inTurn(async (): Promise<WidgetSession | null> => {
        if (!session) throw { status: 0, statusText: "Session not ready yet.", responseText: "" };
        const { customData, ...fields } = data;
        if (unchangedOn(session, { userId: String(userId), ...fields, customData })) return session;
        const body = { ...customData, ...fields, userId: String(userId), userHash, lang: deps.language() };
        return accept(await deps.request("POST", "/sessions/identify", body, sessionHeaders(session)));
      }),

    update: (data: ContactData) =>
      inTurn(async (): Promise<WidgetSession | null> => {
        if (!session) throw { status: 0, statusText: "Session not ready yet.", responseText: "" };
        const { customData, ...fields } = data;
        if (unchangedOn(session, { ...fields, customData })) return session;
        const body = {
          data: { ...customData, ...fields, lang: deps.language() },
          type: "js",
          sdkVersion: deps.sdkVersion,
          ws: true,
        };
        return accept(await deps.request("POST", "/sessions/partialupdate", body, sessionHeaders(session)));
      }),

    /** Forgets the visitor (clearIdentity) and starts a fresh anonymous session. */
    clear(): Promise<WidgetSession> {
      store(null);
      clearedId = session?.gleapId ?? clearedId;
      session = null;
      return start();
    },

    /** Removes the stored session everywhere it is kept (localStorage and the cookie). */
    forget() {
      store(null);
      session = null;
    },

    stop() {
      stopped = true;
      clearTimeout(retryTimer);
    },
  };
}

export type SessionManager = ReturnType<typeof createSessionManager>;
