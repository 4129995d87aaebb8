import type { ReactNode } from "react";
import { useSnapshot } from "valtio";
import { Redirect } from "wouter";
import { isAdminToken } from "../../session/access-token.ts";
import { loginHref } from "../../session/return-path.ts";
import { isSignedIn, sessionState } from "../../session/session-store.ts";

/**
 * Every /dashboard route (spec §2): signed-out visitors, or a token without admin, go to /login, which
 * brings them back to the page they asked for.
 */
export function AuthGuard({ children }: { children: ReactNode }) {
  const session = useSnapshot(sessionState);
  if (!isSignedIn(session) || !isAdminToken(session.accessToken)) {
    // The whole address: routes below may be nested, and their location would be relative.
    return <Redirect to={loginHref(window.location.pathname + window.location.search)} replace />;
  }
  return children;
}
