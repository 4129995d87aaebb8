import { isAdminToken } from "../../session/access-token.ts";
import { isSignedIn, type SessionState } from "../../session/session-store.ts";
import { agentMayOpen, staffRoleOf } from "../../session/staff-role.ts";

/**
 * Who may see the dashboard screen at `pathname` (spec §2): signed-out visitors, or a token without
 * admin, go to sign in; an agent (src/shared/team-api.ts) asking for a screen outside their work goes
 * to the inbox. The auth guard acts on it, and a page load starts a screen's code and data early only
 * when it is "open" (initial-route.ts).
 */
export function dashboardAccess(
  session: Pick<SessionState, "user" | "accessToken">,
  pathname: string,
): "open" | "sign-in" | "agent-home" {
  if (!isSignedIn(session) || !isAdminToken(session.accessToken)) return "sign-in";
  if (staffRoleOf(session.user) === "agent" && !agentMayOpen(pathname)) return "agent-home";
  return "open";
}
