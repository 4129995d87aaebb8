import { MfaCodeRequest } from "../../../shared/auth-api.ts";
import { loadTotp } from "../../auth/load-totp.ts";
import { newRecoveryCode, recoveryCodeHash } from "../../auth/recovery-codes.ts";
import { totpQrCode } from "../../auth/totp-qr-code.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { json, jsonError } from "../../http/json-response.ts";
import { readBody } from "../platform-request.ts";
import type { AuthRoutesDeps } from "./auth-routes-deps.ts";

/** The signed-in user's MFA (RFC 6238 TOTP): enroll, confirm with a first code, disable. */
export function mfaRoutes({ sql, guard }: AuthRoutesDeps): ApiRoute[] {
  /** Starts MFA enrolment: a new secret, shown as text and as a QR code, confirmed by a first code. */
  async function mfaEnroll(request: Request): Promise<Response> {
    const auth = await guard.authenticate(request);
    if (auth instanceof Response) return auth;
    if (auth.user.mfaEnabled) return jsonError(409, "MFA is already enabled");
    const { newTotpSecret, totpUri } = await loadTotp();
    const secret = newTotpSecret();
    await sql`UPDATE users SET mfa_secret = ${secret} WHERE id = ${auth.user.id}`;
    const otpauthUrl = totpUri(secret, auth.user.email ?? auth.user.name);
    return json({ secret, otpauthUrl, qrCode: await totpQrCode(otpauthUrl) });
  }

  async function mfaConfirm(request: Request): Promise<Response> {
    const auth = await guard.authenticate(request);
    if (auth instanceof Response) return auth;
    const body = await readBody(request, MfaCodeRequest);
    if (!body.ok) return body.response;
    if (auth.user.mfaEnabled) return jsonError(409, "MFA is already enabled");
    if (!auth.user.mfaSecret) return jsonError(409, "Start the enrolment first");
    if (!(await loadTotp()).verifyTotp(auth.user.mfaSecret, body.value.code))
      return jsonError(400, "invalid code", "code");
    const recoveryCode = newRecoveryCode();
    await sql`UPDATE users SET mfa_enabled = ${true}, mfa_recovery_hash = ${recoveryCodeHash(recoveryCode)}
      WHERE id = ${auth.user.id}`;
    return json({ mfaEnabled: true, recoveryCode });
  }

  async function mfaDisable(request: Request): Promise<Response> {
    const auth = await guard.authenticate(request);
    if (auth instanceof Response) return auth;
    const body = await readBody(request, MfaCodeRequest);
    if (!body.ok) return body.response;
    if (!auth.user.mfaEnabled || !auth.user.mfaSecret) return jsonError(409, "MFA is not enabled");
    if (!(await loadTotp()).verifyTotp(auth.user.mfaSecret, body.value.code))
      return jsonError(400, "invalid code", "code");
    await sql`UPDATE users SET mfa_enabled = ${false}, mfa_secret = ${null}, mfa_recovery_hash = ${null}
      WHERE id = ${auth.user.id}`;
    return json({ mfaEnabled: false });
  }

  return [
    { method: "POST", pattern: "/api/auth/mfa/enroll", handler: mfaEnroll },
    { method: "POST", pattern: "/api/auth/mfa/confirm", handler: mfaConfirm },
    { method: "POST", pattern: "/api/auth/mfa/disable", handler: mfaDisable },
  ];
}
