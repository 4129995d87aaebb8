import type { WidgetProject } from "../domain/projects/projects-repository.ts";
import type { StoredSession } from "../domain/sessions/sessions-repository.ts";
import type { Method } from "../http/router.ts";

/**
 * How a route knows who calls it:
 * - `project`: the `Api-Token` header names the project;
 * - `project-path`: the `:sdkKey` path segment does (config, fetched without headers);
 * - `session`: `Gleap-Id`/`Gleap-Hash` headers (or `gleapId`/`gleapHash` query) name a session whose
 *   hash verifies; an `Api-Token`, when sent, must name the session's project;
 * - `project-optional-session`: `Api-Token`, plus a session when session headers are sent (a wrong
 *   hash is still a 401).
 */
export type WidgetAuth = "project" | "project-path" | "session" | "project-optional-session";

export interface WidgetContext {
  request: Request;
  url: URL;
  params: Record<string, string>;
  ip: string;
  project: WidgetProject;
  /** Set for `session` routes. */
  session: StoredSession | null;
}

/** What answers a widget route once the caller is authenticated. */
export type WidgetHandler = (context: WidgetContext) => Promise<Response> | Response;

export interface WidgetRoute {
  method: Method;
  pattern: string;
  auth: WidgetAuth;
  /**
   * The session may come from the lookup cache: the route relies only on its id and project (which
   * never change) and reads or writes the rest itself (the ping).
   */
  sessionFromCache?: boolean;
  handle: WidgetHandler;
}
