import { loginAccountKey } from "../../auth/auth-limits.ts";
import { findUserByLogin } from "../../auth/users-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { json, jsonError } from "../../http/json-response.ts";
import type { AuthRoutesDeps } from "./auth-routes-deps.ts";

/**
 * `GET /api/auth/captcha`: a challenge to solve; `?login=` names the account about to sign in, and a
 * guarded account gets one bound to it, twice as much work per failure past the limit (up to
 * `maxAltchaLevel`).
 */
export function captchaRoute({ sql, captcha, limits, limiter }: AuthRoutesDeps): ApiRoute {
  async function captchaChallenge(request: Request): Promise<Response> {
    if (captcha.provider !== "altcha")
      return jsonError(404, `The ${captcha.provider} captcha has no challenge endpoint`);
    const name = new URL(request.url).searchParams.get("login")?.slice(0, 320) ?? "";
    let forAccount: { account: string; level: number } | undefined;
    if (name.trim() !== "") {
      const accountKey = loginAccountKey(await findUserByLogin(sql, name), name);
      const failures = await limiter.hits(accountKey);
      const excess = failures - limits.loginFailuresPerAccount.limit;
      if (excess >= 0) forAccount = { account: accountKey, level: 2 ** Math.min(excess + 1, 6) };
    }
    const challenge = await captcha.challenge(forAccount);
    if (!challenge) return jsonError(404, `The ${captcha.provider} captcha has no challenge endpoint`);
    return json(challenge);
  }

  return { method: "GET", pattern: "/api/auth/captcha", handler: captchaChallenge };
}
