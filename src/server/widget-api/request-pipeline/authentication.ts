import type { SQL } from "bun";
import type { WidgetProject } from "../../domain/projects/projects-repository.ts";
import { createSessionHashVerifier } from "../../domain/sessions/session-hash.ts";
import { findSessionById, type StoredSession } from "../../domain/sessions/sessions-repository.ts";
import { jsonError } from "../../http/json-response.ts";
import type { WidgetLookupCache } from "../widget-lookup-cache.ts";
import type { WidgetRoute } from "../widget-route.ts";

export interface WidgetCaller {
  project: WidgetProject;
  session: StoredSession | null;
}

export interface WidgetAuthentication {
  /** The session the `Gleap-Id`/`Gleap-Hash` headers (or query) name, or a 401. */
  sessionFromRequest(
    request: Request,
    url: () => URL,
    fromCache?: boolean,
  ): Promise<StoredSession | Response>;
  /** Who calls `route`, as its `auth` says, or a 401. */
  authenticate(
    route: Pick<WidgetRoute, "auth" | "sessionFromCache">,
    request: Request,
    url: () => URL,
    params: Record<string, string>,
  ): Promise<WidgetCaller | Response>;
}

export function createWidgetAuthentication({
  sql,
  sessionSecret,
  lookups,
}: {
  sql: SQL;
  sessionSecret: string;
  lookups: WidgetLookupCache;
}): WidgetAuthentication {
  const verifySessionHash = createSessionHashVerifier(sessionSecret);

  async function sessionFromRequest(
    request: Request,
    url: () => URL,
    fromCache = false,
  ): Promise<StoredSession | Response> {
    const gleapId = request.headers.get("gleap-id") ?? url().searchParams.get("gleapId");
    const gleapHash = request.headers.get("gleap-hash") ?? url().searchParams.get("gleapHash");
    if (!gleapId || !gleapHash) return jsonError(401, "Missing Gleap-Id and Gleap-Hash");
    if (!verifySessionHash(gleapId, gleapHash)) return jsonError(401, "Invalid session");
    const session = fromCache ? await lookups.sessionById(gleapId) : await findSessionById(sql, gleapId);
    if (!session) return jsonError(401, "Invalid session");
    return session;
  }

  const byProject = async (sdkKey: string): Promise<WidgetCaller | Response> => {
    const project = await lookups.projectBySdkKey(sdkKey);
    return project ? { project, session: null } : jsonError(401, "Unknown SDK key");
  };

  async function authenticate(
    route: Pick<WidgetRoute, "auth" | "sessionFromCache">,
    request: Request,
    url: () => URL,
    params: Record<string, string>,
  ): Promise<WidgetCaller | Response> {
    const sdkKey = request.headers.get("api-token")?.trim() || null;
    if (route.auth === "project-path") return byProject(params.sdkKey ?? "");
    const sessionSent = request.headers.has("gleap-id") || request.headers.has("gleap-hash");
    if (route.auth === "project" || (route.auth === "project-optional-session" && !sessionSent)) {
      if (!sdkKey) return jsonError(401, "Missing Api-Token header");
      return byProject(sdkKey);
    }
    if (route.auth === "project-optional-session" && !sdkKey)
      return jsonError(401, "Missing Api-Token header");
    const session = await sessionFromRequest(request, url, route.sessionFromCache);
    if (session instanceof Response) return session;
    const project = await lookups.projectById(session.projectId);
    if (!project || (sdkKey && sdkKey !== project.sdkKey)) {
      return jsonError(401, "Session belongs to another project");
    }
    return { project, session };
  }

  return { sessionFromRequest, authenticate };
}
