import type { SQL } from "bun";
import { teamErrors } from "../../shared/team-api.ts";
import type { Authenticated } from "../auth/auth-guard.ts";
import { type StaffAccess, seesProject } from "../auth/staff-access.ts";
import { jsonError } from "../http/json-response.ts";

/**
 * What an agent may call (src/shared/team-api.ts): the feedback inbox, conversations, visitors and saved
 * replies of their projects, and their own profile. Every other admin route answers an agent 403, a
 * route added later included: this list lets routes in, it never keeps one out.
 *
 * Each route says how its project is found, so that an agent reaches only their projects' records:
 *   - `own`: nothing of a project (the agent's own profile), or a list that filters itself by
 *     `projectScope` (the inbox, the projects, the bulk changes);
 *   - `project`: the `:projectId` of the path;
 *   - `report`, `note`, `session`: the project of the report `:id`, the note `:noteId` or the visitor
 *     session `:sessionId` (one that does not exist is left to the route's own 404).
 */
type ProjectOf = "own" | "project" | "report" | "note" | "session";

const conversations = "/api/projects/:projectId/conversations";
const savedReplies = "/api/projects/:projectId/saved-replies";

export const agentRoutes: Readonly<Record<string, ProjectOf>> = {
  "GET /api/feedback": "own",
  "POST /api/feedback/bulk": "own",
  "GET /api/feedback/:id": "report",
  "PATCH /api/feedback/:id": "report",
  "GET /api/feedback/:id/neighbours": "report",
  "POST /api/feedback/:id/read": "report",
  "POST /api/feedback/:id/unread": "report",
  "POST /api/feedback/:id/reply": "report",
  "GET /api/feedback/:id/notes": "report",
  "POST /api/feedback/:id/notes": "report",
  "PATCH /api/notes/:noteId": "note",
  "DELETE /api/notes/:noteId": "note",
  "GET /api/admin/alerts": "own",
  "GET /api/admin/staff": "own",
  "GET /api/admin/assignments/new": "own",
  "POST /api/admin/assignments/seen": "own",
  "GET /api/feedback/:id/assignments": "report",
  "GET /api/admin/visitors/:sessionId/timeline": "session",
  "GET /api/admin/profile": "own",
  "PUT /api/admin/profile": "own",
  "PUT /api/admin/profile/availability": "own",
  "PUT /api/admin/profile/unread-mail": "own",
  "GET /api/projects": "own",
  [`GET ${conversations}`]: "project",
  [`GET ${conversations}/:id`]: "project",
  [`POST ${conversations}/:id/messages`]: "project",
  [`POST ${conversations}/:id/read`]: "project",
  [`POST ${conversations}/:id/typing`]: "project",
  [`POST ${conversations}/:id/assign`]: "project",
  [`POST ${conversations}/:id/close`]: "project",
  [`POST ${conversations}/:id/reopen`]: "project",
  [`GET ${conversations}/:id/notes`]: "project",
  [`POST ${conversations}/:id/notes`]: "project",
  [`GET ${conversations}/:id/assignments`]: "project",
  [`GET ${savedReplies}`]: "project",
  [`POST ${savedReplies}`]: "project",
  [`PUT ${savedReplies}/:id`]: "project",
  [`DELETE ${savedReplies}/:id`]: "project",
  "POST /api/projects/:projectId/uploads": "project",
};

async function projectOf(sql: SQL, kind: ProjectOf, params: Record<string, string>): Promise<string | null> {
  const one = async (rows: Promise<unknown>) =>
    ((await rows) as Array<{ project_id: string }>)[0]?.project_id ?? null;
  switch (kind) {
    case "own":
      return null;
    case "project":
      return params.projectId ?? "";
    case "report":
      return one(sql`SELECT project_id FROM feedback_reports WHERE id = ${params.id ?? ""}`);
    case "note":
      return one(sql`SELECT project_id FROM staff_notes WHERE id = ${params.noteId ?? ""}`);
    case "session":
      return one(sql`SELECT project_id FROM widget_sessions WHERE id = ${params.sessionId ?? ""}`);
  }
}

/**
 * Null when `staff` may call `method pattern` with these parameters, else the 403. A `:projectId` the
 * agent is not a member of is refused whether or not it exists; a report, note or session that does
 * not exist goes on to the route, which answers its own 404.
 */
export async function agentRefusal(
  sql: SQL,
  staff: StaffAccess,
  route: { method: string; pattern: string },
  params: Record<string, string>,
): Promise<Response | null> {
  if (staff.role !== "agent") return null;
  const kind = agentRoutes[`${route.method} ${route.pattern}`];
  if (!kind) return jsonError(403, teamErrors.agentArea);
  if (kind === "own") return null;
  const projectId = await projectOf(sql, kind, params);
  if (projectId === null && kind !== "project") return null;
  return projectId !== null && seesProject(staff, projectId)
    ? null
    : jsonError(403, teamErrors.notProjectMember);
}

/**
 * The projects a list shows `admin`: undefined for owners and admins (every project), the member
 * projects for an agent.
 */
export function projectScope(admin: Authenticated): readonly string[] | undefined {
  return admin.staff?.projectIds ?? undefined;
}

/** A list's filters (or the 400 reading them gave) narrowed to the projects `admin` sees. */
export function inScope<F extends object>(
  filters: F | Response,
  admin: Authenticated,
): (F & { projectIds?: readonly string[] }) | Response {
  return filters instanceof Response ? filters : { ...filters, projectIds: projectScope(admin) };
}
