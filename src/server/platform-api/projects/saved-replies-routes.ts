import type { SQL } from "bun";
import {
  maxSavedReplies,
  type SavedReply,
  type SavedReplyList,
  SavedReplyWrite,
} from "../../../shared/saved-replies-api.ts";
import type { Authenticated, AuthGuard } from "../../auth/auth-guard.ts";
import { recordAudit } from "../../domain/audit/audit-log.ts";
import { isUniqueViolation } from "../../domain/companies/companies-repository.ts";
import {
  countSavedReplies,
  deleteSavedReply,
  findSavedReply,
  insertSavedReply,
  listSavedReplies,
  updateSavedReply,
} from "../../domain/saved-replies/saved-replies-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import type { BodyOrError } from "../../http/read-body.ts";
import { projectRoute, unknownProject } from "../messenger/projects-routes.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";

export const savedReplyNotFoundMessage = "Saved reply not found";
const shortcutTaken = (shortcut: string) =>
  jsonError(409, `Another saved reply of this project has the shortcut /${shortcut}`, "shortcut");

/** The body, or the 400 for one that is only blanks where the schema's lengths let it through. */
async function readWrite(request: Request): Promise<BodyOrError<SavedReplyWrite>> {
  const body = await readBody(request, SavedReplyWrite);
  if (!body.ok) return body;
  if (body.value.title.trim() === "")
    return { ok: false, response: jsonError(400, "title is required", "title") };
  if (body.value.body.trim() === "")
    return { ok: false, response: jsonError(400, "body is required", "body") };
  return body;
}

/**
 * `/api/projects/{projectId}/saved-replies` (src/shared/saved-replies-api.ts): a project's canned
 * answers for the reply boxes. Each write and its audit entry commit together; a shortcut taken
 * (also by a write racing this one, which the unique index catches) is a 409 that writes nothing.
 */
export function savedRepliesRoutes({ sql, guard }: { sql: SQL; guard: AuthGuard }): ApiRoute[] {
  const base = "/api/projects/:projectId/saved-replies";

  const audit = (tx: SQL, admin: Authenticated, action: string, projectId: string, reply: SavedReply) =>
    recordAudit(tx, {
      actorId: admin.user.id,
      action,
      entity: "saved_reply",
      entityId: reply.id,
      details: { projectId, title: reply.title, shortcut: reply.shortcut },
    });

  return [
    projectRoute({ sql, guard }, "GET", base, async (_request, projectId) => {
      return json({ items: await listSavedReplies(sql, projectId) } satisfies SavedReplyList);
    }),
    adminRoute(guard, "POST", base, async (request, params, admin) => {
      const projectId = params.projectId ?? "";
      const body = await readWrite(request);
      if (!body.ok) return body.response;
      const missing = await unknownProject(sql, projectId);
      if (missing) return missing;
      if ((await countSavedReplies(sql, projectId)) >= maxSavedReplies)
        return jsonError(409, `A project keeps at most ${maxSavedReplies} saved replies`);
      try {
        const created = await sql.begin(async (tx) => {
          const reply = await insertSavedReply(tx, projectId, body.value);
          await audit(tx, admin, "saved-reply.create", projectId, reply);
          return reply;
        });
        return json(created, { status: 201 });
      } catch (error) {
        if (isUniqueViolation(error)) return shortcutTaken(body.value.shortcut);
        throw error;
      }
    }),
    adminRoute(guard, "PUT", `${base}/:id`, async (request, params, admin) => {
      const projectId = params.projectId ?? "";
      const body = await readWrite(request);
      if (!body.ok) return body.response;
      const missing = await unknownProject(sql, projectId);
      if (missing) return missing;
      try {
        const updated = await sql.begin(async (tx) => {
          const reply = await updateSavedReply(tx, projectId, params.id ?? "", body.value);
          if (reply) await audit(tx, admin, "saved-reply.update", projectId, reply);
          return reply;
        });
        return updated ? json(updated) : jsonError(404, savedReplyNotFoundMessage);
      } catch (error) {
        if (isUniqueViolation(error)) return shortcutTaken(body.value.shortcut);
        throw error;
      }
    }),
    projectRoute({ sql, guard }, "DELETE", `${base}/:id`, async (_request, projectId, id, admin) => {
      const deleted = await sql.begin(async (tx) => {
        const reply = await findSavedReply(tx, projectId, id);
        if (!reply || !(await deleteSavedReply(tx, projectId, id))) return false;
        await audit(tx, admin, "saved-reply.delete", projectId, reply);
        return true;
      });
      return deleted ? new Response(null, { status: 204 }) : jsonError(404, savedReplyNotFoundMessage);
    }),
  ];
}
