import type { ApiRoute } from "../../http/api-route.ts";
import type { AuthRoutesDeps } from "./auth-routes-deps.ts";
import { captchaRoute } from "./captcha-route.ts";
import { loginRoute } from "./login-route.ts";
import { mfaRoutes } from "./mfa-routes.ts";
import { sessionRoutes } from "./session-routes.ts";

/** Signing in and out, the session's refresh, MFA and the captcha challenge (`/api/auth/...`). */
export function authRoutes(deps: AuthRoutesDeps): ApiRoute[] {
  return [loginRoute(deps), ...sessionRoutes(deps), ...mfaRoutes(deps), captchaRoute(deps)];
}
