import type { WidgetSession } from "../../../shared/widget-session-api.ts";
import { signSessionId } from "../../domain/sessions/session-hash.ts";
import type { StoredSession } from "../../domain/sessions/sessions-repository.ts";
import { json } from "../../http/json-response.ts";

export function toWidgetSession(session: StoredSession, secret: string): WidgetSession {
  return {
    gleapId: session.id,
    gleapHash: signSessionId(secret, session.id),
    userId: session.userId,
    name: session.name,
    email: session.email,
    phone: session.phone,
    value: session.value,
    customData: session.customData,
    lang: session.lang,
  };
}

/** The session as the widget knows it, with the hash that names it from now on. */
export const widgetSessionAnswer = (session: StoredSession, secret: string): Response =>
  json(toWidgetSession(session, secret));
