import type { SQL } from "bun";
import { AssignmentSeen } from "../../../shared/assignment-api.ts";
import type { AuthGuard } from "../../auth/auth-guard.ts";
import { findReport } from "../../domain/feedback/feedback-repository.ts";
import { itemEvents, markAssignmentsSeen, newAssignments } from "../../domain/staff/assignment-events.ts";
import { staffDirectory } from "../../domain/staff/staff-directory.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { withConversation } from "../messenger/conversation-handlers/conversation-scope.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";
import { reportNotFoundMessage } from "./feedback-inbox-routes.ts";

/**
 * Who works on what (src/shared/assignment-api.ts): the staff directory, the assignment timelines of
 * a report and a conversation, the asking admin's new assignments and "I have it open". Reads, and a
 * mark that is the admin's own view (like a read mark): none of them is audited.
 */
export function assignmentRoutes({ sql, guard }: { sql: SQL; guard: AuthGuard }): ApiRoute[] {
  return [
    adminRoute(guard, "GET", "/api/admin/staff", async () => json(await staffDirectory(sql))),
    adminRoute(guard, "GET", "/api/admin/assignments/new", async (_request, _params, admin) =>
      json(await newAssignments(sql, admin.user.id)),
    ),
    adminRoute(guard, "POST", "/api/admin/assignments/seen", async (request, _params, admin) => {
      const body = await readBody(request, AssignmentSeen);
      if (!body.ok) return body.response;
      await markAssignmentsSeen(sql, admin.user.id, body.value.kind, body.value.id);
      return new Response(null, { status: 204 });
    }),
    adminRoute(guard, "GET", "/api/feedback/:id/assignments", async (_request, params) => {
      const report = await findReport(sql, params.id ?? "");
      if (!report) return jsonError(404, reportNotFoundMessage);
      return json(await itemEvents(sql, "report", report.id));
    }),
    adminRoute(
      guard,
      "GET",
      "/api/projects/:projectId/conversations/:id/assignments",
      withConversation({ sql }, async (_request, conversation) =>
        json(await itemEvents(sql, "conversation", conversation.id)),
      ),
    ),
  ];
}
