import type { SQL } from "bun";
import type { Struct } from "superstruct";
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
  /** A PUT of one part of the admin's own profile, audited as `action`; answers the whole profile. */
  const profileWrite = <Body>(
    path: string,
    schema: Struct<Body, unknown>,
    action: string,
    write: (tx: SQL, userId: string, body: Body) => Promise<unknown>,
  ) =>
    adminRoute(guard, "PUT", path, async (request, _params, admin) => {
      const body = await readBody(request, schema);
      if (!body.ok) return body.response;
      await sql.begin(async (tx) => {
        await write(tx, admin.user.id, body.value);
        await recordAudit(tx, {
          actorId: admin.user.id,
          action,
          entity: "user",
          entityId: admin.user.id,
          details: body.value,
        });
      });
      return json(await findProfile(sql, admin.user.id));
    });

  return [
    adminRoute(guard, "GET", "/api/admin/profile", async (_request, _params, admin) => {
      const profile = await findProfile(sql, admin.user.id);
      return profile ? json(profile) : jsonError(404, "Profile not found");
    }),
    profileWrite("/api/admin/profile", ProfileUpdate, "profile.update", updateProfile),
    profileWrite(
      "/api/admin/profile/availability",
      AvailabilityUpdate,
      "profile.availability",
      (tx, id, body) => updateAvailability(tx, id, body.available),
    ),
    profileWrite("/api/admin/profile/unread-mail", UnreadMailUpdate, "profile.unreadMail", (tx, id, body) =>
      updateUnreadMail(tx, id, body.unassigned),
    ),
  ];
}
