import type { SQL } from "bun";
import {
  type CreatedInvitation,
  type Invitation,
  InvitationCreate,
  teamErrors,
} from "../../../shared/team-api.ts";
import type { Authenticated } from "../../auth/auth-guard.ts";
import {
  createInvitation,
  findPendingInvitation,
  type IssuedInvitation,
  listPendingInvitations,
  resendInvitation,
  revokeInvitation,
} from "../../domain/staff/invitations-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { invitationMail } from "../../mail/invitation-mail.ts";
import { queueMail } from "../../mail/mail-outbox.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";
import { type InvitationDeps, invitationLink, refusalOf } from "./team-deps.ts";

const notConfigured = () => jsonError(503, "Invitations are not available on this server");

/** The answer to an issued link: `link` only without a mail transport, shown once to the inviter. */
function issued(deps: InvitationDeps, { invitation, token }: IssuedInvitation, status: number): Response {
  const body: CreatedInvitation = {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    projectIds: invitation.projectIds,
    expiresAt: invitation.expiresAt,
    ...(deps.mailTransport ? {} : { link: invitationLink(deps.adminUrl(), token) }),
  };
  return json(body, { status });
}

/** The mail with the link, queued in the invitation's transaction (the outbox sends it with SMTP). */
const deliverBy =
  (deps: InvitationDeps) =>
  (tx: SQL, invitation: Invitation, token: string): Promise<void> =>
    queueMail(tx, invitationMail(invitation, invitationLink(deps.adminUrl(), token)));

/** Each invitation or resend is a mail to an address the inviter chose: a window per inviter. */
async function limited(deps: InvitationDeps, admin: Authenticated): Promise<Response | null> {
  const decision = await deps.limiter.take(`invitations-sent:${admin.user.id}`, deps.limits.sentPerInviter);
  if (decision.allowed) return null;
  return jsonError(429, teamErrors.tooMany, undefined, {
    headers: { "Retry-After": String(decision.retryAfterSeconds) },
  });
}

/**
 * `POST`, `GET /api/invitations`, `GET`, `DELETE /api/invitations/{id}` and
 * `POST /api/invitations/{id}/resend`: owners and admins invite by e-mail and keep the pending list.
 * The signed-out side (look-up, two-factor setup, accept) is invitation-accept-routes.ts.
 */
export function invitationRoutes({ sql, guard, invitations }: PlatformDeps): ApiRoute[] {
  return [
    adminRoute(guard, "POST", "/api/invitations", async (request, _params, admin) => {
      if (!invitations) return notConfigured();
      const body = await readBody(request, InvitationCreate);
      if (!body.ok) return body.response;
      const refused = await limited(invitations, admin);
      if (refused) return refused;
      const { email, role, projectIds = [] } = body.value;
      const result = await createInvitation(
        sql,
        admin.user.id,
        { email, role, projectIds },
        deliverBy(invitations),
      );
      return "status" in result ? refusalOf(result) : issued(invitations, result, 201);
    }),

    adminRoute(guard, "GET", "/api/invitations", async () =>
      json({ items: await listPendingInvitations(sql) }),
    ),

    adminRoute(guard, "GET", "/api/invitations/:id", async (_request, params) => {
      const invitation = await findPendingInvitation(sql, params.id ?? "");
      return invitation ? json(invitation) : jsonError(404, teamErrors.invitationNotFound);
    }),

    adminRoute(guard, "DELETE", "/api/invitations/:id", async (_request, params, admin) => {
      const refusal = await revokeInvitation(sql, admin.user.id, params.id ?? "");
      return refusal ? refusalOf(refusal) : new Response(null, { status: 204 });
    }),

    adminRoute(guard, "POST", "/api/invitations/:id/resend", async (_request, params, admin) => {
      if (!invitations) return notConfigured();
      const refused = await limited(invitations, admin);
      if (refused) return refused;
      const result = await resendInvitation(sql, admin.user.id, params.id ?? "", deliverBy(invitations));
      return "status" in result ? refusalOf(result) : issued(invitations, result, 200);
    }),
  ];
}
