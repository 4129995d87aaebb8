import type { SQL } from "bun";
import { AvailabilityUpdate, ProfileUpdate, UnreadMailUpdate } from "../../../shared/profile-api.ts";
import type { AuthGuard } from "../../auth/auth-guard.ts";
import { recordAudit } from "../../domain/audit/audit-log.ts";
import {
  findProfile,
  updateAvailability,
  updateProfile,
  updateUnreadMail,
} from "../../domain/staff/staff-identity.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";

/**
 * `GET` and `PUT /api/admin/profile` (src/shared/profile-api.ts): the signed-in admin's display name
 * and picture, which their replies carry from then on, whether they take new work, and whether they
 * want the unread alert for unassigned conversations; each change is audited in its transaction.
 */
export function profileRoutes({ sql, guard }: { sql: SQL; guard: AuthGuard }): ApiRoute[] {
  return [
    adminRoute(guard, "GET", "/api/admin/profile", async (_request, _params, admin) => {
      const profile = await findProfile(sql, admin.user.id);
      return profile ? json(profile) : jsonError(404, "Profile not found");
    }),
    adminRoute(guard, "PUT", "/api/admin/profile", async (request, _params, admin) => {
      const body = await readBody(request, ProfileUpdate);
      if (!body.ok) return body.response;
      await sql.begin(async (tx) => {
        await updateProfile(tx, admin.user.id, body.value);
        await recordAudit(tx, {
          actorId: admin.user.id,
          action: "profile.update",
          entity: "user",
          entityId: admin.user.id,
          details: body.value,
        });
      });
      return json(await findProfile(sql, admin.user.id));
    }),
    adminRoute(guard, "PUT", "/api/admin/profile/availability", async (request, _params, admin) => {
      const body = await readBody(request, AvailabilityUpdate);
      if (!body.ok) return body.response;
      await sql.begin(async (tx) => {
        await updateAvailability(tx, admin.user.id, body.value.available);
        await recordAudit(tx, {
          actorId: admin.user.id,
          action: "profile.availability",
          entity: "user",
          entityId: admin.user.id,
          details: body.value,
        });
      });
      return json(await findProfile(sql, admin.user.id));
    }),
    adminRoute(guard, "PUT", "/api/admin/profile/unread-mail", async (request, _params, admin) => {
      const body = await readBody(request, UnreadMailUpdate);
      if (!body.ok) return body.response;
      await sql.begin(async (tx) => {
        await updateUnreadMail(tx, admin.user.id, body.value.unassigned);
        await recordAudit(tx, {
          actorId: admin.user.id,
          action: "profile.unreadMail",
          entity: "user",
          entityId: admin.user.id,
          details: body.value,
        });
      });
      return json(await findProfile(sql, admin.user.id));
    }),
  ];
}
