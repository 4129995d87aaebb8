import type { PublicUser } from "../../shared/auth-api.ts";
import type { StaffRole } from "../../shared/team-api.ts";

/**
 * The signed-in staff member's role (src/shared/team-api.ts), as the dashboard uses it to leave out what
 * the server would refuse. A user stored by an earlier release has none: it was an admin.
 */
export function staffRoleOf(
  user: Pick<PublicUser, "role" | "staffRole"> | null | undefined,
): StaffRole | null {
  if (user?.role !== "ADMIN") return null;
  return user.staffRole ?? "admin";
}

/**
 * The screens an agent works in: the feedback inbox, conversations (with their visitors), the saved
 * replies of their projects and their own profile. Every other dashboard path leads an agent to the
 * inbox.
 */
const agentScreens = [
  "/dashboard/inbox",
  "/dashboard/conversations",
  "/dashboard/saved-replies",
  "/dashboard/profile",
];

export const agentHome = "/dashboard/inbox";

/** Whether an agent may open `path` (a dashboard path without its query). */
export function agentMayOpen(path: string): boolean {
  return agentScreens.some((screen) => path === screen || path.startsWith(`${screen}/`));
}
