import type { WidgetSession } from "../src/shared/widget-session-api.ts";
import { failureReason, type HttpClient } from "./http-client.ts";
import type { LateModule } from "./lazy-chunk.ts";
import {
  type ContactData,
  type CookieJar,
  createSessionManager,
  type SessionManager,
} from "./session-manager.ts";

interface VisitorDeps {
  window: Window & typeof globalThis;
  request: HttpClient;
  storage: Storage | null;
  language: () => string;
  sdkVersion: string;
  report: (message: string, error?: unknown) => void;
  /** A visitor id was given (`previousId` null the first time). */
  onChange: (session: WidgetSession, previousId: string | null) => void;
  /** Every accepted answer, also when only the fields changed (identify, updateContact). */
  onUpdate: (session: WidgetSession) => void;
  /** `clearIdentity`: the surfaces forget the visitor first. */
  onClear: () => void;
  /** Answers true once the SDK is ready, false when it is destroyed first (loader/ready-gate.ts). */
  whenReady: () => Promise<boolean>;
  /** The loader's late file: the session cookie's writer and the session's writes (session-writes.ts). */
  late: () => Promise<LateModule>;
}

/**
 * The visitor behind the host API (spec §4, §7): the session manager started at boot, and the API
 * methods of identity. Called before the SDK is ready, they wait for it and then run, in the order the
 * host called them; `identify` settles when it has really run.
 */
export function createVisitor(deps: VisitorDeps) {
  let session: SessionManager | null = null;
  let useCookies = false;
  const { document } = deps.window;
  // Written once the late file is there, in the order written (it is fetched as the SDK starts).
  const cookieJar: CookieJar = {
    read: () => document.cookie,
    write: (...cookie) =>
      void deps
        .late()
        .then((late) => late.writeSessionCookie(document, ...cookie))
        .catch((error) => deps.report("the session cookie could not be written", error)),
  };
  const current = () => session?.current() ?? null;
  return {
    current,
    ready: () => Boolean(session?.ready()),
    headers: () => session?.headers(),
    /** Starts (or resumes) the session of this project's visitor. */
    start(sdkKey: string): Promise<unknown> {
      // The visitor's deps are the session's, under the same names, but for these two.
      session = createSessionManager({
        ...deps,
        sdkKey,
        cookieJar: () => (useCookies ? cookieJar : null),
      });
      return session.start();
    },
    update: (data: ContactData) => session?.update(data),
    /** `destroy`: the stored session is forgotten and nothing more is sent. */
    end() {
      session?.forget();
      session?.stop();
      session = null;
    },
    methods: {
      /**
       * Answers the session, or rejects with an Error naming why the server refused it (a wrong user
       * hash, a bad field, too many requests, no network), which the console says too, in one line.
       * The rejection is also handled here: a host that does not await gets that line and no uncaught
       * rejection; one that awaits or chains the promise sees it reject.
       */
      identify(userId: string | number, data: ContactData = {}, userHash?: string) {
        const run = (async () => {
          if (!(await deps.whenReady())) throw new Error("Gleap was destroyed before identify could run");
          try {
            return (await session?.identify(String(userId), data, userHash)) ?? null;
          } catch (failure) {
            const reason = failureReason(failure);
            deps.report(`identify refused: ${reason}`);
            throw new Error(reason);
          }
        })();
        run.catch(() => {});
        return run;
      },
      async updateContact(data: ContactData) {
        if (await deps.whenReady()) return session?.update(data);
      },
      async clearIdentity() {
        if (!(await deps.whenReady())) return;
        deps.onClear();
        return session?.clear();
      },
      setUseCookies(on: boolean) {
        useCookies = on === true;
      },
    },
    readers: {
      getIdentity: current,
      isUserIdentified: () => Boolean(current()?.userId),
      getSession: current,
    },
  };
}
