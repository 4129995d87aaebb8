import type { WidgetSession } from "../src/shared/widget-session-api.ts";
import { sessionStorageKey } from "../src/shared/widget-storage-keys.ts";
import { sessionRetryDelayMs } from "./backoff.ts";
import { readCookie } from "./cookies.ts";
import type { GleapContactData } from "./host-api.ts";
import type { HttpClient, HttpFailure } from "./http-client.ts";
import type { LateModule } from "./lazy-chunk.ts";
import type { SessionWrite } from "./session-writes.ts";

export interface SessionManagerDeps {
  sdkKey: string;
  request: HttpClient;
  storage: Storage | null;
  /** Where the session is also kept as a cookie (`setUseCookies(true)`), else null. */
  cookieJar: () => CookieJar | null;
  language: () => string;
  sdkVersion: string;
  onChange: (session: WidgetSession, previousId: string | null) => void;
  /** Every accepted answer, also when only the fields changed (identify, updateContact). */
  onUpdate?: (session: WidgetSession) => void;
  report: (message: string, error?: unknown) => void;
  /** The loader's late file, whose code builds identify's and partialupdate's calls (session-writes.ts). */
  late: () => Promise<LateModule>;
}

/** The page's cookies, as the session reads and writes its own. */
export interface CookieJar {
  /** Every cookie of the page (`document.cookie`). */
  read(): string;
  /** Writes one cookie for a year's `maxAge` in seconds (0 removes it): `writeSessionCookie`. */
  write(name: string, value: string, maxAge: number): void;
}

/** The user fields a host passes to identify and updateContact, as the public typings declare them. */
export type ContactData = GleapContactData;

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

export function createSessionManager(deps: SessionManagerDeps) {
  const key = sessionStorageKey(deps.sdkKey);
  let session: WidgetSession | null = null;
  // The id a cleared session had, so the next one is announced as a change from it.
  let clearedId: string | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  function readStored(): WidgetSession | null {
    try {
      const raw = deps.storage?.getItem(key) ?? readCookie(deps.cookieJar()?.read() ?? "", key);
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
    deps
      .cookieJar()
      ?.write(
        key,
        next ? JSON.stringify({ gleapId: next.gleapId, gleapHash: next.gleapHash }) : "",
        next ? cookieMaxAge : 0,
      );
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
  /** An identify or partial update, in its turn: the server's answer becomes the session. */
  const write = (call: (late: LateModule, current: SessionWrite) => Promise<unknown> | null) =>
    inTurn(async (): Promise<WidgetSession | null> => {
      const current = session;
      if (!current) throw { status: 0, statusText: "Session not ready yet.", responseText: "" };
      const late = await deps.late();
      const sent = call(late, { ...deps, session: current, headers: sessionHeaders(current) });
      return sent ? accept(await sent) : current;
    });

  return {
    start,
    current: () => session,
    ready: () => session !== null,
    headers: () => sessionHeaders(session),

    identify: (userId: string, data: ContactData = {}, userHash?: string) =>
      write((late, current) => late.identifySession(current, String(userId), data, userHash)),
    update: (data: ContactData) => write((late, current) => late.updateSession(current, data)),

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
