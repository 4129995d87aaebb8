import { jwtVerify, SignJWT } from "jose";
import type { AccessTokenPayload } from "../../shared/auth-schemas.ts";

/** Access tokens are short-lived: a revoked session stops working within this time at the latest. */
export const accessTokenSeconds = 15 * 60;

export function createAccessTokens(secret: string, now: () => number = Date.now) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(payload: AccessTokenPayload): Promise<string> {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({ sid: payload.sid, admin: payload.admin, email_verified: payload.email_verified })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(payload.sub)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + accessTokenSeconds)
        .sign(key);
    },
    /** The payload of a valid, unexpired token, or null. */
    async verify(token: string): Promise<AccessTokenPayload | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          currentDate: new Date(now()),
        });
        if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
        return {
          sub: payload.sub,
          sid: payload.sid,
          admin: payload.admin === true,
          email_verified: payload.email_verified === true,
        };
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
