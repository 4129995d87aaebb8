import type { WidgetSession } from "../src/shared/widget-session.ts";
import { sessionStorageKey } from "../src/shared/widget-storage-keys.ts";

export interface SessionClientOptions {
  apiUrl: string;
  sdkKey: string;
  lang: string;
  storage: Storage | null;
  fetch: typeof fetch;
}

/** The stored session of a project, or null when there is none or it is unreadable. */
export function readStoredSession(storage: Storage | null, sdkKey: string): WidgetSession | null {
  try {
    const raw = storage?.getItem(sessionStorageKey(sdkKey));
    const parsed = raw ? (JSON.parse(raw) as Partial<WidgetSession>) : null;
    return parsed && typeof parsed.gleapId === "string" && typeof parsed.gleapHash === "string"
      ? (parsed as WidgetSession)
      : null;
  } catch {
    return null;
  }
}

/**
 * `POST {api}/sessions`: resumes the stored session (sending its id and hash) or starts one. The answer
 * is taken only when it carries a `gleapId`, and then stored whole, as the reference client does.
 */
export async function startSession({ apiUrl, sdkKey, lang, storage, fetch }: SessionClientOptions) {
  const stored = readStoredSession(storage, sdkKey);
  const headers: Record<string, string> = {
    "Content-Type": "application/json;charset=UTF-8",
    "Api-Token": sdkKey,
  };
  if (stored) {
    headers["Gleap-Id"] = stored.gleapId;
    headers["Gleap-Hash"] = stored.gleapHash;
  }
  const response = await fetch(`${apiUrl}/sessions`, {
    method: "POST",
    headers,
    body: JSON.stringify({ lang }),
  });
  if (!response.ok) throw new SessionStartError(response.status);
  const session = (await response.json()) as WidgetSession;
  if (!session || typeof session.gleapId !== "string") throw new SessionStartError(response.status);
  try {
    storage?.setItem(sessionStorageKey(sdkKey), JSON.stringify(session));
  } catch {
    // Storage can be full or blocked (private mode); the session still works for this page view.
  }
  return session;
}

export class SessionStartError extends Error {
  constructor(readonly status: number) {
    super(`Session start failed with status ${status}`);
  }
}
