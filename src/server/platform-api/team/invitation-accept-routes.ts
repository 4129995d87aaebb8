import type { SQL } from "bun";
import {
  InvitationAccept,
  type InvitationPreview,
  type MfaSetup,
  teamErrors,
} from "../../../shared/team-api.ts";
import { createAuthSession } from "../../auth/auth-sessions-repository.ts";
import { loadTotp } from "../../auth/load-totp.ts";
import { totpQrCode } from "../../auth/totp-qr-code.ts";
import { acceptInvitation } from "../../domain/staff/invitation-acceptance.ts";
import { findInvitationByToken, setInvitationMfaSecret } from "../../domain/staff/invitations-repository.ts";
import { staffMfaRequired } from "../../domain/staff/team-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { clientIpHeader } from "../../http/client-ip-header.ts";
import { json, jsonError } from "../../http/json-response.ts";
import { loginResult } from "../auth/login-result.ts";
import { readBody } from "../platform-request.ts";
import { type InvitationDeps, refusalOf } from "./team-deps.ts";

/**
 * The signed-out side of an invitation, for the accept page at `/invite/{token}`:
 *   GET  /api/invitations/{token}/accept  what the invitation is (address, role, whether MFA is required)
 *   POST /api/invitations/{token}/mfa     an authenticator secret for the account-to-be
 *   POST /api/invitations/{token}/accept  makes the account and signs it in (201, a sign-in's answer)
 * A token that is unknown, used, revoked or expired gets one answer, the same 404, so nothing tells
 * them apart; every call counts in the client address's window before the token is looked at.
 */
export function invitationAcceptRoutes(deps: InvitationDeps & { sql: SQL }): ApiRoute[] {
  const { sql, limiter, limits } = deps;
  const invalid = () => jsonError(404, teamErrors.invalidLink);

  async function limited(request: Request): Promise<Response | null> {
    const ip = request.headers.get(clientIpHeader) ?? "unknown";
    const decision = await limiter.take(`invitation-token:${ip}`, limits.tokenCallsPerIp);
    if (decision.allowed) return null;
    return jsonError(429, teamErrors.tooMany, undefined, {
      headers: { "Retry-After": String(decision.retryAfterSeconds) },
    });
  }

  async function preview(request: Request, params: Record<string, string>): Promise<Response> {
    const refused = await limited(request);
    if (refused) return refused;
    const invitation = await findInvitationByToken(sql, params.token ?? "", new Date());
    if (!invitation) return invalid();
    const answer: InvitationPreview = {
      email: invitation.email,
      role: invitation.role as InvitationPreview["role"],
      expiresAt: invitation.expires_at,
      mfaRequired: await staffMfaRequired(sql),
    };
    return json(answer);
  }

  async function mfaSetup(request: Request, params: Record<string, string>): Promise<Response> {
    const refused = await limited(request);
    if (refused) return refused;
    const invitation = await findInvitationByToken(sql, params.token ?? "", new Date());
    if (!invitation) return invalid();
    const { newTotpSecret, totpUri } = await loadTotp();
    const secret = newTotpSecret();
    await setInvitationMfaSecret(sql, invitation.id, secret);
    const otpauthUrl = totpUri(secret, invitation.email);
    const answer: MfaSetup = { secret, otpauthUrl, qrCode: await totpQrCode(otpauthUrl) };
    return json(answer);
  }

  async function accept(request: Request, params: Record<string, string>): Promise<Response> {
    const refused = await limited(request);
    if (refused) return refused;
    const body = await readBody(request, InvitationAccept);
    if (!body.ok) return body.response;
    const result = await acceptInvitation(sql, params.token ?? "", body.value, deps.passwords);
    if ("status" in result) return refusalOf(result);
    const { session, refreshToken } = await createAuthSession(sql, result.user.id);
    const signedIn = await loginResult(deps.tokens, result.user, session, refreshToken);
    return json(result.recoveryCode ? { ...signedIn, recoveryCode: result.recoveryCode } : signedIn, {
      status: 201,
    });
  }

  return [
    { method: "GET", pattern: "/api/invitations/:token/accept", handler: preview },
    { method: "POST", pattern: "/api/invitations/:token/mfa", handler: mfaSetup },
    { method: "POST", pattern: "/api/invitations/:token/accept", handler: accept },
  ];
}
