import type { ReactNode } from "react";
import { useSnapshot } from "valtio";
import { Redirect } from "wouter";
import { loginHref } from "../../session/return-path.ts";
import { sessionState } from "../../session/session-store.ts";
import { agentHome } from "../../session/staff-role.ts";
import { dashboardAccess } from "./dashboard-access.ts";

/**
 * Every /dashboard route (spec §2): signed-out visitors, or a token without admin, go to /login, which
 * brings them back to the page they asked for. An agent (src/shared/team-api.ts) asking for a screen
 * outside their work goes to the inbox: the server would refuse that screen's calls anyway.
 */
export function AuthGuard({ children }: { children: ReactNode }) {
  const session = useSnapshot(sessionState);
  const access = dashboardAccess(session, window.location.pathname);
  if (access === "sign-in") {
    // The whole address: routes below may be nested, and their location would be relative.
    return <Redirect to={loginHref(window.location.pathname + window.location.search)} replace />;
  }
  if (access === "agent-home") return <Redirect to={agentHome} replace />;
  return children;
}
