import type { WidgetSession } from "../src/shared/widget-session-api.ts";
import type { HttpClient } from "./http-client.ts";
import type { ContactData } from "./session-manager.ts";

/** What a write needs: the session it changes, with its headers, and the visitor's language. */
export interface SessionWrite {
  session: WidgetSession;
  headers: Record<string, string>;
  request: HttpClient;
  language: () => string;
  sdkVersion: string;
}

/** Whether the given fields would change nothing on `session` (then no call is made). */
function unchangedOn(session: WidgetSession, fields: Record<string, unknown>): boolean {
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

/**
 * The session's writes (spec §4, §7): `identify` and `partialupdate`, each answering the whole new
 * session, which the session manager takes (loader/session-manager.ts, which also keeps them in call
 * order). Null when nothing would change: no call is made. Part of the loader's late file: a write
 * needs a session, so it never comes before the SDK has started.
 */
export function identifySession(
  write: SessionWrite,
  userId: string,
  data: ContactData,
  userHash?: string,
): Promise<unknown> | null {
  const { customData, ...fields } = data;
  if (unchangedOn(write.session, { userId, ...fields, customData })) return null;
  const body = { ...customData, ...fields, userId, userHash, lang: write.language() };
  return write.request("POST", "/sessions/identify", body, write.headers);
}

export function updateSession(write: SessionWrite, data: ContactData): Promise<unknown> | null {
  const { customData, ...fields } = data;
  if (unchangedOn(write.session, { ...fields, customData })) return null;
  const body = {
    data: { ...customData, ...fields, lang: write.language() },
    type: "js",
    sdkVersion: write.sdkVersion,
    ws: true,
  };
  return write.request("POST", "/sessions/partialupdate", body, write.headers);
}
