import { TeamMemberUpdate, TeamSettingsUpdate, teamErrors } from "../../../shared/team-api.ts";
import {
  changeTeamMember,
  findTeamMember,
  listTeam,
  removeTeamMember,
  setStaffMfaRequired,
  staffMfaRequired,
} from "../../domain/staff/team-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";
import { invitationRoutes } from "./invitation-routes.ts";
import { refusalOf } from "./team-deps.ts";

/**
 * The team screen's routes (src/shared/team-api.ts): the staff with their roles and projects, changes
 * of role and membership, removal, the workspace's two-factor rule, and the invitations. Owners and
 * admins only (agent-area.ts keeps agents out); every change is audited in its transaction and ends
 * the member's staff sockets' old scope at once.
 */
export function teamRoutes(deps: PlatformDeps): ApiRoute[] {
  const { sql, guard, staffAccessChanged } = deps;
  return [
    adminRoute(guard, "GET", "/api/team", async () =>
      json({ members: await listTeam(sql), mfaRequired: await staffMfaRequired(sql) }),
    ),

    adminRoute(guard, "PUT", "/api/team/settings", async (request, _params, admin) => {
      const body = await readBody(request, TeamSettingsUpdate);
      if (!body.ok) return body.response;
      if (admin.staff?.role !== "owner") return jsonError(403, teamErrors.ownersOnly);
      await setStaffMfaRequired(sql, admin.user.id, body.value.mfaRequired);
      return json({ mfaRequired: body.value.mfaRequired });
    }),

    adminRoute(guard, "PATCH", "/api/team/:id", async (request, params, admin) => {
      const body = await readBody(request, TeamMemberUpdate);
      if (!body.ok) return body.response;
      const id = params.id ?? "";
      const result = await changeTeamMember(sql, admin.user.id, id, body.value);
      if ("status" in result) return refusalOf(result);
      if (result.changed) staffAccessChanged?.(id);
      const member = await findTeamMember(sql, id);
      return member ? json(member) : jsonError(404, teamErrors.memberNotFound);
    }),

    adminRoute(guard, "DELETE", "/api/team/:id", async (_request, params, admin) => {
      const id = params.id ?? "";
      const refusal = await removeTeamMember(sql, admin.user.id, id);
      if (refusal) return refusalOf(refusal);
      staffAccessChanged?.(id);
      return new Response(null, { status: 204 });
    }),

    ...invitationRoutes(deps),
  ];
}
