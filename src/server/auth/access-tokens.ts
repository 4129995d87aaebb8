import type { AccessTokenPayload } from "../../shared/auth-api.ts";
import { type BuilderKind, builderKinds } from "../../shared/builder-messages.ts";

/**
 * jose loads with the first token signed or checked, not at every start: the widget API and the health
 * checks answer without it.
 */
let jose: Promise<typeof import("jose")> | undefined;
const loadJose = () => {
  jose ??= import("jose");
  return jose;
};

/** Access tokens are short-lived: a revoked session stops working within this time at the latest. */
export const accessTokenSeconds = 15 * 60;

/** Builder tokens (the admin builder on the admin's site) live shorter still. */
export const builderTokenSeconds = 10 * 60;

/** The `aud` (and `scope`) of a builder token; an access token has neither. */
export const builderAudience = "builder";

/**
 * What a builder token grants: reading and saving one item (a tour or a tooltip) of one project, on
 * behalf of the admin (`sub`) and only while that admin's sign-in session (`sid`) lasts.
 */
export interface BuilderTokenPayload {
  sub: string;
  sid: string;
  projectId: string;
  kind: BuilderKind;
  itemId: string;
}

/**
 * What every token must carry to be taken: a token signed with our key but without `exp` (or with a
 * lifetime longer than its kind is ever issued for) would never run out, so it is refused. `iat` must be
 * there too, since the lifetime is measured from it.
 */
function lifetimeOptions(seconds: number, now: () => number) {
  return {
    algorithms: ["HS256"],
    currentDate: new Date(now()),
    requiredClaims: ["exp", "iat"],
    maxTokenAge: seconds,
  };
}

/** Whether `exp` lies no further after `iat` than the kind's lifetime (jose checks both are numbers). */
const withinLifetime = (payload: { exp?: number; iat?: number }, seconds: number) =>
  typeof payload.exp === "number" && typeof payload.iat === "number" && payload.exp - payload.iat <= seconds;

export function createAccessTokens(secret: string, now: () => number = Date.now) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(payload: AccessTokenPayload): Promise<string> {
      const issuedAt = Math.floor(now() / 1000);
      const { SignJWT } = await loadJose();
      return new SignJWT({ sid: payload.sid, admin: payload.admin, email_verified: payload.email_verified })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(payload.sub)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + accessTokenSeconds)
        .sign(key);
    },
    /** The payload of a valid, unexpired access token, or null (a builder token is not one). */
    async verify(token: string): Promise<AccessTokenPayload | null> {
      try {
        const { jwtVerify } = await loadJose();
        const { payload } = await jwtVerify(token, key, lifetimeOptions(accessTokenSeconds, now));
        if (!withinLifetime(payload, accessTokenSeconds)) return null;
        if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
        // Builder tokens are signed with the same key: their audience keeps them out of here.
        if (payload.aud !== undefined || payload.scope !== undefined) return null;
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
    /** A builder token for one item, and when it expires. */
    async signBuilder(payload: BuilderTokenPayload): Promise<{ token: string; expiresAt: string }> {
      const issuedAt = Math.floor(now() / 1000);
      const expiresAt = issuedAt + builderTokenSeconds;
      const { SignJWT } = await loadJose();
      const token = await new SignJWT({
        scope: builderAudience,
        sid: payload.sid,
        projectId: payload.projectId,
        kind: payload.kind,
        itemId: payload.itemId,
      })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(payload.sub)
        .setAudience(builderAudience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
    },
    /** The payload of a valid, unexpired builder token, or null (an access token is not one). */
    async verifyBuilder(token: string): Promise<BuilderTokenPayload | null> {
      try {
        const { jwtVerify } = await loadJose();
        const { payload } = await jwtVerify(token, key, {
          ...lifetimeOptions(builderTokenSeconds, now),
          audience: builderAudience,
        });
        if (!withinLifetime(payload, builderTokenSeconds)) return null;
        const { sub, sid, projectId, kind, itemId, scope } = payload;
        if (
          scope !== builderAudience ||
          typeof sub !== "string" ||
          typeof sid !== "string" ||
          typeof projectId !== "string" ||
          typeof itemId !== "string" ||
          !(builderKinds as readonly unknown[]).includes(kind)
        )
          return null;
        return { sub, sid, projectId, kind: kind as BuilderKind, itemId };
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
